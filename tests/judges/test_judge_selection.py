"""``judge-eval --select``: every shipped judge scored by the held-out rates a user reads, and the
quantification estimators (adjusted classify and count, EM prior adjustment) it reports beside them."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
import statistics
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

import overrefusal.judges.evaluation.crossval as classifier_loso
import overrefusal.judges.rubric.train as rubric_train
from overrefusal.cli import cli
from overrefusal.judges import DEFAULT_JUDGE
from overrefusal.judges.classifier import train as classifier_train
from overrefusal.judges.classifier.train import TrainRow, prompt_key
from overrefusal.judges.evaluation.evaluate import item_for
from overrefusal.judges.evaluation.heldout import load_heldout
from overrefusal.judges.evaluation.quantification import (
    CLASSES,
    POSITIVE,
    adjusted_count,
    em_priors,
    error_rates,
    quantification,
)
from overrefusal.judges.evaluation.selection import judge_selection
from overrefusal.judges.evaluation.source_ece import source_ece
from overrefusal.judges.labels import read_labelled
from overrefusal.judges.rates import UserRate
from overrefusal.judges.rules.judge import RulesJudge
from overrefusal.report.judge_selection import (
    ESTIMATOR_NAMES,
    SELECTION_HEADERS,
    render_judge_selection,
    selection_rows,
)
from overrefusal.types import Completion, Label, Prompt, Verdict

from ._stubs import prompt_only_files

JUDGES = {"rules", "classifier", "rubric", "vote(rules,classifier)", "vote(rules,classifier,rubric)"}


QUOTA = {
    (False, "1_full_compliance"): 16,
    (False, "2_full_refusal"): 4,
    (False, "3_partial_refusal"): 4,
    (True, "1_full_compliance"): 6,
    (True, "2_full_refusal"): 6,
    (True, "3_partial_refusal"): 4,
}
"""Rows kept per (harmful prompt, human label): every class on both sides, since training needs all three."""


def _tiny_sources(xstest_dir: Path, tmp_path: Path) -> list[Path]:
    """Two small labelled sources cut from two XSTest files, rows spread evenly over each file by :data:`QUOTA`."""
    out = []
    for model in ("gpt4", "mistralinstruct"):
        src = xstest_dir / "model_completions" / f"xstest_v2_completions_{model}.csv"
        with src.open(newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        kept = []
        for (harmful, label), k in QUOTA.items():
            group = [r for r in rows if r["type"].startswith("contrast_") == harmful and r["final_label"] == label]
            kept += group[:: max(1, len(group) // k)][:k]
        path = tmp_path / f"{model}.csv"
        with path.open("w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=["id", "type", "prompt", "completion", "final_label"])
            w.writeheader()
            for r in kept:
                w.writerow({k: r[k] for k in ("id", "type", "prompt", "completion", "final_label")})
        out.append(path)
    return out


def _human_rates(path: Path) -> dict[str, float]:
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    benign = [r["final_label"] for r in rows if not r["type"].startswith("contrast_")]
    harmful = [r["final_label"] for r in rows if r["type"].startswith("contrast_")]
    return {
        UserRate.BENIGN_FULL_REFUSAL.value: 100 * sum(v.startswith("2_") for v in benign) / len(benign),
        UserRate.BENIGN_ANY_REFUSAL.value: 100 * sum(v[:2] in ("2_", "3_") for v in benign) / len(benign),
        UserRate.HARMFUL_COMPLIANCE.value: 100 * sum(v.startswith("1_") for v in harmful) / len(harmful),
    }


def test_select_scores_every_judge_held_out_on_two_small_sources(xstest_dir: Path, tmp_path: Path) -> None:
    pytest.importorskip("sklearn")
    pytest.importorskip("scipy")
    files = _tiny_sources(xstest_dir, tmp_path)
    args = ["judge-eval", "--select", "--no-public", "--no-synthetic", "--labels", *map(str, files), "--json"]
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["mode"] == "judge_selection"
    assert out["sources"] == [f.name for f in files]
    assert out["n"] == {f.name: len(read_labelled(f)) for f in files}
    assert set(out["judges"]) == JUDGES
    for f in files:
        human = _human_rates(f)
        for name, j in out["judges"].items():
            rates = j["sources"][f.name]["user_rates"]
            assert rates["population"] == "benign"
            for rate, value in human.items():
                assert rates[rate]["human"] == pytest.approx(value, abs=0.01), (name, f.name, rate)
                assert rates[rate]["error_points"] == pytest.approx(rates[rate]["judged"] - value, abs=0.02)
                # The plain classify-and-count estimate is the judged rate, by another path.
                cc = j["quantification"]["sources"][f.name][rate]["classify_and_count"]["estimate"]
                assert cc == pytest.approx(rates[rate]["judged"], abs=0.01)
    # The rules judge is not trained: its held-out verdicts are its verdicts on the file.
    rows = read_labelled(files[0])
    verdicts = [j.verdict for j in asyncio.run(RulesJudge().judge([item_for(r) for r in rows]))]
    benign = [v for v, r in zip(verdicts, rows, strict=True) if not r.type.startswith("contrast_")]
    judged = out["judges"]["rules"]["sources"][files[0].name]["user_rates"][UserRate.BENIGN_ANY_REFUSAL.value]
    assert judged["judged"] == pytest.approx(100 * sum(v.is_refusal for v in benign) / len(benign), abs=0.01)
    # Worst source per rate and the default by the rule, recomputed from the per-source errors.
    for j in out["judges"].values():
        for rate in UserRate:
            errs = [abs(s["user_rates"][rate.value]["error_points"]) for s in j["sources"].values()]
            assert j["worst_by_rate"][rate.value]["error_points"] == pytest.approx(max(errs))
        assert j["worst_benign_error_points"] == max(
            j["worst_by_rate"][r.value]["error_points"]
            for r in (UserRate.BENIGN_FULL_REFUSAL, UserRate.BENIGN_ANY_REFUSAL)
        )
        # The per-source ECE summary beside the pooled one, from the sources' own ECEs.
        eces = [s["ece"] for s in j["sources"].values()]
        assert j["ece_sources"]["median"] == pytest.approx(statistics.median(eces))
        assert j["ece_sources"]["worst"] == pytest.approx(max(eces))
    best = min(out["judges"].values(), key=lambda j: (j["worst_benign_error_points"], j["worst_harmful_error_points"]))
    assert out["judges"][out["default"]]["worst_benign_error_points"] == best["worst_benign_error_points"]
    # Beside every error its bootstrap interval, holding it; the default against each other judge on the same
    # resamples, its gap the one the rates give.
    assert out["bootstrap"] == {"resamples": 2000, "seed": 0, "level": 0.95}
    default = out["judges"][out["default"]]["sources"]
    assert set(out["default_vs_others"]) == JUDGES - {out["default"]}
    for name, j in out["judges"].items():
        for source, s in j["sources"].items():
            for rate in UserRate:
                r = s["user_rates"][rate.value]
                low, high = r["error_points_ci95"]
                assert low - 0.01 <= r["error_points"] <= high + 0.01, (name, source, rate)
                if name == out["default"]:
                    continue
                gap = out["default_vs_others"][name][source][rate.value]
                mine = default[source]["user_rates"][rate.value]["error_points"]
                assert gap["difference_points"] == pytest.approx(abs(mine) - abs(r["error_points"]), abs=0.02)
                assert gap["significant"] == (gap["difference_ci95"][0] > 0 or gap["difference_ci95"][1] < 0)
    # The table a person reads (the renderer the command prints with; one selection run is enough for the
    # test): every judge, the default marked once, the rule stated, no estimator left out.
    buffer = io.StringIO()
    render_judge_selection(out, Console(file=buffer, width=250))
    text = buffer.getvalue()
    assert text.count("(default)") == 1 and f"{out['default']} (default)" in text
    assert out["rule"] in " ".join(text.split())
    for name in ESTIMATOR_NAMES.values():
        assert name in text
    some = default[files[0].name]["user_rates"][UserRate.BENIGN_FULL_REFUSAL.value]
    assert f"({some['error_points']:+.1f} [{some['error_points_ci95'][0]:+.1f}, " in text


def test_the_ece_columns_are_the_median_and_worst_of_the_per_source_eces() -> None:
    scored = {
        "a.csv": {"ece": 0.02},
        "b.csv": {"ece": 0.30},
        "c.csv": {"ece": 0.05},
        "d.csv": {"ece": 0.11},
        "pyrit-refusal": {"ece": None, "evaluation_only": True},  # no ECE: not counted
    }
    assert source_ece(scored) == {"median": pytest.approx(0.08), "worst": 0.30, "worst_source": "b.csv"}
    assert source_ece({"x": {"ece": None}}) == {"median": None, "worst": None, "worst_source": None}
    result = {
        "default": "j",
        "judges": {
            "j": {
                "pooled": {"accuracy_3class": 0.9, "ece": 0.04, "partial": {"precision": 0.5, "recall": 0.5}},
                "sources": scored,
                "ece_sources": source_ece(scored),
                "worst_by_rate": {rate.value: None for rate in UserRate},
            }
        },
    }
    row = selection_rows(result)[0]
    assert SELECTION_HEADERS[row.index("0.040 / 0.080 / 0.300 (b.csv)")] == "ECE pooled / median source / worst source"
    # A result written before the column existed: the same cell, from the sources.
    del result["judges"]["j"]["ece_sources"]
    assert "0.040 / 0.080 / 0.300 (b.csv)" in selection_rows(result)[0]


def test_select_scores_the_evaluation_only_source_on_its_full_refusal_rate(xstest_dir: Path, tmp_path: Path) -> None:
    pytest.importorskip("sklearn")
    pytest.importorskip("scipy")
    files = _tiny_sources(xstest_dir, tmp_path)
    heldout = load_heldout()
    out = judge_selection(files, public=False, synthetic=False, heldout=True)
    assert out["heldout_sources"] == ["pyrit-refusal"]
    assert out["sources"] == [f.name for f in files] + ["pyrit-refusal"]
    assert out["n"]["pyrit-refusal"] == len(heldout) >= 100
    human = 100 * sum(r.full_refusal for r in heldout) / len(heldout)
    # The rules judge is not trained: its verdicts there are its verdicts on the rows.
    items = [
        (Prompt(id=str(i), text=r.prompt, label=Label.BENIGN, source="t"), Completion(text=r.reply))
        for i, r in enumerate(heldout)
    ]
    rules = [j.verdict for j in asyncio.run(RulesJudge().judge(items))]
    for j in out["judges"].values():
        s = j["sources"]["pyrit-refusal"]
        rates = s["user_rates"]
        assert s["evaluation_only"] and s["accuracy_3class"] is None and s["ece"] is None
        assert rates["population"] == "all"
        assert rates[UserRate.BENIGN_FULL_REFUSAL.value]["human"] == pytest.approx(human, abs=0.01)
        # Its labels do not tell compliance from partial: those rates are not computed.
        assert rates[UserRate.BENIGN_ANY_REFUSAL.value] is None
        assert rates[UserRate.HARMFUL_COMPLIANCE.value] is None
        full = rates[UserRate.BENIGN_FULL_REFUSAL.value]
        assert full["error_points_ci95"][0] <= full["error_points"] <= full["error_points_ci95"][1]
        # It counts for the worst source, but not for the pooled metrics or the quantification.
        worst = j["worst_by_rate"][UserRate.BENIGN_FULL_REFUSAL.value]["error_points"]
        assert worst >= abs(rates[UserRate.BENIGN_FULL_REFUSAL.value]["error_points"])
        assert j["pooled"]["n"] == sum(out["n"][f.name] for f in files)
        assert "pyrit-refusal" not in j["quantification"]["sources"]
    judged = out["judges"]["rules"]["sources"]["pyrit-refusal"]["user_rates"][UserRate.BENIGN_FULL_REFUSAL.value]
    assert judged["judged"] == pytest.approx(100 * sum(v is Verdict.REFUSAL for v in rules) / len(rules), abs=0.01)
    # The table a person reads names the source.
    buffer = io.StringIO()
    render_judge_selection(out, Console(file=buffer, width=250))
    assert "pyrit-refusal" in buffer.getvalue()


def _keys(rows: list[TrainRow], idx: list[int]) -> set[str]:
    return {prompt_key(rows[i].prompt) for i in idx}


def test_select_judges_each_prompt_part_by_models_that_never_saw_its_prompts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three 'models' answering the same prompts with one and the same reply, labelled by the prompt alone (as
    XSTest's four files answer the same 450): held out by source only, a judge that reads the prompt recalls
    each label from the other files. --select must judge each part of a source by models fitted, and
    calibrated, on no reply to that part's prompts."""
    pytest.importorskip("sklearn")
    pytest.importorskip("scipy")
    files = prompt_only_files(tmp_path, n=45)
    # The real split and calibration functions, recorded as the classifier's and the rubric's refits call them.
    splits_seen: list[tuple[list[TrainRow], str, list[int], list[int]]] = []
    pools_seen: list[tuple[list[TrainRow], list[int], list[int]]] = []
    real_splits, real_pool = classifier_train.held_out_splits, classifier_train.calibration_pool

    def splits(rows: list[TrainRow], sources: list[str], held: str, new_prompts: int = 0) -> Any:
        out = real_splits(rows, sources, held, new_prompts)
        splits_seen.extend((rows, held, train, test) for train, test in out)
        return out

    def pool(rows: list[TrainRow], sources: list[str], held: str, test: list[int], *args: Any, **kw: Any) -> Any:
        out = real_pool(rows, sources, held, test, *args, **kw)
        pools_seen.append((rows, test, out))
        return out

    for module in (classifier_loso, rubric_train):
        monkeypatch.setattr(module, "held_out_splits", splits)
        monkeypatch.setattr(module, "calibration_pool", pool)
    args = ["judge-eval", "--select", "--no-public", "--no-synthetic", "--new-prompts", "3", "--json"]
    res = CliRunner().invoke(cli, [*args, "--labels", *map(str, files)])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["new_prompts"] == 3
    names = [f.name for f in files]
    # Each file's prompts are every other file's: each is judged in parts, by both trained judges alike.
    assert set(out["prompt_parts"]) == set(names)
    for per_judge in out["prompt_parts"].values():
        assert set(per_judge) == {"classifier", "rubric"} and len(set(per_judge.values())) == 1
        assert 2 <= per_judge["classifier"] <= 3
    # One row list per trained judge; on each, every reply of every file is judged once, by a model none of
    # whose training rows is of its file or answers one of its part's prompts.
    by_judge: dict[int, list[int]] = {}
    for rows, held, train, test in splits_seen:
        assert {rows[i].group for i in test} == {held}
        assert all(rows[i].group != held for i in train)
        assert not _keys(rows, test) & _keys(rows, train), f"a training row of {held} answers a held-out prompt"
        by_judge.setdefault(id(rows), []).extend(test)
    assert len(by_judge) == 2
    assert all(sorted(tested) == list(range(3 * 45)) for tested in by_judge.values())
    assert len(splits_seen) == sum(n for p in out["prompt_parts"].values() for n in p.values())
    # Each part's calibration (temperatures; the rubric's compliance map and clause confidences): labelled
    # replies of other files, none to a prompt of the part.
    assert pools_seen
    for rows, test, chosen in pools_seen:
        assert not _keys(rows, test) & _keys(rows, chosen)
        assert not {rows[i].group for i in test} & {rows[i].group for i in chosen}
    # What that buys: the classifier reads the prompt's words. Held out by source alone it recalls each label
    # from the other files; held out by prompt too it has nothing to go on.
    fresh = out["judges"]["classifier"]["pooled"]["accuracy_3class"]
    plain = judge_selection(files, public=False, synthetic=False, heldout=False, new_prompts=0)
    assert plain["new_prompts"] == 0 and all(
        p == {"classifier": 1, "rubric": 1} for p in plain["prompt_parts"].values()
    )
    assert plain["judges"]["classifier"]["pooled"]["accuracy_3class"] >= 0.9
    assert fresh <= 0.6
    # The table a person reads says how the sources were held out.
    buffer = io.StringIO()
    render_judge_selection(out, Console(file=buffer, width=250))
    text = " ".join(buffer.getvalue().split())
    assert "3 of 3 sources, whose prompts other sources answer, also by prompt in 3 parts" in text
    assert "(--new-prompts 3)" in text and f"{names[0]} {out['prompt_parts'][names[0]]['classifier']}" in text


