"""Click parameter types shared by every command: numbers that are finite and in range, and ``--limit``.

click's own ``FloatRange`` lets NaN through (every comparison with NaN is false) and ``inf`` through an
open upper bound, so ``gate --max-increase nan`` would pass any regression and ``--temperature inf``
would reach a server. Every numeric flag of the CLI uses one of these types, so a value that is not a
finite number in its range is rejected at the flag, before anything runs or is stored.
"""

from __future__ import annotations

import math
from typing import Any

import click

from ..errors import UserError

MAX_INT = 2**63 - 1
"""The largest integer SQLite stores and most servers accept; larger ones are rejected at the flag."""


class FiniteFloat(click.FloatRange):
    """A float in [min, max] (bounds optional, open or closed) that is never NaN or infinite."""

    name = "finite float"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = click.FLOAT.convert(value, param, ctx) if not isinstance(value, float) else value
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


class BoundedInt(click.IntRange):
    """An integer in [min, max]; the default upper bound keeps it inside SQLite's 64-bit INTEGER."""

    name = "bounded integer"

    def __init__(self, min: int | None = None, max: int | None = MAX_INT) -> None:
        super().__init__(min, max if max is not None else MAX_INT)


class LimitType(click.ParamType):
    """``--limit``: a whole number of prompts (at least 1) or ``all``; converts to ``int`` or ``None`` (all)."""

    name = "N|all"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value is None or isinstance(value, int) and not isinstance(value, bool):
            n = value
        else:
            text = str(value).strip().lower()
            if text == "all":
                return None
            try:
                n = int(text)
            except ValueError:
                self.fail(f"expected a number of prompts or 'all', got {value!r}", param, ctx)
        if n is None:
            return None
        if n < 1:
            # 0 once meant "all" by accident; "first 0 prompts" is almost always a mistake in a script.
            self.fail(f"must be at least 1 (use 'all' for every prompt), got {n}", param, ctx)
        if n > MAX_INT:
            self.fail(f"{n} is too large", param, ctx)
        return n


class RunIdType(click.ParamType):
    """``--run-id``: a name every other command can address (see :func:`overrefusal.api.check_run_id`)."""

    name = "run id"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        # Imported when a --run-id is given, not with the module: every command (``--help`` too) imports
        # this module, and the function's module brings the whole store package with it.
        from ..api import check_run_id

        try:
            return check_run_id(str(value))
        except UserError as exc:
            self.fail(exc.detail, param, ctx)


class FileName(click.Path):
    """A file flag (input or output) whose value must be a name: an empty or blank value is refused at the
    flag. ``Path("")`` is the current directory, so it was reported as "is a directory", naming no flag."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            self.fail(f"expected a file name, got {value!r}", param, ctx)
        if isinstance(value, str) and "\0" in value:
            # click.Path stats the name, and os.stat raises ValueError (a traceback) on a NUL character.
            self.fail(f"a file name cannot hold a NUL character, got {value!r}", param, ctx)
        return super().convert(value, param, ctx)


class JudgeNameType(click.ParamType):
    """``--judge``: a judge spec or stored judge id. An empty or blank value is refused at the flag; several
    commands took it for "not given" and silently used the default judge."""

    name = "judge"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not str(value).strip():
            self.fail(f"expected a judge (see `overrefusal judges`), got {str(value)!r}", param, ctx)
        return str(value)


class ModelSpecType(click.ParamType):
    """A model given to a flag other than ``--model`` (``--rewriter``, ``--grader``): ``PROVIDER/NAME`` with a
    registered provider, checked at the flag so that a slip is named by the flag the user typed (the backends
    name ``--model``), and an empty value is an error instead of "no model"."""

    name = "PROVIDER/NAME"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ..api import check_model_spec

        text = str(value)
        if not text.strip():
            self.fail("is empty; give a model as PROVIDER/NAME", param, ctx)
        try:
            check_model_spec(text)
        except UserError as exc:
            self.fail(exc.detail, param, ctx)
        return text


LIMIT = LimitType()
"""Shared instance for ``--limit``."""
FRACTION = FiniteFloat(0.0, 1.0)
"""A fraction in [0, 1] (thresholds of the CI gate)."""
SIGNIFICANCE = FiniteFloat(0.0, 1.0, min_open=True, max_open=True)
"""A significance level strictly between 0 and 1."""
TEMPERATURE = FiniteFloat(0.0, 100.0)
"""Sampling temperature: servers accept 0-2; anything past 100 is a typo, not a setting."""
SECONDS = FiniteFloat(0.1, 7 * 24 * 3600.0)
"""A timeout in seconds: at least 0.1 s, at most a week."""
PER_MINUTE = FiniteFloat(0.0, 1e12, min_open=True)
"""A rate per minute (requests or tokens)."""
CONCURRENCY = BoundedInt(1, 1024)
MAX_TOKENS = BoundedInt(1, 10_000_000)
SEED = BoundedInt(-MAX_INT, MAX_INT)
COUNT = BoundedInt(0)
POSITIVE = BoundedInt(1)
RUN_ID = RunIdType()
MODEL_SPEC = ModelSpecType()
JUDGE = JudgeNameType()
