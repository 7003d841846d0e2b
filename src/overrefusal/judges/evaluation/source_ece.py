"""A judge's calibration as one run sees it: the median and worst of its per-source ECEs.

A user's run is one source, so its confidences are as calibrated as one source's. The pooled ECE does not say
that: sources mis-calibrated in opposite directions cancel in a pool (docs/judge-experiments/calibration.md).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from typing import Any


def source_ece(scored: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The median and the largest ECE over the sources that have one (an evaluation-only source has none),
    and the source of the largest: a user's run is one source, so its confidences are as calibrated as one
    source's, which the pooled ECE does not say (sources mis-calibrated in opposite directions cancel in a
    pool). None where no source has an ECE."""
    eces = [(float(s["ece"]), name) for name, s in scored.items() if s.get("ece") is not None]
    if not eces:
        return {"median": None, "worst": None, "worst_source": None}
    worst, worst_source = max(eces)
    return {"median": statistics.median(e for e, _ in eces), "worst": worst, "worst_source": worst_source}
