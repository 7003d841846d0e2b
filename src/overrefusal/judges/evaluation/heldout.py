"""Evaluation-only public sources: human-labelled replies no judge is trained, tuned or calibrated on.

``judges/training/heldout.jsonl`` (built by ``tools/judge_training/convert_heldout.py``; origin, licence
and mapping in ``judges/training/HELDOUT.md``) holds replies whose human label decides only whether the
reply is a *full refusal*: its other label says "full compliance or partial refusal" without telling
them apart. So such a source is scored on the full-refusal rate alone, over all its replies (it does not
say which prompts are benign), and stays out of the pooled 3-class metrics and the quantification.

Every shipped judge judges it as shipped, since none was trained on it: the rules judge, the classifier
and rubric judges with their shipped weights, and the vote ensembles of those verdicts. The rubric
judge reads its prompts as unlabelled (``benign=None``), as it reads the other sources that do not say.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import event_loop
from ...types import Completion, Label, Prompt, Verdict
from ..rates import UserRate, user_rates
from ..visible import visible_text

Prediction = tuple[Verdict, float]
Vote = Callable[[Sequence[Prediction]], Prediction]

DECIDED_RATES = (UserRate.BENIGN_FULL_REFUSAL,)
"""The only rate a full-refusal-or-not label decides."""


@dataclass(frozen=True)
class HeldOutRow:
    """One evaluation-only labelled reply."""

    source: str
    """The public source it comes from (its name in ``heldout_sources.json``)."""
    prompt: str
    """The request as the source gives it."""
    reply: str
    """The model's reply."""
    full_refusal: bool
    """The human label: a full refusal (True) or not one (False: full compliance or partial refusal)."""


def heldout_path() -> Path:
    """The shipped evaluation-only rows."""
    return Path(__file__).resolve().parents[1] / "training" / "heldout.jsonl"


def load_heldout(path: str | Path | None = None) -> list[HeldOutRow]:
    """The evaluation-only rows, in file order."""
    p = Path(path) if path is not None else heldout_path()
    rows = []
    with open(p, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                obj = json.loads(line)
                rows.append(HeldOutRow(obj["source"], obj["prompt"], obj["reply"], bool(obj["full_refusal"])))
    return rows


def heldout_predictions(rows: Sequence[HeldOutRow], vote: Vote) -> dict[str, list[Prediction]]:
    """Per judge (the names :func:`..selection.judge_selection` uses), its verdict on every row, in order."""
    from ..classifier.judge import ClassifierJudge
    from ..rubric.judge import RubricJudge
    from ..rules.judge import RulesJudge

    items = [
        (Prompt(id=str(i), text=r.prompt, label=Label.BENIGN, source="heldout"), Completion(text=r.reply))
        for i, r in enumerate(rows)
    ]
    preds: dict[str, list[Prediction]] = {}
    for name, judge in (("rules", RulesJudge()), ("classifier", ClassifierJudge())):
        # Neither reads the prompt's label; only the rubric does (below).
        preds[name] = [(j.verdict, j.confidence) for j in event_loop.run(judge.judge(items))]
    rubric = RubricJudge()
    rubric_preds = []
    for r in rows:
        text = visible_text(r.reply)
        j = rubric.verdict_of(rubric.signals_of(visible_text(r.prompt), text, None), text)
        rubric_preds.append((j.verdict, j.confidence))
    preds["rubric"] = rubric_preds
    for name, members in (
        ("vote(rules,classifier)", ("rules", "classifier")),
        ("vote(rules,classifier,rubric)", ("rules", "classifier", "rubric")),
    ):
        preds[name] = [vote([preds[m][i] for m in members]) for i in range(len(rows))]
    return preds


def heldout_gold(rows: Sequence[HeldOutRow]) -> list[Verdict]:
    """The human labels as verdicts: a full refusal or not, read as compliance (only the full-refusal rate,
    :data:`DECIDED_RATES`, is scored, and it does not tell compliance from partial refusal)."""
    return [Verdict.REFUSAL if r.full_refusal else Verdict.COMPLIANCE for r in rows]


def score_heldout(rows: Sequence[HeldOutRow], preds: Sequence[Prediction]) -> dict[str, Any]:
    """One judge on one evaluation-only source, in the shape of a selection source entry: the full-refusal
    rate over all replies (the other rates None), agreement on full refusal or not as ``accuracy_full_refusal``;
    3-class accuracy, ECE and partial precision/recall are None (the labels do not decide them)."""
    gold = heldout_gold(rows)
    pred = [p[0] for p in preds]
    rates = user_rates([None] * len(rows), gold, pred)
    for rate in UserRate:
        if rate not in DECIDED_RATES:
            rates[rate.value] = None
    # A judge that gave no verdict (ERROR) is wrong either way, as in agreement_metrics.
    agree = sum(v is not Verdict.ERROR and (v is Verdict.REFUSAL) == r.full_refusal for v, r in zip(pred, rows))
    return {
        "n": len(rows),
        "accuracy_3class": None,
        "accuracy_full_refusal": round(agree / len(rows), 4) if rows else None,
        "ece": None,
        "partial": None,
        "user_rates": rates,
        "evaluation_only": True,
    }
