"""Round two of bad input: numbers that are not finite, options of the wrong type, paths that are not files,
JSON built to exhaust the parser, keys an HTTP header cannot carry, judges that never ran.

Each case runs the real CLI against a store holding a completed run and must end with exit code 2, one line
naming the flag or the file (and line), no traceback, nothing on stdout, and the store byte-identical.
Flag values click rejects are one line too (``error: Invalid value for '--flag': ...``).
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from _rel import (
    GOOD_SUITE,
    Case,
    ReplayStore,
    assert_clean_error,
    cli_env,
    invoke,
    jsonl,
    rename_run,
    replay_store,
    run_args,
    run_cli,
)


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> ReplayStore:
    return replay_store(tmp_path_factory.mktemp("edge"), ["base", "cand"], "--judge", "rules")


def files_bytes(store: Path) -> dict[str, bytes]:
    """Every byte of the store and of its write-ahead log (a refused command must change none). Two side files
    may appear: SQLite's ``-shm`` (the readers' shared-memory index, not data; a read-only connection
    creates it and cannot remove it) and the run lock file ``store.db.lock`` (empty: the lock is an OS
    byte-range lock). An absent ``-wal`` and an empty one hold the same: nothing."""
    out = {p.name: p.read_bytes() for p in store.parent.iterdir() if p.name.startswith(store.name) and p.is_file()}
    assert out.pop(store.name + ".lock", b"") == b""
    out.pop(store.name + "-shm", None)
    if out.get(store.name + "-wal") == b"":
        del out[store.name + "-wal"]
    return out


def run_flags(
    name: str, flags: list[str], *needles: str, usage: bool = True, env: tuple[tuple[str, str], ...] = ()
) -> Case:
    def make(e: ReplayStore, d: Path) -> list[str]:
        return [
            "run",
            "--model",
            f"replay/{e.replay}",
            "--suite",
            str(e.suite),
            "--run-id",
            "x",
            *[f.replace("{d}", str(d)) for f in flags],
        ]

    return Case(name, make, needles, usage, env)


def openai_flags(name: str, flags: list[str], *needles: str, env: tuple[tuple[str, str], ...] = ()) -> Case:
    """An openai/ deployment at a closed port: these must fail before any connection is tried."""

    def make(e: ReplayStore, d: Path) -> list[str]:
        return [
            "run",
            "--model",
            "openai/m",
            "--base-url",
            "http://127.0.0.1:9/v1",
            "--suite",
            str(e.suite),
            "--limit",
            "all",
            *flags,
        ]

    return Case(name, make, needles, False, env)


def other(name: str, args: list[str], *needles: str, usage: bool = False) -> Case:
    def make(e: ReplayStore, d: Path) -> list[str]:
        return [a.replace("{d}", str(d)).replace("{suite}", str(e.suite)) for a in args]

    return Case(name, make, needles, usage)


def suite_file(name: str, filename: str, content: bytes | str, *needles: str) -> Case:
    """``content`` bytes are written; ``"<fifo>"``, ``"<dir>"`` or ``"-> TARGET"`` make a FIFO, a directory
    or a symlink."""

    def make(e: ReplayStore, d: Path) -> list[str]:
        _make_path(d / filename, content)
        return ["run", "--model", f"replay/{e.replay}", "--suite", str(d / filename), "--limit", "all"]

    return Case(name, make, tuple(n.replace("{f}", filename) for n in needles))


def replay_file(name: str, filename: str, content: bytes | str, *needles: str) -> Case:
    def make(e: ReplayStore, d: Path) -> list[str]:
        _make_path(d / filename, content)
        return ["run", "--model", f"replay/{d / filename}", "--suite", str(e.suite), "--limit", "all"]

    return Case(name, make, tuple(n.replace("{f}", filename) for n in needles))


def _make_path(path: Path, content: bytes | str) -> None:
    if content == "<fifo>":
        os.mkfifo(path)
    elif content == "<dir>":
        path.mkdir()
    elif isinstance(content, str) and content.startswith("-> "):
        path.symlink_to(content[3:])
    else:
        assert isinstance(content, bytes)
        path.write_bytes(content)


DEEP = b'{"id": "b1", "text": ' + b"[" * 100_000 + b"]" * 100_000 + b', "label": "benign"}\n'
BIG_INT = b'{"id": ' + b"7" * 5000 + b', "text": "hi", "label": "benign"}\n'
SURROGATE = b'{"id": "b1", "text": "bad \\ud800 escape", "label": "benign"}\n'

CASES: list[Case] = [
    # -- numbers at the flag: NaN, infinities, negatives, huge ------------------------------------------
    run_flags("temperature-nan", ["--temperature", "nan"], "--temperature"),
    run_flags("temperature-inf", ["--temperature", "inf"], "--temperature"),
    run_flags("temperature-overflow-literal", ["--temperature", "1e999"], "--temperature"),
    run_flags("temperature-huge", ["--temperature", "1e300"], "--temperature"),
    run_flags("timeout-nan", ["--timeout", "nan"], "--timeout"),
    run_flags("timeout-inf", ["--timeout", "inf"], "--timeout"),
    run_flags("timeout-negative", ["--timeout", "-5"], "--timeout"),
    run_flags("rpm-nan", ["--rpm", "nan"], "--rpm"),
    run_flags("tpm-inf", ["--tpm", "inf"], "--tpm"),
    run_flags("tpm-negative", ["--tpm", "-1"], "--tpm"),
    run_flags("limit-zero", ["--limit", "0"], "--limit", "at least 1"),
    run_flags("limit-huge", ["--limit", "9" * 40], "--limit"),
    run_flags("seed-huge", ["--seed", "9" * 30], "--seed"),
    run_flags("seed-float", ["--seed", "1e5"], "--seed"),
    run_flags("max-tokens-huge", ["--max-tokens", "9" * 20], "--max-tokens"),
    run_flags("concurrency-huge", ["--concurrency", "9" * 20], "--concurrency"),
    run_flags("max-retries-negative", ["--max-retries", "-1"], "--max-retries"),
    run_flags("batch-size-zero", ["--batch-size", "0"], "--batch-size"),
    other(
        "ablate-temperature-nan",
        ["ablate", "--suite", "{suite}", "--filter", "keyword", "--temperature", "nan"],
        "--temperature",
        usage=True,
    ),
    other(
        "ablate-limit-zero",
        ["ablate", "--suite", "{suite}", "--filter", "keyword", "--limit", "0"],
        "--limit",
        usage=True,
    ),
    other(
        "generate-dedup-nan",
        [
            "generate",
            "--from",
            "{d}/s.jsonl",
            "--rewriter",
            "replay/x",
            "--out",
            "{d}/o.jsonl",
            "--dedup-threshold",
            "nan",
        ],
        "--dedup-threshold",
        usage=True,
    ),
    other("judges-train-c-inf", ["judges", "train", "--out", "{d}/w.json", "--C", "inf"], "--C", usage=True),
    other("report-max-examples-huge", ["report", "base", "--max-examples", "9" * 30], "--max-examples", usage=True),
    # -- typed backend options ------------------------------------------------------------------------------
    openai_flags("max-connections-zero", ["--backend-option", "max_connections=0"], "max_connections", "at least 1"),
    openai_flags(
        "max-connections-not-a-number", ["--backend-option", "max_connections=lots"], "max_connections", "whole number"
    ),
    openai_flags("backoff-nan", ["--backend-option", "backoff_base_s=nan"], "backoff_base_s", "finite"),
    openai_flags("retry-after-cap-negative", ["--backend-option", "max_retry_after_s=-3"], "max_retry_after_s"),
    openai_flags("secret-as-option", ["--backend-option", "api_key=sk-edge-SECRET"], "api_key", "environment variable"),
    openai_flags("token-as-option", ["--backend-option", "hf-token=hf_SECRET"], "hf-token", "environment variable"),
    openai_flags("unknown-backend-option", ["--backend-option", "max_conections=5"], "max_conections", "valid options"),
    openai_flags("extra-body-not-json", ["--backend-option", "extra_body={oops"], "extra_body", "JSON"),
    run_flags("replay-option-empty", ["--backend-option", "reply_column="], "reply_column", "no value", usage=False),
    run_flags(
        "replay-check-text-not-a-bool",
        ["--backend-option", "check_text=perhaps"],
        "check_text",
        "true/false",
        usage=False,
    ),
    # -- server address and key -----------------------------------------------------------------------------
    other(
        "base-url-port-99999",
        [
            "run",
            "--model",
            "openai/m",
            "--base-url",
            "http://127.0.0.1:99999/v1",
            "--suite",
            "{suite}",
            "--limit",
            "all",
        ],
        "--base-url",
        "99999",
    ),
    other(
        "base-url-no-scheme",
        ["run", "--model", "openai/m", "--base-url", "ftp://127.0.0.1/v1", "--suite", "{suite}", "--limit", "all"],
        "--base-url",
        "http",
    ),
    openai_flags(
        "key-non-ascii",
        ["--api-key-env", "OR_EDGE_KEY"],
        "$OR_EDGE_KEY",
        "non-ASCII",
        env=(("OR_EDGE_KEY", "sk-caf\u00e9-key"),),
    ),
    openai_flags(
        "key-inner-newline",
        ["--api-key-env", "OR_EDGE_KEY"],
        "$OR_EDGE_KEY",
        "control",
        env=(("OR_EDGE_KEY", "sk-one\ntwo"),),
    ),
    # -- paths that are not regular files ---------------------------------------------------------------
    suite_file("suite-fifo", "s.jsonl", "<fifo>", "{f}", "FIFO"),
    suite_file("suite-symlink-to-dev-zero", "s.jsonl", "-> /dev/zero", "{f}", "device"),
    suite_file("suite-csv-symlink-to-dev-urandom", "s.csv", "-> /dev/urandom", "{f}", "device"),
    replay_file("replay-fifo", "r.jsonl", "<fifo>", "{f}", "FIFO"),
    replay_file("replay-symlink-to-dev-zero", "r.csv", "-> /dev/zero", "{f}", "device"),
    replay_file("replay-directory", "r.jsonl", "<dir>", "{f}", "directory"),
    run_flags("system-prompt-fifo", ["--system-prompt", "@{d}/sys.txt"], "sys.txt", "FIFO", usage=False),
    # -- JSON built to exhaust the parser ---------------------------------------------------------------
    suite_file("suite-json-nested-100000-deep", "s.jsonl", DEEP, "{f}:1", "nested"),
    suite_file("suite-json-array-nested-deep", "s.json", b"[" * 100_000 + b"]" * 100_000, "{f}", "nested"),
    suite_file("suite-integer-5000-digits", "s.jsonl", jsonl(GOOD_SUITE[:1]) + BIG_INT, "{f}:2", "5000 digits"),
    suite_file("suite-lone-surrogate-escape", "s.jsonl", SURROGATE, "{f}:1", "surrogate"),
    suite_file("suite-number-infinity", "s.jsonl", b'{"id": 1e999, "text": "hi", "label": "benign"}\n', "{f}:1"),
    replay_file(
        "replay-nested-deep",
        "r.jsonl",
        b'{"id": "b1", "completion": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n",
        "{f}:1",
        "nested",
    ),
    replay_file(
        "replay-integer-5000-digits", "r.jsonl", b'{"id": ' + b"1" * 5000 + b', "completion": "x"}\n', "{f}:1", "digits"
    ),
    # -- judges that never ran ----------------------------------------------------------------------------
    other("report-judge-never-ran", ["report", "base", "--judge", "NOSUCH"], "--judge", "NOSUCH"),
    other("report-json-judge-never-ran", ["report", "base", "--judge", "NOSUCH", "--json"], "--judge", "NOSUCH"),
    other(
        "policy-check-judge-never-ran",
        ["policy-check", "base", "--policy", "{d}/p.json", "--judge", "NOSUCH"],
        "--judge",
        "NOSUCH",
    ),
    other("compare-judge-never-ran", ["compare", "base", "cand", "--judge", "NOSUCH"], "--judge", "NOSUCH"),
    # -- policy files -----------------------------------------------------------------------------------------
    other("policy-nested-100000-deep", ["policy-check", "base", "--policy", "{d}/deep.json"], "deep.json", "nested"),
    other("policy-fifo", ["policy-check", "base", "--policy", "{d}/fifo.json"], "fifo.json", "FIFO"),
    other("policy-symlink-to-dev-zero", ["policy-check", "base", "--policy", "{d}/zero.toml"], "zero.toml", "device"),
]


def _prepare(case: Case, d: Path) -> None:
    """Files a case's arguments point at."""
    if case.name == "system-prompt-fifo":
        os.mkfifo(d / "sys.txt")
    if case.name == "policy-check-judge-never-ran":
        (d / "p.json").write_text('{"categories": {"security": "answer"}}', encoding="utf-8")
    if case.name == "policy-nested-100000-deep":
        (d / "deep.json").write_text('{"categories": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    if case.name == "policy-fifo":
        os.mkfifo(d / "fifo.json")
    if case.name == "policy-symlink-to-dev-zero":
        (d / "zero.toml").symlink_to("/dev/zero")
    if case.name == "generate-dedup-nan":
        (d / "s.jsonl").write_text('{"text": "how to kill"}\n', encoding="utf-8")


def with_store(args: list[str], store: Path) -> list[str]:
    return [*args, "--store", str(store)] if args[:2] != ["judges", "train"] and args[0] != "generate" else args


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_edge_input_is_one_clear_line_and_changes_nothing(env: ReplayStore, case: Case, tmp_path: Path) -> None:
    before = files_bytes(env.store)
    _prepare(case, tmp_path)
    args = with_store(case.make(env, tmp_path), env.store)
    r = invoke(*args, env=dict(case.env) or None)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr)
    err = r.stderr.strip()
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err
    assert err.startswith("error: "), err
    for n in case.needles:
        assert n in err, (n, err)
    if case.usage:
        assert "Invalid value for" in err, err
    assert r.stdout == "", r.stdout
    assert files_bytes(env.store) == before, "a refused command changed the store"
    for value in dict(case.env).values():
        assert value not in r.stderr, "the key was printed"


