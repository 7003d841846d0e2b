"""A store with 1,000,000 records: insert, summarise, compare the SQL summary path with the row path.

Inserts one run of N synthetic prompts (begin_run), then N completions and N records through the bulk
ingest path (one transaction, as shards from Ray are ingested), then summarises the run:

* SQL path (what ``overrefusal report`` / ``api.summary`` use): SQLite counts records per label x category
  x verdict x filter-blocked, and the rates are computed from those counts;
* row path (the way summaries were computed before): every record read into Python objects, then counted.

Both must give the identical JSON object. Reported: time of each step and peak memory (Python heap by
tracemalloc, process resident set by getrusage).

    .venv/bin/python bench/store_scale.py [--records 1000000] [--skip-row-path]

Target: the summary of 1M records in < 10 s and < 1 GiB.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from overrefusal import api
from overrefusal.estimate.metrics import summarize_rows
from overrefusal.store import RunRecord, Store
from overrefusal.store.ingest import ingest_rows
from overrefusal.types import Label, Prompt, StyleSignals, Verdict

CATEGORIES = ["medicine", "security", "chemistry", "law", "fiction", "history", "mental_health", "sexual_health"]
VERDICTS = [Verdict.COMPLIANCE] * 6 + [Verdict.REFUSAL] * 2 + [Verdict.PARTIAL, Verdict.ERROR]


def rss_mib() -> float:
    """Peak resident set of this process so far, in MiB.

    /proc/self/status VmHWM where there is one: getrusage's ru_maxrss survives exec on Linux, so a child
    started by a process holding 600 MiB would report at least that much however little it used."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(fn: Callable[[], Any]) -> tuple[Any, float, float]:
    """(result, seconds, peak Python heap MiB during the call)."""
    tracemalloc.start()
    t = time.perf_counter()
    out = fn()
    wall = time.perf_counter() - t
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return out, wall, peak


def shard_rows(n: int, rng: random.Random) -> Iterator[dict[str, Any]]:
    signals = json.dumps(StyleSignals(length=120).to_dict())
    for i in range(n):
        v = rng.choice(VERDICTS)
        yield {
            "run_id": "scale",
            "prompt_id": f"p{i}",
            "judge_id": "rules@1",
            "cache_key": f"k{i}",
            "completion_uid": f"u{i}",
            "cached_completion_id": None,
            "text": "I can't help with that." if v is Verdict.REFUSAL else "Sure, here is how to do it.",
            "model_text": None,
            "finish_reason": "stop",
            "prompt_tokens": 20,
            "completion_tokens": 30,
            "latency_s": 0.5,
            "error": "HTTP 503" if v is Verdict.ERROR else None,
            "blocked_by": "keyword:1" if rng.random() < 0.05 else None,
            "verdict": v.value,
            "confidence": 0.9,
            "evidence_json": "[]",
            "signals_json": signals,
            "judge_error": None,
        }


def summarize(path: Path, which: str) -> None:
    """Child process: summarise the stored run one way and print JSON (time, heap, peak RSS, summary)."""
    with Store(path) as store:
        rss_start = rss_mib()
        if which == "sql":
            out, wall, heap = measure(lambda: api.summary("scale", store=store))
            out = {k: out[k] for k in ("benign", "harmful", "by_category")}
        else:
            out, wall, heap = measure(lambda: summarize_rows(store.results("scale", "rules@1")))
        print(
            json.dumps(
                {"wall_s": wall, "heap_mib": heap, "rss_mib": rss_mib(), "rss_start_mib": rss_start, "summary": out}
            )
        )


def child(path: Path, which: str) -> dict[str, Any]:
    """Run :func:`summarize` in a fresh process, so that its peak RSS is the summary's alone (the insert
    step's high-water mark would otherwise hide it), as ``overrefusal report`` runs in its own process."""
    p = subprocess.run(
        [sys.executable, __file__, "--summarize", which, "--store", str(path)], capture_output=True, text=True
    )
    if p.returncode != 0:
        sys.exit(f"{which} summary failed: {p.stderr[-3000:]}")
    return json.loads(p.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--records", type=int, default=1_000_000)
    ap.add_argument("--skip-row-path", action="store_true", help="Do not time the row path (it is the slow one).")
    ap.add_argument("--store", default=None, help="SQLite file (default: a new temporary one).")
    ap.add_argument("--summarize", choices=["sql", "rows"], default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.summarize:
        summarize(Path(args.store), args.summarize)
        return
    n = args.records
    path = Path(args.store) if args.store else Path(tempfile.mkdtemp(prefix="or-scale-")) / "scale.db"
    rng = random.Random(0)
    with Store(path) as store:
        prompts = [
            Prompt(
                f"p{i}",
                f"synthetic prompt number {i}",
                Label.BENIGN if i % 2 == 0 else Label.HARMFUL,
                category=CATEGORIES[i % len(CATEGORIES)],
                pair_id=f"x{i // 2}",
            )
            for i in range(n)
        ]
        record = RunRecord(
            run_id="scale",
            suite_name="synthetic",
            suite_version="v1",
            deployment_id="d",
            deployment={"model": "synthetic/m"},
            generation={},
            judge_id="rules@1",
            provenance={},
        )
        t = time.perf_counter()
        store.begin_run(record, prompts)
        t_prompts = time.perf_counter() - t
        del prompts
        t = time.perf_counter()
        report = ingest_rows(store, shard_rows(n, rng), source="synthetic")
        t_insert = time.perf_counter() - t
        assert report.results_written == n, report
    size_mib = path.stat().st_size / 2**20
    print(f"records: {n:,}   store file: {size_mib:,.0f} MiB ({path})")
    print(
        f"insert : run + {n:,} prompts {t_prompts:6.1f} s; {n:,} completions + records (ingest, one "
        f"transaction) {t_insert:6.1f} s = {n / t_insert:,.0f} records/s"
    )
    sql = child(path, "sql")
    print(
        f"summary, SQL path (api.summary)                 : {sql['wall_s']:6.2f} s, peak Python heap "
        f"{sql['heap_mib']:7.1f} MiB, process peak RSS {sql['rss_mib']:7.1f} MiB "
        f"(of which {sql['rss_start_mib']:.0f} MiB before summarising: interpreter + imports)"
    )
    if not args.skip_row_path:
        rows = child(path, "rows")
        print(
            f"summary, row path (store.results + summarize_rows): {rows['wall_s']:6.2f} s, peak Python heap "
            f"{rows['heap_mib']:7.1f} MiB, process peak RSS {rows['rss_mib']:7.1f} MiB"
        )
        same = json.dumps(sql["summary"]) == json.dumps(rows["summary"])
        print(f"SQL path == row path (identical JSON): {same}; SQL path {rows['wall_s'] / sql['wall_s']:.1f}x faster")
    b = sql["summary"]["benign"]
    print(
        f"benign n={b['n']:,} errors={b['errors']:,} any_refusal={b['any_refusal']['value']:.4f} "
        f"[{b['any_refusal']['low']:.4f}, {b['any_refusal']['high']:.4f}]"
    )
    ok = sql["wall_s"] < 10 and sql["rss_mib"] < 1024
    print(f"target (summary of {n:,} records in < 10 s and < 1 GiB): {'met' if ok else 'NOT met'}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
