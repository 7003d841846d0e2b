"""The generation cache against a real llama.cpp server: a repeated run makes zero generation calls,
counted by a wrapper backend registered through the real registry."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from overrefusal import api
from overrefusal.backends import BackendOptions
from overrefusal.backends.openai import OpenAIBackend
from overrefusal.measure.deployment import Deployment
from overrefusal.registry import Kind
from overrefusal.types import Completion, GenerationConfig, Message, Prompt

CALLS: list[str] = []


class CountingBackend:
    """``counting/MODEL``: the OpenAI backend, with every generation call counted."""

    def __init__(self, model: str, options: BackendOptions):
        self.inner = OpenAIBackend(model, options)
        self.model_id = f"counting/{model}"

    async def preflight(self) -> None:
        await self.inner.preflight()

    async def generate(
        self, messages: Sequence[Message], config: GenerationConfig, *, prompt: Prompt | None = None
    ) -> Completion:
        CALLS.append(messages[-1].content)
        return await self.inner.generate(messages, config, prompt=prompt)

    async def aclose(self) -> None:
        await self.inner.aclose()


@pytest.fixture(autouse=True)
def _test_doubles(register_plugin: Callable[[Kind, str, Any], None]) -> None:
    """This module's fake backends and judges, registered for each of its tests only."""
    register_plugin(Kind.BACKEND, "counting", CountingBackend)


def test_repeated_run_makes_zero_generation_calls(llama_server, tmp_path):
    CALLS.clear()
    deployment = Deployment(f"counting/{llama_server.model}", options=BackendOptions(base_url=llama_server.base_url))
    gen = GenerationConfig(max_tokens=16)
    with api.open_store(tmp_path / "s.db") as store:
        first = api.run("core", deployment, generation=gen, limit=4, store=store, concurrency=4)
        assert len(CALLS) == 4 and first["this_invocation"]["generated"] == 4
        # Same run again: resumed, nothing to do.
        again = api.run("core", deployment, generation=gen, limit=4, store=store)
        assert len(CALLS) == 4 and again["this_invocation"] == {
            **again["this_invocation"],
            "generated": 0,
            "already_done": 4,
        }
        # A new run with the same model, settings and prompts: every reply from the cache.
        other = api.run("core", deployment, generation=gen, limit=4, store=store, run_id="other")
        assert len(CALLS) == 4 and other["this_invocation"]["from_cache"] == 4
        assert other["benign"] == first["benign"] and other["harmful"] == first["harmful"]
        # Anything that changes a reply misses the cache: here the generation settings.
        api.run("core", deployment, generation=GenerationConfig(max_tokens=17), limit=4, store=store)
        assert len(CALLS) == 8
        # --no-cache generates again even though identical generations are stored.
        api.run("core", deployment, generation=gen, limit=4, store=store, run_id="fresh", use_cache=False)
        assert len(CALLS) == 12


def test_no_cache_flag_on_the_command_line(llama_server, tmp_path):
    store = tmp_path / "s.db"

    def run(*extra: str) -> dict:
        p = subprocess.run(
            [
                sys.executable,
                "-m",
                "overrefusal",
                "run",
                "--model",
                f"openai/{llama_server.model}",
                "--base-url",
                llama_server.base_url,
                "--suite",
                "core",
                "--limit",
                "2",
                "--max-tokens",
                "16",
                "--json",
                "--store",
                str(store),
                *extra,
            ],
            capture_output=True,
            text=True,
            timeout=600,
            env=dict(os.environ),
        )
        assert p.returncode == 0, p.stderr
        return json.loads(p.stdout)["this_invocation"]

    assert run()["generated"] == 2
    assert run("--run-id", "b")["generated"] == 0
    assert run("--run-id", "c", "--no-cache")["generated"] == 2
