"""The ``overrefusal`` command for the tests that drive it: in this process where that is the same as a real
process, and as a real subprocess where it is not.

:func:`run_overrefusal` is the one runner (``tests/reliability/_rel.py``'s ``run_cli`` uses it too). It returns a
``subprocess.CompletedProcess`` either way, with the same meaning: the exit code ``sys.exit`` gave (1 and the
traceback on stderr for an uncaught exception, as the interpreter does), stdout and stderr apart, decoded as
``subprocess.run(text=True)`` decodes them (universal newlines), under exactly the environment and working
directory the process would have had. Starting a Python process and importing the package costs about a
second of CPU; the suite runs the command hundreds of times.

A run stays a real process where the process is the point or where this one would differ:
- the environment puts other directories on ``PYTHONPATH`` (plugins found through entry points),
- ``subprocess`` options other than ``cwd``, ``stdin=DEVNULL`` and ``timeout`` (``preexec_fn`` limits, ...),
- ``OVERREFUSAL_TESTS_SUBPROCESS=1`` in the test run's environment (everything as a process, to check that
  both paths agree).
Tests of signals, kills, locks between processes, terminals and the installed entry point start their own
processes and do not come here.

In this process, the command gets fresh ``sys.stdin`` (``/dev/null``), ``sys.stdout`` (UTF-8, strict, or
``$PYTHONIOENCODING``) and ``sys.stderr`` (backslashreplace), Python's default warning filters with warnings
printed to its stderr, logging's last-resort handler (no pytest capture handlers), and click's help width
from ``$COLUMNS`` as in a process; all of it is put back afterwards.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import subprocess
import sys
import traceback
import warnings
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

SRC = str(Path(__file__).resolve().parents[1] / "src")
FORCE_SUBPROCESS_ENV = "OVERREFUSAL_TESTS_SUBPROCESS"
PROG_NAME = "python -m overrefusal"
"""What click calls the program when it runs as ``python -m overrefusal`` (usage lines, help)."""


def cli(
    *args: str,
    store: Path | None = None,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 600,
) -> subprocess.CompletedProcess[str]:
    """Run ``overrefusal ARGS --store STORE`` (no ``--store`` where ``store`` is None) in ``cwd``, with ``env``
    added to this process's environment; ``timeout`` as :func:`run_overrefusal`'s."""
    store_flag = [] if store is None else ["--store", str(store)]
    return run_overrefusal(*args, *store_flag, env={**os.environ, **(env or {})}, cwd=cwd, timeout=timeout)


def one_clean_error(p: subprocess.CompletedProcess[str], *needles: str) -> str:
    """The stderr of a run refused as the command refuses bad input: exit 2, one line, no traceback, every one of
    ``needles`` in it."""
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    err = p.stderr.strip()
    assert "Traceback" not in err, err
    assert len(err.splitlines()) == 1, err
    for n in needles:
        assert n in err, (n, err)
    return err


def run_overrefusal(
    *args: str,
    env: Mapping[str, str] | None = None,
    cwd: str | Path | None = None,
    timeout: float = 600,
    stdin: int | None = None,
    real_process: bool = False,
    **popen_options: Any,
) -> subprocess.CompletedProcess[str]:
    """``python -m overrefusal ARGS`` with exactly ``env`` (default: this process's environment) in ``cwd``;
    ``stdin`` None or ``subprocess.DEVNULL`` (either way the command reads an empty, non-terminal stdin).
    ``real_process`` always starts one."""
    environment = with_source_first(dict(os.environ if env is None else env))
    in_process = not real_process and not popen_options and stdin in (None, subprocess.DEVNULL)
    if in_process and same_import_path(environment):
        return _in_process(list(args), environment, cwd)
    return subprocess.run(
        [sys.executable, "-m", "overrefusal", *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env=environment,
        stdin=subprocess.DEVNULL if stdin is None else stdin,
        **popen_options,
    )


def with_source_first(env: dict[str, str]) -> dict[str, str]:
    """``env`` with this checkout's ``src`` first on ``PYTHONPATH``, so that a process runs this checkout's code
    even where another copy is installed."""
    parts = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join([SRC, *(p for p in parts if p != SRC)])
    return env


def same_import_path(env: Mapping[str, str]) -> bool:
    """Whether a process under ``env`` would import what this one imports: no other ``PYTHONPATH`` entries
    (a plugin directory would add entry points this process has not seen), and not forced to a process."""
    if os.environ.get(FORCE_SUBPROCESS_ENV, "") not in ("", "0"):
        return False
    ours = with_source_first(dict(os.environ))["PYTHONPATH"]
    return env.get("PYTHONPATH") == ours


def _in_process(args: list[str], env: dict[str, str], cwd: str | Path | None) -> subprocess.CompletedProcess[str]:
    from overrefusal.cli import cli as command

    code: int = 0
    with _process_like(env, cwd) as (out, err):
        try:
            command.main(args, prog_name=PROG_NAME, standalone_mode=True)
        except SystemExit as exc:
            code = _exit_status(exc.code, sys.stderr)
        except BaseException as exc:  # an uncaught exception: what the interpreter reports
            traceback.print_exception(exc, file=sys.stderr)
            # Python ends on an uncaught KeyboardInterrupt by killing itself with SIGINT.
            code = -2 if isinstance(exc, KeyboardInterrupt) else 1
    return subprocess.CompletedProcess(
        [sys.executable, "-m", "overrefusal", *args], code, _decode(out.getvalue()), _decode(err.getvalue())
    )


def _exit_status(code: object, stderr: Any) -> int:
    """The status ``sys.exit(code)`` gives a process: None is 0, an int itself, anything else printed and 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=stderr)
    return 1


def _decode(data: bytes) -> str:
    # As subprocess.run(text=True) reads a pipe: the locale's encoding (UTF-8 here), universal newlines.
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", newline=None).read()


@contextlib.contextmanager
def _process_like(env: dict[str, str], cwd: str | Path | None) -> Iterator[tuple[io.BytesIO, io.BytesIO]]:
    import click.formatting

    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    root = logging.getLogger()
    saved_handlers = root.handlers[:]
    saved_width = click.formatting.FORCED_WIDTH
    out, err = io.BytesIO(), io.BytesIO()
    encoding, _, errors = env.get("PYTHONIOENCODING", "").partition(":")
    stdout = io.TextIOWrapper(out, encoding=encoding or "utf-8", errors=errors or "strict", write_through=True)
    stderr = io.TextIOWrapper(
        err, encoding=encoding or "utf-8", errors=errors or "backslashreplace", write_through=True
    )
    stdin = open(os.devnull, encoding="utf-8")  # closed below
    try:
        os.environ.clear()
        os.environ.update(env)
        if cwd is not None:
            os.chdir(cwd)
        sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
        root.handlers = []  # pytest's capture handlers: a process would print a warning through the last resort
        click.formatting.FORCED_WIDTH = None
        with warnings.catch_warnings():
            warnings.resetwarnings()
            for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
                warnings.simplefilter("ignore", category)
            warnings.filterwarnings("default", category=DeprecationWarning, module="__main__")
            warnings.showwarning = _show_warning
            yield out, err
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        for stream in (stdout, stderr):
            with contextlib.suppress(ValueError):
                stream.flush()
                stream.detach()  # the bytes stay readable: closing the wrapper would close them
        stdin.close()
        root.handlers = saved_handlers
        click.formatting.FORCED_WIDTH = saved_width
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)


def _show_warning(
    message: Warning | str, category: type[Warning], filename: str, lineno: int, file: Any = None, line: Any = None
) -> None:
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))
