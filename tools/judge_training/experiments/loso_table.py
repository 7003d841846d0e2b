"""Markdown table of a leave-one-source-out result next to a baseline (for the READMEs).

overrefusal judge-eval --leave-one-source-out --labels ../shared/data/xstest/model_completions/*.csv --json > new.json
overrefusal judge-eval --leave-one-source-out --baseline-v2 --labels ... --json > old.json
python tools/judge_training/experiments/loso_table.py new.json old.json
"""

from __future__ import annotations

import json
import sys
from typing import Any


def _short(name: str) -> str:
    return name.replace("xstest_v2_completions_", "xstest ").replace(".csv", "")


def _cell(x: Any, fmt: str = "{:.2f}") -> str:
    return "-" if x is None else fmt.format(x)


def table(new: dict[str, Any], old: dict[str, Any]) -> str:
    lines = [
        "| held-out source | n | 3-class | binary | partial R / P | ECE | rate error (points) | classifier@2 3-class |",
        "|---|---|---|---|---|---|---|---|",
    ]
    names = list(new["files"]) + ["pooled"]
    for name in names:
        m = new["overall"] if name == "pooled" else new["files"][name]
        b = old["overall"] if name == "pooled" else old["files"].get(name)
        pc = m["per_class"]["partial_refusal"]
        has_partial = sum(m["confusion"][2]) > 0
        partial = f"{pc['recall']:.2f} / {pc['precision']:.2f}" if has_partial else "-"
        err = m.get("rate_error_points")
        rate = "-" if err is None else f"{err:+.1f}" + ("" if m.get("rate_population") == "benign" else " (all)")
        label = f"**{name}**" if name == "pooled" else _short(name)
        lines.append(
            f"| {label} | {m['n']} | {m['accuracy_3class']:.3f} | {m['accuracy_binary']:.3f} | {partial} | "
            f"{m['ece']:.3f} | {rate} | {_cell(b['accuracy_3class'] if b else None, '{:.3f}')} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f_new, open(sys.argv[2], encoding="utf-8") as f_old:
        print(table(json.load(f_new), json.load(f_old)))
