"""A small, fast version of bench/throughput.py: the tool against the instant Node server at concurrency 64,
checked for behaviour only (every prompt stored once, the server's failures stored as ERROR), never wall time."""

from __future__ import annotations

import importlib.util
import shutil
import sqlite3
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (bench/instant_server.js)")


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_throughput", REPO / "bench" / "throughput.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_every_prompt_is_stored_once_and_server_failures_as_error(tmp_path: Path) -> None:
    bench = _bench()
    n = 400
    suite, failing = bench.write_suite(tmp_path, n, every_failure=40)
    assert len(failing) == 20
    db = tmp_path / "smoke.db"
    with bench.instant_server() as base_url:
        _, out = bench.run_tool(base_url, suite, db, 64, n)
    assert out["this_invocation"]["errors"] == len(failing)

    con = sqlite3.connect(db)
    try:
        rows = con.execute(
            "SELECT r.prompt_id, r.verdict, c.error FROM results r JOIN completions c USING (completion_id)"
            " WHERE r.run_id = 'bench'"
        ).fetchall()
        generated = con.execute("SELECT COUNT(*) FROM completions").fetchone()[0]
    finally:
        con.close()
    ids = [pid for pid, _, _ in rows]
    assert sorted(ids) == sorted(f"p{i}" for i in range(n))  # each prompt once: none lost, none twice
    assert generated == n  # and each generated once
    errors = {pid: err for pid, verdict, err in rows if verdict == "error"}
    assert set(errors) == failing
    for pid, err in errors.items():
        number = int(pid[1:])
        expected = "HTTP 400" if number % 40 == 1 else "malformed JSON"
        assert expected in err, (pid, err)
    assert {verdict for _, verdict, _ in rows if verdict != "error"} <= {"full_compliance", "full_refusal"}
    assert b"sk-bench-not-a-real-key" not in db.read_bytes()
