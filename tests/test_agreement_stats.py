"""Inter-annotator agreement (``stats.agreement``) against values worked out by hand or published with the
data they come from, and the consensus rule the corrected rates use."""

from __future__ import annotations

import pytest

from overrefusal.stats.agreement import (
    ConsensusRule,
    cohen_kappa,
    consensus,
    fleiss_kappa,
    fleiss_kappa_per_class,
    krippendorff_alpha_nominal,
    observed_agreement,
)
from overrefusal.types import Verdict

C, R, P = Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL

# Two annotators, 50 replies: both "yes" on 20, A yes / B no on 5, A no / B yes on 10, both "no" on 15.
# p_o = 35/50 = 0.7; A says yes 25/50, B 30/50: p_e = 0.5 * 0.6 + 0.5 * 0.4 = 0.5; kappa = 0.2 / 0.5 = 0.4.
COHEN_A = ["y"] * 25 + ["n"] * 25
COHEN_B = ["y"] * 20 + ["n"] * 5 + ["y"] * 10 + ["n"] * 15


def test_cohen_kappa_by_hand() -> None:
    assert cohen_kappa(COHEN_A, COHEN_B) == pytest.approx(0.4)


def test_cohen_kappa_three_classes_by_hand() -> None:
    # 4 replies: (C,C) (R,R) (R,P) (P,P). p_o = 3/4. A: C 1, R 2, P 1; B: C 1, R 1, P 2.
    # p_e = (1*1 + 2*1 + 1*2) / 16 = 5/16; kappa = (12/16 - 5/16) / (11/16) = 7/11.
    assert cohen_kappa([C, R, R, P], [C, R, P, P]) == pytest.approx(7 / 11)


def test_cohen_kappa_undefined_and_errors() -> None:
    assert cohen_kappa([], []) is None
    assert cohen_kappa([C, C], [C, C]) is None  # no variation: chance agreement 1, kappa 0/0
    with pytest.raises(ValueError):
        cohen_kappa([C], [C, R])


def test_cohen_kappa_matches_sklearn() -> None:
    metrics = pytest.importorskip("sklearn.metrics", reason="scikit-learn (the train extra) is not installed")
    import random

    rng = random.Random(7)
    for _ in range(20):
        a = [rng.choice("crp") for _ in range(40)]
        b = [x if rng.random() < 0.6 else rng.choice("crp") for x in a]
        assert cohen_kappa(a, b) == pytest.approx(metrics.cohen_kappa_score(a, b))


def test_fleiss_kappa_by_hand() -> None:
    # 3 replies, 3 annotators each: [C,C,C] [C,C,R] [R,R,R].
    # P_i: 1, (2*1 + 0)/(3*2) = 1/3, 1 -> P_bar = 7/9. Labels: C 5/9, R 4/9 -> P_e = 41/81.
    # kappa = (63/81 - 41/81) / (40/81) = 22/40 = 0.55.
    assert fleiss_kappa([[C, C, C], [C, C, R], [R, R, R]]) == pytest.approx(0.55)


def test_fleiss_kappa_published_example() -> None:
    # Fleiss (1971): 10 subjects, 14 raters, 5 categories; kappa = 0.210 (P_bar 0.378, P_e 0.213).
    rows = [
        [0, 0, 0, 0, 14],
        [0, 2, 6, 4, 2],
        [0, 0, 3, 5, 6],
        [0, 3, 9, 2, 0],
        [2, 2, 8, 1, 1],
        [7, 7, 0, 0, 0],
        [3, 2, 6, 3, 0],
        [2, 5, 3, 2, 2],
        [6, 5, 2, 1, 0],
        [0, 2, 2, 3, 7],
    ]
    units = [[k for k, c in enumerate(r) for _ in range(c)] for r in rows]
    assert fleiss_kappa(units) == pytest.approx(0.20993, abs=1e-5)


def test_fleiss_kappa_with_two_annotators_is_scotts_pi() -> None:
    # Two labels per reply: Fleiss' kappa is Scott's pi. Pooled shares y 55/100, n 45/100: P_e = 0.505;
    # p_o = 0.7 -> pi = (0.7 - 0.505) / 0.495.
    units = [[a, b] for a, b in zip(COHEN_A, COHEN_B)]
    assert fleiss_kappa(units) == pytest.approx((0.7 - 0.505) / 0.495)


def test_per_class_kappa_by_hand() -> None:
    # [C,C,C] [C,C,R] [R,R,R] recoded "C or not" is the same split as above: 0.55 for C and for R alike;
    # P never occurs, so "P or not" never varies: undefined.
    got = fleiss_kappa_per_class([[C, C, C], [C, C, R], [R, R, R]], (C, R, P))
    assert got[C] == pytest.approx(0.55)
    assert got[R] == pytest.approx(0.55)
    assert got[P] is None


def test_krippendorff_alpha_published_example() -> None:
    # Krippendorff (2011), "Computing Krippendorff's alpha-reliability": 4 coders, 12 units, missing values;
    # nominal alpha = 0.743.
    a = [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None]
    b = [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3]
    c = [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None]
    d = [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None]
    units = [[x for x in col if x is not None] for col in zip(a, b, c, d)]
    assert krippendorff_alpha_nominal(units) == pytest.approx(0.743, abs=5e-4)


def test_krippendorff_alpha_by_hand() -> None:
    # Units [C,C] [C,R] [R,R]: coincidences o_CC = 2, o_CR = o_RC = 1, o_RR = 2; n = 6, n_C = n_R = 3.
    # D_o = 2/6; D_e = 2 * 3 * 3 / (6 * 5) = 0.6; alpha = 1 - (1/3) / 0.6 = 4/9.
    assert krippendorff_alpha_nominal([[C, C], [C, R], [R, R]]) == pytest.approx(4 / 9)


def test_single_labels_are_left_out_of_agreement() -> None:
    assert fleiss_kappa([[C], [R]]) is None
    assert krippendorff_alpha_nominal([[C]]) is None
    assert observed_agreement([[C, C], [C, R], [R]]) == pytest.approx(0.5)


def test_consensus_rules() -> None:
    assert consensus([(C, "t1")]).rule is ConsensusRule.SINGLE
    assert consensus([(R, "t1"), (R, "t2")]) == consensus([(R, "t2"), (R, "t1")])
    assert consensus([(R, "t1"), (R, "t2")]).rule is ConsensusRule.UNANIMOUS
    got = consensus([(C, "t1"), (R, "t2"), (R, "t3")])
    assert (got.label, got.rule) == (R, ConsensusRule.MAJORITY)
    # A tie: the label given first among the tied classes, whatever the order they are passed in.
    got = consensus([(R, "t2"), (C, "t1")])
    assert (got.label, got.rule) == (C, ConsensusRule.TIE)
    got = consensus([(P, "t0"), (C, "t3"), (R, "t1"), (C, "t4"), (R, "t2")])
    assert (got.label, got.rule) == (R, ConsensusRule.TIE)  # C and R tie at 2; R's first label is older
    with pytest.raises(ValueError):
        consensus([])
