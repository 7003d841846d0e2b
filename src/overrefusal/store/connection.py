"""The store's one connection and transaction owner: opening (writable or read-only), the schema check and
ordered migrations, transactions, and SQLite errors in words a user can act on. Every part of the store
(runs, replies, verdicts, labels) writes through it."""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeVar

from ..errors import StoreBusy, StoreNotFound, StoreOutdated, UserError
from ._migrations import MIGRATIONS, PromptClasses, PromptDigest

_Self = TypeVar("_Self", bound="StoreConnection")

STORE_ENV = "OVERREFUSAL_STORE"
BUSY_TIMEOUT_ENV = "OVERREFUSAL_BUSY_TIMEOUT_S"
"""Seconds a write waits for another process's lock on the store before failing (default 60)."""
DEFAULT_BUSY_TIMEOUT_S = 60.0


def busy_timeout_s() -> float:
    """``$OVERREFUSAL_BUSY_TIMEOUT_S`` (seconds, >= 0), else 60."""
    raw = os.environ.get(BUSY_TIMEOUT_ENV, "").strip()
    if not raw:
        return DEFAULT_BUSY_TIMEOUT_S
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 <= value < 1e6:
        raise UserError(f"expected a number of seconds (0 or more), got {raw!r}", field=BUSY_TIMEOUT_ENV)
    return value


_busy_timeout = busy_timeout_s


def default_store_path() -> Path:
    """``$OVERREFUSAL_STORE``, else ``overrefusal.db`` in the user's data directory."""
    env = os.environ.get(STORE_ENV)
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("overrefusal", appauthor=False)) / "overrefusal.db"