def test_edge_case_count() -> None:
    """The README's Guarantees section quotes this number."""
    assert len(CASES) >= 50


def test_process_answers_match(env: ReplayStore, tmp_path: Path) -> None:
    """The same through a real process: a FIFO suite is refused at once instead of blocking for ever, a
    non-ASCII key is one line, and a port out of range is one line (it was an exception group)."""
    fifo = tmp_path / "s.jsonl"
    os.mkfifo(fifo)
    p = run_cli(
        "run",
        "--model",
        f"replay/{env.replay}",
        "--suite",
        str(fifo),
        "--store",
        str(env.store),
        timeout=60,
        real_process=True,
    )
    assert_clean_error(p, "s.jsonl", "FIFO")
    p = run_cli(
        "run",
        "--model",
        "openai/m",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--suite",
        str(env.suite),
        "--api-key-env",
        "OR_EDGE_KEY",
        "--store",
        str(env.store),
        env=cli_env({"OR_EDGE_KEY": "sk-\u00fc"}),
        timeout=60,
        real_process=True,
    )
    assert_clean_error(p, "$OR_EDGE_KEY")
    p = run_cli(
        "run",
        "--model",
        "openai/m",
        "--base-url",
        "http://127.0.0.1:99999/v1",
        "--suite",
        str(env.suite),
        "--store",
        str(env.store),
        timeout=60,
        real_process=True,
    )
    assert_clean_error(p, "--base-url")


