"""A deployment: what users actually talk to. A model behind a backend, plus its system prompt and filters."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..backends import (
    Backend,
    BackendOptions,
    aclose,
    backend_content_identity,
    canonical_extra,
    create_backend,
    parse_model_spec,
    preflight,
    supports_batch,
)
from ..defaults import DEFAULT_MODEL
from ..guards.safe_files import read_input_text
from ..registry import CreationSpec, Kind, creation_spec
from ..types import Completion, GenerationConfig, Message, Prompt, Role, stable_hash


def read_text_arg(value: str | None, what: str) -> str | None:
    """``TEXT`` or ``@FILE`` -> text (for --system-prompt)."""
    if value is None or not value.startswith("@"):
        return value
    path = Path(value[1:])
    return read_input_text(path, field=what)


def conversation_messages(system_prompt: str | None, prompt: Prompt) -> list[Message]:
    """The deployment's system prompt, then the prompt's conversation (earlier turns, then the request).

    A conversation that opens with its own system turn is the scenario's setting (e.g. "you are a
    hospital's reference assistant"); the deployment's system prompt still comes first, and the two are
    joined into one system message, because many chat templates accept only one, at the start.
    """
    turns = list(prompt.conversation())
    own_system = turns.pop(0).content if turns and turns[0].role is Role.SYSTEM else None
    system = "\n\n".join(s for s in (system_prompt, own_system) if s)
    return ([Message(Role.SYSTEM, system)] if system else []) + turns


@dataclass(frozen=True)
class Deployment:
    """The configuration of a deployment. Its ``id`` hashes everything that can change a reply."""

    model: str = DEFAULT_MODEL
    """Model spec ``PROVIDER/NAME``."""
    options: BackendOptions = field(default_factory=BackendOptions)
    """Backend settings (server URL, the *name* of the API key variable)."""
    system_prompt: str | None = None
    """Sent as the first message, if any."""
    filters: tuple[str, ...] = ()
    """Filter specs, applied in order (input filters before the model, output filters after)."""

    # Cached like _canonical_extra (the deployment is frozen): the cache key of every prompt starts from it, and
    # hashing the description took ~70 us, several times per prompt.
    @functools.cached_property
    def id(self) -> str:
        """Hash of :meth:`describe`: backend options by meaning (``check_text=0`` and ``=false`` are one id)."""
        return stable_hash(self.describe())

    @functools.cached_property
    def legacy_id(self) -> str:
        """The id as versions before canonical options computed it, from the option strings as given. Runs
        stored under it are still found and resumed (:meth:`ids`); equal to :attr:`id` when the options were
        already written canonically (or there are none)."""
        return stable_hash(self._description(self.options.identity()))

    @functools.cached_property
    def ids(self) -> tuple[str, ...]:
        """Every id a stored run of this deployment may carry: :attr:`id`, then :attr:`legacy_id` if it differs."""
        return tuple(dict.fromkeys((self.id, self.legacy_id)))

    @functools.cached_property
    def _content(self) -> str:
        return backend_content_identity(self.model)

    def describe(self) -> dict[str, Any]:
        """JSON-able description without secrets: the key's variable name is kept, never its value. The
        backend options are as the backend reads them (canonical), so the id follows their meaning."""
        return self._description(self.options.identity(self._canonical_extra))

    @functools.cached_property
    def _canonical_extra(self) -> dict[str, Any]:
        return canonical_extra(self.model, self.options)

    def _description(self, options: dict[str, Any]) -> dict[str, Any]:
        out = {
            "model": self.model,
            "options": options,
            "system_prompt": self.system_prompt,
            "filters": list(self.filters),
        }
        if self._content:
            out["content"] = self._content
        return out

    def backend_creation(self) -> CreationSpec | None:
        """How the backend is made (registry name + options, no secret), stored with each run."""
        provider, name = parse_model_spec(self.model)
        o = self.options
        return creation_spec(
            Kind.BACKEND,
            provider,
            {
                "model": name,
                "base_url": o.base_url,
                "api_key_env": o.api_key_env,
                "timeout_s": o.timeout_s,
                "max_retries": o.max_retries,
                "extra": dict(o.extra),
            },
        )

    def messages(self, prompt: Prompt) -> list[Message]:
        """What the backend is sent for ``prompt`` (see :func:`conversation_messages`)."""
        return conversation_messages(self.system_prompt, prompt)

    def without_filters(self) -> Deployment:
        """The same model and system prompt with no filter."""
        return Deployment(model=self.model, options=self.options, system_prompt=self.system_prompt)

    def open(self) -> LiveDeployment:
        from ..filters import create_filter

        backend = create_backend(self.model, self.options)
        filters = [create_filter(spec, self.options) for spec in self.filters]
        return LiveDeployment(self, backend, filters)

    async def open_checked(self) -> LiveDeployment:
        """Open, then let the backend and filters check they can work (a server that is down fails here)."""
        live = await asyncio.to_thread(self.open)
        for part in [live.backend, *live.filters]:
            try:
                await preflight(part)
            except BaseException:
                await live.aclose()
                raise
        return live


class LiveDeployment:
    """A deployment with its backend and filters loaded, ready to answer prompts."""

    def __init__(self, config: Deployment, backend: Backend, filters: Sequence[Any]):
        self.config = config
        self.backend = backend
        self.filters = list(filters)

    @property
    def input_filters_only(self) -> bool:
        """Whether it has filters and all of them screen the input: then a prompt they let through gets
        exactly the reply the same deployment without filters gives (the engine's cache shares it)."""
        from ..filters import Stage

        return bool(self.filters) and all(f.stage is Stage.INPUT for f in self.filters)

    async def screen_input(self, prompt: Prompt) -> Completion | None:
        """What the input filters answer instead of the model: a block, or an error completion when a filter
        fails; None when every input filter lets the prompt through."""
        return await self._screen_input(self.config.messages(prompt))

    async def _screen_input(self, messages: list[Message]) -> Completion | None:
        """:meth:`screen_input` on a conversation already built. A failing filter fails the prompt it was
        screening, not the run."""
        from ..filters import FilterError, Stage

        try:
            for f in self.filters:
                if f.stage is Stage.INPUT:
                    block = await f.screen(messages, None)
                    if block is not None:
                        return Completion(text=block.message, finish_reason="filtered", blocked_by=block.filter)
        except FilterError as exc:
            return Completion(text="", error=f"filter failed: {exc}")
        return None

    async def respond(self, prompt: Prompt, config: GenerationConfig, *, screened: bool = False) -> Completion:
        """The deployment's answer to ``prompt``. ``screened``: the input filters already let it through
        (:meth:`screen_input`), so they are not asked again."""
        messages = self.config.messages(prompt)
        if not screened:
            stopped = await self._screen_input(messages)
            if stopped is not None:
                return stopped
        completion = await self.backend.generate(messages, config, prompt=prompt)
        return await self._screen_output(messages, completion)

    @property
    def supports_batch(self) -> bool:
        """Whether the backend has the optional ``generate_batch(list_of_messages, config, prompts)``."""
        return supports_batch(self.backend)

    async def respond_batch(self, prompts: Sequence[Prompt], config: GenerationConfig) -> list[Completion]:
        """Replies to several prompts, in order, through the backend's ``generate_batch`` (one call for
        all prompts that pass the input filters). Filters behave exactly as in :meth:`respond`."""
        conversations = [self.config.messages(p) for p in prompts]
        out: list[Completion | None] = [await self._screen_input(messages) for messages in conversations]
        todo = [i for i, c in enumerate(out) if c is None]
        if todo:
            generated = await self.backend.generate_batch(  # type: ignore[attr-defined]
                [conversations[i] for i in todo], config, [prompts[i] for i in todo]
            )
            if len(generated) != len(todo):
                raise RuntimeError(f"generate_batch returned {len(generated)} completions for {len(todo)} prompts")
            for i, completion in zip(todo, generated):
                out[i] = await self._screen_output(conversations[i], completion)
        return [c for c in out if c is not None]

    async def _screen_output(self, messages: list[Message], completion: Completion) -> Completion:
        """Apply the output filters to one generated reply (as :meth:`respond` does)."""
        from ..filters import FilterError, Stage

        if not completion.ok:
            return completion
        try:
            for f in self.filters:
                if f.stage is Stage.OUTPUT:
                    block = await f.screen(messages, completion.text)
                    if block is not None:
                        return Completion(
                            text=block.message,
                            finish_reason="filtered",
                            usage=completion.usage,
                            latency_s=completion.latency_s,
                            blocked_by=block.filter,
                            model_text=completion.text,
                        )
        except FilterError as exc:
            return Completion(text="", error=f"filter failed: {exc}")
        return completion

    async def aclose(self) -> None:
        for obj in [self.backend, *self.filters]:
            await aclose(obj)