def _io_diagnosis(path: Path) -> str:
    """Why a write to ``path`` may have failed with a bare I/O error: a file size limit, a full disk, or neither."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
        if soft != resource.RLIM_INFINITY:
            return f"disk full: the file size limit (ulimit -f) of {soft} bytes is reached"
    except (ImportError, OSError, ValueError):
        pass
    try:
        import shutil

        if shutil.disk_usage(path.parent).free < 4 * 1024 * 1024:
            return "disk full"
    except OSError:
        pass
    return "disk I/O error"


def utc_now() -> str:
    """The current UTC time as stored (ISO 8601, seconds)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (comments may contain semicolons)."""
    out, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            out.append(current)
            current = ""
    if current.strip() and not all(ln.strip().startswith("--") or not ln.strip() for ln in current.splitlines()):
        raise ValueError(f"incomplete SQL statement in migration: {current!r}")
    return out


def _uri(path: Path, mode: str) -> str:
    """An SQLite URI for ``path``: ``mode=ro`` reads only; ``mode=rw`` writes but never creates the file (a
    store deleted between a check and the open is an error, not a new empty store)."""
    from urllib.parse import quote

    return f"file:{quote(str(path.resolve()))}?mode={mode}"


def _ro_uri(path: Path) -> str:
    return _uri(path, "ro")


class StoreConnection:
    """An embedded SQLite file. Every write commits at once, so a killed process loses nothing it wrote.

    ``read_only=True`` (listing, reports, comparisons): the file must exist and is opened with SQLite's
    ``mode=ro``, so such a command can neither create a store (a typo in ``--store``) nor change one.
    ``create=False`` (commands that write to stored runs: labels, trigger variants): the file must exist too,
    and is opened for writing (SQLite ``mode=rw``: never created, even if deleted after the check). Either way a
    database that is not an overrefusal store, or one written by a newer version (a migration this version does
    not know), is refused before anything is written to it.

    ``upgrade=False`` (with ``read_only``: ``view --read-only``, which promises never to write): a store from an
    older version is not migrated; :class:`~overrefusal.errors.StoreOutdated` says so instead. ``busy_timeout_s``
    overrides ``$OVERREFUSAL_BUSY_TIMEOUT_S`` (the viewer waits seconds, not a minute, for a lock).

    The parts of the store (:mod:`.runs`, :mod:`.replies`, :mod:`.verdicts`, :mod:`.labels`) subclass this
    class and share its one connection; :class:`~overrefusal.store.Store` combines them."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        read_only: bool = False,
        create: bool = True,
        upgrade: bool = True,
        busy_timeout_s: float | None = None,
    ):
        self.path = Path(path)
        self.read_only = read_only
        self.create = create
        self.upgrade = upgrade
        self._db: sqlite3.Connection | None = None
        try:
            self.busy_timeout_s = _busy_timeout() if busy_timeout_s is None else busy_timeout_s
            if read_only:
                self._open_read_only()
            else:
                self._open_writable()
        except OSError as exc:
            self._close_quietly()
            raise UserError(f"cannot open the store: {exc.strerror or exc}", path=str(self.path)) from None
        except sqlite3.DatabaseError as exc:
            self._close_quietly()
            raise self._error("cannot open the store", exc) from None
        except BaseException:
            self._close_quietly()
            raise

    def _close_quietly(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()

    def _not_found(self) -> StoreNotFound:
        return StoreNotFound(
            f"no store at this path (a command that only reads never creates one); check --store or ${STORE_ENV}",
            path=str(self.path),
        )

    def _open_writable(self) -> None:
        if not self.create and not self.path.exists():
            raise self._not_found()
        if self.path.exists() and not self.path.is_file():
            raise UserError("is not a file (a store is one SQLite file)", path=str(self.path))
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, one short transaction per write.
        if self.create:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(self.path), timeout=self.busy_timeout_s, isolation_level=None)
        else:
            try:
                self._db = sqlite3.connect(
                    _uri(self.path, "rw"), uri=True, timeout=self.busy_timeout_s, isolation_level=None
                )
            except sqlite3.OperationalError:
                if not self.path.exists():  # deleted since the check above
                    raise self._not_found() from None
                raise
        self.db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_s * 1000)}")
        # Checked before any PRAGMA that writes (journal_mode): a foreign database stays untouched.
        self._check_schema()
        self.db.execute("PRAGMA journal_mode = WAL")
        # NORMAL in WAL mode survives a killed process (not a power cut) and is much faster than FULL.
        self.db.execute("PRAGMA synchronous = NORMAL")
        self.db.execute("PRAGMA foreign_keys = ON")
        self._migrate()

    def _open_read_only(self) -> None:
        if not self.path.exists():
            raise self._not_found()
        if not self.path.is_file():
            raise UserError("is not a file (a store is one SQLite file)", path=str(self.path))
        self._db = sqlite3.connect(_ro_uri(self.path), uri=True, timeout=self.busy_timeout_s, isolation_level=None)
        self.db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_s * 1000)}")
        pending = self._check_schema()
        if pending and not self.upgrade:
            raise StoreOutdated(
                f"was written by an older version of overrefusal (schema before {pending[0]}) and is opened "
                "without upgrading it (read-only); any command that writes, or `overrefusal view` without "
                "--read-only, upgrades it",
                path=str(self.path),
            )
        if pending:
            # A store from an older version: upgrading it is the one write a reading command makes.
            self._db.close()
            self._open_writable()
            self._db.close()
            self._db = sqlite3.connect(_ro_uri(self.path), uri=True, timeout=self.busy_timeout_s, isolation_level=None)
            self.db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_s * 1000)}")

    # -- schema -----------------------------------------------------------------------------------------
    def _check_schema(self) -> list[str]:
        """Migrations still to apply. UserError for a database that is not a store or is from a newer version."""
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        known = [name for name, _ in MIGRATIONS]
        if "_migrations" not in tables:
            if tables - {"sqlite_sequence"}:
                shown = ", ".join(sorted(tables)[:5])
                raise UserError(
                    f"is an SQLite database but not an overrefusal store (it has tables {shown}); refusing to touch it",
                    path=str(self.path),
                )
            if self.read_only:
                raise UserError("is an empty database, not an overrefusal store", path=str(self.path))
            return known
        applied = [r[0] for r in self.db.execute("SELECT name FROM _migrations ORDER BY name")]
        newer = sorted(set(applied) - set(known))
        if newer:
            raise UserError(
                f"was written by a newer version of overrefusal (schema version {newer[-1]}; this "
                f"version knows up to {known[-1]}); upgrade overrefusal to use it",
                path=str(self.path),
            )
        return [name for name in known if name not in applied]

    @property
    def db(self) -> sqlite3.Connection:
        assert self._db is not None
        return self._db

    def quick_check(self) -> list[str]:
        """SQLite's ``PRAGMA quick_check``: [] when the file is sound, else the problems it found."""
        try:
            rows = [str(r[0]) for r in self.db.execute("PRAGMA quick_check")]
        except sqlite3.DatabaseError as exc:
            return [str(exc)]
        return [] if rows == ["ok"] else rows

    def _migrate(self) -> None:
        db = self.db
        db.execute("CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
        applied = {r[0] for r in db.execute("SELECT name FROM _migrations")}
        # What 012 computes for the runs already stored (typeshed knows only one-integer aggregates).
        db.create_aggregate("prompt_digest", 3, PromptDigest)  # type: ignore[arg-type]
        db.create_aggregate("prompt_classes", 3, PromptClasses)  # type: ignore[arg-type]
        for name, sql in MIGRATIONS:
            if name in applied:
                continue
            self._write("BEGIN IMMEDIATE")
            try:
                # Another process may have applied it while we waited for the lock.
                if db.execute("SELECT 1 FROM _migrations WHERE name = ?", (name,)).fetchone():
                    db.execute("COMMIT")
                    continue
                for statement in _statements(sql):
                    db.execute(statement)
                db.execute("INSERT INTO _migrations VALUES (?, ?)", (name, utc_now()))
                db.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise

    def applied_migrations(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT name FROM _migrations ORDER BY name")]

    def close(self) -> None:
        self._close_quietly()

    def __enter__(self: _Self) -> _Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _error(self, doing: str, exc: sqlite3.Error) -> UserError:
        """A UserError naming the store and what went wrong in words a user can act on."""
        text = str(exc)
        code = getattr(exc, "sqlite_errorname", "")
        if "malformed" in text or "not a database" in text or code.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            return UserError(
                f"{doing}: the store is damaged ({text}); `overrefusal runs --check` checks it, "
                "and a backup copy is the way back",
                path=str(self.path),
            )
        if self.read_only and ("readonly" in text or code.startswith("SQLITE_READONLY")):
            return UserError(f"{doing}: the store is open read-only ({text})", path=str(self.path))
        if "locked" in text or "busy" in text or code.startswith("SQLITE_BUSY"):
            return StoreBusy(
                f"{doing}: the store is locked by another process (waited {self.busy_timeout_s:g} s; "
                f"${BUSY_TIMEOUT_ENV} sets how long): {text}; nothing stored so far is lost, run the same "
                "command again to resume",
                path=str(self.path),
            )
        if "full" in text or code.startswith("SQLITE_FULL"):
            text = f"disk full ({text}); free some space, then run the same command again to resume"
        elif code.startswith("SQLITE_IOERR") or "disk I/O error" in text:
            text = f"{_io_diagnosis(self.path)} ({text}); nothing stored so far is lost"
        return UserError(f"{doing}: {text}", path=str(self.path))

    def _write(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        try:
            return self.db.execute(sql, params)
        except sqlite3.OperationalError as exc:
            raise self._error("cannot write to the store", exc) from None

    def _rollback(self) -> None:
        if self.db.in_transaction:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the failed transaction is rolled back by SQLite itself; nothing was committed

    def count(self, table: str) -> int:
        assert table in {"runs", "run_prompts", "completions", "results", "label_sample", "human_labels"}
        return int(self.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])

    def iter_rows(self, sql: str, params: Sequence[Any] = ()) -> Iterator[tuple[Any, ...]]:
        """Read-only escape hatch for tests and exports."""
        yield from self.db.execute(sql, params)

    @contextlib.contextmanager
    def errors_translated(self: _Self) -> Iterator[_Self]:
        """Any SQLite error raised inside (by code that queries ``db`` directly) as the UserError that names
        the store (:class:`~overrefusal.errors.StoreBusy` for a lock), for callers that must not see sqlite3."""
        try:
            yield self
        except sqlite3.DatabaseError as exc:
            raise self._error("cannot use the store", exc) from None

    @contextlib.contextmanager
    def transaction(self: _Self) -> Iterator[_Self]:
        """Group many writes into one transaction (all or nothing). One commit per row caps bulk writes
        at a few thousand rows a second; one per shard is limited by SQLite itself. Used inside another
        transaction it joins it: the outer one commits or rolls back everything (a command that draws a sample
        and then stores labels either does both or nothing)."""
        if self.db.in_transaction:
            yield self
            return
        self._write("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self._write("COMMIT")


class VersionWatch:
    """The version of the store file at ``path``: (device, inode, SQLite's ``PRAGMA data_version``), read on one
    read-only connection kept open for it (``mode=ro``, so it writes nothing). ``data_version`` changes whenever
    another connection, in this process or another, commits a change; the device and inode change when the
    file is replaced. :meth:`read` gives None when the file is gone or cannot be opened. Safe to share between
    threads."""

    def __init__(self, path: str | os.PathLike[str], *, wait_s: float = 0.5):
        self.path = Path(path)
        self.wait_s = wait_s
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._file: tuple[int, int] | None = None

    def read(self) -> tuple[int, int, int] | None:
        with self._lock:
            try:
                stat = os.stat(self.path)
                file = (stat.st_dev, stat.st_ino)
                if self._db is None or self._file != file:
                    self._close()
                    self._db = sqlite3.connect(
                        _ro_uri(self.path), uri=True, isolation_level=None, check_same_thread=False, timeout=self.wait_s
                    )
                    self._file = file
                return (*file, int(self._db.execute("PRAGMA data_version").fetchone()[0]))
            except (OSError, sqlite3.Error):
                self._close()
                return None

    def close(self) -> None:
        with self._lock:
            self._close()

    def _close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
        self._db, self._file = None, None


_Method = TypeVar("_Method", bound=Callable[..., Any])


def _translating(method: _Method) -> _Method:
    """``method`` with a damaged or unreadable file surfacing as one UserError naming the store."""
    if inspect.isgeneratorfunction(method):

        @functools.wraps(method)
        def gen_wrapper(self: StoreConnection, *args: Any, **kwargs: Any) -> Any:
            try:
                yield from method(self, *args, **kwargs)
            except sqlite3.DatabaseError as exc:
                raise self._error("cannot read the store", exc) from None

        return gen_wrapper  # type: ignore[return-value]

    @functools.wraps(method)
    def wrapper(self: StoreConnection, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.DatabaseError as exc:
            raise self._error("cannot use the store", exc) from None

    return wrapper  # type: ignore[return-value]


_C = TypeVar("_C", bound=type)


def translates_errors(cls: _C) -> _C:
    """Class decorator for a store part: each public method it defines reports SQLite errors as a UserError
    (``transaction`` and ``close`` excepted: they must let the caller's own exceptions through as they are)."""
    for name, member in list(vars(cls).items()):
        if callable(member) and not name.startswith("_") and name not in {"transaction", "close"}:
            setattr(cls, name, _translating(member))
    return cls


translates_errors(StoreConnection)
