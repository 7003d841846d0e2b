"""The stratified Jeffreys estimator (``stats/stratified.py``): its interval's shape (never of zero width while a
reply is unlabelled, exact when every stratum is labelled), its moments and quantiles against brute force, its
coverage by simulation, and the Neyman allocation that spends a labelling budget."""

from __future__ import annotations

import math
import random

import pytest
from scipy import stats as sps

from overrefusal.stats.stratified import (
    StratumCount,
    beta_cdf,
    beta_ppf,
    neyman_allocation,
    stratified_rate,
)


def test_beta_functions_match_scipy() -> None:
    rng = random.Random(7)
    for _ in range(200):
        a, b, x, q = rng.uniform(0.2, 60), rng.uniform(0.2, 400), rng.random(), rng.uniform(0.001, 0.999)
        assert beta_cdf(x, a, b) == pytest.approx(sps.beta.cdf(x, a, b), abs=1e-10)
        assert beta_ppf(q, a, b) == pytest.approx(sps.beta.ppf(q, a, b), abs=1e-9)


@pytest.mark.parametrize(
    "strata",
    [
        [StratumCount(250, 60, 0)],  # 0 of 60 disagree: still room for a few
        [StratumCount(20, 20, 16), StratumCount(230, 40, 0)],  # take-all stratum + judged-compliance stratum
        [StratumCount(230, 229, 0), StratumCount(20, 20, 20)],  # one reply left unlabelled
        [StratumCount(100, 50, 50)],  # every label a hit
        [StratumCount(100, 0, 0), StratumCount(5, 5, 1)],  # a stratum never looked at
    ],
)
def test_the_interval_never_has_zero_width_while_a_reply_is_unlabelled(strata: list[StratumCount]) -> None:
    est = stratified_rate(strata)
    known = sum(s.hits for s in strata) / sum(s.size for s in strata)
    assert est.high > est.low
    assert est.low <= est.value <= est.high
    # The labelled hits are certain, and the unlabelled replies could hold more but never fewer.
    assert est.low >= known - 1e-12
    assert est.high <= (sum(s.hits for s in strata) + sum(s.size - s.labelled for s in strata)) / sum(
        s.size for s in strata
    )


def test_zero_hits_keep_an_upper_bound_above_zero_that_shrinks_with_more_labels() -> None:
    highs = [stratified_rate([StratumCount(250, n, 0)]).high for n in (20, 60, 120, 249)]
    assert all(h > 0 for h in highs)
    assert highs == sorted(highs, reverse=True)
    assert stratified_rate([StratumCount(250, 250, 0)]).high == 0.0


def test_fully_labelled_strata_are_exact() -> None:
    strata = [StratumCount(30, 30, 7), StratumCount(200, 200, 3), StratumCount(1, 1, 1)]
    est = stratified_rate(strata)
    assert est.value == est.low == est.high == pytest.approx(11 / 231)
    # A fully labelled stratum adds no width to the others': the same interval as the rest alone, rescaled.
    mixed = stratified_rate([StratumCount(30, 30, 7), StratumCount(200, 50, 2)])
    alone = stratified_rate([StratumCount(200, 50, 2)])
    assert (mixed.high - mixed.low) * 230 == pytest.approx((alone.high - alone.low) * 200, rel=1e-9)


def _beta_binomial_pmf(rest: int, a: float, b: float) -> list[float]:
    def log_beta(x: float, y: float) -> float:
        return math.lgamma(x) + math.lgamma(y) - math.lgamma(x + y)

    return [
        math.exp(math.lgamma(rest + 1) - math.lgamma(k + 1) - math.lgamma(rest - k + 1) + log_beta(k + a, rest - k + b))
        / math.exp(log_beta(a, b))
        for k in range(rest + 1)
    ]


