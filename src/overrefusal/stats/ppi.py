"""Prediction-powered inference: a judge's verdicts on every reply plus human labels on a random few.

The judge's rate over all replies is precise but biased by the judge's errors; the rate over the
human labels alone is unbiased but wide. PPI (Angelopoulos et al., Science 2023) adds to the judge's
rate the mean human-minus-judge difference measured on the labelled sample, which removes the bias
whatever the judge gets wrong; PPI++ (Angelopoulos, Duchi & Zrnic 2024) weighs the judge by a factor
``lam`` in [0, 1] chosen from the data to make the interval as narrow as possible (``lam = 0`` is the
labels alone, ``lam = 1`` plain PPI). Active inference (Zrnic & Candès 2024) samples the replies the
judge is unsure of more often and weighs each label by 1 / its inclusion probability.

Everything here is a pure function of its arguments, in plain Python (``math`` and ``statistics``):
the core stays light, and the results match the authors' ``ppi_py.ppi_mean_ci`` (tested).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

Tally = Mapping[float, int]
"""Values and how many items have each: the judge's 0/1 verdicts on 100,000 unlabelled replies are two
counts, not a list. Every function that takes unlabelled predictions takes them as a sequence or a tally,
with the same result to the last bit (:func:`exact_sum`)."""

PPI_METHOD = "ppi++"
"""The ``method`` of every corrected estimate in the JSON contract."""

SMALL_SAMPLE_PSEUDO_PAIRS: tuple[tuple[float, float], ...] = ((1.0, 0.0),)
"""One imagined disagreement (human yes, judge no), added to the labelled sample when estimating the
variance (never to the point estimate, nor to the tuning of ``lam``). Without it, a sample in which the
judge happened to agree with every label claims zero uncertainty about the judge's errors and the
interval collapses onto the judge's rate, though with 30 labels and no disagreement the judge may still
be wrong on several percent of replies. It is the PPI analogue of the pseudo-counts that keep the
Agresti-Coull and Wilson intervals honest near 0."""


@dataclass(frozen=True)
class PPIEstimate:
    """A prediction-powered estimate of a mean (a rate when the values are 0/1)."""

    value: float
    low: float
    high: float
    se: float
    """Standard error of ``value``."""
    lam: float
    """The power-tuning weight on the judge (0: labels alone, 1: plain PPI)."""
    n_labelled: int
    n_unlabelled: int
    method: str = PPI_METHOD

    @property
    def n(self) -> int:
        """All items the estimate speaks for, labelled or not."""
        return self.n_labelled + self.n_unlabelled

    def half_width(self, alpha: float = 0.05) -> float:
        """The interval's half-width before any clipping to [0, 1]."""
        return _z(alpha) * self.se


def _mean(xs: Sequence[float]) -> float:
    return math.fsum(xs) / len(xs) if xs else 0.0


def _var(xs: Sequence[float], ddof: int = 0) -> float:
    """Variance with ``ddof`` delta degrees of freedom (0: divide by n, numpy's default)."""
    n = len(xs)
    if n - ddof <= 0:
        return 0.0
    m = _mean(xs)
    return math.fsum((x - m) ** 2 for x in xs) / (n - ddof)


def exact_sum(pairs: Iterable[tuple[float, int]]) -> float:
    """The sum of each value times its count, computed exactly and rounded once: ``math.fsum`` of the
    values repeated, which is exact and correctly rounded too, so a tally gives what its list gives."""
    return float(sum((Fraction(v) * c for v, c in pairs if c), Fraction(0)))


def _tally(xs: Sequence[float] | Tally) -> Tally:
    return xs if isinstance(xs, Mapping) else Counter(xs)


def _merged(*tallies: Tally) -> Counter[float]:
    out: Counter[float] = Counter()
    for t in tallies:
        for v, c in t.items():
            out[v] += c
    return out


def _size(t: Tally) -> int:
    return sum(t.values())


def _tally_mean(t: Tally) -> float:
    """:func:`_mean` of a tally."""
    n = _size(t)
    return exact_sum(t.items()) / n if n else 0.0


def _tally_var(t: Tally, ddof: int = 0) -> float:
    """:func:`_var` of a tally."""
    n = _size(t)
    if n - ddof <= 0:
        return 0.0
    m = _tally_mean(t)
    return exact_sum(((x - m) ** 2, c) for x, c in t.items()) / (n - ddof)


def _z(alpha: float) -> float:
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), got {alpha}")
    return NormalDist().inv_cdf(1 - alpha / 2)


def _check(labels: Sequence[float], preds_labelled: Sequence[float], preds_unlabelled: Tally) -> None:
    if len(labels) != len(preds_labelled):
        raise ValueError(f"labels and their predictions differ in length: {len(labels)} vs {len(preds_labelled)}")
    if not labels:
        raise ValueError("prediction-powered inference needs at least one labelled item")
    if not _size(preds_unlabelled):
        raise ValueError("prediction-powered inference needs at least one unlabelled item")


