"""Constrained decoding for LLM judges: make an OpenAI-compatible server emit only answers the judge can read.

A small or quantised judge model often wanders off the answer format; a server that constrains decoding
cannot. Each server spells the constraint its own way, so the judge names one of :class:`Constraint` and
the matching request field is sent in every request body (through the OpenAI backend's ``extra_body``):

========================  ===========================================  =====================================
constraint                request field                                 servers
========================  ===========================================  =====================================
``grammar``               ``grammar``: a GBNF grammar                   llama.cpp ``llama-server``,
                                                                        ``python -m llama_cpp.server``
``json_schema``           ``response_format``: ``json_schema`` type     OpenAI, vLLM >= 0.6, llama-server
``guided_json``           ``guided_json``: a JSON schema                vLLM (older releases)
``guided_regex``          ``guided_regex``: a regular expression        vLLM
========================  ===========================================  =====================================

A server that does not know the field either refuses the request (an ERROR verdict, never a guess) or
ignores it; the judge's strict parsing still applies to whatever comes back, so a constraint can only
turn unreadable answers into readable ones, never make a verdict up.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

from ..errors import UserError


class Constraint(str, enum.Enum):
    """How the judge asks the server to constrain decoding."""

    NONE = "none"
    """Free decoding; the answer is parsed as it comes."""
    GRAMMAR = "grammar"
    """A GBNF grammar in the ``grammar`` field (llama.cpp servers)."""
    JSON_SCHEMA = "json_schema"
    """``response_format = {"type": "json_schema", ...}`` (OpenAI's structured outputs; vLLM, llama-server)."""
    GUIDED_JSON = "guided_json"
    """vLLM's ``guided_json`` field holding a JSON schema."""
    GUIDED_REGEX = "guided_regex"
    """vLLM's ``guided_regex`` field holding a regular expression."""


def read_constraint(value: object, allowed: tuple[Constraint, ...], judge: str) -> Constraint:
    """``value`` (a Constraint or its name) as a Constraint this judge supports; UserError otherwise."""
    try:
        constraint = value if isinstance(value, Constraint) else Constraint(str(value).strip().lower())
    except ValueError:
        constraint = None
    if constraint is None or constraint not in allowed:
        names = ", ".join(c.value for c in allowed)
        raise UserError(f"the {judge} judge's constrain option is one of {names}; got {value!r}", field="--judge")
    return constraint


def request_fields(
    constraint: Constraint,
    *,
    grammar: str = "",
    schema: Mapping[str, Any] | None = None,
    regex: str = "",
) -> dict[str, Any]:
    """The request-body fields that ask the server for ``constraint`` (empty for NONE)."""
    if constraint is Constraint.NONE:
        return {}
    if constraint is Constraint.GRAMMAR:
        return {"grammar": grammar}
    if constraint is Constraint.GUIDED_REGEX:
        return {"guided_regex": regex}
    assert schema is not None, "a JSON constraint needs a schema"
    if constraint is Constraint.GUIDED_JSON:
        return {"guided_json": dict(schema)}
    return {"response_format": {"type": "json_schema", "json_schema": {"name": "verdict", "schema": dict(schema)}}}
