"""API keys come from the environment and never land anywhere: store (and its -wal/-shm), stdout, stderr,
JSON, reports, error messages. The fault server tries hard to leak the key: it echoes the Authorization
header in 401 and 500 error bodies and inside a successful reply."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

from _rel import (
    FaultServer,
    cli_cmd,
    cli_env,
    fault_run_args,
    iter_artifacts,
    make_plugins,
    run_cli,
    scalar,
    wait_for,
    write_suite,
)

KEY = "sk-reliability-SECRET-7f3a9c2e41d8b6"
KEY_ENV = "OR_RELIABILITY_KEY"


def test_key_never_leaks_into_any_artefact(tmp_path: Path) -> None:
    plugins = make_plugins(tmp_path / "plugins")
    suite = tmp_path / "suite.jsonl"
    faults = ["ok", "echo401", "echo500", "echoreply", "ok", "echoreply", "500once", "ok"] * 3
    write_suite(suite, faults)
    store = tmp_path / "store.db"
    reports = tmp_path / "reports"
    reports.mkdir()
    env = cli_env({KEY_ENV: KEY}, plugins=plugins)
    outputs: list[tuple[str, str]] = []
    with FaultServer(delay_s=0.15) as srv:
        args = fault_run_args(
            srv.base_url,
            suite,
            store,
            "secret",
            "--api-key-env",
            KEY_ENV,
            "--max-retries",
            "1",
            judge=plugins.judge,
            json_summary=False,
        )
        # 1. Killed mid-run, so the -wal file is left as it was (a clean exit checkpoints and removes it).
        proc = subprocess.Popen(
            cli_cmd(*args), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
        )
        assert wait_for(lambda: scalar(store, "SELECT COUNT(*) FROM results") >= 6, 120, proc=proc)
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        outputs.append(("killed run", out + err))
        wal = Path(str(store) + "-wal")
        assert wal.exists() and wal.stat().st_size > 0
        for name, data in iter_artifacts(store, wal, Path(str(store) + "-shm")):
            assert KEY.encode() not in data, f"the key is in {name}"
        # 2. The full run, plain and JSON: errors from the echoing server are recorded, scrubbed.
        p = run_cli(*args, env=env)
        outputs.append(("run", p.stdout + p.stderr))
        assert p.returncode == 0, p.stderr
        p = run_cli(*args, "--json", env=env)
        outputs.append(("run --json", p.stdout + p.stderr))
        summary = json.loads(p.stdout)
        # echo401 is not retried and fails every time; echo500 fails every time: they stay ERROR.
        assert summary["benign"]["errors"] + summary["harmful"]["errors"] == faults.count("echo401") + faults.count(
            "echo500"
        )
        # The server really was sent the key, so there was something to leak.
        assert f"Bearer {KEY}" in srv.auth_seen
    errors = [r[0] for r in _rows(store, "SELECT error FROM completions WHERE error IS NOT NULL")]
    assert any("invalid key: Bearer ***" in e for e in errors), errors  # the echo is there, the key is not
    replies = [r[0] for r in _rows(store, "SELECT text FROM completions WHERE error IS NULL")]
    assert any("your header was: Bearer ***" in t for t in replies)
    # 3. Every way of reading the run back.
    for args2 in (["report", "secret"], ["report", "secret", "--json"], ["runs"], ["runs", "--json"]):
        p = run_cli(*args2, "--store", str(store), env=env)
        assert p.returncode == 0, p.stderr
        outputs.append((" ".join(args2), p.stdout + p.stderr))
    help_text = run_cli("report", "--help").stdout
    for flag, name in (("--markdown", "r.md"), ("--html", "r.html")):
        if flag in help_text:
            p = run_cli("report", "secret", flag, str(reports / name), "--store", str(store), env=env)
            assert p.returncode == 0, p.stderr
            outputs.append((f"report {flag}", p.stdout + p.stderr))
    # 4. A server that is down: the error message names the server, not the key.
    p = run_cli(
        "run",
        "--model",
        "openai/fault",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--suite",
        str(suite),
        "--api-key-env",
        KEY_ENV,
        "--store",
        str(tmp_path / "other.db"),
        "--judge",
        plugins.judge,
        env=env,
    )
    assert p.returncode == 2
    outputs.append(("server down", p.stdout + p.stderr))
    for what, text in outputs:
        assert KEY not in text, f"the key leaked through {what}"
    for name, data in iter_artifacts(tmp_path):
        if name.endswith(".jsonl") or "plugins" in name:
            continue
        assert KEY.encode() not in data, f"the key is in {name}"


def test_backend_object_holds_no_key() -> None:
    """repr, pickling-style vars and error completions of the backend carry the variable name only."""
    import asyncio

    from overrefusal.backends import BackendOptions
    from overrefusal.backends.openai import OpenAIBackend
    from overrefusal.types import GenerationConfig, Message, Role

    os.environ[KEY_ENV] = KEY
    try:
        with FaultServer() as srv:
            b = OpenAIBackend("fault", BackendOptions(base_url=srv.base_url, api_key_env=KEY_ENV, max_retries=0))

            async def one():
                async with b:
                    return await b.generate(
                        [Message(Role.USER, "hi [[fault:echo500]]")], GenerationConfig(max_tokens=4)
                    )

            c = asyncio.run(one())
        assert c.error and "***" in c.error and KEY not in c.error
        assert KEY not in repr(b) and KEY not in repr(vars(b))
    finally:
        del os.environ[KEY_ENV]


def _rows(db: Path, sql: str) -> list[tuple]:
    import sqlite3

    con = sqlite3.connect(db)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()
