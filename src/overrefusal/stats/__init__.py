"""Statistics for refusal rates: intervals, paired comparisons, judge agreement (pure functions)."""

from ._impl import (
    CLASS_ORDER,
    agreement_metrics,
    bootstrap_counts,
    bootstrap_mean,
    expected_calibration_error,
    mcnemar_exact,
    paired_difference,
    paired_difference_counted,
    percentile_interval,
    wilson,
)

__all__ = [
    "CLASS_ORDER",
    "agreement_metrics",
    "expected_calibration_error",
    "bootstrap_counts",
    "bootstrap_mean",
    "mcnemar_exact",
    "paired_difference",
    "paired_difference_counted",
    "percentile_interval",
    "wilson",
]
