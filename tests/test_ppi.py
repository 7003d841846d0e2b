"""Prediction-powered inference (stats/ppi.py): a hand-computed example, the authors' ppi_py, and the
coverage simulation the labelling issue asks for (a judge wrong in a known, biased way)."""

from __future__ import annotations

import math
import random

import pytest

from overrefusal.stats import wilson
from overrefusal.stats.ppi import (
    active_mean_ci,
    corrected_rate,
    labels_needed,
    power_tuning,
    ppi_mean_ci,
)


def test_small_example_by_hand() -> None:
    y = [1, 0, 1, 1]
    f = [1, 0, 0, 1]
    fu = [1, 0, 1, 0, 0, 1]
    # lam = 1 (plain PPI): judge's mean on the unlabelled 3/6, plus the mean human-minus-judge 1/4.
    est = ppi_mean_ci(y, f, fu, lam=1.0)
    assert est.value == pytest.approx(0.75)
    # Var0(fu) = 0.25 over 6; Var0(y - f) = Var0([0, 0, 1, 0]) = 0.1875 over 4.
    se = math.sqrt(0.25 / 6 + 0.1875 / 4)
    assert est.se == pytest.approx(se)
    assert est.low == pytest.approx(0.75 - 1.959963984540054 * se)
    assert est.high == pytest.approx(0.75 + 1.959963984540054 * se)
    # Power tuning: Cov_n(y, f) = 0.5 / 4; Var(f over all 10, ddof 1) = 2.5 / 9; (1 + 4/6).
    lam = (0.5 / 4) / ((1 + 4 / 6) * (2.5 / 9))
    assert lam == pytest.approx(0.27)
    assert power_tuning(y, f, fu) == pytest.approx(lam)
    tuned = ppi_mean_ci(y, f, fu)
    assert tuned.lam == pytest.approx(lam)
    assert tuned.value == pytest.approx(lam * 0.5 + (3 - lam * 2) / 4)
    # lam = 0 is the labels alone: mean 3/4 with the CLT standard error.
    alone = ppi_mean_ci(y, f, fu, lam=0.0)
    assert alone.value == pytest.approx(0.75)
    assert alone.se == pytest.approx(math.sqrt(0.1875 / 4))


def test_matches_ppi_py_on_random_data() -> None:
    np = pytest.importorskip("numpy")
    ppi_py = pytest.importorskip("ppi_py")
    rng = np.random.default_rng(12)
    checked = 0
    for trial in range(40):
        n, big_n = int(rng.integers(5, 120)), int(rng.integers(10, 2000))
        if trial % 2:  # binary labels and verdicts, as in every rate here
            p = rng.uniform(0.05, 0.9)
            y = (rng.random(n) < p).astype(float)
            flip = rng.uniform(0, 0.3)
            f = np.where(rng.random(n) < flip, 1 - y, y)
            fu = (rng.random(big_n) < p).astype(float)
        else:  # continuous values: the estimator is for any mean
            y = rng.normal(size=n)
            f = y + rng.normal(scale=rng.uniform(0.1, 2), size=n)
            fu = rng.normal(size=big_n)
        if np.var(np.concatenate([f, fu])) == 0:
            continue
        for alpha in (0.05, 0.1):
            low, high = ppi_py.ppi_mean_ci(y, f, fu, alpha=alpha)
            ours = ppi_mean_ci(list(y), list(f), list(fu), alpha=alpha)
            assert ours.low == pytest.approx(float(np.ravel(low)[0]), abs=1e-9)
            assert ours.high == pytest.approx(float(np.ravel(high)[0]), abs=1e-9)
            point = ppi_py.ppi_mean_pointestimate(y, f, fu)
            assert ours.value == pytest.approx(float(np.ravel(point)[0]), abs=1e-9)
            low1, high1 = ppi_py.ppi_mean_ci(y, f, fu, alpha=alpha, lam=1.0)
            plain = ppi_mean_ci(list(y), list(f), list(fu), alpha=alpha, lam=1.0)
            assert (plain.low, plain.high) == pytest.approx((float(np.ravel(low1)[0]), float(np.ravel(high1)[0])))
            checked += 1
    assert checked >= 70


