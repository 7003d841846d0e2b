"""Runs on a local Ray cluster (Ray Data actors, Parquet shards, ingest) with the llama.cpp backends.

Skipped when Ray Data or pyarrow is missing (scripts/setup.sh installs the ``ray`` extra)."""

from __future__ import annotations

import importlib.util
import json
import os
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

RAY_MISSING = importlib.util.find_spec("ray") is None or importlib.util.find_spec("pyarrow") is None
pytestmark = pytest.mark.skipif(
    RAY_MISSING, reason="Ray Data or pyarrow is not installed (pip install 'overrefusal[ray]')"
)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}  # a local cluster, never a shared one
    return subprocess.run(
        [sys.executable, "-m", "overrefusal", *args], capture_output=True, text=True, timeout=600, env=env
    )


def test_ray_engine_runs_and_resumes_with_the_embedded_llamacpp_model(embedded_gguf: Path, tmp_path):
    store = tmp_path / "s.db"
    args = [
        "run",
        "--engine",
        "ray",
        "--model",
        "llamacpp/smollm2",
        "--suite",
        "core",
        "--limit",
        "6",
        "--max-tokens",
        "16",
        "--backend-option",
        "n_threads=1",
        "--json",
        "--store",
        str(store),
    ]
    p = _cli(*args)
    assert p.returncode == 0, p.stderr[-4000:]
    s = json.loads(p.stdout)
    assert s["status"] == "complete"
    assert s["benign"]["n"] + s["harmful"]["n"] == 6
    assert s["benign"]["errors"] + s["harmful"]["errors"] == 0
    assert s["this_invocation"]["generated"] == 6 and s["this_invocation"]["judged"] == 6
    con = sqlite3.connect(store)
    try:
        assert con.execute("SELECT COUNT(*) FROM completions").fetchone()[0] == 6
        assert con.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 6
        assert con.execute("SELECT COUNT(*) FROM ingested_completions").fetchone()[0] == 6
    finally:
        con.close()
    # Every shard was ingested and removed.
    assert not list((tmp_path / "s.shards").rglob("*.parquet"))
    # The same command again: everything is in the store, so nothing is dispatched (Ray is not even started).
    again = json.loads(_cli(*args).stdout)
    assert again["this_invocation"]["generated"] == 0 and again["this_invocation"]["already_done"] == 6
    assert again["benign"] == s["benign"]


