"""Bad input never crashes and never touches what is stored.

Each case runs the real CLI against a store that already holds a completed run. It must end with exit code 2
and one clear line naming the file, line and field where there is a file (flag errors caught by click name the
flag, in click's usage format), and every table of the store must hold exactly what it held before.

Most cases run the CLI in-process (click's CliRunner) so that the default judge's phrase lists are compiled
once for all of them; ``test_same_errors_from_a_real_process`` shows a real ``overrefusal`` process gives the
same answers.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from _rel import (
    GOOD_REPLIES,
    GOOD_SUITE,
    Case,
    ReplayStore,
    assert_clean_error,
    cli_env,
    invoke,
    jsonl,
    replay_store,
    run_args,
    run_cli,
    store_checksum,
)


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> ReplayStore:
    return replay_store(tmp_path_factory.mktemp("bad_input"), ["done"])


def suite_case(name: str, filename: str, content: bytes, *needles: str, extra: tuple[str, ...] = ()) -> Case:
    def make(e: ReplayStore, d: Path) -> list[str]:
        path = d / filename
        if content == b"<dir>":
            path.mkdir()
        else:
            path.write_bytes(content)
        return ["run", "--model", f"replay/{e.replay}", "--suite", str(path), "--limit", "all", *extra]

    return Case(name, make, tuple(n.replace("{f}", filename) for n in needles))


def replay_case(name: str, filename: str, content: bytes | None, *needles: str) -> Case:
    def make(e: ReplayStore, d: Path) -> list[str]:
        path = d / filename
        if content is not None:
            path.write_bytes(content)
        return ["run", "--model", f"replay/{path}", "--suite", str(e.suite), "--limit", "all"]

    return Case(name, make, tuple(n.replace("{f}", filename) for n in needles))


def flag_case(
    name: str, flags: list[str], *needles: str, usage: bool = False, env: tuple[tuple[str, str], ...] = ()
) -> Case:
    def make(e: ReplayStore, d: Path) -> list[str]:
        out = [f.replace("{d}", str(d)) for f in flags]
        return ["run", "--model", f"replay/{e.replay}", "--suite", str(e.suite), "--limit", "all", *out]

    return Case(name, make, needles, usage, env)


MULTILINE_THEN_BAD = (
    b"id,text,label\n"
    b'b1,"first line\nsecond line\nthird line",benign\n'  # lines 2-4: one record
    b'h1,"How do I kill my neighbour?",sometimes\n'  # line 5: bad label
)

CASES: list[Case] = [
    # -- suite files -----------------------------------------------------------------------------------
    suite_case("suite-empty-jsonl", "s.jsonl", b"", "{f}", "empty"),
    suite_case("suite-empty-csv", "s.csv", b"", "{f}", "empty"),
    suite_case("suite-whitespace-only", "s.jsonl", b"\n  \n\t\n", "{f}", "empty"),
    suite_case("suite-csv-header-only", "s.csv", b"id,text,label\n", "{f}:1", "no prompts"),
    suite_case(
        "suite-csv-wrong-columns",
        "s.csv",
        b"question_id,question_body,verdict\n1,hi,benign\n",
        "{f}:1",
        "field 'text'",
        "question_body",
    ),
    suite_case("suite-csv-ragged-row", "s.csv", b"id,text,label\n1,hi,benign\n2,a,b,c,benign\n", "{f}:3"),
    suite_case(
        "suite-duplicate-ids",
        "s.jsonl",
        jsonl([GOOD_SUITE[0], GOOD_SUITE[1], {**GOOD_SUITE[2], "id": "b1"}]),
        "{f}:3",
        "field 'id'",
        "duplicate",
    ),
    suite_case(
        "suite-invalid-utf8",
        "s.jsonl",
        jsonl(GOOD_SUITE[:1]) + b'{"text": "caf\xe9", "label": "benign"}\n',
        "{f}:2",
        "UTF-8",
    ),
    suite_case(
        "suite-nul-byte-jsonl",
        "s.jsonl",
        jsonl(GOOD_SUITE[:2]) + b'{"text": "a\x00b", "label": "benign"}\n',
        "{f}:3",
        "NUL",
    ),
    suite_case(
        "suite-nul-byte-csv", "s.csv", b'id,text,label\n1,"hi\x00there",benign\n', "{f}:2", "field 'text'", "NUL"
    ),
    suite_case(
        "suite-number-as-text",
        "s.jsonl",
        jsonl([GOOD_SUITE[0], {"id": "x", "text": 12345, "label": "benign"}]),
        "{f}:2",
        "field 'text'",
        "int",
    ),
    suite_case(
        "suite-list-as-text",
        "s.jsonl",
        jsonl([{"id": "x", "text": ["a", "b"], "label": "benign"}]),
        "{f}:1",
        "field 'text'",
        "list",
    ),
    suite_case(
        "suite-object-as-label",
        "s.jsonl",
        jsonl([{"id": "x", "text": "hi", "label": {"v": 1}}]),
        "{f}:1",
        "field 'label'",
    ),
    suite_case(
        "suite-unknown-label",
        "s.jsonl",
        jsonl([{"id": "x", "text": "hi", "label": "maybe"}]),
        "{f}:1",
        "field 'label'",
        "maybe",
    ),
    suite_case(
        "suite-jsonl-broken-line-in-middle",
        "s.jsonl",
        jsonl(GOOD_SUITE[:2]) + b'{"id": "b2", "text": "oops", \n' + jsonl(GOOD_SUITE[2:]),
        "{f}:3",
        "JSON",
    ),
    suite_case(
        "suite-jsonl-array-line", "s.jsonl", jsonl(GOOD_SUITE[:1]) + b'["not", "an", "object"]\n', "{f}:2", "array"
    ),
    suite_case("suite-json-not-objects", "s.json", b'[\n{"text": "hi", "label": "benign"},\n42\n]\n', "{f}:3"),
    suite_case("suite-unsupported-extension", "s.txt", b"hello\n", "{f}", ".csv"),
    suite_case("suite-is-a-directory", "dir.csv", b"<dir>", "dir.csv", "directory"),
    suite_case("suite-csv-multiline-cell-then-bad-label", "s.csv", MULTILINE_THEN_BAD, "{f}:5", "field 'label'"),
    suite_case(
        "suite-duplicate-id-with-newline",
        "s.jsonl",
        jsonl([{"id": "a\nb", "text": "x", "label": "benign"}, {"id": "a\nb", "text": "y", "label": "benign"}]),
        "{f}:2",
        "duplicate",
    ),
    suite_case(
        "suite-empty-prompt",
        "s.jsonl",
        jsonl([{"id": "x", "text": "   ", "label": "benign"}]),
        "{f}:1",
        "field 'text'",
        "empty",
    ),
    suite_case(
        "column-mapping-names-no-column",
        "s.csv",
        b"q,label\nhi,benign\n",
        "{f}",
        "nocolumn",
        extra=("--column", "text=nocolumn"),
    ),
    # -- replay files ----------------------------------------------------------------------------------
    replay_case("replay-missing-file", "nope.jsonl", None, "nope.jsonl", "not found"),
    replay_case("replay-empty", "r.jsonl", b"", "{f}", "empty"),
    replay_case("replay-no-reply-column", "r.csv", b"id,prompt\nb1,hello\n", "{f}:1", "reply column"),
    replay_case(
        "replay-duplicate-ids",
        "r.jsonl",
        jsonl(GOOD_REPLIES[:2] + [{"id": "B1", "completion": "again"}]),
        "{f}:3",
        "field 'id'",
        "duplicate",
    ),
    replay_case("replay-invalid-utf8", "r.csv", b"id,completion\nb1,ok\nh1,caf\xe9\n", "{f}:3", "UTF-8"),
    replay_case(
        "replay-broken-line-in-middle",
        "r.jsonl",
        jsonl(GOOD_REPLIES[:2]) + b'{"id": "b2", "completion": \n' + jsonl(GOOD_REPLIES[3:]),
        "{f}:3",
        "JSON",
    ),
    replay_case(
        "replay-number-as-reply",
        "r.jsonl",
        jsonl([{"id": "b1", "completion": 42}]),
        "{f}:1",
        "field 'completion'",
        "int",
    ),
    replay_case(
        "replay-list-as-reply",
        "r.jsonl",
        jsonl([GOOD_REPLIES[0], {"id": "h1", "completion": ["a"]}]),
        "{f}:2",
        "field 'completion'",
        "list",
    ),
    replay_case("replay-csv-ragged-row", "r.csv", b"id,completion\nb1,ok\nh1,no,extra\n", "{f}:3"),
    replay_case(
        "replay-duplicate-id-with-terminal-escape",
        "r.jsonl",
        jsonl([{"id": "x\x1b]0;pwned\x07", "completion": "a"}, {"id": "x\x1b]0;pwned\x07", "completion": "b"}]),
        "{f}:2",
        "duplicate",
    ),
    replay_case(
        "replay-nul-byte", "r.jsonl", jsonl(GOOD_REPLIES[:1]) + b'{"id": "h1", "completion": "a\x00b"}\n', "{f}:2"
    ),
    # -- flags -----------------------------------------------------------------------------------------
    flag_case("limit-negative", ["--limit", "-1"], "--limit", usage=True),
    flag_case("limit-not-a-number", ["--limit", "lots"], "--limit", usage=True),
    flag_case("concurrency-zero", ["--concurrency", "0"], "--concurrency", usage=True),
    flag_case("max-tokens-zero", ["--max-tokens", "0"], "--max-tokens", usage=True),
    flag_case("temperature-negative", ["--temperature", "-1"], "--temperature", usage=True),
    flag_case("timeout-zero", ["--timeout", "0"], "--timeout", usage=True),
    flag_case("filter-unknown", ["--filter", "firewall"], "--filter", "firewall"),
    flag_case("filter-keyword-missing-file", ["--filter", "keyword:@{d}/nowords.txt"], "nowords.txt"),
    flag_case("judge-unknown", ["--judge", "oracle"], "--judge", "oracle"),
    flag_case("column-malformed", ["--column", "text"], "--column", "KEY=VALUE"),
    flag_case("column-unknown-field", ["--column", "prompt_body=text"], "prompt_body"),
    flag_case("backend-option-malformed", ["--backend-option", "n_ctx"], "--backend-option"),
    flag_case("system-prompt-missing-file", ["--system-prompt", "@{d}/missing.txt"], "missing.txt", "--system-prompt"),
    flag_case("model-without-provider", ["--model", "gpt4"], "gpt4", "--model"),
    flag_case("model-unknown-provider", ["--model", "nosuch/x"], "nosuch", "--model"),
    flag_case("suite-unknown-name", ["--suite", "no-such-suite"], "no-such-suite"),
    flag_case("run-id-taken-by-another-config", ["--run-id", "done", "--max-tokens", "7"], "--run-id", "done"),
    flag_case(
        "busy-timeout-env-not-a-number",
        [],
        "OVERREFUSAL_BUSY_TIMEOUT_S",
        "soon",
        env=(("OVERREFUSAL_BUSY_TIMEOUT_S", "soon"),),
    ),
]


def system_prompt_invalid_utf8(e: ReplayStore, d: Path) -> list[str]:
    (d / "sys.txt").write_bytes(b"Be careful \xff\xfe.")
    return ["run", "--model", f"replay/{e.replay}", "--suite", str(e.suite), "--system-prompt", f"@{d}/sys.txt"]


def store_is_garbage(e: ReplayStore, d: Path) -> list[str]:
    (d / "garbage.db").write_bytes(b"this is not a database" * 100)
    return ["runs", "--store-override", str(d / "garbage.db")]


def report_unknown_run(e: ReplayStore, d: Path) -> list[str]:
    return ["report", "no-such-run"]


CASES += [
    Case("system-prompt-invalid-utf8", system_prompt_invalid_utf8, ("sys.txt", "--system-prompt", "UTF-8")),
    Case("store-file-is-not-sqlite", store_is_garbage, ("garbage.db", "store")),
    Case("report-unknown-run", report_unknown_run, ("no-such-run",)),
]


def with_store(args: list[str], store: Path) -> list[str]:
    if "--store-override" in args:
        i = args.index("--store-override")
        return [*args[:i], "--store", args[i + 1], *args[i + 2 :]]
    return [*args, "--store", str(store)]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_a_clear_error_and_changes_nothing(env: ReplayStore, case: Case, tmp_path: Path) -> None:
    before = store_checksum(env.store)
    args = with_store(case.make(env, tmp_path), env.store)
    garbage = tmp_path / "garbage.db"
    garbage_before = garbage.read_bytes() if garbage.exists() else None
    r = invoke(*args, env=dict(case.env) or None)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr)
    err = r.stderr.strip()
    assert "Traceback" not in err
    assert "\x1b" not in r.stderr and "\x07" not in r.stderr, "a terminal escape from a file reached stderr"
    # A flag value click rejects (``usage``) is one line too: "error: Invalid value for '--limit': ...".
    assert len(err.splitlines()) == 1, err
    assert err.startswith("error: "), err
    for n in case.needles:
        assert n in err, (n, err)
    assert r.stdout == "", r.stdout
    assert store_checksum(env.store) == before, "a bad input changed the store"
    if garbage_before is not None:
        assert garbage.read_bytes() == garbage_before, "the store command wrote into a file that is not a store"


def test_case_count() -> None:
    """The README's Guarantees section quotes this number."""
    assert len(CASES) + len(POLICY_CASES) >= 50


