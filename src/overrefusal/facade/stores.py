"""Opening the store and reading the runs it holds: listed, resolved, checked, summarised, compared and gated.

Part of :mod:`overrefusal.api`, which re-exports these names."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, cast

from ..estimate.compare import compare_runs as compare_stored_runs
from ..estimate.gate import gate_runs as gate_stored_runs
from ..estimate.summaries import summary as stored_summary
from ..results import ComparisonResult, GateOutcome, RunList, RunSummary
from ..store import Store, default_store_path


def store_path(path: str | Path | None = None) -> Path:
    """The store a command uses: ``path``, else ``$OVERREFUSAL_STORE``, else the user data directory's."""
    return Path(path) if path else default_store_path()


def open_store(path: str | Path | None = None, *, read_only: bool = False, create: bool = True) -> Store:
    """Open (or, unless ``read_only`` or ``create=False``, create) the store. Read-only commands pass
    ``read_only=True``: the file is opened with SQLite's ``mode=ro`` and never created. Commands that write to
    runs already stored pass ``create=False``: a typo in the path is an error, not a new empty store."""
    return Store(store_path(path), read_only=read_only, create=create)


def opened(
    store: Store | str | Path | None, *, read_only: bool = False, create: bool = True
) -> contextlib.AbstractContextManager[Store]:
    """``store`` as a context: a Store passed in stays open (its owner closes it); a path (or None: the
    default store) is opened here (see :func:`open_store`) and closed on leaving."""
    if isinstance(store, Store):
        return contextlib.nullcontext(store)
    return open_store(store, read_only=read_only, create=create)


def check_store(path: str | Path | None = None) -> list[str]:
    """``PRAGMA quick_check`` of the store: [] when sound, else the problems found (``runs --check``)."""
    with open_store(path, read_only=True) as store:
        return store.quick_check()


def list_runs(path: str | Path | None = None) -> RunList:
    """``overrefusal runs --json``: ``{"runs": [{run_id, created_at, status, suite, model, judge, prompts,
    judged, errors}, ...]}``, oldest first (the store is opened read-only)."""
    with open_store(path, read_only=True) as store:
        return {"runs": cast(Any, store.list_runs())}


def resolve_run_id(ref: str, *, store: Store) -> str:
    """The full id of the run ``ref`` names: an exact id, ``latest`` (the most recent run) or a unique prefix
    of an id. Every command that takes a run id resolves it here; unknown or ambiguous references are a
    UserError that lists the candidates."""
    return store.resolve_run_id(ref)


def summary(run_id: str, *, store: Store, judge: str | None = None) -> RunSummary:
    """``report RUN --json``: one stored run's summary; ``judge`` picks another judge's verdicts (one the run
    has: :func:`rejudge` adds a judge)."""
    return cast(RunSummary, stored_summary(run_id, store=store, judge=judge))


def compare_runs(store: Store, baseline: str, candidate: str, *, judge: str | None = None) -> ComparisonResult:
    """``compare --json``: the paired change from ``baseline`` to ``candidate`` (full run ids), each judged by its
    primary judge or both by ``judge``. UserError when the runs share no prompt."""
    return cast(ComparisonResult, compare_stored_runs(store, baseline, candidate, judge=judge))


def gate_runs(
    store: Store,
    baseline: str,
    candidate: str,
    *,
    max_increase: float,
    max_harmful_increase: float | None = None,
    alpha: float = 0.05,
    judge: str | None = None,
) -> GateOutcome:
    """``gate --json``: the gate's decision on two stored runs (see :mod:`overrefusal.estimate.gate`), with the
    comparison's ``warnings`` and the changes in words (``summary``), which the CLI prints instead."""
    return cast(
        GateOutcome,
        gate_stored_runs(
            store,
            baseline,
            candidate,
            max_increase=max_increase,
            max_harmful_increase=max_harmful_increase,
            alpha=alpha,
            judge=judge,
        ),
    )
