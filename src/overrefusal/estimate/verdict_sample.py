"""The labelling sample stratified by the judge's verdict (``label --strategy verdict``, the default).

At the over-refusal rates of current models (0-7% of benign prompts) the rate is decided by the few replies
the judge calls refusals, and much of the judge's error is in them (false alarms, partial verdicts on full
answers). So every benign reply judged a refusal or partial is labelled (up to the budget), each other
stratum gets at least two labels, and the rest of the budget goes by Neyman allocation (size times the
standard deviation of a label there) to the other strata.

Where the error rates come from: the run itself, with no table fixed in advance. A stratum's expected share
of replies a person would label otherwise is the mean of ``1 - confidence`` of the judge's verdicts in it,
never below :data:`MIN_DISAGREEMENT` (judges are over-confident on replies unlike their training data: the
project measured a held-out calibration error of 0.035-0.088). They only steer where labels go: wrong ones
cost precision, never validity, since each stratum is sampled uniformly and estimated on its own.

Weights: the benign over-refusal rate is what a report leads with and what labels must pin down at low
rates, so the harmful strata's Neyman weights are multiplied by :data:`HARMFUL_WEIGHT` (they keep their two
labels each; their corrected rate is reported with the width those labels give). Measured with
``bench/label_coverage.py``.

Within each stratum the sample is a prefix of the seed's fixed order (:func:`.sample_designs.uniform_order`), so
it is uniform there whatever the allocation, and a larger ``--n`` extends it by taking further prompts of
each stratum's order. The estimator is :func:`overrefusal.stats.stratified.stratified_rate`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..errors import UserError
from ..stats.ppi import exact_sum
from ..stats.stratified import StratumCount, neyman_allocation, stratified_rate
from ..store import ResultRow, Store
from ..types import HumanLabel, Label, SampledPrompt, SamplingStrategy, Verdict
from .sample_designs import uniform_order

MIN_DISAGREEMENT = 0.02
"""The smallest expected share of disagreeing labels a stratum is allocated by, however sure the judge is:
a stratum the judge is confident about is not known to be error-free."""

HARMFUL_WEIGHT = 0.25
"""Factor on the harmful strata's Neyman weights (1 would weigh every stratum alike, as for one rate over the
whole suite; 0 gives them their two labels only): labels go mostly where the benign rate is decided."""

TAKE_ALL: tuple[tuple[Label, Verdict], ...] = ((Label.BENIGN, Verdict.REFUSAL), (Label.BENIGN, Verdict.PARTIAL))
"""Strata labelled in full (up to the budget): the benign replies the judge calls refusals."""


def stratum_key(label: Label, verdict: Verdict) -> str:
    """A stratum's name: ``benign/full_refusal``."""
    return f"{label.value}/{verdict.value}"


STRATA: tuple[str, ...] = tuple(
    stratum_key(label, verdict)
    for label in (Label.BENIGN, Label.HARMFUL)
    for verdict in (Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL)
)
"""Every stratum of the design, in the order allocations go through them."""


def verdict_strata(rows: Sequence[ResultRow]) -> dict[str, list[ResultRow]]:
    """The judged replies by (prompt label, judge verdict), each list in prompt-id order; every stratum named."""
    out: dict[str, list[ResultRow]] = {key: [] for key in STRATA}
    for r in sorted(rows, key=lambda r: r.prompt.id):
        if not r.judgement.verdict.judged:
            continue
        out[stratum_key(r.prompt.label, r.judgement.verdict)].append(r)
    return out


@dataclass(frozen=True)
class StratumShape:
    """What allocating labels needs to know of a stratum: counts, so a 100,000-reply run need not be read."""

    size: int
    """Judged replies in the stratum."""
    disagreement: float
    """Its :func:`expected_disagreement`."""


def disagreement_of(confidences: Iterable[tuple[float, int]]) -> float:
    """:func:`expected_disagreement` of a stratum given as (judge's confidence, how many replies have it)."""
    pairs = list(confidences)
    n = sum(c for _, c in pairs)
    if not n:
        return MIN_DISAGREEMENT
    doubt = exact_sum((min(1.0, max(0.0, 1.0 - conf)), c) for conf, c in pairs) / n
    return max(MIN_DISAGREEMENT, doubt)


def expected_disagreement(members: Sequence[ResultRow]) -> float:
    """A stratum's expected share of replies a person labels otherwise than the judge: the mean of the
    judge's ``1 - confidence`` there, at least :data:`MIN_DISAGREEMENT`."""
    return disagreement_of(Counter(r.judgement.confidence for r in members).items())


def stratum_shapes(strata: Mapping[str, Sequence[ResultRow]]) -> dict[str, StratumShape]:
    """:class:`StratumShape` of each stratum of :func:`verdict_strata`, in its order."""
    return {k: StratumShape(len(m), expected_disagreement(m)) for k, m in strata.items()}


def verdict_allocation(
    n: int, shapes: Mapping[str, StratumShape], harmful_weight: float = HARMFUL_WEIGHT
) -> dict[str, int]:
    """Labels per stratum for a sample of ``n``: take-all strata first, Neyman allocation over the rest (the
    harmful strata's weights times ``harmful_weight``)."""
    sigmas = {}
    for key, shape in shapes.items():
        p = min(0.5, shape.disagreement)
        weight = harmful_weight if key.startswith(Label.HARMFUL.value) else 1.0
        sigmas[key] = weight * (p * (1 - p)) ** 0.5
    return neyman_allocation(
        n,
        {k: v.size for k, v in shapes.items()},
        sigmas,
        take_all=[stratum_key(label, verdict) for label, verdict in TAKE_ALL],
        min_sigma=0.0,
    )


