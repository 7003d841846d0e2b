"""`overrefusal report RUN --judge NEW` re-judges a stored run without generating, keeping old verdicts."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from _cli import cli


def rows(db: Path, table: str) -> int:
    con = sqlite3.connect(db)
    try:
        return int(con.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    finally:
        con.close()


def _results(db: Path, judge_prefix: str) -> list[tuple]:
    con = sqlite3.connect(db)
    try:
        return con.execute(
            "SELECT prompt_id, judge_id, completion_id, verdict, confidence, evidence_json, created_at"
            " FROM results WHERE judge_id LIKE ? ORDER BY prompt_id",
            (judge_prefix + "%",),
        ).fetchall()
    finally:
        con.close()


def test_report_with_a_new_judge_rejudges_stored_replies(xstest_dir: Path, tmp_path: Path) -> None:
    store = tmp_path / "s.db"
    replay = f"replay/{xstest_dir}/model_completions/xstest_v2_completions_llama2new.csv"
    first = cli(
        "run",
        "--model",
        replay,
        "--suite",
        str(xstest_dir / "xstest_prompts.csv"),
        "--limit",
        "30",
        "--judge",
        "rules",
        "--json",
        store=store,
    )
    assert first.returncode == 0, first.stderr
    run = json.loads(first.stdout)
    assert run["judge"].startswith("rules@")
    completions = rows(store, "completions")
    old = _results(store, "rules@")
    n = run["suite"]["n"]  # --limit keeps benign/harmful pairs together, so a few more than 30
    assert len(old) == n >= 30

    rep = cli("report", run["run_id"], "--judge", "classifier", "--json", store=store)
    assert rep.returncode == 0, rep.stderr
    new = json.loads(rep.stdout)
    assert new["judge"].startswith("classifier@3-")
    assert new["benign"]["n"] + new["harmful"]["n"] == n
    assert rows(store, "completions") == completions  # nothing generated
    assert _results(store, "rules@") == old  # the old verdicts are untouched
    judged = _results(store, "classifier@")
    assert len(judged) == n and {r[2] for r in judged} == {r[2] for r in old}  # same replies judged

    # Again: nothing to do, same records; and the new judge's id works like any stored judge's.
    again = cli("report", run["run_id"], "--judge", "classifier", "--json", store=store)
    assert json.loads(again.stdout) == new and _results(store, "classifier@") == judged
    by_id = cli("report", run["run_id"], "--judge", new["judge"], "--json", store=store)
    assert json.loads(by_id.stdout)["benign"] == new["benign"]
    # The run's own summary still uses its primary judge.
    assert json.loads(cli("report", run["run_id"], "--json", store=store).stdout)["judge"] == run["judge"]

    bad = cli("report", run["run_id"], "--judge", "no-such-judge", store=store)
    assert bad.returncode == 2 and "no-such-judge" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    assert _results(store, "rules@") == old
