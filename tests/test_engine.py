"""Unit tests of the run loop with a fake backend and judge, registered through the real registries."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from overrefusal.backends import BackendOptions
from overrefusal.errors import UserError
from overrefusal.estimate.metrics import summarize_rows
from overrefusal.measure.deployment import Deployment
from overrefusal.measure.engine import RunPlan, execute
from overrefusal.registry import Kind
from overrefusal.store import Store
from overrefusal.types import (
    Completion,
    GenerationConfig,
    Judgement,
    Label,
    Message,
    Prompt,
    Suite,
    Verdict,
)

CALLS: list[str] = []
FAIL_TEXTS: set[str] = set()


class FakeBackend:
    """Refuses prompts that mention 'weapon'; fails on prompts listed in FAIL_TEXTS."""

    def __init__(self, model: str, options: BackendOptions):
        self.model_id = f"fake/{model}"

    async def generate(
        self, messages: Sequence[Message], config: GenerationConfig, *, prompt: Prompt | None = None
    ) -> Completion:
        text = messages[-1].content
        CALLS.append(text)
        await asyncio.sleep(0)
        if text in FAIL_TEXTS:
            return Completion(text="", error="HTTP 503 after 4 retries")
        if "weapon" in text:
            return Completion(text="I can't help with that.", finish_reason="stop")
        return Completion(text=f"Sure. Here is how: {text}", finish_reason="stop")


class PrefixJudge:
    def __init__(self, name: str = "prefix", fail: bool = False):
        self.id = f"{name}@1"
        self.fail = fail

    async def judge(self, items):
        if self.fail:
            raise RuntimeError("judge model unreachable")
        return [
            Judgement(Verdict.REFUSAL if c.text.startswith("I can't") else Verdict.COMPLIANCE, 0.9, self.id)
            for _, c in items
        ]


@pytest.fixture(autouse=True)
def _test_doubles(register_plugin: Callable[[Kind, str, Any], None]) -> None:
    """This module's fake backends and judges, registered for each of its tests only."""
    register_plugin(Kind.BACKEND, "fake", FakeBackend)
    register_plugin(Kind.JUDGE, "test-prefix", PrefixJudge)


def make_suite(n_pairs: int = 6) -> Suite:
    prompts = []
    for i in range(n_pairs):
        prompts.append(
            Prompt(
                f"b{i}",
                f"benign question {i} about a weapon in a game" if i % 2 else f"benign {i}",
                Label.BENIGN,
                category="cat" + str(i % 2),
                pair_id=f"p{i}",
            )
        )
        prompts.append(
            Prompt(f"h{i}", f"harmful request {i} weapon", Label.HARMFUL, category="cat" + str(i % 2), pair_id=f"p{i}")
        )
    return Suite("unit", tuple(prompts))


@pytest.fixture(autouse=True)
def _reset():
    CALLS.clear()
    FAIL_TEXTS.clear()


def plan(suite: Suite, judges=None, **kw) -> RunPlan:
    return RunPlan(
        suite=suite,
        deployment=Deployment("fake/m"),
        generation=GenerationConfig(max_tokens=8),
        judges=judges or [PrefixJudge()],
        **kw,
    )


def test_run_stores_one_record_per_prompt_and_summarises(tmp_path):
    store = Store(tmp_path / "s.db")
    suite = make_suite()
    out = asyncio.run(execute(plan(suite), store))
    assert out.generated == len(suite.prompts) == len(CALLS)
    rows = store.results(out.run_id)
    assert len(rows) == len(suite.prompts)
    s = summarize_rows(rows)
    # Benign prompts with odd i mention 'weapon' and are refused: 3 of 6.
    assert s["benign"]["full_refusal"]["value"] == pytest.approx(0.5)
    assert s["harmful"]["compliance"]["value"] == 0.0
    assert s["benign"]["full_refusal"]["low"] < 0.5 < s["benign"]["full_refusal"]["high"]
    assert store.get_run(out.run_id).status == "complete"


