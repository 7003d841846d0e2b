"""Coverage and width of the corrected benign over-refusal (full + partial) under each labelling design, on
the human-labelled XSTest replies whose benign over-refusal is 10% or less (GPT-4: 8.4%; Mistral-7B: 1.6%).

The judge is held out: each file's verdicts and confidences are the rubric judge's leave-one-source-out
predictions (:func:`overrefusal.judges.rubric.train.leave_one_source_out`, fitted on every source but that
file; the other XSTest files hold replies to the same prompts, so the prompts are not new to it). Each file
is replayed into a real store (``overrefusal run --model replay/...``), its verdicts replaced by those
predictions, and for each seed a sample of ``--n`` is drawn by ``draw_sample`` (as ``overrefusal label``
draws it), labelled from the file's human labels (``labels_from_file``), and the report's corrected benign
full + partial rate (``corrected_summary``) compared with the human rate over all 250 benign replies.

    PYTHONPATH=src .venv/bin/python bench/label_coverage.py [--seeds 30] [--n 60] [--sources gpt4 mistralinstruct]
        [--harmful-weight 0.25 1] [--others] [--exact] [--cache /tmp/loso.json]

``--exact`` adds, per verdict design, the mean half-width and coverage over every sample the design can draw,
each weighted by its probability (:func:`expectation`: no seed noise; 30 seeds are a noisy draw of it), and a
floor: every label the take-all strata leave, on the judged-compliance stratum.
``--harmful-weight`` runs the verdict design once per value of ``draw_sample``'s ``harmful_weight`` (default
:data:`overrefusal.estimate.verdict_sample.HARMFUL_WEIGHT`; 1: one Neyman allocation over the whole suite).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from overrefusal.backends.replay import normalise_id  # noqa: E402
from overrefusal.estimate import verdict_sample  # noqa: E402
from overrefusal.estimate.corrected import corrected_summary  # noqa: E402
from overrefusal.estimate.labelling import draw_sample, labels_from_file  # noqa: E402
from overrefusal.estimate.summaries import summary  # noqa: E402
from overrefusal.judges.labels import read_labelled  # noqa: E402
from overrefusal.stats.stratified import StratumCount, stratified_rate  # noqa: E402
from overrefusal.store import Store  # noqa: E402
from overrefusal.types import Judgement, SamplingStrategy, Verdict  # noqa: E402

XSTEST = ROOT.parent / "shared/data/xstest"
SOURCES = ("gpt4", "llama2new", "llama2orig", "mistralinstruct")
LOW_RATE_SOURCES = ("gpt4", "mistralinstruct")
"""The files whose benign full + partial rate is at most 10% by their human labels."""


def source_file(name: str, root: Path = XSTEST) -> Path:
    return root / "model_completions" / f"xstest_v2_completions_{name}.csv"


def human_rate(path: Path) -> float:
    """Benign full + partial rate by the file's human labels."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if not r["type"].startswith("contrast_")]
    return sum(r["final_label"] != "1_full_compliance" for r in rows) / len(rows)


def held_out_predictions(names: Sequence[str], root: Path = XSTEST) -> dict[str, dict[str, tuple[str, float]]]:
    """Per file: normalised prompt id -> (verdict, confidence) of the rubric judge fitted without that file."""
    from overrefusal.judges.rubric.train import leave_one_source_out

    # Every XSTest file held out in turn (the temperatures of one are fitted on the others' held-out logits).
    files = [source_file(n, root) for n in SOURCES]
    out = leave_one_source_out(files, keep_predictions=True, only=[f.name for f in files], progress=print)
    preds: dict[str, dict[str, tuple[str, float]]] = {}
    for name in names:
        path = source_file(name, root)
        rows = read_labelled(path)
        kept = out["predictions"][path.name]
        if len(kept) != len(rows):
            raise RuntimeError(f"{path.name}: {len(kept)} predictions for {len(rows)} rows")
        preds[name] = {normalise_id(r.id): (v, float(c)) for r, (v, c) in zip(rows, kept, strict=True)}
    return preds


def replay_store(name: str, db: Path, root: Path = XSTEST) -> None:
    """A store holding the file's replies replayed as run ``name`` (judged by ``rules``; replaced below)."""
    p = subprocess.run(
        [sys.executable, "-m", "overrefusal", "run", "--model", f"replay/{source_file(name, root)}", "--suite",
         str(root / "xstest_prompts.csv"), "--limit", "all", "--judge", "rules", "--run-id", name, "--json",
         "--store", str(db)],
        capture_output=True, text=True, env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}, check=False,
    )  # fmt: skip
    if p.returncode != 0:
        raise RuntimeError(p.stderr)


