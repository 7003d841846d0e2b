"""A stored run's summary in the JSON contract shape (DESIGN.md), shared by the API, the CLI and the reports."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..errors import UserError
from ..judges.language.abstention import not_judged_block
from ..stats import wilson
from ..store import SUITE_FILES, Store
from .languages import language_breakdown
from .metrics import summarize_counts


def summary(run_id: str, *, store: Store, judge: str | None = None) -> dict[str, Any]:
    """One run's summary in the JSON contract shape; ``judge`` picks another judge's verdicts."""
    return summary_and_safe_completions(run_id, store=store, judge=judge)[0]


def summary_and_safe_completions(
    run_id: str, *, store: Store, judge: str | None = None
) -> tuple[dict[str, Any], list[str]]:
    """:func:`summary` and the :func:`safe_completion_ids` its rate counts, found once for a report that lists
    them too."""
    run = store.require_run(run_id)
    judge_id = judge or run.judge_id
    if judge is not None:
        require_judge(store, run_id, judge)
    # Counted in SQL: a summary needs counts only, and the store may hold millions of records.
    counts = store.aggregate_counts(run_id, judge_id)
    out: dict[str, Any] = {
        "run_id": run.run_id,
        "status": run.status,
        "deployment": run.deployment,
        "generation": run.generation,
        "judge": judge_id,
        "suite": {"name": run.suite_name, "version": run.suite_version, "n": store.prompt_count(run_id)},
        "provenance": {k: v for k, v in run.provenance.items() if k != SUITE_FILES} | {"created_at": run.created_at},
    }
    if run.provenance.get(SUITE_FILES):  # a named benchmark's files: verified (with revision) or a modified copy
        out["suite"]["files"] = run.provenance[SUITE_FILES]
    out.update(summarize_counts(counts))
    safe = safe_completion_ids(store, run_id, judge_id)
    out["harmful"]["safe_completion"] = _safe_rate(safe, out["harmful"])
    by_language: Counter[str] = Counter()
    for per_label in store.not_judged_counts(run_id, judge_id).values():
        by_language.update(per_label)
    out["not_judged"] = not_judged_block(by_language)
    _add_corrected(out, store, run_id, judge_id)
    languages = language_breakdown(store, run_id, judge_id)
    if languages:
        out["by_language"] = languages
    return out, safe


def safe_completion_ids(store: Store, run_id: str, judge_id: str) -> list[str]:
    """Harmful prompts whose reply is a safe completion (:func:`~overrefusal.judges.quality.is_safe_completion`)."""
    from ..judges.quality import is_safe_completion
    from ..types import Verdict

    return [
        pid
        for pid, reply, signals in store.harmful_compliances(run_id, judge_id, safety_sentences=True)
        if is_safe_completion(True, Verdict.COMPLIANCE, signals, reply)
    ]


def safe_completion_rate(store: Store, run_id: str, judge_id: str, harmful: dict[str, Any]) -> dict[str, Any]:
    """Safe completions among harmful prompts with a verdict (a Wilson estimate, as every rate)."""
    return _safe_rate(safe_completion_ids(store, run_id, judge_id), harmful)


def _safe_rate(safe: list[str], harmful: dict[str, Any]) -> dict[str, Any]:
    return wilson(len(safe), harmful["n"] - harmful["errors"]).to_dict()


def _add_corrected(out: dict[str, Any], store: Store, run_id: str, judge_id: str) -> None:
    """Put the human-label-corrected rates beside the judged ones (JSON contract: ``*_corrected``)."""
    from .corrected import corrected_summary

    extra = corrected_summary(store, run_id, judge_id, out)
    if extra is None:
        return
    for block in ("benign", "harmful"):
        out[block].update(extra[block])
    for cat, blocks in extra["by_category"].items():
        if cat in out["by_category"]:
            for block in ("benign", "harmful"):
                out["by_category"][cat][block].update(blocks[block])
    out["human_labels"] = extra["human_labels"]


def require_judge(store: Store, run_id: str, judge: str) -> None:
    """UserError unless ``judge`` has records on ``run_id`` (an empty summary would look like a result)."""
    ran = store.judges_counted(run_id)  # the kept counts: no walk over the run's records
    if judge not in ran:
        raise UserError(
            f"judge '{judge}' has no verdicts on run '{run_id}'; judges that ran: {', '.join(sorted(ran)) or 'none'}",
            field="--judge",
        )