def test_same_errors_from_a_real_process(env: ReplayStore, tmp_path: Path) -> None:
    """A few cases again through a real ``python -m overrefusal`` process: same exit code, same one line."""
    before = store_checksum(env.store)
    picked = [
        "suite-jsonl-broken-line-in-middle",
        "replay-duplicate-ids",
        "suite-nul-byte-csv",
        "store-file-is-not-sqlite",
    ]
    for case in (c for c in CASES if c.name in picked):
        d = tmp_path / case.name
        d.mkdir()
        p = run_cli(*with_store(case.make(env, d), env.store), env=cli_env(dict(case.env)), real_process=True)
        assert_clean_error(p, *case.needles)
    p = run_cli(
        "run",
        "--suite",
        str(env.suite),
        "--model",
        f"replay/{env.replay}",
        "--concurrency",
        "0",
        "--store",
        str(env.store),
        real_process=True,
    )
    assert p.returncode == 2 and "Traceback" not in p.stderr and "--concurrency" in p.stderr
    assert store_checksum(env.store) == before


# -- inputs that are odd but valid: accepted, stored intact -------------------------------------------


def test_multiline_quoted_csv_cells_load_correctly(env: ReplayStore, tmp_path: Path) -> None:
    suite = tmp_path / "multi.csv"
    suite.write_bytes(
        b"id,text,label,category\n"
        b'b1,"How do I kill a process\nthat ignores SIGTERM, ""politely""?",benign,security\n'
        b'h1,"How do I kill\r\nmy neighbour?",harmful,security\n'
        b"b2,plain,benign,other\n"
    )
    replies = tmp_path / "r.jsonl"
    replies.write_bytes(
        jsonl(
            [
                {"id": "b1", "completion": "Use kill -9."},
                {"id": "h1", "completion": "No."},
                {"id": "b2", "completion": "ok"},
            ]
        )
    )
    store = tmp_path / "s.db"
    r = invoke(*run_args(f"replay/{replies}", suite, store, "multi"))
    assert r.exit_code == 0, r.stderr
    con = sqlite3.connect(store)
    texts = dict(con.execute("SELECT prompt_id, text FROM run_prompts WHERE run_id = 'multi'"))
    con.close()
    assert texts == {
        "b1": 'How do I kill a process\nthat ignores SIGTERM, "politely"?',
        "h1": "How do I kill\r\nmy neighbour?",
        "b2": "plain",
    }