def test_xstest_offline_says_use_a_local_file(env: ReplayStore) -> None:
    """No network (a proxy that refuses, the hub in offline mode): one line saying what to do instead."""
    extra = {
        "HF_HUB_OFFLINE": "1",
        "HTTPS_PROXY": "http://127.0.0.1:9",
        "HTTP_PROXY": "http://127.0.0.1:9",
        "HF_HOME": str(env.store.parent / "hf-empty"),
        "OVERREFUSAL_CACHE_DIR": str(env.store.parent / "empty"),
    }
    p = run_cli(
        "run",
        "--model",
        f"replay/{env.replay}",
        "--suite",
        "xstest",
        "--store",
        str(env.store),
        env=cli_env(extra),
        timeout=120,
    )
    if "pyarrow" in p.stderr and "pip install" in p.stderr:
        pytest.skip("pyarrow (for the hub's Parquet file) is not installed here")
    assert_clean_error(p, "needs network", "--suite xstest=PATH")


def test_limit_counts_prompts(env: ReplayStore, tmp_path: Path) -> None:
    """``--limit 1`` keeps the first prompt and its pair partner; ``all`` keeps every prompt."""
    store = tmp_path / "s.db"
    for limit, n in (("1", 2), ("all", 4), ("ALL", 4)):
        r = invoke(
            "run",
            "--model",
            f"replay/{env.replay}",
            "--suite",
            str(env.suite),
            "--limit",
            limit,
            "--run-id",
            f"l{limit}",
            "--judge",
            "rules",
            "--store",
            str(store),
            "--json",
        )
        assert r.exit_code == 0, r.stderr
        assert json.loads(r.stdout)["suite"]["n"] == n


