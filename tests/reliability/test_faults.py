"""Faults: a model server killed and restarted, a server that fails in every way HTTP allows, the process
SIGKILLed twenty times, the store locked by another process, the disk full, two processes on one store.

After each fault the run ends with exactly one record per prompt, nothing lost, nothing twice, errors kept
as ERROR (never a refusal or a compliance) and counted in the summary.
"""

from __future__ import annotations

import json
import os
import random
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from _rel import (
    FaultServer,
    assert_clean_error,
    assert_complete,
    assert_errors_apart,
    cli_cmd,
    cli_env,
    fault_run_args,
    integrity_ok,
    make_plugins,
    query,
    record_counts,
    run_cli,
    scalar,
    verdicts,
    wait_for,
    write_suite,
)

from overrefusal.backends.llamacpp import free_port


def _errors(summary: dict) -> int:
    return summary["benign"]["errors"] + summary["harmful"]["errors"]


def _kept(before: dict[str, str], after: dict[str, str]) -> None:
    """Nothing committed is lost: every non-error record before is still there, with the same verdict."""
    for pid, v in before.items():
        if v != "error":
            assert after.get(pid) == v, (pid, v, after.get(pid))


# ---------------------------------------------------------------------------------------------------------
# 1. A real llama.cpp server killed in the middle of a run, restarted on the same port, the run resumed.
# ---------------------------------------------------------------------------------------------------------


