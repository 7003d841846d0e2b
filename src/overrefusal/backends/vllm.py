"""Offline batch inference on GPUs with vLLM (``vllm/MODEL``): no server, one ``LLM`` in this process.

vLLM is optional (the ``vllm`` extra) and imported only when this backend is created. Batching is what
vLLM is for: the engine passes whole chunks to :meth:`VLLMBackend.generate_batch`, which hands them to
``LLM.chat`` in one call so vLLM's scheduler can pack them (continuous batching, paged KV cache).
For a vLLM *server*, use ``openai/MODEL --base-url http://HOST:8000/v1`` instead.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..errors import MissingDependency, UserError
from ..types import Completion, GenerationConfig, Usage
from ._base import BackendOptions, ThreadBatchBackend, sampling_fields
from ._options import option, parse_options

_BIG = 100_000_000
"""Upper bound of the counts below: far past any real engine, low enough to catch a typo or an overflow."""


@dataclass(frozen=True)
class VLLMOptions:
    """``--backend-option`` settings of ``vllm/MODEL``: ``vllm.LLM`` engine arguments, typed and checked
    here (a typo is one clear error before a GPU is touched). Unset ones keep vLLM's own defaults; any other
    engine argument goes through ``engine_args``."""

    tensor_parallel_size: int | None = option(None, "GPUs the model is split across", minimum=1, maximum=1024)
    pipeline_parallel_size: int | None = option(None, "pipeline stages", minimum=1, maximum=1024)
    max_model_len: int | None = option(None, "context length in tokens", minimum=16, maximum=_BIG)
    max_num_seqs: int | None = option(None, "sequences scheduled at once", minimum=1, maximum=_BIG)
    max_num_batched_tokens: int | None = option(None, "tokens per scheduler step", minimum=1, maximum=_BIG)
    seed: int | None = option(None, "the engine's random seed", minimum=0, maximum=2**63 - 1)
    gpu_memory_utilization: float | None = option(
        None, "share of each GPU's memory vLLM may take", minimum=0.01, maximum=1.0
    )
    swap_space: float | None = option(None, "CPU swap space per GPU, GiB", minimum=0.0, maximum=1_000_000.0)
    enforce_eager: bool | None = option(None, "no CUDA graphs (starts faster, runs slower)")
    enable_prefix_caching: bool | None = option(None, "reuse the KV cache of shared prompt prefixes")
    enable_chunked_prefill: bool | None = option(None, "split long prompts' prefill into chunks")
    dtype: str | None = option(
        None, "weights and activations", choices=("auto", "half", "float16", "bfloat16", "float", "float32")
    )
    quantization: str | None = option(None, "quantization method, e.g. `awq`, `gptq`, `fp8`")
    tokenizer: str | None = option(None, "tokenizer name or path, when not the model's")
    download_dir: str | None = option(None, "where weights are downloaded")
    kv_cache_dtype: str | None = option(None, "KV cache dtype, e.g. `auto`, `fp8`")
    revision: str | None = option(None, "model revision (branch, tag or commit)")
    engine_args: Mapping[str, Any] = option(
        {}, 'passed through: further `vllm.LLM` arguments as a JSON object, e.g. `{"max_loras": 2}`'
    )


ENGINE_ARGS = frozenset(f.name for f in fields(VLLMOptions)) - {"engine_args"}
"""The typed engine arguments (each its own ``--backend-option``)."""


def _import_vllm() -> Any:
    try:
        import vllm
    except ImportError as exc:
        raise MissingDependency("the vllm backend", "vllm", "vllm") from exc
    return vllm


def engine_kwargs(model: str, extra: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments for ``vllm.LLM`` from a model name and backend options (:class:`VLLMOptions`)."""
    settings = parse_options(VLLMOptions, extra, owner="the vllm backend")
    typed = {name: getattr(settings, name) for name in sorted(ENGINE_ARGS) if getattr(settings, name) is not None}
    twice = sorted(set(settings.engine_args) & (ENGINE_ARGS | {"model"}))
    if twice:
        raise UserError(
            f"engine_args sets {', '.join(twice)}, which {'has' if len(twice) == 1 else 'have'} an option or flag "
            "of its own: give it there",
            field="--backend-option engine_args",
        )
    return {"model": model, **typed, **settings.engine_args}


def sampling_kwargs(config: GenerationConfig) -> dict[str, Any]:
    """Keyword arguments for ``vllm.SamplingParams`` that mean what ``config`` means elsewhere."""
    return sampling_fields(config)


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


class VLLMBackend(ThreadBatchBackend):
    """A model served by an in-process ``vllm.LLM`` (usually on GPU).

    Options, in ``extra``: :class:`VLLMOptions` (``tensor_parallel_size=2``,
    ``gpu_memory_utilization=0.85``, ``max_model_len=4096``, ``dtype=bfloat16``...). The engine is
    built on the first request, so a fully cached run never touches the GPU.
    """

    engine_name = "vLLM"
    options_type = VLLMOptions

    def __init__(self, model: str, options: BackendOptions | None = None):
        """``model``: a hub id or a local directory vLLM can load. Raises MissingDependency at once
        when vLLM is not installed."""
        self.options = options or BackendOptions()
        self.model = model
        self.model_id = f"vllm/{model}"
        self._engine_kwargs = engine_kwargs(model, self.options.extra)  # options are checked before the import
        self._vllm = _import_vllm()
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

    def generate_sync(self, conversations: list[list[dict[str, str]]], config: GenerationConfig) -> list[Completion]:
        with self._lock:
            self._load_locked()
            params = self._vllm.SamplingParams(**sampling_kwargs(config))
            start = time.perf_counter()
            outputs = self._llm.chat(conversations, params, use_tqdm=False)
            latency = (time.perf_counter() - start) / max(1, len(conversations))
        if len(outputs) != len(conversations):
            raise RuntimeError(f"vLLM returned {len(outputs)} outputs for {len(conversations)} conversations")
        return [completion_from_output(o, latency) for o in outputs]

    async def aclose(self) -> None:
        """Drop the engine (frees GPU memory once collected)."""
        with self._lock:
            self._llm = None
