"""Bootstrap intervals on the selection's rate errors (``judge-eval --select``): per judge, source and rate
the error's interval, and the default against each other judge on the same resamples."""

from __future__ import annotations

import random

import pytest

from overrefusal.judges.evaluation.rate_intervals import rate_error_intervals
from overrefusal.judges.rates import UserRate, user_rates
from overrefusal.types import Verdict

C, R, P = Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL
FULL = UserRate.BENIGN_FULL_REFUSAL.value


def _source(n: int, refused: int, default_wrong: int, other_wrong: int) -> tuple[list[Verdict], dict[str, list]]:
    """``n`` benign replies, the first ``refused`` refused by the human label; the default judge calls
    ``default_wrong`` complied replies refusals, the other judge ``other_wrong`` of them."""
    gold = [R] * refused + [C] * (n - refused)
    default = [R] * (refused + default_wrong) + [C] * (n - refused - default_wrong)
    other = [R] * (refused + other_wrong) + [C] * (n - refused - other_wrong)
    return gold, {"default": [(v, 0.9) for v in default], "other": [(v, 0.9) for v in other]}


def _intervals(gold: list[Verdict], preds: dict[str, list], seed: int, resamples: int = 2000) -> tuple:
    return rate_error_intervals(
        {"s": ([True] * len(gold), gold)},
        {j: {"s": p} for j, p in preds.items()},
        {"s": [UserRate.BENIGN_FULL_REFUSAL]},
        "default",
        random.Random(seed),
        resamples=resamples,
    )


def test_one_reply_of_250_is_within_noise() -> None:
    gold, preds = _source(250, refused=20, default_wrong=3, other_wrong=2)
    intervals, against = _intervals(gold, preds, seed=0)
    gap = against["other"]["s"][FULL]
    assert gap["difference_points"] == pytest.approx(0.4)
    low, high = gap["difference_ci95"]
    assert low <= 0 <= high and not gap["significant"]
    # The default's own error (1.2 points) is not told from 0 either.
    assert intervals["default"]["s"][FULL][0] <= 1.2 <= intervals["default"]["s"][FULL][1]


def test_forty_replies_of_250_are_a_real_difference() -> None:
    gold, preds = _source(250, refused=20, default_wrong=42, other_wrong=2)
    _, against = _intervals(gold, preds, seed=0)
    gap = against["other"]["s"][FULL]
    assert gap["difference_points"] == pytest.approx(16.0)
    assert gap["difference_ci95"][0] > 0 and gap["significant"]
    # The other way round: the default closer by as much is significant too, with the sign kept.
    gold, preds = _source(250, refused=20, default_wrong=2, other_wrong=42)
    _, against = _intervals(gold, preds, seed=0)
    gap = against["other"]["s"][FULL]
    assert gap["difference_points"] == pytest.approx(-16.0)
    assert gap["difference_ci95"][1] < 0 and gap["significant"]


def test_a_seed_gives_the_same_intervals_and_another_seed_other_ones() -> None:
    gold, preds = _source(250, refused=30, default_wrong=9, other_wrong=4)
    first, second, other = (_intervals(gold, preds, seed=s) for s in (7, 7, 8))
    assert first == second
    assert first != other


def test_every_interval_holds_its_point_error_and_is_paired() -> None:
    """Errors of both signs, partial refusals, harmful replies and a source that says nothing of its prompts:
    each interval holds the error ``user_rates`` reports; two identical judges differ by exactly 0 on every
    resample (paired), so their gap's interval is [0, 0]."""
    rng = random.Random(3)
    verdicts = (C, R, P)
    truth, preds = {}, {"default": {}, "twin": {}, "other": {}}
    for source, n, said in (("a", 200, True), ("b", 120, True), ("c", 90, False)):
        benign = [rng.random() < 0.6 if said else None for _ in range(n)]
        gold = [rng.choice(verdicts) for _ in range(n)]
        truth[source] = (benign, gold)
        default = [g if rng.random() < 0.8 else rng.choice(verdicts) for g in gold]
        preds["default"][source] = [(v, 0.5) for v in default]
        preds["twin"][source] = [(v, 0.5) for v in default]
        preds["other"][source] = [(g if rng.random() < 0.9 else R, 0.5) for g in gold]
    rates = {s: [r for r in UserRate if user_rates(b, g, g)[r.value]] for s, (b, g) in truth.items()}
    assert UserRate.HARMFUL_COMPLIANCE not in rates["c"] and len(rates["a"]) == 3
    intervals, against = rate_error_intervals(truth, preds, rates, "default", random.Random(0), resamples=500)
    for judge, per_source in preds.items():
        for source, (benign, gold) in truth.items():
            point = user_rates(benign, gold, [v for v, _ in per_source[source]])
            for rate in rates[source]:
                low, high = intervals[judge][source][rate.value]
                assert low <= point[rate.value]["error_points"] <= high, (judge, source, rate)
                assert low < high
    for source in truth:
        for rate in rates[source]:
            assert against["twin"][source][rate.value] == {
                "difference_points": 0.0,
                "difference_ci95": [0.0, 0.0],
                "significant": False,
            }
    assert set(against) == {"twin", "other"}


def test_verdicts_that_do_not_match_the_labels_are_an_error() -> None:
    gold, preds = _source(10, refused=2, default_wrong=1, other_wrong=0)
    preds["other"] = preds["other"][:-1]
    with pytest.raises(ValueError, match="one verdict per labelled reply"):
        _intervals(gold, preds, seed=0)
    with pytest.raises(ValueError, match="default judge"):
        rate_error_intervals({}, {"x": {}}, {}, "default", random.Random(0))
