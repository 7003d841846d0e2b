"""Merge Parquet shards of results (written by runs on Ray) into the store, with the store's guarantees.

A shard holds one row per (run, prompt, judge): the completion (or the id of a completion the store
already had) and the judgement. Ingesting follows the same rules as a local run:

* a record that is already final (any verdict but ERROR) is never replaced, so resuming cannot undo work;
* an ERROR record is replaced by what the shard has (a retry);
* ingesting is idempotent: every generated completion carries a worker-given ``completion_uid``, remembered
  in the ``ingested_completions`` table, so a shard ingested twice (a crash between ingest and cleanup, a
  retried job) adds no completion and no record the second time.

pyarrow is needed only to read Parquet files (the ``ray`` extra installs it); rows as dicts work without it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import MissingDependency, UserError
from ..guards.sanitize import clean_completion, clean_judgement
from ..types import Completion, Judgement, StyleSignals, Usage, Verdict
from .store import Store

SHARD_COLUMNS: tuple[tuple[str, str], ...] = (
    ("run_id", "string"),
    ("prompt_id", "string"),
    ("judge_id", "string"),
    ("cache_key", "string"),
    ("completion_uid", "string"),  # null when the completion came from the store (cached_completion_id)
    ("cached_completion_id", "int64"),  # null for a new generation
    ("text", "string"),
    ("model_text", "string"),
    ("finish_reason", "string"),
    ("prompt_tokens", "int64"),
    ("completion_tokens", "int64"),
    ("latency_s", "float64"),
    ("error", "string"),
    ("blocked_by", "string"),
    ("verdict", "string"),
    ("confidence", "float64"),
    ("evidence_json", "string"),
    ("signals_json", "string"),
    ("judge_error", "string"),
    ("unread_language", "string"),  # for a not_judged verdict; absent from shards written before it existed
)
"""The shard schema: column name and Arrow type. Every column is nullable."""


def shard_schema() -> Any:
    """The shard schema as a ``pyarrow.Schema`` (so that all-null columns keep their types)."""
    pa = _pyarrow()
    return pa.schema([(name, getattr(pa, kind)()) for name, kind in SHARD_COLUMNS])


def _pyarrow() -> Any:
    try:
        import pyarrow
    except ImportError as exc:
        raise MissingDependency("reading and writing Parquet shards", "ray", "pyarrow") from exc
    return pyarrow


@dataclass
class IngestReport:
    """What one ingest did."""

    rows: int = 0
    """Shard rows read."""
    completions_added: int = 0
    """New completions stored (0 when the shard was ingested before)."""
    results_written: int = 0
    """Records inserted, or ERROR records replaced."""
    skipped: int = 0
    """Rows whose record was already final, or identical to the stored one."""
    errors: int = 0
    """Of the written records, how many are ERROR."""
    generated_uids: set[str] = field(default_factory=set)
    """The completion uids the rows carried (new generations of the invocation that wrote them)."""

    def add(self, other: IngestReport) -> None:
        self.rows += other.rows
        self.completions_added += other.completions_added
        self.results_written += other.results_written
        self.skipped += other.skipped
        self.errors += other.errors
        self.generated_uids |= other.generated_uids


def _opt(v: Any) -> Any:
    """None for nulls, including the NaN pandas uses for a missing number."""
    if v is None or (isinstance(v, float) and v != v):
        return None
    return v


def ingest_rows(
    store: Store,
    rows: Iterable[Mapping[str, Any]],
    *,
    source: str = "<rows>",
    scrub: Callable[[str], str] | None = None,
) -> IngestReport:
    """Ingest shard rows (dicts with the :data:`SHARD_COLUMNS`) in one transaction: all or nothing.
    Values from workers are made safe as the local engine makes them (valid text, counts in range, the keys
    scrubbed by ``scrub``)."""
    report = IngestReport()
    # What the store has is looked up for the shard's own rows, one at a time (by primary key), and what this
    # shard writes is kept beside it: reading every prompt, uid and record of the run for each shard made the
    # driver's memory grow with the run (and its time with the square of it).
    states: dict[tuple[str, str, str], tuple[str, int, bool] | None] = {}
    known: dict[tuple[str, str], int] = {}
    runs: set[str] = set()
    members: set[tuple[str, str]] = set()
    with store.transaction():
        for i, row in enumerate(rows):
            report.rows += 1
            run_id, prompt_id, judge_id = str(row["run_id"]), str(row["prompt_id"]), str(row["judge_id"])
            if run_id not in runs:
                store.require_run(run_id)
                runs.add(run_id)
            if (run_id, prompt_id) not in members:
                if not store.has_prompt(run_id, prompt_id):
                    raise UserError(f"row {i}: prompt '{prompt_id}' is not part of run '{run_id}'", path=source)
                members.add((run_id, prompt_id))
            try:
                verdict = Verdict(row["verdict"])
            except ValueError:
                raise UserError(f"row {i}: unknown verdict {row['verdict']!r}", path=source) from None
            key = (run_id, judge_id, prompt_id)
            if key not in states:
                states[key] = store.result_state(run_id, judge_id, prompt_id)
            uid = _opt(row.get("completion_uid"))
            if uid:
                report.generated_uids.add(str(uid))
            current = states[key]
            cached_id = _opt(row.get("cached_completion_id"))
            if current is not None and current[0] != Verdict.ERROR.value:
                report.skipped += 1  # final records are never replaced (resume semantics)
                continue
            stored_uid = None
            if uid and cached_id is None:
                stored_uid = known.get((run_id, str(uid)))
                if stored_uid is None:
                    stored_uid = store.ingested_completion_id(str(uid), run_id)
            if cached_id is not None:
                cid = int(cached_id)
            elif stored_uid is not None:
                cid = stored_uid
            elif uid:
                completion = clean_completion(
                    Completion(
                        text=str(row.get("text") or ""),
                        model_text=_opt(row.get("model_text")),
                        finish_reason=str(row.get("finish_reason") or ""),
                        usage=Usage(_opt(row.get("prompt_tokens")) or 0, _opt(row.get("completion_tokens")) or 0),
                        latency_s=_opt(row.get("latency_s")) or 0.0,
                        error=_opt(row.get("error")),
                        blocked_by=_opt(row.get("blocked_by")),
                    ),
                    scrub,
                )
                cid = store.add_ingested_completion(str(uid), run_id, str(row["cache_key"]), completion)
                known[(run_id, str(uid))] = cid
                report.completions_added += 1
            else:
                raise UserError(f"row {i}: neither completion_uid nor cached_completion_id is set", path=source)
            if current is not None and current[1] == cid and current[0] == verdict.value:
                report.skipped += 1  # the same ERROR record again: nothing to do
                continue
            signals = json.loads(row.get("signals_json") or "{}")
            judgement = clean_judgement(
                Judgement(
                    verdict=verdict,
                    confidence=float(_opt(row.get("confidence")) or 0.0),
                    judge=judge_id,
                    evidence=tuple(json.loads(row.get("evidence_json") or "[]")),
                    signals=StyleSignals(**signals),
                    error=_opt(row.get("judge_error")),
                    language=str(_opt(row.get("unread_language")) or ""),
                ),
                scrub,
            )
            store.put_result(run_id, prompt_id, cid, judgement)
            states[key] = (verdict.value, cid, _opt(row.get("error")) is not None)
            report.results_written += 1
            report.errors += verdict is Verdict.ERROR
    return report


def ingest_table(
    store: Store, table: Any, *, source: str = "<table>", scrub: Callable[[str], str] | None = None
) -> IngestReport:
    """Ingest a ``pyarrow.Table`` in the shard schema."""
    return ingest_rows(store, table.to_pylist(), source=source, scrub=scrub)


def ingest_parquet(
    store: Store,
    paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    scrub: Callable[[str], str] | None = None,
) -> IngestReport:
    """Ingest Parquet shard files, or every ``*.parquet`` under a directory, one transaction per file, in
    name order. Safe to call again on the same files."""
    _pyarrow()  # a clear MissingDependency before anything else
    import pyarrow.parquet as pq

    items = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    files: list[Path] = []
    for item in items:
        p = Path(item)
        if p.is_dir():
            files.extend(sorted(p.rglob("*.parquet")))
        elif p.is_file():
            files.append(p)
        else:
            raise UserError("no such shard file or directory", path=str(p))
    report = IngestReport()
    for f in files:
        try:
            table = pq.read_table(f)
        except Exception as exc:  # noqa: BLE001 - pyarrow raises several types for a damaged file
            raise UserError(f"cannot read the Parquet shard: {type(exc).__name__}: {exc}", path=str(f)) from None
        report.add(ingest_table(store, table, source=str(f), scrub=scrub))
    return report
