"""Hugging Face transformers models in this process (``hf/PATH_OR_ID``), on CPU or GPU.

torch and transformers are optional (the ``hf`` extra) and imported only when this backend is created.
A model is a local directory written by ``save_pretrained`` (or a hub id, which transformers resolves
through its own cache), or a ``.gguf`` file, which transformers can dequantize into a torch model when
the ``gguf`` package is installed.

Replies are generated in batches: prompts are rendered with the tokenizer's chat template, padded on
the *left* (a decoder-only model continues from the last position, so padding must not sit between
the prompt and the reply) and decoded in one ``model.generate`` call.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import MissingDependency, UserError
from ..types import Completion, GenerationConfig, Usage
from ._base import BackendOptions, ThreadBatchBackend
from ._options import option


def _import_hf() -> tuple[Any, Any]:
    """(torch, transformers), or MissingDependency naming the extra."""
    try:
        import torch
        import transformers
    except ImportError as exc:
        raise MissingDependency("the hf backend", "hf", "transformers") from exc
    return torch, transformers


def truncate_at_stop(text: str, stop: Sequence[str]) -> tuple[str, bool]:
    """Cut ``text`` at the first stop sequence; (text, whether one was found). ``generate`` has no
    string stop criterion that works the same in every transformers version, so stops are applied here."""
    cut = min((i for i in (text.find(s) for s in stop if s) if i >= 0), default=-1)
    return (text[:cut], True) if cut >= 0 else (text, False)


@dataclass(frozen=True)
class HFOptions:
    """``--backend-option`` settings of ``hf/MODEL``."""

    device: str | None = option(None, "`cpu`, `cuda`, `cuda:1`...; default `cuda` when there is one, else `cpu`")
    # Any torch dtype name is accepted (checked against torch when the backend is made).
    dtype: str | None = option(
        None, "torch dtype (`float32`, `bfloat16`, `float16`); default float32 on CPU, bfloat16 on GPU"
    )
    gguf_file: str | None = option(None, "the GGUF file's name inside a directory or hub repo")
    max_input_tokens: int | None = option(
        None, "prompts longer than this are cut from the left; default the model's limit", minimum=1, maximum=10_000_000
    )


class HFBackend(ThreadBatchBackend):
    """A causal language model run through transformers.

    Options, all in ``extra`` (``--backend-option KEY=VALUE``): :class:`HFOptions`.

    The model is loaded on the first request (a fully cached run never loads it) and used by one
    batch at a time: a worker thread runs ``generate`` so the event loop stays free meanwhile.
    """

    engine_name = "transformers"
    options_type = HFOptions

    def __init__(self, model: str, options: BackendOptions | None = None):
        """``model``: a directory, a ``.gguf`` file or a hub id. Raises MissingDependency at once when
        torch/transformers are missing, UserError when a path-looking model does not exist."""
        self.options = options or BackendOptions()
        self.model = model
        self.model_id = f"hf/{model}"
        settings: HFOptions = self.read_options(self.options, "hf")
        self._torch, self._transformers = _import_hf()
        path = Path(model).expanduser()
        self._gguf_file = settings.gguf_file
        if path.suffix.lower() == ".gguf":
            if not path.is_file():
                raise UserError("no GGUF model file here", path=str(path), field="--model")
            self._source, self._gguf_file = str(path.parent), path.name
        elif path.exists() or model.startswith((".", "/", "~")):
            if not (path / "config.json").is_file() and not self._gguf_file:
                raise UserError(
                    "not a transformers model directory (no config.json; save_pretrained writes one)",
                    path=str(path),
                    field="--model",
                )
            self._source = str(path)
        else:
            self._source = model  # a hub id; transformers resolves it (from its cache when offline)
        if self._gguf_file:
            self._check_gguf_support()
        cuda = bool(self._torch.cuda.is_available())
        self.device = settings.device or ("cuda" if cuda else "cpu")
        dtype_name = settings.dtype or ("bfloat16" if self.device.startswith("cuda") else "float32")
        self._dtype = getattr(self._torch, dtype_name, None)
        if not isinstance(self._dtype, self._torch.dtype):
            raise UserError(f"unknown torch dtype '{dtype_name}'", field="--backend-option dtype")
        self._max_input_tokens = settings.max_input_tokens
        self._model: Any = None
        self._tokenizer: Any = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"HFBackend(model={self.model!r}, device={self.device!r})"

    def _check_gguf_support(self) -> None:
        """transformers reads GGUF only through the ``gguf`` package; say so before loading anything."""
        import importlib.util

        if importlib.util.find_spec("gguf") is None:
            raise UserError(
                "hf/ with a .gguf file needs transformers' GGUF support, which needs the 'gguf' package: "
                "pip install gguf (or run the file in-process with --model llamacpp/PATH.gguf)",
                path=str(Path(self._source) / (self._gguf_file or "")),
                field="--model",
            )

    # -- loading ---------------------------------------------------------------------------------
    def load(self) -> None:
        """Load tokenizer and model now (idempotent). Raises UserError if they cannot be loaded."""
        with self._lock:
            self._load_locked()

    def _load_locked(self) -> None:
        if self._model is not None:
            return
        tf = self._transformers
        kwargs: dict[str, Any] = {"gguf_file": self._gguf_file} if self._gguf_file else {}
        try:
            tokenizer = tf.AutoTokenizer.from_pretrained(self._source, **kwargs)
            model = tf.AutoModelForCausalLM.from_pretrained(self._source, dtype=self._dtype, **kwargs)
        except (OSError, ValueError, ImportError, KeyError) as exc:
            # Every prompt would fail the same way: stop the run with one clear line instead.
            raise UserError(
                f"could not load the transformers model: {type(exc).__name__}: {exc}",
                path=self._source,
                field="--model",
            ) from exc
        if getattr(tokenizer, "chat_template", None) is None:
            raise UserError(
                "the tokenizer has no chat template, so chat messages cannot be rendered for this model",
                path=self._source,
                field="--model",
            )
        tokenizer.padding_side = "left"
        if tokenizer.pad_token is None:
            # Padding positions are masked out, so any token will do; EOS is the usual choice.
            tokenizer.pad_token = tokenizer.eos_token
        model.to(self.device)
        model.eval()
        self._tokenizer, self._model = tokenizer, model

    # -- generation ------------------------------------------------------------------------------
    def generate_sync(self, conversations: list[list[dict[str, str]]], config: GenerationConfig) -> list[Completion]:
        torch = self._torch
        with self._lock:
            self._load_locked()
            tok, model = self._tokenizer, self._model
            start = time.perf_counter()
            texts = [tok.apply_chat_template(c, tokenize=False, add_generation_prompt=True) for c in conversations]
            enc_kwargs: dict[str, Any] = {"return_tensors": "pt", "padding": True, "add_special_tokens": False}
            if self._max_input_tokens:
                tok.truncation_side = "left"  # keep the end of the prompt: that is where the question is
                enc_kwargs.update(truncation=True, max_length=self._max_input_tokens)
            enc = tok(texts, **enc_kwargs).to(self.device)
            sampling = config.temperature > 0
            gen_kwargs: dict[str, Any] = {
                "max_new_tokens": config.max_tokens,
                "do_sample": sampling,
                "pad_token_id": tok.pad_token_id,
            }
            if sampling:
                gen_kwargs.update(temperature=config.temperature, top_p=config.top_p)
                torch.manual_seed(config.seed)  # seeded sampling, as the other backends do
            else:
                # Greedy: say so explicitly, or a model's generation_config may switch sampling on.
                gen_kwargs.update(temperature=None, top_p=None, top_k=None)
            with torch.inference_mode():
                out = model.generate(**enc, **gen_kwargs)
            latency = time.perf_counter() - start
        prompt_len = enc["input_ids"].shape[1]
        prompt_tokens = enc["attention_mask"].sum(dim=1).tolist()
        eos_ids = _eos_ids(model, tok)
        results = []
        for row, n_prompt in zip(out[:, prompt_len:].tolist(), prompt_tokens):
            # Everything after the first EOS is padding added for the longer rows of the batch.
            n = next((i for i, t in enumerate(row) if t in eos_ids), len(row))
            hit_eos = n < len(row)
            text = tok.decode(row[:n], skip_special_tokens=True)
            text, stopped = truncate_at_stop(text, config.stop)
            finish = "stop" if hit_eos or stopped else ("length" if n >= config.max_tokens else "stop")
            results.append(
                Completion(
                    text=text,
                    finish_reason=finish,
                    usage=Usage(int(n_prompt), n),
                    latency_s=latency / max(1, len(conversations)),
                )
            )
        return results

    async def aclose(self) -> None:
        """Drop the model; a later request loads it again."""
        with self._lock:
            self._model = self._tokenizer = None


def _eos_ids(model: Any, tokenizer: Any) -> set[int]:
    """Token ids that end a reply: the generation config's EOS (an int or a list) and the tokenizer's."""
    ids: set[int] = set()
    for value in (getattr(model.generation_config, "eos_token_id", None), tokenizer.eos_token_id):
        if isinstance(value, int):
            ids.add(value)
        elif isinstance(value, (list, tuple)):
            ids.update(int(v) for v in value)
    return ids