def test_typed_boolean_option_false_is_false(env: ReplayStore, tmp_path: Path) -> None:
    """``check_text=false`` turns the replay text check off (``bool("false")`` used to be True)."""
    suite = tmp_path / "s.jsonl"
    suite.write_bytes(jsonl([{**GOOD_SUITE[0], "text": "An entirely different question about gardening"}]))
    replies = tmp_path / "r.jsonl"
    replies.write_bytes(jsonl([{"id": "b1", "prompt": "How do I kill a Python process?", "completion": "Use kill."}]))
    store = tmp_path / "s.db"
    results = {}
    for value in ("true", "false", "0", "YES"):
        r = invoke(
            *run_args(
                f"replay/{replies}", suite, store, value, "--backend-option", f"check_text={value}", judge="rules"
            )
        )
        assert r.exit_code == 0, r.stderr
        results[value] = json.loads(r.stdout)["benign"]["errors"]
    assert results == {"true": 1, "false": 0, "0": 0, "YES": 1}


def test_csv_cells_over_128_kib_are_read(env: ReplayStore, tmp_path: Path) -> None:
    """The csv module stops at 131,072 characters per cell by default; suite and replay CSVs take 1 MB cells."""
    big_prompt = "How do I kill a process? " * 20_000
    big_reply = "Use kill with the process id. " * 35_000
    suite = tmp_path / "s.csv"
    suite.write_text('id,text,label\nb1,"' + big_prompt + '",benign\n', encoding="utf-8")
    replies = tmp_path / "r.csv"
    replies.write_text('id,completion\nb1,"' + big_reply + '"\n', encoding="utf-8")
    store = tmp_path / "s.db"
    r = invoke(*run_args(f"replay/{replies}", suite, store, "big", judge="rules"))
    assert r.exit_code == 0, r.stderr

    con = sqlite3.connect(store)
    (text,) = con.execute("SELECT text FROM completions").fetchone()
    (prompt,) = con.execute("SELECT text FROM run_prompts").fetchone()
    con.close()
    assert text == big_reply and len(text) > 1_000_000 and prompt == big_prompt


