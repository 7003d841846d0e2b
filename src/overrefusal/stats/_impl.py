"""Intervals, paired tests and agreement metrics: pure functions of their arguments.

No module state and no hidden randomness: anything random takes a ``random.Random``, so results are
reproducible from a seed. Pure Python on purpose (no numpy), so the core stays light and fast to import.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any, TypeVar

from ..types import Comparison, Estimate, Verdict

H = TypeVar("H", bound=Hashable)

# --- single proportions -------------------------------------------------------------------------


def wilson(successes: int, n: int, z: float = 1.96) -> Estimate:
    """Wilson score interval for a proportion ``successes / n``.

    Chosen over the Wald interval because it stays inside [0, 1] and keeps its coverage for rates
    near 0 or 1 and for small n, which is where refusal rates of good models live.
    With ``n == 0`` there is no information: the value is 0 and the interval is the whole [0, 1].
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got successes={successes}, n={n}")
    if n == 0:
        return Estimate(0.0, 0.0, 1.0, 0, "wilson")
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # Clamp float noise at the edges (p = 0 or 1 gives exactly 0 / 1 in exact arithmetic).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high, n, "wilson")


def _quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile (the same rule as numpy's default) of already sorted values."""
    if not sorted_values:
        raise ValueError("quantile of an empty sequence")
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    frac = pos - lo
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * frac


def bootstrap_mean(
    values: Sequence[float], rng: random.Random, n_resamples: int = 2000, level: float = 0.95
) -> Estimate:
    """Percentile bootstrap interval for the mean of ``values``.

    ``rng`` supplies all randomness, so the same seed gives the same interval. Empty input gives
    value 0 with interval [0, 0] (there is nothing to resample; a mean has no natural range).
    """
    if not 0 < level < 1:
        raise ValueError(f"level must be in (0, 1), got {level}")
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be positive, got {n_resamples}")
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0, "bootstrap")
    vals = [float(v) for v in values]
    mean = math.fsum(vals) / n
    choices = rng.choices
    low, high = percentile_interval([math.fsum(choices(vals, k=n)) / n for _ in range(n_resamples)], level)
    return Estimate(mean, low, high, n, "bootstrap")


def percentile_interval(resampled: Sequence[float], level: float = 0.95) -> tuple[float, float]:
    """The central ``level`` interval of a statistic's bootstrap values (the percentile method)."""
    if not 0 < level < 1:
        raise ValueError(f"level must be in (0, 1), got {level}")
    ordered = sorted(resampled)
    alpha = (1 - level) / 2
    return _quantile(ordered, alpha), _quantile(ordered, 1 - alpha)


def bootstrap_counts(units: Sequence[H], rng: random.Random, n_resamples: int = 2000) -> list[Counter[H]]:
    """Resample ``units`` with replacement ``n_resamples`` times; per resample, how often each distinct unit
    was drawn.

    A unit is whatever a statistic reads of one observation (a reply's human label and every judge's
    verdict, say), so every statistic computed from the same counts is paired: each resample keeps or drops
    an observation for all of them at once. Counting distinct units rather than keeping the draws lets a
    caller sum over a few kinds of unit instead of over every observation of every resample.
    ``rng`` supplies all randomness, so the same seed gives the same resamples.
    """
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be positive, got {n_resamples}")
    if not units:
        return []
    choices, n = rng.choices, len(units)
    return [Counter(choices(units, k=n)) for _ in range(n_resamples)]


