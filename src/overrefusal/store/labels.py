"""The human labels of a store: a run's labelling sample (drawn with a strategy and seed) and the labels
people gave its replies, the ground truth that corrects a judge's rates."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence

from ..errors import UserError
from ..types import HumanLabel, SampledPrompt, SamplingStrategy, Verdict
from .connection import StoreConnection, translates_errors, utc_now


@translates_errors
class Labels(StoreConnection):
    """The labels part of the store (see :class:`~overrefusal.store.Store`)."""

    def label_sample(self, run_id: str) -> list[SampledPrompt]:
        """The run's labelling sample in the order the labeller shows it (empty when none was drawn)."""
        rows = self.db.execute(
            "SELECT prompt_id, position, strategy, seed, probability, judge_id FROM label_sample WHERE run_id = ?"
            " ORDER BY position",
            (run_id,),
        )
        return [SampledPrompt(r[0], r[1], SamplingStrategy(r[2]), r[3], r[4], r[5]) for r in rows]

    def replies_after_sample(self, run_id: str) -> int:
        """How many of the run's judged replies (not ERROR), by the judge whose verdicts defined its labelling
        sample, were recorded after the sample was first drawn: replies that draw could not include (the run
        was resumed, or errored prompts were retried). 0 when the run has no sample."""
        drawn = self.db.execute(
            "SELECT judge_id, MIN(created_at) FROM label_sample WHERE run_id = ? GROUP BY judge_id", (run_id,)
        ).fetchall()
        # One judge at a time, so that SQLite reads (run, judge, ..., created_at) from index results_by_verdict
        # (migration 011) alone instead of every record of the run.
        return sum(
            int(
                self.db.execute(
                    "SELECT COUNT(*) FROM results WHERE run_id = ? AND judge_id = ? AND created_at > ? AND verdict != ?",
                    (run_id, judge_id, first, Verdict.ERROR.value),
                ).fetchone()[0]
            )
            for judge_id, first in drawn
        )

    def add_to_label_sample(
        self,
        run_id: str,
        sampled: Sequence[SampledPrompt],
        *,
        expected_before: int | None = None,
        probabilities: Mapping[str, float] | None = None,
    ) -> None:
        """Add prompts to the run's labelling sample, all or none. ``expected_before``: the sample size the
        new prompts were drawn against; checked inside the write transaction, because two labellers starting
        at once would otherwise both draw and mix two samples (seeds, sizes) into one. ``probabilities``:
        new inclusion probabilities of prompts already sampled (an extended uncertainty sample), in the same
        transaction."""
        now = utc_now()
        try:
            with self.transaction():
                if expected_before is not None:
                    have = self.db.execute("SELECT COUNT(*) FROM label_sample WHERE run_id = ?", (run_id,)).fetchone()[
                        0
                    ]
                    if have != expected_before:
                        raise UserError(
                            f"another `overrefusal label` changed the labelling sample of run '{run_id}' "
                            f"at the same time (it now holds {have}); run the command again to continue it",
                            field="--n",
                        )
                self.db.executemany(
                    "UPDATE label_sample SET probability = ? WHERE run_id = ? AND prompt_id = ?",
                    [(p, run_id, k) for k, p in (probabilities or {}).items()],
                )
                self.db.executemany(
                    "INSERT INTO label_sample VALUES (?,?,?,?,?,?,?,?)",
                    [
                        (run_id, s.prompt_id, s.position, s.strategy.value, s.seed, s.probability, s.judge_id, now)
                        for s in sampled
                    ],
                )
        except sqlite3.Error as exc:
            raise self._error("cannot write to the store", exc) from None

    def human_labels(self, run_id: str) -> dict[str, HumanLabel]:
        """prompt_id -> the run's effective human label of that prompt's reply (written only through
        :func:`overrefusal.store.annotations.put_annotations`, which keeps it in step with every annotator's
        label)."""
        rows = self.db.execute(
            "SELECT prompt_id, label, labeller, labelled_at, source FROM human_labels WHERE run_id = ?", (run_id,)
        )
        return {r[0]: HumanLabel(r[0], Verdict(r[1]), r[2], r[3], r[4]) for r in rows}

    def count_human_labels(self, run_id: str) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM human_labels WHERE run_id = ?", (run_id,)).fetchone()[0])
