"""Offline batch inference on GPUs with vLLM (``vllm/MODEL``): no server, one ``LLM`` in this process.

vLLM is optional (the ``vllm`` extra) and imported only when this backend is created. Batching is what
vLLM is for: the engine passes whole chunks to :meth:`VLLMBackend.generate_batch`, which hands them to
``LLM.chat`` in one call so vLLM's scheduler can pack them (continuous batching, paged KV cache).
For a vLLM *server*, use ``openai/MODEL --base-url http://HOST:8000/v1`` instead.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import MissingDependency, UserError
from ..types import Completion, GenerationConfig, Message, Prompt, Usage
from ._base import BackendOptions, BaseBackend, batch_in_thread

# ``--backend-option`` values arrive as strings; these engine arguments are converted to their types.
_INT_ARGS = frozenset(
    {
        "tensor_parallel_size",
        "pipeline_parallel_size",
        "max_model_len",
        "max_num_seqs",
        "max_num_batched_tokens",
        "seed",
    }
)
_FLOAT_ARGS = frozenset({"gpu_memory_utilization", "swap_space"})
_BOOL_ARGS = frozenset({"enforce_eager", "enable_prefix_caching", "enable_chunked_prefill"})
_STR_ARGS = frozenset({"dtype", "quantization", "tokenizer", "download_dir", "kv_cache_dtype", "revision"})
ENGINE_ARGS = _INT_ARGS | _FLOAT_ARGS | _BOOL_ARGS | _STR_ARGS
"""The ``extra`` keys passed to ``vllm.LLM``; other keys are ignored (they may belong to overrefusal)."""


def _import_vllm() -> Any:
    try:
        import vllm
    except ImportError as exc:
        raise MissingDependency("the vllm backend", "vllm", "vllm") from exc
    return vllm


def engine_kwargs(model: str, extra: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments for ``vllm.LLM`` from a model name and backend options (typed from strings)."""
    out: dict[str, Any] = {"model": model}
    for key, value in extra.items():
        if key not in ENGINE_ARGS:
            continue
        try:
            if key in _INT_ARGS:
                out[key] = int(value)
            elif key in _FLOAT_ARGS:
                out[key] = float(value)
            elif key in _BOOL_ARGS:
                out[key] = value if isinstance(value, bool) else str(value).lower() in {"1", "true", "yes", "on"}
            else:
                out[key] = str(value)
        except ValueError:
            raise UserError(f"invalid value {value!r} for vLLM option '{key}'", field="--backend-option") from None
    return out


def sampling_kwargs(config: GenerationConfig) -> dict[str, Any]:
    """Keyword arguments for ``vllm.SamplingParams`` that mean what ``config`` means elsewhere."""
    kwargs: dict[str, Any] = {
        "temperature": config.temperature,
        "top_p": config.top_p,
        "max_tokens": config.max_tokens,
        "seed": config.seed,
    }
    if config.stop:
        kwargs["stop"] = list(config.stop)
    return kwargs


def completion_from_output(output: Any, latency_s: float) -> Completion:
    """A Completion from one ``vllm.RequestOutput`` (its first sample)."""
    try:
        sample = output.outputs[0]
        prompt_ids = getattr(output, "prompt_token_ids", None) or []
        return Completion(
            text=sample.text,
            finish_reason=str(sample.finish_reason or ""),
            usage=Usage(len(prompt_ids), len(sample.token_ids or [])),
            latency_s=latency_s,
        )
    except (AttributeError, IndexError, TypeError) as exc:
        return Completion(text="", error=f"unexpected vLLM output: {exc!r}", latency_s=latency_s)


class VLLMBackend(BaseBackend):
    """A model served by an in-process ``vllm.LLM`` (usually on GPU).

    Options, in ``extra``: any of :data:`ENGINE_ARGS` (``tensor_parallel_size=2``,
    ``gpu_memory_utilization=0.85``, ``max_model_len=4096``, ``dtype=bfloat16``...). The engine is
    built on the first request, so a fully cached run never touches the GPU.
    """

    batched = True

    def __init__(self, model: str, options: BackendOptions | None = None):
        """``model``: a hub id or a local directory vLLM can load. Raises MissingDependency at once
        when vLLM is not installed."""
        self.options = options or BackendOptions()
        self.model = model
        self.model_id = f"vllm/{model}"
        self._vllm = _import_vllm()
        self._engine_kwargs = engine_kwargs(model, self.options.extra)
        self._llm: Any = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"VLLMBackend(model={self.model!r})"

    def load(self) -> None:
        """Build the vLLM engine now (idempotent); UserError if the model cannot be loaded."""
        with self._lock:
            self._load_locked()

    def _load_locked(self) -> None:
        if self._llm is not None:
            return
        try:
            self._llm = self._vllm.LLM(**self._engine_kwargs)
        except (OSError, ValueError, RuntimeError) as exc:
            raise UserError(f"vLLM could not load the model: {type(exc).__name__}: {exc}", field="--model") from exc

    def _chat_sync(self, conversations: list[list[dict[str, str]]], config: GenerationConfig) -> list[Completion]:
        with self._lock:
            self._load_locked()
            params = self._vllm.SamplingParams(**sampling_kwargs(config))
            start = time.perf_counter()
            outputs = self._llm.chat(conversations, params, use_tqdm=False)
            latency = (time.perf_counter() - start) / max(1, len(conversations))
        if len(outputs) != len(conversations):
            raise RuntimeError(f"vLLM returned {len(outputs)} outputs for {len(conversations)} conversations")
        return [completion_from_output(o, latency) for o in outputs]

    async def generate_batch(
        self,
        conversations: Sequence[Sequence[Message]],
        config: GenerationConfig,
        prompts: Sequence[Prompt] | None = None,
    ) -> list[Completion]:
        """Replies to all conversations from one ``LLM.chat`` call, in order. A failed call fails each
        reply as an ERROR completion; an unloadable model raises UserError."""
        return await batch_in_thread(self._chat_sync, conversations, config, "vLLM")

    async def generate(
        self, messages: Sequence[Message], config: GenerationConfig, *, prompt: Prompt | None = None
    ) -> Completion:
        """One reply (a batch of one; prefer the engine's batching)."""
        return (await self.generate_batch([messages], config, [prompt] if prompt else None))[0]

    async def aclose(self) -> None:
        """Drop the engine (frees GPU memory once collected)."""
        with self._lock:
            self._llm = None
