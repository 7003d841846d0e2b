"""The verdicts of a store: one record per (run, prompt, judge), read back as rows or as the counts a
summary needs (kept counted in SQLite, so a run of a million records summarises in little memory)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from ..types import Completion, Judgement, Label, Prompt, ResultRow, StyleSignals, Verdict
from .connection import translates_errors, utc_now
from .replies import COMPLETION_COLUMNS, completion_from_row
from .runs import PROMPT_COLUMNS, Runs, prompt_from_row

_PROMPT_COLUMNS = ", ".join(f"p.{c}" for c in PROMPT_COLUMNS)
_MAX_IDS = 500
"""Prompt ids bound in one query (SQLite limits bound parameters)."""
_VERDICTS = {v.value: v for v in Verdict}
_LABELS = {label.value: label for label in Label}
_NO_REPLY = Completion("")
"""The completion of a :meth:`Verdicts.verdict_rows` row: nothing read."""


@dataclass(frozen=True)
class ResultFilter:
    """Which records of a run to read; an empty field does not filter."""

    category: str = ""
    """The prompts' category; ``(none)`` for prompts without one."""
    verdict: str = ""
    """The judge's verdict (a :class:`Verdict` value)."""
    language: str = ""
    """The prompts' language code."""
    label: str = ""
    """``benign`` or ``harmful``."""


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


def _signal_sum(*keys: str) -> str:
    """The sum of these :class:`StyleSignals` counts of a record in SQL; a key missing from an older record
    counts 0, as StyleSignals' defaults do."""
    return " + ".join(f"COALESCE(json_extract(s.signals_json, '$.{key}'), 0)" for key in keys)


_CAVEATS = _signal_sum("warnings", "disclaimers", "moralising", "professional_redirect")
""":attr:`StyleSignals.caveats`."""
_SAFETY_SENTENCES = _signal_sum("warnings", "disclaimers", "professional_redirect")
"""What :func:`~overrefusal.judges.quality.is_safe_completion` needs at least one of."""


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
        clause += f" AND ({_CAVEATS}) >= ?"
        params.append(selection.min_caveats)
    order = []
    if selection.first is not None:
        order.append(f"s.verdict != '{selection.first.value}'")
    if selection.benign_first:
        order.append(f"p.label != '{Label.BENIGN.value}'")
    if selection.most_caveats_first:
        order.append(f"({_CAVEATS}) DESC")
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


def _conditions(where: ResultFilter | None) -> tuple[str, list[object]]:
    if where is None:
        return "", []
    clause, params = "", []
    if where.category:
        clause += " AND p.category = ?"
        params.append("" if where.category == "(none)" else where.category)
    for column, value in (("s.verdict", where.verdict), ("p.language", where.language), ("p.label", where.label)):
        if value:
            clause += f" AND {column} = ?"
            params.append(value)
    return clause, list(params)


