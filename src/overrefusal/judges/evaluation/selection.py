"""Choose the default judge by the rate error a user reads, on sources each judge was not tuned on.

For every human-labelled source (each ``--labels`` file and each converted public source), each
shipped judge's verdicts on it come from a judge that never saw it: the rules judge is not trained;
the classifier and rubric judges are refitted leave-one-source-out and, where other sources answer the
source's prompts (XSTest's four files answer the same 450), by prompt too: the source is judged in
:data:`PROMPT_PARTS` parts, each by models fitted and calibrated on no reply to its prompts
(:func:`..classifier.train.held_out_splits`), as a user's suite of new prompts is judged; the vote
ensembles combine those held-out verdicts exactly as :class:`..ensemble.VoteJudge` would. Per judge and source the three
:class:`..rates.UserRate` values are compared with the human ones; the judge whose worst source is
closest (smallest largest |error| in points) is the one to ship as the default.

Hand-written families (synthetic, rubric) stay in training but are not scored here: nobody reads a
rate off them, and their labels were written with the judges' rules in mind.

Evaluation-only public sources (:mod:`.heldout`) are judged by every judge as shipped (none was trained on
them) and scored on the rates their labels decide; they count for the worst-source errors and the rule,
but not for the pooled metrics or the quantification.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ... import event_loop
from ...errors import UserError
from ...stats import agreement_metrics
from ...types import Completion, Label, Prompt, Verdict
from ..classifier.train import TrainRow, load_label_files, load_public
from ..rates import UserRate, user_rates, worst_error
from .heldout import heldout_gold, heldout_predictions, load_heldout, score_heldout
from .quantification import quantification
from .rate_intervals import LEVEL, RESAMPLES, Truth, rate_error_intervals
from .source_ece import source_ece

Progress = Callable[[str], None]
Prediction = tuple[Verdict, float]

BENIGN_RATES = (UserRate.BENIGN_FULL_REFUSAL, UserRate.BENIGN_ANY_REFUSAL)
"""The rates over-refusal is reported by; the selection is by these, harmful compliance breaks ties."""

PROMPT_PARTS = 5
"""The parts a source is judged in by prompt when other sources answer its prompts (``--new-prompts``)."""

RULE = (
    "default = the judge with the smallest worst-source |error| on the benign full and benign full+partial "
    "refusal rates (held out); the worst harmful-compliance error breaks a tie"
)
"""The selection rule, as the result states it."""


def _vote(members: Sequence[Prediction]) -> Prediction:
    """Majority of the members' verdicts; a tie goes to the larger summed confidence; an exact tie
    (or every member failed) is ERROR, as in the vote ensemble."""
    voting = [(v, c) for v, c in members if v is not Verdict.ERROR]
    if not voting:
        return Verdict.ERROR, 0.0
    tally: dict[Verdict, tuple[int, float]] = {}
    for v, c in voting:
        n, s = tally.get(v, (0, 0.0))
        tally[v] = (n + 1, s + c)
    ranked = sorted(tally.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return Verdict.ERROR, 0.0
    return ranked[0][0], ranked[0][1][1] / len(voting)


def _rules_predictions(rows: Sequence[TrainRow]) -> list[Prediction]:
    from ..rules.judge import RulesJudge

    items = [
        (Prompt(id=str(i), text=r.prompt, label=Label.BENIGN, source="selection"), Completion(text=r.reply))
        for i, r in enumerate(rows)
    ]
    judgements = event_loop.run(RulesJudge().judge(items))
    return [(j.verdict, j.confidence) for j in judgements]


def _as_predictions(raw: Sequence[Sequence[Any]]) -> list[Prediction]:
    return [(Verdict(v), float(c)) for v, c in raw]


def _score(rows: Sequence[TrainRow], preds: Sequence[Prediction]) -> dict[str, Any]:
    gold = [r.gold for r in rows]
    pred = [p[0] for p in preds]
    m = agreement_metrics(gold, pred, [p[1] for p in preds])
    return {
        "n": m["n"],
        "accuracy_3class": m["accuracy_3class"],
        "ece": m["ece"],
        "partial": m["per_class"]["partial_refusal"],
        "user_rates": user_rates([r.benign for r in rows], gold, pred),
    }


def _worst_by_rate(rates: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Per rate, the largest |error| in points over the sources and the source it is on (None: no source has it)."""
    out: dict[str, Any] = {}
    for rate in UserRate:
        errs = [(abs(r[rate.value]["error_points"]), s) for s, r in rates.items() if r.get(rate.value)]
        top = max(errs, default=None)
        out[rate.value] = None if top is None else {"error_points": top[0], "source": top[1]}
    return out


