"""A rate from a sample stratified by the judge's verdict, with an interval that stays honest near 0%.

The replies are split into strata (in practice: by the judge's verdict), and a uniform sample of
``labelled`` replies is drawn within each stratum of ``size`` replies. ``hits`` of the labelled ones count
(a person called it a refusal, say). The rate over all replies is the known hits plus the hits among the
unlabelled replies of every stratum, which is what is uncertain.

Interval: each stratum's unlabelled hits get the finite-population Jeffreys posterior (the stratum's
rate ~ Beta(hits + 1/2, misses + 1/2), its unlabelled hits Beta-binomial), so a stratum labelled in full
is known exactly and one where 0 of n labels count still leaves room for a few. The strata are
independent; their sum's mean and variance are exact, and the interval is the quantiles of a Beta with
that mean and variance (the stratified analogue of the Jeffreys interval, skewed away from 0 where the
rate is small), read as whole numbers of hits with a continuity correction (:func:`whole_hits`: the hits are
counts, and reading a continuous curve at a count's edge is what makes the Jeffreys interval miss near 0),
never of zero width while a reply is unlabelled. Deterministic, pure Python.

The point estimate is the usual unbiased stratified one (each stratum's labelled share times its size).

:func:`neyman_allocation` splits a labelling budget over strata: strata named ``take_all`` first (every
reply the judge calls a refusal, at low rates the replies that decide the rate), the rest in proportion to
size times the expected standard deviation of a label there (Neyman 1934), as the caller estimates it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

STRATIFIED_METHOD = "stratified-jeffreys"
"""The ``method`` of a corrected estimate from a verdict-stratified sample in the JSON contract."""

MIN_SIGMA = math.sqrt(0.01 * 0.99)
"""The smallest standard deviation a stratum is allocated by: as if its labels disagree with the judge 1% of
the time. A stratum the judge never erred on held out is not known to be error-free."""


@dataclass(frozen=True)
class StratumCount:
    """One stratum of a stratified sample."""

    size: int
    """Replies in the stratum (N_h)."""
    labelled: int
    """Of them, labelled by a person (n_h, a uniform sample of the stratum)."""
    hits: float
    """Of the labelled, those that count toward the rate (x_h); a whole number, except in a projection that
    enters an expected count."""

    def __post_init__(self) -> None:
        if not 0 <= self.hits <= self.labelled <= self.size:
            raise ValueError(f"need 0 <= hits <= labelled <= size, got {self}")


@dataclass(frozen=True)
class StratifiedEstimate:
    """A rate from a stratified sample: the unbiased value and the stratified Jeffreys interval."""

    value: float
    low: float
    high: float
    n_labelled: int
    n_unlabelled: int
    method: str = STRATIFIED_METHOD

    @property
    def n(self) -> int:
        """All items the estimate speaks for, labelled or not."""
        return self.n_labelled + self.n_unlabelled

    def half_width(self, alpha: float = 0.05) -> float:
        """Half the interval's width (the interval is not symmetric near 0; this is its average reach)."""
        return (self.high - self.low) / 2


# --- the regularised incomplete beta function and its inverse --------------------------------------------


def _beta_cf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function, by the modified Lentz method."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    out = d
    # The two steps of each term written out (not a loop over a tuple): the same operations in the same order,
    # so the same bits, about a third faster; a quantile calls this some fifty times.
    for m in range(1, 500):
        numerator = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        d = 1.0 + numerator * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + numerator / c
        c = c if abs(c) > tiny else tiny
        out *= c * d
        numerator = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
        d = 1.0 + numerator * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + numerator / c
        c = c if abs(c) > tiny else tiny
        out *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return out


def beta_cdf(x: float, a: float, b: float) -> float:
    """P(X <= x) for X ~ Beta(a, b)."""
    if a <= 0 or b <= 0:
        raise ValueError(f"Beta parameters must be positive, got {a}, {b}")
    return _beta_cdf(x, a, b, math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b))