@translates_errors
class Verdicts(Runs):
    """The verdicts part of the store (see :class:`~overrefusal.store.Store`); it reads a run's prompts and
    primary judge through :class:`Runs`."""

    def put_result(self, run_id: str, prompt_id: str, completion_id: int, j: Judgement) -> None:
        """Insert or replace the one record of (run, prompt, judge)."""
        self._write(
            "INSERT INTO results (run_id, prompt_id, judge_id, completion_id, verdict, confidence, evidence_json,"
            " signals_json, judge_error, created_at, unread_language) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
            " ON CONFLICT (run_id, prompt_id, judge_id) DO UPDATE SET completion_id = excluded.completion_id,"
            " verdict = excluded.verdict, confidence = excluded.confidence, evidence_json = excluded.evidence_json,"
            " signals_json = excluded.signals_json, judge_error = excluded.judge_error, created_at = excluded.created_at,"
            " unread_language = excluded.unread_language",
            (
                run_id,
                prompt_id,
                j.judge,
                completion_id,
                j.verdict.value,
                j.confidence,
                json.dumps(list(j.evidence)),
                json.dumps(j.signals.to_dict()),
                j.error,
                utc_now(),
                j.language or None,
            ),
        )

    def result_states(self, run_id: str, judge_id: str) -> dict[str, tuple[str, int, bool]]:
        """prompt_id -> (verdict, completion_id, completion_failed) for what is already judged."""
        rows = self.db.execute(
            "SELECT s.prompt_id, s.verdict, s.completion_id, c.error IS NOT NULL FROM results s"
            " JOIN completions c ON c.completion_id = s.completion_id WHERE s.run_id = ? AND s.judge_id = ?",
            (run_id, judge_id),
        )
        return {r[0]: (r[1], r[2], bool(r[3])) for r in rows}

    def result_state(self, run_id: str, judge_id: str, prompt_id: str) -> tuple[str, int, bool] | None:
        """(verdict, completion_id, completion_failed) of one record, as :meth:`result_states` gives it; None
        when the prompt has no record of that judge."""
        row = self.db.execute(
            "SELECT s.verdict, s.completion_id, c.error IS NOT NULL FROM results s"
            " JOIN completions c ON c.completion_id = s.completion_id"
            " WHERE s.run_id = ? AND s.judge_id = ? AND s.prompt_id = ?",
            (run_id, judge_id, prompt_id),
        ).fetchone()
        return None if row is None else (row[0], row[1], bool(row[2]))

    def latest_completion_ids(self, run_id: str) -> dict[str, int]:
        """prompt_id -> completion of any judge's record of this run (to judge with a new judge for free)."""
        rows = self.db.execute(
            "SELECT s.prompt_id, MAX(s.completion_id) FROM results s JOIN completions c"
            " ON c.completion_id = s.completion_id WHERE s.run_id = ? AND c.error IS NULL GROUP BY s.prompt_id",
            (run_id,),
        )
        return {r[0]: r[1] for r in rows}

    def judges_counted(self, run_id: str) -> list[str]:
        """The judges with records on the run, sorted, from the kept counts (:meth:`judges_of` walks the run)."""
        rows = self.db.execute("SELECT DISTINCT judge_id FROM result_counts WHERE run_id = ? AND n > 0", (run_id,))
        return sorted(r[0] for r in rows)

    def judges_of(self, run_id: str) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT DISTINCT judge_id FROM results WHERE run_id = ?", (run_id,))]

    def results(
        self,
        run_id: str,
        judge_id: str | None = None,
        *,
        prompt_ids: Collection[str] | None = None,
        where: ResultFilter | None = None,
        offset: int = 0,
        limit: int | None = None,
    ) -> list[ResultRow]:
        """The run's records of ``judge_id`` (default: the primary judge) in suite order: all of them, or only
        ``prompt_ids``, or those matching ``where``, from ``offset`` and at most ``limit`` (SQL does the
        filtering and paging, so a page of a 100,000-prompt run reads one page of rows)."""
        run = self.require_run(run_id)
        judge_id = judge_id or run.judge_id
        clause, params = _conditions(where)
        if prompt_ids is not None:
            ids = sorted(set(prompt_ids))
            # Read by id in slices (SQLite limits bound parameters), then put in suite order here: an ORDER BY
            # in SQL would make SQLite walk the whole run in suite order instead of looking the ids up.
            found = [
                row
                for start in range(0, len(ids), _MAX_IDS)
                for row in self._positioned(run_id, judge_id, where, ids[start : start + _MAX_IDS])
            ]
            found.sort(key=lambda x: x[0])
            return [row for _, row in found][offset : None if limit is None else offset + limit]
        page = "" if limit is None and not offset else " LIMIT ? OFFSET ?"
        if page:
            params.extend([-1 if limit is None else limit, offset])
        return [row for _, row in self._read(run_id, judge_id, clause + " ORDER BY p.position" + page, params)]

    def _positioned(
        self, run_id: str, judge_id: str, where: ResultFilter | None, ids: Sequence[str]
    ) -> list[tuple[int, ResultRow]]:
        clause, params = _conditions(where)
        clause += f" AND s.prompt_id IN ({', '.join('?' * len(ids))})"
        return self._read(run_id, judge_id, clause, [*params, *ids])

    def _read(
        self, run_id: str, judge_id: str, tail: str, params: Sequence[object], by_verdict: bool = False
    ) -> list[tuple[int, ResultRow]]:
        """(suite position, whole record) of the records of (run, judge) that ``tail`` (SQL after the WHERE of
        run and judge, on ``s`` results, ``c`` completions, ``p`` run_prompts) selects, in its order.
        ``by_verdict``: SQLite reads the records first (CROSS JOIN fixes the order), through results_by_verdict
        when ``tail`` names verdicts, instead of walking the run's prompts in suite order."""
        joined = (
            " FROM results s CROSS JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " JOIN completions c ON c.completion_id = s.completion_id"
            if by_verdict
            else " FROM results s JOIN completions c ON c.completion_id = s.completion_id"
            " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
        )
        rows = self.db.execute(
            "SELECT p.position, s.prompt_id, s.verdict, s.confidence, s.evidence_json, s.signals_json,"
            " s.judge_error, s.unread_language, "
            + ", ".join(f"c.{column}" for column in COMPLETION_COLUMNS)
            + ", "
            + _PROMPT_COLUMNS
            + joined
            + " WHERE s.run_id = ? AND s.judge_id = ?"
            + tail,
            [run_id, judge_id, *params],
        )
        out = []
        width = 8 + len(COMPLETION_COLUMNS)  # the position and results columns, then the completion's
        for r in rows:
            j = Judgement(
                verdict=_VERDICTS[r[2]],
                confidence=r[3],
                judge=judge_id,
                evidence=tuple(json.loads(r[4])),
                signals=StyleSignals(**json.loads(r[5])),
                error=r[6],
                language=r[7] or "",
            )
            prompt = prompt_from_row(r[width:])
            out.append((r[0], ResultRow(prompt=prompt, completion=completion_from_row(r[8:width]), judgement=j)))
        return out

    def verdict_rows(
        self, run_id: str, judge_id: str | None = None, *, prompt_ids: Collection[str] | None = None
    ) -> list[ResultRow]:
        """The run's records of ``judge_id`` (default: the primary judge) in suite order, all or only those of
        ``prompt_ids``, read *light*: what counting and pairing prompts need, a few times faster and smaller
        than :meth:`results` on a large run.

        Each prompt has its id, text, label, category, language and ``translation_of`` (no metadata, history,
        type, focus or source); each judgement its verdict and confidence (no evidence, signals or error);
        the completion is an empty placeholder (no reply, not even whether a filter blocked it). Never show
        these rows: read the ones to show with :meth:`results` and ``prompt_ids``."""
        judge_id = judge_id or self.require_run(run_id).judge_id
        if prompt_ids is None:
            return [row for _, row in self._light(run_id, judge_id, "", ())]
        ids = sorted(set(prompt_ids))
        found = [
            row
            for start in range(0, len(ids), _MAX_IDS)
            for row in self._light(
                run_id,
                judge_id,
                f" AND s.prompt_id IN ({', '.join('?' * len(ids[start : start + _MAX_IDS]))})",
                ids[start : start + _MAX_IDS],
            )
        ]
        found.sort(key=lambda x: x[0])
        return [row for _, row in found]

    def verdict_tallies(
        self, run_id: str, judge_id: str, strata_judge: str | None = None
    ) -> list[tuple[Label, str, Verdict, Verdict | None, int]]:
        """(label, category, verdict, verdict of ``strata_judge`` on the same prompt or None, n) over the
        records of ``judge_id``: what a corrected rate needs of the replies no one labelled, counted in SQL.
        Without ``strata_judge`` the fourth field is None and the counts are the ones kept by triggers."""
        if strata_judge is None:
            kept: dict[tuple[str, str, str], int] = {}
            for label, category, verdict, _, n in self.aggregate_counts(run_id, judge_id):
                kept[(label, category, verdict)] = kept.get((label, category, verdict), 0) + n
            return [(_LABELS[k[0]], k[1], _VERDICTS[k[2]], None, n) for k, n in kept.items()]
        rows = self.db.execute(
            "SELECT p.label, p.category, s.verdict, o.verdict, COUNT(*) FROM results s"
            " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " LEFT JOIN results o ON o.run_id = s.run_id AND o.prompt_id = s.prompt_id AND o.judge_id = ?"
            " WHERE s.run_id = ? AND s.judge_id = ? GROUP BY 1, 2, 3, 4",
            (strata_judge, run_id, judge_id),
        )
        return [(_LABELS[r[0]], r[1], _VERDICTS[r[2]], _VERDICTS[r[3]] if r[3] else None, int(r[4])) for r in rows]

    def confidence_tallies(self, run_id: str, judge_id: str) -> list[tuple[Label, Verdict, float, int]]:
        """(label, verdict, confidence, n) over the records of ``judge_id``: the judge's confidence in each
        stratum of a verdict-stratified sample, counted in SQL (each distinct value exact)."""
        # Many judges give one confidence per verdict: those verdicts need no join, the kept counts have the n.
        # Two lookups in results_by_verdict (migration 011) per verdict the kept counts hold, not a walk.
        spread = []
        for verdict in sorted({verdict for _, _, verdict, _, _ in self.aggregate_counts(run_id, judge_id)}):
            bounds = tuple(
                self.db.execute(
                    f"SELECT {end}(confidence) FROM results WHERE run_id = ? AND judge_id = ? AND verdict = ?",
                    (run_id, judge_id, verdict),
                ).fetchone()[0]
                for end in ("MIN", "MAX")
            )
            spread.append((verdict, *bounds))
        constant = {v: lo for v, lo, hi in spread if lo == hi}
        out: dict[tuple[str, str, float], int] = {}
        for label, _, verdict, _, n in self.aggregate_counts(run_id, judge_id):
            if verdict in constant:
                key = (label, verdict, constant[verdict])
                out[key] = out.get(key, 0) + n
        varying = [v for v, lo, hi in spread if lo != hi]
        if varying:
            rows = self.db.execute(
                "SELECT p.label, s.verdict, s.confidence, COUNT(*) FROM results s"
                " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
                f" WHERE s.run_id = ? AND s.judge_id = ? AND s.verdict IN ({', '.join('?' * len(varying))})"
                " GROUP BY 1, 2, 3",
                (run_id, judge_id, *varying),
            )
            for label, verdict, confidence, n in rows:
                out[(label, verdict, confidence)] = int(n)
        return [(_LABELS[k[0]], _VERDICTS[k[1]], float(k[2]), n) for k, n in out.items()]

    def unpaired_verdict_rows(self, run_id: str, judge_id: str, other_run: str, other_judge: str) -> list[ResultRow]:
        """:meth:`verdict_rows` of the records that have no *twin* in ``other_run``: a record of
        ``other_judge`` on a prompt of the same id, label and exact text (see :meth:`twin_verdict_counts`)."""
        return [
            row
            for _, row in self._light(
                run_id,
                judge_id,
                " AND NOT EXISTS (SELECT 1 FROM run_prompts op JOIN results o ON o.run_id = op.run_id"
                " AND o.prompt_id = op.prompt_id AND o.judge_id = ? WHERE op.run_id = ? AND op.prompt_id = s.prompt_id"
                " AND op.label = p.label AND op.text = p.text)",
                (other_judge, other_run),
            )
        ]

    def _light(
        self, run_id: str, judge_id: str, condition: str, params: Sequence[object]
    ) -> list[tuple[int, ResultRow]]:
        """(suite position, light row) of the records :meth:`verdict_rows` describes that ``condition`` keeps,
        in suite order unless ``condition`` picks by id (then SQLite looks the ids up, in no order)."""
        order = "" if "s.prompt_id IN" in condition else " ORDER BY p.position"
        rows = self.db.execute(
            "SELECT p.position, s.prompt_id, s.verdict, s.confidence, p.text, p.label, p.category, p.language,"
            " p.translation_of FROM results s JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " WHERE s.run_id = ? AND s.judge_id = ?" + condition + order,
            (run_id, judge_id, *params),
        )
        # Frozen records, so one judgement per (verdict, confidence) can be shared by every row that has it.
        judgements: dict[tuple[str, float], Judgement] = {}
        out = []
        for position, pid, verdict, confidence, text, label, category, language, translation_of in rows:
            j = judgements.get((verdict, confidence))
            if j is None:
                j = judgements[(verdict, confidence)] = Judgement(_VERDICTS[verdict], confidence, judge_id)
            prompt = Prompt(pid, text, _LABELS[label], category, language=language, translation_of=translation_of)
            out.append((position, ResultRow(prompt, _NO_REPLY, j)))
        return out

    def twin_verdict_counts(
        self, run_id: str, judge_id: str, other_run: str, other_judge: str
    ) -> list[tuple[str, Label, Verdict, Verdict, int]]:
        """(category, label, verdict in ``run_id``, verdict in ``other_run``, n) over the prompts both runs
        hold with the same id, label and exact text, each judged by its judge: the pairs a comparison of two
        runs of one suite finds first, counted in SQL instead of read into Python."""
        n = self.same_prompts(run_id, other_run)
        if n and self.count_results(run_id, judge_id) == n == self.count_results(other_run, other_judge):
            counted = self._lined_up_verdict_counts(run_id, judge_id, other_run, other_judge)
            if counted is not None:
                return counted
        rows = self.db.execute(
            "SELECT p.category, p.label, s.verdict, o.verdict, COUNT(*) FROM results s"
            " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " JOIN run_prompts op ON op.run_id = ? AND op.prompt_id = s.prompt_id"
            " JOIN results o ON o.run_id = op.run_id AND o.prompt_id = op.prompt_id AND o.judge_id = ?"
            " WHERE s.run_id = ? AND s.judge_id = ? AND op.label = p.label AND op.text = p.text"
            " GROUP BY 1, 2, 3, 4",
            (other_run, other_judge, run_id, judge_id),
        )
        return [(r[0], _LABELS[r[1]], _VERDICTS[r[2]], _VERDICTS[r[3]], int(r[4])) for r in rows]

    def _lined_up_verdict_counts(
        self, run_id: str, judge_id: str, other_run: str, other_judge: str
    ) -> list[tuple[str, Label, Verdict, Verdict, int]] | None:
        """:meth:`twin_verdict_counts` of two runs that hold the same prompts, each judged on all of them: the
        i-th verdict of one in prompt id order is its twin's. The run's kept counts give every pair as if both
        verdicts agreed; only the prompts where they differ are moved, by their label and category (None when
        the run has none kept)."""
        mine, theirs = (
            self.db.execute(
                "SELECT group_concat(verdict, ',') FROM (SELECT verdict FROM results WHERE run_id = ? AND judge_id = ?"
                " ORDER BY prompt_id)",  # kept: SQLite never flattens an ordered subquery into an aggregate
                (run, judge),
            )
            .fetchone()[0]
            .split(",")
            for run, judge in ((run_id, judge_id), (other_run, other_judge))
        )
        counts: Counter[tuple[str, str, str, str]] = Counter()
        for label, category, verdict, _, n in self.aggregate_counts(run_id, judge_id):
            counts[(category, label, verdict, verdict)] += n
        differing = [i for i, verdict, other in zip(range(len(mine)), mine, theirs) if verdict != other]
        if differing:
            classes = self.prompt_classes_by_id(run_id)
            if classes is None or len(classes[0]) != len(mine):
                return None
            labels, categories = classes
            moved = Counter((categories[i], labels[i], mine[i], theirs[i]) for i in differing)
            for (category, label, verdict, other), n in moved.items():
                counts[(category, label, verdict, verdict)] -= n
                counts[(category, label, verdict, other)] += n
        return [(k[0], _LABELS[k[1]], _VERDICTS[k[2]], _VERDICTS[k[3]], n) for k, n in counts.items() if n > 0]

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

    def blocked_counts(self, run_id: str, judge_id: str) -> dict[str, dict[str, int]]:
        """filter name -> {"benign": n, "harmful": n} over the records a deployment filter blocked; filters in
        the order their first record comes when benign prompts come first, then suite order."""
        if not self._any_blocked(run_id, judge_id):
            return {}
        rows = self.db.execute(
            "SELECT c.blocked_by, p.label, COUNT(*), MIN(p.label != ?), MIN(p.position) FROM results s"
            " JOIN completions c ON c.completion_id = s.completion_id"
            " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " WHERE s.run_id = ? AND s.judge_id = ? AND c.blocked_by IS NOT NULL GROUP BY 1, 2",
            (Label.BENIGN.value, run_id, judge_id),
        )
        first: dict[str, tuple[int, int]] = {}
        counts: dict[str, dict[str, int]] = {}
        for name, label, n, harmful, position in rows:
            first[name] = min(first.get(name, (harmful, position)), (harmful, position))
            counts.setdefault(name, {"benign": 0, "harmful": 0})[label] = int(n)
        return {name: counts[name] for name in sorted(counts, key=lambda k: first[k])}

    def _any_blocked(self, run_id: str, judge_id: str) -> bool:
        """Whether a deployment filter blocked any record, from the kept counts: most runs have no filter, and
        asking the records themselves walks the whole run."""
        return (
            self.db.execute(
                "SELECT 1 FROM result_counts WHERE run_id = ? AND judge_id = ? AND blocked AND n > 0 LIMIT 1",
                (run_id, judge_id),
            ).fetchone()
            is not None
        )

    def count_results(self, run_id: str, judge_id: str, where: ResultFilter | None = None) -> int:
        """How many records :meth:`results` with the same ``where`` would return."""
        if where is None or not where.language:
            # The counts kept by triggers (migration 003) have label, category and verdict: a few rows to add.
            counted: list[object] = []
            clause = ""
            if where is not None:
                for column, value in (("label", where.label), ("verdict", where.verdict)):
                    if value:
                        clause += f" AND {column} = ?"
                        counted.append(value)
                if where.category:
                    clause += " AND category = ?"
                    counted.append("" if where.category == "(none)" else where.category)
            row = self.db.execute(
                "SELECT COALESCE(SUM(n), 0) FROM result_counts WHERE run_id = ? AND judge_id = ?" + clause,
                [run_id, judge_id, *counted],
            ).fetchone()
            return int(row[0])
        clause, params = _conditions(where)
        return int(
            self.db.execute(
                "SELECT COUNT(*) FROM results s JOIN completions c ON c.completion_id = s.completion_id"
                " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
                " WHERE s.run_id = ? AND s.judge_id = ?" + clause,
                [run_id, judge_id, *params],
            ).fetchone()[0]
        )

    def prompt_values(self, run_id: str, column: str) -> list[str]:
        """The distinct values of a prompt column (``category`` or ``language``) in the run, sorted."""
        if column not in ("category", "language"):
            raise ValueError(column)
        if column == "language":
            # The recorded languages from index run_prompts_languages (migration 011), which holds only prompts
            # with one; '' too when that index holds fewer prompts than the run (both counted on indexes).
            named = self.db.execute(
                "SELECT language, COUNT(*) FROM run_prompts WHERE run_id = ? AND language != '' GROUP BY language",
                (run_id,),
            ).fetchall()
            blank = [""] if sum(n for _, n in named) < self.prompt_count(run_id) else []
            return sorted(blank + [language for language, _ in named])
        # When every prompt has a record of the primary judge, the kept counts hold every category (a few rows);
        # else (a run still going) the prompts themselves are read.
        judge_id = self.require_run(run_id).judge_id
        kept = self.db.execute(
            "SELECT category, SUM(n) FROM result_counts WHERE run_id = ? AND judge_id = ? AND n > 0 GROUP BY category",
            (run_id, judge_id),
        ).fetchall()
        if sum(n for _, n in kept) == self.prompt_count(run_id):
            return sorted(category for category, _ in kept)
        query = "SELECT DISTINCT category FROM run_prompts WHERE run_id = ? ORDER BY 1"
        return [r[0] for r in self.db.execute(query, (run_id,))]

    def harmful_compliances(
        self, run_id: str, judge_id: str, *, safety_sentences: bool = False
    ) -> list[tuple[str, str, StyleSignals]]:
        """(prompt id, reply, style signals) of the harmful prompts ``judge_id`` calls full compliance (filter
        blocks left out), in suite order: what a safe-completion count reads, without loading the whole run.
        With ``safety_sentences`` only replies with at least one warning, disclaimer or referral to a
        professional (a safe completion has one), picked in SQL so the others are never decoded."""
        # A safety sentence is a caveat sentence: asking for a caveat too lets SQLite read only the records with
        # one, from results_by_verdict (migration 011), records first (CROSS JOIN), instead of the whole run.
        safety = f" AND ({_CAVEATS}) > 0 AND ({_SAFETY_SENTENCES}) > 0" if safety_sentences else ""
        rows = self.db.execute(
            "SELECT s.prompt_id, c.text, s.signals_json FROM results s"
            " CROSS JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " JOIN completions c ON c.completion_id = s.completion_id"
            " WHERE s.run_id = ? AND s.judge_id = ? AND p.label = ? AND s.verdict = ? AND c.blocked_by IS NULL"
            + safety
            + " ORDER BY p.position",
            (run_id, judge_id, Label.HARMFUL.value, Verdict.COMPLIANCE.value),
        )
        return [(r[0], r[1] or "", StyleSignals(**json.loads(r[2]))) for r in rows]

    def aggregate_counts(self, run_id: str, judge_id: str | None = None) -> list[tuple[str, str, str, bool, int]]:
        """(label, category, verdict, filter_blocked, count) over a judge's records of a run. A summary
        needs only these counts; reading a million full rows into Python takes far longer and far more
        memory than keeping them counted in the store."""
        judge_id = judge_id or self.require_run(run_id).judge_id
        # Maintained by triggers on results (migration 003): a few dozen rows, whatever the run's size.
        rows = self.db.execute(
            "SELECT label, category, verdict, blocked, n FROM result_counts"
            " WHERE run_id = ? AND judge_id = ? AND n > 0 ORDER BY label, category, verdict, blocked",
            (run_id, judge_id),
        )
        return [(r[0], r[1], r[2], bool(r[3]), int(r[4])) for r in rows]

    def language_counts(self, run_id: str, judge_id: str) -> list[tuple[str, str, str, bool, int]]:
        """(label, language, verdict, filter-blocked, n) for the run's records by ``judge_id``: the shape of
        :meth:`aggregate_counts` with the language where the category is."""
        rows = self.db.execute(
            "SELECT p.label, p.language, s.verdict, c.blocked_by IS NOT NULL, COUNT(*) FROM results s"
            " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " JOIN completions c ON c.completion_id = s.completion_id"
            " WHERE s.run_id = ? AND s.judge_id = ? GROUP BY 1, 2, 3, 4",
            (run_id, judge_id),
        )
        return [(r[0], r[1], r[2], bool(r[3]), int(r[4])) for r in rows]

    def not_judged_counts(self, run_id: str, judge_id: str | None = None) -> dict[str, dict[str, int]]:
        """``{"benign"|"harmful": {language code: n}}``: a judge's NOT_JUDGED records of a run by the prompt's
        label and the language it could not read (``und`` where a record does not say)."""
        judge_id = judge_id or self.require_run(run_id).judge_id
        kept = self.db.execute(
            "SELECT 1 FROM result_counts WHERE run_id = ? AND judge_id = ? AND verdict = ? AND n > 0 LIMIT 1",
            (run_id, judge_id, Verdict.NOT_JUDGED.value),
        ).fetchone()
        if kept is None:  # the kept counts say there is none: no need to walk the run's records
            return {}
        rows = self.db.execute(
            "SELECT p.label, COALESCE(s.unread_language, 'und'), COUNT(*) FROM results s"
            " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " WHERE s.run_id = ? AND s.judge_id = ? AND s.verdict = ? GROUP BY 1, 2",
            (run_id, judge_id, Verdict.NOT_JUDGED.value),
        )
        out: dict[str, dict[str, int]] = {}
        for label, language, n in rows:
            out.setdefault(label, {})[language] = int(n)
        return out
