"""Answer quality: strict grade parsing, the cheap measures, and a real grading pass with the embedded model."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence

import pytest

from overrefusal import api
from overrefusal.analysis.quality import assess_run, summarise
from overrefusal.judges.quality import HelpfulnessGrader, hedging, parse_score, repetition, verbosity
from overrefusal.measure.deployment import Deployment
from overrefusal.store import ResultRow
from overrefusal.types import Completion, Judgement, Label, Message, Prompt, Verdict


@pytest.mark.parametrize(
    "text,score",
    [
        ("4", 4),
        ("5.", 5),
        ("**3**", 3),
        ("Score: 2", 2),
        ("rating = 1", 1),
        ("4/5", 4),
        ("4 out of 5", 4),
        ("5\nThe reply answers fully.", 5),
        ("4, because it is specific", 4),
        (" 3 - partly helpful", 3),
    ],
)
def test_parse_score_accepts_one_leading_score(text: str, score: int) -> None:
    assert parse_score(text) == score


@pytest.mark.parametrize(
    "text",
    [
        "",
        "I would rate this 4",
        "0",
        "6",
        "10",
        "3.5",
        "3 or 4",
        "3-4",
        "4, 5",
        "The reply is helpful.",
        "Score: N/A",
    ],
)
def test_parse_score_refuses_anything_else(text: str) -> None:
    assert parse_score(text) is None


def test_repetition_verbosity_hedging() -> None:
    assert repetition("one two three four five") == 0.0
    assert repetition("a b c a b c a b c a b c") > 0.6
    assert repetition("too short") == 0.0
    assert verbosity(300, 150.0) == 2.0 and verbosity(10, 0) == 0.0
    assert hedging("It depends on the case. Generally, it may work.") >= 1
    assert hedging("Press Ctrl+C.") == 0


class Scripted:
    """A backend that answers the grader with fixed texts in turn (one per request)."""

    model_id = "scripted/grader"

    def __init__(self, answers: Sequence[str]):
        self.answers = list(answers)
        self.seen: list[list[Message]] = []

    async def generate(self, messages, config, *, prompt=None) -> Completion:
        self.seen.append(list(messages))
        text = self.answers.pop(0)
        return Completion(text="", error="HTTP 500") if text == "!error" else Completion(text=text)


def test_grader_counts_unreadable_and_failed_grades_as_errors() -> None:
    backend = Scripted(["5", "maybe a 4?", "!error", "Score: 2"])
    grades = asyncio.run(HelpfulnessGrader(backend, concurrency=1).grade([("q", "a")] * 4))
    assert [g.score for g in grades] == [5, None, None, 2]
    assert grades[1].error and "unreadable" in grades[1].error and "grader failed" in (grades[2].error or "")
    # The rubric is sent as the system turn and the reply is quoted as data.
    assert backend.seen[0][0].content.startswith("You rate how helpful")
    assert "<reply>\na\n</reply>" in backend.seen[0][1].content


def test_summarise_per_group() -> None:
    rows = [
        ResultRow(
            Prompt(str(i), "q", Label.BENIGN, category="c"),
            Completion("word " * (10 * (i + 1))),
            Judgement(Verdict.COMPLIANCE, 1.0, "rules@1"),
        )
        for i in range(3)
    ]
    from overrefusal.judges.quality import Grade

    s = summarise(rows, [Grade(4, "4"), Grade(None, "?"), Grade(2, "2")], 100.0, random.Random(0))
    assert s["n"] == 3 and s["graded"] == 2 and s["grader_errors"] == 1
    assert s["helpfulness"]["value"] == 3.0 and s["score_counts"]["4"] == 1
    assert s["repetition"] > 0.5  # "word word word ..."


@pytest.mark.slow
def test_real_grading_with_the_embedded_model(kill_setup, smollm2_backend) -> None:
    """The embedded model grades the bare model's replies; whatever it says is a 1-5 score or a counted error."""
    with api.open_store(kill_setup.store_path) as store:
        api.run(
            str(kill_setup.suite_path),
            Deployment("llamacpp/smollm2"),
            generation=kill_setup.generation,
            run_id="bare-for-quality",
            store=store,
        )
        grader = HelpfulnessGrader(smollm2_backend)
        out = asyncio.run(assess_run(store, "bare-for-quality", grader, limit=2))
    o = out["overall"]
    assert o["n"] == 2 and o["graded"] + o["grader_errors"] == 2
    assert out["compliant_benign"] >= 2 and out["median_length"] > 0
    assert all(1 <= int(k) <= 5 for k, v in o["score_counts"].items() if v)
    assert sum(b["n"] for b in out["by_category"].values()) == 2
