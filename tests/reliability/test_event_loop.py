"""The event loop a run uses (uvloop when installed, asyncio's own when ``$OVERREFUSAL_EVENT_LOOP=asyncio``), and
the promises that must hold on both: Ctrl-C (SIGINT) ends a run with exit 130 and the resume message, SIGTERM
ends it at once, and in both cases what was stored is kept and a resume finishes the rest.

Real processes, a real HTTP server and the real store; the judge is a plugin registered through the
entry-point mechanism that writes, into each record's evidence, the class of the loop that ran it.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from _rel import (
    FaultServer,
    assert_complete,
    cli_cmd,
    cli_env,
    fault_run_args,
    integrity_ok,
    query,
    run_cli,
    scalar,
    verdicts,
    wait_for,
    write_suite,
)

from overrefusal import event_loop
from overrefusal.errors import UserError
from overrefusal.event_loop import EVENT_LOOP_ENV, EventLoop

HAS_UVLOOP = event_loop.uvloop_available()
needs_uvloop = pytest.mark.skipif(not HAS_UVLOOP, reason="uvloop is not installed (pip install uvloop)")

LOOP_JUDGE_SOURCE = '''
"""A judge that notes which event loop judged each reply (test plugin)."""
import asyncio

from overrefusal.types import Judgement, StyleSignals, Verdict


class LoopJudge:
    id = "loop-probe@1"

    def __init__(self, **options):
        pass

    async def judge(self, items):
        loop = type(asyncio.get_running_loop())
        where = f"loop {loop.__module__}.{loop.__qualname__}"
        out = []
        for _prompt, c in items:
            v = Verdict.REFUSAL if "sorry" in c.text.lower() else Verdict.COMPLIANCE
            out.append(Judgement(v, 1.0, self.id, (where,), StyleSignals(length=len(c.text))))
        return out
'''


def _loop_plugin(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "loop_probe_judge.py").write_text(LOOP_JUDGE_SOURCE, encoding="utf-8")
    info = root / "loop_probe_judge-0.0.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: loop-probe-judge\nVersion: 0.0.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[overrefusal.judges]\nloop-probe = loop_probe_judge:LoopJudge\n", encoding="utf-8"
    )
    return root


def _env(plugin: Path, loop: str | None) -> dict[str, str]:
    env = cli_env()
    env.pop(EVENT_LOOP_ENV, None)
    env["PYTHONPATH"] = f"{plugin}:{env.get('PYTHONPATH', '')}".rstrip(":")
    if loop is not None:
        env[EVENT_LOOP_ENV] = loop
    return env


def _loops_used(store: Path, run_id: str) -> set[str]:
    return {json.loads(e)[0] for (e,) in query(store, "SELECT evidence_json FROM results WHERE run_id = ?", (run_id,))}


# ---------------------------------------------------------------------------------------------------------
# Which loop runs
# ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "setting, expected",
    [
        (None, "loop uvloop.Loop" if HAS_UVLOOP else "loop asyncio.unix_events._UnixSelectorEventLoop"),
        ("asyncio", "loop asyncio.unix_events._UnixSelectorEventLoop"),
        pytest.param("uvloop", "loop uvloop.Loop", marks=needs_uvloop),
    ],
    ids=["default", "asyncio", "uvloop"],
)
def test_a_run_judges_on_the_loop_chosen(tmp_path: Path, setting: str | None, expected: str) -> None:
    if sys.platform == "win32":
        pytest.skip("the selector loop's class differs on Windows")
    plugin = _loop_plugin(tmp_path / "plugin")
    suite, store = tmp_path / "suite.jsonl", tmp_path / "store.db"
    write_suite(suite, n=8)
    with FaultServer() as srv:
        p = run_cli(*fault_run_args(srv.base_url, suite, store, "loop", judge="loop-probe"), env=_env(plugin, setting))
    assert p.returncode == 0, p.stderr[-3000:]
    assert_complete(store, "loop", 8, json.loads(p.stdout))
    assert _loops_used(store, "loop") == {expected}


def test_an_unknown_setting_is_one_error_naming_the_variable(tmp_path: Path) -> None:
    plugin = _loop_plugin(tmp_path / "plugin")
    suite, store = tmp_path / "suite.jsonl", tmp_path / "store.db"
    write_suite(suite, n=2)
    p = run_cli(*fault_run_args("http://127.0.0.1:9/v1", suite, store, "x"), env=_env(plugin, "tokio"))
    assert p.returncode == 2, p.stderr[-3000:]
    assert p.stderr.startswith("error: ") and len(p.stderr.strip().splitlines()) == 1, p.stderr
    assert EVENT_LOOP_ENV in p.stderr and "'tokio'" in p.stderr


def test_asking_for_uvloop_where_it_is_missing_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # Where uvloop is missing, auto falls back and an explicit request says how to fix it.
    monkeypatch.setattr(event_loop, "uvloop_available", lambda: False)
    assert event_loop.resolve(EventLoop.AUTO) is EventLoop.ASYNCIO
    main = asyncio.sleep(0)
    with pytest.raises(UserError, match="uvloop is not installed"):
        event_loop.run(main, loop=EventLoop.UVLOOP)
    assert main.cr_frame is None  # closed, not left to warn that it was never awaited


def test_the_environment_is_read_at_each_run(monkeypatch: pytest.MonkeyPatch) -> None:
    async def which() -> str:
        return type(asyncio.get_running_loop()).__module__

    # asyncio: exactly what asyncio.run gives (its own loop, or the loop of a policy the program set, as
    # tests/conftest.py does under OVERREFUSAL_EVENT_LOOP=uvloop).
    plain = asyncio.run(which())
    monkeypatch.setenv(EVENT_LOOP_ENV, " ASYNCIO ")
    assert event_loop.run(which()) == plain
    monkeypatch.setenv(EVENT_LOOP_ENV, "")
    assert event_loop.resolve() is (EventLoop.UVLOOP if HAS_UVLOOP else EventLoop.ASYNCIO)
    if HAS_UVLOOP:
        assert event_loop.run(which()) == "uvloop"
        monkeypatch.setenv(EVENT_LOOP_ENV, "asyncio")
        assert event_loop.run(which(), loop=EventLoop.UVLOOP) == "uvloop"  # an argument wins


# ---------------------------------------------------------------------------------------------------------
# Ctrl-C and SIGTERM in the middle of a run, on either loop
# ---------------------------------------------------------------------------------------------------------

LOOPS = ["asyncio", pytest.param("uvloop", marks=needs_uvloop)]


def _interrupted_run(tmp_path: Path, loop: str, sig: signal.Signals) -> tuple[subprocess.Popen[str], str, str]:
    """A run of 24 prompts whose 13th and later prompts hang at the server, stopped by ``sig`` once the first
    twelve are stored, then resumed on a healthy server; returns the first process and its output."""
    plugin = _loop_plugin(tmp_path / "plugin")
    suite, store = tmp_path / "suite.jsonl", tmp_path / "store.db"
    n = 24
    write_suite(suite, faults=["ok"] * 12 + ["hang"] * 12)
    env = _env(plugin, loop)
    with FaultServer(hang_s=60) as srv:
        args = fault_run_args(srv.base_url, suite, store, "stopped", judge="loop-probe")
        proc = subprocess.Popen(cli_cmd(*args), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            stored = wait_for(lambda: scalar(store, "SELECT COUNT(*) FROM results") >= 12, 120, proc=proc)
            assert stored, "the twelve answered prompts were not stored"
            # Every request in flight now hangs: the signal must end the run without waiting for them.
            assert wait_for(lambda: len(srv.attempts_of("[[fault:hang]]")) >= 2, 30, proc=proc)
            proc.send_signal(sig)
            out, err = proc.communicate(timeout=20)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
        assert integrity_ok(store)
        before = verdicts(store, "stopped")
        assert len(before) == 12 and "error" not in before.values(), before
        assert _loops_used(store, "stopped") == {
            "loop uvloop.Loop" if loop == "uvloop" else "loop asyncio.unix_events._UnixSelectorEventLoop"
        }
        srv.healthy = True
        again = run_cli(*args, env=env)
    assert again.returncode == 0, again.stderr[-3000:]
    final = json.loads(again.stdout)
    assert_complete(store, "stopped", n, final)
    assert final["this_invocation"]["already_done"] == 12  # nothing stored is redone
    after = verdicts(store, "stopped")
    assert all(after[pid] == v for pid, v in before.items())
    return proc, out, err


@pytest.mark.parametrize("loop", LOOPS)
def test_ctrl_c_mid_run_stops_cleanly_and_resumes(tmp_path: Path, loop: str) -> None:
    proc, _, err = _interrupted_run(tmp_path, loop, signal.SIGINT)
    assert proc.returncode == 130, err[-3000:]
    assert "Traceback" not in err, err[-3000:]
    assert "interrupted; everything finished so far is stored" in err


@pytest.mark.parametrize("loop", LOOPS)
def test_sigterm_mid_run_ends_it_at_once_and_resumes(tmp_path: Path, loop: str) -> None:
    proc, _, err = _interrupted_run(tmp_path, loop, signal.SIGTERM)
    # No handler: the default action, on either loop (uvloop installs none for SIGTERM).
    assert proc.returncode == -signal.SIGTERM, err[-3000:]


def test_the_tests_own_loops_follow_the_setting() -> None:
    # tests/conftest.py: `OVERREFUSAL_EVENT_LOOP=uvloop pytest` puts the tests' own asyncio.run on uvloop too.
    async def which() -> str:
        return type(asyncio.get_running_loop()).__module__

    wanted = os.environ.get(EVENT_LOOP_ENV, "").strip().lower()
    assert asyncio.run(which()) == "uvloop" if wanted == "uvloop" else asyncio.run(which()).startswith("asyncio")