def test_ray_resume_retries_only_errors_and_ingests_leftover_shards(embedded_gguf: Path, tmp_path):
    """A run made locally, then resumed on Ray: errored records are the only ones dispatched, and a shard
    left by a crashed invocation is ingested before anything is dispatched."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from overrefusal import api
    from overrefusal.backends import BackendOptions
    from overrefusal.distributed.ray_engine import default_shard_root
    from overrefusal.measure.deployment import Deployment
    from overrefusal.store.ingest import shard_schema
    from overrefusal.suites import load_suite
    from overrefusal.types import GenerationConfig

    os.environ.pop("RAY_ADDRESS", None)
    deployment = Deployment("llamacpp/smollm2", options=BackendOptions(extra={"n_threads": 1}))
    gen = GenerationConfig(max_tokens=16)
    suite = load_suite("core").limited(6)
    import ray

    try:
        with api.open_store(tmp_path / "s.db") as store:
            first = api.run(suite, deployment, generation=gen, store=store, engine="local", run_id="r")
            assert first["this_invocation"]["generated"] == 6
            # Two prompts failed (as a server outage would leave them): their completions and records are ERROR.
            failed = [p.id for p in suite.prompts[:2]]
            db = sqlite3.connect(store.path)
            db.execute(
                f"UPDATE completions SET error = 'HTTP 503' WHERE completion_id IN (SELECT completion_id FROM"
                f" results WHERE prompt_id IN ({','.join('?' * len(failed))}))",
                failed,
            )
            db.execute(
                f"UPDATE results SET verdict = 'error' WHERE prompt_id IN ({','.join('?' * len(failed))})", failed
            )
            db.commit()
            # A crashed invocation left a shard with a finished record for a third prompt, which the store
            # has as an ERROR too: ingesting the leftover fixes it without dispatching it.
            third = suite.prompts[2].id
            db.execute("UPDATE results SET verdict = 'error' WHERE prompt_id = ?", (third,))
            db.commit()
            db.close()
            row = {
                "run_id": "r",
                "prompt_id": third,
                "judge_id": "rules@1",
                "cache_key": "k",
                "completion_uid": uuid.uuid4().hex,
                "cached_completion_id": None,
                "text": "Sure, here is how.",
                "model_text": None,
                "finish_reason": "stop",
                "prompt_tokens": 1,
                "completion_tokens": 1,
                "latency_s": 0.1,
                "error": None,
                "blocked_by": None,
                "verdict": "full_compliance",
                "confidence": 0.9,
                "evidence_json": "[]",
                "signals_json": "{}",
                "judge_error": None,
            }
            if store.get_run("r").judge_id != "rules@1":  # the default judge's id, whatever version it has
                row["judge_id"] = store.get_run("r").judge_id
            leftover = default_shard_root(store) / "crashed" / "shard-000000.parquet"
            leftover.parent.mkdir(parents=True)
            pq.write_table(pa.Table.from_pylist([row], schema=shard_schema()), leftover)

            again = api.run(suite, deployment, generation=gen, store=store, engine="ray", run_id="r")
            assert again["this_invocation"]["already_done"] == 4  # 3 untouched + the leftover's record
            assert again["this_invocation"]["generated"] == 2
            assert again["status"] == "complete" and again["benign"]["errors"] + again["harmful"]["errors"] == 0
            assert not leftover.exists()
            assert store.count("results") == 6
    finally:
        ray.shutdown()


def test_the_ray_driver_holds_no_memory_per_prompt(tmp_path):
    """The driver reads nothing per prompt: the dataset's read tasks take the prompts still to run from the
    store a window at a time, and a shard's ingest looks up only its own rows. Eight times the prompts may add
    at most 400 bytes a prompt to the driver's peak of Python allocations: it added about 1,300 (a row of JSON
    strings for every prompt, a dict of every prompt id, and every record of the run read again for each
    shard); now about 100, Ray Data's own bookkeeping of each block of 32 rows."""
    import gc
    import importlib.util
    import tracemalloc

    from overrefusal import api
    from overrefusal.distributed.ray_engine import execute_on_ray, init_ray
    from overrefusal.judges import create_judge
    from overrefusal.measure.deployment import Deployment
    from overrefusal.measure.engine import RunPlan
    from overrefusal.suites import load_suite
    from overrefusal.types import GenerationConfig

    spec = importlib.util.spec_from_file_location("bench_scale", Path(__file__).parents[2] / "bench" / "scale.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    os.environ.pop("RAY_ADDRESS", None)
    import ray

    def peak(n: int) -> int:
        """Peak of the driver's Python allocations while it runs ``n`` prompts on Ray, above where it began."""
        folder = tmp_path / str(n)
        folder.mkdir()
        suite, replies = bench.write_inputs(folder, n)
        plan = RunPlan(
            suite=load_suite(str(suite)),
            deployment=Deployment(f"replay/{replies}"),
            generation=GenerationConfig(),
            judges=[create_judge("rules")],
            run_id=f"r{n}",
            batch_size=32,
        )
        with api.open_store(folder / "s.db") as store:
            gc.collect()
            tracemalloc.start()
            try:
                start = tracemalloc.get_traced_memory()[0]
                (out,) = execute_on_ray([plan], store)
                top = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
            assert out.judged == n and out.errors == 0 and store.prompt_count(f"r{n}") == n
        return top - start

    try:
        init_ray()
        peak(300)  # Ray Data's own first-use allocations (imports, caches) are not the run's
        small, big = peak(500), peak(4000)
    finally:
        ray.shutdown()
    per_prompt = (big - small) / 3500
    assert per_prompt < 400, (small, big, per_prompt)


def test_a_read_task_reads_its_window_and_the_cache_as_it_was_at_dispatch(tmp_path):
    """A read task of the Ray dataset reads the pending prompts of its window of suite positions, each with the
    reply the generation cache had for it when the run was dispatched. A reply to the same text stored after
    that (by this run) moves no prompt between the known and the fresh ones: a vLLM plan reads them in two
    passes, and a prompt that moved between them would be read by neither."""
    import pyarrow as pa

    from overrefusal.distributed.pending import PendingReader, Select
    from overrefusal.measure.deployment import Deployment
    from overrefusal.measure.engine import cache_key
    from overrefusal.store import RunRecord, Store
    from overrefusal.types import Completion, GenerationConfig, Judgement, Label, Prompt, Verdict

    replies = tmp_path / "r.jsonl"
    replies.write_text('{"id": "q0", "reply": "Sure."}\n')
    deployment, generation = Deployment(f"replay/{replies}"), GenerationConfig()
    prompts = [Prompt(f"q{i}", "Same text?" if i in (1, 5) else f"Text {i}?", Label.BENIGN) for i in range(10)]
    record = RunRecord("r", "s", "v", deployment.id, {}, {}, "rules@1", {})
    with Store(tmp_path / "s.db") as st:
        st.begin_run(record, prompts)
        old = st.add_completion(cache_key(deployment, generation, prompts[1]), Completion(text="Old reply."))
        st.put_result("r", "q0", old, Judgement(Verdict.COMPLIANCE, 0.9, "rules@1"))  # done: never read
        horizon = st.last_completion_id()
        st.add_completion(cache_key(deployment, generation, prompts[7]), Completion(text="Made meanwhile."))

    def read(select: Select, after: int = -1, before: int = 10) -> dict[str, int]:
        reader = PendingReader(
            str(tmp_path / "s.db"), 0, "r", ("rules@1",), deployment, generation, True, select, horizon
        )
        tables = list(reader.read(after, before))
        rows = pa.concat_tables(tables).to_pylist() if tables else []
        return {json.loads(r["prompt"])["id"]: r["cached_completion_id"] for r in rows}

    every = read(Select.ALL)
    assert list(every) == [f"q{i}" for i in range(1, 10)]
    assert every["q1"] == every["q5"] == old and every["q7"] == -1  # q7's reply came after the dispatch
    assert read(Select.KNOWN) == {"q1": old, "q5": old}
    assert list(read(Select.FRESH)) == ["q2", "q3", "q4", "q6", "q7", "q8", "q9"]
    assert list(read(Select.ALL, 3, 8)) == ["q4", "q5", "q6", "q7"]
    assert read(Select.ALL, 0, 1) == {}  # q0 is done
