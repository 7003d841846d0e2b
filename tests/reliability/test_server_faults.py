"""Round two of server faults, through real ``overrefusal`` processes against the fault-injecting server.

A server that sends lone surrogates, infinite or absurd usage counts, JSON nested 100,000 deep, or trickles
its reply a byte every 0.3 s must neither crash nor hang the run: each such prompt ends as a stored verdict
with the value made safe (text made valid UTF-8 and the repair noted in ``finish_reason``; counts stored as 0,
unknown) or as ERROR (the whole-request deadline, the unreadable reply), the rest are judged, and a resume
completes. A server and a judge model that echo the key (in ``finish_reason``, JSON-escaped, URL-encoded,
base64, with a secret file's trailing newline) get it into no byte of the store, its ``-wal``/``-shm``, the
reports, the export or the output. Two processes on one run id never generate a prompt twice.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from _rel import (
    FaultServer,
    assert_complete,
    cli_cmd,
    cli_env,
    fault_run_args,
    iter_artifacts,
    make_plugins,
    run_cli,
    write_suite,
)

KEY = "sk-test-SECRETroundTwo-4d9e1b"
KEY_ENV = "OR_ROUND_TWO_KEY"

FAULTS = [
    "ok",
    "surrogate",
    "usageinf",
    "usagehuge",
    "trickle",
    "deepjson",
    "echofinish",
    "echoescaped",
    "echourl",
    "echob64",
    "ok",
    "echoreply",
    "echo500",
    "surrogate",
    "ok",
    "trickle",
]


def rows(db: Path, sql: str, params: tuple = ()) -> list[tuple]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def by_fault(db: Path, run_id: str, suite_rows: list[dict]) -> dict[str, list[tuple]]:
    """fault -> [(verdict, text, finish_reason, prompt_tokens, completion_tokens, error)] of its prompts."""
    ids = {r["id"]: FAULTS[i] for i, r in enumerate(suite_rows)}
    out: dict[str, list[tuple]] = {}
    for pid, *rest in rows(
        db,
        "SELECT s.prompt_id, s.verdict, c.text, c.finish_reason, c.prompt_tokens,"
        " c.completion_tokens, c.error FROM results s JOIN completions c"
        " ON c.completion_id = s.completion_id WHERE s.run_id = ?",
        (run_id,),
    ):
        out.setdefault(ids[pid], []).append(tuple(rest))
    return out


def no_key_anywhere(paths: list[Path], outputs: list[tuple[str, str]]) -> None:
    forms = [KEY.encode(), KEY.encode("utf-16-le")]
    for name, data in iter_artifacts(*paths):
        for form in forms:
            assert form not in data, f"the key is in {name}"
    for what, text in outputs:
        assert KEY not in text, f"the key leaked through {what}"


def test_hostile_server_run_ends_safe_and_resumes(tmp_path: Path) -> None:
    plugins = make_plugins(tmp_path / "plugins")
    suite, store = tmp_path / "suite.jsonl", tmp_path / "store.db"
    suite_rows = write_suite(suite, FAULTS)
    # A key read from a secret file keeps its trailing newline: it must be stripped, and scrubbed either way.
    env = cli_env({KEY_ENV: KEY + "\n"}, plugins=plugins)
    outputs: list[tuple[str, str]] = []
    args = fault_run_args(
        None,
        suite,
        store,
        "hostile",
        "--api-key-env",
        KEY_ENV,
        "--timeout",
        "3",
        "--max-retries",
        "0",
        concurrency=4,
        judge=plugins.judge,
    )
    srv = FaultServer().__enter__()  # one server for the run and its resume (the same --base-url)
    try:
        started = time.monotonic()
        p = run_cli(*args, "--base-url", srv.base_url, env=env, timeout=120)
        elapsed = time.monotonic() - started
        outputs.append(("run", p.stdout + p.stderr))
        assert p.returncode == 0, p.stderr[-3000:]
        assert f"Bearer {KEY}" in srv.auth_seen, "the key was not stripped of its newline (or not sent)"
        # Each trickling request was cut at the 3 s deadline (finishing it would take ~90 s).
        assert elapsed < 60, elapsed
        summary = json.loads(p.stdout)
        assert summary["status"] == "incomplete"
        got = by_fault(store, "hostile", suite_rows)
        for verdict, _text, _fin, _pt, _ct, error in got["trickle"]:
            assert verdict == "error" and "timed out" in error and "3 s" in error, error
        for verdict, _text, _fin, _pt, _ct, error in got["deepjson"]:
            assert verdict == "error" and "malformed JSON" in error, error
        for verdict, text, finish, _pt, _ct, error in got["surrogate"]:
            assert verdict != "error" and error is None
            assert "\ufffd and \ufffd alone" in text and "2 invalid character(s) replaced" in finish, (text, finish)
        for fault in ("usageinf", "usagehuge"):
            for verdict, _text, _fin, pt, ct, _error in got[fault]:
                assert verdict != "error" and (pt, ct) == (0, 0), (fault, pt, ct)
        for fault in ("echofinish", "echoescaped", "echourl", "echob64", "echoreply"):
            for verdict, text, finish, _pt, _ct, _error in got[fault]:
                assert verdict != "error" and "***" in text + finish, (fault, text, finish)
        assert got["echo500"][0][0] == "error" and "***" in got["echo500"][0][5]
        errors = summary["benign"]["errors"] + summary["harmful"]["errors"]
        assert errors == FAULTS.count("trickle") + FAULTS.count("deepjson") + FAULTS.count("echo500")
        assert summary["benign"]["n"] + summary["harmful"]["n"] == len(FAULTS)
        # Reports and an export of the run: the key is in none of them.
        for flag, name in (("--markdown", "r.md"), ("--html", "r.html")):
            q = run_cli("report", "hostile", flag, str(tmp_path / name), "--store", str(store), env=env)
            assert q.returncode == 0, q.stderr
            outputs.append((f"report {flag}", q.stdout + q.stderr))
        q = run_cli(
            "export-training",
            "hostile",
            "--format",
            "sft",
            "--out",
            str(tmp_path / "export.jsonl"),
            "--store",
            str(store),
            env=env,
        )
        assert q.returncode == 0, q.stderr
        outputs.append(("export-training", q.stdout + q.stderr))
        # Resume, the server healthy now: only the ERROR prompts are sent again, and the run completes.
        srv.healthy = True
        sent_before = sum(len(v) for v in srv.attempts.values())
        p = run_cli(*args, "--base-url", srv.base_url, env=env, timeout=120)
        outputs.append(("resume", p.stdout + p.stderr))
        assert p.returncode == 0, p.stderr[-3000:]
        assert sum(len(v) for v in srv.attempts.values()) - sent_before == errors
    finally:
        srv.__exit__()
    assert_complete(store, "hostile", len(FAULTS), json.loads(p.stdout))
    no_key_anywhere([tmp_path], outputs)


def test_llm_judge_echoing_the_key_escaped_never_stores_it(tmp_path: Path) -> None:
    """The judge model's reason holds the key with one letter JSON-escaped (``sk-test-\\u0053ECRET...``)."""
    suite, store = tmp_path / "suite.jsonl", tmp_path / "store.db"
    write_suite(suite, ["judgeecho", "ok", "judgeecho", "judgeecho", "ok", "judgeecho"])
    outputs: list[tuple[str, str]] = []
    with FaultServer() as srv:
        env = cli_env({"OPENAI_API_KEY": f"  {KEY}\n", "OVERREFUSAL_JUDGE_BASE_URL": srv.base_url})
        p = run_cli(
            *fault_run_args(srv.base_url, suite, store, "judged", concurrency=None, judge="llm:openai/fault"),
            env=env,
            timeout=120,
        )
        outputs.append(("run", p.stdout + p.stderr))
        assert p.returncode == 0, p.stderr[-3000:]
        assert any(a == f"Bearer {KEY}" for a in srv.auth_seen)
    evidence = [e for (e,) in rows(store, "SELECT evidence_json FROM results WHERE run_id = 'judged'")]
    echoed = [e for e in evidence if "checked with key" in e]
    assert len(echoed) == 4 and all("***" in e for e in echoed), evidence
    for flag, name in (("--markdown", "r.md"), ("--html", "r.html")):
        q = run_cli("report", "judged", flag, str(tmp_path / name), "--store", str(store), env=env)
        assert q.returncode == 0, q.stderr
        outputs.append((f"report {flag}", q.stdout + q.stderr))
    no_key_anywhere([tmp_path], outputs)


