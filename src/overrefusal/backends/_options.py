"""Typed backend options: one frozen dataclass per backend, read from ``--backend-option KEY=VALUE``.

Options arrive as strings from the command line (or as Python values from the API). ``bool("false")`` is
True and ``int("lots")`` is a traceback, so each backend declares its options once, as a frozen dataclass
whose fields are made with :func:`option` (type, default, range, one line of help), and
:func:`parse_options` reads the whole mapping against it: an unknown key, a value that is not of the
field's type, not finite, empty or out of range is one UserError naming the option. The docs' option
tables are made from the same dataclasses (:func:`options_table`), so the two cannot drift apart.

Field types understood: ``bool``, ``int``, ``float``, ``str`` (each optionally ``| None``: None means
"not given", the backend picks), and ``Mapping[str, Any]``: a JSON object handed on as it is (a declared
pass-through, e.g. the extra request fields of an OpenAI-compatible server).
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from ..errors import UserError
from ..guards.secrets import find_secret

_TRUE = frozenset({"true", "1", "yes", "on"})
_FALSE = frozenset({"false", "0", "no", "off"})

MAX_TEXT_CHARS = 4096
"""The longest text option (a path, a column name, a device): anything longer is a mistake, not a value."""

_MAX_INT_CHARS = 20
"""Digits of the largest 64-bit integer; a longer number is refused before ``int`` works on it."""

T = TypeVar("T")


def _field(key: str) -> str:
    return f"--backend-option {key}"


def refuse_secret_options(extra: Mapping[str, Any], *, within: str = "") -> None:
    """Options are stored with the run and hashed into its id, so a secret in one is refused, at any depth of
    a JSON value: a key named like one (``api_key``, ``token``, ``password``, ``authorization``...) or a value
    shaped like one (``sk-...``, ``Bearer ...``). A secret travels only through an environment variable:
    ``--api-key-env`` for the server's key, ``{"$env": "NAME"}`` inside a JSON option's value (sent as
    ``$NAME``'s value, stored as the reference)."""
    found = find_secret(dict(extra), within)
    if found is not None:
        raise UserError(
            "an option that looks like a secret is never given on the command line (it would be stored with the "
            "run); put it in an environment variable and name that: --api-key-env for the server's key, "
            '{"$env": "NAME"} inside a JSON value',
            field=_field(found),
        )


def option(
    default: Any,
    help: str,
    *,
    minimum: float | None = None,
    maximum: float | None = None,
    choices: tuple[str, ...] = (),
    reserved: tuple[str, ...] = (),
) -> Any:
    """A dataclass field of an options class: its default, one line of help (shown in the docs) and, for
    numbers, the closed range ``[minimum, maximum]`` (for text, the allowed ``choices``; for a JSON object,
    the ``reserved`` keys it may not hold: those the backend sets itself)."""
    metadata = {"help": help, "minimum": minimum, "maximum": maximum, "choices": choices, "reserved": reserved}
    if isinstance(default, Mapping):
        frozen = dict(default)
        return dataclasses.field(default_factory=lambda: dict(frozen), metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


@dataclasses.dataclass(frozen=True)
class NoOptions:
    """The options of a backend that takes none: every key is refused."""


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """One option as :func:`parse_options` reads it (derived from a dataclass field)."""

    name: str
    kind: type
    """bool, int, float, str or Mapping."""
    optional: bool
    """Whether None is a value (the backend's own default applies)."""
    default: Any
    help: str
    minimum: float | None
    maximum: float | None
    choices: tuple[str, ...]
    reserved: tuple[str, ...] = ()
    """For a JSON object: keys it may not hold (the backend owns them)."""


def option_specs(options_type: type) -> list[OptionSpec]:
    """The options an options dataclass declares, in field order."""
    hints = typing.get_type_hints(options_type)
    out = []
    for f in dataclasses.fields(options_type):
        kind, optional = _base_type(hints[f.name], f"{options_type.__name__}.{f.name}")
        default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
        meta = f.metadata
        out.append(
            OptionSpec(
                f.name,
                kind,
                optional,
                default,
                str(meta.get("help", "")),
                meta.get("minimum"),
                meta.get("maximum"),
                tuple(meta.get("choices", ())),
                tuple(meta.get("reserved", ())),
            )
        )
    return out


def _base_type(hint: Any, where: str) -> tuple[type, bool]:
    """(bool/int/float/str/Mapping, whether None is allowed) from a field's annotation."""
    args = typing.get_args(hint)
    optional = False
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        optional = len(rest) < len(args)
        if len(rest) != 1:
            raise TypeError(f"{where}: an option has one type (optionally | None), not {hint}")
        hint = rest[0]
    if typing.get_origin(hint) is Mapping or hint is Mapping:
        return Mapping, optional
    if hint in (bool, int, float, str):
        return hint, optional
    raise TypeError(f"{where}: option type {hint} is not one of bool, int, float, str, Mapping[str, Any]")


def option_names(options_type: type | None) -> frozenset[str] | None:
    """The keys an options class accepts; None when there is no class (a backend that checks nothing)."""
    if options_type is None or not dataclasses.is_dataclass(options_type):
        return None
    return frozenset(f.name for f in dataclasses.fields(options_type))


def parse_options(options_type: type[T], extra: Mapping[str, Any], *, owner: str = "this backend") -> T:
    """``extra`` read into ``options_type``: every value converted and checked, unknown keys refused (one
    UserError listing the valid ones). A value of None means "not given" (the field's default)."""
    refuse_secret_options(extra)
    specs = {s.name: s for s in option_specs(options_type)}
    unknown = sorted(str(k) for k in extra if k not in specs)
    if unknown:
        valid = ", ".join(specs) or "none"
        raise UserError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(repr(k[:40]) for k in unknown)} "
            f"for {owner}; valid options: {valid}",
            field=_field(unknown[0][:40]),
        )
    values = {key: _convert(specs[key], value) for key, value in extra.items() if value is not None}
    return options_type(**values)