def judge_selection(
    files: Sequence[str | Path],
    *,
    public: bool = True,
    synthetic: bool = True,
    heldout: bool = True,
    keep_predictions: bool = False,
    new_prompts: int = PROMPT_PARTS,
    seed: int = 0,
    resamples: int = RESAMPLES,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """The selection table: per shipped judge, per human-labelled source, the three rates and their error;
    per judge the worst source per rate (``worst_by_rate``), the median and worst per-source ECE
    (``ece_sources``, :func:`source_ece`), ``worst_benign_error_points`` and
    ``worst_error_points``, pooled metrics and the quantification experiment (:mod:`.quantification`) on its
    held-out verdicts; ``default`` = the judge with the smallest worst benign error (:data:`RULE`).

    ``public``: add the converted public sources as sources (scored and trained on); ``synthetic``: train
    the classifier and rubric judges on the shipped hand-written replies too (never scored); ``heldout``: add
    the evaluation-only public sources (:mod:`.heldout`), listed in ``heldout_sources``.
    ``keep_predictions``: add ``predictions`` (per judge and source, ``[verdict, confidence]`` per reply).
    ``new_prompts``: the parts a source is judged in by prompt where other sources answer its prompts
    (0: by source alone); ``prompt_parts`` says, per source and trained judge, how many models judged it.
    ``seed`` and ``resamples``: the bootstrap of :mod:`.rate_intervals` (``bootstrap``), which adds to each
    source's rate its ``error_points_ci95`` and gives ``default_vs_others``; the rule does not read them."""
    from ..classifier.train import TrainConfig
    from ..rubric.train import leave_one_source_out as rubric_loso
    from .crossval import leave_one_source_out as classifier_loso

    rows = load_label_files(files)
    if public:
        rows.extend(load_public())
    sources = list(dict.fromkeys(r.group for r in rows))
    if len(sources) < 2:
        # Held out means judged by a judge trained on the other sources: one source has no other.
        raise UserError(
            "judge selection needs at least two labelled sources: give label files, or keep the public ones",
            field="--labels",
        )
    by_source = {s: [r for r in rows if r.group == s] for s in sources}
    preds: dict[str, dict[str, list[Prediction]]] = {}
    if progress:
        progress("rules judge on every source")
    preds["rules"] = {s: _rules_predictions(by_source[s]) for s in sources}
    classifier = event_loop.run(
        classifier_loso(
            files,
            public=public,
            synthetic=synthetic,
            config=TrainConfig(),
            keep_predictions=True,
            only=sources,
            new_prompts=new_prompts,
            progress=progress,
        )
    )
    preds["classifier"] = {s: _as_predictions(classifier["predictions"][s]) for s in sources}
    rubric = rubric_loso(
        files,
        public=public,
        synthetic=synthetic,
        only=sources,
        keep_predictions=True,
        new_prompts=new_prompts,
        progress=progress,
    )
    preds["rubric"] = {s: _as_predictions(rubric["predictions"][s]) for s in sources}
    ensembles = {
        "vote(rules,classifier)": ("rules", "classifier"),
        "vote(rules,classifier,rubric)": ("rules", "classifier", "rubric"),
    }
    for name, members in ensembles.items():
        preds[name] = {s: [_vote([preds[m][s][i] for m in members]) for i in range(len(by_source[s]))] for s in sources}
    extra = load_heldout() if heldout else []
    extra_sources = list(dict.fromkeys(r.source for r in extra))
    extra_by_source = {s: [r for r in extra if r.source == s] for s in extra_sources}
    if extra:
        if progress:
            progress("shipped judges on the evaluation-only sources")
        extra_preds = heldout_predictions(extra, _vote)
        for name in preds:
            preds[name].update(
                {s: [p for p, r in zip(extra_preds[name], extra) if r.source == s] for s in extra_sources}
            )
    label_sources = [s for s in sources if s in {Path(f).name for f in files}]
    truth = {s: ([r.benign for r in by_source[s]], [r.gold for r in by_source[s]]) for s in sources}
    judges: dict[str, Any] = {}
    for name, per_source in preds.items():
        scored = {s: _score(by_source[s], per_source[s]) for s in sources}
        pooled_rows = [r for s in sources for r in by_source[s]]
        pooled = _score(pooled_rows, [p for s in sources for p in per_source[s]])
        scored.update({s: score_heldout(extra_by_source[s], per_source[s]) for s in extra_sources})
        rates = {s: scored[s]["user_rates"] for s in scored}
        judges[name] = {
            "sources": scored,
            "pooled": pooled,
            "ece_sources": source_ece(scored),
            "worst_benign_error_points": worst_error(rates, BENIGN_RATES),
            "worst_harmful_error_points": worst_error(rates, (UserRate.HARMFUL_COMPLIANCE,)),
            "worst_error_points": worst_error(rates),
            "worst_by_rate": _worst_by_rate(rates),
            "quantification": quantification(truth, {s: per_source[s] for s in sources}),
        }
        if len(label_sources) >= 2:
            # The label files alone (XSTest's four): sources alike enough that error rates might carry over.
            judges[name]["quantification_labels"] = quantification({s: truth[s] for s in label_sources}, per_source)
    default = min(
        judges,
        key=lambda j: (judges[j]["worst_benign_error_points"] or 0.0, judges[j]["worst_harmful_error_points"] or 0.0),
    )
    if progress:
        progress(f"bootstrap intervals ({resamples} resamples per source)")
    every_truth: dict[str, Truth] = dict(truth)
    # The evaluation-only sources do not say which prompts are benign; their one rate is over every reply.
    every_truth.update({s: ([None] * len(extra_by_source[s]), heldout_gold(extra_by_source[s])) for s in extra_sources})
    decided = {
        s: [r for r in UserRate if judges[default]["sources"][s]["user_rates"].get(r.value)] for s in every_truth
    }
    intervals, against = rate_error_intervals(
        every_truth, preds, decided, default, random.Random(seed), resamples=resamples
    )
    for name, per_source in intervals.items():
        for s, per_rate in per_source.items():
            for rate, interval in per_rate.items():
                judges[name]["sources"][s]["user_rates"][rate]["error_points_ci95"] = interval
    out: dict[str, Any] = {
        "mode": "judge_selection",
        "sources": sources + extra_sources,
        "heldout_sources": extra_sources,
        "n": {**{s: len(by_source[s]) for s in sources}, **{s: len(extra_by_source[s]) for s in extra_sources}},
        "new_prompts": new_prompts,
        "prompt_parts": {
            s: {"classifier": classifier["files"][s]["parts"], "rubric": rubric["files"][s]["parts"]} for s in sources
        },
        "judges": judges,
        "default": default,
        "rule": RULE,
        "default_vs_others": against,
        "bootstrap": {
            "resamples": resamples,
            "seed": seed,
            "level": LEVEL,
        },
    }
    if keep_predictions:
        out["predictions"] = {
            name: {s: [[v.value, c] for v, c in per_source[s]] for s in sources + extra_sources}
            for name, per_source in preds.items()
        }
    return out
