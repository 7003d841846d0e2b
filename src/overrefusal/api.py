"""The Python API. The CLI is a thin layer over these functions."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Sequence

from .deployment import DEFAULT_MODEL, Deployment
from .engine import ProgressCallback, RunOutcome, RunPlan, execute
from .judges import DEFAULT_JUDGE, create_judge
from .languages import language_breakdown
from .metrics import summarize_counts
from .errors import UserError
from .safe_files import check_output_path
from .store import Store, default_store_path
from .types import GenerationConfig, Suite

__all__ = ["check_output_path", "check_store", "open_store", "outcome_dict", "require_judge", "run", "store_path", "summary"]


def store_path(path: str | Path | None = None) -> Path:
    """The store a command uses: ``path``, else ``$OVERREFUSAL_STORE``, else the user data directory's."""
    return Path(path) if path else default_store_path()


def open_store(path: str | Path | None = None, *, read_only: bool = False) -> Store:
    """Open (or, unless ``read_only``, create) the store. Read-only commands pass ``read_only=True``: the
    file is opened with SQLite's ``mode=ro`` and never created."""
    return Store(store_path(path), read_only=read_only)


def check_store(path: str | Path | None = None) -> list[str]:
    """``PRAGMA quick_check`` of the store: [] when sound, else the problems found (``runs --check``)."""
    with open_store(path, read_only=True) as store:
        return store.quick_check()


def run(
    suite: Suite | str = "core",
    deployment: Deployment | None = None,
    *,
    generation: GenerationConfig | None = None,
    judges: Sequence[str] = (DEFAULT_JUDGE,),
    run_id: str | None = None,
    limit: int | None = None,
    concurrency: int = 4,
    use_cache: bool = True,
    store: Store | None = None,
    progress: ProgressCallback | None = None,
    rpm: float | None = None,
    tpm: float | None = None,
    batch_size: int = 32,
    engine: str = "local",
    languages: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Run (or resume) a suite against a deployment and return its summary (the JSON contract object).

    ``rpm``/``tpm`` cap requests and tokens per minute; ``batch_size`` is the chunk size for backends
    with ``generate_batch``; ``engine`` is ``local`` (this process) or ``ray`` (a Ray cluster: RAY_ADDRESS,
    else a local one). ``languages``: language codes to keep (``("all",)`` keeps every prompt; None is the
    suite's default, see :mod:`overrefusal.suites.languages`), applied before ``limit``."""
    from .suites import load_suite, select_languages

    if isinstance(suite, str):
        suite = load_suite(suite)
    suite = select_languages(suite, languages).limited(limit)
    plan = RunPlan(
        suite=suite, deployment=deployment or Deployment(DEFAULT_MODEL), generation=generation or GenerationConfig(),
        judges=[create_judge(j) for j in judges], run_id=run_id, concurrency=concurrency, use_cache=use_cache,
        rpm=rpm, tpm=tpm, batch_size=batch_size,
    )
    own = store is None
    st = store or open_store()
    try:
        if engine == "ray":
            from .distributed.ray_engine import execute_on_ray

            outcome = execute_on_ray([plan], st, progress=progress)[0]
        elif engine == "local":
            outcome = asyncio.run(execute(plan, st, progress))
        else:
            raise UserError(f"unknown engine '{engine}': expected local or ray", field="--engine")
        result = summary(outcome.run_id, store=st)
        result["this_invocation"] = outcome_dict(outcome)
        return result
    finally:
        if own:
            st.close()


def outcome_dict(o: RunOutcome) -> dict[str, Any]:
    return {"generated": o.generated, "from_cache": o.from_cache, "judged": o.judged, "errors": o.errors,
            "already_done": o.already_done}


def summary(run_id: str, *, store: Store, judge: str | None = None) -> dict[str, Any]:
    """One run's summary in the JSON contract shape."""
    run = store.require_run(run_id)
    judge_id = judge or run.judge_id
    if judge is not None:
        require_judge(store, run_id, judge)
    # Counted in SQL: a summary needs counts only, and the store may hold millions of records.
    counts = store.aggregate_counts(run_id, judge_id)
    n_prompts = next(store.iter_rows("SELECT COUNT(*) FROM run_prompts WHERE run_id = ?", (run_id,)))[0]
    out: dict[str, Any] = {
        "run_id": run.run_id,
        "status": run.status,
        "deployment": run.deployment,
        "generation": run.generation,
        "judge": judge_id,
        "suite": {"name": run.suite_name, "version": run.suite_version, "n": n_prompts},
        "provenance": {**run.provenance, "created_at": run.created_at},
    }
    out.update(summarize_counts(counts))
    by_language = language_breakdown(store, run_id, judge_id)
    if by_language:
        out["by_language"] = by_language
    return out


def require_judge(store: Store, run_id: str, judge: str) -> None:
    """UserError unless ``judge`` has records on ``run_id`` (an empty summary would look like a result)."""
    ran = store.judges_of(run_id)
    if judge not in ran:
        raise UserError(f"judge '{judge}' has no verdicts on run '{run_id}'; judges that ran: "
                        f"{', '.join(sorted(ran)) or 'none'}", field="--judge")