class OwnLlamaServer:
    """``python -m llama_cpp.server`` on a fixed port, started and SIGKILLed by the test."""

    def __init__(self, gguf: Path, port: int, log: Path):
        self.gguf, self.port, self.log = gguf, port, log
        self.base_url = f"http://127.0.0.1:{port}/v1"
        self.proc: subprocess.Popen | None = None

    def up(self) -> bool:
        try:
            return httpx.get(f"{self.base_url}/models", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def start(self) -> None:
        # One thread: on a busy 2-core machine two llama.cpp threads spin against each other and run 10x slower.
        cmd = [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(self.gguf),
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--n_ctx",
            "512",
            "--n_threads",
            "1",
            "--n_threads_batch",
            "1",
        ]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        if not wait_for(self.up, 120, 0.2, proc=self.proc):
            self.kill()
            pytest.fail(f"llama.cpp server did not start:\n{self.log.read_text(errors='replace')[-3000:]}")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


def test_llama_server_killed_mid_run_then_restarted_and_resumed(embedded_gguf: Path, tmp_path: Path) -> None:
    pytest.importorskip("llama_cpp.server", reason="llama-cpp-python[server] is not installed")
    n = 12
    suite, store = tmp_path / "suite.jsonl", tmp_path / "store.db"
    write_suite(suite, n=n)
    server = OwnLlamaServer(embedded_gguf, free_port(), tmp_path / "server.log")
    server.start()
    try:
        args = fault_run_args(
            server.base_url,
            suite,
            store,
            "llama",
            "--max-tokens",
            "16",
            "--max-retries",
            "1",
            model="openai/smollm2",
            concurrency=1,
        )
        proc = subprocess.Popen(
            cli_cmd(*args), env=cli_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        assert wait_for(lambda: scalar(store, "SELECT COUNT(*) FROM results") >= 3, 300, 0.05, proc=proc)
        server.kill()
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err[-3000:]
        first = json.loads(out)
        before = verdicts(store, "llama")
        failed = [p for p, v in before.items() if v == "error"]
        # Every prompt has its one record; the ones the dead server could not answer are ERROR.
        assert record_counts(store, "llama") == (n, n)
        assert 1 <= len(failed) <= n - 3
        assert first["status"] == "incomplete" and _errors(first) == len(failed)
        assert_errors_apart(first, len(failed))
        reasons = query(
            store,
            "SELECT c.error FROM results r JOIN completions c USING (completion_id) "
            "WHERE r.run_id = 'llama' AND r.verdict = 'error'",
        )
        assert all("connection" in e or "timed out" in e for (e,) in reasons), reasons
        shown = run_cli("report", "llama", "--store", str(store))
        assert f"{len(failed)} prompt(s) ended in ERROR" in shown.stdout, shown.stdout

        server.start()  # the same port again
        done = run_cli(*args)
        assert done.returncode == 0, done.stderr[-3000:]
        final = json.loads(done.stdout)
        assert final["this_invocation"]["generated"] == len(failed)
        assert final["this_invocation"]["already_done"] == n - len(failed)
        assert_complete(store, "llama", n, final)
        _kept(before, verdicts(store, "llama"))
    finally:
        server.kill()


# ---------------------------------------------------------------------------------------------------------
# 2. A server that fails in every way: 429 + Retry-After, 500, malformed JSON, truncated bodies, hangs.
# ---------------------------------------------------------------------------------------------------------

MIX = [
    "ok",
    "429once",
    "500",
    "500once",
    "badjson",
    "truncated",
    "truncatedonce",
    "hang",
    "hangonce",
    "ok",
    "429",
    "ok",
    "echo500",
    "500once",
    "ok",
    "badjson",
]
PERSISTENT = {"500", "badjson", "truncated", "hang", "429", "echo500"}


def test_fault_mix_is_recorded_as_error_then_resumed(tmp_path: Path) -> None:
    suite, store = tmp_path / "suite.jsonl", tmp_path / "store.db"
    rows = write_suite(suite, MIX)
    with FaultServer(hang_s=5.0) as srv:
        # The default judge: errors must never reach a real judge as replies.
        args = fault_run_args(srv.base_url, suite, store, "mix", "--timeout", "2", "--max-retries", "1", concurrency=4)
        p = run_cli(*args)
        assert p.returncode == 0, p.stderr[-3000:]
        first = json.loads(p.stdout)
        got = verdicts(store, "mix")
        expect_error = {r["id"] for r, f in zip(rows, MIX) if f in PERSISTENT}
        assert {pid for pid, v in got.items() if v == "error"} == expect_error
        assert record_counts(store, "mix") == (len(MIX), len(MIX))
        assert first["status"] == "incomplete"
        assert_errors_apart(first, len(expect_error))
        assert first["this_invocation"]["errors"] == len(expect_error)
        # Transient faults were retried: Retry-After (1 s) honoured, a hang cut at the 2 s timeout.
        t = srv.attempts_of("[[fault:429once]]")
        assert len(t) == 2 and t[1] - t[0] >= 0.95, t
        t = srv.attempts_of("[[fault:hangonce]]")
        assert len(t) == 2 and t[1] - t[0] >= 1.9, t
        assert len(srv.attempts_of("[[fault:429]]")) == 2  # 1 + --max-retries, then ERROR
        reasons = " ".join(e for (e,) in query(store, "SELECT error FROM completions WHERE error IS NOT NULL"))
        for word in ("HTTP 429", "HTTP 500", "malformed JSON", "timed out", "peer closed connection"):
            assert word in reasons, (word, reasons)
        shown = run_cli("report", "mix", "--store", str(store))
        assert f"{len(expect_error)} prompt(s) ended in ERROR" in shown.stdout

        srv.healthy = True  # the fault is fixed; resume
        p = run_cli(*args)
        assert p.returncode == 0, p.stderr[-3000:]
        final = json.loads(p.stdout)
        assert final["this_invocation"]["generated"] == len(expect_error)
        assert final["this_invocation"]["already_done"] == len(MIX) - len(expect_error)
        assert_complete(store, "mix", len(MIX), final)
        _kept(got, verdicts(store, "mix"))


# ---------------------------------------------------------------------------------------------------------
# 3. SIGKILL at random points, twenty times in a row on the same run, then a final resume.
# ---------------------------------------------------------------------------------------------------------

KILLS = 20


def sigkill_loop(
    rng: random.Random, args: list[str], env: dict[str, str], store: Path, run_id: str, n: int
) -> list[str]:
    """Start the run and SIGKILL it ``KILLS`` times at points drawn from ``rng``: a third at a random moment
    (start-up, migration, mid-run), the rest a random short time after a random number of new records."""
    where: list[str] = []
    history: dict[str, str] = {}
    for _ in range(KILLS):
        done = scalar(store, "SELECT COUNT(*) FROM results", default=0)
        proc = subprocess.Popen(
            cli_cmd(*args), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
        )
        if rng.random() < 1 / 3:
            time.sleep(rng.uniform(0.0, 1.5))
            where.append("timed")
        else:
            target = done + rng.randint(1, 3)
            wait_for(
                lambda target=target: scalar(store, "SELECT COUNT(*) FROM results", default=0) >= target,
                60,
                0.005,
                proc=proc,
            )
            time.sleep(rng.uniform(0.0, 0.08))
            where.append("after-progress")
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            assert proc.returncode == 0, err[-2000:]
            where[-1] = "finished-before-kill"
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        if store.exists():
            assert integrity_ok(store)
            if not query(store, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'results'"):
                # Killed at start-up while the first process was still creating the store (the draws above
                # include "migration"): the file exists, its schema not yet, and nothing can have been stored.
                assert not history
                continue
            now = verdicts(store, run_id)
            _kept(history, now)
            history = now
            count, distinct = record_counts(store, run_id)
            assert count == distinct <= n
            # A completion, once stored, is never generated again (the cache hands it to the next process).
            assert scalar(store, "SELECT COUNT(*) FROM completions WHERE error IS NULL") <= n
    return where


def test_sigkill_twenty_times_then_resume(tmp_path: Path) -> None:
    # 100 prompts answered in 0.2 s each, two at a time: twenty kills cannot finish the run even on a fast machine.
    n = 100
    plugins = make_plugins(tmp_path / "plugins")
    suite, store = tmp_path / "suite.jsonl", tmp_path / "store.db"
    write_suite(suite, n=n)
    with FaultServer(delay_s=0.2) as srv:
        args = fault_run_args(srv.base_url, suite, store, "killed", judge=plugins.judge)
        env = cli_env(plugins=plugins)
        where = sigkill_loop(random.Random(20_240_601), args, env, store, "killed", n)
        assert where.count("after-progress") >= 10, where
        before = verdicts(store, "killed")
        assert 0 < len(before) < n, "the kills must leave the run unfinished"
        p = run_cli(*args, env=env)
    assert p.returncode == 0, p.stderr[-3000:]
    final = json.loads(p.stdout)
    assert_complete(store, "killed", n, final)
    assert final["this_invocation"]["already_done"] == sum(v != "error" for v in before.values())
    _kept(before, verdicts(store, "killed"))
    assert scalar(store, "SELECT COUNT(*) FROM completions WHERE error IS NULL") == n


# ---------------------------------------------------------------------------------------------------------
# 4. The store locked by another process: a short lock is waited out; a long one is a clean exit 2.
# ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("hold_s, busy_timeout", [(3.0, None), (4.0, "1")], ids=["waits", "times-out"])
def test_store_locked_by_another_process(tmp_path: Path, hold_s: float, busy_timeout: str | None) -> None:
    n = 30
    plugins = make_plugins(tmp_path / "plugins")
    suite, store = tmp_path / "suite.jsonl", tmp_path / "store.db"
    write_suite(suite, n=n)
    extra = {"OVERREFUSAL_BUSY_TIMEOUT_S": busy_timeout} if busy_timeout else {}
    env = cli_env(extra, plugins=plugins)
    with FaultServer(delay_s=0.1) as srv:
        args = fault_run_args(srv.base_url, suite, store, "locked", judge=plugins.judge)
        proc = subprocess.Popen(cli_cmd(*args), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert wait_for(lambda: scalar(store, "SELECT COUNT(*) FROM results") >= 3, 120, proc=proc)
        locker = sqlite3.connect(store, isolation_level=None, timeout=30)
        locker.execute("BEGIN EXCLUSIVE")
        held_at = scalar(store, "SELECT COUNT(*) FROM results")
        time.sleep(hold_s)
        during = scalar(store, "SELECT COUNT(*) FROM results")
        still_running = proc.poll() is None
        locker.execute("COMMIT")
        locker.close()
        out, err = proc.communicate(timeout=120)
        assert during == held_at, "nothing can be written while the lock is held"
        if busy_timeout is None:
            assert still_running, "the run must wait for the lock, not fail or skip writes"
            assert proc.returncode == 0, err[-3000:]
            assert_complete(store, "locked", n, json.loads(out))
        else:
            p = subprocess.CompletedProcess(args, proc.returncode, out, err)
            assert_clean_error(p, str(store), "locked by another process", "OVERREFUSAL_BUSY_TIMEOUT_S")
            assert integrity_ok(store)
            before = verdicts(store, "locked")
            assert len(before) < n
            again = run_cli(*args, env=env)
            assert again.returncode == 0, again.stderr[-3000:]
            assert_complete(store, "locked", n, json.loads(again.stdout))
            _kept(before, verdicts(store, "locked"))


# ---------------------------------------------------------------------------------------------------------
# 5. Disk full: a small tmpfs (root) or a file size limit (anyone); clear exit 2, then resume.
# ---------------------------------------------------------------------------------------------------------


def _mount_tmpfs(where: Path, size: str) -> bool:
    if os.geteuid() != 0:
        return False
    where.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    return r.returncode == 0


@pytest.mark.parametrize("how", ["tmpfs", "file-size-limit"])
def test_disk_full_is_a_clear_error_then_resume(tmp_path: Path, how: str) -> None:
    n = 30
    plugins = make_plugins(tmp_path / "plugins")
    suite = tmp_path / "suite.jsonl"
    write_suite(suite, n=n)
    mnt = tmp_path / "small"
    mounted = False
    preexec = None
    try:
        if how == "tmpfs":
            mounted = _mount_tmpfs(mnt, "2m")
            if not mounted:
                pytest.skip("cannot mount a tmpfs here (not root); the file-size-limit case covers disk full")
            store = mnt / "store.db"
            st = os.statvfs(mnt)
            ballast = mnt / "ballast"
            ballast.write_bytes(b"\0" * (st.f_bavail * st.f_frsize - 300_000))
        else:
            mnt.mkdir()
            store = mnt / "store.db"

            def preexec() -> None:  # in the child: writes past 300 kB fail with EFBIG instead of killing it
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
                resource.setrlimit(resource.RLIMIT_FSIZE, (300_000, 300_000))

        env = cli_env(plugins=plugins)
        with FaultServer(reply_bytes=20_000) as srv:
            args = fault_run_args(srv.base_url, suite, store, "full", judge=plugins.judge)
            p = subprocess.run(cli_cmd(*args), env=env, capture_output=True, text=True, timeout=120, preexec_fn=preexec)
            assert_clean_error(p, str(store), "disk full")
            assert integrity_ok(store)
            before = verdicts(store, "full")
            assert len(before) < n
            if how == "tmpfs":
                ballast.unlink()  # space is available again
            again = run_cli(*args, env=env)
            assert again.returncode == 0, again.stderr[-3000:]
            assert_complete(store, "full", n, json.loads(again.stdout))
            _kept(before, verdicts(store, "full"))
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


# ---------------------------------------------------------------------------------------------------------
# 6. Two processes on one store at once.
# ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("run_ids", [("same", "same"), ("left", "right")], ids=["same-run-id", "different-run-ids"])
def test_two_processes_on_one_store(tmp_path: Path, run_ids: tuple[str, str]) -> None:
    n = 30
    plugins = make_plugins(tmp_path / "plugins")
    suite, store = tmp_path / "suite.jsonl", tmp_path / "store.db"
    write_suite(suite, n=n)
    env = cli_env(plugins=plugins)
    with FaultServer(delay_s=0.03) as srv:
        procs = [
            subprocess.Popen(
                cli_cmd(*fault_run_args(srv.base_url, suite, store, rid, concurrency=4, judge=plugins.judge)),
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for rid in run_ids
        ]
        results = [p.communicate(timeout=180) for p in procs]
    for p, (out, err) in zip(procs, results):
        assert p.returncode == 0, err[-3000:]
        s = json.loads(out)
        assert s["benign"]["n"] + s["harmful"]["n"] == n and _errors(s) == 0
    for rid in set(run_ids):
        assert_complete(store, rid, n)
    assert scalar(store, "SELECT COUNT(*) FROM runs") == len(set(run_ids))
