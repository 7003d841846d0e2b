"""The verdict records of a store: one per (run, prompt, judge), written as a judge gives it and read back
as whole rows (what a page shows) or light ones (what counting and pairing need)."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ...types import Completion, Judgement, Label, Prompt, ResultRow, StyleSignals, Verdict
from ..connection import translates_errors, utc_now
from ..replies import COMPLETION_COLUMNS, completion_from_row
from ..runs import PROMPT_COLUMNS, Runs, prompt_from_row

_PROMPT_COLUMNS = ", ".join(f"p.{c}" for c in PROMPT_COLUMNS)


MAX_IDS = 500
"""Prompt ids bound in one query (SQLite limits bound parameters)."""


VERDICTS = {v.value: v for v in Verdict}


LABELS = {label.value: label for label in Label}


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


def signal_sum(*keys: str) -> str:
    """The sum of these :class:`StyleSignals` counts of a record in SQL; a key missing from an older record
    counts 0, as StyleSignals' defaults do."""
    return " + ".join(f"COALESCE(json_extract(s.signals_json, '$.{key}'), 0)" for key in keys)


CAVEATS = signal_sum("warnings", "disclaimers", "moralising", "professional_redirect")
""":attr:`StyleSignals.caveats`."""


SAFETY_SENTENCES = signal_sum("warnings", "disclaimers", "professional_redirect")
"""What :func:`~overrefusal.judges.quality.is_safe_completion` needs at least one of."""


def filter_conditions(where: ResultFilter | None) -> tuple[str, list[object]]:
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
class VerdictRecords(Runs):
    """The verdict records part of the store (see :class:`~overrefusal.store.Store`); it reads a run's prompts
    and primary judge through :class:`Runs`."""

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
        clause, params = filter_conditions(where)
        if prompt_ids is not None:
            ids = sorted(set(prompt_ids))
            # Read by id in slices (SQLite limits bound parameters), then put in suite order here: an ORDER BY
            # in SQL would make SQLite walk the whole run in suite order instead of looking the ids up.
            found = [
                row
                for start in range(0, len(ids), MAX_IDS)
                for row in self._positioned(run_id, judge_id, where, ids[start : start + MAX_IDS])
            ]
            found.sort(key=lambda x: x[0])
            return [row for _, row in found][offset : None if limit is None else offset + limit]
        page = "" if limit is None and not offset else " LIMIT ? OFFSET ?"
        if page:
            params.extend([-1 if limit is None else limit, offset])
        return [row for _, row in self._read(run_id, judge_id, clause + " ORDER BY p.position" + page, params)]

    def result_page(
        self,
        run_id: str,
        judge_id: str,
        *,
        where: ResultFilter | None = None,
        after: int | None = None,
        before: int | None = None,
        limit: int,
    ) -> list[tuple[int, ResultRow]]:
        """(suite position, record) of the first ``limit`` records :meth:`results` with the same ``where`` gives
        after the suite position ``after``, or of the last ``limit`` before ``before`` (neither: the first
        page), in suite order either way: a page found by where the one beside it ends (keyset paging).
        SQLite seeks to the position on run_prompts_by_position (migration 009), so a page deep in a run costs
        what the first does, where ``results(offset=...)`` walks every record before it."""
        clause, params = filter_conditions(where)
        for bound, op in ((after, ">"), (before, "<")):
            if bound is not None:
                clause += f" AND p.position {op} ?"
                params.append(bound)
        backwards = before is not None and after is None
        order = " ORDER BY p.position DESC" if backwards else " ORDER BY p.position"
        rows = self._read(run_id, judge_id, clause + order + " LIMIT ?", [*params, limit])
        return rows[::-1] if backwards else rows

    def _positioned(
        self, run_id: str, judge_id: str, where: ResultFilter | None, ids: Sequence[str]
    ) -> list[tuple[int, ResultRow]]:
        clause, params = filter_conditions(where)
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
                verdict=VERDICTS[r[2]],
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
            for start in range(0, len(ids), MAX_IDS)
            for row in self._light(
                run_id,
                judge_id,
                f" AND s.prompt_id IN ({', '.join('?' * len(ids[start : start + MAX_IDS]))})",
                ids[start : start + MAX_IDS],
            )
        ]
        found.sort(key=lambda x: x[0])
        return [row for _, row in found]

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
                j = judgements[(verdict, confidence)] = Judgement(VERDICTS[verdict], confidence, judge_id)
            prompt = Prompt(pid, text, LABELS[label], category, language=language, translation_of=translation_of)
            out.append((position, ResultRow(prompt, _NO_REPLY, j)))
        return out

    def harmful_compliances(
        self, run_id: str, judge_id: str, *, safety_sentences: bool = False
    ) -> list[tuple[str, str, StyleSignals]]:
        """(prompt id, reply, style signals) of the harmful prompts ``judge_id`` calls full compliance (filter
        blocks left out), in suite order: what a safe-completion count reads, without loading the whole run.
        With ``safety_sentences`` only replies with at least one warning, disclaimer or referral to a
        professional (a safe completion has one), picked in SQL so the others are never decoded."""
        # A safety sentence is a caveat sentence: asking for a caveat too lets SQLite read only the records with
        # one, from results_by_verdict (migration 011), records first (CROSS JOIN), instead of the whole run.
        safety = f" AND ({CAVEATS}) > 0 AND ({SAFETY_SENTENCES}) > 0" if safety_sentences else ""
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
