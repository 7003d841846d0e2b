"""Answer quality of a run's compliant replies to benign prompts, per category.

Only benign prompts judged full compliance are graded: a refusal has no answer to grade, and the
helpfulness of a reply to a harmful prompt is not something to reward. For each category:

* ``helpfulness``: mean 1-5 grade with a percentile bootstrap interval over the replies graded; replies
  the grader failed on or answered unreadably are counted in ``grader_errors`` and left out;
* ``verbosity``: mean length relative to the median compliant benign reply of the whole run;
* ``hedging``: mean hedging sentences per reply, and ``hedged``, the share with at least one (Wilson);
* ``repetition``: mean repeated-trigram ratio.
"""

from __future__ import annotations

import random
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from ..judges.quality import Grade, HelpfulnessGrader, hedging, repetition, verbosity
from ..stats import bootstrap_mean, wilson
from ..store import ResultRow, Store
from ..types import Label, Verdict


def compliant_benign(rows: Sequence[ResultRow]) -> list[ResultRow]:
    """Benign prompts judged full compliance, with a reply (filter blocks are refusals, never here)."""
    return [
        r
        for r in rows
        if r.prompt.label is Label.BENIGN and r.judgement.verdict is Verdict.COMPLIANCE and r.completion.ok
    ]


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def summarise(
    rows: Sequence[ResultRow], grades: Sequence[Grade], median_length: float, rng: random.Random
) -> dict[str, Any]:
    """The measures of one group of replies (``grades[i]`` belongs to ``rows[i]``)."""
    scores = [g.score for g in grades if g.score is not None]
    texts = [r.completion.text for r in rows]
    hedges = [hedging(t) for t in texts]
    return {
        "n": len(rows),
        "graded": len(scores),
        "grader_errors": sum(1 for g in grades if g.score is None),
        "helpfulness": bootstrap_mean(scores, rng).to_dict(),
        "score_counts": {str(s): scores.count(s) for s in range(1, 6)},
        "verbosity": _mean([verbosity(len(t), median_length) for t in texts]),
        "hedging": _mean([float(h) for h in hedges]),
        "hedged": wilson(sum(1 for h in hedges if h > 0), len(hedges)).to_dict(),
        "repetition": _mean([repetition(t) for t in texts]),
    }


async def assess_run(
    store: Store, run_id: str, grader: HelpfulnessGrader, *, limit: int | None = None, seed: int = 0
) -> dict[str, Any]:
    """Grade a run's compliant benign replies (the first ``limit`` of them) and summarise per category.

    Returns the ``quality --json`` object: ``run_id``, ``grader``, ``median_length``, ``overall`` and
    ``by_category`` (each as :func:`summarise`), ``examples`` (a few unreadable grader answers).
    """
    run = store.require_run(run_id)
    all_rows = compliant_benign(store.results(run_id))
    # The median comes from every compliant benign reply of the run, not only the graded sample, so
    # that --limit does not move the yardstick.
    median = float(statistics.median([len(r.completion.text) for r in all_rows])) if all_rows else 0.0
    rows = all_rows[:limit] if limit is not None else all_rows
    grades = await grader.grade([(r.prompt.text, r.completion.text) for r in rows])
    rng = random.Random(seed)
    by_cat: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(rows):
        by_cat[r.prompt.category or "(none)"].append(i)
    return {
        "run_id": run_id,
        "judge": run.judge_id,
        "grader": f"{grader.id}:{grader.backend.model_id}",
        "median_length": median,
        "compliant_benign": len(all_rows),
        "overall": summarise(rows, grades, median, rng),
        "by_category": {
            cat: summarise([rows[i] for i in idx], [grades[i] for i in idx], median, rng)
            for cat, idx in sorted(by_cat.items())
        },
        "examples": [
            {"prompt_id": rows[i].prompt.id, "error": g.error} for i, g in enumerate(grades) if g.score is None
        ][:5],
    }
