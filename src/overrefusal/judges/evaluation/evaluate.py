"""Measure a judge against human labels: the ``judge-eval`` command's engine."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...errors import UserError
from ...stats import agreement_metrics
from ...types import Completion, Judgement, Label, Prompt, Verdict
from .._base import Judge
from ..ensemble import CascadeJudge, Routing, routing_summary
from ..labels import LabelledReply, read_labelled
from ..language.abstention import count_not_judged, judge_readable


def item_for(row: LabelledReply) -> tuple[Prompt, Completion]:
    """The (prompt, completion) pair a judge sees for one labelled reply.

    The prompt's label follows XSTest: a ``contrast_*`` type is a harmful prompt, anything else benign.
    """
    label = Label.HARMFUL if row.type.startswith("contrast_") else Label.BENIGN
    return Prompt(id=row.id, text=row.prompt, label=label, type=row.type, source="labels"), Completion(text=row.reply)


async def evaluate_judge(judge: Judge, files: Sequence[Path]) -> dict[str, Any]:
    """Run ``judge`` on every labelled file and compare with the gold labels.

    Returns the DESIGN.md judge-eval object: ``{"judge": id, "overall": Metrics, "files": {name: Metrics}}``
    where each Metrics also carries ``replies_per_second`` (judge time only, file reading excluded) and
    ``ece`` (expected calibration error of the judge's confidences, 10 bins). A cascade judge's result also
    has ``cascade``: :func:`.ensemble.routing_summary` over every file, with the human labels.
    Files are keyed by file name; two files with the same name in different folders are an error.
    """
    if not files:
        raise UserError("no label files given", field="--labels")
    datasets: dict[str, list[LabelledReply]] = {}
    for f in files:
        path = Path(f)
        if path.name in datasets:
            raise UserError("two label files share this name; rename one", path=str(path))
        datasets[path.name] = read_labelled(path)

    per_file: dict[str, Any] = {}
    all_gold = []
    all_pred = []
    all_conf: list[float] = []
    all_judgements: list[Judgement] = []
    all_routing: list[Routing] = []
    routed_gold: list[Verdict] = []
    total_time = 0.0
    for name, rows in datasets.items():
        items = [item_for(r) for r in rows]
        start = time.perf_counter()
        passed: list[int] = []
        judgements = await judge_readable(judge, items, passed=passed)
        elapsed = time.perf_counter() - start
        if len(judgements) != len(items):
            raise RuntimeError(f"judge {judge.id} returned {len(judgements)} judgements for {len(items)} items")
        all_judgements.extend(judgements)
        if isinstance(judge, CascadeJudge) and passed:
            # Its routing is about the replies it was given, and only when it was given any.
            all_routing.extend(judge.routing)
            routed_gold.extend(rows[k].gold for k in passed)
        # A reply the judge abstained on is neither right nor wrong: counted apart, out of every metric.
        read = [(r.gold, j) for r, j in zip(rows, judgements) if j.verdict is not Verdict.NOT_JUDGED]
        gold = [g for g, _ in read]
        pred = [j.verdict for _, j in read]
        conf = [min(1.0, max(0.0, j.confidence)) for _, j in read]
        metrics = agreement_metrics(gold, pred, conf)
        metrics["not_judged"] = count_not_judged(judgements)
        metrics["replies_per_second"] = _rate(len(items), elapsed)
        per_file[name] = metrics
        all_gold.extend(gold)
        all_pred.extend(pred)
        all_conf.extend(conf)
        total_time += elapsed
    overall = agreement_metrics(all_gold, all_pred, all_conf)
    overall["not_judged"] = count_not_judged(all_judgements)
    overall["replies_per_second"] = _rate(len(all_judgements), total_time)
    result: dict[str, Any] = {"judge": judge.id, "overall": overall, "files": per_file}
    if isinstance(judge, CascadeJudge):
        result["cascade"] = routing_summary(all_routing, routed_gold)
    return result


async def judge_stored_replies(
    judge: Judge, items: Sequence[tuple[Prompt, Completion]], gold: Sequence[Verdict]
) -> dict[str, Any]:
    """Metrics of ``judge`` on replies already generated (a run's stored replies) against their gold labels;
    a cascade judge's also hold ``cascade`` (:func:`.ensemble.routing_summary`)."""
    start = time.perf_counter()
    passed: list[int] = []
    judgements = await judge_readable(judge, list(items), passed=passed)
    elapsed = time.perf_counter() - start
    if len(judgements) != len(items):
        raise RuntimeError(f"judge {judge.id} returned {len(judgements)} judgements for {len(items)} items")
    read = [(g, j) for g, j in zip(gold, judgements) if j.verdict is not Verdict.NOT_JUDGED]
    metrics = agreement_metrics(
        [g for g, _ in read], [j.verdict for _, j in read], [min(1.0, max(0.0, j.confidence)) for _, j in read]
    )
    metrics["not_judged"] = count_not_judged(judgements)
    metrics["replies_per_second"] = _rate(len(items), elapsed)
    if isinstance(judge, CascadeJudge):
        metrics["cascade"] = routing_summary(judge.routing if passed else [], [gold[k] for k in passed])
    return metrics


def _rate(n: int, seconds: float) -> float:
    """Items per second, rounded for display; a too-fast-to-measure run reports 0 rather than infinity."""
    return round(n / seconds, 1) if seconds > 0 else 0.0
