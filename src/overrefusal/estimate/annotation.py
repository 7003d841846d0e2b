"""Several people labelling one run's sample: who labels what, how far they agree, what is left to adjudicate.

The sample itself is :mod:`overrefusal.estimate.labelling`'s (uniform or uncertainty, seeded); this module splits it
between annotators (:func:`assignment`), measures their agreement (:func:`agreement`, with the coefficients of
:mod:`overrefusal.stats.agreement`) and lists the replies they disagree on. The label the corrected rates use
is each prompt's effective label (``human_labels``): adjudicated, else the annotators' consensus (see
:data:`PPI_LABEL_RULE`).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import UserError
from ..stats.agreement import (
    ConsensusRule,
    cohen_kappa,
    consensus,
    fleiss_kappa,
    fleiss_kappa_per_class,
    krippendorff_alpha_nominal,
    observed_agreement,
)
from ..store import Store
from ..store.annotations import Annotation, Plan, adjudications, annotations_of, plan, set_plan
from ..types import HUMAN_VERDICTS, SampledPrompt, Verdict
from .corrected import judge_agreement
from .labelling import LabelItem, check_labeller, sample_items

PPI_LABEL_RULE = (
    "The corrected rates use one label per reply: the adjudicated label where someone adjudicated; else the "
    "annotators' consensus: all agree, or a strict majority; a tie (two annotators who differ, or no class "
    "with more than half) counts the label given first among the tied classes until it is adjudicated, so "
    "the random sample stays whole (leaving tied replies out would leave out the hard ones and bias the rates)."
)

DEFAULT_OVERLAP = 0.25
"""Share of the sample every annotator labels when a plan is made without one."""


def _unit_hash(seed: int, prompt_id: str, what: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{prompt_id}:{what}".encode()).digest()[:8], "big")


def assignment(
    sample: Sequence[SampledPrompt], annotators: Sequence[str], overlap: float
) -> dict[str, tuple[str, ...]]:
    """prompt id -> the annotators who should label it.

    The sample is put in an order fixed by its seed and each prompt's id (so adding prompts to the sample
    moves no prompt ahead of another); the first ``round(overlap * n)`` of that order go to every annotator
    (the overlap that measures agreement), the rest are dealt to one annotator each, in turn. With one
    annotator (or none) everything is theirs."""
    if not 0.0 <= overlap <= 1.0:
        raise UserError(f"the overlap is a share between 0 and 1, got {overlap}", field="overlap")
    names = tuple(annotators)
    if not sample:
        return {}
    seed = sample[0].seed
    ordered = sorted(sample, key=lambda s: (_unit_hash(seed, s.prompt_id, "overlap"), s.prompt_id))
    if len(names) <= 1:
        return {s.prompt_id: names for s in ordered}
    shared = round(overlap * len(ordered))
    out: dict[str, tuple[str, ...]] = {}
    for i, s in enumerate(ordered):
        out[s.prompt_id] = names if i < shared else (names[(i - shared) % len(names)],)
    return out


def join(store: Store, run_id: str, annotator: str, *, overlap: float | None = None) -> Plan:
    """Add ``annotator`` to the run's labelling plan (made now if there is none); ``overlap`` replaces its share."""
    name = check_labeller(annotator, field="annotator")
    if overlap is not None and not 0.0 <= overlap <= 1.0:
        raise UserError(f"the overlap is a share between 0 and 1, got {overlap}", field="overlap")
    # One transaction (BEGIN IMMEDIATE: the write lock before the read): two people joining at the same
    # moment would otherwise both read the old plan, and the second write would drop the first name.
    with store.transaction():
        current = plan(store, run_id)
        names = current.annotators if current else ()
        share = overlap if overlap is not None else (current.overlap if current else DEFAULT_OVERLAP)
        new = Plan(names if name in names else (*names, name), share)
        if new != current:
            set_plan(store, run_id, new)
    return new


@dataclass(frozen=True)
class QueueItem:
    item: LabelItem
    mine: Annotation | None
    """This annotator's label, if they gave one."""
    assigned_to: tuple[str, ...]


