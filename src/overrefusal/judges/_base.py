"""The judge protocol and the one registration path for judges."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from .. import registry
from ..errors import UserError
from ..guards.secrets import find_secret
from ..registry import Kind
from ..types import Completion, Judgement, Prompt


@runtime_checkable
class Judge(Protocol):
    """Reads replies and says whether they comply, refuse or partly refuse."""

    id: str
    """Name and version, e.g. ``rules@3``; stored with every judgement so runs by different judges never mix."""

    async def judge(self, items: Sequence[tuple[Prompt, Completion]]) -> list[Judgement]:
        """One judgement per item, in order. A completion with an error gets an ERROR judgement."""
        ...


JudgeFactory = Callable[..., Judge]


def register_judge(name: str) -> Callable[[JudgeFactory], JudgeFactory]:
    """Decorator: make ``--judge NAME`` create judges with this factory (called with keyword options)."""

    def decorate(factory: JudgeFactory) -> JudgeFactory:
        return registry.register(Kind.JUDGE, name, factory, replace=True)

    return decorate


def available_judges() -> list[str]:
    return registry.names(Kind.JUDGE)


def create_judge(name: str, **options: Any) -> Judge:
    """A judge by name; ``NAME:ARG`` passes ARG as the judge's main option, which its factory names in an
    ``argument_option`` attribute (default ``model``): ``llm:openai/gpt-4o-mini`` is the LLM judge's model,
    ``classifier:my_weights.json`` the classifier's weights file (as ``overrefusal judges train`` writes it)."""
    arg: str | None = None
    if ":" in name:
        name, arg = name.split(":", 1)
    factory: JudgeFactory = registry.load(Kind.JUDGE, name, field="--judge")
    if arg is not None:
        key = str(getattr(factory, "argument_option", "model"))
        if key in options and options[key] != arg:
            raise UserError(f"judge '{name}' got two values for '{key}': '{arg}' and '{options[key]}'", field="--judge")
        options[key] = arg
    judge = factory(**options)
    spec = registry.creation_spec(Kind.JUDGE, name, options)
    if spec is not None:
        try:
            # Stored with the runs it judges, so analyses rebuild exactly this judge (see judge_creation).
            judge.creation = spec  # type: ignore[attr-defined]
        except (AttributeError, TypeError):
            pass  # a judge class with __slots__: it works, it just cannot be rebuilt from a stored run
    return judge


def judge_creation(judge: Judge) -> registry.CreationSpec | None:
    """How ``judge`` was made, when :func:`create_judge` made it (None for judges built by hand)."""
    spec = getattr(judge, "creation", None)
    return spec if isinstance(spec, registry.CreationSpec) else None


def recreate_judge(spec: registry.CreationSpec) -> Judge:
    """The judge a stored creation spec describes."""
    return create_judge(spec.name, **dict(spec.options))


def parse_judge_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``--judge-option KEY=VALUE`` pairs as keyword options for :func:`create_judge`. A value that is JSON
    is read as JSON (``0.9``, ``true``), any other as text. A pair without ``=``, a key twice, or anything
    shaped like a secret is a UserError: judge options are stored with the verdicts they make, so a key
    travels only through the environment variable ``api_key_env`` names."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UserError(f"expected KEY=VALUE, got {pair!r}", field="--judge-option")
        if key in out:
            raise UserError(f"{key!r} given twice", field="--judge-option")
        try:
            value: Any = json.loads(raw)
        except ValueError:
            value = raw
        if find_secret({key: value}) is not None:
            raise UserError(
                "a judge option that looks like a secret is never given on the command line; put the key in an "
                "environment variable and name it: --judge-option api_key_env=NAME",
                field=f"--judge-option {key}",
            )
        out[key] = value
    return out


async def judge_each(
    judge_one: Callable[[Prompt, Completion], Awaitable[Judgement]],
    items: Sequence[tuple[Prompt, Completion]],
    concurrency: int,
) -> list[Judgement]:
    """``judge_one`` over every item, at most ``concurrency`` at a time, in order: how a judge that asks a
    model one reply at a time (the LLM judges) judges a batch."""
    semaphore = asyncio.Semaphore(max(1, concurrency))

    async def one(prompt: Prompt, completion: Completion) -> Judgement:
        async with semaphore:
            return await judge_one(prompt, completion)

    return list(await asyncio.gather(*(one(p, c) for p, c in items)))
