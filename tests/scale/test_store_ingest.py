"""Parquet shard ingest (idempotent, resume-safe) and the SQL summary path (identical to the row path)."""

from __future__ import annotations

import importlib.util
import json
import random
import uuid

import pytest

from overrefusal import api
from overrefusal.errors import UserError
from overrefusal.estimate.metrics import summarize_counts, summarize_rows
from overrefusal.store import RunRecord, Store
from overrefusal.store.ingest import ingest_parquet, ingest_rows, shard_schema
from overrefusal.types import Completion, Judgement, Label, Prompt, StyleSignals, Verdict

PYARROW_MISSING = importlib.util.find_spec("pyarrow") is None


def make_run(store: Store, run_id: str = "r1", n: int = 6) -> list[Prompt]:
    prompts = [
        Prompt(
            f"p{i}",
            f"text {i}",
            Label.BENIGN if i % 2 == 0 else Label.HARMFUL,
            category=["med", "sec", ""][i % 3],
            pair_id=f"x{i // 2}",
        )
        for i in range(n)
    ]
    store.begin_run(
        RunRecord(
            run_id=run_id,
            suite_name="s",
            suite_version="v",
            deployment_id="d",
            deployment={"model": "x/y"},
            generation={},
            judge_id="j@1",
            provenance={},
        ),
        prompts,
    )
    return prompts


def shard_row(
    run_id: str,
    prompt_id: str,
    verdict: Verdict,
    *,
    uid: str | None = None,
    text: str = "Sure.",
    error: str | None = None,
    judge: str = "j@1",
    cached: int | None = None,
) -> dict:
    return {
        "run_id": run_id,
        "prompt_id": prompt_id,
        "judge_id": judge,
        "cache_key": f"k-{prompt_id}",
        "completion_uid": uid if cached is None else None,
        "cached_completion_id": cached,
        "text": text,
        "model_text": None,
        "finish_reason": "stop",
        "prompt_tokens": 3,
        "completion_tokens": 2,
        "latency_s": 0.1,
        "error": error,
        "blocked_by": None,
        "verdict": verdict.value,
        "confidence": 0.9,
        "evidence_json": json.dumps(["sure"]),
        "signals_json": json.dumps(StyleSignals(length=5).to_dict()),
        "judge_error": None,
    }


def counts(store: Store) -> tuple[int, int]:
    return store.count("completions"), store.count("results")