def canonical_options(options_type: type, extra: Mapping[str, Any]) -> dict[str, Any]:
    """``extra`` with each declared option's value as :func:`parse_options` reads it, so spellings of one
    meaning are one value (``check_text=false`` and ``=0`` are False; ``temperature=0`` and ``=0.0`` are
    0.0). This is what a deployment id hashes. A None value (not given) is left out; a key the class does
    not declare, or a value it refuses, is kept as given: the backend refuses it when it opens, and an id
    must never fail to compute (reports rebuild deployments of old runs)."""
    specs = {s.name: s for s in option_specs(options_type)}
    out: dict[str, Any] = {}
    for key, value in extra.items():
        if value is None and key in specs:
            continue
        try:
            out[key] = _convert(specs[key], value) if key in specs else value
        except UserError:
            out[key] = value
    return out


def _convert(spec: OptionSpec, value: Any) -> Any:
    if isinstance(value, str) and not value.strip() and spec.kind is not Mapping:
        raise UserError(f"no value given (expected {_type_words(spec)})", field=_field(spec.name))
    if spec.kind is bool:
        return _to_bool(spec, value)
    if spec.kind is int:
        number: float = _to_int(spec, value)
    elif spec.kind is float:
        number = _to_float(spec, value)
    elif spec.kind is str:
        return _to_text(spec, value)
    else:
        return _to_mapping(spec, value)
    if spec.minimum is not None and number < spec.minimum:
        raise UserError(f"must be at least {spec.minimum:g}, got {number:g}", field=_field(spec.name))
    if spec.maximum is not None and number > spec.maximum:
        raise UserError(f"must be at most {spec.maximum:g}, got {number:g}", field=_field(spec.name))
    return number


def _shown(value: Any) -> str:
    return repr(str(value)[:40])


