"""The verdicts of a store counted: by label, category, language, verdict and filter, mostly from the
counts SQLite keeps by triggers, so a run of a million records summarises in little memory."""

from __future__ import annotations

from collections import Counter

from ...types import Label, Verdict
from ..connection import translates_errors
from .records import LABELS, VERDICTS, ResultFilter, VerdictRecords, filter_conditions


@translates_errors
class VerdictCounts(VerdictRecords):
    """The counting part of the verdicts (see :class:`~overrefusal.store.Store`)."""

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
        clause, params = filter_conditions(where)
        return int(
            self.db.execute(
                "SELECT COUNT(*) FROM results s JOIN completions c ON c.completion_id = s.completion_id"
                " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
                " WHERE s.run_id = ? AND s.judge_id = ?" + clause,
                [run_id, judge_id, *params],
            ).fetchone()[0]
        )

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
            return [(LABELS[k[0]], k[1], VERDICTS[k[2]], None, n) for k, n in kept.items()]
        rows = self.db.execute(
            "SELECT p.label, p.category, s.verdict, o.verdict, COUNT(*) FROM results s"
            " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " LEFT JOIN results o ON o.run_id = s.run_id AND o.prompt_id = s.prompt_id AND o.judge_id = ?"
            " WHERE s.run_id = ? AND s.judge_id = ? GROUP BY 1, 2, 3, 4",
            (strata_judge, run_id, judge_id),
        )
        return [(LABELS[r[0]], r[1], VERDICTS[r[2]], VERDICTS[r[3]] if r[3] else None, int(r[4])) for r in rows]

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
        return [(LABELS[k[0]], VERDICTS[k[1]], float(k[2]), n) for k, n in out.items()]

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
        return [(r[0], LABELS[r[1]], VERDICTS[r[2]], VERDICTS[r[3]], int(r[4])) for r in rows]

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
        return [(k[0], LABELS[k[1]], VERDICTS[k[2]], VERDICTS[k[3]], n) for k, n in counts.items() if n > 0]