@pytest.mark.skipif(PYARROW_MISSING, reason="pyarrow is not installed (pip install 'overrefusal[ray]')")
def test_reingesting_a_shard_adds_nothing(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    with Store(tmp_path / "s.db") as store:
        make_run(store)
        rows = [shard_row("r1", f"p{i}", Verdict.COMPLIANCE, uid=uuid.uuid4().hex) for i in range(6)]
        # Two judges sharing one generation: one completion, two records.
        rows.append({**rows[0], "judge_id": "other@1", "verdict": Verdict.REFUSAL.value})
        shard = tmp_path / "shard.parquet"
        pq.write_table(pa.Table.from_pylist(rows, schema=shard_schema()), shard)
        first = ingest_parquet(store, shard)
        assert (first.rows, first.completions_added, first.results_written) == (7, 6, 7)
        assert counts(store) == (6, 7)
        second = ingest_parquet(store, tmp_path)  # a directory: every shard under it
        assert (second.completions_added, second.results_written, second.skipped) == (0, 0, 7)
        assert counts(store) == (6, 7)
        # Each of the six uids (the seventh row shares the first's generation) names its own completion of r1.
        stored = {store.ingested_completion_id(r["completion_uid"], "r1") for r in rows}
        assert None not in stored and len(stored) == 6


def test_final_records_are_kept_and_error_records_are_replaced(tmp_path):
    with Store(tmp_path / "s.db") as store:
        make_run(store)
        ingest_rows(
            store,
            [
                shard_row("r1", "p0", Verdict.COMPLIANCE, uid="a"),
                shard_row("r1", "p1", Verdict.ERROR, uid="b", text="", error="HTTP 503"),
            ],
        )
        # A later shard with other results for both prompts: p0 is final and stays; p1 was an ERROR: retried.
        report = ingest_rows(
            store,
            [
                shard_row("r1", "p0", Verdict.REFUSAL, uid="c", text="No."),
                shard_row("r1", "p1", Verdict.REFUSAL, uid="d", text="No."),
            ],
        )
        assert (report.results_written, report.skipped, report.completions_added) == (1, 1, 1)
        states = store.result_states("r1", "j@1")
        assert states["p0"][0] == Verdict.COMPLIANCE.value
        assert states["p1"][0] == Verdict.REFUSAL.value
        # Re-ingesting the old ERROR shard cannot undo the retry.
        ingest_rows(store, [shard_row("r1", "p1", Verdict.ERROR, uid="b", text="", error="HTTP 503")])
        assert store.result_states("r1", "j@1")["p1"][0] == Verdict.REFUSAL.value


def test_rows_pointing_at_a_stored_completion_reuse_it(tmp_path):
    with Store(tmp_path / "s.db") as store:
        make_run(store)
        cid = store.add_completion("k", Completion(text="Cached."))
        ingest_rows(store, [shard_row("r1", "p2", Verdict.COMPLIANCE, cached=cid)])
        assert counts(store) == (1, 1)
        assert store.results("r1")[0].completion.text == "Cached."


def test_bad_rows_are_refused_whole(tmp_path):
    with Store(tmp_path / "s.db") as store:
        make_run(store)
        with pytest.raises(UserError, match="not part of run"):
            ingest_rows(
                store,
                [
                    shard_row("r1", "p0", Verdict.COMPLIANCE, uid="a"),
                    shard_row("r1", "nope", Verdict.COMPLIANCE, uid="b"),
                ],
                source="x.parquet",
            )
        assert counts(store) == (0, 0)  # one transaction: all or nothing
        with pytest.raises(UserError, match="no run"):
            ingest_rows(store, [shard_row("r9", "p0", Verdict.COMPLIANCE, uid="a")])


def test_sql_summary_equals_row_summary(tmp_path):
    rng = random.Random(5)
    verdicts = list(Verdict)
    with Store(tmp_path / "s.db") as store:
        prompts = make_run(store, n=300)
        for p in prompts:
            v = rng.choice(verdicts)
            blocked = "keyword:abc" if rng.random() < 0.15 else None
            cid = store.add_completion(
                p.id,
                Completion(
                    text="t", blocked_by=blocked, error="boom" if v is Verdict.ERROR and rng.random() < 0.5 else None
                ),
            )
            store.put_result("r1", p.id, cid, Judgement(v, 0.8, "j@1"))

        def same() -> dict:
            by_rows = summarize_rows(store.results("r1"))
            by_sql = summarize_counts(store.aggregate_counts("r1"))
            assert json.dumps(by_sql, sort_keys=False) == json.dumps(by_rows, sort_keys=False)
            return by_rows

        by_rows = same()
        assert "(none)" in by_sql_categories(store)
        summary = api.summary("r1", store=store)
        assert summary["benign"] == by_rows["benign"] and summary["suite"]["n"] == 300
        # Replaced records (a retried ERROR, a re-judged prompt) move between groups ...
        for p in prompts[:80]:
            cid = store.add_completion(p.id, Completion(text="again", blocked_by="kw" if rng.random() < 0.5 else None))
            store.put_result("r1", p.id, cid, Judgement(rng.choice(verdicts), 0.7, "j@1"))
        same()
        # ... deleted ones leave them, and a second judge is counted apart.
        store._db.execute("DELETE FROM results WHERE prompt_id IN ('p1', 'p2', 'p3')")
        for p in prompts[:10]:
            store.put_result("r1", p.id, 1, Judgement(Verdict.REFUSAL, 0.5, "other@1"))
        same()
        assert sum(r[4] for r in store.aggregate_counts("r1", "other@1")) == 10


def by_sql_categories(store: Store) -> dict:
    return summarize_counts(store.aggregate_counts("r1"))["by_category"]


def test_counts_are_backfilled_when_an_older_store_is_opened(tmp_path):
    """A store written before migration 003 gets its counts from the records it already holds."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        prompts = make_run(store, n=20)
        for i, p in enumerate(prompts):
            cid = store.add_completion(p.id, Completion(text="t", blocked_by="kw" if i % 7 == 0 else None))
            store.put_result("r1", p.id, cid, Judgement([Verdict.COMPLIANCE, Verdict.REFUSAL][i % 2], 0.9, "j@1"))
        expected = summarize_rows(store.results("r1"))
        # Undo migration 003, as if the file came from an older version.
        for stmt in (
            "DROP TRIGGER result_counts_insert",
            "DROP TRIGGER result_counts_update",
            "DROP TRIGGER result_counts_delete",
            "DROP TABLE result_counts",
            "DELETE FROM _migrations WHERE name = '003_result_counts'",
        ):
            store._db.execute(stmt)
    with Store(path) as store:
        assert "003_result_counts" in store.applied_migrations()
        assert summarize_counts(store.aggregate_counts("r1")) == expected