def _population(
    rng: random.Random, size: int, rate: float, false_refusal: float, missed_refusal: float
) -> tuple[list[bool], list[bool]]:
    """(human truth, judge verdict) for ``size`` replies: a refusal with probability ``rate``; the judge
    calls a compliance a refusal with probability ``false_refusal`` and misses a refusal with ``missed_refusal``."""
    truth = [rng.random() < rate for _ in range(size)]
    judge = [(rng.random() >= missed_refusal) if t else (rng.random() < false_refusal) for t in truth]
    return truth, judge


def test_coverage_with_a_biased_judge() -> None:
    """The judge calls 10% of compliances refusals. Over 1,000 seeded samples of 60 labels, the corrected
    95% interval covers the true rate at least 93% of the time; the judged rate alone is biased upwards."""
    true_rate, size, n_labels = 0.2, 300, 60
    covered = covered_finite = judged_covered = 0
    judged_rates: list[float] = []
    corrected_values: list[float] = []
    for seed in range(1000):
        rng = random.Random(seed)
        truth, judge = _population(rng, size, true_rate, false_refusal=0.10, missed_refusal=0.0)
        sample = set(rng.sample(range(size), n_labels))
        est = corrected_rate(
            [truth[i] for i in sorted(sample)],
            [judge[i] for i in sorted(sample)],
            [judge[i] for i in range(size) if i not in sample],
        )
        covered += est.low <= true_rate <= est.high
        finite = sum(truth) / size
        covered_finite += est.low <= finite <= est.high
        judged = wilson(sum(judge), size)
        judged_covered += judged.low <= true_rate <= judged.high
        judged_rates.append(judged.value)
        corrected_values.append(est.value)
    coverage = covered / 1000
    print(
        f"corrected coverage {coverage:.3f} (of the run's own rate {covered_finite / 1000:.3f}); judged-rate Wilson "
        f"coverage {judged_covered / 1000:.3f}; mean judged {sum(judged_rates) / 1000:.4f}, mean corrected "
        f"{sum(corrected_values) / 1000:.4f}, truth {true_rate}"
    )
    assert coverage >= 0.93
    assert covered_finite / 1000 >= 0.93
    # The judged rate is biased by 0.8 * 0.10 = 8 points, and its own interval almost never covers the truth.
    assert sum(judged_rates) / 1000 - true_rate == pytest.approx(0.08, abs=0.01)
    assert judged_covered / 1000 < 0.2
    # The corrected estimate is unbiased.
    assert sum(corrected_values) / 1000 == pytest.approx(true_rate, abs=0.005)


def test_good_judge_gives_narrower_intervals_than_labels_alone() -> None:
    """A judge that disagrees with humans on about 2% of replies: PPI++ beats the 60 labels alone."""
    narrower = 0
    widths_ppi: list[float] = []
    widths_labels: list[float] = []
    for seed in range(300):
        rng = random.Random(10_000 + seed)
        truth, judge = _population(rng, 500, 0.3, false_refusal=0.02, missed_refusal=0.02)
        sample = rng.sample(range(500), 60)
        chosen = set(sample)
        est = corrected_rate(
            [truth[i] for i in sample], [judge[i] for i in sample], [judge[i] for i in range(500) if i not in chosen]
        )
        alone = wilson(sum(truth[i] for i in sample), 60)
        widths_ppi.append(est.high - est.low)
        widths_labels.append(alone.high - alone.low)
        narrower += (est.high - est.low) < (alone.high - alone.low)
    mean_ppi, mean_labels = sum(widths_ppi) / 300, sum(widths_labels) / 300
    print(f"mean width: corrected {mean_ppi:.3f}, 60 labels alone {mean_labels:.3f}")
    assert mean_ppi < 0.7 * mean_labels
    assert narrower >= 290


