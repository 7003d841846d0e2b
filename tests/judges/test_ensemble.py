"""vote and cascade: majority, tie rule, failure handling, escalation counting."""

from __future__ import annotations

import asyncio

import pytest

from overrefusal.errors import UserError
from overrefusal.judges.ensemble import CascadeJudge, VoteJudge
from overrefusal.types import Verdict

from ._stubs import FixedJudge, item

C, R, P, E = Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL, Verdict.ERROR


def _vote(*members):
    return VoteJudge(members=list(members))


def test_majority_wins_with_share_of_confidence() -> None:
    v = _vote(FixedJudge("a", R, 0.9), FixedJudge("b", R, 0.6), FixedJudge("c", C, 0.99))
    [j] = asyncio.run(v.judge([item("I can't help with that.")]))
    assert j.verdict == R
    assert j.confidence == pytest.approx((0.9 + 0.6) / 3)
    assert len(j.evidence) == 3 and j.signals.length > 0
    assert v.id == "vote@1(a,b,c)"


def test_tie_goes_to_the_surer_side_and_exact_tie_is_error() -> None:
    v = _vote(FixedJudge("a", R, 0.7), FixedJudge("b", C, 0.9))
    [j] = asyncio.run(v.judge([item("text")]))
    assert j.verdict == C
    v = _vote(FixedJudge("a", R, 0.8), FixedJudge("b", C, 0.8))
    [j] = asyncio.run(v.judge([item("text")]))
    assert j.verdict == E and j.error.startswith("tie") and v.ties == 1


def test_failed_members_do_not_vote() -> None:
    class Failing(FixedJudge):
        async def judge(self, items):
            from overrefusal.types import Judgement

            return [Judgement(Verdict.ERROR, 1.0, self.id, error="boom") for _ in items]

    v = _vote(Failing("x", C), FixedJudge("b", P, 0.6))
    [j] = asyncio.run(v.judge([item("text")]))
    assert j.verdict == P and j.confidence == pytest.approx(0.6)
    v = _vote(Failing("x", C), Failing("y", C))
    [j] = asyncio.run(v.judge([item("text")]))
    assert j.verdict == E and "every member failed" in j.error


def test_vote_needs_two_members_and_errored_completion_is_error() -> None:
    with pytest.raises(UserError):
        _vote(FixedJudge("a", C))
    v = _vote(FixedJudge("a", C), FixedJudge("b", C))
    [j] = asyncio.run(v.judge([item("", error="timeout")]))
    assert j.verdict == E and j.error == "timeout"


def test_cascade_escalates_only_unsure_items() -> None:
    cheap = FixedJudge("cheap", C, 0.55)
    sure = FixedJudge("cheap2", C, 0.95)
    exp = FixedJudge("exp", P, 0.8)
    cas = CascadeJudge(cheap=cheap, expensive=exp, threshold=0.8)
    out = asyncio.run(cas.judge([item("a"), item("b")]))
    assert [j.verdict for j in out] == [P, P] and cas.escalated == 2 and exp.seen == 2
    assert out[0].evidence[0].startswith("escalated to exp")
    cas = CascadeJudge(cheap=sure, expensive=exp, threshold=0.8)
    out = asyncio.run(cas.judge([item("a"), item("b"), item("", error="down")]))
    assert [j.verdict for j in out] == [C, C, E] and cas.escalated == 0 and exp.seen == 2
    assert out[0].evidence[0].startswith("not escalated")
    assert cas.id == "cascade@1(cheap2>exp<0.8)"


def test_cascade_keeps_cheap_verdict_when_expensive_fails() -> None:
    class Failing(FixedJudge):
        async def judge(self, items):
            from overrefusal.types import Judgement

            return [Judgement(Verdict.ERROR, 1.0, self.id, error="junk") for _ in items]

    cas = CascadeJudge(cheap=FixedJudge("cheap", R, 0.5), expensive=Failing("llm", C), threshold=0.8)
    [j] = asyncio.run(cas.judge([item("I can't help.")]))
    assert j.verdict == R and "failed" in j.evidence[0] and cas.escalated_total == 1


def test_cascade_needs_an_expensive_judge_and_valid_threshold() -> None:
    with pytest.raises(UserError):
        CascadeJudge()
    with pytest.raises(UserError):
        CascadeJudge(cheap=FixedJudge("a", C), expensive=FixedJudge("b", C), threshold=1.5)
