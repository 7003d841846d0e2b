"""What telling a reply's language costs, beside what judging it costs, on XSTest's 1,800 human-labelled replies.

    .venv/bin/python bench/judges/language_id.py [--passes 3] [--json]

For each pass it times, in CPU seconds of this process (wall clock swings with load on a shared machine):
language identification of every reply (:func:`overrefusal.judges.language.abstention.unread_language`, the work the
gate adds before a judge), and the rules, rubric and classifier judges on the same replies through their
batched ``judge``. The best pass of each is kept; the script prints microseconds per reply and the gate's cost
as a share of each judge's. It also prints the share of these English replies the gate would call foreign
(false abstention; it should be 0).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "src"))

from overrefusal.judges import create_judge  # noqa: E402
from overrefusal.judges.evaluation.evaluate import item_for  # noqa: E402
from overrefusal.judges.labels import read_labelled  # noqa: E402
from overrefusal.judges.language.abstention import SHIPPED_LANGUAGES, unread_language  # noqa: E402

LABELS = (REPO / "../shared/data/xstest/model_completions").resolve()


def best_cpu(work, passes: int) -> float:
    work()  # warm-up
    times = []
    for _ in range(passes):
        c0 = time.process_time()
        work()
        times.append(time.process_time() - c0)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    files = sorted(LABELS.glob("xstest_v2_completions_*.csv"))
    if not files:
        sys.exit(f"the XSTest completion files are not at {LABELS}")
    items = [item_for(r) for f in files for r in read_labelled(f)]
    texts = [c.text for _, c in items]
    n = len(texts)

    flagged = sum(unread_language(t, SHIPPED_LANGUAGES) is not None for t in texts)
    detect = best_cpu(lambda: [unread_language(t, SHIPPED_LANGUAGES) for t in texts], args.passes)
    out = {
        "replies": n,
        "false_abstention": flagged / n,
        "language_id_us_per_reply": 1e6 * detect / n,
        "judges": {},
    }
    for name in ("rules", "rubric", "classifier"):
        judge = create_judge(name)
        seconds = best_cpu(lambda j=judge: asyncio.run(j.judge(items)), args.passes)
        out["judges"][name] = {
            "us_per_reply": 1e6 * seconds / n,
            "language_id_share_of_judging": detect / seconds if seconds else float("nan"),
        }
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{n} XSTest replies; false abstention {flagged} ({out['false_abstention']:.2%})")
    print(f"language identification: {out['language_id_us_per_reply']:.1f} us/reply (CPU, best of {args.passes})")
    for name, m in out["judges"].items():
        print(
            f"  {name:10} judging {m['us_per_reply']:8.1f} us/reply; "
            f"language id adds {m['language_id_share_of_judging']:.1%} of it"
        )


if __name__ == "__main__":
    main()
