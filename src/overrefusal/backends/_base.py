"""The backend contract (a protocol and an explicit base class with defaulted capabilities) and the
registration path shared by built-in and third-party backends (see :mod:`..registry`)."""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Protocol, runtime_checkable

from .. import registry
from ..errors import UserError
from ..guards.secrets import check_key_variable, refuse_url_credentials
from ..registry import Kind
from ..types import Completion, GenerationConfig, Message, Prompt
from ._options import NoOptions, canonical_options, option_names, parse_options, refuse_secret_options


@dataclass(frozen=True)
class BackendOptions:
    """Settings a backend may need beyond its model name. Secrets are never stored here, only where to find them."""

    base_url: str | None = None
    """Server address for HTTP backends."""
    api_key_env: str = "OPENAI_API_KEY"
    """Name of the environment variable holding the API key; the key itself is read at request time."""
    timeout_s: float = 120.0
    """Per-request timeout."""
    max_retries: int = 4
    """Retries after 429, 5xx and timeouts before the reply is recorded as an ERROR."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Backend-specific settings (e.g. ``n_ctx`` for llama.cpp, column names for replay)."""

    def __post_init__(self) -> None:
        refuse_secret_options(self.extra)
        # Both are stored with the run: neither may carry a key (found by the property tests).
        refuse_url_credentials(self.base_url)
        check_key_variable(self.api_key_env)

    def identity(self, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """What of these options changes the replies (so belongs in the deployment id). ``extra``: the
        backend's canonical reading of :attr:`extra` (:func:`canonical_extra`); None: as given."""
        chosen = self.extra if extra is None else extra
        return {"base_url": self.base_url, "extra": {k: v for k, v in sorted(chosen.items())}}


@runtime_checkable
class Backend(Protocol):
    """Produces one reply for one conversation. Implementations raise nothing for a failed request:
    they return a Completion with ``error`` set."""

    model_id: str
    """Identifies the model for caching and reports, e.g. ``openai/llama-3-8b``."""

    async def generate(
        self, messages: Sequence[Message], config: GenerationConfig, *, prompt: Prompt | None = None
    ) -> Completion:
        """Reply to ``messages``. ``prompt`` is the suite prompt behind them, for backends that look
        replies up (replay); generating backends ignore it."""
        ...


class BaseBackend(abc.ABC):
    """The explicit backend contract: subclass it, set ``model_id`` and write :meth:`generate`; every other
    capability has a default that says "not supported" or "nothing to do".

    Backends that do not subclass this (plugins written against the :class:`Backend` protocol) keep
    working: the engine reaches every optional capability through the functions below
    (:func:`supports_batch`, :func:`preflight`, :func:`aclose`, :func:`backend_is_cacheable`,
    :func:`backend_content_identity`), which apply the same defaults.
    """

    model_id: str
    """Identifies the model for caching and reports, e.g. ``openai/llama-3-8b``."""

    options_type: ClassVar[type] = NoOptions
    """The frozen dataclass of this backend's ``--backend-option`` settings (fields made with
    :func:`._options.option`): :meth:`read_options` parses ``BackendOptions.extra`` into it, refusing unknown
    keys, and the docs' option tables are made from it. The default takes no option."""

    @classmethod
    def read_options(cls, options: BackendOptions, provider: str) -> Any:
        """``options.extra`` parsed into :attr:`options_type` (UserError naming the option otherwise)."""
        return parse_options(cls.options_type, options.extra, owner=f"the {provider} backend")

    cacheable: ClassVar[bool] = True
    """Whether replies may be cached by (model, settings, prompt). False when a reply depends on more than
    the prompt text (replay: the file), or costs nothing to get again."""

    @staticmethod
    def content_identity(name: str) -> str:
        """Extra identity derived from the model name (replay: the file's hash), part of the deployment id.
        '' when the name says it all."""
        return ""

    @abc.abstractmethod
    async def generate(
        self, messages: Sequence[Message], config: GenerationConfig, *, prompt: Prompt | None = None
    ) -> Completion:
        """Reply to ``messages``; a failed request is a Completion with ``error`` set, never an exception."""

    async def generate_batch(
        self,
        conversations: Sequence[Sequence[Message]],
        config: GenerationConfig,
        prompts: Sequence[Prompt] | None = None,
    ) -> list[Completion]:
        """Replies to several conversations, in order. Override it (with :attr:`batched` = True) where one
        call for many prompts is faster (a padded forward pass, a vLLM schedule); by default one by one."""
        out = []
        for i, messages in enumerate(conversations):
            out.append(await self.generate(messages, config, prompt=prompts[i] if prompts else None))
        return out

    batched: ClassVar[bool] = False
    """Whether :meth:`generate_batch` is the fast path the engine should feed with whole chunks."""

    async def preflight(self) -> None:
        """Check the backend can work before a run writes anything (a server that is down): raise UserError."""
        return None

    async def aclose(self) -> None:
        """Release what the backend holds (HTTP clients, model memory)."""
        return None


def sampling_fields(config: GenerationConfig) -> dict[str, Any]:
    """The sampling settings of ``config`` under their OpenAI names, which vLLM's ``SamplingParams`` shares:
    one translation for every backend that speaks them (``stop`` only when there is one)."""
    fields: dict[str, Any] = {
        "temperature": config.temperature,
        "top_p": config.top_p,
        "max_tokens": config.max_tokens,
        "seed": config.seed,
    }
    if config.stop:
        fields["stop"] = list(config.stop)
    return fields


class ThreadBatchBackend(BaseBackend):
    """A backend whose model answers whole batches in one blocking call (transformers' padded ``generate``,
    vLLM's ``LLM.chat``): :meth:`generate_sync` runs in a worker thread so the event loop stays free, the
    engine feeds it whole chunks, and one conversation is a batch of one."""

    batched = True
    engine_name: ClassVar[str] = "the model"
    """Named in the error of a failed batch, e.g. ``transformers``."""

    @abc.abstractmethod
    def generate_sync(self, conversations: list[list[dict[str, str]]], config: GenerationConfig) -> list[Completion]:
        """Replies to OpenAI-format conversations, in order (blocking). Raise UserError when the model cannot be
        loaded at all; any other exception fails every reply of the batch."""

    async def generate_batch(
        self,
        conversations: Sequence[Sequence[Message]],
        config: GenerationConfig,
        prompts: Sequence[Prompt] | None = None,
    ) -> list[Completion]:
        """Replies to all conversations from one :meth:`generate_sync` call, in order. A failed call fails each
        reply as an ERROR completion; a UserError (an unloadable model) stops the run."""
        import asyncio

        payload = [[m.to_openai() for m in c] for c in conversations]
        try:
            return await asyncio.to_thread(self.generate_sync, payload, config)
        except UserError:
            raise
        except Exception as exc:  # noqa: BLE001 - a failed batch is an ERROR per prompt
            error = f"{self.engine_name} generation failed: {type(exc).__name__}: {exc}"
            return [Completion(text="", error=error) for _ in conversations]

    async def generate(
        self, messages: Sequence[Message], config: GenerationConfig, *, prompt: Prompt | None = None
    ) -> Completion:
        """One reply (a batch of one; the engine's batching is the fast path)."""
        return (await self.generate_batch([messages], config, [prompt] if prompt else None))[0]


def supports_batch(backend: object) -> bool:
    """Whether the engine should send ``backend`` whole chunks through ``generate_batch``."""
    if isinstance(backend, BaseBackend):
        return type(backend).batched
    return callable(getattr(backend, "generate_batch", None))


async def preflight(part: object) -> None:
    """Run a backend's (or filter's) ``preflight`` where it has one."""
    check = getattr(part, "preflight", None)
    if check is not None:
        await check()


async def aclose(part: object) -> None:
    """Run a backend's (or filter's) ``aclose`` where it has one."""
    close = getattr(part, "aclose", None)
    if close is not None:
        await close()


BackendFactory = Callable[[str, BackendOptions], Backend]


def register_backend(name: str) -> Callable[[BackendFactory], BackendFactory]:
    """Decorator: make ``name/MODEL`` model specs create backends with this factory (see :mod:`..registry`)."""

    def decorate(factory: BackendFactory) -> BackendFactory:
        return registry.register(Kind.BACKEND, name, factory, replace=True)

    return decorate


def available_backends() -> list[str]:
    return registry.names(Kind.BACKEND)


def backend_factory(provider: str, spec: str | None = None) -> BackendFactory:
    """The registered factory of ``provider`` (UserError naming the known ones if there is none)."""
    if not registry.has(Kind.BACKEND, provider):
        raise UserError(
            f"unknown model provider '{provider}' in '{spec or provider}'; available: {', '.join(available_backends())}",
            field="--model",
        )
    return registry.load(Kind.BACKEND, provider, field="--model")


def parse_model_spec(spec: str) -> tuple[str, str]:
    """``provider/name`` -> (provider, name). The name may itself contain slashes (paths, HF ids)."""
    if "/" not in spec:
        raise UserError(
            f"unknown model spec '{spec}': expected PROVIDER/NAME, e.g. llamacpp/smollm2, openai/gpt-4o-mini, replay/answers.csv",
            field="--model",
        )
    provider, name = spec.split("/", 1)
    return provider, name


def backend_is_cacheable(spec: str) -> bool:
    """Whether replies of this backend may be cached: a class attribute ``cacheable = False`` opts out
    (replayed replies are free and depend on the file, not on the prompt text alone)."""
    provider, _ = parse_model_spec(spec)
    if not registry.has(Kind.BACKEND, provider):
        return True
    return bool(getattr(backend_factory(provider, spec), "cacheable", True))


def backend_content_identity(spec: str) -> str:
    """Extra identity a backend derives from its model name (replay: the file's hash); '' for most."""
    provider, name = parse_model_spec(spec)
    if not registry.has(Kind.BACKEND, provider):
        return ""
    fn = getattr(backend_factory(provider, spec), "content_identity", None)
    return str(fn(name)) if fn is not None else ""


def canonical_extra(spec: str, options: BackendOptions) -> dict[str, Any]:
    """``options.extra`` as the backend of ``spec`` reads it (see :func:`._options.canonical_options`); as
    given for a backend without an options class (a protocol-only plugin) or one not registered."""
    provider, _ = parse_model_spec(spec)
    if not registry.has(Kind.BACKEND, provider):
        return dict(options.extra)
    options_type = getattr(backend_factory(provider, spec), "options_type", None)
    if option_names(options_type) is None:
        return dict(options.extra)
    assert options_type is not None
    return canonical_options(options_type, options.extra)


def check_options(spec: str, options: BackendOptions) -> None:
    """UserError unless the backend of ``spec`` takes ``options``: an unknown provider, a key it does not
    declare, a value it cannot read, refused as the backend refuses them when it opens. Nothing is loaded or
    contacted, so a command checks this before it writes anything. A backend without ``read_options`` (a
    protocol-only plugin) reads its options itself, later."""
    provider, _ = parse_model_spec(spec)
    read_options = getattr(backend_factory(provider, spec), "read_options", None)
    if callable(read_options):
        read_options(options, provider)


def options_for(spec: str, options: BackendOptions) -> BackendOptions:
    """The deployment's options as a second backend of it (a moderator) takes them.

    One ``--backend-option`` set serves the deployment's model and its moderators, so keys the moderator's
    backend does not declare are left out for it: they belong to the model, which refuses any key that is
    nobody's. A backend without an options class (a protocol-only plugin) gets every key, as it always did."""
    provider, _ = parse_model_spec(spec)
    declared = option_names(getattr(backend_factory(provider, spec), "options_type", None))
    if declared is None:
        return options
    return replace(options, extra={k: v for k, v in options.extra.items() if k in declared})


def create_backend(spec: str, options: BackendOptions | None = None) -> Backend:
    provider, name = parse_model_spec(spec)
    return backend_factory(provider, spec)(name, options or BackendOptions())