def test_select_with_too_many_prompt_parts_is_a_usage_error(tmp_path: Path) -> None:
    files = prompt_only_files(tmp_path, n=6)
    args = ["judge-eval", "--select", "--no-public", "--new-prompts", "21", "--labels", *map(str, files)]
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 2 and "2 to 20" in res.output and "Traceback" not in res.output


@pytest.mark.parametrize("extra", [["--judge", "rules"], ["--leave-one-source-out"], ["--run", "latest"]])
def test_select_with_a_conflicting_option_is_a_usage_error(extra: list[str], tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["judge-eval", "--select", *extra, "--labels", str(tmp_path / "a.csv")])
    assert res.exit_code == 2 and "--select" in res.output and "Traceback" not in res.output


def test_select_with_one_source_says_it_needs_two(xstest_dir: Path, tmp_path: Path) -> None:
    files = _tiny_sources(xstest_dir, tmp_path)
    res = CliRunner().invoke(cli, ["judge-eval", "--select", "--no-public", "--labels", str(files[0])])
    assert res.exit_code != 0 and "two labelled sources" in res.output and "Traceback" not in res.output


def test_adjusted_count_recovers_the_prevalence_when_the_error_rates_carry_over() -> None:
    # Error rates on the training sources: tpr 0.8, fpr 0.1. A test source with true prevalence 0.05 and the
    # same error rates is judged 0.05 * 0.8 + 0.95 * 0.1 = 0.135: CC is 8.5 points off, ACC exact.
    gold = [Verdict.REFUSAL] * 10 + [Verdict.COMPLIANCE] * 10
    pred = [Verdict.REFUSAL] * 8 + [Verdict.COMPLIANCE] * 2 + [Verdict.REFUSAL] + [Verdict.COMPLIANCE] * 9
    tpr, fpr = error_rates(gold, pred, POSITIVE[UserRate.BENIGN_FULL_REFUSAL])
    assert (tpr, fpr) == pytest.approx((0.8, 0.1))
    assert adjusted_count(0.135, tpr, fpr) == pytest.approx(0.05)
    assert adjusted_count(0.05, tpr, fpr) == 0.0  # clipped, never negative
    assert adjusted_count(0.3, 0.52, 0.5) == 0.3  # a judge that does not separate: CC kept


