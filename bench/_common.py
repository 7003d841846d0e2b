"""Shared by the benchmark scripts: a llama.cpp server on 127.0.0.1 serving the embedded SmolLM2."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import httpx

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Server:
    base_url: str
    """``http://127.0.0.1:PORT/v1``."""
    model: str
    """The name the server lists under /v1/models."""
    log: Path
    """The server's log (uvicorn writes one access line per request)."""

    def chat_requests(self) -> int:
        """Chat-completion requests the server has received so far, read from its access log."""
        return sum(1 for line in self.log.read_text(errors="replace").splitlines()
                   if "POST /v1/chat/completions" in line)


@contextlib.contextmanager
def llama_server(n_threads: int | None = None) -> Iterator[Server]:
    """Start ``python -m llama_cpp.server`` on the embedded model; stop it on exit."""
    from overrefusal.backends.llamacpp import embedded_model_path

    port = free_port()
    log = Path(tempfile.mkdtemp(prefix="or-bench-")) / "server.log"
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(embedded_model_path()), "--host", "127.0.0.1",
           "--port", str(port), "--n_ctx", "2048", "--n_threads", str(n_threads or os.cpu_count() or 1)]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"llama.cpp server exited:\n{log.read_text(errors='replace')[-2000:]}")
            try:
                r = httpx.get(f"{base}/models", timeout=2)
                if r.status_code == 200:
                    model = r.json()["data"][0]["id"]
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("llama.cpp server did not come up in 120 s")
            time.sleep(0.3)
        yield Server(base, model, log)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
