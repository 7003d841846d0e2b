"""The same replay run on a one-node and on a two-node Ray cluster of this machine: throughput and ratio.

Starts a head (``ray start --head``, one CPU) and runs ``overrefusal run --engine ray`` on it, then
adds a second node (``ray start --address``, one CPU, its own raylet and object store) and runs the
same suite again into a fresh store. Both runs must judge every prompt with no ERROR.

    .venv/bin/python bench/ray_scale.py [--prompts 5000]

Both nodes share this machine's cores: on a 2-core machine the second node adds processes, not cores, so the
ratio measures Ray's cost of a second node more than a second machine's gain. The default is 5,000 prompts
(a scaled-down run; ``--prompts 100000`` for the full one). Only the processes this script started are ever
signalled (the nodes are found by their temp dirs), never ``ray stop``.

Memory: each run prints the driver's peak RSS (the ``overrefusal run`` process, from its rusage) and the
largest peak RSS of one Ray worker process of the cluster (``VmHWM`` of every process of the nodes, sampled
while the run goes), so that a run of 100,000 prompts can be set beside one of 10,000:

    .venv/bin/python bench/ray_scale.py --prompts 10000 --nodes 1
    .venv/bin/python bench/ray_scale.py --prompts 100000 --nodes 1
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def _ray_node() -> Any:
    """The node starter of tests/scale/test_ray_node_loss.py (patient with `ray start` on busy machines)."""
    spec = importlib.util.spec_from_file_location("ray_node_loss", REPO / "tests" / "scale" / "test_ray_node_loss.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


_node_loss = _ray_node()
RayNode, _cmdline = _node_loss.RayNode, _node_loss._cmdline

from scale import write_inputs  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _status_mb(pid: int, field: str) -> float:
    """A field of a process's /proc status in MB (``VmHWM``: its peak resident set so far; ``RssAnon``: the
    resident memory that is its own, not shared, such as Ray's object store mapped into it); 0 when gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(f"{field}:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _peak_rss_mb(pid: int) -> float:
    return _status_mb(pid, "VmHWM")


def _ray_workers(nodes: list[Any]) -> list[int]:
    """The nodes' Ray worker processes (``ray::...``): where the actors and read tasks run."""
    return [pid for node in nodes for pid in node.pids() if _cmdline(pid).startswith("ray::")]


def one_run(
    suite: Path, replies: Path, db: Path, env: dict[str, str], n: int, nodes: list[Any]
) -> tuple[float, float, float, float]:
    """(wall seconds, the driver's peak RSS MB, the largest of its private (anonymous) RSS sampled every half
    second, the largest peak RSS MB of one Ray worker process)."""
    cmd = [
        sys.executable, "-m", "overrefusal", "run", "--engine", "ray", "--model", f"replay/{replies}",
        "--suite", str(suite), "--judge", "rules", "--limit", "all", "--batch-size", "256",
        "--store", str(db), "--run-id", "ray", "--json",
    ]  # fmt: skip
    worker_peak: dict[int, float] = {}
    driver_anon = 0.0
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        p = subprocess.Popen(cmd, env=env, stdout=out, stderr=err, text=True)
        status = None
        while status is None:
            driver_anon = max(driver_anon, _status_mb(p.pid, "RssAnon"))
            for pid in _ray_workers(nodes):
                worker_peak[pid] = max(worker_peak.get(pid, 0.0), _peak_rss_mb(pid))
            # wait4 rather than Popen.wait: it hands back this child's own rusage (its peak RSS)
            got, code, usage = os.wait4(p.pid, os.WNOHANG)
            if got:
                status, driver_mb = code, usage.ru_maxrss / 1024
            else:
                time.sleep(0.5)
        p.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if p.returncode != 0:
        sys.exit(f"the Ray run failed ({p.returncode}): {stderr[-3000:]}")
    inv = json.loads(stdout)["this_invocation"]
    if inv["judged"] != n or inv["errors"]:
        sys.exit(f"the Ray run lost work: {inv}")
    return wall, driver_mb, driver_anon, max(worker_peak.values(), default=float("nan"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--prompts", type=int, default=5000)
    ap.add_argument("--nodes", type=int, choices=(1, 2), default=2, help="1: the one-node run only")
    args = ap.parse_args()
    n = args.prompts
    root = Path(tempfile.mkdtemp(prefix="orray-", dir="/tmp"))  # short: Ray's socket paths must fit 107 bytes
    suite, replies = write_inputs(root, n)
    port = free_port()
    address = f"127.0.0.1:{port}"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(p for p in (str(REPO / "src"), os.environ.get("PYTHONPATH")) if p),
        "RAY_USAGE_STATS_ENABLED": "0",
        "RAY_AUTH_MODE": "token",
        "RAY_AUTH_TOKEN": secrets.token_hex(32),
    }
    env.pop("RAY_AUTH_TOKEN_PATH", None)
    head, worker = RayNode(root / "h", True, env), RayNode(root / "w", False, env)
    print(f"load average at start {os.getloadavg()[0]:.2f}; {n:,} prompts, one CPU per node")
    try:
        head.start(None, port)
        driver_env = {**env, "RAY_ADDRESS": address}
        one, driver, anon, workers = one_run(suite, replies, root / "one.db", driver_env, n, [head])
        print(
            f"one node : {one:7.1f} s  {n / one:7.0f} prompts/s  driver peak RSS {driver:6.1f} MB (private {anon:6.1f} MB)"
            f"  largest Ray worker peak RSS {workers:6.1f} MB"
        )
        if args.nodes == 2:
            worker.start(address)
            two, driver, anon, workers = one_run(suite, replies, root / "two.db", driver_env, n, [head, worker])
            print(
                f"two nodes: {two:7.1f} s  {n / two:7.0f} prompts/s  driver peak RSS {driver:6.1f} MB (private {anon:6.1f} MB)"
                f"  largest Ray worker peak RSS {workers:6.1f} MB"
            )
            print(f"ratio two / one nodes: {one / two:.2f}  (same machine: the nodes share its cores)")
    finally:
        worker.kill()
        head.kill()
        shutil.rmtree(root, ignore_errors=True)
    print(f"load average at end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