def test_em_finds_the_shifted_priors_from_exact_posteriors() -> None:
    # Three kinds of reply, each likelier under one class; posteriors by Bayes under the training priors.
    likelihood = {
        Verdict.COMPLIANCE: (0.7, 0.2, 0.1),
        Verdict.REFUSAL: (0.1, 0.8, 0.1),
        Verdict.PARTIAL: (0.2, 0.3, 0.5),
    }
    train = {Verdict.COMPLIANCE: 0.6, Verdict.REFUSAL: 0.3, Verdict.PARTIAL: 0.1}
    shifted = {Verdict.COMPLIANCE: 0.9, Verdict.REFUSAL: 0.04, Verdict.PARTIAL: 0.06}
    post = []
    for kind in range(3):
        joint = {c: likelihood[c][kind] * train[c] for c in CLASSES}
        p = {c: joint[c] / sum(joint.values()) for c in CLASSES}
        # The test set has the shifted priors: each kind appears in proportion to p(kind) under them.
        count = round(10000 * sum(likelihood[c][kind] * shifted[c] for c in CLASSES))
        post += [p] * count
    found = em_priors(post, train)
    for c in CLASSES:
        assert found[c] == pytest.approx(shifted[c], abs=1e-3)


def test_quantification_fits_each_source_on_the_others_only() -> None:
    # Source b's judge errors are unlike a's and c's: if b's own errors leaked into its correction it would be
    # exact; fitted on a and c (no false alarms there), ACC leaves b's false alarms uncorrected.
    c, r = Verdict.COMPLIANCE, Verdict.REFUSAL
    truth = {
        "a": ([True] * 10, [r] * 5 + [c] * 5),
        "b": ([True] * 10, [c] * 10),
        "c": ([True] * 10, [r] * 5 + [c] * 5),
    }
    preds = {
        "a": [(r, 0.9)] * 5 + [(c, 0.9)] * 5,
        "b": [(r, 0.9)] * 3 + [(c, 0.9)] * 7,
        "c": [(r, 0.9)] * 5 + [(c, 0.9)] * 5,
    }
    q = quantification(truth, preds)
    b = q["sources"]["b"][UserRate.BENIGN_FULL_REFUSAL.value]
    assert b["human"] == 0.0
    assert b["classify_and_count"]["estimate"] == 30.0
    assert b["adjusted_classify_and_count"]["estimate"] == 30.0
    assert q["sources"]["b"][UserRate.HARMFUL_COMPLIANCE.value] is None
    assert q["worst"]["classify_and_count"][UserRate.BENIGN_FULL_REFUSAL.value] == {"error_points": 30.0, "source": "b"}


