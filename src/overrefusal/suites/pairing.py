"""Pair benign look-alikes with their harmful contrasts where a file has no explicit ``pair_id``.

XSTest names no pairs, but its layout implies them: every harmful prompt has a type ``contrast_<X>``
and the k-th prompt of ``contrast_<X>`` was written as the contrast of the k-th benign prompt of type
``<X>`` (the same trigger ``focus``, in the same order). The rule, for any file following that
convention (a ``type`` column with ``contrast_`` types):

1. **Exact partner.** If a benign type ``<X>`` exists, it is the partner of ``contrast_<X>``.
2. **Shared contrast.** Otherwise the candidates are the benign types with ``<X>`` as one of their
   underscore-separated words (XSTest: ``contrast_discr`` -> ``nons_group_real_discr`` and
   ``real_group_nons_discr``; ``contrast_privacy`` -> ``privacy_public`` and ``privacy_fictional``).
   The partner is the candidate whose ``focus`` agrees with the contrast prompts' at the most positions
   (ties: the first in file order). In XSTest that is ``real_group_nons_discr`` (25 of 25 foci agree;
   the other 0) and ``privacy_fictional`` (25 of 25; the other 1). The other candidates stay unpaired.
3. **By order.** The k-th benign prompt of the partner type pairs with the k-th harmful prompt of the
   contrast type, for k up to the shorter of the two; the rest stay unpaired. Only benign prompts of
   the partner and harmful prompts of the contrast type take part.
4. **Names.** The pair id is ``<X>-<k>`` (k from 1), e.g. ``homonyms-1``, ``discr-1``. The category of
   the contrast type, its partner and every candidate of a shared contrast is ``<X>``, so that reports
   by category put each benign family next to its harmful contrasts; other types keep their own name.

On XSTest this gives 200 pairs (8 contrast types x 25); the 50 prompts of ``nons_group_real_discr``
and ``privacy_public`` are unpaired.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..types import Label

CONTRAST_PREFIX = "contrast_"


@dataclass(frozen=True)
class PairItem:
    """What the rule needs to know about one prompt."""

    id: str
    type: str
    label: Label
    focus: str


@dataclass(frozen=True)
class Pairing:
    """The outcome: for each prompt id, its pair id (if paired) and its derived category."""

    pair_ids: dict[str, str]
    categories: dict[str, str]


def follows_contrast_convention(types: Sequence[str]) -> bool:
    """Whether any type uses the ``contrast_`` prefix, i.e. the rule above applies."""
    return any(t.startswith(CONTRAST_PREFIX) for t in types)


def pair_by_contrast_type(items: Sequence[PairItem]) -> Pairing:
    """Apply the module's pairing rule to ``items`` (in suite order)."""
    by_type: dict[str, list[PairItem]] = {}
    for item in items:
        by_type.setdefault(item.type, []).append(item)
    contrast_types = [t for t in by_type if t.startswith(CONTRAST_PREFIX)]
    base_types = [t for t in by_type if t and not t.startswith(CONTRAST_PREFIX)]

    categories: dict[str, str] = {item.id: item.type for item in items}
    pair_ids: dict[str, str] = {}
    claimed: set[str] = set()

    # Exact partners first, so that a type with its own contrast is never taken by a shared one.
    partners: dict[str, str | None] = {}
    for ct in contrast_types:
        family = ct[len(CONTRAST_PREFIX) :]
        if family in by_type and family in base_types:
            partners[ct] = family
            claimed.add(family)
    for ct in contrast_types:
        if ct in partners:
            continue
        family = ct[len(CONTRAST_PREFIX) :]
        candidates = [t for t in base_types if t not in claimed and family in t.split("_")]
        for t in candidates:
            for item in by_type[t]:
                categories[item.id] = family
        best = _best_by_focus(by_type[ct], [(t, by_type[t]) for t in candidates])
        partners[ct] = best
        if best is not None:
            claimed.add(best)

    for ct in contrast_types:
        family = ct[len(CONTRAST_PREFIX) :]
        harmful = [i for i in by_type[ct] if i.label is Label.HARMFUL]
        for item in by_type[ct]:
            categories[item.id] = family
        partner = partners.get(ct)
        if partner is None:
            continue
        benign = [i for i in by_type[partner] if i.label is Label.BENIGN]
        for item in by_type[partner]:
            categories[item.id] = family
        for k, (b, h) in enumerate(zip(benign, harmful), start=1):
            pid = f"{family}-{k}"
            pair_ids[b.id] = pid
            pair_ids[h.id] = pid
    return Pairing(pair_ids=pair_ids, categories=categories)


def _norm(focus: str) -> str:
    return " ".join(focus.lower().split())


def _best_by_focus(contrast: Sequence[PairItem], candidates: Sequence[tuple[str, Sequence[PairItem]]]) -> str | None:
    """The candidate type whose foci agree with ``contrast``'s at the most positions (first on ties)."""
    best: str | None = None
    best_score = -1
    for name, items in candidates:
        score = sum(1 for a, b in zip(items, contrast) if _norm(a.focus) and _norm(a.focus) == _norm(b.focus))
        if score > best_score:
            best, best_score = name, score
    return best
