"""``judge-eval`` with a cascade: the share sent and the agreements in --json and under the table, from
the judges' real verdicts; ``--judge-option`` reading and its refusal of secrets."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from _cli import run_overrefusal
from overrefusal.errors import UserError
from overrefusal.judges import create_judge, parse_judge_options
from overrefusal.judges.evaluation.evaluate import item_for
from overrefusal.judges.labels import read_labelled

LABELS = (Path(__file__).resolve().parents[2] / "../shared/data/xstest/model_completions").resolve()
GPT4 = LABELS / "xstest_v2_completions_gpt4.csv"
OPTIONS = ["--judge-option", "cheap=rules", "--judge-option", "expensive=classifier", "--judge-option", "threshold=0.9"]


def test_judge_options_are_json_or_text_and_never_secrets() -> None:
    assert parse_judge_options(["threshold=0.9", "constrain=grammar", "expensive=wildguard:a/b", "x=true"]) == {
        "threshold": 0.9,
        "constrain": "grammar",
        "expensive": "wildguard:a/b",
        "x": True,
    }
    for bad in (["novalue"], ["=1"], ["a=1", "a=2"], ["api_key=abc"], ["note=sk-abcdefghijklmnopqrstuvwx123456"]):
        with pytest.raises(UserError):
            parse_judge_options(bad)


@pytest.mark.skipif(not GPT4.is_file(), reason=f"the XSTest completion files are not at {LABELS}")
def test_judge_eval_reports_what_the_cascade_sent() -> None:
    done = run_overrefusal("judge-eval", "--labels", str(GPT4), "--judge", "cascade", *OPTIONS, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    s = result["cascade"]
    # Recomputed here from the two member judges run on their own.
    rows = read_labelled(GPT4)
    items = [item_for(r) for r in rows]
    cheap = asyncio.run(create_judge("rules").judge(items))
    unsure = [k for k, j in enumerate(cheap) if j.verdict.value != "error" and j.confidence < 0.9]
    assert s["n"] == len(rows) and s["sent"] == len(unsure) > 0
    assert s["sent_share"] == round(len(unsure) / len(rows), 4)
    expensive = asyncio.run(create_judge("classifier").judge([items[k] for k in unsure]))
    agree = sum(1 for k, e in zip(unsure, expensive) if e.verdict == cheap[k].verdict)
    assert s["changed"] == len(unsure) - agree
    correct_cheap = sum(1 for j, r in zip(cheap, rows) if j.verdict == r.gold)
    assert s["accuracy_cheap_alone"] == round(correct_cheap / len(rows), 4)
    assert s["accuracy_cascade"] == round(result["overall"]["accuracy_3class"], 4)

    text = run_overrefusal("judge-eval", "--labels", str(GPT4), "--judge", "cascade", *OPTIONS)
    assert text.returncode == 0, text.stderr
    assert f"cascade sent {s['sent']} of {s['n']} replies" in text.stdout
    assert "cheap judge alone" in text.stdout


def test_judge_eval_refuses_a_key_as_an_option() -> None:
    done = run_overrefusal(
        "judge-eval", "--labels", str(GPT4), "--judge", "llm:openai/m", "--judge-option", "api_key=x"
    )
    assert done.returncode != 0 and "--judge-option api_key" in done.stderr
    assert "api_key=x" not in done.stderr