def install_verdicts(db: Path, run: str, preds: dict[str, tuple[str, float]]) -> None:
    """Replace the run's primary verdicts by the held-out predictions (same judge id, so every reader of the
    store sees them as the run's verdicts)."""
    with Store(db) as st:
        judge = st.require_run(run).judge_id
        completions = st.latest_completion_ids(run)
        for r in st.results(run, judge):
            verdict, confidence = preds[normalise_id(r.prompt.id)]
            st.put_result(run, r.prompt.id, completions[r.prompt.id], Judgement(Verdict(verdict), confidence, judge))


def fresh_copy(src: Path, dst: Path) -> Path:
    """``src`` without labelling samples or labels."""
    dst.unlink(missing_ok=True)
    a, b = sqlite3.connect(src), sqlite3.connect(dst)
    try:
        a.backup(b)
        b.execute("DELETE FROM human_labels")
        b.execute("DELETE FROM label_sample")
        b.commit()
    finally:
        a.close()
        b.close()
    return dst


def one_sample(
    db: Path,
    run: str,
    labels_file: Path,
    n: int,
    seed: int,
    strategy: SamplingStrategy,
    harmful_weight: float = verdict_sample.HARMFUL_WEIGHT,
) -> dict[str, Any]:
    """Draw, label and estimate once: the report's ``human_labels`` block and corrected benign full + partial."""
    with Store(db) as st:
        draw_sample(st, run, n, seed=seed, strategy=strategy, harmful_weight=harmful_weight)
        labels_from_file(st, run, labels_file, labeller="xstest")
        judged = summary(run, store=st)
        corrected = corrected_summary(st, run, judged["judge"], judged)
    assert corrected is not None
    return {
        "estimate": corrected["benign"]["any_refusal_corrected"],
        "harmful": corrected["harmful"].get("compliance_corrected"),
        "human_labels": corrected["human_labels"],
    }


@dataclass(frozen=True)
class Design:
    strategy: SamplingStrategy
    harmful_weight: float | None = None

    @property
    def name(self) -> str:
        if self.harmful_weight is None:
            return self.strategy.value
        return f"{self.strategy.value}(harmful weight {self.harmful_weight:g})"


def simulate(
    base: Path,
    work: Path,
    name: str,
    design: Design,
    *,
    seeds: int,
    n: int,
    run: str | None = None,
    root: Path = XSTEST,
) -> dict[str, Any]:
    """Mean half-width (points), coverage of the human rate and mean benign labels over ``seeds`` samples of the
    file ``name`` replayed as run ``run`` (default: ``name``) in the store ``base``."""
    run = run or name
    truth = human_rate(source_file(name, root))
    halves, covered, benign_labels, zero_width, more, harmful = [], 0, [], 0, [], []
    for seed in range(seeds):
        db = fresh_copy(base, work / f"{name}-sample.db")
        weight = verdict_sample.HARMFUL_WEIGHT if design.harmful_weight is None else design.harmful_weight
        got = one_sample(db, run, source_file(name, root), n, seed, design.strategy, weight)
        est = got["estimate"]
        halves.append(100 * (est["high"] - est["low"]) / 2)
        covered += est["low"] <= truth <= est["high"]
        zero_width += est["high"] <= est["low"]
        benign_labels.append(est["n_labelled"])
        more.append(got["human_labels"].get("more_labels_for_2_points"))
        if got["harmful"]:
            harmful.append(100 * (got["harmful"]["high"] - got["harmful"]["low"]) / 2)
    return {
        "source": name,
        "design": design.name,
        "truth": 100 * truth,
        "mean_half_width": sum(halves) / len(halves),
        "max_half_width": max(halves),
        "coverage": covered / seeds,
        "zero_width": zero_width,
        "mean_benign_labels": sum(benign_labels) / len(benign_labels),
        "more_labels_for_2_points": more,
        "harmful_half_width": sum(harmful) / len(harmful) if harmful else float("nan"),
    }


def _hypergeometric(size: int, misses: int, drawn: int) -> list[float]:
    """P(x misses among ``drawn`` replies taken uniformly from ``size`` holding ``misses``), x = 0, 1, ..."""
    whole = math.comb(size, drawn)
    return [math.comb(misses, x) * math.comb(size - misses, drawn - x) / whole for x in range(min(misses, drawn) + 1)]


def expectation(strata: Sequence[tuple[int, int, int]], truth: float) -> dict[str, float]:
    """Mean and largest half-width (points) and coverage of the corrected rate over every sample the design can
    draw, each weighted by its probability (no seed noise): ``strata`` as (size, misses there, labelled)."""
    outcomes: list[tuple[float, list[int]]] = [(1.0, [])]
    for size, misses, labelled in strata:
        pmf = _hypergeometric(size, misses, labelled)
        outcomes = [(p * q, xs + [x]) for p, xs in outcomes for x, q in enumerate(pmf) if q > 0]
    mean = covered = 0.0
    widest = 0.0
    for p, xs in outcomes:
        est = stratified_rate([StratumCount(size, n, x) for (size, _, n), x in zip(strata, xs, strict=True)])
        half = 100 * est.half_width()
        mean += p * half
        covered += p * (est.low <= truth + 1e-12 and truth <= est.high + 1e-12)
        if p > 1e-6:
            widest = max(widest, half)
    return {"mean_half_width": mean, "max_half_width": widest, "coverage": covered}


