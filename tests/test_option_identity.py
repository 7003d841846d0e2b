"""A deployment id follows what the backend options mean, not how they were spelled, and runs stored by
earlier versions (whose ids hashed the spelling) are still found and resumed by the command that made them.

The real command (run in the test process where a new one would do the same: tests/_cli.py), real replay files from the shared XSTest data, real SQLite stores."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from _cli import cli
from overrefusal.backends import BackendOptions
from overrefusal.measure.deployment import Deployment
from overrefusal.store import Store
from overrefusal.store.run_names import derived_run_id


def _deployment(model: str, **extra: object) -> Deployment:
    return Deployment(model=model, options=BackendOptions(extra=extra))


def test_spellings_of_one_value_are_one_id() -> None:
    model = "openai/some-model"
    a = _deployment(model, max_connections="8", backoff_max_s="0")
    b = _deployment(model, max_connections="8 ", backoff_max_s="0.0")
    c = _deployment(model, max_connections=8, backoff_max_s=0.0)
    assert a.id == b.id == c.id
    assert _deployment(model, max_connections="9", backoff_max_s="0").id != a.id  # another value, another id
    assert _deployment(model, max_connections="8").id != a.id  # a default given or not is kept apart
    # What older versions hashed: the strings as given (so "0" and "0.0" were two runs).
    assert a.legacy_id != b.legacy_id and a.legacy_id in a.ids and a.id in a.ids
    # No options, or options already canonical: the id is what it always was, nothing to alias.
    assert _deployment(model).ids == (_deployment(model).legacy_id,)
    assert c.ids == (c.legacy_id,)


def test_a_refused_value_still_has_an_id() -> None:
    """The id is computed before the backend opens (and for old runs in reports): it never raises."""
    d = _deployment("openai/m", max_connections="lots", no_such_option="x")
    assert d.id and d.describe()["options"]["extra"] == {"max_connections": "lots", "no_such_option": "x"}


def _args(xstest_dir: Path, check_text: str) -> tuple[str, ...]:
    model = f"replay/{xstest_dir}/model_completions/xstest_v2_completions_gpt4.csv"
    suite = str(xstest_dir / "xstest_prompts.csv")
    return ("run", "--model", model, "--suite", suite, "--limit", "8", "--judge", "rules", "--json") + (
        "--backend-option",
        f"check_text={check_text}",
    )


def test_rerun_with_another_spelling_resumes(xstest_dir: Path, tmp_path: Path) -> None:
    store = tmp_path / "s.db"
    first = cli(*_args(xstest_dir, "false"), store=store)
    assert first.returncode == 0, first.stderr
    again = cli(*_args(xstest_dir, "0"), store=store)
    assert again.returncode == 0, again.stderr
    a, b = json.loads(first.stdout), json.loads(again.stdout)
    assert b["run_id"] == a["run_id"]
    assert b["this_invocation"]["already_done"] == b["suite"]["n"] > 0 and b["this_invocation"]["generated"] == 0
    other = cli(*_args(xstest_dir, "true"), store=store)
    assert other.returncode == 0, other.stderr
    assert json.loads(other.stdout)["run_id"] != a["run_id"]  # another meaning is another run


def test_run_stored_under_the_legacy_id_resumes(xstest_dir: Path, tmp_path: Path) -> None:
    """A store as the previous version left it: the run's deployment id hashes the option as spelled, and
    its derived run id hashes that identity. The exact command that made it finds it and does nothing."""
    store = tmp_path / "s.db"
    args = _args(xstest_dir, "false")
    first = cli(*args, store=store)
    assert first.returncode == 0, first.stderr
    new_id = json.loads(first.stdout)["run_id"]
    model = args[args.index("--model") + 1]
    deployment = _deployment(model, check_text="false")
    legacy = deployment.legacy_id
    assert legacy != deployment.id
    with Store(store) as st:
        run = st.require_run(new_id)
    assert run.deployment_id == deployment.id
    old_identity = {**run.identity(), "deployment_id": legacy}
    old_id = derived_run_id(model, run.suite_name, old_identity)
    assert old_id != new_id
    con = sqlite3.connect(store)
    con.execute("PRAGMA foreign_keys = OFF")
    for table in ("run_prompts", "results"):
        con.execute(f"UPDATE {table} SET run_id = ? WHERE run_id = ?", (old_id, new_id))
    con.execute("UPDATE runs SET run_id = ?, deployment_id = ? WHERE run_id = ?", (old_id, legacy, new_id))
    con.execute(
        "UPDATE run_components SET run_id = ?, component_id = CASE kind WHEN 'backend' THEN ? ELSE component_id END"
        " WHERE run_id = ?",
        (old_id, legacy, new_id),
    )
    con.commit()
    con.close()
    again = cli(*args, store=store)
    assert again.returncode == 0, again.stderr
    s = json.loads(again.stdout)
    assert s["run_id"] == old_id
    assert s["this_invocation"]["already_done"] == s["suite"]["n"] > 0 and s["this_invocation"]["generated"] == 0
    with Store(store) as st:
        assert [r["run_id"] for r in st.list_runs()] == [old_id]
        assert st.require_run(old_id).deployment_id == legacy  # resumed as stored, not rewritten
    con = sqlite3.connect(store)
    backends = con.execute(
        "SELECT component_id FROM run_components WHERE kind = 'backend' AND run_id = ?", (old_id,)
    ).fetchall()
    con.close()
    assert backends == [(legacy,)]  # how its backend was made: one record, under the id the run has
    # Named explicitly, the old run resumes too (its identity is the plan's legacy one).
    named = cli(*args, "--run-id", old_id, store=store)
    assert named.returncode == 0, named.stderr
    assert json.loads(named.stdout)["this_invocation"]["generated"] == 0
