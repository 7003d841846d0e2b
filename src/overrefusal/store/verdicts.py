"""The verdicts of a store: one record per (run, prompt, judge), read back as rows or as the counts a
summary needs (kept counted in SQLite, so a run of a million records summarises in little memory)."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass

from ..types import Judgement, Label, ResultRow, StyleSignals, Verdict
from .connection import translates_errors, utc_now
from .replies import COMPLETION_COLUMNS, completion_from_row
from .runs import PROMPT_COLUMNS, Runs, prompt_from_row

_PROMPT_COLUMNS = ", ".join(f"p.{c}" for c in PROMPT_COLUMNS)


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

    def latest_completion_ids(self, run_id: str) -> dict[str, int]:
        """prompt_id -> completion of any judge's record of this run (to judge with a new judge for free)."""
        rows = self.db.execute(
            "SELECT s.prompt_id, MAX(s.completion_id) FROM results s JOIN completions c"
            " ON c.completion_id = s.completion_id WHERE s.run_id = ? AND c.error IS NULL GROUP BY s.prompt_id",
            (run_id,),
        )
        return {r[0]: r[1] for r in rows}

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
            if not ids:
                return []
            if len(ids) > 500:  # SQLite's limit on bound parameters; filter in Python beyond it
                wanted = set(ids)
                return [r for r in self.results(run_id, judge_id, where=where) if r.prompt.id in wanted]
            clause += f" AND s.prompt_id IN ({', '.join('?' * len(ids))})"
            params.extend(ids)
        page = "" if limit is None and not offset else " LIMIT ? OFFSET ?"
        if page:
            params.extend([-1 if limit is None else limit, offset])
        rows = self.db.execute(
            "SELECT s.prompt_id, s.verdict, s.confidence, s.evidence_json, s.signals_json, s.judge_error,"
            " s.unread_language, "
            + ", ".join(f"c.{column}" for column in COMPLETION_COLUMNS)
            + ", "
            + _PROMPT_COLUMNS
            + " FROM results s JOIN completions c ON c.completion_id = s.completion_id"
            " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " WHERE s.run_id = ? AND s.judge_id = ?" + clause + " ORDER BY p.position" + page,
            [run_id, judge_id, *params],
        )
        out = []
        width = 7 + len(COMPLETION_COLUMNS)  # the results columns, then the completion's
        for r in rows:
            j = Judgement(
                verdict=Verdict(r[1]),
                confidence=r[2],
                judge=judge_id,
                evidence=tuple(json.loads(r[3])),
                signals=StyleSignals(**json.loads(r[4])),
                error=r[5],
                language=r[6] or "",
            )
            prompt = prompt_from_row(r[width:])
            out.append(ResultRow(prompt=prompt, completion=completion_from_row(r[7:width]), judgement=j))
        return out

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
        query = f"SELECT DISTINCT {column} FROM run_prompts WHERE run_id = ? ORDER BY 1"
        return [r[0] for r in self.db.execute(query, (run_id,))]

    def harmful_compliances(self, run_id: str, judge_id: str) -> list[tuple[str, str, StyleSignals]]:
        """(prompt id, reply, style signals) of the harmful prompts ``judge_id`` calls full compliance (filter
        blocks left out), in suite order: what a safe-completion count reads, without loading the whole run."""
        rows = self.db.execute(
            "SELECT s.prompt_id, c.text, s.signals_json FROM results s"
            " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " JOIN completions c ON c.completion_id = s.completion_id"
            " WHERE s.run_id = ? AND s.judge_id = ? AND p.label = ? AND s.verdict = ? AND c.blocked_by IS NULL"
            " ORDER BY p.position",
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
