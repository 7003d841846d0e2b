"""The rubric trainer's settings (:class:`RubricConfig`) one at a time, each scored as the default judge is chosen:
held out by source and by prompt (as ``judge-eval --select``), on every human-labelled source's three rates.

    PYTHONPATH=src .venv/bin/python tools/judge_training/experiments/rubric_training_sweep.py run OUT.json [--jobs 2]
    PYTHONPATH=src .venv/bin/python tools/judge_training/experiments/rubric_training_sweep.py table OUT.json

``run`` refits the rubric's models once per held-out source (and prompt part) for the shipped settings and for each
setting moved one step either way, and saves every setting's scores (about two minutes of CPU each). ``table`` prints
them as the markdown table of ``../results/rubric_training_sweep.md``. No evaluation-only source is read: those are
judged by the shipped weights only. Reading this table to pick a setting would tune on the sources it reports, so a
setting is changed only where it gains on every figure the selection reads, and the page says so.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

from overrefusal.judges.classifier.train import load_label_files, load_public
from overrefusal.judges.evaluation.selection import PROMPT_PARTS, _score
from overrefusal.judges.evaluation.source_ece import source_ece
from overrefusal.judges.rubric.signals import FEATURE_VERSION
from overrefusal.judges.rubric.train import RubricConfig, leave_one_source_out
from overrefusal.types import Verdict

XSTEST = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "xstest" / "model_completions"
FILES = sorted(Path(os.environ.get("XSTEST_COMPLETIONS", str(XSTEST))).glob("*.csv"))

# Each setting one step either side of the shipped value; everything else as shipped.
STEPS: list[dict[str, Any]] = [
    {},
    {"l2": 0.25},
    {"l2": 1.0},
    {"wording_penalty": 0.5},
    {"wording_penalty": 3.0},
    {"min_df": 5},
    {"source_cap": 300},
    {"source_cap": 1000},
    {"partial_weight": 1.0},
    {"partial_weight": 3.0},
]
RATES = ("benign_full_refusal", "benign_full_or_partial_refusal", "harmful_compliance")


def score(change: dict[str, Any]) -> dict[str, Any]:
    """Held-out verdicts of the rubric trained with ``change`` applied to the shipped settings, scored per source."""
    rows = load_label_files(FILES) + load_public()
    sources = list(dict.fromkeys(r.group for r in rows))
    by_source = {s: [r for r in rows if r.group == s] for s in sources}
    config = RubricConfig(**change)
    result = leave_one_source_out(FILES, only=sources, keep_predictions=True, new_prompts=PROMPT_PARTS, config=config)
    preds = {s: [(Verdict(v), c) for v, c in result["predictions"][s]] for s in sources}
    scored = {s: _score(by_source[s], preds[s]) for s in sources}
    pooled = _score([r for s in sources for r in by_source[s]], [p for s in sources for p in preds[s]])
    return {"change": change, "config": asdict(config), "scored": scored, "pooled": pooled, "ece": source_ece(scored)}


def run(out: Path, jobs: int) -> None:
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(score, STEPS))
    out.write_text(json.dumps({"feature_version": FEATURE_VERSION, "results": results}, indent=1))


def _errors(result: dict[str, Any]) -> dict[str, list[float]]:
    return {
        s: [float((v["user_rates"].get(k) or {}).get("error_points") or 0.0) for k in RATES]
        for s, v in result["scored"].items()
    }


def table(path: Path) -> str:
    data = json.loads(path.read_text())
    results = data["results"]
    sources = list(results[0]["scored"])
    short = [s.replace("xstest_v2_completions_", "").replace(".csv", "") for s in sources]
    lines = [
        f"Held out by source and by prompt, `rubric@{data['feature_version']}`. Per source: benign full / benign full + "
        'partial / harmful compliance error in points. "Within 2": sources with both benign errors at most 2 points.',
        "",
        "| setting | "
        + " | ".join(short)
        + " | within 2 | pooled 3-class | partial P / R | pooled ECE | median source ECE |",
        "|---" * (len(sources) + 6) + "|",
    ]
    for r in results:
        errs = _errors(r)
        within = sum(1 for e in errs.values() if abs(e[0]) <= 2 and abs(e[1]) <= 2)
        name = ", ".join(f"{k} {v}" for k, v in r["change"].items()) or "**shipped**"
        cells = [" / ".join(f"{x:+.1f}" for x in errs[s]) for s in sources]
        p = r["pooled"]
        lines.append(
            f"| {name} | " + " | ".join(cells) + f" | {within} | {p['accuracy_3class']:.4f} | "
            f"{p['partial']['precision']:.3f} / {p['partial']['recall']:.3f} | {p['ece']:.4f} | {r['ece']['median']:.3f} |"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--jobs", type=int, default=2)
    t = sub.add_parser("table")
    t.add_argument("path", type=Path)
    args = parser.parse_args(argv)
    if args.cmd == "run":
        run(args.out, args.jobs)
    else:
        print(table(args.path))


if __name__ == "__main__":
    main(sys.argv[1:])
