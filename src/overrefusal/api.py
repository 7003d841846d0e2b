"""The Python API. The CLI is a thin layer over these functions."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Sequence

from .deployment import DEFAULT_MODEL, Deployment
from .engine import ProgressCallback, RunOutcome, RunPlan, execute
from .judges import DEFAULT_JUDGE, create_judge
from .metrics import summarize_rows
from .store import Store, default_store_path
from .types import GenerationConfig, Suite


def open_store(path: str | Path | None = None) -> Store:
    return Store(path or default_store_path())


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
) -> dict[str, Any]:
    """Run (or resume) a suite against a deployment and return its summary (the JSON contract object)."""
    from .suites import load_suite

    if isinstance(suite, str):
        suite = load_suite(suite)
    suite = suite.limited(limit)
    plan = RunPlan(
        suite=suite, deployment=deployment or Deployment(DEFAULT_MODEL), generation=generation or GenerationConfig(),
        judges=[create_judge(j) for j in judges], run_id=run_id, concurrency=concurrency, use_cache=use_cache,
    )
    own = store is None
    st = store or open_store()
    try:
        outcome = asyncio.run(execute(plan, st, progress))
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
    rows = store.results(run_id, judge_id)
    out: dict[str, Any] = {
        "run_id": run.run_id,
        "status": run.status,
        "deployment": run.deployment,
        "generation": run.generation,
        "judge": judge_id,
        "suite": {"name": run.suite_name, "version": run.suite_version, "n": len(store.run_prompts(run_id))},
        "provenance": {**run.provenance, "created_at": run.created_at},
    }
    out.update(summarize_rows(rows))
    return out
