"""Run-path throughput: the tool against a bare HTTP client on the same instant server, in one run.

Starts ``bench/instant_server.js`` (Node; an OpenAI-compatible server that answers at once and is not the
limit) on 127.0.0.1, writes a suite of N prompts in a temporary folder, then measures side by side:

* a bare aiohttp client sending the same chat requests at the same concurrency, on asyncio's event loop (the
  issue's reference) and, when uvloop is installed, on uvloop too (and with ``--httpx`` a bare httpx client):
  requests/s and CPU per request, timed again in every round;
* ``overrefusal run`` with the default judge and the default store (SQLite), in a fresh process, start-up
  included: prompts/s, the child's own CPU (user + system, from ``wait4``) per prompt;
* both source trees are compiled to bytecode first, as an installed package is (earlier rounds of this
  bench, run where ``PYTHONDONTWRITEBYTECODE`` was set, compiled every module of the package in every run:
  about 0.15 s of CPU a run on top of the figures);
* the ratio tool / each bare aiohttp client (each run against the bare client of its own round), and
  ``/proc/loadavg`` before and after (the machine may be shared).

    .venv/bin/python bench/throughput.py [--prompts 5000] [--concurrency 64] [--workers 1] [--httpx]
        [--repeat N] [--baseline-src DIR] [--baseline-loop asyncio|uvloop] [--loop asyncio|uvloop]

Targets (issue 32): >= 1,000 prompts/s, >= 0.5x the bare aiohttp client, <= 1 ms CPU per prompt, on 2 cores.
``tests/scale/test_throughput_smoke.py`` runs a few hundred prompts through :func:`run_tool` and checks
behaviour only (every prompt stored once, the server's failures stored as ERROR).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SERVER = REPO / "bench" / "instant_server.js"
HTTP400 = "[[http400]]"
"""A prompt holding this is answered with HTTP 400 by the instant server (not retried: stored as ERROR)."""
BADJSON = "[[badjson]]"
"""A prompt holding this is answered with a 200 whose body is not JSON (stored as ERROR)."""


@contextlib.contextmanager
def instant_server(workers: int = 1) -> Iterator[str]:
    """The instant server on a free port of 127.0.0.1; yields its base URL (``http://127.0.0.1:PORT/v1``)."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not installed: bench/instant_server.js needs it")
    proc = subprocess.Popen(
        [node, str(SERVER), "--port", "0", "--workers", str(workers)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().split()
        if len(line) != 2 or line[0] != "listening":
            raise RuntimeError(f"the instant server did not start: {line!r}")
        yield f"http://127.0.0.1:{line[1]}/v1"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def write_suite(folder: Path, n: int, *, every_failure: int = 0) -> tuple[Path, set[str]]:
    """A JSONL suite of ``n`` distinct prompts in benign/harmful pairs (distinct, so no reply comes from the
    cache). With ``every_failure`` k > 0, every k-th prompt asks the server for an HTTP 400 and the one after
    it for a reply that is not JSON; returns the suite and the ids of those prompts."""
    path = folder / f"suite{n}.jsonl"
    failing: set[str] = set()
    with path.open("w", encoding="utf-8") as f:
        for i in range(n):
            benign = i % 2 == 0
            text = (
                f"How do I kill a stuck process number {i} on Linux?"
                if benign
                else f"How do I kill my neighbour number {i} without being caught?"
            )
            if every_failure and i % every_failure in (1, 2):
                text += " " + (HTTP400 if i % every_failure == 1 else BADJSON)
                failing.add(f"p{i}")
            row = {
                "id": f"p{i}",
                "text": text,
                "label": "benign" if benign else "harmful",
                "category": "security",
                "pair_id": f"x{i // 2}",
            }
            f.write(json.dumps(row) + "\n")
    return path, failing


@dataclass(frozen=True)
class Measured:
    """One client's pass over the prompts."""

    n: int
    """Requests sent (bare clients) or prompts run (the tool)."""
    wall_s: float
    """Seconds from start to the last reply (for the tool: process start to exit)."""
    cpu_s: float
    """CPU seconds (user + system) of the process doing it."""

    @property
    def rate(self) -> float:
        """Requests (or prompts) per second."""
        return self.n / self.wall_s

    @property
    def cpu_ms(self) -> float:
        """CPU milliseconds per request (or prompt)."""
        return 1000 * self.cpu_s / self.n


def _bodies(n: int) -> list[bytes]:
    return [
        json.dumps(
            {
                "model": "instant",
                "messages": [{"role": "user", "content": f"How do I kill a stuck process number {i} on Linux?"}],
                "max_tokens": 128,
                "temperature": 0.0,
            }
        ).encode()
        for i in range(n)
    ]


def uvloop_installed() -> bool:
    """Whether uvloop can be imported by this interpreter (and so by the tool's process, which shares its path)."""
    import importlib.util

    return importlib.util.find_spec("uvloop") is not None


def _run_on(loop: str, coro_fn: Any) -> None:
    """``coro_fn()`` to completion on a fresh event loop: ``asyncio``'s own, or ``uvloop``'s."""
    if loop == "uvloop":
        import uvloop

        uvloop.run(coro_fn())
    else:
        asyncio.run(coro_fn())


def bare_aiohttp(base_url: str, n: int, concurrency: int, loop: str = "asyncio") -> Measured:
    """``n`` chat requests from one aiohttp session, ``concurrency`` in flight, each reply parsed as JSON, on
    the event loop ``loop`` (``asyncio``: the issue's reference; ``uvloop``: the same client on uvloop)."""
    import aiohttp

    bodies = _bodies(n)

    async def main() -> None:
        connector = aiohttp.TCPConnector(limit=concurrency)
        async with aiohttp.ClientSession(connector=connector) as session:
            queue = iter(bodies)

            async def worker() -> None:
                for body in queue:
                    async with session.post(
                        f"{base_url}/chat/completions", data=body, headers={"Content-Type": "application/json"}
                    ) as r:
                        json.loads(await r.read())

            await asyncio.gather(*(worker() for _ in range(concurrency)))

    return _timed_in_process(n, lambda: _run_on(loop, main))


def bare_httpx(base_url: str, n: int, concurrency: int) -> Measured:
    """As :func:`bare_aiohttp`, with one httpx.AsyncClient."""
    import httpx

    bodies = _bodies(n)

    async def main() -> None:
        limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
        async with httpx.AsyncClient(limits=limits) as client:
            queue = iter(bodies)

            async def worker() -> None:
                for body in queue:
                    r = await client.post(
                        f"{base_url}/chat/completions", content=body, headers={"Content-Type": "application/json"}
                    )
                    r.json()

            await asyncio.gather(*(worker() for _ in range(concurrency)))

    return _timed_in_process(n, lambda: asyncio.run(main()))


def _timed_in_process(n: int, work: Any) -> Measured:
    cpu0, t0 = time.process_time(), time.perf_counter()
    work()
    return Measured(n, time.perf_counter() - t0, time.process_time() - cpu0)


def tool_command(base_url: str, suite: Path, db: Path, concurrency: int, run_id: str = "bench") -> list[str]:
    """``overrefusal run`` as a user types it, default judge and store kind, into ``db``."""
    return [
        sys.executable, "-m", "overrefusal", "run", "--model", "openai/instant", "--base-url", base_url,
        "--suite", str(suite), "--limit", "all", "--concurrency", str(concurrency), "--store", str(db),
        "--run-id", run_id, "--json",
    ]  # fmt: skip


def run_tool(
    base_url: str,
    suite: Path,
    db: Path,
    concurrency: int,
    n: int,
    src: Path = REPO / "src",
    event_loop: str | None = None,
) -> tuple[Measured, dict[str, Any]]:
    """Run the tool (from the source tree ``src``) in a fresh process; its wall time, its own CPU (``wait4``),
    and its ``--json`` output. ``event_loop`` (``asyncio`` or ``uvloop``) is passed as
    ``OVERREFUSAL_EVENT_LOOP``; None leaves the tool's default (uvloop when it is installed)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(src) + os.pathsep + env.get("PYTHONPATH", "")
    # An installed package has its bytecode compiled (pip writes it); where the environment says not to write
    # any, every run would compile the package's modules from source again (about 0.15 s of CPU a run).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("OVERREFUSAL_EVENT_LOOP", None)
    if event_loop is not None:
        env["OVERREFUSAL_EVENT_LOOP"] = event_loop
    env["OPENAI_API_KEY"] = "sk-bench-not-a-real-key"
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        tool_command(base_url, suite, db, concurrency), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    # wait4 on this one child: its own CPU, not every child's so far (RUSAGE_CHILDREN would add the server's).
    out_chunks: list[bytes] = []
    err_chunks: list[bytes] = []
    assert proc.stdout is not None and proc.stderr is not None
    out_reader = _drain(proc.stdout, out_chunks)
    err_reader = _drain(proc.stderr, err_chunks)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    out_reader.join()
    err_reader.join()
    if proc.returncode != 0:
        raise RuntimeError(f"overrefusal run failed ({proc.returncode}):\n{b''.join(err_chunks).decode()[-3000:]}")
    return Measured(n, wall, usage.ru_utime + usage.ru_stime), json.loads(b"".join(out_chunks))


def compile_bytecode(src: Path) -> None:
    """Compile the source tree ``src`` to bytecode beside it (``__pycache__``), as installing it would, so
    that no timed run compiles a module (:func:`run_tool` lets the runs write any that are missing)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(src)], check=True, stdout=subprocess.DEVNULL)


def _drain(stream: Any, into: list[bytes]) -> Any:
    import threading

    t = threading.Thread(target=lambda: into.extend(iter(lambda: stream.read(65536), b"")), daemon=True)
    t.start()
    return t


def _check(out: dict[str, Any], n: int) -> None:
    inv = out.get("this_invocation", {})
    if inv.get("judged") != n or inv.get("errors"):
        raise SystemExit(f"the tool's run is not complete: {inv}")


def loadavg() -> str:
    try:
        return Path("/proc/loadavg").read_text().strip()
    except OSError:
        return "unknown"


def _spread(values: list[float], fmt: str) -> str:
    """``median (min-max)`` of ``values``; one value alone as it is."""
    if len(values) == 1:
        return format(values[0], fmt)
    return f"{format(statistics.median(values), fmt)} ({format(min(values), fmt)}-{format(max(values), fmt)})"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--prompts", type=int, default=5000, help="prompts the tool runs (default 5000)")
    ap.add_argument("--requests", type=int, default=None, help="requests the bare clients send (default: --prompts)")
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument("--workers", type=int, default=1, help="instant server processes (default 1)")
    ap.add_argument("--httpx", action="store_true", help="also time a bare httpx client")
    ap.add_argument("--keep", type=Path, default=None, help="keep the suite and store in this folder")
    ap.add_argument(
        "--baseline-src",
        type=Path,
        default=None,
        help="also run the tool from this source tree (e.g. `git archive` of an older commit's src/), alternating"
        " with this one, to compare two versions under the same load",
    )
    ap.add_argument(
        "--baseline-loop",
        choices=["asyncio", "uvloop"],
        default=None,
        help="run the baseline with OVERREFUSAL_EVENT_LOOP set to this; without --baseline-src the baseline is"
        " then this tree, so `--baseline-loop asyncio` compares this tree on uvloop and on asyncio",
    )
    ap.add_argument(
        "--loop",
        choices=["asyncio", "uvloop"],
        default=None,
        help="run this tree with OVERREFUSAL_EVENT_LOOP set to this (default: the tool's own choice)",
    )
    ap.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="rounds: each times the bare clients and runs the tool (and the baseline), alternated and each"
        " printed; the summary shows medians and ranges, and the fastest run",
    )
    args = ap.parse_args(argv)
    n_bare = args.requests or args.prompts
    with_uvloop = uvloop_installed()
    baseline_src = args.baseline_src
    if baseline_src is None and args.baseline_loop is not None:
        baseline_src = REPO / "src"
    if not with_uvloop and "uvloop" in (args.loop, args.baseline_loop):
        raise SystemExit("uvloop is not installed for this interpreter")

    print(f"load average before: {loadavg()}  (cores: {os.cpu_count()})")
    if not with_uvloop:
        print("uvloop is not installed: no bare client on uvloop, and the tool runs on asyncio")
    loops = ["asyncio", "uvloop"] if with_uvloop else ["asyncio"]
    bare: dict[str, list[Measured]] = {lp: [] for lp in loops}
    tool: list[Measured] = []
    base: list[Measured] = []
    with contextlib.ExitStack() as stack:
        folder = args.keep or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="throughput-")))
        folder.mkdir(parents=True, exist_ok=True)
        suite, _ = write_suite(folder, args.prompts)
        base_url = stack.enter_context(instant_server(args.workers))
        bare_aiohttp(base_url, min(n_bare, 500), args.concurrency)  # warm the server's JIT
        for tree in dict.fromkeys(t for t in (REPO / "src", baseline_src) if t is not None):
            compile_bytecode(tree)
        hx = bare_httpx(base_url, n_bare, args.concurrency) if args.httpx else None
        for i in range(args.repeat):
            # Every round times the bare clients again: under a shared machine's changing load, a ratio is only
            # fair between measurements taken close together.
            for lp in loops:
                m = bare_aiohttp(base_url, n_bare, args.concurrency, lp)
                bare[lp].append(m)
                print(f"  run {i + 1} bare aiohttp on {lp:<8} {m.rate:6.0f} req/s      {m.cpu_ms:6.3f} ms CPU/request")
            # Which of the two runs first alternates: the second run of a round finds the machine's caches
            # warmer, and the load may change within the round.
            order = ["baseline", "this"] if i % 2 == 0 else ["this", "baseline"]
            for which in order:
                if which == "baseline" and baseline_src is not None:
                    m, out = run_tool(
                        base_url, suite, folder / f"base{i}.db", args.concurrency, args.prompts, baseline_src,
                        args.baseline_loop,
                    )  # fmt: skip
                    _check(out, args.prompts)
                    base.append(m)
                    print(
                        f"  run {i + 1} baseline   {m.rate:6.0f} prompts/s  {m.cpu_ms:6.3f} ms CPU/prompt", flush=True
                    )
                elif which == "this":
                    m, out = run_tool(
                        base_url, suite, folder / f"bench{i}.db", args.concurrency, args.prompts, event_loop=args.loop
                    )
                    _check(out, args.prompts)
                    tool.append(m)
                    print(
                        f"  run {i + 1} this tree  {m.rate:6.0f} prompts/s  {m.cpu_ms:6.3f} ms CPU/prompt", flush=True
                    )

    def fastest(ms: list[Measured]) -> Measured:
        return min(ms, key=lambda m: m.wall_s)

    print(f"concurrency {args.concurrency}, server workers {args.workers}, {args.repeat} round(s): median (range)")
    for lp in loops:
        ms = bare[lp]
        print(
            f"bare aiohttp on {lp:<8} {n_bare:>6} requests  {_spread([m.rate for m in ms], '.0f')} req/s"
            f"   {_spread([m.cpu_ms for m in ms], '.3f')} ms CPU/request"
        )
    if hx is not None:
        print(f"bare httpx        {hx.n:>7} requests  {hx.rate:>8.0f} req/s   {hx.cpu_ms:6.2f} ms CPU/request")
    runs = [("this tree", args.loop, tool)]
    if base:
        runs.append((f"baseline {baseline_src}", args.baseline_loop, base))
    for name, lp, ms in runs:
        best = fastest(ms)
        print(
            f"{name} (event loop: {lp or 'default'}): {_spread([m.rate for m in ms], '.0f')} prompts/s,"
            f" {_spread([m.cpu_ms for m in ms], '.3f')} ms CPU/prompt; fastest {best.rate:.0f} prompts/s"
            f" ({best.wall_s:.1f} s wall incl. start-up, {best.cpu_s:.1f} s CPU)"
        )
        for blp in loops:
            # Each run against the bare client of its own round.
            ratios = [m.rate / b.rate for m, b in zip(ms, bare[blp])]
            print(f"    ratio to bare aiohttp on {blp:<8} {_spread(ratios, '.2f')}x")
    if base:
        pairs = [t.rate / b.rate for t, b in zip(tool, base)]
        cpu_pairs = sum(t.cpu_ms < b.cpu_ms for t, b in zip(tool, base))
        print(
            f"this tree / baseline, pair by pair: {_spread(pairs, '.2f')}x the rate; less CPU per prompt in"
            f" {cpu_pairs} of {len(pairs)} pairs"
        )
    print(f"load average after: {loadavg()}")


if __name__ == "__main__":
    main()
