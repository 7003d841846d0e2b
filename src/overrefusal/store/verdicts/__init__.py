"""The verdicts of a store: one record per (run, prompt, judge), read back as rows or as the counts a
summary needs (kept counted in SQLite, so a run of a million records summarises in little memory).

One part per way they are read: :mod:`.records` writes them and reads them as rows, :mod:`.counts` counts
them, :mod:`.sections` picks what a report section lists. :class:`Verdicts` is the three together."""

from __future__ import annotations

from .counts import VerdictCounts
from .records import ResultFilter, VerdictRecords
from .sections import Selection, VerdictSections

__all__ = ["ResultFilter", "Selection", "VerdictCounts", "VerdictRecords", "VerdictSections", "Verdicts"]


class Verdicts(VerdictSections):
    """The verdicts part of the store (see :class:`~overrefusal.store.Store`): its records, their counts and
    the report sections' selections; it reads a run's prompts and primary judge through
    :class:`~overrefusal.store.runs.Runs`."""