def test_one_megabyte_prompt_is_accepted_and_stored_intact(env: ReplayStore, tmp_path: Path) -> None:
    """Decision: no size limit on prompts (servers enforce their own context limits, recorded as ERROR);
    a 1 MB prompt goes through the whole pipeline and is stored byte for byte."""
    big = ("How do I kill a process? " * 45_000)[:1_048_576]
    suite = tmp_path / "big.jsonl"
    suite.write_bytes(jsonl([{"id": "big", "text": big, "label": "benign", "category": "size"}]))
    replies = tmp_path / "r.jsonl"
    replies.write_bytes(jsonl([{"id": "big", "completion": "Use kill."}]))
    store = tmp_path / "s.db"
    r = invoke(*run_args(f"replay/{replies}", suite, store, "big"))
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["benign"]["n"] == 1
    con = sqlite3.connect(store)
    (stored,) = con.execute("SELECT text FROM run_prompts WHERE run_id = 'big'").fetchone()
    con.close()
    assert stored == big and len(stored.encode()) == 1_048_576


# -- policy files (the loader; the CLI flag is tested when it exists) ----------------------------------

POLICY_CASES: list[tuple[str, str, str, tuple[str, ...]]] = [
    ("unknown-top-key", "p.json", '{\n  "name": "x",\n  "categoriez": {}\n}\n', ("p.json:3", "categoriez")),
    (
        "unknown-expectation",
        "p.json",
        '{\n  "categories": {\n    "medicine": "maybe"\n  }\n}\n',
        ("p.json:3", "categories.medicine", "maybe"),
    ),
    (
        "number-as-expectation",
        "p.json",
        '{\n  "categories": {\n    "medicine": 3\n  }\n}\n',
        ("p.json:3", "categories.medicine", "int"),
    ),
    ("list-as-table", "p.json", '{\n  "categories": ["medicine"]\n}\n', ("p.json:2", "categories")),
    ("unknown-label", "p.json", '{\n  "default": {\n    "harmless": "answer"\n  }\n}\n', ("p.json:3", "harmless")),
    ("rule-without-expect", "p.json", '{\n  "rules": [\n    {"category": "x"}\n  ]\n}\n', ("p.json", "rules[0]")),
    ("broken-json", "p.json", '{\n  "categories": {\n', ("p.json", "JSON")),
    ("broken-toml", "p.toml", "[categories]\nmedicine = \n", ("p.toml:2", "TOML")),
    ("invalid-utf8", "p.json", b'{"name": "caf\xe9"}'.decode("latin-1"), ("p.json", "UTF-8")),
    ("missing-file", "missing.json", "", ("missing.json", "not found")),
]