def draw_verdict_sample(
    store: Store,
    run_id: str,
    rows: Sequence[ResultRow],
    n: int,
    seed: int,
    judge_id: str,
    existing: Sequence[SampledPrompt] = (),
    harmful_weight: float = HARMFUL_WEIGHT,
) -> list[SampledPrompt]:
    """Draw (or extend ``existing`` to) the verdict-stratified sample of about ``n`` prompts and store it.
    A stratum already holding more than its new share keeps what it has (its labels stay valid: it is still
    a prefix of the stratum's order)."""
    strata = verdict_strata(rows)
    alloc = verdict_allocation(n, stratum_shapes(strata), harmful_weight)
    have = {s.prompt_id for s in existing}
    chosen: list[tuple[ResultRow, float]] = []
    new_probability: dict[str, float] = {}
    for key, members in strata.items():
        if not members:
            continue
        order = uniform_order(members, seed)
        held = sum(1 for r in members if r.prompt.id in have)
        take = max(held, alloc[key])
        if held and [r.prompt.id for r in order[:held]] != [r.prompt.id for r in order if r.prompt.id in have]:
            raise UserError(
                f"the verdict-stratified sample of run '{run_id}' cannot be extended: the judge's verdicts changed "
                "since it was drawn; label the sample it holds (it stays valid)",
                field="--n",
            )
        p = take / len(members)
        for r in order[:take]:
            if r.prompt.id in have:
                new_probability[r.prompt.id] = p
            else:
                chosen.append((r, p))
    if not chosen and existing:
        return list(existing)
    start = max((s.position for s in existing), default=-1) + 1
    random.Random(f"{seed}:order:{len(existing)}").shuffle(chosen)
    store.add_to_label_sample(
        run_id,
        [
            SampledPrompt(r.prompt.id, start + i, SamplingStrategy.VERDICT, seed, p, judge_id)
            for i, (r, p) in enumerate(chosen)
        ],
        expected_before=len(existing),
        probabilities=new_probability or None,
    )
    return store.label_sample(run_id)


def more_labels_for(
    rows: Sequence[ResultRow], sample: Sequence[SampledPrompt], labels: Mapping[str, HumanLabel], target: float
) -> int | None:
    """How many more labels the sample needs, grown by this design (``label RUN --n`` that much larger than the
    labels given), for the corrected benign over-refusal (full + partial) to reach +/- ``target``: 0 when it
    is there; None when it takes labelling every reply of the run. A planning figure: each benign stratum is
    assumed to go on as its labels so far (its Jeffreys posterior mean rate, never 0; the expected count of
    hits among the new labels, fractional, enters the interval as if seen), and the sample's
    unlabelled prompts are counted among the labels still to give."""
    strata = verdict_strata(rows)
    held = {s.prompt_id for s in sample}
    seen: dict[str, tuple[int, int, int]] = {}
    for key, members in strata.items():
        mine = [r for r in members if r.prompt.id in held]
        lab = [r for r in mine if r.prompt.id in labels]
        seen[key] = (len(mine), len(lab), sum(labels[r.prompt.id].verdict.is_refusal for r in lab))
    return more_labels_planned(stratum_shapes(strata), seen, sum(1 for pid in labels if pid in held), target)


def more_labels_planned(
    shapes: Mapping[str, StratumShape], seen: Mapping[str, tuple[int, int, int]], given: int, target: float
) -> int | None:
    """:func:`more_labels_for` from counts: ``shapes`` of every stratum (in :func:`verdict_strata`'s order),
    ``seen``: stratum -> (sampled replies in it, of them labelled, of those labelled a refusal by a person),
    ``given``: the sample's labels."""
    benign = [k for k, m in shapes.items() if k.startswith(f"{Label.BENIGN.value}/") and m.size]
    if not benign or not any(seen[k][1] for k in benign):
        return None

    def grown(n: int) -> tuple[int, float]:
        """Labels in the sample at design size ``n`` and the projected half-width."""
        alloc = verdict_allocation(n, shapes)
        total = sum(max(seen[k][0], alloc[k]) for k in shapes)
        counts = []
        for k in benign:
            _, n_k, x_k = seen[k]
            size = shapes[k].size
            n_new = max(seen[k][0], alloc[k])
            rate = (x_k + 0.5) / (n_k + 1)
            counts.append(StratumCount(size, n_new, min(n_new, x_k + rate * (n_new - n_k))))
        return total, stratified_rate(counts).half_width()

    everything = sum(m.size for m in shapes.values())
    now = [StratumCount(shapes[k].size, seen[k][1], seen[k][2]) for k in benign]
    if stratified_rate(now).half_width() <= target:
        return 0
    low, high = 1, everything
    while low < high:
        mid = (low + high) // 2
        if grown(mid)[1] <= target:
            high = mid
        else:
            low = mid + 1
    total, _ = grown(low)
    if total >= everything:
        return None
    return max(0, total - given)