def test_a_sample_without_disagreement_still_has_width() -> None:
    """30 labels, all agreeing with the judge: the interval must not collapse onto the judge's rate."""
    truth = [False] * 30
    est = corrected_rate(truth, truth, [False] * 220)
    assert est.value == 0.0
    assert est.high > 0.03


def test_active_inference_is_unbiased_and_covers() -> None:
    """Labels drawn with probability rising with the judge's uncertainty, weighted by 1/probability."""
    covered = 0
    values = []
    for seed in range(400):
        rng = random.Random(50_000 + seed)
        truth, judge = _population(rng, 400, 0.25, false_refusal=0.10, missed_refusal=0.05)
        # The judge is unsure where it errs more often: inclusion probability 0.35 there, 0.08 elsewhere.
        unsure = [rng.random() < (0.6 if t != j else 0.1) for t, j in zip(truth, judge)]
        probs = [0.35 if u else 0.08 for u in unsure]
        labels: list[float | None] = [float(t) if rng.random() < p else None for t, p in zip(truth, probs)]
        est = active_mean_ci([float(j) for j in judge], labels, probs)
        covered += est.low <= 0.25 <= est.high
        values.append(est.value)
    print(f"active coverage {covered / 400:.3f}, mean {sum(values) / 400:.4f}")
    assert covered / 400 >= 0.90
    assert sum(values) / 400 == pytest.approx(0.25, abs=0.01)


def test_labels_needed_for_two_points() -> None:
    # 5% disagreement: about +/- 6 points with 60 labels, 480 labels for +/- 2 points.
    assert labels_needed(0.05, 0.02) == 481 or labels_needed(0.05, 0.02) == 480
    assert 1.96 * math.sqrt(0.05 / 60) == pytest.approx(0.057, abs=0.001)
    with pytest.raises(ValueError):
        labels_needed(0.05, 0)


def test_uncertainty_sampling_needs_fewer_labels() -> None:
    """A judge unsure on 20% of replies and wrong on 40% of those (1% elsewhere): with the same expected 60
    labels, sampling the unsure replies more often (half uniform, half by uncertainty, as `label --strategy
    uncertainty` does) gives a narrower interval than a uniform sample, and still covers the truth."""
    widths = {"uniform": 0.0, "active": 0.0}
    covered = {"uniform": 0, "active": 0}
    runs, size, n = 300, 400, 60
    for seed in range(runs):
        rng = random.Random(70_000 + seed)
        truth = [rng.random() < 0.25 for _ in range(size)]
        unsure = [rng.random() < 0.2 for _ in range(size)]
        judge = [(not t) if rng.random() < (0.4 if u else 0.01) else t for t, u in zip(truth, unsure)]
        sample = set(rng.sample(range(size), n))
        est = corrected_rate(
            [truth[i] for i in sorted(sample)],
            [judge[i] for i in sorted(sample)],
            [judge[i] for i in range(size) if i not in sample],
        )
        weight = [0.9 if u else 0.1 for u in unsure]
        total = sum(weight)
        probs = [min(1.0, n * (0.5 / size + 0.5 * w / total)) for w in weight]
        labels: list[float | None] = [float(t) if rng.random() < p else None for t, p in zip(truth, probs)]
        act = active_mean_ci([float(j) for j in judge], labels, probs)
        for name, e in (("uniform", est), ("active", act)):
            widths[name] += (min(1.0, e.high) - max(0.0, e.low)) / runs
            covered[name] += e.low <= 0.25 <= e.high
    print(
        f"mean width: uniform {widths['uniform']:.3f}, uncertainty-weighted {widths['active']:.3f}; coverage "
        f"{covered['uniform'] / runs:.3f} / {covered['active'] / runs:.3f}"
    )
    assert widths["active"] < 0.9 * widths["uniform"]
    assert covered["active"] / runs >= 0.92
