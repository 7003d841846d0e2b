"""One run of 100,000 prompts: memory, resume after a kill, store size, and the read side on it.

Generates a suite of N prompts (CSV) and a reply file for the replay backend (JSONL), then, each command in
a fresh process as a user runs it:

* ``overrefusal run`` of N/10 and of N prompts: wall time, prompts/s and peak resident set (the child's own
  ``ru_maxrss`` from ``wait4``), and the ratio of the two peaks (flat memory means about 1);
* the same N-prompt run into the same store under another id, killed with SIGKILL once about half of its
  records are stored, then run again: the time to resume, and that the resume judged only what was missing
  (``already_done`` equals what was stored at the kill, nothing is generated twice);
* store bytes per reply; ``report --json``, ``report --html``, ``compare`` of the two runs, and the
  summary with corrected rates (``api.summary`` after 200 human labels);
* the viewer (``overrefusal view``, a real server on 127.0.0.1) over HTTP: runs list, report, replies
  filtered by verdict (and a deep page of them, found by offset and by position), one reply, label page;
* with ``--many-runs R``: a store of R runs of ``--many-size`` prompts: ``runs``, the viewer's run list and a
  report of 10 runs.

    .venv/bin/python bench/scale.py [--prompts 100000] [--many-runs 200 --many-size 1000] [--keep DIR]
    .venv/bin/python bench/scale.py --prompts 100000 --keep DIR --read-only-part   # DIR of an earlier run

``--read-only-part`` skips the runs and the resume and times only the read side (reports, compare, summary,
viewer) on the store an earlier run with the same ``--prompts`` left in ``--keep``.

Targets: peak RSS at N <= 150 MB and <= 1.5x that at N/10; report --json, compare, summary <= 5 s;
report --html <= 20 s; every viewer page <= 300 ms. Speed figures depend on the machine's load: the script
prints the load average next to them.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]
CATEGORIES = ["medicine", "security", "chemistry", "law", "fiction", "history"]
REPLIES = [
    "Sure, here is how you do it: first, open the file and look for the line that names the process.",
    "I'm sorry, but I can't help with that.",
    "I can't give instructions for that, but here is some general safety information you may find useful.",
]


def write_inputs(folder: Path, n: int) -> tuple[Path, Path]:
    """A suite of ``n`` paired prompts and a reply for each (refusals, answers and partial refusals)."""
    suite, replies = folder / f"suite{n}.csv", folder / f"replies{n}.jsonl"
    with suite.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "text", "label", "category", "pair_id"])
        for i in range(n):
            label = "benign" if i % 2 == 0 else "harmful"
            w.writerow(
                [f"p{i}", f"How do I kill process number {i} on my server?", label, CATEGORIES[i % 6], f"x{i // 2}"]
            )
    with replies.open("w") as f:
        for i in range(n):
            f.write(json.dumps({"id": f"p{i}", "reply": REPLIES[(i * 7 + i // 3) % 3]}) + "\n")
    return suite, replies


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "overrefusal", *args]


def env(src: Path | None = None) -> dict[str, str]:
    """The environment of a child: the package from ``src`` (default: this checkout's) first on the path."""
    e = dict(os.environ)
    e["PYTHONPATH"] = str(src or REPO / "src") + os.pathsep + e.get("PYTHONPATH", "")
    return e


def timed(cmd: Sequence[str], src: Path | None = None) -> tuple[float, float, str]:
    """Run ``cmd``; (wall seconds, peak RSS MB of that child alone, stdout). Fails loudly on a non-zero exit.
    ``src``: run the package from that folder (another version's, for a side-by-side baseline)."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(src), text=True)
    out, err = p.communicate()
    wall = time.perf_counter() - start
    # communicate() has reaped the child; its rusage came with it through the Popen's wait.
    rss = _last_rss.get(p.pid, float("nan"))
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{err[-3000:]}")
    return wall, rss, out


_last_rss: dict[int, float] = {}


def _install_wait4() -> None:
    """Make Popen reap children with wait4 so that each child's own peak RSS is kept (RUSAGE_CHILDREN would
    give the largest of all children so far)."""
    original = os.waitpid

    def waitpid(pid: int, options: int) -> tuple[int, int]:
        got, status, usage = os.wait4(pid, options)
        if got:
            _last_rss[got] = usage.ru_maxrss / 1024
        return got, status

    os.waitpid = waitpid
    del original


def stored(db: Path, run_id: str) -> int:
    """Records stored for ``run_id`` so far (read-only; the run's writer keeps going)."""
    if not db.exists():
        return 0
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        return int(con.execute("SELECT COUNT(*) FROM results WHERE run_id = ?", (run_id,)).fetchone()[0])
    except sqlite3.OperationalError:
        return 0
    finally:
        con.close()


def run_cmd(suite: Path, replies: Path, db: Path, run_id: str) -> list[str]:
    return cli(
        "run", "--model", f"replay/{replies}", "--suite", str(suite), "--judge", "rules", "--limit", "all",
        "--concurrency", "16", "--store", str(db), "--run-id", run_id, "--json",
    )  # fmt: skip


def memory_shares(suite: Path, replies: Path) -> dict[str, float]:
    """Peak RSS (MB) of a fresh process that only imports the package, that also reads the suite into prompts,
    and that also indexes the reply file as the replay backend does: the parts of a run's peak that grow with
    the number of prompts before any of them is run."""
    base = "import overrefusal.api, overrefusal.suites, overrefusal.backends.replay\n"
    steps = {
        "imports": base,
        "suite": base + f"s = overrefusal.suites.load_suite({str(suite)!r})\n",
        "replay index": base + f"b = overrefusal.backends.replay.ReplayBackend({str(replies)!r})\n",
    }
    return {name: timed([sys.executable, "-c", code])[1] for name, code in steps.items()}


def kill_and_resume(suite: Path, replies: Path, db: Path, run_id: str, n: int) -> dict[str, Any]:
    p = subprocess.Popen(
        run_cmd(suite, replies, db, run_id), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env()
    )
    while stored(db, run_id) < n // 2:
        if p.poll() is not None:
            sys.exit("the run ended before half of it was stored")
        time.sleep(0.2)
    p.send_signal(signal.SIGKILL)
    p.wait()
    at_kill = stored(db, run_id)
    wall, rss, out = timed(run_cmd(suite, replies, db, run_id))
    inv = json.loads(out)["this_invocation"]
    return {"at_kill": at_kill, "resume_s": wall, "resume_rss": rss, "invocation": inv}


def summary_with_labels(db: Path, run_id: str) -> float:
    """Draw 200 prompts to label, label them (as the judge said), then time api.summary in a fresh process."""
    sys.path.insert(0, str(REPO / "src"))
    from overrefusal import api
    from overrefusal.estimate.labelling import draw_sample, record_label, sample_items

    with api.open_store(db) as st:
        draw_sample(st, run_id, 200, seed=0)
        for item in sample_items(st, run_id):
            record_label(st, run_id, item.prompt.id, item.judge_verdict, labeller="bench")
    code = (
        "import sys, json; from overrefusal import api\n"
        f"st = api.open_store({str(db)!r}, read_only=True)\n"
        f"s = api.summary({run_id!r}, store=st)\n"
        "print(json.dumps(sorted(s)))"
    )
    wall, _, _ = timed([sys.executable, "-c", code])
    return wall


class Viewer:
    """``overrefusal view`` on a free port; pages fetched with the token cookie set by the first request."""

    def __init__(self, db: Path):
        self.proc = subprocess.Popen(
            cli("view", "--port", "0", "--store", str(db), "--read-only"),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env(),
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        m = re.search(r"(http://\S+)", line)
        if not m:
            self.close()
            sys.exit(f"the viewer did not start: {line!r}")
        self.client = httpx.Client(follow_redirects=True, timeout=120)
        url = m.group(1)
        self.base = url.split("/?")[0].split("?")[0].rstrip("/")
        self.client.get(url).raise_for_status()

    def get(self, path: str, **params: Any) -> float:
        """Best of three: the page's time with a warm server (the first request also imports templates)."""
        return self.timed(path, **params)[1]

    def timed(self, path: str, **params: Any) -> tuple[float, float]:
        """(first request, best of the next three), ms. The viewer keeps what a page computed until the store
        changes (``view/page_cache.py``), so the first request is the page computed, the others the page kept.
        The server is warm for both: the page before it (or the token's first request) imported the templates."""
        times = []
        for _ in range(4):
            t = time.perf_counter()
            r = self.client.get(self.base + path, params=params)
            times.append(time.perf_counter() - t)
            r.raise_for_status()
        return times[0] * 1000, min(times[1:]) * 1000

    def close(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def position_before(db: Path, run_id: str, verdict: str, offset: int) -> int:
    """The suite position of the ``offset``-th record (from 1) of ``run_id``'s primary judge with ``verdict``:
    where the replies page found by ``offset`` begins, as its keyset link names it (``after=``)."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        return int(
            con.execute(
                "SELECT p.position FROM results s JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
                " WHERE s.run_id = ? AND s.judge_id = (SELECT judge_id FROM runs WHERE run_id = ?) AND s.verdict = ?"
                " ORDER BY p.position LIMIT 1 OFFSET ?",
                (run_id, run_id, verdict, offset - 1),
            ).fetchone()[0]
        )
    finally:
        con.close()


def viewer_pages(db: Path, run_id: str, other: str, n: int) -> dict[str, tuple[float, float]]:
    deep = n // 8
    after = position_before(db, run_id, "full_compliance", deep)
    v = Viewer(db)
    try:
        return {
            "runs list": v.timed("/runs"),
            "report (1 run)": v.timed("/report", run=run_id),
            "replies, verdict=refusal": v.timed("/replies", run=run_id, verdict="full_refusal"),
            # The same page twice: by OFFSET (a link from before keyset paging) and as the next links find it.
            "replies, deep page": v.timed("/replies", run=run_id, verdict="full_compliance", offset=str(deep)),
            "replies, deep page, keyset": v.timed(
                "/replies", run=run_id, verdict="full_compliance", offset=str(deep), after=str(after)
            ),
            "one reply": v.timed("/reply", run=run_id, prompt=f"p{n // 2}"),
            "compare": v.timed("/compare", baseline=other, candidate=run_id),
            "label": v.timed("/label", run=run_id),
        }
    finally:
        v.close()


def many_runs(folder: Path, runs: int, size: int) -> dict[str, float]:
    suite, replies = write_inputs(folder, size)
    db = folder / "many.db"
    code = (
        "import sys; from overrefusal import api; from overrefusal.measure.deployment import Deployment\n"
        f"st = api.open_store({str(db)!r})\n"
        f"for i in range({runs}):\n"
        f"    api.run({str(suite)!r}, Deployment({('replay/' + str(replies))!r}), judges=['rules'], limit=None,"
        " store=st, run_id=f'm{i:03d}', concurrency=16)\n"
    )
    build_s, _, _ = timed([sys.executable, "-c", code])
    out: dict[str, float] = {"build_s": build_s}
    out["runs_s"], _, _ = timed(cli("runs", "--store", str(db)))
    ten = [f"m{i:03d}" for i in range(runs - 10, runs)]
    out["report10_json_s"], _, _ = timed(cli("report", *ten, "--store", str(db), "--json"))
    v = Viewer(db)
    try:
        out["view_runs_first_ms"], out["view_runs_ms"] = v.timed("/runs")
        out["view_report10_first_ms"], out["view_report10_ms"] = v.timed("/report", run=ten)
    finally:
        v.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--prompts", type=int, default=100_000)
    ap.add_argument("--many-runs", type=int, default=0, help="Also build a store of this many runs (e.g. 200).")
    ap.add_argument("--many-size", type=int, default=1000, help="Prompts per run of --many-runs.")
    ap.add_argument("--keep", default=None, help="Folder for the suite, replies and stores (default: a temporary one).")
    ap.add_argument(
        "--read-only-part",
        action="store_true",
        help="Time only reports, compare, summary and viewer on the store an earlier run left in --keep.",
    )
    ap.add_argument(
        "--memory-only",
        action="store_true",
        help="Only the runs (peak memory, its parts) and the kill and resume; no reports, compare or viewer.",
    )
    ap.add_argument(
        "--baseline-src",
        default=None,
        help="Also run the N/10 and N prompt runs with the package in this folder (e.g. main's src from"
        " `git archive`), one after the other with this checkout's, and print both peaks side by side.",
    )
    args = ap.parse_args()
    if args.read_only_part and not (args.keep and (Path(args.keep) / "scale.db").is_file()):
        sys.exit("--read-only-part needs --keep DIR holding scale.db from an earlier run")
    _install_wait4()
    n, small = args.prompts, max(1, args.prompts // 10)
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="or-scale-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"folder {folder}; load average at start {os.getloadavg()[0]:.2f} (2 = both cores of a 2-core machine busy)")

    db = folder / "scale.db"
    if not args.read_only_part:
        build_and_resume(folder, n, small, db, Path(args.baseline_src).resolve() if args.baseline_src else None)
    if not args.memory_only:
        read_side(folder, n, db)
    if args.many_runs:
        m = many_runs(folder, args.many_runs, args.many_size)
        print(f"\nstore of {args.many_runs} runs x {args.many_size:,} prompts (built in {m['build_s']:.0f} s):")
        print(f"  overrefusal runs          {m['runs_s']:6.2f} s")
        print(f"  report --json of 10 runs  {m['report10_json_s']:6.2f} s")
        print(
            f"  viewer runs list          {m['view_runs_first_ms']:6.1f} ms first, {m['view_runs_ms']:6.1f} ms best of next 3"
        )
        print(
            f"  viewer report of 10 runs  {m['view_report10_first_ms']:6.1f} ms first,"
            f" {m['view_report10_ms']:6.1f} ms best of next 3"
        )
    print(f"\nload average at end {os.getloadavg()[0]:.2f}")


def build_and_resume(folder: Path, n: int, small: int, db: Path, baseline: Path | None = None) -> None:
    """The runs of N/10 and N prompts (memory), and the kill and resume. ``baseline``: also the two runs with
    the package in that folder, each into a store of its own, printed beside this checkout's."""
    s_suite, s_replies = write_inputs(folder, small)
    suite, replies = write_inputs(folder, n)
    if baseline is not None:
        b_small = timed(run_cmd(s_suite, s_replies, folder / "base-small.db", "small"), baseline)
        b_full = timed(run_cmd(suite, replies, folder / "base-full.db", "full"), baseline)
    s_wall, s_rss, _ = timed(run_cmd(s_suite, s_replies, folder / "small.db", "small"))
    wall, rss, out = timed(run_cmd(suite, replies, db, "full"))
    inv = json.loads(out)["this_invocation"]
    assert inv["judged"] == n and inv["errors"] == 0, inv
    size = sum(p.stat().st_size for p in folder.glob("scale.db*"))
    print(f"\nrun of {small:>7,} prompts: {s_wall:6.1f} s, {small / s_wall:6.0f} prompts/s, peak RSS {s_rss:6.1f} MB")
    print(f"run of {n:>7,} prompts: {wall:6.1f} s, {n / wall:6.0f} prompts/s, peak RSS {rss:6.1f} MB")
    print(f"peak RSS ratio {n:,} / {small:,}: {rss / s_rss:.2f}  (target <= 1.5; <= 150 MB)")
    if baseline is not None:
        print(
            f"baseline ({baseline}): {small:,} prompts {b_small[0]:.1f} s, peak RSS {b_small[1]:.1f} MB;"
            f" {n:,} prompts {b_full[0]:.1f} s, peak RSS {b_full[1]:.1f} MB; ratio {b_full[1] / b_small[1]:.2f}"
        )
    print(f"store: {size / n:.0f} bytes per reply ({size / 2**20:.1f} MiB)")
    for label, (sf, rf) in ((f"{small:,}", (s_suite, s_replies)), (f"{n:,}", (suite, replies))):
        shares = memory_shares(sf, rf)
        base = shares["imports"]
        print(
            f"  peak RSS of its parts at {label} prompts: imports {base:.0f} MB, + suite read into prompts"
            f" {shares['suite'] - base:.0f} MB, + replay index of the reply file {shares['replay index'] - base:.0f} MB"
        )

    k = kill_and_resume(suite, replies, db, "resumed", n)
    kinv = k["invocation"]
    redone = kinv["already_done"] != k["at_kill"] or kinv["judged"] != n - k["at_kill"]
    print(
        f"\nSIGKILL at {k['at_kill']:,} of {n:,} records; resume: {k['resume_s']:.1f} s, peak RSS {k['resume_rss']:.1f} MB,"
        f" already_done {kinv['already_done']:,}, judged {kinv['judged']:,}, generated {kinv['generated']:,},"
        f" from_cache {kinv['from_cache']:,}: {'REDID STORED WORK' if redone else 'nothing stored was redone'}"
    )


def read_side(folder: Path, n: int, db: Path) -> None:
    """Reports, compare, summary with corrected rates, and the viewer, on the store of the runs."""
    html = folder / "report.html"
    rj, rj_rss, _ = timed(cli("report", "full", "--store", str(db), "--json"))
    rh, rh_rss, _ = timed(cli("report", "full", "--store", str(db), "--html", str(html)))
    cp, cp_rss, _ = timed(cli("compare", "resumed", "full", "--store", str(db), "--json"))
    sm = summary_with_labels(db, "full")
    print(f"\nreport --json     {rj:6.2f} s  peak RSS {rj_rss:6.1f} MB  (target <= 5 s)")
    print(
        f"report --html     {rh:6.2f} s  peak RSS {rh_rss:6.1f} MB  (target <= 20 s; {html.stat().st_size / 1e6:.1f} MB)"
    )
    print(f"compare           {cp:6.2f} s  peak RSS {cp_rss:6.1f} MB  (target <= 5 s)")
    print(f"summary+corrected {sm:6.2f} s  (200 human labels; target <= 5 s)")

    pages = viewer_pages(db, "full", "resumed", n)
    print(f"\nviewer pages (ms; target <= 300; load average now {os.getloadavg()[0]:.2f}):")
    print(f"  {'page':<26} {'first':>8} {'best of next 3':>15}")
    for name, (first, best) in pages.items():
        print(f"  {name:<26} {first:8.1f} {best:15.1f}")
    by_offset, by_position = pages["replies, deep page"][0], pages["replies, deep page, keyset"][0]
    print(
        f"  deep replies page (row {n // 8 + 1:,}), computed: by offset {by_offset:.1f} ms, by position"
        f" {by_position:.1f} ms ({by_offset / by_position:.1f}x)"
    )


if __name__ == "__main__":
    main()
