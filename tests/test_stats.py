"""Statistics against values computed by hand or published in textbooks."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from overrefusal.stats import (
    agreement_metrics,
    bootstrap_counts,
    bootstrap_mean,
    mcnemar_exact,
    paired_difference,
    percentile_interval,
    wilson,
)
from overrefusal.types import Verdict

C, R, P, E = Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL, Verdict.ERROR


# --- Wilson ----------------------------------------------------------------------------------------


def test_wilson_half() -> None:
    e = wilson(5, 10)
    assert e.value == 0.5
    assert e.low == pytest.approx(0.2366, abs=1e-4)
    assert e.high == pytest.approx(0.7634, abs=1e-4)
    assert e.n == 10 and e.method == "wilson"


def test_wilson_edges() -> None:
    zero = wilson(0, 20)
    assert zero.value == 0 and zero.low == 0
    assert zero.high == pytest.approx(0.1611, abs=1e-4)  # 1.96^2 / (20 + 1.96^2)
    full = wilson(20, 20)
    assert full.high == 1 and full.low == pytest.approx(1 - 0.1611, abs=1e-4)


def test_wilson_empty_is_uninformative() -> None:
    e = wilson(0, 0)
    assert (e.value, e.low, e.high, e.n) == (0.0, 0.0, 1.0, 0)


def test_wilson_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson(3, 2)
    with pytest.raises(ValueError):
        wilson(-1, 2)


def test_wilson_known_value_other_z() -> None:
    # 81/263 with z = 1.96: interval [0.2553, 0.3662] (Wilson 1927 style worked example values).
    e = wilson(81, 263)
    assert e.low == pytest.approx(0.2553, abs=5e-4)
    assert e.high == pytest.approx(0.3662, abs=5e-4)


# --- bootstrap -----------------------------------------------------------------------------------


def test_bootstrap_reproducible_and_sane() -> None:
    values = [0, 1] * 50
    a = bootstrap_mean(values, random.Random(1))
    b = bootstrap_mean(values, random.Random(1))
    assert a == b
    assert a.value == 0.5 and a.method == "bootstrap" and a.n == 100
    # Close to the normal-approximation interval 0.5 +- 1.96 * 0.05.
    assert a.low == pytest.approx(0.402, abs=0.03)
    assert a.high == pytest.approx(0.598, abs=0.03)


def test_bootstrap_constant_and_empty() -> None:
    c = bootstrap_mean([3.0] * 10, random.Random(0), n_resamples=50)
    assert (c.value, c.low, c.high) == (3.0, 3.0, 3.0)
    e = bootstrap_mean([], random.Random(0))
    assert (e.value, e.low, e.high, e.n) == (0.0, 0.0, 0.0, 0)


def test_bootstrap_rejects_bad_level() -> None:
    with pytest.raises(ValueError):
        bootstrap_mean([1.0], random.Random(0), level=1.5)


def test_bootstrap_counts_resample_every_unit_with_replacement() -> None:
    units = ["a"] * 30 + ["b"] * 70
    draws = bootstrap_counts(units, random.Random(2), n_resamples=400)
    assert len(draws) == 400 and all(sum(c.values()) == 100 and set(c) <= {"a", "b"} for c in draws)
    assert draws == bootstrap_counts(units, random.Random(2), n_resamples=400)
    share = [c["a"] / 100 for c in draws]
    # Binomial(100, 0.3): mean 0.3, sd 0.046.
    assert statistics.fmean(share) == pytest.approx(0.3, abs=0.01)
    assert statistics.stdev(share) == pytest.approx(0.046, abs=0.008)
    assert bootstrap_counts([], random.Random(0)) == []
    with pytest.raises(ValueError):
        bootstrap_counts(units, random.Random(0), n_resamples=0)


def test_percentile_interval_is_the_central_share() -> None:
    assert percentile_interval([float(v) for v in range(101)][::-1], 0.9) == pytest.approx((5.0, 95.0))
    with pytest.raises(ValueError):
        percentile_interval([1.0], 1.0)


# --- McNemar and paired difference ---------------------------------------------------------------


def test_mcnemar_exact_known() -> None:
    # 2 * P(X <= 2), X ~ Binomial(12, 1/2) = 2 * 79 / 4096
    assert mcnemar_exact(10, 2) == pytest.approx(0.03857, abs=1e-5)
    assert mcnemar_exact(2, 10) == mcnemar_exact(10, 2)


def test_mcnemar_edges() -> None:
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(5, 5) == 1.0  # capped
    assert mcnemar_exact(0, 1) == 1.0
    assert mcnemar_exact(0, 10) == pytest.approx(2 / 1024)
    # Large counts do not overflow.
    assert 0 < mcnemar_exact(5000, 5200) < 1


def test_paired_difference_newcombe_reference() -> None:
    # Paired 2x2 table (both 59, first only 6, second only 16, neither 80), the worked example of the
    # Newcombe square-and-add interval for paired data in Fagerland, Lydersen & Laake, "Statistical
    # Analysis of Contingency Tables" (ch. 8): estimate -0.0621, 95% CI -0.1186 to -0.0046.
    first = [True] * 59 + [True] * 6 + [False] * 16 + [False] * 80
    second = [True] * 59 + [False] * 6 + [True] * 16 + [False] * 80
    cmp = paired_difference(baseline=second, candidate=first)
    assert cmp.difference == pytest.approx(-10 / 161)
    assert cmp.low == pytest.approx(-0.1186, abs=5e-5)
    assert cmp.high == pytest.approx(-0.0046, abs=5e-5)
    assert cmp.n_pairs == 161
    assert cmp.p_value == pytest.approx(mcnemar_exact(6, 16))
    assert cmp.baseline.value == pytest.approx(75 / 161)
    assert cmp.candidate.value == pytest.approx(65 / 161)


def test_paired_difference_bounds_and_direction() -> None:
    base = [False] * 40
    cand = [True] * 40
    cmp = paired_difference(base, cand)
    assert cmp.difference == 1.0
    assert -1.0 <= cmp.low <= cmp.high <= 1.0
    assert cmp.p_value < 1e-10
    same = paired_difference([True, False] * 10, [True, False] * 10)
    assert same.difference == 0 and same.p_value == 1.0 and same.low < 0 < same.high


def test_paired_difference_errors_and_empty() -> None:
    with pytest.raises(ValueError):
        paired_difference([True], [True, False])
    empty = paired_difference([], [])
    assert empty.n_pairs == 0 and empty.p_value == 1.0


# --- agreement metrics ---------------------------------------------------------------------------


def test_kappa_textbook() -> None:
    # Two raters, 50 items, yes/no: both yes 20, both no 15, A-yes/B-no 5, A-no/B-yes 10.
    # p_o = 0.7, p_e = 0.5, kappa = 0.4 (the standard worked example). Mapped onto two of our classes.
    gold = [R] * 20 + [C] * 15 + [R] * 5 + [C] * 10
    pred = [R] * 20 + [C] * 15 + [C] * 5 + [R] * 10
    m = agreement_metrics(gold, pred)
    assert m["kappa_3class"] == pytest.approx(0.4)
    assert m["accuracy_3class"] == pytest.approx(0.7)


def test_metrics_shape_and_values() -> None:
    gold = [C, C, C, R, R, P, P, P]
    pred = [C, C, R, R, P, P, C, E]
    m = agreement_metrics(gold, pred)
    assert set(m) == {"n", "accuracy_3class", "accuracy_binary", "kappa_3class", "per_class", "confusion", "errors"}
    assert m["n"] == 8
    assert m["errors"] == 1
    assert m["confusion"] == [[2, 1, 0], [0, 1, 1], [1, 0, 1]]
    assert m["accuracy_3class"] == pytest.approx(4 / 8)
    # binary: C-C, C-C, C-R wrong, R-R, R-P, P-P, P-C wrong, P-E wrong -> 5/8
    assert m["accuracy_binary"] == pytest.approx(5 / 8)
    pc = m["per_class"]
    assert set(pc) == {"full_compliance", "full_refusal", "partial_refusal"}
    assert pc["full_compliance"]["precision"] == pytest.approx(2 / 3)
    assert pc["full_compliance"]["recall"] == pytest.approx(2 / 3)
    assert pc["partial_refusal"]["recall"] == pytest.approx(1 / 3)  # the ERROR counts against recall
    assert pc["partial_refusal"]["precision"] == pytest.approx(1 / 2)
    f1 = pc["full_refusal"]["f1"]
    assert f1 == pytest.approx(2 * 0.5 * 0.5 / 1.0)
    # kappa by hand: p_o = 0.5; gold totals (3,2,3), predicted columns (3,2,2) -> p_e = (9+4+6)/64
    p_e = (9 + 4 + 6) / 64
    assert m["kappa_3class"] == pytest.approx((0.5 - p_e) / (1 - p_e))


def test_metrics_perfect_and_empty() -> None:
    m = agreement_metrics([C, R, P], [C, R, P])
    assert m["accuracy_3class"] == 1 and m["kappa_3class"] == 1 and m["errors"] == 0
    single = agreement_metrics([C, C], [C, C])
    assert single["kappa_3class"] == 1.0
    empty = agreement_metrics([], [])
    assert empty["n"] == 0 and empty["accuracy_3class"] == 0 and not math.isnan(empty["kappa_3class"])


def test_metrics_reject_bad_input() -> None:
    with pytest.raises(ValueError):
        agreement_metrics([C], [C, R])
    with pytest.raises(ValueError):
        agreement_metrics([E], [C])