def _beta_cdf(x: float, a: float, b: float, log_beta: float) -> float:
    """:func:`beta_cdf` with the log of the Beta function B(a, b) given (a quantile's search needs it once)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = a * math.log(x) + b * math.log1p(-x) - log_beta
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _beta_cf(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_cf(b, a, 1 - x) / b


@functools.lru_cache(maxsize=4096)
def beta_ppf(q: float, a: float, b: float) -> float:
    """The ``q`` quantile of Beta(a, b), by bisection on :func:`beta_cdf` (monotone, so it cannot fail).
    Remembered per (q, a, b): the viewer's pages ask for the same intervals again while the labels stand."""
    if not 0 < q < 1:
        raise ValueError(f"quantile level must be in (0, 1), got {q}")
    if a <= 0 or b <= 0:
        raise ValueError(f"Beta parameters must be positive, got {a}, {b}")
    log_beta = math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if _beta_cdf(mid, a, b, log_beta) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


# --- the estimator -----------------------------------------------------------------------------------------


def _unlabelled_moments(s: StratumCount) -> tuple[float, float]:
    """Posterior mean and variance of the hits among a stratum's unlabelled replies (Jeffreys prior)."""
    rest = s.size - s.labelled
    if rest == 0:
        return 0.0, 0.0
    a, b = s.hits + 0.5, s.labelled - s.hits + 0.5
    mean = rest * a / (a + b)
    var = rest * a * b * (a + b + rest) / ((a + b) ** 2 * (a + b + 1))
    return mean, var


def _interval(known: float, rest: int, mean: float, var: float, total: int, alpha: float) -> tuple[float, float]:
    """(low, high) of the rate when ``known`` hits are certain and the ``rest`` unlabelled replies hold hits
    of the given mean and variance: Beta quantiles matched to the unlabelled share's moments."""
    if rest == 0 or var <= 0:
        return (known + mean) / total, (known + mean) / total
    m, v = mean / rest, var / (rest * rest)
    m = min(max(m, 1e-12), 1 - 1e-12)
    k = m * (1 - m) / v - 1
    if k <= 0:  # cannot happen for sums of Beta-binomials; the widest Beta is the safe answer
        return known / total, (known + rest) / total
    a, b = m * k, (1 - m) * k
    low, high = whole_hits(rest * beta_ppf(alpha / 2, a, b), rest * beta_ppf(1 - alpha / 2, a, b), rest)
    return (known + low) / total, (known + high) / total


def whole_hits(low: float, high: float, rest: int) -> tuple[int, int]:
    """The bounds on the unlabelled hits, ``low`` and ``high`` read from the continuous approximation, as the
    whole numbers they are: with a continuity correction (P(hits <= k) is the approximation's at k + 1/2, so
    a bound is the smallest k whose k + 1/2 reaches it), and at least one apart while a reply is unlabelled.

    Without the correction a single hit among the labels (or two) lifts the lower bound above the one hit
    the population may hold: a known dip of the Jeffreys interval's coverage near 0 (Brown, Cai and DasGupta
    2001), here 0.74 where one of 232 judged-compliance replies is a miss and 60 of them are labelled."""
    lo = min(rest, max(0, math.ceil(low - 0.5)))
    hi = min(rest, max(0, math.ceil(high - 0.5)))
    if hi <= lo and rest > 0:
        # No label, no certainty: widen by one reply on the side the continuous interval reaches further.
        if lo == rest or (lo > 0 and lo - low > high - hi):
            lo = hi - 1
        else:
            hi = lo + 1
    return lo, hi