def power_tuning(
    labels: Sequence[float], preds_labelled: Sequence[float], preds_unlabelled: Sequence[float] | Tally
) -> float:
    """The PPI++ weight ``lam`` that minimises the variance of the estimate of a mean, clipped to [0, 1].

    lam = Cov(Y, f) / ((1 + n/N) Var(f)): the covariance over the labelled items (divided by n), the
    variance of the predictions over labelled and unlabelled items together (divided by n + N - 1), as
    in PPI++ (and ``ppi_py``). Predictions that never vary carry no information: lam is then 1, which
    gives the same estimate and interval as any other value would.
    """
    unlabelled = _tally(preds_unlabelled)
    _check(labels, preds_labelled, unlabelled)
    n, big_n = len(labels), _size(unlabelled)
    my, mf = _mean(labels), _mean(preds_labelled)
    cov = math.fsum((y - my) * (f - mf) for y, f in zip(labels, preds_labelled)) / n
    var_f = _tally_var(_merged(Counter(preds_labelled), unlabelled), ddof=1)
    if var_f <= 0:
        return 1.0
    return min(1.0, max(0.0, cov / ((1 + n / big_n) * var_f)))


def ppi_mean_ci(
    labels: Sequence[float],
    preds_labelled: Sequence[float],
    preds_unlabelled: Sequence[float] | Tally,
    *,
    alpha: float = 0.05,
    lam: float | None = None,
    pseudo_pairs: Sequence[tuple[float, float]] = (),
) -> PPIEstimate:
    """PPI++ estimate and (1 - alpha) interval of the mean of Y.

    ``labels`` are the human values Y on the labelled items, ``preds_labelled`` the judge's values on
    the same items, ``preds_unlabelled`` the judge's values on the other items (an independent sample
    of the same population). Estimate: lam * mean(f unlabelled) + mean(Y - lam * f labelled); its
    variance is lam^2 Var(f unlabelled) / N + Var(Y - lam f) / n (a normal interval). ``lam`` None
    means power-tuned (:func:`power_tuning`); ``lam = 1`` is plain PPI, ``lam = 0`` the labels alone.

    ``pseudo_pairs`` (human, judge) are added to the labelled items for the variance only (see
    :data:`SMALL_SAMPLE_PSEUDO_PAIRS`); with none, this is ``ppi_py.ppi_mean_ci``.
    The interval is not clipped: :func:`corrected_rate` clips rates to [0, 1].
    """
    unlabelled = _tally(preds_unlabelled)
    _check(labels, preds_labelled, unlabelled)
    aug_y = [*labels, *(p[0] for p in pseudo_pairs)]
    aug_f = [*preds_labelled, *(p[1] for p in pseudo_pairs)]
    if lam is None:
        lam = power_tuning(labels, preds_labelled, unlabelled)
    n, big_n = len(labels), _size(unlabelled)
    value = lam * _tally_mean(unlabelled) + _mean([y - lam * f for y, f in zip(labels, preds_labelled)])
    var_imputed = lam * lam * _tally_var(unlabelled) / big_n
    var_rectifier = _var([y - lam * f for y, f in zip(aug_y, aug_f)]) / len(aug_y)
    se = math.sqrt(var_imputed + var_rectifier)
    half = _z(alpha) * se
    return PPIEstimate(value, value - half, value + half, se, lam, n, big_n)


def corrected_rate(
    labels: Sequence[bool],
    preds_labelled: Sequence[bool],
    preds_unlabelled: Sequence[bool] | Mapping[bool, int],
    *,
    alpha: float = 0.05,
) -> PPIEstimate:
    """A rate (share of True) corrected by human labels: PPI++ with the small-sample guard, clipped to [0, 1].

    This is what reports show. With no unlabelled item (every reply labelled) the labels are the
    answer: the labelled rate with a normal interval from the guarded variance.

    Power tuning estimates Cov(Y, f) from the labels. Where the labels, or the judge's verdicts on the
    labelled replies, never vary (a rare refusal that no labelled reply shows) that covariance is 0 by
    construction, and tuning would throw the judge away; plain PPI (lam = 1), unbiased like any fixed
    lam, is used instead. ``preds_unlabelled`` may be a tally: how many unlabelled replies the judge calls
    True and False.
    """
    ys = [1.0 if v else 0.0 for v in labels]
    fl = [1.0 if v else 0.0 for v in preds_labelled]
    fu: Counter[float] = Counter()
    for v, c in _tally(preds_unlabelled).items():  # type: ignore[arg-type]
        fu[1.0 if v else 0.0] += c
    if not _size(fu):
        if len(ys) != len(fl) or not ys:
            raise ValueError("need at least one labelled item")
        aug = [*ys, *(p[0] for p in SMALL_SAMPLE_PSEUDO_PAIRS)]
        value = _mean(ys)
        se = math.sqrt(_var(aug) / len(aug))
        est = PPIEstimate(value, value - _z(alpha) * se, value + _z(alpha) * se, se, 0.0, len(ys), 0)
    else:
        degenerate = len(set(ys)) < 2 or len(set(fl)) < 2
        est = ppi_mean_ci(
            ys, fl, fu, alpha=alpha, lam=1.0 if degenerate else None, pseudo_pairs=SMALL_SAMPLE_PSEUDO_PAIRS
        )
    return clip_estimate(est, 0.0, 1.0)


