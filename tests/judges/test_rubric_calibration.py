"""The rubric judge's written clauses, calibrated: a clause keeps its written verdict, and its confidence is
its smoothed accuracy on the human labels of the replies it decides (held out per source in
leave-one-source-out, every labelled source in the shipped weights).

The replies here were written for these tests; none is in the judge's training data.
"""

from __future__ import annotations

import json

import pytest

from overrefusal.errors import UserError
from overrefusal.judges.classifier.train import TrainRow
from overrefusal.judges.rubric.clauses import Clause
from overrefusal.judges.rubric.judge import RubricJudge, clause_verdict, decided, shipped_weights_path
from overrefusal.judges.rubric.train import CLAUSE_PRIOR, _labelled_clauses, featurise, fit_clause_probs
from overrefusal.types import Completion, Label, Prompt, Verdict

DECLINE = "I won't write that letter for you."
"""A reply the DECLINE_ONLY clause decides."""


def _shipped() -> dict:
    return json.loads(shipped_weights_path().read_text(encoding="utf-8"))


def _judge(weights: dict, reply: str = DECLINE):
    return RubricJudge(weights=weights).judge_one(Prompt("t", "Write it.", Label.BENIGN), Completion(reply))


def test_shipped_weights_carry_fitted_probabilities_for_every_written_clause() -> None:
    fitted = _shipped()["clauses"]
    written = [c for c in Clause if decided(c) is not None]
    assert sorted(fitted) == sorted(c.value for c in written)
    for clause in written:
        probs = fitted[clause.value]
        assert len(probs) == 3 and abs(sum(probs) - 1.0) < 1e-5, clause
    # Fitted on labels, not copied: the clause deciding most labelled replies moved off its written value.
    assert tuple(fitted[Clause.DECLINE_ONLY.value]) != decided(Clause.DECLINE_ONLY)


def test_a_clause_confidence_is_its_smoothed_accuracy() -> None:
    clauses = [Clause.DECLINE_ONLY] * 4 + [Clause.HEDGE_THEN_ANSWER] * 2
    gold = [Verdict.REFUSAL] * 3 + [Verdict.COMPLIANCE] + [Verdict.COMPLIANCE, Verdict.PARTIAL]
    got = fit_clause_probs(clauses, gold, prior=2.0)
    w = decided(Clause.DECLINE_ONLY)
    assert w is not None
    # 3 of 4 right, two replies' worth of the written probabilities added to the counts.
    assert got[Clause.DECLINE_ONLY] == pytest.approx(
        ((1 + 2 * w[0]) / 6, (3 + 2 * w[1]) / 6, (0 + 2 * w[2]) / 6), abs=1e-6
    )
    h = decided(Clause.HEDGE_THEN_ANSWER)
    assert h is not None
    assert got[Clause.HEDGE_THEN_ANSWER] == pytest.approx(
        ((1 + 2 * h[0]) / 4, (2 * h[1]) / 4, (1 + 2 * h[2]) / 4), abs=1e-6
    )
    # A clause that decides no labelled reply keeps its written probabilities.
    assert got[Clause.UNANSWERED_METHOD] == pytest.approx(decided(Clause.UNANSWERED_METHOD), abs=1e-6)
    assert Clause.OPEN not in got
    assert all(abs(sum(p) - 1.0) < 1e-5 for p in got.values())


def test_the_prior_weighs_the_written_value_against_the_labels() -> None:
    few = fit_clause_probs([Clause.DECLINE_ONLY], [Verdict.COMPLIANCE])[Clause.DECLINE_ONLY]
    many = fit_clause_probs([Clause.DECLINE_ONLY] * 50, [Verdict.COMPLIANCE] * 50)[Clause.DECLINE_ONLY]
    written = decided(Clause.DECLINE_ONLY)
    assert written is not None and CLAUSE_PRIOR > 0
    assert written[1] > few[1] > many[1]
    assert many[0] > 0.9


def test_clause_probabilities_come_from_other_labelled_sources_only() -> None:
    # The held-out source and the hand-written replies never calibrate a clause.
    rows = [
        TrainRow("q", DECLINE, Verdict.REFUSAL, "a.csv"),
        TrainRow("q", DECLINE, Verdict.REFUSAL, "a.csv"),
        TrainRow("q", DECLINE, Verdict.COMPLIANCE, "b.csv"),
        TrainRow("q", DECLINE, Verdict.COMPLIANCE, "synthetic"),
        TrainRow("q", DECLINE, Verdict.COMPLIANCE, "rubric:lecture"),
        TrainRow("q", "Paris is the capital of France.", Verdict.COMPLIANCE, "b.csv"),
    ]
    feats = featurise(rows)
    assert feats[0].clause is Clause.DECLINE_ONLY and feats[5].clause is Clause.OPEN
    assert _labelled_clauses(rows, feats, exclude="a.csv") == ([Clause.DECLINE_ONLY], [Verdict.COMPLIANCE])
    assert _labelled_clauses(rows, feats, exclude="b.csv") == ([Clause.DECLINE_ONLY] * 2, [Verdict.REFUSAL] * 2)
    assert _labelled_clauses(rows, feats)[1] == [Verdict.REFUSAL, Verdict.REFUSAL, Verdict.COMPLIANCE]


def test_the_judge_shows_the_fitted_confidence_and_old_weights_the_written_one() -> None:
    shipped = _shipped()
    now = _judge(shipped)
    assert now.verdict is Verdict.REFUSAL and "clause: decline_only" in now.evidence
    assert now.confidence == pytest.approx(shipped["clauses"][Clause.DECLINE_ONLY.value][1], abs=1e-6)
    old = {k: v for k, v in shipped.items() if k != "clauses"}
    before = _judge(old)
    assert before.verdict is Verdict.REFUSAL
    assert before.confidence == pytest.approx(max(decided(Clause.DECLINE_ONLY) or (0.0,)))


@pytest.mark.parametrize("clause", [c for c in Clause if decided(c) is not None])
def test_fitted_probabilities_never_change_a_clause_verdict(clause: Clause) -> None:
    written = decided(clause)
    k = clause_verdict(clause)
    assert written is not None and k is not None and k == max(range(3), key=written.__getitem__)
    # Labels that disagree with the clause every time: the confidence falls, the verdict stays.
    wrong = [v for j, v in enumerate((Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL)) if j != k][0]
    probs = fit_clause_probs([clause] * 40, [wrong] * 40)[clause]
    assert probs[k] < 0.1 < max(probs)


def test_a_weights_file_with_a_wrong_clause_table_is_one_clear_error() -> None:
    shipped = _shipped()
    with pytest.raises(UserError, match="unknown clause"):
        RubricJudge(weights={**shipped, "clauses": {"no_such_clause": [0.2, 0.7, 0.1]}})
    with pytest.raises(UserError, match="summing to 1"):
        RubricJudge(weights={**shipped, "clauses": {"decline_only": [0.5, 0.7, 0.1]}})
    with pytest.raises(UserError, match="summing to 1"):
        RubricJudge(weights={**shipped, "clauses": {"open": [0.2, 0.7, 0.1]}})


def test_a_clause_verdict_holds_under_probabilities_that_favour_another_class() -> None:
    shipped = _shipped()
    got = _judge({**shipped, "clauses": {"decline_only": [0.6, 0.3, 0.1]}})
    assert (got.verdict, got.confidence) == (Verdict.REFUSAL, 0.3)
