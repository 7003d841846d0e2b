"""Fixtures of the scale tests: a tiny transformers model built offline."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest


def hf_available() -> bool:
    return importlib.util.find_spec("torch") is not None and importlib.util.find_spec("transformers") is not None


@pytest.fixture(scope="session")
def tiny_hf_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Directory of a random 2-layer Llama with a chat-templated BPE tokenizer (see tiny_model.py)."""
    if not hf_available():
        pytest.skip("torch and transformers are not installed (pip install 'overrefusal[hf]')")
    from tiny_model import build_tiny_model

    return build_tiny_model(tmp_path_factory.mktemp("tiny_hf") / "model")
