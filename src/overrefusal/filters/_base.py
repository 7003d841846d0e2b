"""Deployment filters: safety layers in front of (input) or behind (output) the model."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..errors import BackendError
from ..types import Message


class FilterError(BackendError):
    """A filter could not decide (its moderator failed or answered unreadably). The deployment records
    the prompt as an ERROR completion: neither a block nor a pass, so it biases no rate."""


class Stage(str, enum.Enum):
    INPUT = "input"
    """Sees the conversation before the model; a block means the model is never called."""
    OUTPUT = "output"
    """Sees the model's reply; a block replaces it with the filter's message."""


@dataclass(frozen=True)
class Block:
    """A filter's decision to stop a prompt or a reply."""

    filter: str
    """Name of the filter, stored on the completion as ``blocked_by``."""
    reason: str
    """What triggered it (a matched keyword, the moderator's verdict)."""
    message: str
    """What the user sees instead of the reply."""


@runtime_checkable
class Filter(Protocol):
    name: str
    """Identifies the filter and its settings in the deployment id."""
    stage: Stage

    async def screen(self, messages: Sequence[Message], reply: str | None) -> Block | None:
        """Return a Block to stop the prompt (input stage, ``reply`` is None) or the reply (output stage)."""
        ...


class FilterSpecError(ValueError):
    """A filter factory's argument is malformed; :func:`~overrefusal.filters.create_filter` names the spec."""


FilterFactory = Callable[[str | None, Any], Filter]
"""``factory(arg, backend_options)`` for ``--filter NAME[:ARG]``; ``arg`` is None when no ``:`` was given.
Registered under :attr:`~overrefusal.registry.Kind.FILTER`."""
