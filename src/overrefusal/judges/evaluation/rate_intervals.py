"""How far the selection's rate errors could move with the replies a source happens to hold.

A source's rate error (judged - human, in points) is one draw: a few hundred replies, each moving a rate by
a fraction of a point. Per source, the replies are resampled with replacement (a paired bootstrap: a resample
keeps or drops a reply for the human rate and for every judge at once), and on each resample the human and
each judge's rate are recomputed from the held-out verdicts the selection already has, nothing refitted.
That gives, per judge, source and rate, a percentile interval on the error, and per other judge the interval
on ``|error of the default| - |error of the other|`` over the same resamples: where it excludes 0, the
default is further off (or closer) than the other by more than which replies were drawn explains.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...stats import bootstrap_counts, percentile_interval
from ...types import Verdict
from ..rates import UserRate, counts, over

Prediction = tuple[Verdict, float]
Truth = tuple[Sequence[bool | None], Sequence[Verdict]]
"""Per reply of a source: whether its prompt is benign (None: not said) and its human label."""

RESAMPLES = 2000
"""Bootstrap resamples per source."""

LEVEL = 0.95
"""Coverage of every interval (the keys say ``ci95``)."""

# One reply as the statistics read it: benign flag, human label, and each judge's verdict (in judge order).
Unit = tuple[bool | None, Verdict, tuple[Verdict, ...]]


def _errors(tally: Mapping[Unit, int], rate: UserRate, known: bool, n_judges: int) -> list[float] | None:
    """Each judge's error in points on ``rate`` over the replies ``tally`` counts (None: none the rate is over)."""
    total, diff = 0, [0] * n_judges
    for (benign, gold, verdicts), k in tally.items():
        if not over(rate, benign, known):
            continue
        total += k
        human = counts(rate, gold)
        for j, v in enumerate(verdicts):
            diff[j] += k * (counts(rate, v) - human)
    if not total:
        return None
    return [100 * d / total for d in diff]


def _interval(values: Sequence[float]) -> list[float]:
    low, high = percentile_interval(values, LEVEL)
    return [round(low, 2), round(high, 2)]


def rate_error_intervals(
    truth: Mapping[str, Truth],
    preds: Mapping[str, Mapping[str, Sequence[Prediction]]],
    rates: Mapping[str, Sequence[UserRate]],
    default: str,
    rng: random.Random,
    *,
    resamples: int = RESAMPLES,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Bootstrap intervals for every judge's rate errors, and for the default against each other judge.

    ``truth``: per source, the replies' benign flags and human labels; ``preds``: per judge, per source,
    its verdict on each reply in the same order; ``rates``: per source, the rates its labels decide.
    Returns ``(intervals, against)``: ``intervals[judge][source][rate]`` = ``[low, high]`` of judged - human
    in points; ``against[other][source][rate]`` = ``difference_points`` (|default error| - |other error|),
    its interval ``difference_ci95`` and ``significant`` (the interval excludes 0). A resample holding no
    reply a rate is over says nothing about it and is left out of that rate's interval; a rate no resample
    has a reply for gets no interval.
    """
    if default not in preds:
        raise ValueError(f"the default judge {default!r} has no verdicts")
    judges = list(preds)
    d = judges.index(default)
    intervals: dict[str, Any] = {j: {} for j in judges}
    against: dict[str, Any] = {j: {} for j in judges if j != default}
    for source, (benign, gold) in truth.items():
        known = any(b is not None for b in benign)
        verdicts = [preds[j][source] for j in judges]
        if any(len(v) != len(gold) for v in verdicts) or len(benign) != len(gold):
            raise ValueError(f"{source}: every judge needs one verdict per labelled reply")
        units: list[Unit] = [
            (b, g, tuple(v[i][0] for v in verdicts)) for i, (b, g) in enumerate(zip(benign, gold, strict=True))
        ]
        tallies = bootstrap_counts(units, rng, resamples)
        whole = Counter(units)
        for rate in rates[source]:
            point = _errors(whole, rate, known, len(judges))
            if point is None:
                continue
            drawn = [e for e in (_errors(t, rate, known, len(judges)) for t in tallies) if e is not None]
            if not drawn:
                continue
            for j, name in enumerate(judges):
                intervals[name].setdefault(source, {})[rate.value] = _interval([e[j] for e in drawn])
                if j == d:
                    continue
                low, high = _interval([abs(e[d]) - abs(e[j]) for e in drawn])
                against[name].setdefault(source, {})[rate.value] = {
                    "difference_points": round(abs(point[d]) - abs(point[j]), 2),
                    "difference_ci95": [low, high],
                    "significant": low > 0 or high < 0,
                }
    return intervals, against
