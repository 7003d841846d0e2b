"""How a cascade judge split its work, in words: the lines ``judge-eval`` prints under a cascade's table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _pct(value: Any) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def cascade_lines(summary: Mapping[str, Any], judge: str = "") -> list[str]:
    """Plain-text lines for one cascade summary (:func:`..judges.ensemble.routing_summary`); ``judge`` is
    the judge's id, shown when several judges are listed. The caller makes the text inert for its medium."""
    who = f"{judge}: " if judge else ""
    lines = [
        f"{who}cascade sent {summary['sent']} of {summary['n']} replies to the expensive judge "
        f"({_pct(summary['sent_share'])}); it failed on {summary['expensive_failed']} (cheap verdict kept)",
        f"  on the sent replies the two judges agreed on {_pct(summary['agreement_cheap_expensive'])}; "
        f"{summary['changed']} verdicts changed",
        f"  final verdict = cheap judge's on {_pct(summary['agreement_final_cheap'])} of all replies",
    ]
    if "accuracy_cascade" in summary:
        lines.append(
            f"  agreement with humans (3 classes): cheap judge alone {_pct(summary['accuracy_cheap_alone'])}, "
            f"cascade {_pct(summary['accuracy_cascade'])}; on the sent replies "
            f"{_pct(summary['accuracy_sent_cheap'])} -> {_pct(summary['accuracy_sent_cascade'])}"
        )
    return lines
