"""Deployment filters: safety layers in front of (input) or behind (output) the model.

Filter specs (``--filter SPEC``):

* ``keyword``: the built-in blocklist on the user's prompt;
* ``keyword:@FILE``: the words in FILE (one per line, ``#`` comments) on the prompt;
* ``keyword-output`` / ``keyword-output:@FILE``: the same on the model's reply;
* ``moderator:PROVIDER/MODEL``: the model (any backend spec) judges the prompt SAFE or UNSAFE;
* ``moderator-output:PROVIDER/MODEL``: the model judges the reply.
"""

from __future__ import annotations

from ..errors import BackendError, UserError


class FilterError(BackendError):
    """A filter could not decide (its moderator failed or answered unreadably). The deployment records
    the prompt as an ERROR completion: neither a block nor a pass, so it biases no rate."""


# Imported after FilterError is defined: moderator.py imports it from this package.
from ..backends import BackendOptions, create_backend  # noqa: E402
from ._base import Block, Filter, Stage  # noqa: E402
from .keyword import KeywordFilter, load_words  # noqa: E402
from .moderator import ModeratorFilter  # noqa: E402

VALID_SPECS = (
    "keyword",
    "keyword:@FILE",
    "keyword-output",
    "keyword-output:@FILE",
    "moderator:PROVIDER/MODEL",
    "moderator-output:PROVIDER/MODEL",
)


def _unknown(spec: str, why: str) -> UserError:
    return UserError(f"{why} in filter spec '{spec}'; valid forms: {', '.join(VALID_SPECS)}", field="--filter")


def create_filter(spec: str, options: BackendOptions | None = None) -> Filter:
    """Build a filter from its spec (see the module docstring). ``options`` configure a moderator's backend."""
    kind, sep, arg = spec.strip().partition(":")
    kind = kind.strip()
    arg = arg.strip()
    if kind in ("keyword", "keyword-output"):
        stage = Stage.INPUT if kind == "keyword" else Stage.OUTPUT
        if not sep:
            return KeywordFilter(stage=stage)
        if not arg.startswith("@") or len(arg) < 2:
            raise _unknown(spec, "a keyword list must be given as @FILE")
        return KeywordFilter(load_words(arg[1:]), stage=stage)
    if kind in ("moderator", "moderator-output"):
        if not sep or not arg:
            raise _unknown(spec, "missing moderator model PROVIDER/MODEL")
        stage = Stage.INPUT if kind == "moderator" else Stage.OUTPUT
        return ModeratorFilter(create_backend(arg, options or BackendOptions()), stage)
    raise _unknown(spec, f"unknown filter '{kind}'")


__all__ = [
    "Block",
    "Filter",
    "FilterError",
    "KeywordFilter",
    "ModeratorFilter",
    "Stage",
    "VALID_SPECS",
    "create_filter",
]