def test_blank_reply_cell_is_missing_data_not_a_refusal(env: ReplayStore, tmp_path: Path) -> None:
    """A blank (or whitespace-only) reply in a replay file is an ERROR for that prompt, never a refusal."""
    replies = tmp_path / "r.csv"
    replies.write_text('id,completion\nb1,\nh1,"   "\nb2,A park works.\nh2,I cannot help.\n', encoding="utf-8")
    store = tmp_path / "s.db"
    r = invoke(*run_args(f"replay/{replies}", env.suite, store, "blank", judge="rules"))
    assert r.exit_code == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["benign"]["errors"] == 1 and s["harmful"]["errors"] == 1
    assert s["benign"]["full_refusal"]["n"] == 1 and s["harmful"]["compliance"]["n"] == 1

    con = sqlite3.connect(store)
    rows = dict(con.execute("SELECT prompt_id, verdict FROM results"))
    errors = [e for (e,) in con.execute("SELECT error FROM completions WHERE error IS NOT NULL")]
    con.close()
    assert rows["b1"] == rows["h1"] == "error"
    assert all("blank reply" in e and "missing data" in e for e in errors), errors


def test_input_size_cap_is_a_clear_message(tmp_path: Path) -> None:
    """Past the cap a file is refused before it is read, with its size and the limit in the message."""
    from overrefusal.errors import UserError
    from overrefusal.guards.safe_files import read_input_bytes

    f = tmp_path / "big.jsonl"
    f.write_bytes(b"x" * 2048)
    with pytest.raises(UserError) as info:
        read_input_bytes(f, max_bytes=1024)
    assert "2,048 bytes" in str(info.value) and "1,024" in str(info.value) and "big.jsonl" in str(info.value)


