"""Expected calibration error in the judge-eval metrics."""

from __future__ import annotations

import pytest

from overrefusal.stats import agreement_metrics, expected_calibration_error
from overrefusal.types import Verdict

C, R, P, E = Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL, Verdict.ERROR


def test_ece_by_hand() -> None:
    # Bin 9 (0.9-1.0): confidences 0.95, 0.95, accuracy 1/2 -> |0.5 - 0.95| * 2; bin 5: 0.55, right -> 0.45.
    ece = expected_calibration_error([True, False, True], [0.95, 0.95, 0.55])
    assert ece == pytest.approx((abs(1 - 1.9) + abs(1 - 0.55)) / 3)
    assert expected_calibration_error([True] * 4, [1.0] * 4) == 0.0
    assert expected_calibration_error([], []) == 0.0
    with pytest.raises(ValueError):
        expected_calibration_error([True], [1.5])


def test_agreement_metrics_adds_ece_only_with_confidences() -> None:
    gold, pred = [C, R, P, C], [C, R, C, E]
    assert "ece" not in agreement_metrics(gold, pred)
    m = agreement_metrics(gold, pred, [0.9, 0.8, 0.7, 1.0])
    # ERROR predictions are left out: bins 9 (0.9 right), 8 (0.8 right), 7 (0.7 wrong) -> (0.1 + 0.2 + 0.7) / 3
    assert m["ece"] == pytest.approx((0.1 + 0.2 + 0.7) / 3)
    with pytest.raises(ValueError):
        agreement_metrics(gold, pred, [0.5])
