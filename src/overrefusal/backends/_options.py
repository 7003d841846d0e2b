"""Typed reading of ``--backend-option KEY=VALUE`` settings.

Options arrive as strings from the command line (or as Python values from the API). ``bool("false")`` is
True and ``int("lots")`` is a traceback, so every backend reads its options through these functions: a
value that is not of the expected type, not finite, or out of range is one UserError naming the option.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, overload

from ..errors import UserError
from ..secrets import looks_like_secret

_TRUE = frozenset({"true", "1", "yes", "on"})
_FALSE = frozenset({"false", "0", "no", "off"})


def _field(key: str) -> str:
    return f"--backend-option {key}"


def refuse_secret_options(extra: Mapping[str, Any]) -> None:
    """Options are stored with the run and hashed into its id, so one that looks like a secret is refused:
    secrets travel only through an environment variable named by ``--api-key-env`` (or ``*_env`` options)."""
    for key in extra:
        if looks_like_secret(str(key)):
            raise UserError(
                "an option that looks like a secret is never passed on the command line (it would be stored "
                "with the run); put it in an environment variable and name that with --api-key-env",
                field=_field(str(key)),
            )


def option_bool(extra: Mapping[str, Any], key: str, default: bool) -> bool:
    """true/false, 1/0, yes/no, on/off (any case); a Python bool as it is."""
    value = extra.get(key)
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise UserError(f"expected true/false (or 1/0, yes/no), got {str(value)[:40]!r}", field=_field(key))


@overload
def option_int(
    extra: Mapping[str, Any], key: str, default: int, *, minimum: int | None = None, maximum: int | None = None
) -> int: ...
@overload
def option_int(
    extra: Mapping[str, Any], key: str, default: None, *, minimum: int | None = None, maximum: int | None = None
) -> int | None: ...
def option_int(
    extra: Mapping[str, Any], key: str, default: int | None, *, minimum: int | None = None, maximum: int | None = None
) -> int | None:
    """A whole number in [minimum, maximum]; ``default`` when the option is not given."""
    value = extra.get(key)
    if value is None or value == "":
        return default
    try:
        if isinstance(value, bool):
            raise ValueError  # noqa: TRY004 - reported below as a UserError
        if isinstance(value, float):
            if not value.is_integer():
                raise ValueError
            number = int(value)
        else:
            text = str(value).strip()
            if len(text) > 20:
                raise ValueError
            number = int(text)
    except (ValueError, OverflowError):
        raise UserError(f"expected a whole number, got {str(value)[:40]!r}", field=_field(key)) from None
    _check_range(key, number, minimum, maximum)
    return number


@overload
def option_float(
    extra: Mapping[str, Any], key: str, default: float, *, minimum: float | None = None, maximum: float | None = None
) -> float: ...
@overload
def option_float(
    extra: Mapping[str, Any], key: str, default: None, *, minimum: float | None = None, maximum: float | None = None
) -> float | None: ...
def option_float(
    extra: Mapping[str, Any],
    key: str,
    default: float | None,
    *,
    minimum: float | None = None,
    maximum: float | None = None,
) -> float | None:
    """A finite number in [minimum, maximum]; ``default`` when the option is not given."""
    value = extra.get(key)
    if value is None or value == "":
        return default
    try:
        if isinstance(value, bool):
            raise ValueError  # noqa: TRY004 - reported below as a UserError
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise UserError(f"expected a number, got {str(value)[:40]!r}", field=_field(key)) from None
    if not math.isfinite(number):
        raise UserError(f"expected a finite number, got {str(value)[:40]!r}", field=_field(key))
    _check_range(key, number, minimum, maximum)
    return number


def _check_range(key: str, number: float, minimum: float | None, maximum: float | None) -> None:
    if minimum is not None and number < minimum:
        raise UserError(f"must be at least {minimum:g}, got {number:g}", field=_field(key))
    if maximum is not None and number > maximum:
        raise UserError(f"must be at most {maximum:g}, got {number:g}", field=_field(key))
