"""Words the checklist builder and its case files share: the verdicts and prompt labels, short. Its own
module so the case files need not import the builder that imports them (an import circle)."""

from __future__ import annotations

C, R, P = "full_compliance", "full_refusal", "partial_refusal"
"""The verdicts, short, for the case files."""

H, B = "harmful", "benign"
"""The prompt labels, short."""