def stratified_rate(strata: Sequence[StratumCount], *, alpha: float = 0.05) -> StratifiedEstimate:
    """The rate over every reply of ``strata`` and its (1 - alpha) stratified Jeffreys interval.

    A stratum without a label contributes its prior (anything from 0 to all of it), so the interval says
    what was not looked at. Every stratum labelled in full gives the exact rate and an interval of no width.
    """
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), got {alpha}")
    total = sum(s.size for s in strata)
    if total == 0:
        raise ValueError("no replies in any stratum")
    known = sum(s.hits for s in strata)
    rest = sum(s.size - s.labelled for s in strata)
    moments = [_unlabelled_moments(s) for s in strata]
    mean = math.fsum(m for m, _ in moments)
    var = math.fsum(v for _, v in moments)
    # Unbiased under stratified uniform sampling: a stratum's labelled share stands for its unlabelled replies.
    value = (
        math.fsum(s.size * s.hits / s.labelled if s.labelled else m + s.hits for s, (m, _) in zip(strata, moments))
        / total
    )
    low, high = _interval(known, rest, mean, var, total, alpha)
    labelled = sum(s.labelled for s in strata)
    return StratifiedEstimate(value, min(low, value), max(high, value), labelled, total - labelled)


# --- allocation --------------------------------------------------------------------------------------------


def _largest_remainders(budget: int, weights: Mapping[str, float], caps: Mapping[str, int]) -> dict[str, int]:
    """``budget`` split in proportion to ``weights``, never above ``caps``; what a capped stratum cannot take
    goes to the others."""
    out = {k: 0 for k in weights}
    left = min(budget, sum(caps.values()))
    open_ = {k for k in weights if caps[k] > 0}
    while left > 0 and open_:
        w_total = math.fsum(weights[k] for k in open_)
        exact = {k: left * (weights[k] / w_total if w_total > 0 else 1 / len(open_)) for k in open_}
        room = {k: caps[k] - out[k] for k in open_}
        give = {k: min(room[k], math.floor(exact[k])) for k in open_}
        for k in sorted(open_, key=lambda k: (exact[k] - math.floor(exact[k]), k), reverse=True):
            if sum(give.values()) >= left:
                break
            if give[k] < room[k]:
                give[k] += 1
        for k, g in give.items():
            out[k] += g
        left -= sum(give.values())
        open_ = {k for k in open_ if out[k] < caps[k]}
    return out


def neyman_allocation(
    budget: int,
    sizes: Mapping[str, int],
    sigmas: Mapping[str, float],
    *,
    take_all: Sequence[str] = (),
    min_per_stratum: int = 2,
    min_sigma: float = MIN_SIGMA,
) -> dict[str, int]:
    """Labels per stratum for a budget of ``budget``.

    ``take_all`` strata get every reply, but leave ``min_per_stratum`` labels to each other non-empty
    stratum (a stratum never looked at has an interval as wide as itself). What is left goes to the other
    strata in proportion to size * sigma, sigma never below ``min_sigma``, none above its size.
    """
    if budget < 0:
        raise ValueError(f"budget must be >= 0, got {budget}")
    keys = list(sizes)
    others = [k for k in keys if k not in take_all and sizes[k] > 0]
    reserve = {k: min(sizes[k], min_per_stratum) for k in others}
    room_for_take_all = max(0, budget - sum(reserve.values()))
    out = _largest_remainders(
        room_for_take_all,
        {k: float(sizes[k]) for k in keys if k in take_all},
        {k: sizes[k] for k in keys if k in take_all},
    )
    left = budget - sum(out.values())
    floor = _largest_remainders(left, {k: 1.0 for k in others}, reserve)
    left -= sum(floor.values())
    weights = {k: sizes[k] * max(min_sigma, sigmas.get(k, 0.5)) for k in others}
    more = _largest_remainders(left, weights, {k: sizes[k] - floor[k] for k in others})
    for k in keys:
        out[k] = out.get(k, 0) + floor.get(k, 0) + more.get(k, 0)
    # Labels the other strata could not take (all labelled) go back to the take-all strata.
    spare = budget - sum(out.values())
    if spare > 0:
        extra = _largest_remainders(spare, {k: 1.0 for k in keys}, {k: sizes[k] - out[k] for k in keys})
        for k in keys:
            out[k] += extra[k]
    return out
