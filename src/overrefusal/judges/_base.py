"""The judge protocol and the one registration path for judges."""

from __future__ import annotations

from importlib import metadata
from typing import Any, Callable, Protocol, Sequence, runtime_checkable

from ..errors import UserError
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
_REGISTRY: dict[str, JudgeFactory] = {}
_ENTRY_POINT_GROUP = "overrefusal.judges"


def register_judge(name: str) -> Callable[[JudgeFactory], JudgeFactory]:
    """Decorator: make ``--judge NAME`` create judges with this factory (called with keyword options)."""

    def decorate(factory: JudgeFactory) -> JudgeFactory:
        _REGISTRY[name] = factory
        return factory

    return decorate


def _load_builtins() -> None:
    # Importing the modules runs their @register_judge decorators.
    from . import classifier, ensemble, llm, rules  # noqa: F401

    for ep in metadata.entry_points(group=_ENTRY_POINT_GROUP):
        if ep.name not in _REGISTRY:
            _REGISTRY[ep.name] = ep.load()


def available_judges() -> list[str]:
    _load_builtins()
    return sorted(_REGISTRY)


def create_judge(name: str, **options: Any) -> Judge:
    """A judge by name; ``NAME:ARG`` passes ARG as the ``model`` option (``llm:openai/gpt-4o-mini``)."""
    _load_builtins()
    if ":" in name:
        name, arg = name.split(":", 1)
        if "model" in options and options["model"] != arg:
            raise UserError(f"judge '{name}' got two models: '{arg}' and '{options['model']}'", field="--judge")
        options["model"] = arg
    if name not in _REGISTRY:
        raise UserError(f"unknown judge '{name}'; available: {', '.join(sorted(_REGISTRY))}", field="--judge")
    return _REGISTRY[name](**options)
