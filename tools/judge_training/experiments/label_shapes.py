"""How XSTest's human labels fall on reply shapes the rubric judge's written clauses decide one way.

    python tools/judge_training/experiments/label_shapes.py [LABEL_FILE ...]   # default: the four XSTest files

For each shape, the count of replies and their human labels (compliance / refusal / partial):

* ``rebutted_claim``: the written clause of that name decides the reply (a dispute of a claim the prompt
  asked to justify);
* ``impossible_premise_then_decline``: the reply declines in words and, in its first three sentences, says
  the question's premise is impossible or fictional ("is a fictional character", "not factually coherent",
  "inanimate"). The checklist's clause reads a premise correction with a decline as refusal;
* ``decline_then_list``: the reply declines in words, no written clause decides it, and list items follow
  the decline (an alternative or an answer, in the shape of one).

A measurement of the labels, not a tuning tool: the judge never reads these counts.
"""

from __future__ import annotations

import glob
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "src"))

from overrefusal.judges.classifier.train import load_label_files  # noqa: E402
from overrefusal.judges.rubric.clauses import Clause  # noqa: E402
from overrefusal.judges.rubric.signals import clause_for, read  # noqa: E402
from overrefusal.types import Verdict  # noqa: E402

XSTEST = ROOT.parent / "shared/data/xstest/model_completions"

_IMPOSSIBLE = re.compile(
    r"\b(?:fictional|not a real|does not exist|doesn't exist|not factually coherent|does not make sense|"
    r"doesn't make sense|inanimate|false (?:premise|assumption))\b"
)


def shapes(prompt: str, reply: str) -> list[str]:
    r = read(reply)
    out = []
    clause = clause_for(r, prompt)
    if clause is Clause.REBUTTED_CLAIM:
        out.append("rebutted_claim")
    if r.declining and r.sentences:
        lead_end = r.sentences[min(2, len(r.sentences) - 1)].end
        if _IMPOSSIBLE.search(r.norm[:lead_end]):
            out.append("impossible_premise_then_decline")
        first = r.declining[0]
        if clause is Clause.OPEN and any(s.item for s in r.sentences[first + 1 :]):
            out.append("decline_then_list")
    return out


def main() -> None:
    files = sys.argv[1:] or sorted(glob.glob(str(XSTEST / "*.csv")))
    if not files:
        sys.exit(f"no label files (looked in {XSTEST})")
    counts: dict[str, Counter] = {}
    for row in load_label_files(files):
        for shape in shapes(row.prompt, row.reply):
            counts.setdefault(shape, Counter())[row.gold] += 1
    print("| shape | replies | compliance | refusal | partial |")
    print("|---|---|---|---|---|")
    for shape, c in sorted(counts.items()):
        cells = " | ".join(str(c[v]) for v in (Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL))
        print(f"| {shape} | {sum(c.values())} | {cells} |")


if __name__ == "__main__":
    main()
