"""Plain helpers for the rubric judge's tests: one reply judged, a text in the form the rubric's readers take, the
clause a reply is read as, and sentences joined as a language writes them."""

from __future__ import annotations

import time

from overrefusal.judges.rubric.clauses import Clause
from overrefusal.judges.rubric.judge import RubricJudge
from overrefusal.judges.rubric.signals import clause_for, fold, read
from overrefusal.judges.signals import normalise
from overrefusal.types import Completion, Judgement, Label, Prompt, Verdict


def judgement_of(judge: RubricJudge, prompt: str, reply: str, label: Label = Label.BENIGN) -> Judgement:
    """``reply`` to ``prompt`` (labelled ``label``) judged by ``judge``."""
    return judge.judge_one(Prompt("t", prompt, label), Completion(reply))


def verdict_of(judge: RubricJudge, prompt: str, reply: str, label: Label = Label.BENIGN) -> Verdict:
    """The verdict of :func:`judgement_of`."""
    return judgement_of(judge, prompt, reply, label).verdict


def seconds_to_judge(judge: RubricJudge, prompt: str, reply: str, warm: str) -> float:
    """Wall seconds ``judge`` takes over ``reply`` to ``prompt``, after one judgement of ``warm`` (a short text in the
    reply's script) so that the patterns the script needs are compiled before the clock starts (tests of hostile
    input)."""
    verdict_of(judge, prompt, warm)
    start = time.perf_counter()
    verdict_of(judge, prompt, reply)
    return time.perf_counter() - start


def form(text: str) -> str:
    """``text`` folded and normalised, as the judge reads a prompt (``signals.prompt_form``) and a reply. What a
    sentence's reading would not hold (end marks, outer spaces) each test strips as its functions expect."""
    return normalise(fold(text))


def clause_of(prompt: str, reply: str) -> Clause:
    """The written clause ``reply`` to ``prompt`` is read as."""
    return clause_for(read(reply), prompt)


def joined(lang: str, *sentences: str) -> str:
    """``sentences`` as one reply: Chinese writes no space between sentences, the other languages one."""
    return ("" if lang == "zh" else " ").join(sentences)
