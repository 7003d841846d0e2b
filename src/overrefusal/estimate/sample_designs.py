"""How the uniform and the uncertainty-weighted labelling samples are drawn and extended.

Also the seeded order every design takes a stratum's prompts in (:func:`uniform_order`). The verdict-stratified
design is in :mod:`.verdict_sample`; :func:`.labelling.draw_sample` chooses between them and stores the design.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Sequence

from ..errors import UserError
from ..store import ResultRow, Store
from ..types import Label, SampledPrompt

UNIFORM_SHARE = 0.5
"""Under ``--strategy uncertainty``, the share of each inclusion probability spread uniformly. Keeping every
probability away from 0 bounds the 1/probability weights, so one unlucky label cannot swing the estimate
(Zrnic & Candès mix with the uniform design for the same reason)."""


def judged_rows(store: Store, run_id: str, judge_id: str | None = None) -> list[ResultRow]:
    """The run's replies with a verdict (not ERROR) from ``judge_id`` (default: the run's primary judge)."""
    return [r for r in store.results(run_id, judge_id) if r.judgement.verdict.judged]


def allocate(n: int, sizes: dict[Label, int]) -> dict[Label, int]:
    """Labels per stratum, proportional to its size (largest remainders), never more than it holds."""
    total = sum(sizes.values())
    n = min(n, total)
    if total == 0:
        return {k: 0 for k in sizes}
    exact = {k: n * v / total for k, v in sizes.items()}
    out = {k: min(sizes[k], math.floor(x)) for k, x in exact.items()}
    for k in sorted(sizes, key=lambda k: exact[k] - math.floor(exact[k]), reverse=True):
        if sum(out.values()) >= n:
            break
        if out[k] < sizes[k]:
            out[k] += 1
    # A stratum too small for its share passes the rest on.
    for k in sizes:
        while sum(out.values()) < n and out[k] < sizes[k]:
            out[k] += 1
    return out


def strata_by_label(rows: Sequence[ResultRow]) -> dict[Label, list[ResultRow]]:
    out: dict[Label, list[ResultRow]] = {Label.BENIGN: [], Label.HARMFUL: []}
    for r in sorted(rows, key=lambda r: r.prompt.id):
        out[r.prompt.label].append(r)
    return out


def uniform_order(members: Sequence[ResultRow], seed: int) -> list[ResultRow]:
    """The order in which a uniform sample with ``seed`` takes a stratum's replies: by a hash of the seed and
    each prompt's id, so it is a property of the prompts and the seed alone. A sample of ``k`` is the first
    ``k``, a larger one extends it (the first ``k'``), and two runs of one suite (whatever prompts errored in
    either) sample the same prompts, which ``compare`` and ``gate`` pair on. A hash-ordered prefix is a uniform
    sample without replacement: the hash is a fixed pseudo-random permutation, independent of the replies."""

    def key(r: ResultRow) -> tuple[bytes, str]:
        return hashlib.sha256(f"overrefusal-label-sample:{seed}:{r.prompt.id}".encode()).digest(), r.prompt.id

    return sorted(members, key=key)


def uncertainty_draw(
    members: Sequence[ResultRow], alloc: int, seed: int, label: Label
) -> list[tuple[ResultRow, float]]:
    """One stratum's uncertainty draw: each reply with its probability ``min(1, alloc * share)`` (see
    :func:`.labelling.draw_sample`), decided by its own uniform number from a generator seeded by ``seed`` and the stratum,
    one number per member in id order. The numbers do not depend on ``alloc`` and every probability grows
    with it, so a larger ``alloc`` draws a superset: what makes the sample extendable."""
    rng = random.Random(f"{seed}:{label.value}:uncertainty")
    unsure = [max(0.0, 1.0 - r.judgement.confidence) for r in members]
    total_u = math.fsum(unsure)
    out = []
    for r, u in zip(members, unsure):
        share = UNIFORM_SHARE / len(members) + (1 - UNIFORM_SHARE) * (u / total_u if total_u > 0 else 1 / len(members))
        p = min(1.0, alloc * share)
        if rng.random() < p:
            out.append((r, p))
    return out


def _first_true(low: int, high: int, test: Callable[[int], bool]) -> int:
    """The smallest ``a`` in [low, high] for which the monotone ``test`` holds; ``high + 1`` if none does."""
    while low <= high:
        mid = (low + high) // 2
        if test(mid):
            high = mid - 1
        else:
            low = mid + 1
    return low


def _drawn_with_at_most(members: Sequence[ResultRow], seed: int, label: Label, stored: dict[str, float]) -> int | None:
    """The largest allocation the stratum's stored draw (prompt id -> probability) may have been made with:
    one that draws exactly those prompts with exactly those probabilities from the run's replies as they are
    now. None when none does (the replies or the judge's confidences changed since the draw)."""
    top = 2 * len(members) + 1  # from here on every probability is 1: larger allocations draw the same
    ids = set(stored)

    def drawn(a: int) -> dict[str, float]:
        return {r.prompt.id: p for r, p in uncertainty_draw(members, a, seed, label)}

    def matches(a: int) -> bool:
        got = drawn(a)
        return all(math.isclose(got[k], p, rel_tol=1e-9) for k, p in stored.items())

    low = _first_true(0, top, lambda a: ids <= drawn(a).keys())
    high = _first_true(low, top, lambda a: not drawn(a).keys() <= ids) - 1
    if low > top or high < low:
        return None
    # Among the allocations that draw this set, the probabilities single one out (an uncapped one grows with
    # the allocation) or, where every stored one is 1, allow every allocation up to ``high`` that caps them.
    if matches(high):
        return high
    uncapped = sorted(k for k, p in stored.items() if p < 1.0)
    if not uncapped:
        return None
    key = uncapped[0]
    exact = _first_true(low, high, lambda a: drawn(a)[key] >= stored[key] * (1 - 1e-9))
    return exact if exact <= high and matches(exact) else None


def extend_uncertainty(store: Store, run_id: str, n: int, existing: list[SampledPrompt]) -> list[SampledPrompt]:
    """An uncertainty sample grown to about ``n`` prompts, or as it is when ``n`` asks for no more than it was
    drawn with.

    Each reply ``i`` was drawn when its own uniform number ``U_i`` (fixed by the seed) fell below its
    probability ``p_i``. Drawing again with the larger allocation, from the same numbers, gives probabilities
    ``p'_i >= p_i``: the replies drawn before are drawn again, and a reply is now in the sample exactly when
    ``U_i < p'_i``, independently of the others. That is the sample a first draw of this size would have
    been, so the estimator's assumptions (independent draws with known probabilities, every label weighed by
    1 / its probability) hold with ``p'_i``: the stored probabilities of the replies already drawn are raised
    to theirs, and labels already given are kept.

    It rests on the replies being those of the first draw: a reply recorded since (a resumed run, a retried
    ERROR) would shift the numbers and change the probabilities, and the union of two draws over different
    replies has no known inclusion probabilities. Then it is refused (the sample stays valid as it is)."""
    first = existing[0]
    late = store.replies_after_sample(run_id)
    if late:
        raise _not_extendable(run_id, f"{late} repl{'y was' if late == 1 else 'ies were'} recorded after it was drawn")
    strata = strata_by_label(judged_rows(store, run_id, first.judge_id))
    stored = {s.prompt_id: s.probability for s in existing}
    judged = {r.prompt.id for rows in strata.values() for r in rows}
    if not stored.keys() <= judged:
        raise _not_extendable(run_id, "some of its replies have no verdict any more")
    target = allocate(n, {k: len(v) for k, v in strata.items()})
    raised: dict[str, float] = {}
    added: list[tuple[ResultRow, float]] = []
    for label, members in strata.items():
        mine = {r.prompt.id: stored[r.prompt.id] for r in members if r.prompt.id in stored}
        bound = _drawn_with_at_most(members, first.seed, label, mine)
        if bound is None:
            raise _not_extendable(run_id, "the judge's verdicts or confidences changed since it was drawn")
        if target[label] <= bound:
            continue  # no larger than the draw it has: nothing to add, its probabilities stand
        for r, p in uncertainty_draw(members, target[label], first.seed, label):
            if r.prompt.id not in mine:
                added.append((r, p))
            elif p != mine[r.prompt.id]:
                raised[r.prompt.id] = p
    if not added and not raised:
        return existing
    return append_to_sample(store, run_id, existing, added, raised)


def append_to_sample(
    store: Store,
    run_id: str,
    existing: list[SampledPrompt],
    added: list[tuple[ResultRow, float]],
    raised: dict[str, float] | None = None,
) -> list[SampledPrompt]:
    """Store ``added`` after the sample's last position (in a seeded order) and raise ``raised``'s probabilities."""
    first = existing[0]
    random.Random(f"{first.seed}:order:{len(existing)}").shuffle(added)
    start = max(s.position for s in existing) + 1
    store.add_to_label_sample(
        run_id,
        [
            SampledPrompt(r.prompt.id, start + i, first.strategy, first.seed, p, first.judge_id)
            for i, (r, p) in enumerate(added)
        ],
        expected_before=len(existing),
        probabilities=raised,
    )
    return store.label_sample(run_id)


def _not_extendable(run_id: str, why: str) -> UserError:
    return UserError(
        f"the uncertainty sample of run '{run_id}' cannot be extended: {why}, and a larger draw from other replies "
        "would weigh its labels wrongly (biasing the corrected rates); label the sample it holds (it stays valid), "
        "or draw a larger sample on a complete run",
        field="--n",
    )


def extend_uniform(store: Store, run_id: str, n: int, existing: list[SampledPrompt]) -> list[SampledPrompt]:
    """Add uniformly drawn prompts to a uniform sample until it holds ``n`` (a uniform sample plus a uniform
    draw from the rest is again a uniform sample)."""
    first = existing[0]
    have = {s.prompt_id for s in existing}
    strata = strata_by_label(judged_rows(store, run_id, first.judge_id))
    sizes = {k: len(v) for k, v in strata.items()}
    target = allocate(n, sizes)
    added: list[tuple[ResultRow, float]] = []
    for label, members in strata.items():
        already = [r for r in members if r.prompt.id in have]
        rest = [r for r in uniform_order(members, first.seed) if r.prompt.id not in have]
        want = max(0, target[label] - len(already))
        # The next prompts of the seed's order: a sample drawn at 18 and extended to 20 is the sample of 20.
        for r in rest[:want]:
            added.append((r, target[label] / len(members)))
    return append_to_sample(store, run_id, existing, added)