def test_scrubber_matches_every_encoding() -> None:
    import base64
    from urllib.parse import quote

    from overrefusal.guards.secrets import Scrubber

    s = Scrubber([KEY])
    escaped_one = KEY.replace("S", "\\u0053", 1)
    escaped_all = "".join(f"\\u{ord(c):04X}" for c in KEY)
    for leak in (
        KEY,
        escaped_one,
        escaped_all,
        quote(KEY, safe=""),
        "".join(f"%{b:02x}" for b in KEY.encode()),
        base64.b64encode(KEY.encode()).decode(),
        base64.b64encode(f"u:{KEY}".encode()).decode(),
        base64.b64encode(f"ab:{KEY}".encode()).decode(),
        json.dumps(KEY),
        KEY.replace("-", "\\-"),
    ):
        cleaned = s(f"before {leak} after")
        assert "***" in cleaned and cleaned.startswith("before ") and cleaned.endswith(" after"), (leak, cleaned)
        assert KEY not in cleaned
    assert s("nothing secret here") == "nothing secret here"
    assert Scrubber.from_env([])("x") == "x"


def test_a_scrubber_from_the_environment_follows_a_rotated_key(monkeypatch: pytest.MonkeyPatch) -> None:
    # The backend asks for one per reply and they are reused (building one was a few per cent of a fast
    # run's CPU); a key changed between two replies must still be the one scrubbed.
    from overrefusal.guards.secrets import Scrubber

    monkeypatch.setenv("ROTATED_TEST_KEY", KEY)
    first = Scrubber.from_env(["ROTATED_TEST_KEY"])
    assert Scrubber.from_env(["ROTATED_TEST_KEY"]) is first
    assert KEY not in first(f"echo {KEY}")
    rotated = KEY[::-1] + "-rotated"
    monkeypatch.setenv("ROTATED_TEST_KEY", rotated + "\n")
    second = Scrubber.from_env(["ROTATED_TEST_KEY", None])
    assert rotated not in second(f"echo {rotated} and {rotated}\n") and "***" in second(rotated)
    assert KEY in second(f"echo {KEY}"), "only the keys held now are scrubbed"


def test_two_processes_on_one_run_id_generate_each_prompt_once(tmp_path: Path) -> None:
    n = 24
    plugins = make_plugins(tmp_path / "plugins")
    suite, store = tmp_path / "suite.jsonl", tmp_path / "store.db"
    write_suite(suite, n=n)
    env = cli_env(plugins=plugins)
    with FaultServer(delay_s=0.05) as srv:
        cmd = cli_cmd(*fault_run_args(srv.base_url, suite, store, "shared", judge=plugins.judge))
        procs = [
            subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(3)
        ]
        results = [p.communicate(timeout=180) for p in procs]
        attempts = {text: len(ts) for text, ts in srv.attempts.items()}
    for p, (out, err) in zip(procs, results):
        assert p.returncode == 0, err[-2000:]
        assert json.loads(out)["status"] == "complete"
    assert len(attempts) == n and set(attempts.values()) == {1}, attempts
    assert_complete(store, "shared", n)
    assert rows(store, "SELECT COUNT(*) FROM completions")[0][0] == n
