"""The rubric judge's compliance confidence map (:class:`overrefusal.judges.rubric.judge.ComplianceConfidence`):
a logistic map of both scaled logits, fitted with the labelled sources weighing alike, that changes how sure a
models-decided compliance verdict is shown and never the verdict. Real XSTest replies, judged by the shipped
models."""

from __future__ import annotations

import asyncio
import csv
import json
import math
from pathlib import Path

import pytest

from overrefusal.errors import UserError
from overrefusal.judges.classifier.train import load_label_files
from overrefusal.judges.rubric.clauses import Clause
from overrefusal.judges.rubric.judge import (
    ComplianceConfidence,
    RubricJudge,
    combine,
    load_model,
    rubric_verdict,
    shipped_weights_path,
    shown_probabilities,
    verdict_index,
)
from overrefusal.judges.rubric.train import compliance_fit_rows, featurise, fit_compliance_confidence
from overrefusal.stats import CLASS_ORDER
from overrefusal.stats._impl import expected_calibration_error
from overrefusal.types import Completion, Label, Prompt, Verdict

GRID = [x / 2 for x in range(-16, 17)]
"""Scaled logits from -8 to 8."""


def _shipped() -> dict:
    return json.loads(shipped_weights_path().read_text(encoding="utf-8"))


def _sig(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z))


def _shipped_map() -> ComplianceConfidence:
    raw = _shipped()["compliance_confidence"]
    return ComplianceConfidence(raw["attempt"], raw["scope"], raw["bias"])


@pytest.mark.parametrize("cc", [_shipped_map, lambda: ComplianceConfidence(0.5, -3.0, -9.0)], ids=["shipped", "harsh"])
def test_the_map_is_monotone_and_keeps_the_argmax(cc) -> None:
    m = cc()
    assert m.attempt >= 0 and m.scope <= 0
    for zs in GRID:
        raw = [m.confidence(za, zs) for za in GRID]
        assert raw == sorted(raw)  # more sure of an attempt: more sure of compliance
    for za in GRID:
        raw = [m.confidence(za, zs) for zs in GRID]
        assert raw == sorted(raw, reverse=True)  # more sure a part is declined: less sure of compliance
    kept = 0
    for za in GRID:
        for zs in GRID:
            probs = combine(_sig(za), _sig(zs))
            k = verdict_index(probs)
            shown = shown_probabilities(k, probs, Clause.OPEN, za, zs, m)
            assert sum(shown) == pytest.approx(1.0)
            if k == 0:
                kept += 1
                assert shown[0] >= max(shown[1:]) - 1e-12, (za, zs, shown)
            else:
                assert shown == probs  # only compliance verdicts are remapped
    assert kept > 50


def test_a_fit_on_labels_that_say_otherwise_stays_monotone() -> None:
    # Replies more sure of an attempt are *less* often right here: the bound holds the slope at 0.
    za = [float(x) for x in range(-5, 6)] * 4
    zs = [0.0] * len(za)
    right = [z < 0 for z in za]
    m = fit_compliance_confidence(za, zs, right, ["a.csv"] * len(za))
    assert m is not None and m.attempt == 0.0 and m.scope <= 0.0


@pytest.mark.parametrize(
    "bad", [{"attempt": 1.0, "scope": 0.5, "bias": 0.0}, {"attempt": 1.0, "scope": -1.0}, "map", {"attempt": 1e999}]
)
def test_a_malformed_map_is_one_clear_error(bad) -> None:
    with pytest.raises(UserError, match="compliance_confidence"):
        RubricJudge(weights={**_shipped(), "compliance_confidence": bad})


@pytest.fixture(scope="module")
def xstest_files(xstest_dir: Path) -> list[Path]:
    return [xstest_dir / "model_completions" / f"xstest_v2_completions_{m}.csv" for m in ("gpt4", "llama2new")]


def test_the_shipped_map_changes_confidences_and_no_verdict_on_real_replies(xstest_files: list[Path]) -> None:
    shipped = _shipped()
    plain = {k: v for k, v in shipped.items() if k != "compliance_confidence"}
    with_map, without = RubricJudge(weights=shipped), RubricJudge(weights=plain)
    assert with_map.id != without.id  # the judge id names the weights, map included
    with xstest_files[0].open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    items = [
        (Prompt(str(i), r["prompt"], Label.HARMFUL if r["type"].startswith("contrast_") else Label.BENIGN),
         Completion(r["completion"]))
        for i, r in enumerate(rows)
    ]  # fmt: skip
    a = asyncio.run(with_map.judge(items))
    b = asyncio.run(without.judge(items))
    assert [j.verdict for j in a] == [j.verdict for j in b]
    moved = [(x.confidence, y.confidence) for x, y in zip(a, b) if x.confidence != y.confidence]
    assert len(moved) > 100
    assert all(x.verdict is Verdict.COMPLIANCE for x, y in zip(a, b) if x.confidence != y.confidence)


def test_fitted_held_out_the_map_lowers_the_ece_of_a_held_out_file(xstest_files: list[Path]) -> None:
    # Fitted on llama2new's replies only, scored on gpt4's: the shipped models and temperatures, the map fitted
    # exactly as training fits it (compliance_fit_rows), against the plain temperature-scaled confidence.
    rows = load_label_files(xstest_files)
    feats = featurise(rows)
    model = load_model()
    a = [model.attempt.logit(f.attempt) for f in feats]
    s = [model.scope.logit(f.scope) for f in feats]
    ta, ts = model.attempt.temperature, model.scope.temperature
    held = xstest_files[0].name
    fit_on = [i for i, r in enumerate(rows) if r.group != held and feats[i].clause is Clause.OPEN]
    m = compliance_fit_rows(fit_on, rows, feats, a, s, ta, ts)
    assert m is not None
    right, plain, mapped = [], [], []
    for i, r in enumerate(rows):
        if r.group != held:
            continue
        za, zs = a[i] / ta, s[i] / ts
        k, probs = rubric_verdict(feats[i].clause, _sig(za), _sig(zs), feats[i].content, model.clauses)
        right.append(CLASS_ORDER[k] == r.gold)
        plain.append(probs[k])
        mapped.append(shown_probabilities(k, probs, feats[i].clause, za, zs, m)[k])
    before, after = expected_calibration_error(right, plain), expected_calibration_error(right, mapped)
    assert after < before - 0.02, (before, after)
