"""Shared parts of the property-based (Hypothesis) tests: the CLI run in process with a hang guard, the
contract every command keeps, a small store to work on, and strategies for hostile text.

The contract, for any generated input:

* the command ends with exit 0 or 2 (1 only where a command documents it, e.g. ``gate``), never with an
  exception escaping (a traceback) and never hanging (each invocation has a wall-clock guard);
* a refused command (exit 2) leaves the store byte-identical;
* a secret given anywhere appears in no byte of the store, of stdout/stderr, or of any file written.

Commands run in this process through click's ``CliRunner`` on ``overrefusal.cli`` (a subprocess would cost a
second of start-up per example); a few tests in ``test_fuzz_subprocess.py`` run the real ``overrefusal``
process to show the in-process result holds there too.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import shutil
import signal
import sqlite3
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import strategies as st

HANG_S = float(os.environ.get("OVERREFUSAL_FUZZ_HANG_S", "60"))
"""Wall-clock seconds one in-process command may take before it counts as a hang. Generous: a hang is
"never returns", not "slow", and the machine running the tests may be busy."""


class Hang(BaseException):
    """Raised into a command that ran past :data:`HANG_S`. A BaseException, so that neither the command's own
    ``except Exception`` nor CliRunner's catches it: the example fails as a hang, not as exit 1."""


@dataclass
class Outcome:
    """What one in-process invocation did."""

    args: list[str]
    exit_code: int
    stdout: str
    stderr: str
    exception: BaseException | None
    files: dict[str, bytes] = field(default_factory=dict)
    """Every file in the example's work directory after the command (outputs it wrote)."""

    @property
    def output(self) -> str:
        return self.stdout + self.stderr

    def describe(self) -> str:
        return (
            f"args={self.args!r}\nexit={self.exit_code} exception={self.exception!r}\n"
            f"stdout[-1500:]={self.stdout[-1500:]!r}\nstderr[-1500:]={self.stderr[-1500:]!r}"
        )


@contextlib.contextmanager
def _hang_guard(seconds: float) -> Iterator[None]:
    """SIGALRM after ``seconds`` raises :class:`Hang` in the main thread; pytest-timeout's own alarm (if
    any) is put back afterwards with the time it had left."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise Hang(f"the command did not finish within {seconds:.0f} s")

    start = time.monotonic()
    previous_handler = signal.signal(signal.SIGALRM, on_alarm)
    previous_delay, previous_interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous_handler)
        if previous_delay:
            left = max(previous_delay - (time.monotonic() - start), 0.001)
            signal.setitimer(signal.ITIMER_REAL, left, previous_interval)


def base_env(work: Path) -> dict[str, str | None]:
    """Environment of every fuzzed command: nothing reaches the network or the user's real data directory."""
    return {
        "OVERREFUSAL_OFFLINE": "1",
        "OVERREFUSAL_STORE": str(work / "default-store.db"),
        "XDG_DATA_HOME": str(work / "xdg-data"),
        "XDG_CACHE_HOME": str(work / "xdg-cache"),
        "HF_HUB_OFFLINE": "1",
        "NO_COLOR": "1",
        "COLUMNS": "120",
        "OPENAI_API_KEY": None,
        "RAY_ADDRESS": None,
    }


def invoke(
    args: Sequence[str],
    work: Path,
    *,
    env: dict[str, str | None] | None = None,
    stdin: str | bytes | None = None,
    hang_s: float = HANG_S,
) -> Outcome:
    """``overrefusal ARGS`` in this process, in the directory ``work`` (so relative outputs land there)."""
    from overrefusal.cli import cli

    try:
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        runner = CliRunner()  # click >= 8.2 keeps stderr apart always
    environment = {**base_env(work), **(env or {})}
    before = Path.cwd()
    os.chdir(work)
    try:
        with _hang_guard(hang_s):
            result = runner.invoke(cli, list(args), env=environment, input=stdin, catch_exceptions=True)
    except Hang as exc:
        raise AssertionError(f"hang: {exc}; args={list(args)!r}") from None
    finally:
        os.chdir(before)
    exception = result.exception
    if isinstance(exception, SystemExit):
        exception = None
    return Outcome(
        list(args),
        result.exit_code,
        result.stdout,
        result.stderr if result.stderr_bytes is not None else "",
        exception,
        files=read_tree(work),
    )


def read_tree(root: Path, *, limit: int = 50_000_000) -> dict[str, bytes]:
    """Every regular file under ``root`` (relative name -> bytes), skipping fifos and the like."""
    out: dict[str, bytes] = {}
    total = 0
    for p in sorted(root.rglob("*")):
        if p.is_symlink() or not p.is_file():
            continue
        data = p.read_bytes()
        total += len(data)
        if total > limit:
            break
        out[str(p.relative_to(root))] = data
    return out