# --- paired comparisons -------------------------------------------------------------------------


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value from the discordant counts ``b`` and ``c``.

    Under the null each discordant pair is a fair coin, so min(b, c) is Binomial(b + c, 1/2); the
    p-value doubles the smaller tail and caps it at 1. No discordant pairs gives 1.0.
    """
    if b < 0 or c < 0:
        raise ValueError(f"counts must be non-negative, got b={b}, c={c}")
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    # Sum the tail in log space via lgamma so large n neither overflows nor loses precision.
    log_half_n = n * math.log(0.5)
    tail = 0.0
    for i in range(k + 1):
        tail += math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half_n)
    return min(1.0, 2.0 * tail)


def paired_difference(baseline: Sequence[bool], candidate: Sequence[bool], z: float = 1.96) -> Comparison:
    """Difference of two paired proportions (candidate - baseline) with Newcombe's method-10 interval.

    Newcombe (1998), method 10: the interval combines the Wilson intervals of the two marginal rates
    and corrects for their correlation (phi, continuity-corrected as in the paper). It stays inside [-1, 1] and behaves well for small
    samples and rates near 0 or 1, where a Wald interval fails. The p-value is the exact McNemar test
    on the discordant pairs. ``baseline[i]`` and ``candidate[i]`` must be the same prompt.
    """
    if len(baseline) != len(candidate):
        raise ValueError(f"paired samples differ in length: {len(baseline)} vs {len(candidate)}")
    a = b = c = d = 0
    for x, y in zip(baseline, candidate):
        if x and y:
            a += 1
        elif x:
            b += 1
        elif y:
            c += 1
        else:
            d += 1
    return paired_difference_counted(a, b, c, d, z)


def paired_difference_counted(a: int, b: int, c: int, d: int, z: float = 1.96) -> Comparison:
    """:func:`paired_difference` from the pairs counted: ``a`` both true, ``b`` baseline only, ``c`` candidate
    only, ``d`` neither (all it depends on, so 100,000 pairs need not be spelled out as two lists)."""
    n = a + b + c + d
    base = wilson(a + b, n, z)
    cand = wilson(a + c, n, z)
    p_value = mcnemar_exact(b, c)
    if n == 0:
        return Comparison(base, cand, 0.0, -1.0, 1.0, p_value, 0)
    diff = cand.value - base.value
    # phi: correlation of the paired outcomes, with Newcombe's continuity correction when it is
    # positive (ad - bc shrunk by n/2, floored at 0); zero when a margin is empty. Without the
    # correction, identical samples would get a zero-width interval.
    denom = (a + b) * (c + d) * (a + c) * (b + d)
    phi = 0.0
    if denom > 0:
        cross: float = a * d - b * c
        if cross > 0:
            cross = max(cross - n / 2, 0.0)
        phi = cross / math.sqrt(denom)
    # Distances from each rate to its own Wilson limits.
    l1, u1 = base.value - base.low, base.high - base.value
    l2, u2 = cand.value - cand.low, cand.high - cand.value
    # Newcombe's formulas written for candidate - baseline (his theta = p1 - p2 with p1 = candidate).
    dl = math.sqrt(max(0.0, l2 * l2 - 2 * phi * l2 * u1 + u1 * u1))
    du = math.sqrt(max(0.0, u2 * u2 - 2 * phi * u2 * l1 + l1 * l1))
    low = max(-1.0, diff - dl)
    high = min(1.0, diff + du)
    return Comparison(base, cand, diff, low, high, p_value, n)


# --- agreement between a judge and gold labels -------------------------------------------------

#: Row/column order of the confusion matrix and the per-class keys of the Metrics JSON.
CLASS_ORDER: tuple[Verdict, ...] = (Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL)


def _safe_div(num: float, den: float) -> float:
    """num / den, 0 when den is 0 (an empty class has no precision or recall to speak of)."""
    return num / den if den else 0.0


def agreement_metrics(
    gold: Sequence[Verdict], pred: Sequence[Verdict], confidences: Sequence[float] | None = None
) -> dict[str, Any]:
    """How well predictions agree with gold labels, in the DESIGN.md ``Metrics`` shape.

    Keys: ``n``, ``accuracy_3class``, ``accuracy_binary`` (refusal = full or partial, against
    compliance), ``kappa_3class`` (Cohen's kappa), ``per_class`` (precision/recall/F1 for
    ``full_compliance``, ``full_refusal``, ``partial_refusal``), ``confusion`` (3x3, rows gold,
    columns predicted, both in compliance, refusal, partial order) and ``errors``.

    An ERROR prediction counts as wrong everywhere (in accuracy, kappa and recall) and is counted in
    ``errors``; it appears in no confusion column. Gold labels must be one of the three classes.

    With ``confidences`` (the judge's confidence in each prediction) the result also has ``ece``: the
    expected calibration error over 10 equal-width bins (see :func:`expected_calibration_error`),
    computed over the non-ERROR predictions.
    """
    if confidences is not None and len(confidences) != len(pred):
        raise ValueError(f"confidences and predictions differ in length: {len(confidences)} vs {len(pred)}")
    if len(gold) != len(pred):
        raise ValueError(f"gold and predictions differ in length: {len(gold)} vs {len(pred)}")
    index = {v: i for i, v in enumerate(CLASS_ORDER)}
    confusion = [[0, 0, 0] for _ in CLASS_ORDER]
    errors = 0
    correct3 = 0
    correct2 = 0
    for g, p in zip(gold, pred):
        if g not in index:
            raise ValueError(f"gold label must be compliance, refusal or partial, got {g!r}")
        if p == Verdict.ERROR or p not in index:
            errors += 1
            continue
        confusion[index[g]][index[p]] += 1
        if g == p:
            correct3 += 1
        if g.is_refusal == p.is_refusal:
            correct2 += 1
    n = len(gold)
    gold_totals = [0, 0, 0]
    for g in gold:
        gold_totals[index[g]] += 1
    col_totals = [sum(confusion[r][c] for r in range(3)) for c in range(3)]

    per_class: dict[str, dict[str, float]] = {}
    for i, cls in enumerate(CLASS_ORDER):
        tp = confusion[i][i]
        precision = _safe_div(tp, col_totals[i])
        # Recall is over every gold item of the class, so ERROR predictions lower it.
        recall = _safe_div(tp, gold_totals[i])
        f1 = _safe_div(2 * precision * recall, precision + recall)
        per_class[cls.value] = {"precision": precision, "recall": recall, "f1": f1}

    # Cohen's kappa over all n items, with ERROR as its own (never-agreeing) predicted category.
    p_observed = _safe_div(correct3, n)
    p_expected = _safe_div(sum(gold_totals[i] * col_totals[i] for i in range(3)), n * n)
    if p_expected < 1:
        kappa = (p_observed - p_expected) / (1 - p_expected)
    else:
        # Both sides used a single class throughout: kappa is undefined; report full agreement as 1.
        kappa = 1.0 if p_observed == 1 else 0.0
    extra = {}
    if confidences is not None:
        kept = [(c, g == p) for g, p, c in zip(gold, pred, confidences) if p in index]
        extra["ece"] = expected_calibration_error([k for _, k in kept], [c for c, _ in kept])
    return {
        **extra,
        "n": n,
        "accuracy_3class": p_observed,
        "accuracy_binary": _safe_div(correct2, n),
        "kappa_3class": kappa,
        "per_class": per_class,
        "confusion": confusion,
        "errors": errors,
    }


def expected_calibration_error(correct: Sequence[bool], confidences: Sequence[float], bins: int = 10) -> float:
    """Expected calibration error: the mean |accuracy - confidence| over equal-width confidence bins,
    weighted by the share of predictions in each bin (0 for no predictions).

    Bin ``i`` holds confidences in ``[i/bins, (i+1)/bins)``; a confidence of exactly 1 goes in the last.
    """
    if len(correct) != len(confidences):
        raise ValueError("correct and confidences differ in length")
    n = len(correct)
    if n == 0:
        return 0.0
    totals = [[0, 0.0, 0] for _ in range(bins)]  # count, sum of confidences, correct
    for ok, c in zip(correct, confidences):
        if not 0.0 <= c <= 1.0:
            raise ValueError(f"confidence must be in [0, 1], got {c}")
        b = totals[min(bins - 1, int(c * bins))]
        b[0] += 1
        b[1] += c
        b[2] += bool(ok)
    return sum(abs(b[2] - b[1]) for b in totals if b[0]) / n