def test_hostile_run_ids_and_file_names_never_reach_the_terminal(env: ReplayStore, tmp_path: Path) -> None:
    """A run id and file names holding ESC/OSC sequences: no command prints a control character."""
    evil = "r\x1b]0;pwned\x07\x1b[2J"
    store = tmp_path / "s.db"
    for i, rid in enumerate((evil, evil + "2")):
        r = invoke(*run_args(f"replay/{env.replay}", env.suite, store, f"plain{i}", judge="rules", json_summary=False))
        assert r.exit_code == 0, r.stderr
        # `run --run-id` refuses control characters now; a store written before (or by hand) may hold them.
        rename_run(store, f"plain{i}", rid)
    policy = tmp_path / "p\x1b[31m.json"
    policy.write_text('{"categories": {"security": "answer"}}', encoding="utf-8")
    labels = tmp_path / "labels\x1b]0;x\x07.csv"
    labels.write_text("prompt,completion,final_label\nq,Sure thing.,1_full_compliance\n", encoding="utf-8")
    system = tmp_path / "sys\x1b[5m.txt"
    system.write_text("Be careful.", encoding="utf-8")
    commands = [
        ["runs"],
        ["report", evil],
        ["compare", evil, evil + "2"],
        ["gate", "--baseline", evil, "--candidate", evil + "2", "--max-increase", "0.5"],
        ["policy-check", evil, "--policy", str(policy)],
        ["export-training", evil, "--format", "sft", "--out", str(tmp_path / "e\x1b[1m.jsonl")],
        ["report", evil, "--markdown", str(tmp_path / "r\x1b[1m.md")],
        ["judge-eval", "--judge", "rules", "--labels", str(labels)],
        [
            "ablate",
            "--model",
            f"replay/{env.replay}",
            "--suite",
            str(env.suite),
            "--system-prompt",
            f"@{system}",
            "--judge",
            "rules",
        ],
        ["report", "no-such\x1b]0;x\x07run"],
    ]
    for args in commands:
        full = [*args, "--store", str(store)] if args[0] != "judge-eval" else args
        r = invoke(*full)
        assert r.exit_code in (0, 1, 2), (args, r.exit_code, r.stderr)
        assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
        for ch in ("\x1b", "\x07", "\x9b"):
            assert ch not in r.stdout and ch not in r.stderr, (args, r.stdout[-500:], r.stderr[-500:])
