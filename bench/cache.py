"""A repeated run makes zero generation calls: counted on the llama.cpp server (its access log) and by
the engine (``this_invocation``), through the real command line.

    .venv/bin/python bench/cache.py [--prompts 8] [--max-tokens 16]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import llama_server  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--prompts", type=int, default=8)
    ap.add_argument("--max-tokens", type=int, default=16)
    args = ap.parse_args()
    store = Path(tempfile.mkdtemp(prefix="or-cache-")) / "s.db"
    with llama_server() as server:
        base = [
            "run",
            "--model",
            f"openai/{server.model}",
            "--base-url",
            server.base_url,
            "--suite",
            "core",
            "--limit",
            str(args.prompts),
            "--max-tokens",
            str(args.max_tokens),
            "--concurrency",
            "4",
            "--json",
            "--store",
            str(store),
        ]
        steps = [
            ("first run", []),
            ("same command again (resume)", []),
            ("new --run-id, same settings (cache)", ["--run-id", "again"]),
            ("new --run-id with --no-cache", ["--run-id", "fresh", "--no-cache"]),
        ]
        print(
            f"{'step':40} {'server requests':>16} {'engine generated':>17} {'from cache':>11} {'already done':>13} {'wall s':>7}"
        )
        for name, extra in steps:
            before = server.chat_requests()
            t = time.perf_counter()
            p = subprocess.run([sys.executable, "-m", "overrefusal", *base, *extra], capture_output=True, text=True)
            wall = time.perf_counter() - t
            if p.returncode != 0:
                sys.exit(f"{name} failed: {p.stderr}")
            inv = json.loads(p.stdout)["this_invocation"]
            time.sleep(0.5)  # let the server flush its access log
            print(
                f"{name:40} {server.chat_requests() - before:>16} {inv['generated']:>17} {inv['from_cache']:>11} "
                f"{inv['already_done']:>13} {wall:>7.1f}"
            )


if __name__ == "__main__":
    main()