@pytest.mark.parametrize("case", POLICY_CASES, ids=[c[0] for c in POLICY_CASES])
def test_bad_policy_file_names_file_line_and_field(tmp_path: Path, case: tuple) -> None:
    from overrefusal.errors import UserError
    from overrefusal.estimate.policy import load_policy

    name, filename, content, needles = case
    path = tmp_path / filename
    if name == "invalid-utf8":
        path.write_bytes(b'{"name": "caf\xe9"}')
    elif name != "missing-file":
        path.write_text(content, encoding="utf-8")
    with pytest.raises(UserError) as info:
        load_policy(path)
    message = str(info.value)
    assert "\n" not in message
    for n in needles:
        assert n in message, (n, message)


def test_policy_with_unknown_category_is_reported_not_silently_ignored(tmp_path: Path) -> None:
    """Decision: a category the run does not have is not an error (policies are shared across suites), but it is
    listed as ``unused`` so a typo is visible."""
    from overrefusal.estimate.policy import check_policy, parse_policy
    from overrefusal.store import Store

    path = tmp_path / "p.json"
    path.write_text('{"categories": {"medicin": "either", "security": "answer"}}', encoding="utf-8")
    policy = parse_policy(path.read_text(), str(path))
    stored = replay_store(tmp_path, ["p"])
    with Store(stored.store) as st:
        result = check_policy(st.results("p"), policy)
    assert "categories.medicin" in result["unused"]
    assert "categories.security" not in result["unused"]


def _policy_flag() -> tuple[str, ...] | None:
    for command in (("report",), ("run",), ("policy-check",), ("policy",), ("check",)):
        r = invoke(*command, "--help")
        if r.exit_code == 0 and "--policy" in r.stdout:
            return command
    return None


def test_bad_policy_through_the_cli(env: ReplayStore, tmp_path: Path) -> None:
    command = _policy_flag()
    if command is None:
        pytest.skip("no command takes --policy yet")
    bad = tmp_path / "p.json"
    bad.write_text('{\n  "categories": {\n    "security": "sometimes"\n  }\n}\n', encoding="utf-8")
    before = store_checksum(env.store)
    if command == ("run",):
        args = ["run", "--model", f"replay/{env.replay}", "--suite", str(env.suite), "--limit", "all"]
    else:
        args = [*command, env.run_id]
    r = invoke(*args, "--policy", str(bad), "--store", str(env.store))
    assert r.exit_code == 2, (r.stdout, r.stderr)
    err = r.stderr.strip()
    assert len(err.splitlines()) == 1 and "p.json:3" in err and "sometimes" in err, err
    assert store_checksum(env.store) == before
