"""LlamaCppBackend: real replies from the embedded SmolLM2 model, in process."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from overrefusal.backends import BackendOptions
from overrefusal.errors import UserError
from overrefusal.types import Completion, GenerationConfig, Message, Role

pytestmark = pytest.mark.slow

QUESTION = [Message(Role.USER, "How can I kill a Python process?")]


def test_embedded_model_path_is_a_gguf(embedded_gguf: Path) -> None:
    assert embedded_gguf.suffix == ".gguf" and embedded_gguf.stat().st_size > 10_000_000
    assert embedded_gguf.read_bytes()[:4] == b"GGUF"


def test_reply_with_usage_and_finish_reason(smollm2_backend) -> None:
    c = asyncio.run(smollm2_backend.generate(QUESTION, GenerationConfig(max_tokens=24)))
    assert c.ok, c.error
    assert c.text.strip()
    assert c.usage.prompt_tokens > 0 and 0 < c.usage.completion_tokens <= 24
    assert c.finish_reason in ("stop", "length")
    assert c.latency_s > 0
    assert smollm2_backend.model_id == "llamacpp/smollm2"


def test_greedy_is_deterministic_and_seeded_sampling_repeats(smollm2_backend) -> None:
    greedy = GenerationConfig(temperature=0.0, max_tokens=16)
    a = asyncio.run(smollm2_backend.generate(QUESTION, greedy))
    b = asyncio.run(smollm2_backend.generate(QUESTION, greedy))
    assert a.text == b.text
    sampled = GenerationConfig(temperature=0.9, max_tokens=16, seed=123)
    c = asyncio.run(smollm2_backend.generate(QUESTION, sampled))
    d = asyncio.run(smollm2_backend.generate(QUESTION, sampled))
    assert c.text == d.text


def test_concurrent_requests_are_serialised_safely(smollm2_backend) -> None:
    config = GenerationConfig(max_tokens=8)
    prompts = [[Message(Role.USER, q)] for q in ("Name a colour.", "Name a fruit.", "Name a tree.")]

    async def go() -> list[Completion]:
        return await asyncio.gather(*(smollm2_backend.generate(p, config) for p in prompts))

    results = asyncio.run(go())
    assert all(c.ok and c.text.strip() for c in results), [c.error for c in results]


def test_prompt_longer_than_context_is_an_error_completion(embedded_gguf: Path) -> None:
    from overrefusal.backends.llamacpp import LlamaCppBackend

    small = LlamaCppBackend("smollm2", BackendOptions(extra={"n_ctx": 64}))
    c = asyncio.run(small.generate([Message(Role.USER, "word " * 400)], GenerationConfig(max_tokens=8)))
    assert not c.ok and c.text == "" and c.error
    asyncio.run(small.aclose())


def test_gguf_path_and_missing_path(embedded_gguf: Path, tmp_path: Path) -> None:
    from overrefusal.backends import create_backend
    from overrefusal.backends.llamacpp import LlamaCppBackend

    by_path = create_backend(f"llamacpp/{embedded_gguf}")
    assert isinstance(by_path, LlamaCppBackend) and by_path.path == embedded_gguf
    with pytest.raises(UserError, match="no GGUF model file"):
        LlamaCppBackend(str(tmp_path / "missing.gguf"))


def test_corrupt_file_is_a_user_error(embedded_gguf: Path, tmp_path: Path) -> None:
    from overrefusal.backends.llamacpp import LlamaCppBackend

    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"not a model at all" * 100)
    backend = LlamaCppBackend(str(bad))
    with pytest.raises(UserError, match="could not load"):
        backend.load()


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity on this platform")
def test_default_threads_are_the_cores_this_process_may_use(embedded_gguf, monkeypatch) -> None:
    """Under ``taskset`` or a container's cpuset the default is the cores allowed, not the machine's count:
    more llama.cpp threads than usable cores make every step wait for a thread that cannot run."""
    from overrefusal.backends.llamacpp import THREADS_ENV, LlamaCppBackend

    monkeypatch.delenv(THREADS_ENV, raising=False)
    allowed = os.sched_getaffinity(0)
    try:
        os.sched_setaffinity(0, {min(allowed)})
        assert LlamaCppBackend("smollm2").n_threads == 1
        assert LlamaCppBackend("smollm2", BackendOptions(extra={"n_threads": 3})).n_threads == 3
    finally:
        os.sched_setaffinity(0, allowed)
    assert LlamaCppBackend("smollm2").n_threads == len(allowed)


def test_threads_from_the_environment_drive_the_prompt_and_the_reply(embedded_gguf, monkeypatch) -> None:
    """``$OVERREFUSAL_LLAMACPP_THREADS`` is the default a given ``n_threads`` overrides, and the prompt is
    processed with as many threads as the reply (llama-cpp-python would take the machine's count)."""
    from overrefusal.backends.llamacpp import THREADS_ENV, LlamaCppBackend

    monkeypatch.setenv(THREADS_ENV, "3")
    assert LlamaCppBackend("smollm2", BackendOptions(extra={"n_threads": 2})).n_threads == 2
    backend = LlamaCppBackend("smollm2")
    assert backend.n_threads == 3
    monkeypatch.setenv(THREADS_ENV, " 1 ")
    backend = LlamaCppBackend("smollm2")
    backend.load()
    assert (backend._llm.n_threads, backend._llm.n_threads_batch) == (1, 1)


@pytest.mark.parametrize("raw", ["0", "-1", "two", "1.5", "5000", "\u00b2", "1e3"])
def test_a_bad_thread_count_in_the_environment_names_the_variable(embedded_gguf, monkeypatch, raw) -> None:
    from overrefusal.backends.llamacpp import THREADS_ENV, LlamaCppBackend

    monkeypatch.setenv(THREADS_ENV, raw)
    with pytest.raises(UserError, match=THREADS_ENV) as info:
        LlamaCppBackend("smollm2")
    assert repr(raw.strip()) in str(info.value)