def _to_bool(spec: OptionSpec, value: Any) -> bool:
    """true/false, 1/0, yes/no, on/off (any case); a Python bool as it is."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise UserError(f"expected true/false (or 1/0, yes/no), got {_shown(value)}", field=_field(spec.name))


def _to_int(spec: OptionSpec, value: Any) -> int:
    try:
        if isinstance(value, bool):
            raise ValueError  # noqa: TRY004 - reported below as a UserError
        if isinstance(value, float):
            if not value.is_integer():
                raise ValueError
            return int(value)
        if isinstance(value, int):
            return value
        if not isinstance(value, str):
            raise ValueError  # noqa: TRY004 - a list or a mapping is not a number either
        text = value.strip()
        if len(text) > _MAX_INT_CHARS:
            raise ValueError
        return int(text)
    except (ValueError, OverflowError):
        raise UserError(f"expected a whole number, got {_shown(value)}", field=_field(spec.name)) from None


def _to_float(spec: OptionSpec, value: Any) -> float:
    try:
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise ValueError  # noqa: TRY004 - reported below as a UserError
        number = float(value)
    except (ValueError, OverflowError):
        raise UserError(f"expected a number, got {_shown(value)}", field=_field(spec.name)) from None
    if not math.isfinite(number):
        raise UserError(f"expected a finite number, got {_shown(value)}", field=_field(spec.name))
    return number


def _to_text(spec: OptionSpec, value: Any) -> str:
    if not isinstance(value, str):
        raise UserError(f"expected text, got {type(value).__name__}", field=_field(spec.name))
    if len(value) > MAX_TEXT_CHARS:
        raise UserError(f"longer than {MAX_TEXT_CHARS} characters ({len(value)})", field=_field(spec.name))
    if any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in value):
        raise UserError("holds a control character", field=_field(spec.name))
    if spec.choices and value not in spec.choices:
        raise UserError(
            f"expected one of {', '.join(spec.choices)}, got {_shown(value)}",
            field=_field(spec.name),
        )
    return value


def _to_mapping(spec: OptionSpec, value: Any) -> dict[str, Any]:
    """A JSON object: a mapping from the API, or its JSON text from the command line."""
    if isinstance(value, str):
        from ..guards.safe_files import loads_guarded

        value = loads_guarded(value, field=_field(spec.name))
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise UserError(
            f"expected a JSON object (e.g. '{{\"name\": 1}}'), got {type(value).__name__}",
            field=_field(spec.name),
        )
    # Handed on as it is and stored with the run: a secret inside is as wrong as one outside.
    refuse_secret_options(value, within=spec.name)
    taken = [k for k in value if k in spec.reserved]
    if taken:
        raise UserError(
            f"may not set {', '.join(repr(k[:40]) for k in taken)}: the tool sets "
            f"{'it' if len(taken) == 1 else 'them'} for every request (the prompt's messages, the model, the "
            "generation flags); use --model, --max-tokens, --temperature, --seed and the suite instead",
            field=_field(spec.name),
        )
    return dict(value)


# -- documentation ----------------------------------------------------------------------------------------


def _type_words(spec: OptionSpec) -> str:
    return {
        bool: "true/false",
        int: "whole number",
        float: "number",
        str: "text",
        Mapping: "JSON object",
    }[spec.kind]


def _number_words(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value:g}"


def _range_words(spec: OptionSpec) -> str:
    if spec.choices:
        return "one of " + ", ".join(f"`{c}`" for c in spec.choices)
    low, high = spec.minimum, spec.maximum
    if low is not None and high is not None:
        return f"{_number_words(low)} to {_number_words(high)}"
    if low is not None:
        return f"at least {_number_words(low)}"
    if high is not None:
        return f"at most {_number_words(high)}"
    return ""


def _default_words(spec: OptionSpec) -> str:
    if spec.default is None:
        return "unset"
    if isinstance(spec.default, bool):
        return f"`{str(spec.default).lower()}`"
    if isinstance(spec.default, Mapping):
        return "`{}`" if not spec.default else f"`{dict(spec.default)}`"
    if isinstance(spec.default, float):
        return f"`{spec.default:g}`"
    return f"`{spec.default}`"


def options_table(options_type: type) -> str:
    """The Markdown table of an options class, as docs/reference/backend-options.md shows it."""
    lines = ["| option | type | default | range | meaning |", "|---|---|---|---|---|"]
    for spec in option_specs(options_type):
        meaning = spec.help.replace("|", "\\|")
        lines.append(
            f"| `{spec.name}` | {_type_words(spec)} | {_default_words(spec)} | {_range_words(spec)} | {meaning} |"
        )
    return "\n".join(lines)