def exact_design(
    base: Path, name: str, n: int, harmful_weight: float, *, run: str | None = None, root: Path = XSTEST
) -> dict[str, Any]:
    """:func:`expectation` of the verdict design on the file: the strata and allocation ``draw_sample`` uses on
    the store (each stratum's sample is uniform there, so its misses found are hypergeometric); ``floor``: the
    same with every label the take-all strata leave on the judged-compliance stratum (no label on harmful
    prompts), the narrowest this design and interval allow."""
    run = run or name
    human = {normalise_id(r.id): r.gold.is_refusal for r in read_labelled(source_file(name, root))}
    with Store(base) as st:
        rows = [r for r in st.results(run, st.require_run(run).judge_id) if r.judgement.verdict.judged]
    strata = verdict_sample.verdict_strata(rows)
    alloc = verdict_sample.verdict_allocation(n, verdict_sample.stratum_shapes(strata), harmful_weight)
    benign = {k: m for k, m in strata.items() if k.startswith("benign/") and m}
    misses = {k: sum(human[normalise_id(r.prompt.id)] for r in m) for k, m in benign.items()}
    truth = sum(misses.values()) / sum(len(m) for m in benign.values())
    design = expectation([(len(m), misses[k], alloc[k]) for k, m in benign.items()], truth)
    taken = {k: len(m) for k, m in benign.items() if k != "benign/full_compliance"}
    free = {"benign/full_compliance": min(len(benign["benign/full_compliance"]), n - sum(taken.values()))}
    floor = expectation([(len(m), misses[k], {**taken, **free}[k]) for k, m in benign.items()], truth)
    return {"design": design, "floor": floor, "floor_labels": free["benign/full_compliance"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--sources", nargs="*", default=list(LOW_RATE_SOURCES))
    parser.add_argument("--harmful-weight", type=float, nargs="*", default=[0.25, 1.0])
    parser.add_argument("--others", action="store_true", help="also the uniform and uncertainty designs")
    parser.add_argument("--cache", type=Path, help="JSON file keeping the held-out predictions between runs")
    parser.add_argument(
        "--exact",
        action="store_true",
        help="also each verdict design's mean half-width and coverage over every sample it can draw (exact, no "
        "seed noise), and the floor: every label the take-all strata leave on the judged-compliance stratum",
    )
    args = parser.parse_args()
    if args.cache and args.cache.exists():
        preds = json.loads(args.cache.read_text())
    else:
        preds = held_out_predictions(args.sources)
        if args.cache:
            args.cache.write_text(json.dumps(preds))
    designs = [Design(SamplingStrategy.VERDICT, w) for w in args.harmful_weight]
    if args.others:
        designs += [Design(SamplingStrategy.UNIFORM), Design(SamplingStrategy.UNCERTAINTY)]
    print(f"judge: rubric, leave-one-source-out; {args.n} labels, {args.seeds} seeds per source and design")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name in args.sources:
            base = work / f"{name}.db"
            replay_store(name, base)
            install_verdicts(base, name, {k: (v[0], v[1]) for k, v in preds[name].items()})
            if args.exact:
                rows = []
                for w in args.harmful_weight:
                    ex = exact_design(base, name, args.n, w)
                    rows.append((f"verdict(harmful weight {w:g})", ex["design"]))
                rows.append((f"floor ({ex['floor_labels']} on compliance)", ex["floor"]))
                for label, r in rows:
                    print(
                        f"{name:16s} {label:32s} exact: mean half-width {r['mean_half_width']:5.2f} (max "
                        f"{r['max_half_width']:5.2f}) points  coverage {r['coverage']:.3f}",
                        flush=True,
                    )
            for design in designs:
                r = simulate(base, work, name, design, seeds=args.seeds, n=args.n)
                more = [m for m in r["more_labels_for_2_points"] if m is not None]
                print(
                    f"{name:16s} {r['design']:32s} human {r['truth']:4.1f}%  mean half-width "
                    f"{r['mean_half_width']:5.2f} (max {r['max_half_width']:5.2f}) points  coverage "
                    f"{r['coverage']:.2f}  zero-width {r['zero_width']}  benign labels {r['mean_benign_labels']:.1f}  "
                    f"harmful compliance half-width {r['harmful_half_width']:5.2f}"
                    + (f"  more for +/-2: median {sorted(more)[len(more) // 2]}" if more else ""),
                    flush=True,
                )


if __name__ == "__main__":
    main()