def test_the_docs_carry_the_generated_selection_and_its_default_is_the_shipped_one() -> None:
    # Not recomputed here (minutes): tools/judge_selection_doc.py --write regenerates both sections.
    root = Path(__file__).resolve().parents[2]
    selection = (root / "docs" / "judge-selection.md").read_text(encoding="utf-8")
    quant = (root / "docs" / "judge-experiments" / "quantification.md").read_text(encoding="utf-8")
    start, end = "<!-- judge-selection:start", "<!-- judge-selection:end -->"
    assert selection.count(start) == 1 and selection.count(end) == 1
    generated = selection.split(start, 1)[1].split(end, 1)[0]
    assert "overrefusal judge-eval --select" in generated
    # The table picks a default by the rule; the package must ship that one (or the table is stale).
    picked = re.search(r"\*\*Default by the rule: `([^`]+)`\*\*", generated)
    assert picked is not None and picked.group(1) == DEFAULT_JUDGE
    assert f"| {DEFAULT_JUDGE} (default) |" in generated
    q_start, q_end = "<!-- quantification:start", "<!-- quantification:end -->"
    assert quant.count(q_start) == 1 and quant.count(q_end) == 1
    q_generated = quant.split(q_start, 1)[1].split(q_end, 1)[0]
    assert "adjusted classify and count" in q_generated and "| rubric | classify and count" in q_generated
