"""A run records the files it was read from resolved, so the guard that keeps outputs off them holds from
any directory, and a run stored before (relative paths) is still read as it was.

The real command (run in the test process where a new one would do the same: tests/_cli.py), a real replay file and suite file from the shared XSTest data, real SQLite stores."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from _cli import cli
from overrefusal.store import Store


@pytest.fixture
def relative_run(xstest_dir: Path, tmp_path: Path) -> tuple[Path, Path, Path]:
    """A run made in ``here`` from ``replies.csv`` and ``suite.csv`` named relatively; (store, here, elsewhere)."""
    here, elsewhere = tmp_path / "here", tmp_path / "elsewhere"
    here.mkdir()
    elsewhere.mkdir()
    (here / "replies.csv").write_bytes((xstest_dir / "model_completions/xstest_v2_completions_gpt4.csv").read_bytes())
    (here / "suite.csv").write_bytes((xstest_dir / "xstest_prompts.csv").read_bytes())
    store = tmp_path / "s.db"
    args = ("run", "--model", "replay/replies.csv", "--suite", "suite.csv", "--limit", "6", "--judge", "rules")
    p = cli(*args, "--run-id", "rel", "--json", store=store, cwd=here)
    assert p.returncode == 0, p.stderr
    return store, here, elsewhere


@pytest.mark.parametrize("name", ["replies.csv", "suite.csv"])
def test_report_from_another_directory_refuses_the_run_inputs(relative_run: tuple[Path, Path, Path], name: str) -> None:
    store, here, elsewhere = relative_run
    target = here / name
    before = target.read_bytes()
    for given in (str(target), os.path.relpath(target, elsewhere)):
        p = cli("report", "rel", "--html", given, store=store, cwd=elsewhere)
        assert p.returncode == 2, (p.returncode, p.stderr)
        err = p.stderr.strip()
        assert len(err.splitlines()) == 1 and "Traceback" not in err, err
        assert "stored run was read from" in err and "--html" in err, err
    assert target.read_bytes() == before
    with Store(store) as st:
        assert st.input_files(["rel"]) == [str((here / n).resolve()) for n in ("replies.csv", "suite.csv")]


def test_a_run_stored_with_relative_paths_is_read_as_before(relative_run: tuple[Path, Path, Path]) -> None:
    """A store from before: no recorded input files, the run's own names relative. Resolved from the current
    directory as they always were: found from where the run was made, not from elsewhere."""
    store, here, elsewhere = relative_run
    con = sqlite3.connect(store)
    (prov,) = con.execute("SELECT provenance_json FROM runs WHERE run_id = 'rel'").fetchone()
    old = {k: v for k, v in json.loads(prov).items() if k != "input_files"}
    con.execute("UPDATE runs SET provenance_json = ? WHERE run_id = 'rel'", (json.dumps(old),))
    con.commit()
    con.close()
    cwd = os.getcwd()
    try:
        with Store(store) as st:
            os.chdir(here)
            assert st.input_files(["rel"]) == ["replies.csv", "suite.csv"]
            os.chdir(elsewhere)
            assert st.input_files(["rel"]) == []
    finally:
        os.chdir(cwd)
    p = cli("report", "rel", "--html", "suite.csv", store=store, cwd=here)
    assert p.returncode == 2 and "stored run was read from" in p.stderr, p.stderr
