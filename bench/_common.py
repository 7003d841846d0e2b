"""Shared by the benchmark scripts: a llama.cpp server on 127.0.0.1 serving the embedded SmolLM2
(the package's own launcher, :func:`overrefusal.backends.llamacpp.serve`)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from overrefusal.backends.llamacpp import LlamaServer as Server
from overrefusal.backends.llamacpp import serve, usable_cores

REPO = Path(__file__).resolve().parents[1]

__all__ = ["REPO", "Server", "llama_server"]


@contextlib.contextmanager
def llama_server(n_threads: int | None = None) -> Iterator[Server]:
    """Start ``python -m llama_cpp.server`` on the embedded model with every core (or ``n_threads``)."""
    with serve(n_threads=n_threads or usable_cores()) as server:
        yield server