def queue(store: Store, run_id: str, annotator: str) -> list[QueueItem]:
    """The sample as ``annotator`` works through it, in sample order: the replies assigned to them (every
    reply when the run has no plan or they are not in it)."""
    items = sample_items(store, run_id)
    if not items:
        return []
    p = plan(store, run_id)
    names = p.annotators if p else ()
    assigned = assignment([i.sampled for i in items], names, p.overlap if p else 0.0)
    mine = {a.prompt_id: a for a in annotations_of(store, run_id) if a.annotator == annotator}
    out = []
    for i in items:
        who = assigned.get(i.prompt.id, ())
        if annotator in names and annotator not in who:
            continue
        out.append(QueueItem(i, mine.get(i.prompt.id), who))
    return out


@dataclass(frozen=True)
class Disputed:
    """A reply whose annotators do not all agree."""

    item: LabelItem
    labels: tuple[tuple[str, Verdict], ...]
    """(annotator, label) in the order given."""
    consensus: Verdict
    rule: ConsensusRule
    adjudicated: Verdict | None
    adjudicator: str | None


@dataclass(frozen=True)
class Agreement:
    """How far a run's annotators agree, and with the judge."""

    annotators: tuple[str, ...]
    labels_by_annotator: dict[str, int]
    n_units: int
    """Replies labelled by two or more annotators (the ones agreement is measured on)."""
    observed: float | None
    """Share of those on which all their labels agree."""
    cohen: tuple[tuple[str, str, int, float | None], ...]
    """(annotator, annotator, shared replies, Cohen's kappa) for each pair that shares replies."""
    fleiss: float | None
    alpha: float | None
    """Krippendorff's alpha, nominal."""
    per_class: dict[str, float | None]
    """Fleiss' kappa of each class against the rest, keyed by verdict value."""
    judge: dict[str, Any]
    """The judge against the effective labels (``corrected.judge_agreement``)."""
    rules: dict[str, int]
    """How many effective labels came by each rule (single, unanimous, majority, tie, adjudicated)."""
    disputed: tuple[Disputed, ...]
    ppi_rule: str = PPI_LABEL_RULE


def agreement(store: Store, run_id: str) -> Agreement:
    items = {i.prompt.id: i for i in sample_items(store, run_id)}
    notes = [a for a in annotations_of(store, run_id) if a.prompt_id in items]
    adj = adjudications(store, run_id)
    by_unit: dict[str, list[Annotation]] = defaultdict(list)
    for a in notes:
        by_unit[a.prompt_id].append(a)
    names: list[str] = []
    for a in notes:
        if a.annotator not in names:
            names.append(a.annotator)
    units = [[a.verdict for a in v] for v in by_unit.values()]
    pairs: list[tuple[str, str, int, float | None]] = []
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            shared = []
            for v in by_unit.values():
                mine = {x.annotator: x.verdict for x in v}
                if first in mine and second in mine:
                    shared.append((mine[first], mine[second]))
            if shared:
                kappa = cohen_kappa([x for x, _ in shared], [y for _, y in shared])
                pairs.append((first, second, len(shared), kappa))
    rules: dict[str, int] = defaultdict(int)
    disputed = []
    for pid, v in by_unit.items():
        c = consensus([(a.verdict, a.labelled_at) for a in v])
        rule = ConsensusRule.ADJUDICATED if pid in adj else c.rule
        rules[rule.value] += 1
        if len({a.verdict for a in v}) > 1:
            disputed.append(
                Disputed(
                    items[pid],
                    tuple((a.annotator, a.verdict) for a in v),
                    c.label,  # type: ignore[arg-type]
                    c.rule,
                    adj[pid].verdict if pid in adj else None,
                    adj[pid].adjudicator if pid in adj else None,
                )
            )
    disputed.sort(key=lambda d: (d.adjudicated is not None, d.rule is not ConsensusRule.TIE, d.item.sampled.position))
    labels = store.human_labels(run_id)
    judge_rows = []
    sample = store.label_sample(run_id)
    if sample:
        judge_rows = store.results(run_id, sample[0].judge_id, prompt_ids=items)
    return Agreement(
        annotators=tuple(names),
        labels_by_annotator={n: sum(1 for a in notes if a.annotator == n) for n in names},
        n_units=sum(1 for u in units if len(u) >= 2),
        observed=observed_agreement(units),
        cohen=tuple(pairs),
        fleiss=fleiss_kappa(units),
        alpha=krippendorff_alpha_nominal(units),
        per_class={k.value: v for k, v in fleiss_kappa_per_class(units, HUMAN_VERDICTS).items()},
        judge=judge_agreement(judge_rows, {k: v for k, v in labels.items() if k in items}),
        rules=dict(rules),
        disputed=tuple(disputed),
    )
