"""Deployment filters: safety layers in front of (input) or behind (output) the model.

Filter specs (``--filter SPEC``):

* ``keyword``: the built-in blocklist on the user's prompt;
* ``keyword:@FILE``: the words in FILE (one per line, ``#`` comments) on the prompt;
* ``keyword-output`` / ``keyword-output:@FILE``: the same on the model's reply;
* ``moderator:PROVIDER/MODEL``: the model (any backend spec) judges the prompt SAFE or UNSAFE;
* ``moderator-output:PROVIDER/MODEL``: the model judges the reply.
"""

from __future__ import annotations

from .. import registry
from ..backends import BackendOptions
from ..errors import UserError
from ..registry import Kind
from ._base import Block, Filter, FilterError, FilterFactory, FilterSpecError, Stage
from .keyword import KeywordFilter, load_words
from .moderator import ModeratorFilter

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
    """Build a filter from its spec ``NAME[:ARG]`` (see the module docstring and :mod:`..registry`).
    ``options`` configure a moderator's backend."""
    kind, sep, arg = spec.strip().partition(":")
    kind = kind.strip()
    if not registry.has(Kind.FILTER, kind):
        raise _unknown(spec, f"unknown filter '{kind}'")
    factory: FilterFactory = registry.load(Kind.FILTER, kind, field="--filter")
    try:
        return factory(arg.strip() if sep else None, options or BackendOptions())
    except FilterSpecError as exc:
        raise _unknown(spec, str(exc)) from None
    except UserError as exc:
        if exc.field is not None:
            raise
        # A word file that cannot be read: name the flag it came from as well as the file.
        raise UserError(exc.detail, path=exc.path, line=exc.line, field="--filter") from None


__all__ = [
    "Block",
    "Filter",
    "FilterError",
    "FilterFactory",
    "FilterSpecError",
    "KeywordFilter",
    "ModeratorFilter",
    "Stage",
    "VALID_SPECS",
    "create_filter",
    "load_words",
]
