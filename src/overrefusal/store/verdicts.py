"""The verdicts of a store: one record per (run, prompt, judge), read back as rows or as the counts a
summary needs (kept counted in SQLite, so a run of a million records summarises in little memory)."""

from __future__ import annotations

import json

from ..types import Judgement, Label, ResultRow, StyleSignals, Verdict
from .connection import translates_errors, utc_now
from .replies import COMPLETION_COLUMNS, completion_from_row
from .runs import Runs


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

    def results(self, run_id: str, judge_id: str | None = None) -> list[ResultRow]:
        run = self.require_run(run_id)
        judge_id = judge_id or run.judge_id
        prompts = {p.id: p for p in self.run_prompts(run_id)}
        rows = self.db.execute(
            "SELECT s.prompt_id, s.verdict, s.confidence, s.evidence_json, s.signals_json, s.judge_error,"
            " s.unread_language, "
            + ", ".join(f"c.{column}" for column in COMPLETION_COLUMNS)
            + " FROM results s JOIN completions c ON c.completion_id = s.completion_id"
            " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " WHERE s.run_id = ? AND s.judge_id = ? ORDER BY p.position",
            (run_id, judge_id),
        )
        out = []
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
            out.append(ResultRow(prompt=prompts[r[0]], completion=completion_from_row(r[7:]), judgement=j))
        return out

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
