"""Names a person can type: short derived run ids, ids never cut by `runs`, prefixes and `latest` everywhere.

The real command (run in the test process where a new one would do the same: tests/_cli.py), real replay files from the shared XSTest data, real SQLite stores."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from _cli import cli, one_clean_error
from overrefusal.errors import UserError
from overrefusal.store import Store
from overrefusal.store.run_names import derived_run_id, legacy_run_id, model_short_name

# --- derived ids -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("model", "suite", "short"),
    [
        (
            "replay/../shared/data/xstest/model_completions/xstest_v2_completions_llama2orig.csv",
            "xstest_prompts",
            "llama2orig",
        ),
        ("replay/x/xstest_v2_completions_mistralguard.csv", "xstest_prompts", "mistralguard"),
        ("openai/llama-3-8b", "core", "llama-3-8b"),
        ("llamacpp/smollm2", "core", "smollm2"),
        ("llamacpp/models/Qwen2.5-0.5B-Instruct.gguf", "core", "Qwen2.5-0.5B-Instruct"),
        ("replay/answers.csv", "core", "answers"),
        ("replay/completions.csv", "core", "completions"),  # nothing but noise: the name is kept as it is
        ("openai/a model; rm -rf $HOME", "core", "a-model-rm-rf-HOME"),
    ],
)
def test_model_short_name(model: str, suite: str, short: str) -> None:
    assert model_short_name(model, suite) == short


def test_derived_id_is_model_suite_and_six_hex() -> None:
    identity = {"suite_version": "abc", "deployment_id": "d", "generation": {"max_tokens": 8}, "judge_id": "rules@1"}
    rid = derived_run_id("replay/x/xstest_v2_completions_llama2orig.csv", "xstest_prompts", identity)
    assert re.fullmatch(r"llama2orig-xstest_prompts-[0-9a-f]{6}", rid), rid
    changed = derived_run_id(
        "replay/x/xstest_v2_completions_llama2orig.csv", "xstest_prompts", {**identity, "judge_id": "classifier@2"}
    )
    assert changed != rid and changed[:-6] == rid[:-6]
    assert len(derived_run_id("openai/" + "m" * 200, "s" * 200, identity)) <= 32 + 1 + 32 + 1 + 6


# --- resolution in the store -----------------------------------------------------------------------


def _fake_run(store: Store, run_id: str) -> None:
    from overrefusal.store import RunRecord

    store.begin_run(
        RunRecord(
            run_id=run_id,
            suite_name="s",
            suite_version="v",
            deployment_id=run_id,
            deployment={},
            generation={},
            judge_id="rules@1",
            provenance={},
        ),
        [],
    )


def test_resolve_exact_prefix_latest_and_errors(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as store:
        with pytest.raises(UserError, match="holds no run yet"):
            store.resolve_run_id("latest")
        for rid in ("abc", "abcd-1", "abcd-2", "50%_off", "zzz"):
            _fake_run(store, rid)
        assert store.resolve_run_id("abc") == "abc"  # an exact id wins over being a prefix of others
        assert store.resolve_run_id("abcd-1") == "abcd-1"
        assert store.resolve_run_id("50%") == "50%_off"
        assert store.resolve_run_id("latest") == "zzz"  # created last (same second: insertion order decides)
        assert store.resolve_run_id("z") == "zzz"
        with pytest.raises(UserError) as info:
            store.resolve_run_id("abcd")
        msg = str(info.value)
        assert "starts 2 run ids" in msg and "abcd-1" in msg and "abcd-2" in msg and "RUN_ID" in msg
        with pytest.raises(UserError) as info:
            store.resolve_run_id("abd-1")
        assert "no run 'abd-1'" in str(info.value) and "closest: abcd-1" in str(info.value)
        with pytest.raises(UserError, match="no run '_'"):
            store.resolve_run_id("_")  # '_' is not a wildcard


# --- through the CLI ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def two_runs(xstest_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """Two replay runs of the real XSTest files under derived ids: llama2orig, then llama2new."""
    store = tmp_path_factory.mktemp("names") / "s.db"
    ids = []
    for name in ("llama2orig", "llama2new"):
        p = cli(
            "run",
            "--model",
            f"replay/{xstest_dir}/model_completions/xstest_v2_completions_{name}.csv",
            "--suite",
            str(xstest_dir / "xstest_prompts.csv"),
            "--limit",
            "30",
            "--judge",
            "rules",
            "--json",
            store=store,
        )
        assert p.returncode == 0, p.stderr
        ids.append(json.loads(p.stdout)["run_id"])
    return store, ids[0], ids[1]


def test_cli_derived_ids_are_short(two_runs: tuple[Path, str, str]) -> None:
    _, orig, new = two_runs
    assert re.fullmatch(r"llama2orig-xstest_prompts-[0-9a-f]{6}", orig), orig
    assert re.fullmatch(r"llama2new-xstest_prompts-[0-9a-f]{6}", new), new


@pytest.mark.parametrize("columns", ["140", "80", "60", "40"])
def test_runs_never_cuts_ids(two_runs: tuple[Path, str, str], tmp_path: Path, columns: str) -> None:
    store, orig, new = two_runs
    long_id = "xstest_v2_completions_mistralguard.csv-xstest_prompts-092e1c9c-with-an-even-longer-tail"
    copy = tmp_path / "copy.db"
    copy.write_bytes(store.read_bytes())
    con = sqlite3.connect(copy)  # an old store: a run under a long id from before short names
    con.execute("PRAGMA foreign_keys = OFF")
    for table in ("runs", "run_prompts", "results"):
        con.execute(f"UPDATE {table} SET run_id = ? WHERE run_id = ?", (long_id, new))
    con.commit()
    con.close()
    p = cli("runs", store=copy, env={"COLUMNS": columns})
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert all(len(line) <= int(columns) for line in lines if long_id not in line), p.stdout
    for rid in (orig, long_id):
        if len(rid) + 4 <= int(columns):
            assert any(rid in line for line in lines), (rid, p.stdout)  # whole, on one line
        else:
            assert rid in p.stdout, (rid, p.stdout)  # on its own line, left to the terminal to wrap
    if columns == "140":
        header = lines[1]
        assert "model" in header and "judged" in header
    if columns == "60":
        assert "created" not in p.stdout.splitlines()[1]  # a column gave way


def test_prefix_and_latest_in_every_command(two_runs: tuple[Path, str, str], tmp_path: Path) -> None:
    store, orig, new = two_runs
    p = cli("report", "llama2o", "latest", "--json", store=store)
    assert p.returncode == 0, p.stderr
    assert [r["run_id"] for r in json.loads(p.stdout)["runs"]] == [orig, new]
    p = cli("compare", "llama2o", "latest", "--json", store=store)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["baseline_run"]["run_id"] == orig
    p = cli("gate", "--baseline", "llama2o", "--candidate", "llama2n", "--max-increase", "1", store=store)
    assert p.returncode == 0 and p.stdout.startswith("OK:"), (p.stdout, p.stderr)
    policy = tmp_path / "p.toml"
    policy.write_text('name = "p"\n', encoding="utf-8")
    p = cli("policy-check", "llama2n", "--policy", str(policy), "--json", store=store)
    assert p.returncode == 0 and json.loads(p.stdout)["run_id"] == new, p.stderr
    out = tmp_path / "pairs.jsonl"
    p = cli(
        "export-training",
        "latest",
        "--format",
        "sft",
        "--out",
        str(out),
        "--reference",
        "llama2o",
        "--json",
        store=store,
    )
    assert p.returncode == 0, p.stderr
    for command in (
        ["report", "llama2"],
        ["compare", "llama2", "latest"],
        ["triggers", "llama2"],
        ["quality", "llama2", "--grader", "openai/x"],
        ["policy-check", "llama2", "--policy", str(policy)],
        ["export-training", "llama2", "--format", "sft", "--out", str(out)],
        ["gate", "--baseline", "llama2", "--candidate", "latest", "--max-increase", "0"],
    ):
        one_clean_error(cli(*command, store=store), "'llama2' starts 2 run ids", orig, new)
    one_clean_error(cli("report", "llama3orig", store=store), "no run 'llama3orig'", "closest", orig)


def test_old_long_id_resumes_instead_of_duplicating(xstest_dir: Path, tmp_path: Path) -> None:
    store = tmp_path / "s.db"
    model = f"replay/{xstest_dir}/model_completions/xstest_v2_completions_gpt4.csv"
    args = (
        "run",
        "--model",
        model,
        "--suite",
        str(xstest_dir / "xstest_prompts.csv"),
        "--limit",
        "10",
        "--judge",
        "rules",
        "--json",
    )
    first = cli(*args, store=store)
    assert first.returncode == 0, first.stderr
    short = json.loads(first.stdout)["run_id"]
    with Store(store) as st:
        old = legacy_run_id(model, "xstest_prompts", st.require_run(short).identity())
    assert old.startswith("xstest_v2_completions_gpt4.csv-xstest_prompts-") and old != short
    con = sqlite3.connect(store)
    con.execute("PRAGMA foreign_keys = OFF")
    for table in ("runs", "run_prompts", "results"):
        con.execute(f"UPDATE {table} SET run_id = ? WHERE run_id = ?", (old, short))
    con.commit()
    con.close()
    again = cli(*args, store=store)
    assert again.returncode == 0, again.stderr
    s = json.loads(again.stdout)
    assert (
        s["run_id"] == old
        and s["this_invocation"]["already_done"] == s["suite"]["n"] > 0
        and s["this_invocation"]["generated"] == 0
    )
    with Store(store) as st:
        assert [r["run_id"] for r in st.list_runs()] == [old]
        assert st.resolve_run_id("xstest_v2") == old


def test_runs_measures_wide_characters(two_runs: tuple[Path, str, str], tmp_path: Path) -> None:
    """An id in CJK script takes two terminal cells a character: still whole, and the table still fits."""
    from rich.cells import cell_len

    store, _, new = two_runs
    wide = "模型评估-第二轮-对照组"
    copy = tmp_path / "copy.db"
    copy.write_bytes(store.read_bytes())
    con = sqlite3.connect(copy)
    con.execute("PRAGMA foreign_keys = OFF")
    for table in ("runs", "run_prompts", "results"):
        con.execute(f"UPDATE {table} SET run_id = ? WHERE run_id = ?", (wide, new))
    con.commit()
    con.close()
    p = cli("runs", store=copy, env={"COLUMNS": "50", "PYTHONIOENCODING": "utf-8"})
    assert p.returncode == 0, p.stderr
    assert any(wide in line for line in p.stdout.splitlines()), p.stdout
    assert all(cell_len(line) <= 50 for line in p.stdout.splitlines()), p.stdout