def _brute_force_interval(strata: list[StratumCount], alpha: float = 0.05) -> tuple[float, float, float, float]:
    """The exact posterior of the unlabelled hits (each stratum's Jeffreys Beta-binomial, convolved), its
    mean, variance and equal-tailed quantiles as rates."""
    dist = [1.0]
    for s in strata:
        rest = s.size - s.labelled
        pmf = _beta_binomial_pmf(rest, s.hits + 0.5, s.labelled - s.hits + 0.5) if rest else [1.0]
        out = [0.0] * (len(dist) + len(pmf) - 1)
        for i, p in enumerate(dist):
            for j, q in enumerate(pmf):
                out[i + j] += p * q
        dist = out
    total = sum(s.size for s in strata)
    known = sum(s.hits for s in strata)
    mean = sum(k * p for k, p in enumerate(dist))
    var = sum((k - mean) ** 2 * p for k, p in enumerate(dist))
    cum, low, high = 0.0, None, None
    for k, p in enumerate(dist):
        cum += p
        if low is None and cum >= alpha / 2:
            low = k
        if high is None and cum >= 1 - alpha / 2:
            high = k
    assert low is not None and high is not None
    return (known + mean) / total, var, (known + low) / total, (known + high) / total


@pytest.mark.parametrize(
    "strata",
    [
        [StratumCount(20, 20, 16), StratumCount(230, 40, 0)],
        [StratumCount(20, 20, 16), StratumCount(230, 40, 1)],
        [StratumCount(12, 12, 3), StratumCount(238, 48, 2)],
        [StratumCount(150, 30, 4), StratumCount(60, 10, 1), StratumCount(40, 20, 0)],
    ],
)
def test_the_interval_agrees_with_the_exact_posterior(strata: list[StratumCount]) -> None:
    """The closed-form moments are the exact posterior's, and the moment-matched Beta interval lands within a
    point of the exact posterior's quantiles (integers, so up to one reply's share apart)."""
    from overrefusal.stats.stratified import _unlabelled_moments

    mean_rate, var, low, high = _brute_force_interval(strata)
    total = sum(s.size for s in strata)
    moments = [_unlabelled_moments(s) for s in strata]
    assert (sum(s.hits for s in strata) + sum(m for m, _ in moments)) / total == pytest.approx(mean_rate, abs=1e-9)
    assert sum(v for _, v in moments) == pytest.approx(var, rel=1e-6)
    est = stratified_rate(strata)
    assert est.low == pytest.approx(low, abs=0.01)
    assert est.high == pytest.approx(high, abs=0.01)


def test_coverage_by_simulation_at_low_rates() -> None:
    """Populations shaped like a judged benign half at 1-8% over-refusal: a take-all stratum of the replies the
    judge called refusals, a large judged-compliance stratum where the judge misses a few; 60 labels. The 95%
    interval covers the true rate in at least 90% of 300 seeded draws for each, and is never of zero width."""
    rng = random.Random(31)
    for take_all, take_hits, rest_size, rest_hits in ((16, 12, 234, 2), (6, 2, 244, 2), (24, 18, 226, 5)):
        truth = (take_hits + rest_hits) / (take_all + rest_size)
        rest_pop = [1] * rest_hits + [0] * (rest_size - rest_hits)
        covered = 0
        for _ in range(300):
            labelled = 60 - take_all
            drawn = rng.sample(rest_pop, labelled)
            est = stratified_rate(
                [StratumCount(take_all, take_all, take_hits), StratumCount(rest_size, labelled, sum(drawn))]
            )
            assert est.high > est.low
            covered += est.low <= truth <= est.high
        assert covered / 300 >= 0.90, (take_all, rest_hits, covered)


def test_neyman_allocation_takes_all_then_spreads_by_size_times_sigma() -> None:
    sizes = {"take": 15, "big": 200, "sure": 200, "empty": 0}
    alloc = neyman_allocation(60, sizes, {"big": 0.3, "sure": 0.1}, take_all=["take"])
    assert sum(alloc.values()) == 60 and alloc["take"] == 15 and alloc["empty"] == 0
    # Beyond the two each keeps, in proportion to size * sigma.
    assert alloc["big"] - 2 == pytest.approx(3 * (alloc["sure"] - 2), abs=1)
    # A small budget still leaves two labels to each other non-empty stratum.
    small = neyman_allocation(10, sizes, {"big": 0.3, "sure": 0.1}, take_all=["take"])
    assert small == {"take": 6, "big": 2, "sure": 2, "empty": 0}
    # More than the strata hold: everything, no stratum above its size.
    assert neyman_allocation(1000, sizes, {}, take_all=["take"]) == sizes