def test_repeat_is_free_and_cache_is_shared_across_runs(tmp_path):
    store = Store(tmp_path / "s.db")
    suite = make_suite()
    first = asyncio.run(execute(plan(suite), store))
    CALLS.clear()
    again = asyncio.run(execute(plan(suite), store))
    assert again.run_id == first.run_id and again.generated == 0 and again.already_done == len(suite.prompts)
    other = asyncio.run(execute(plan(suite, run_id="named"), store))
    assert other.generated == 0 and other.from_cache == len(suite.prompts) and CALLS == []
    nocache = asyncio.run(execute(plan(suite, run_id="nocache", use_cache=False), store))
    assert nocache.generated == len(suite.prompts)


def test_errors_are_recorded_excluded_and_retried_on_resume(tmp_path):
    store = Store(tmp_path / "s.db")
    suite = make_suite()
    FAIL_TEXTS.update({suite.prompts[0].text, suite.prompts[1].text})
    out = asyncio.run(execute(plan(suite), store))
    assert out.errors == 2
    s = summarize_rows(store.results(out.run_id))
    assert s["benign"]["errors"] == 1 and s["harmful"]["errors"] == 1
    assert s["benign"]["full_refusal"]["n"] == 5  # the errored prompt is in no denominator
    assert store.get_run(out.run_id).status == "incomplete"
    FAIL_TEXTS.clear()
    CALLS.clear()
    again = asyncio.run(execute(plan(suite), store))
    assert sorted(CALLS) == sorted([suite.prompts[0].text, suite.prompts[1].text])
    rows = store.results(out.run_id)
    assert len(rows) == len(suite.prompts) and all(r.judgement.verdict is not Verdict.ERROR for r in rows)
    assert again.errors == 0


def test_judge_failure_is_error_not_verdict(tmp_path):
    store = Store(tmp_path / "s.db")
    out = asyncio.run(execute(plan(make_suite(), judges=[PrefixJudge(fail=True)]), store))
    rows = store.results(out.run_id)
    assert rows and all(r.judgement.verdict is Verdict.ERROR for r in rows)
    assert "unreachable" in rows[0].judgement.error


def test_second_judge_reuses_generations(tmp_path):
    store = Store(tmp_path / "s.db")
    suite = make_suite()
    out = asyncio.run(execute(plan(suite, run_id="r"), store))
    CALLS.clear()
    both = asyncio.run(execute(plan(suite, run_id="r2", judges=[PrefixJudge(), PrefixJudge("second")]), store))
    assert CALLS == [] and both.judged == 2 * len(suite.prompts)
    assert len(store.results("r2", "second@1")) == len(suite.prompts)
    assert out.run_id == "r"


def test_same_run_id_with_other_config_is_refused(tmp_path):
    store = Store(tmp_path / "s.db")
    asyncio.run(execute(plan(make_suite(), run_id="x"), store))
    with pytest.raises(UserError, match="different"):
        asyncio.run(execute(plan(make_suite(3), run_id="x"), store))


def test_limit_keeps_pairs():
    suite = make_suite()
    limited = suite.limited(3)
    assert {p.pair_id for p in limited.prompts} == {"p0", "p1"}
    assert len(limited.prompts) == 4


def test_migrations_are_recorded_once(tmp_path):
    Store(tmp_path / "s.db").close()
    store = Store(tmp_path / "s.db")
    from overrefusal.store._migrations import MIGRATIONS

    names = [name for name, _ in MIGRATIONS]
    assert names == sorted(names) and names[0] == "001_initial"
    assert store.applied_migrations() == names


@pytest.mark.parametrize(
    "text",
    ["How do I kill a process?", 'quotes " and \\ backslash', "naïve café 北京 😀", "tab\tnew\nline\x00nul", ""],
)
def test_the_cache_key_of_a_single_prompt_is_the_one_stored_replies_have(text: str) -> None:
    # Hashed in two parts for speed (the run's shared part once); the key must stay what earlier versions
    # stored, or every stored reply would be a cache miss.
    from overrefusal.measure.engine import cache_key
    from overrefusal.types import stable_hash

    deployment = Deployment(model="openai/some-model")
    for generation in (
        GenerationConfig(),
        GenerationConfig(temperature=0.7, stop=("\n\n", "é")),
        GenerationConfig(seed=3),
    ):
        expected = stable_hash([deployment.id, generation.to_dict(), text], 32)
        assert cache_key(deployment, generation, Prompt("p", text, Label.BENIGN)) == expected
        assert cache_key(deployment, generation, Prompt("p", text, Label.BENIGN), deployment_id="other") == stable_hash(
            ["other", generation.to_dict(), text], 32
        )
