"""Rebuild the rubric judge's shipped weights (needs numpy and scipy: the ``train`` extra).

    python tools/judge_training/compose_rubric.py          # the judge's own replies (deterministic)
    python tools/judge_training/train_rubric.py            # -> src/overrefusal/judges/rubric/weights.json
    python tools/judge_training/train_rubric.py --loso OUT.json   # leave-one-source-out instead

Data: the four XSTest completion files (read from ../shared/data/xstest/model_completions/, never
copied), the public sources and the hand-written replies shipped in judges/training/ (see its README).
Same data, same weights, byte for byte.
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

from overrefusal.judges.rubric.judge import dump_weights  # noqa: E402
from overrefusal.judges.rubric.train import leave_one_source_out, load_rows, train_weights  # noqa: E402

XSTEST = ROOT.parent / "shared/data/xstest/model_completions"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--labels", nargs="*", default=None, help="label files (default: the four XSTest files)")
    parser.add_argument("--out", default=str(ROOT / "src/overrefusal/judges/rubric/weights.json"))
    parser.add_argument("--loso", metavar="OUT_JSON", default=None, help="run leave-one-source-out, write its JSON")
    args = parser.parse_args()
    files = args.labels if args.labels is not None else sorted(glob.glob(str(XSTEST / "*.csv")))
    if not files:
        sys.exit(f"no label files (looked in {XSTEST})")
    if args.loso:
        result = leave_one_source_out(files, progress=lambda m: print(m, file=sys.stderr))
        Path(args.loso).write_text(json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {args.loso}")
        return
    obj = train_weights(load_rows(files))
    data = dump_weights(obj)
    Path(args.out).write_bytes(data)
    print(f"wrote {args.out} ({len(data)} bytes, sha256 {hashlib.sha256(data).hexdigest()[:16]})")
    print(json.dumps(obj["meta"], indent=1))


if __name__ == "__main__":
    main()