def clip_estimate(est: PPIEstimate, lo: float, hi: float) -> PPIEstimate:
    """The estimate with value and bounds kept inside [lo, hi] (a rate cannot leave [0, 1])."""
    return PPIEstimate(
        min(hi, max(lo, est.value)),
        min(hi, max(lo, est.low)),
        min(hi, max(lo, est.high)),
        est.se,
        est.lam,
        est.n_labelled,
        est.n_unlabelled,
        est.method,
    )


def active_mean_ci(
    preds: Sequence[float],
    labels: Sequence[float | None],
    probabilities: Sequence[float],
    *,
    alpha: float = 0.05,
    lam: float | None = None,
    unlabelled: Tally | None = None,
) -> PPIEstimate:
    """Active inference (Zrnic & Candès 2024): the mean of Y over a population in which item i was
    labelled with probability ``probabilities[i]`` (independently), ``labels[i]`` None when it was not.
    ``unlabelled``: more items of the population that were not labelled, as a tally of their predictions
    (the same result as listing them with label None).

    Estimate: the mean over all items of lam * f_i + (Y_i - lam * f_i) * xi_i / pi_i, which is unbiased
    for any lam because E[xi_i / pi_i] = 1; the interval is normal, from the variance of those terms.
    The tuned lam minimises E[(Y - lam f)^2 (1 - pi) / pi], estimated from the labelled items weighted
    by 1 / pi, and is clipped to [0, 1]. The small-sample guard is applied as in :func:`corrected_rate`.
    """
    if not len(preds) == len(labels) == len(probabilities):
        raise ValueError("preds, labels and probabilities differ in length")
    if any(not 0 < p <= 1 for p in probabilities):
        raise ValueError("every inclusion probability must be in (0, 1]")
    labelled = [(y, f, p) for y, f, p in zip(labels, preds, probabilities) if y is not None]
    if not labelled:
        raise ValueError("active inference needs at least one labelled item")
    if lam is None:
        # Weighted least squares of Y on f through the origin, each labelled item weighted by
        # (1 - pi) / pi^2: its share of the variance, as an inverse-probability-weighted population mean.
        weights = [(1 - p) / (p * p) for _, _, p in labelled]
        num = math.fsum(w * y * f for w, (y, f, _) in zip(weights, labelled))
        den = math.fsum(w * f * f for w, (_, f, _) in zip(weights, labelled))
        lam = min(1.0, max(0.0, num / den)) if den > 0 else 1.0
    rest = _merged(Counter(f for y, f in zip(labels, preds) if y is None), unlabelled or {})
    # Each item's term: lam * f + (y - lam * f) / p where labelled, lam * f + 0 where not.
    terms = Counter(lam * f + (y - lam * f) / p for y, f, p in labelled)
    for f, c in rest.items():
        terms[lam * f + 0.0] += c
    big_n = _size(terms)
    value = _tally_mean(terms)
    # Guard: the imagined disagreement(s), as if labelled with the mean inclusion probability.
    p_bar = _mean([p for _, _, p in labelled])
    guard = [lam * f + (y - lam * f) / p_bar for y, f in SMALL_SAMPLE_PSEUDO_PAIRS]
    se = math.sqrt(_tally_var(_merged(terms, Counter(guard)), ddof=1) / big_n)
    half = _z(alpha) * se
    return PPIEstimate(value, value - half, value + half, se, lam, len(labelled), big_n - len(labelled), "ppi++ active")


def labels_needed(disagreement_variance: float, half_width: float, *, alpha: float = 0.05) -> int:
    """Labelled items needed for a (1 - alpha) interval of +/- ``half_width`` when Var(Y - lam f) is
    ``disagreement_variance`` and the unlabelled items are many (their term is then negligible).

    With 5% of replies judged differently from the human (variance about 0.05), +/- 2 points needs
    1.96^2 * 0.05 / 0.02^2 = 480 labels; 60 labels give about +/- 5.7 points.
    """
    if half_width <= 0:
        raise ValueError(f"half_width must be positive, got {half_width}")
    return max(1, math.ceil(_z(alpha) ** 2 * max(0.0, disagreement_variance) / (half_width * half_width)))


def rectifier_variance(labels: Sequence[float], preds_labelled: Sequence[float], lam: float) -> float:
    """Var(Y - lam * f) over the labelled items with the small-sample guard: what the interval's width rests on."""
    ys = [*labels, *(p[0] for p in SMALL_SAMPLE_PSEUDO_PAIRS)]
    fs = [*preds_labelled, *(p[1] for p in SMALL_SAMPLE_PSEUDO_PAIRS)]
    return _var([y - lam * f for y, f in zip(ys, fs)])


def normal_p_value(estimate: float, se: float, null: float = 0.0) -> float:
    """Two-sided p-value of a normal test of ``estimate == null``."""
    if se <= 0:
        return 1.0 if estimate == null else 0.0
    return 2 * (1 - NormalDist().cdf(abs(estimate - null) / se))
