"""What every command shares: the store flag, JSON output, and turning UserError into one line + exit 2."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..errors import StoreNotFound, UserError
from ..report._control import one_line
from ._params import FileName

F = TypeVar("F", bound=Callable[..., Any])

store_option = click.option(
    "--store",
    "store_path",
    # Not click.Path: an empty --store ("$UNSET_VARIABLE") must not fall back to the default store.
    type=FileName(dir_okay=False),
    default=None,
    help="SQLite file holding runs (default: $OVERREFUSAL_STORE or the user data directory).",
)
json_option = click.option(
    "--json", "as_json", is_flag=True, help="Print the result as JSON (stable schema: docs/reference/json.md)."
)


def fail(message: str) -> None:
    click.echo(f"error: {_one_line(message)}", err=True)
    sys.exit(2)


class OneLineErrors(click.Group):
    """The command group: a flag value click rejects is one line and exit 2 like every other bad input
    (``error: Invalid value for '--limit': ...``), not click's multi-line usage block."""

    def main(
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.Abort:
            click.echo("aborted", err=True)
            sys.exit(1)
        except click.ClickException as exc:
            no_args = getattr(click.exceptions, "NoArgsIsHelpError", None)
            if no_args is not None and isinstance(exc, no_args):
                exc.show()  # a bare `overrefusal` (or group) shows its help, as click does
                sys.exit(exc.exit_code)
            if exc.exit_code == 2:
                fail(exc.format_message())
            click.echo(f"error: {_one_line(exc.format_message())}", err=True)
            sys.exit(exc.exit_code)
        sys.exit(rv if isinstance(rv, int) else 0)


MAX_ERROR_CHARS = 2000
"""An error line quoting a 1 MB cell or run id would bury the file, line and field it names."""


def _one_line(message: str) -> str:
    # Messages may quote file contents (an id, a cell): no terminal escape gets through, and it stays one line.
    if len(message) > MAX_ERROR_CHARS:
        cut = len(message) - MAX_ERROR_CHARS
        message = f"{message[: MAX_ERROR_CHARS - 500]} [... {cut} characters left out ...] {message[-500:]}"
    return one_line(message)


def user_errors(fn: F) -> F:
    """Bad input ends the command with one clear line and exit code 2, never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except StoreNotFound as exc:
            # The run the user asked for is what they look for: name it, not only the store that is not there.
            refs = _run_references()
            fail(f"run {', '.join(repr(r) for r in refs)} not found: {exc}" if refs else str(exc))
        except UserError as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            click.echo(
                "interrupted; everything finished so far is stored; run the same command again to resume", err=True
            )
            sys.exit(130)

    return wrapper  # type: ignore[return-value]


RUN_PARAMETERS = ("run_id", "run_ids", "baseline", "candidate")
"""Names of the command parameters that hold run ids (arguments and options alike)."""


def _run_references() -> list[str]:
    """The run ids the current command was given (shortened: an id may be hostile), in order."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return []
    refs: list[str] = []
    for name in RUN_PARAMETERS:
        value = ctx.params.get(name)
        for ref in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(ref, str) and ref:
                refs.append(ref[:80])
    return refs


def print_json(obj: Any) -> None:
    click.echo(json.dumps(obj, indent=2, ensure_ascii=False, default=str))


def parse_pairs(values: tuple[str, ...], flag: str) -> dict[str, str]:
    """Repeated ``KEY=VALUE`` flags as a dict. A key given twice is an error, not "the last one wins":
    ``--column label=a --column label=b`` or two values of one backend option are a slip either way."""
    out: dict[str, str] = {}
    for v in values:
        if "=" not in v:
            raise UserError(f"expected KEY=VALUE, got '{v}'", field=flag)
        k, val = v.split("=", 1)
        key = k.strip()
        if key in out:
            # The values are not repeated here: a backend option's value may be a secret.
            raise UserError(f"'{key}' given twice; give it once", field=flag)
        out[key] = val
    return out
