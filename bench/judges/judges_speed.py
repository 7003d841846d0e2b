"""Replies judged per second by the rules, classifier and rubric judges, side by side, on XSTest replies.

    .venv/bin/python bench/judges/judges_speed.py [--passes 3] [--json] [--encoder DIR] [--threads 2] [--threshold T]

The ``encoder`` judge and the ``classifier+encoder`` cascade (at the encoder's default threshold) are
measured too when their weights exist (shipped, or ``--encoder DIR``) and onnxruntime is installed;
for the cascade the share of replies escalated to the encoder is reported.

Every pass judges all 1,800 human-labelled XSTest replies (their real lengths: median ~600 characters)
through the judges' batched ``judge`` method, in one process, after a warm-up. Both wall-clock and
process CPU time are reported: on a shared, loaded machine wall-clock rates swing with the load,
while CPU-time rates say what the code costs. The best pass is reported for each (the least disturbed).
Targets: rules >= 20,000 replies/s, classifier >= 200 replies/s, rubric >= 400 replies/s (CPU).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "src"))

from overrefusal.errors import UserError  # noqa: E402
from overrefusal.judges import create_judge  # noqa: E402
from overrefusal.judges.evaluation.evaluate import item_for  # noqa: E402
from overrefusal.judges.labels import read_labelled  # noqa: E402

LABELS = (REPO / "../shared/data/xstest/model_completions").resolve()


def items():
    files = sorted(LABELS.glob("xstest_v2_completions_*.csv"))
    if not files:
        sys.exit(f"the XSTest completion files are not at {LABELS}")
    return [item_for(r) for f in files for r in read_labelled(f)]


def measure(judge, batch, passes: int) -> dict:
    asyncio.run(judge.judge(batch[:50]))  # warm-up: compile patterns, load weights
    walls, cpus = [], []
    for _ in range(passes):
        w0, c0 = time.perf_counter(), time.process_time()
        out = asyncio.run(judge.judge(batch))
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
        assert len(out) == len(batch)
    n = len(batch)
    return {
        "judge": judge.id,
        "n": n,
        "passes": passes,
        "replies_per_second_wall": round(n / min(walls), 1),
        "replies_per_second_cpu": round(n / min(cpus), 1),
        "median_wall_s": round(statistics.median(walls), 3),
        **(
            {"escalated_share": round(judge.escalated / n, 4)}  # the same every pass: the last one's
            if hasattr(judge, "escalated")
            else {}
        ),
    }


def encoder_judges(model_dir: str | None, threads: int, threshold: float | None = None) -> dict:
    """The encoder and the cascade, or nothing (with the reason on stderr) where they cannot be made."""
    opts = {"threads": threads}
    try:
        return {
            "encoder": create_judge("encoder", **opts, **({"model": model_dir} if model_dir else {})),
            "classifier+encoder": create_judge(
                "classifier+encoder",
                **opts,
                **({"encoder": model_dir} if model_dir else {}),
                **({"threshold": threshold} if threshold is not None else {}),
            ),
        }
    except UserError as exc:
        print(f"encoder judges left out: {exc}", file=sys.stderr)
        return {}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--encoder", help="encoder model directory (default: the shipped one, if any)")
    ap.add_argument("--threads", type=int, default=2, help="onnxruntime intra-op threads for the encoder")
    ap.add_argument("--threshold", type=float, help="the cascade's threshold (default: the encoder's own)")
    args = ap.parse_args()
    batch = items()
    lengths = sorted(len(c.text) for _, c in batch)
    judges = {name: create_judge(name) for name in ("rules", "classifier", "rubric")}
    judges.update(encoder_judges(args.encoder, args.threads, args.threshold))
    results = {name: measure(judge, batch, args.passes) for name, judge in judges.items()}
    if args.json:
        print(json.dumps({"median_reply_chars": lengths[len(lengths) // 2], "results": results}, indent=2))
        return
    print(f"{len(batch)} XSTest replies, median {lengths[len(lengths) // 2]} characters, best of {args.passes} passes")
    print(f"{'judge':28} {'replies/s (wall)':>17} {'replies/s (CPU)':>16}  target")
    targets = {"rules": 20_000, "classifier": 200, "rubric": 400}
    for name, r in results.items():
        target = f">= {targets[name]:,}" if name in targets else ""
        label = r["judge"] if name in targets else name  # the composite ids are long: printed below
        print(f"{label:28} {r['replies_per_second_wall']:17,.0f} {r['replies_per_second_cpu']:16,.0f}  {target}")
    for name, r in results.items():
        if name not in targets:
            more = f", escalated {r['escalated_share']:.1%}" if "escalated_share" in r else ""
            print(f"  {name} = {r['judge']}{more}")
    ratio = results["rules"]["replies_per_second_cpu"] / max(1e-9, results["classifier"]["replies_per_second_cpu"])
    print(f"rules is {ratio:.1f}x faster than classifier (CPU time)")


if __name__ == "__main__":
    main()
