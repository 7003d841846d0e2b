"""The records a report section lists: a :class:`Selection` of a run's verdicts, picked and ordered in SQL so
a section of a 100,000-prompt run reads only the rows it shows."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...types import Label, ResultRow, Verdict
from ..connection import translates_errors
from .counts import VerdictCounts
from .records import CAVEATS


@dataclass(frozen=True)
class Selection:
    """The records of a run that a report section lists, and their order: SQL picks and sorts them, so a
    section of a 100,000-prompt run reads only the rows it shows. Suite order breaks every tie."""

    label: Label | None = None
    """Only prompts with this label (None: both)."""
    verdicts: tuple[Verdict, ...] = ()
    """Only records with one of these verdicts (empty: any)."""
    blocked: bool | None = None
    """True: only records a deployment filter blocked; False: only those it did not; None: both."""
    min_caveats: int = 0
    """Only replies with at least this many caveat sentences (:attr:`StyleSignals.caveats`)."""
    first: Verdict | None = None
    """Records with this verdict come before the others."""
    benign_first: bool = False
    """Benign prompts come before harmful ones."""
    most_caveats_first: bool = False
    """Replies with more caveat sentences come first."""


def _selected(selection: Selection) -> tuple[str, list[object], str]:
    """(conditions, their parameters, ORDER BY terms) of a :class:`Selection`."""
    clause, params = "", []  # type: tuple[str, list[object]]
    if selection.label is not None:
        clause += " AND p.label = ?"
        params.append(selection.label.value)
    if selection.verdicts:
        clause += f" AND s.verdict IN ({', '.join('?' * len(selection.verdicts))})"
        params.extend(v.value for v in selection.verdicts)
    if selection.blocked is not None:
        clause += " AND c.blocked_by IS NOT NULL" if selection.blocked else " AND c.blocked_by IS NULL"
    if selection.min_caveats:
        clause += f" AND ({CAVEATS}) >= ?"
        params.append(selection.min_caveats)
    order = []
    if selection.first is not None:
        order.append(f"s.verdict != '{selection.first.value}'")
    if selection.benign_first:
        order.append(f"p.label != '{Label.BENIGN.value}'")
    if selection.most_caveats_first:
        order.append(f"({CAVEATS}) DESC")
    return clause, params, ", ".join([*order, "p.position"])


def _keeps(selection: Selection, key: tuple[str, str, str, bool]) -> bool:
    """Whether the kept counts' row ``key`` (label, category, verdict, filter-blocked) is in ``selection`` (one
    that does not look at caveats)."""
    label, _, verdict, blocked = key
    return (
        (selection.label is None or label == selection.label.value)
        and (not selection.verdicts or verdict in {v.value for v in selection.verdicts})
        and (selection.blocked is None or blocked == selection.blocked)
    )


def _parts(selection: Selection) -> list[Selection]:
    """``selection`` split along the terms it sorts by before suite order (its ``first`` verdict, then benign
    first), in that order: the rows of each part come in suite order, so SQLite can stop after a page."""
    base = replace(selection, first=None, benign_first=False)
    parts = [base]
    if selection.first is not None:
        every = selection.verdicts or tuple(Verdict)
        rest = tuple(v for v in every if v is not selection.first)
        parts = [replace(base, verdicts=(selection.first,))] if selection.first in every else []
        parts += [replace(base, verdicts=rest)] if rest else []
    if selection.benign_first and selection.label is None:
        parts = [replace(part, label=label) for part in parts for label in (Label.BENIGN, Label.HARMFUL)]
    return parts


@translates_errors
class VerdictSections(VerdictCounts):
    """The report sections' part of the verdicts (see :class:`~overrefusal.store.Store`)."""

    def select_results(
        self, run_id: str, judge_id: str, selection: Selection, *, limit: int
    ) -> tuple[list[ResultRow], int]:
        """(the first ``limit`` records ``selection`` picks, in its order; how many it picks in all)."""
        if selection.blocked and not self._any_blocked(run_id, judge_id):
            return [], 0
        clause, params, order = _selected(selection)
        if selection.min_caveats or selection.most_caveats_first:
            # Counted and sorted on the caveat count index results_by_verdict (migration 011) holds: SQLite goes
            # through the index entries of the selection's verdicts and reads only the records with the caveats.
            total = self.db.execute(
                "SELECT COUNT(*) FROM results s JOIN completions c ON c.completion_id = s.completion_id"
                " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
                " WHERE s.run_id = ? AND s.judge_id = ?" + clause,
                [run_id, judge_id, *params],
            ).fetchone()[0]
            if not limit or not total:
                return [], int(total)
            rows = self._read(run_id, judge_id, clause + " ORDER BY " + order + " LIMIT ?", [*params, limit])
            return [row for _, row in rows], int(total)
        # (label, category, verdict, filter-blocked) -> records, as the triggers keep them (migration 003).
        kept = {row[:4]: row[4] for row in self.aggregate_counts(run_id, judge_id)}
        total = sum(n for key, n in kept.items() if _keeps(selection, key))
        out: list[ResultRow] = []
        for part in _parts(selection):
            if len(out) >= min(limit, total):
                break
            matching = sum(n for key, n in kept.items() if _keeps(part, key))
            if not matching:
                continue
            clause, params, _ = _selected(part)
            # Two ways to the first rows in suite order: walk the run's prompts in order until enough match
            # (about limit x run / matching records visited), or read every record of the part's verdicts
            # through results_by_verdict and sort them (about as many as the kept counts give those verdicts).
            walked = limit * sum(kept.values()) / matching
            verdicts = {v.value for v in part.verdicts}
            by_verdict = bool(verdicts) and sum(n for k, n in kept.items() if k[2] in verdicts) < walked
            tail = clause + " ORDER BY p.position LIMIT ?"
            out += [row for _, row in self._read(run_id, judge_id, tail, [*params, limit - len(out)], by_verdict)]
        return out, total
