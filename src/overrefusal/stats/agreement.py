"""Agreement between people who label the same replies, and the one label a reply gets from several.

Pure functions over plain values (any hashable category: the labelling code passes ``Verdict`` members).
A *unit* is one reply and the labels the annotators gave it; units with fewer than two labels say nothing
about agreement and are left out of every coefficient here (they still count for the rates).

- :func:`cohen_kappa`: two annotators on the units both labelled (Cohen 1960).
- :func:`fleiss_kappa`: any number of annotators, and units may have different numbers of labels (Fleiss
  1971, in the form that averages each unit's share of agreeing pairs; with a constant number of labels per
  unit it is exactly Fleiss' kappa).
- :func:`fleiss_kappa_per_class`: each class against the rest (Fleiss' category-wise kappa).
- :func:`krippendorff_alpha_nominal`: any number of annotators, missing labels allowed (Krippendorff 2004,
  the coincidence-matrix form for nominal data).
- :func:`consensus`: the label a unit gets: unanimous, else the strict majority, else (a tie) the label
  given first among the tied ones, flagged so that a person adjudicates it.

Every coefficient is None where it is undefined (no pairable unit, or no variation at all: chance agreement
is then 1 and the ratio 0/0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

C = TypeVar("C", bound=Hashable)


def _ratio(observed: float, chance: float) -> float | None:
    """(observed - chance) / (1 - chance), None when chance agreement is 1 (nothing varies)."""
    if chance >= 1.0 - 1e-12:
        return None
    return (observed - chance) / (1.0 - chance)


def cohen_kappa(first: Sequence[C], second: Sequence[C]) -> float | None:
    """Cohen's kappa of two annotators' labels of the same units (``first[i]`` and ``second[i]`` label unit i).

    ``(p_o - p_e) / (1 - p_e)``: ``p_o`` the share of units they label alike, ``p_e`` the agreement their own
    label frequencies give by chance (the sum over classes of the product of their two marginal shares)."""
    if len(first) != len(second):
        raise ValueError(f"the two annotators label different numbers of units: {len(first)} vs {len(second)}")
    n = len(first)
    if n == 0:
        return None
    observed = sum(1 for a, b in zip(first, second) if a == b) / n
    ca, cb = Counter(first), Counter(second)
    chance = sum(ca[k] * cb[k] for k in ca) / (n * n)
    return _ratio(observed, chance)


def _pairable(units: Sequence[Sequence[C]]) -> list[Counter[C]]:
    return [Counter(u) for u in units if len(u) >= 2]


def fleiss_kappa(units: Sequence[Sequence[C]]) -> float | None:
    """Fleiss' kappa over ``units`` (each the list of labels one unit got; order and annotators do not matter).

    Per unit with ``m`` labels, ``n_k`` of class k: ``P_i = sum_k n_k (n_k - 1) / (m (m - 1))``, the share of
    its ordered pairs of labels that agree. ``P_bar`` is their mean; chance agreement ``P_e = sum_k p_k^2``
    with ``p_k`` the share of class k among all labels of those units."""
    counts = _pairable(units)
    if not counts:
        return None
    shares = [sum(c * (c - 1) for c in u.values()) / (sum(u.values()) * (sum(u.values()) - 1)) for u in counts]
    observed = sum(shares) / len(shares)
    totals: Counter[C] = Counter()
    for u in counts:
        totals.update(u)
    all_labels = sum(totals.values())
    chance = sum((c / all_labels) ** 2 for c in totals.values())
    return _ratio(observed, chance)


def fleiss_kappa_per_class(units: Sequence[Sequence[C]], classes: Sequence[C]) -> dict[C, float | None]:
    """Fleiss' kappa of each class against all others (the labels recoded to "this class or not")."""
    out: dict[C, float | None] = {}
    for k in classes:
        binary = [[label == k for label in u] for u in units]
        out[k] = fleiss_kappa(binary)
    return out


def krippendorff_alpha_nominal(units: Sequence[Sequence[C]]) -> float | None:
    """Krippendorff's alpha for nominal labels: ``1 - D_o / D_e``.

    Each unit with ``m >= 2`` labels adds ``1 / (m - 1)`` to the coincidence of every ordered pair of its
    labels from different annotators; ``n`` is the number of pairable labels, ``n_k`` of class k.
    ``D_o = sum_{k != l} o_kl / n`` and ``D_e = sum_{k != l} n_k n_l / (n (n - 1))``."""
    counts = _pairable(units)
    if not counts:
        return None
    disagree = 0.0  # sum over k != l of o_kl
    totals: Counter[C] = Counter()
    for u in counts:
        m = sum(u.values())
        totals.update(u)
        pairs_differ = m * m - sum(c * c for c in u.values())  # ordered pairs with different labels
        disagree += pairs_differ / (m - 1)
    n = sum(totals.values())
    expected = (n * n - sum(c * c for c in totals.values())) / (n * (n - 1))
    if expected <= 1e-12:
        return None
    return 1.0 - (disagree / n) / expected


class ConsensusRule(str, Enum):
    """How a unit's labels became its one label."""

    SINGLE = "single"
    """One person labelled it."""
    UNANIMOUS = "unanimous"
    MAJORITY = "majority"
    """More than half of its labels are this class."""
    TIE = "tie"
    """No class has more than half: the first label given among the most frequent classes, until adjudicated."""
    ADJUDICATED = "adjudicated"


@dataclass(frozen=True)
class Consensus:
    label: Hashable
    rule: ConsensusRule


def consensus(labels: Sequence[tuple[C, str]]) -> Consensus:
    """The label of a unit from its ``(label, labelled_at)`` pairs (ISO times compare as strings).

    Unanimous or a strict majority wins. Without one (two annotators who differ, 1-1-1 among three) the unit
    is a tie: its label is, among the most frequent classes, the one given first, so that the sample stays
    whole (dropping tied units would leave out exactly the hard replies, and bias the estimate) and the label
    does not move when someone relabels another reply. A tie is listed for adjudication, which replaces it."""
    if not labels:
        raise ValueError("a unit without labels has no consensus")
    counts = Counter(label for label, _ in labels)
    if len(labels) == 1:
        return Consensus(labels[0][0], ConsensusRule.SINGLE)
    top, top_n = counts.most_common(1)[0]
    if top_n == len(labels):
        return Consensus(top, ConsensusRule.UNANIMOUS)
    if 2 * top_n > len(labels):
        return Consensus(top, ConsensusRule.MAJORITY)
    best = {k for k, c in counts.items() if c == top_n}
    first = min((at, i) for i, (label, at) in enumerate(labels) if label in best)
    return Consensus(labels[first[1]][0], ConsensusRule.TIE)


def observed_agreement(units: Sequence[Sequence[C]]) -> float | None:
    """The share of pairable units on which every label is the same."""
    counts = _pairable(units)
    if not counts:
        return None
    return sum(1 for u in counts if len(u) == 1) / len(counts)