def check_contract(o: Outcome, *, allowed: tuple[int, ...] = (0, 2)) -> None:
    """Exit 0 or 2 (or what ``allowed`` documents), no exception escaping, no traceback in any output, and a
    refusal that is one ``error:`` line."""
    from hypothesis import event
    from hypothesis.control import currently_in_test_context

    if currently_in_test_context():
        event(f"exit {o.exit_code}")  # --hypothesis-show-statistics shows how many examples were refused
    assert o.exception is None, f"exception escaped: {type(o.exception).__name__}: {o.exception}\n{o.describe()}"
    assert "Traceback (most recent call last)" not in o.output, o.describe()
    assert o.exit_code in allowed, o.describe()
    if o.exit_code == 2:
        lines = [line for line in o.stderr.splitlines() if line.strip()]
        assert lines and lines[-1].startswith("error: "), o.describe()


# -- the store -------------------------------------------------------------------------------------


def store_bytes(store: Path) -> dict[str, bytes]:
    """The store's bytes and its write-ahead log's (``-shm`` is SQLite's reader index and the ``.lock``
    file is empty: neither holds data; an empty WAL holds nothing)."""
    out = {p.name: p.read_bytes() for p in store.parent.iterdir() if p.name.startswith(store.name) and p.is_file()}
    out.pop(store.name + "-shm", None)
    out.pop(store.name + ".lock", None)
    if out.get(store.name + "-wal") == b"":
        del out[store.name + "-wal"]
    return out


def dump(store: Path) -> list[str]:
    """The store's content as SQL (for a readable failure message when the bytes differ)."""
    con = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def assert_unchanged(before: dict[str, bytes], store: Path, o: Outcome) -> None:
    after = store_bytes(store)
    if after == before:
        return
    raise AssertionError(f"a refused command changed the store: {sorted(after)} vs {sorted(before)}\n{o.describe()}")


@contextlib.contextmanager
def workdir(base: Path) -> Iterator[Path]:
    """A fresh directory per example under the session's (xdist-safe) temp dir, removed afterwards."""
    d = Path(tempfile.mkdtemp(prefix="ex-", dir=base))
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)


def copy_store(src: Path, dest_dir: Path) -> Path:
    dest = dest_dir / "store.db"
    shutil.copyfile(src, dest)
    return dest


def write_csv(path: Path, rows: Sequence[Sequence[object]]) -> Path:
    buf = io.StringIO(newline="")
    csv.writer(buf, lineterminator="\n").writerows(rows)
    path.write_bytes(buf.getvalue().encode("utf-8"))
    return path


# -- strategies ------------------------------------------------------------------------------------

HOSTILE_SNIPPETS = (
    "",
    " ",
    "\x00",
    "\x1b[31m",
    "\x1b]0;t\x07",
    "\u2028",
    "\u202e",
    "\ufeff",
    "\r\n",
    "\r",
    "\t",
    "\ud800",
    "=cmd|' /C calc'!A0",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "1e999",
    "-1",
    "0",
    "9" * 30,
    "null",
    "true",
    "[]",
    "{}",
    '{"a": 1}',
    "'",
    '"',
    "\\",
    "/",
    "../",
    "~",
    "-",
    "--help",
    "é",
    "日本語",
    "\U0001f600",
)
"""Strings that broke something somewhere before: controls, separators, bidi, BOM, lone surrogates, formulas,
numbers that are not finite, JSON fragments, paths, flags, wide characters, long text."""

hostile_text = st.one_of(
    st.sampled_from(HOSTILE_SNIPPETS),
    st.text(max_size=40),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12),
    st.builds(lambda a, b: a + b, st.sampled_from(HOSTILE_SNIPPETS), st.text(max_size=10)),
    st.integers(4000, 6000).map(lambda n: "x" * n),
)
"""Text a hostile user or file may hold."""

numbers_as_text = st.one_of(
    st.sampled_from(["0", "-0", "1", "-1", "nan", "NaN", "inf", "-inf", "Infinity", "1e999", "1e-999", "0x10"]),
    st.integers().map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
)

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    hostile_text,
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(hostile_text, st.sampled_from(["id", "text"])), inner, max_size=4),
    ),
    max_leaves=12,
)
"""Any JSON value (NaN and infinities included: Python's json writes them as tokens a strict reader refuses)."""


def surrogate_free(text: str) -> str:
    """``text`` with lone surrogates replaced, for writing it to a UTF-8 file."""
    return text.encode("utf-8", "replace").decode("utf-8")


# -- settings profiles -----------------------------------------------------------------------------

PROFILE = os.environ.get("OVERREFUSAL_FUZZ_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
SCALE = 10.0 if PROFILE == "deep" else float(os.environ.get("OVERREFUSAL_FUZZ_SCALE", "1"))


def register_profiles() -> None:
    """Register the profiles (see conftest.py) and load the one in force."""
    from hypothesis import HealthCheck, Phase, settings

    common: dict[str, Any] = {
        "database": None,
        "deadline": None,
        "print_blob": True,
        "suppress_health_check": (HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much),
    }
    # No "explain" phase: it re-runs a failing example scores of times (minutes for a CLI run).
    phases = (Phase.explicit, Phase.generate, Phase.shrink)
    settings.register_profile("dev", derandomize=True, phases=phases, **common)
    settings.register_profile("ci", derandomize=True, phases=phases, **common)
    settings.register_profile("deep", derandomize=False, phases=(*phases, Phase.target), **common)
    settings.load_profile(PROFILE)


def examples(n: int) -> int:
    """How many examples a test runs: its own count, scaled by the profile (``deep``: x10)."""
    return max(1, int(n * SCALE))