def _hypergeometric(size: int, misses: int, drawn: int) -> list[float]:
    """P(x misses among ``drawn`` replies taken uniformly from ``size`` holding ``misses``), x = 0, 1, ..."""
    whole = math.comb(size, drawn)
    return [math.comb(misses, x) * math.comb(size - misses, drawn - x) / whole for x in range(min(misses, drawn) + 1)]


@pytest.mark.parametrize("labelled", [32, 42, 60])
def test_exact_coverage_holds_for_every_count_of_misses_near_zero(labelled: int) -> None:
    """Coverage computed exactly (every sample the design can draw, weighted by its probability), not
    simulated: a take-all stratum of 18 judged refusals (16 real) and 232 judged compliance of which 0-23 are
    misses, ``labelled`` of them labelled. Every count of misses is covered at least 90% of the time. Before
    the continuity correction one miss in the 232 was covered 0.74-0.86 of the time: a sample that found it
    put the lower bound above the one miss there is."""
    for misses in range(24):
        truth = (16 + misses) / 250
        coverage = 0.0
        for x, p in enumerate(_hypergeometric(232, misses, labelled)):
            est = stratified_rate([StratumCount(18, 18, 16), StratumCount(232, labelled, x)])
            coverage += p * (est.low <= truth + 1e-12 and truth <= est.high + 1e-12)
        assert coverage >= 0.90, (labelled, misses, coverage)


@pytest.mark.parametrize(
    "strata",
    [
        [StratumCount(250, 60, 0)],
        [StratumCount(18, 18, 16), StratumCount(232, 32, 2)],
        [StratumCount(150, 30, 4), StratumCount(60, 10, 1), StratumCount(40, 20, 0)],
        [StratumCount(100, 40, 40)],
    ],
)
def test_the_bounds_are_whole_numbers_of_hits(strata: list[StratumCount]) -> None:
    est = stratified_rate(strata)
    total = sum(s.size for s in strata)
    known = sum(s.hits for s in strata)
    for bound in (est.low, est.high):
        if bound != est.value:
            assert bound * total - known == pytest.approx(round(bound * total - known), abs=1e-9)


def test_a_posterior_narrower_than_one_reply_still_leaves_one_reply_of_doubt() -> None:
    # 0 of 400 labelled disagree, 5 left: the continuous upper bound is a small fraction of a reply.
    est = stratified_rate([StratumCount(405, 400, 0)])
    assert est.low == 0.0
    assert est.high == pytest.approx(1 / 405)
    # Every label a hit, 5 left: the lower bound leaves room for one reply that is not.
    est = stratified_rate([StratumCount(405, 400, 400)])
    assert est.high == 1.0
    assert est.low == pytest.approx(404 / 405)


def test_random_strata_keep_width_order_and_range() -> None:
    """Over random stratified samples (1-4 strata, tiny to large, 0 to all hits): width while a reply is
    unlabelled, the point value inside, never below the labelled hits nor above them plus every unlabelled
    reply."""
    rng = random.Random(11)
    for _ in range(400):
        strata = []
        for _ in range(rng.randint(1, 4)):
            size = rng.choice([1, 2, 5, 30, 250, 2000])
            labelled = rng.randint(1, size)
            hits = rng.choice([0, labelled, rng.randint(0, labelled)])
            strata.append(StratumCount(size, labelled, hits))
        est = stratified_rate(strata)
        total = sum(s.size for s in strata)
        known = sum(s.hits for s in strata)
        rest = sum(s.size - s.labelled for s in strata)
        assert est.low <= est.value <= est.high
        assert known / total - 1e-12 <= est.low and est.high <= (known + rest) / total + 1e-12
        assert (est.high > est.low) == (rest > 0), strata
