"""The SQLite store: runs, their prompts, every completion and every judgement, written as they arrive."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import socket
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..errors import StoreNotFound, UserError
from ..registry import CreationSpec, Kind
from ..run_names import RESERVED_RUN_ID
from ..types import (
    Completion,
    HumanLabel,
    Judgement,
    Label,
    Message,
    Prompt,
    ResultRow,
    SampledPrompt,
    SamplingStrategy,
    StyleSignals,
    Usage,
    Verdict,
)
from ..version import package_version
from ._migrations import MIGRATIONS

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


LATEST_RUN = RESERVED_RUN_ID
"""The run reference that means the most recently created run of a store."""


def _listing(run_ids: Sequence[str], limit: int = 8) -> str:
    """A short, comma-separated list of run ids for an error message."""
    shown = ", ".join(run_ids[:limit])
    return shown + (f", ... ({len(run_ids) - limit} more)" if len(run_ids) > limit else "")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class RunRecord:
    """A run's identity and provenance as stored."""

    run_id: str
    """Name of the run; running the same id again resumes it."""
    suite_name: str
    suite_version: str
    deployment_id: str
    """Hash of backend, model, options, system prompt and filters."""
    deployment: dict[str, Any]
    """Human-readable description of the deployment (no secrets)."""
    generation: dict[str, Any]
    judge_id: str
    """The run's primary judge."""
    provenance: dict[str, Any]
    """Package version, host, time: shown in every report."""
    created_at: str = ""
    status: str = "running"

    def identity(self) -> dict[str, Any]:
        return {
            "suite_version": self.suite_version,
            "deployment_id": self.deployment_id,
            "generation": self.generation,
            "judge_id": self.judge_id,
        }


def provenance(input_files: Sequence[str] = ()) -> dict[str, Any]:
    """Where a run comes from: package version, host, start time and (when given) its input files."""
    out: dict[str, Any] = {"package_version": package_version(), "host": socket.gethostname(), "started_at": _now()}
    if input_files:
        out[INPUT_FILES] = list(input_files)
    return out


INPUT_FILES = "input_files"
"""The provenance key of a run's input files, absolute (see :meth:`Store.input_files`)."""


def _input_candidates(model: str, sources: Iterable[str]) -> list[str]:
    """The paths a run may have been read from, as given: a replay model's file, then the prompts' sources."""
    found = [model[len("replay/") :]] if model.startswith("replay/") else []
    return found + [s for s in sources if s]


def run_input_files(model: str, sources: Iterable[str]) -> list[str]:
    """The files a run of ``model`` over prompts from ``sources`` reads, resolved against the current
    directory now, when the run is created (a later command may run anywhere); only those that are files."""
    return [str(Path(f).resolve()) for f in dict.fromkeys(_input_candidates(model, sources)) if os.path.isfile(f)]


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


def _ro_uri(path: Path) -> str:
    from urllib.parse import quote

    return f"file:{quote(str(path.resolve()))}?mode=ro"


class Store:
    """An embedded SQLite file. Every write commits at once, so a killed process loses nothing it wrote.

    ``read_only=True`` (listing, reports, comparisons): the file must exist and is opened with SQLite's
    ``mode=ro``, so such a command can neither create a store (a typo in ``--store``) nor change one.
    Either way a database that is not an overrefusal store, or one written by a newer version (a
    migration this version does not know), is refused before anything is written to it."""

    def __init__(self, path: str | os.PathLike[str], *, read_only: bool = False):
        self.path = Path(path)
        self.read_only = read_only
        self._db: sqlite3.Connection | None = None
        try:
            self.busy_timeout_s = busy_timeout_s()
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

    def _open_writable(self) -> None:
        if self.path.exists() and not self.path.is_file():
            raise UserError("is not a file (a store is one SQLite file)", path=str(self.path))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, one short transaction per write.
        self._db = sqlite3.connect(str(self.path), timeout=self.busy_timeout_s, isolation_level=None)
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
            raise StoreNotFound(
                f"no store at this path (a command that only reads never creates one); check --store or ${STORE_ENV}",
                path=str(self.path),
            )
        if not self.path.is_file():
            raise UserError("is not a file (a store is one SQLite file)", path=str(self.path))
        self._db = sqlite3.connect(_ro_uri(self.path), uri=True, timeout=self.busy_timeout_s, isolation_level=None)
        self.db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_s * 1000)}")
        pending = self._check_schema()
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
                db.execute("INSERT INTO _migrations VALUES (?, ?)", (name, _now()))
                db.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise

    def applied_migrations(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT name FROM _migrations ORDER BY name")]

    def close(self) -> None:
        self._close_quietly()

    def __enter__(self) -> Store:
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
            text = (
                f"the store is locked by another process (waited {self.busy_timeout_s:g} s; "
                f"${BUSY_TIMEOUT_ENV} sets how long): {text}; nothing stored so far is lost, run the same "
                "command again to resume"
            )
        elif "full" in text or code.startswith("SQLITE_FULL"):
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

    # -- one process per run ---------------------------------------------------------------------------
    @contextlib.contextmanager
    def run_lock(self, run_id: str, on_wait: Any = None) -> Iterator[None]:
        """Hold the run ``run_id`` for this process: another process on the same run waits here until this
        one is done, then resumes and finds the work finished, so no prompt is generated twice. The lock is
        an OS byte-range lock on ``<store>.lock`` (one byte per run id), released by the OS when the
        process dies, so a killed run never leaves a stale lock. ``on_wait()`` is called before waiting."""
        try:
            import fcntl
        except ImportError:  # not POSIX: no lock (SQLite still keeps the records unique)
            yield
            return
        lock_path = Path(f"{self.path}.lock")
        offset = int.from_bytes(hashlib.sha256(run_id.encode("utf-8", "surrogatepass")).digest()[:4], "big")
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise UserError(
                f"cannot create the run lock file {lock_path}: {exc.strerror or exc}", path=str(self.path)
            ) from None
        try:
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, offset)
            except OSError:
                if on_wait is not None:
                    on_wait()
                fcntl.lockf(fd, fcntl.LOCK_EX, 1, offset)
            yield
        finally:
            os.close(fd)  # closing the descriptor releases its locks

    # -- runs -------------------------------------------------------------------------------------------
    def check_identity(self, run: RunRecord) -> RunRecord | None:
        """The stored run of that id, if any; UserError if it was made with another configuration."""
        existing = self.get_run(run.run_id)
        if existing is not None and existing.identity() != run.identity():
            diff = [k for k, v in run.identity().items() if existing.identity()[k] != v]
            raise UserError(
                f"run '{run.run_id}' already exists with a different {', '.join(diff)}; "
                "choose another --run-id to start a new run",
                field="--run-id",
            )
        return existing

    def begin_run(self, run: RunRecord, prompts: Sequence[Prompt]) -> RunRecord:
        """Create the run, or check that an existing run of that id has the same identity (resume)."""
        existing = self.check_identity(run)
        if existing is not None:
            return existing
        now = _now()
        self._write("BEGIN IMMEDIATE")
        try:
            if self.get_run(run.run_id) is not None:
                # Another process created it between our check and our lock: resume it.
                self._write("COMMIT")
                existing = self.check_identity(run)
                assert existing is not None
                return existing
            self._write(
                "INSERT INTO runs VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (
                    run.run_id,
                    now,
                    now,
                    "running",
                    run.suite_name,
                    run.suite_version,
                    run.deployment_id,
                    json.dumps(run.deployment),
                    json.dumps(run.generation),
                    run.judge_id,
                    json.dumps(run.provenance),
                ),
            )
            self.db.executemany(
                "INSERT INTO run_prompts (run_id, prompt_id, position, text, label, category, type, pair_id, focus,"
                " source, metadata_json, history_json, language, translation_of) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [
                    (
                        run.run_id,
                        p.id,
                        i,
                        p.text,
                        p.label.value,
                        p.category,
                        p.type,
                        p.pair_id,
                        p.focus,
                        p.source,
                        json.dumps(dict(p.metadata), default=str),
                        json.dumps([m.to_openai() for m in p.history]),
                        p.language,
                        p.translation_of,
                    )
                    for i, p in enumerate(prompts)
                ],
            )
            self._write("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise self._error("cannot write to the store", exc) from None
        except BaseException:
            self._rollback()
            raise
        return self.get_run(run.run_id)  # type: ignore[return-value]

    def set_status(self, run_id: str, status: str) -> None:
        self._write("UPDATE runs SET status = ?, updated_at = ? WHERE run_id = ?", (status, _now(), run_id))

    def get_run(self, run_id: str) -> RunRecord | None:
        row = self.db.execute(
            "SELECT run_id, suite_name, suite_version, deployment_id, deployment_json, generation_json, judge_id,"
            " provenance_json, created_at, status FROM runs WHERE run_id = ?",
            (run_id,),
        ).fetchone()
        if row is None:
            return None
        return RunRecord(
            run_id=row[0],
            suite_name=row[1],
            suite_version=row[2],
            deployment_id=row[3],
            deployment=json.loads(row[4]),
            generation=json.loads(row[5]),
            judge_id=row[6],
            provenance=json.loads(row[7]),
            created_at=row[8],
            status=row[9],
        )

    def input_files(self, run_ids: Sequence[str]) -> list[str]:
        """The files on this machine that the runs were read from: a replay backend's replies and the suite
        files named as the prompts' source (only those that are files here). Commands that write a file
        refuse to write over them: a run resumed or re-run later reads them again. A run records them
        resolved when it is created (``provenance["input_files"]``, :func:`run_input_files`), so this holds
        from any directory; for a run stored before that they are resolved from the current directory."""
        found: list[str] = []
        for run_id in run_ids:
            run = self.get_run(run_id)
            recorded = run.provenance.get(INPUT_FILES) if run is not None else None
            if isinstance(recorded, list):
                found += [str(f) for f in recorded if isinstance(f, str)]
                continue
            model = str(run.deployment.get("model", "")) if run is not None else ""
            sources = [
                str(r[0])
                for r in self.db.execute("SELECT DISTINCT source FROM run_prompts WHERE run_id = ?", (run_id,))
                if r[0]
            ]
            found += _input_candidates(model, sources)
        return [f for f in dict.fromkeys(found) if os.path.isfile(f)]

    def require_run(self, run_id: str) -> RunRecord:
        run = self.get_run(run_id)
        if run is None:
            raise UserError(
                f"no run '{run_id}' in the store {self.path}; `overrefusal runs` lists them", field="RUN_ID"
            )
        return run

    def resolve_run_id(self, ref: str) -> str:
        """The full id of the run ``ref`` names: the id itself, ``latest`` (the most recently created run)
        or a prefix that starts exactly one run's id. An exact id wins over both, so a run named
        ``latest`` or ``abc`` beside ``abcd`` stays reachable. UserError (listing candidates) otherwise."""
        ref = ref.strip()
        if not ref:
            raise UserError("empty run id; `overrefusal runs` lists the runs", field="RUN_ID")
        if self.get_run(ref) is not None:
            return ref
        if ref == LATEST_RUN:
            row = self.db.execute("SELECT run_id FROM runs ORDER BY created_at DESC, rowid DESC LIMIT 1").fetchone()
            if row is None:
                raise UserError(
                    f"'latest': the store {self.path} holds no run yet; start one with `overrefusal run`",
                    field="RUN_ID",
                )
            return str(row[0])
        # substr, not LIKE: run ids may contain '%' or '_', which LIKE would read as wildcards.
        matches = [
            r[0]
            for r in self.db.execute(
                "SELECT run_id FROM runs WHERE substr(run_id, 1, length(?)) = ? ORDER BY created_at DESC, rowid DESC",
                (ref, ref),
            )
        ]
        if len(matches) == 1:
            return str(matches[0])
        if matches:
            raise UserError(
                f"'{ref}' starts {len(matches)} run ids: {_listing(matches)}; type more of the id", field="RUN_ID"
            )
        every = [r[0] for r in self.db.execute("SELECT run_id FROM runs ORDER BY created_at DESC, rowid DESC")]
        if not every:
            raise UserError(f"no run '{ref}': the store {self.path} holds no run yet", field="RUN_ID")
        import unicodedata

        # The same letters in another Unicode normal form ("é" as one code point or as e + U+0301, as a
        # macOS terminal or a copied id may give it) look identical in every message: they name the run.
        nfc = unicodedata.normalize("NFC", ref)
        for found in (
            [r for r in every if unicodedata.normalize("NFC", r) == nfc],
            [r for r in every if unicodedata.normalize("NFC", r).startswith(nfc)],
        ):
            if len(found) == 1:
                return str(found[0])
            if found:
                raise UserError(
                    f"'{ref}' starts {len(found)} run ids: {_listing(found)}; type more of the id", field="RUN_ID"
                )
        import difflib

        # Compared with each id's start, since a user types the start of an id (a typo in a prefix).
        score = {r: difflib.SequenceMatcher(None, ref, r[: len(ref) + 1]).ratio() for r in every}
        close = sorted((r for r in every if score[r] >= 0.6), key=lambda r: -score[r])[:5]
        hint = f"closest: {_listing(close)}" if close else f"most recent: {_listing(every)}"
        raise UserError(
            f"no run '{ref}' in the store {self.path} (neither an id nor the start of one); {hint}; "
            "`overrefusal runs` lists them all",
            field="RUN_ID",
        )

    def list_runs(self) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT r.run_id, r.created_at, r.status, r.suite_name, r.deployment_json, r.judge_id,"
            " (SELECT COUNT(*) FROM run_prompts p WHERE p.run_id = r.run_id),"
            " (SELECT COUNT(*) FROM results s WHERE s.run_id = r.run_id AND s.judge_id = r.judge_id),"
            " (SELECT COUNT(*) FROM results s WHERE s.run_id = r.run_id AND s.judge_id = r.judge_id"
            "   AND s.verdict = 'error')"
            " FROM runs r ORDER BY r.created_at, r.run_id"
        ).fetchall()
        return [
            {
                "run_id": r[0],
                "created_at": r[1],
                "status": r[2],
                "suite": r[3],
                "model": json.loads(r[4]).get("model", ""),
                "judge": r[5],
                "prompts": r[6],
                "judged": r[7],
                "errors": r[8],
            }
            for r in rows
        ]

    def prompt_count(self, run_id: str) -> int:
        """How many prompts the run has (judged or not)."""
        return int(self.db.execute("SELECT COUNT(*) FROM run_prompts WHERE run_id = ?", (run_id,)).fetchone()[0])

    def run_prompts(self, run_id: str) -> list[Prompt]:
        rows = self.db.execute(
            "SELECT prompt_id, text, label, category, type, pair_id, focus, source, metadata_json, history_json,"
            " language, translation_of FROM run_prompts WHERE run_id = ? ORDER BY position",
            (run_id,),
        )
        return [
            Prompt(
                id=r[0],
                text=r[1],
                label=Label(r[2]),
                category=r[3],
                type=r[4],
                pair_id=r[5],
                focus=r[6],
                source=r[7],
                metadata=json.loads(r[8]),
                history=tuple(Message.from_dict(m) for m in json.loads(r[9])),
                language=r[10],
                translation_of=r[11],
            )
            for r in rows
        ]

    def language_counts(self, run_id: str, judge_id: str) -> list[tuple[str, str, str, bool, int]]:
        """(label, language, verdict, filter-blocked, n) for the run's records by ``judge_id``: the shape of
        :meth:`aggregate_counts` with the language where the category is."""
        rows = self.db.execute(
            "SELECT p.label, p.language, s.verdict, c.blocked_by IS NOT NULL, COUNT(*) FROM results s"
            " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " JOIN completions c ON c.completion_id = s.completion_id"
            " WHERE s.run_id = ? AND s.judge_id = ? GROUP BY 1, 2, 3, 4",
            (run_id, judge_id),
        )
        return [(r[0], r[1], r[2], bool(r[3]), int(r[4])) for r in rows]

    def run_languages(self, run_id: str) -> list[str]:
        """The languages of a run's prompts (empty strings left out), in suite order of first use."""
        rows = self.db.execute(
            "SELECT language FROM run_prompts WHERE run_id = ? AND language != '' GROUP BY language"
            " ORDER BY MIN(position)",
            (run_id,),
        )
        return [r[0] for r in rows]

    # -- completions (and the generation cache) ---------------------------------------------------------
    def cached_completion(self, cache_key: str) -> tuple[int, Completion] | None:
        row = self.db.execute(
            "SELECT completion_id, text, model_text, finish_reason, prompt_tokens, completion_tokens, latency_s,"
            " blocked_by FROM completions WHERE cache_key = ? AND error IS NULL ORDER BY completion_id LIMIT 1",
            (cache_key,),
        ).fetchone()
        if row is None:
            return None
        return row[0], Completion(
            text=row[1],
            model_text=row[2],
            finish_reason=row[3],
            usage=Usage(row[4], row[5]),
            latency_s=row[6],
            blocked_by=row[7],
        )

    def add_completion(self, cache_key: str, c: Completion) -> int:
        cur = self._write(
            "INSERT INTO completions (cache_key, text, model_text, finish_reason, prompt_tokens, completion_tokens,"
            " latency_s, error, blocked_by, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (
                cache_key,
                c.text,
                c.model_text,
                c.finish_reason,
                c.usage.prompt_tokens,
                c.usage.completion_tokens,
                c.latency_s,
                c.error,
                c.blocked_by,
                _now(),
            ),
        )
        return int(cur.lastrowid)  # type: ignore[arg-type]

    def completion(self, completion_id: int) -> Completion:
        r = self.db.execute(
            "SELECT text, model_text, finish_reason, prompt_tokens, completion_tokens, latency_s, error, blocked_by"
            " FROM completions WHERE completion_id = ?",
            (completion_id,),
        ).fetchone()
        return Completion(
            text=r[0],
            model_text=r[1],
            finish_reason=r[2],
            usage=Usage(r[3], r[4]),
            latency_s=r[5],
            error=r[6],
            blocked_by=r[7],
        )

    # -- results ----------------------------------------------------------------------------------------
    def put_result(self, run_id: str, prompt_id: str, completion_id: int, j: Judgement) -> None:
        """Insert or replace the one record of (run, prompt, judge)."""
        self._write(
            "INSERT INTO results VALUES (?,?,?,?,?,?,?,?,?,?)"
            " ON CONFLICT (run_id, prompt_id, judge_id) DO UPDATE SET completion_id = excluded.completion_id,"
            " verdict = excluded.verdict, confidence = excluded.confidence, evidence_json = excluded.evidence_json,"
            " signals_json = excluded.signals_json, judge_error = excluded.judge_error, created_at = excluded.created_at",
            (
                run_id,
                prompt_id,
                j.judge,
                completion_id,
                j.verdict.value,
                j.confidence,
                json.dumps(list(j.evidence)),
                json.dumps(j.signals.to_dict()),
                j.error,
                _now(),
            ),
        )

    def result_states(self, run_id: str, judge_id: str) -> dict[str, tuple[str, int, bool]]:
        """prompt_id -> (verdict, completion_id, completion_failed) for what is already judged."""
        rows = self.db.execute(
            "SELECT s.prompt_id, s.verdict, s.completion_id, c.error IS NOT NULL FROM results s"
            " JOIN completions c ON c.completion_id = s.completion_id WHERE s.run_id = ? AND s.judge_id = ?",
            (run_id, judge_id),
        )
        return {r[0]: (r[1], r[2], bool(r[3])) for r in rows}

    def latest_completion_ids(self, run_id: str) -> dict[str, int]:
        """prompt_id -> completion of any judge's record of this run (to judge with a new judge for free)."""
        rows = self.db.execute(
            "SELECT s.prompt_id, MAX(s.completion_id) FROM results s JOIN completions c"
            " ON c.completion_id = s.completion_id WHERE s.run_id = ? AND c.error IS NULL GROUP BY s.prompt_id",
            (run_id,),
        )
        return {r[0]: r[1] for r in rows}

    def record_components(self, run_id: str, components: Sequence[tuple[str, CreationSpec]]) -> None:
        """Remember how the run's components were made: (component id, spec) pairs; the first record of a
        component stays (a resumed run was made the same way)."""
        if not components:
            return
        now = _now()
        with self.transaction():
            for component_id, spec in components:
                self._write(
                    "INSERT OR IGNORE INTO run_components VALUES (?,?,?,?,?)",
                    (run_id, spec.kind.value, component_id, json.dumps(spec.to_dict(), sort_keys=True), now),
                )

    def component_spec(self, run_id: str, kind: Kind, component_id: str) -> CreationSpec | None:
        """How a component of the run was made, if recorded (runs made before 0.2 have no record)."""
        row = self.db.execute(
            "SELECT spec_json FROM run_components WHERE run_id = ? AND kind = ? AND component_id = ?",
            (run_id, kind.value, component_id),
        ).fetchone()
        return CreationSpec.from_dict(json.loads(row[0])) if row is not None else None

    def judges_of(self, run_id: str) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT DISTINCT judge_id FROM results WHERE run_id = ?", (run_id,))]

    def results(self, run_id: str, judge_id: str | None = None) -> list[ResultRow]:
        run = self.require_run(run_id)
        judge_id = judge_id or run.judge_id
        prompts = {p.id: p for p in self.run_prompts(run_id)}
        rows = self.db.execute(
            "SELECT s.prompt_id, s.verdict, s.confidence, s.evidence_json, s.signals_json, s.judge_error, c.text,"
            " c.model_text, c.finish_reason, c.prompt_tokens, c.completion_tokens, c.latency_s, c.error, c.blocked_by"
            " FROM results s JOIN completions c ON c.completion_id = s.completion_id"
            " JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id"
            " WHERE s.run_id = ? AND s.judge_id = ? ORDER BY p.position",
            (run_id, judge_id),
        )
        out = []
        for r in rows:
            j = Judgement(
                verdict=Verdict(r[1]),
                confidence=r[2],
                judge=judge_id,
                evidence=tuple(json.loads(r[3])),
                signals=StyleSignals(**json.loads(r[4])),
                error=r[5],
            )
            c = Completion(
                text=r[6],
                model_text=r[7],
                finish_reason=r[8],
                usage=Usage(r[9], r[10]),
                latency_s=r[11],
                error=r[12],
                blocked_by=r[13],
            )
            out.append(ResultRow(prompt=prompts[r[0]], completion=c, judgement=j))
        return out

    # -- human labels (migration 004) ------------------------------------------------------------------
    def label_sample(self, run_id: str) -> list[SampledPrompt]:
        """The run's labelling sample in the order the labeller shows it (empty when none was drawn)."""
        rows = self.db.execute(
            "SELECT prompt_id, position, strategy, seed, probability, judge_id FROM label_sample WHERE run_id = ?"
            " ORDER BY position",
            (run_id,),
        )
        return [SampledPrompt(r[0], r[1], SamplingStrategy(r[2]), r[3], r[4], r[5]) for r in rows]

    def replies_after_sample(self, run_id: str) -> int:
        """How many of the run's judged replies (not ERROR), by the judge whose verdicts defined its labelling
        sample, were recorded after the sample was first drawn: replies that draw could not include (the run
        was resumed, or errored prompts were retried). 0 when the run has no sample."""
        row = self.db.execute(
            "SELECT COUNT(*) FROM results r JOIN (SELECT judge_id, MIN(created_at) AS drawn FROM label_sample"
            " WHERE run_id = ? GROUP BY judge_id) s ON r.judge_id = s.judge_id"
            " WHERE r.run_id = ? AND r.created_at > s.drawn AND r.verdict != ?",
            (run_id, run_id, Verdict.ERROR.value),
        ).fetchone()
        return int(row[0])

    def add_to_label_sample(
        self,
        run_id: str,
        sampled: Sequence[SampledPrompt],
        *,
        expected_before: int | None = None,
        probabilities: Mapping[str, float] | None = None,
    ) -> None:
        """Add prompts to the run's labelling sample, all or none. ``expected_before``: the sample size the
        new prompts were drawn against; checked inside the write transaction, because two labellers starting
        at once would otherwise both draw and mix two samples (seeds, sizes) into one. ``probabilities``:
        new inclusion probabilities of prompts already sampled (an extended uncertainty sample), in the same
        transaction."""
        now = _now()
        try:
            with self.transaction():
                if expected_before is not None:
                    have = self.db.execute("SELECT COUNT(*) FROM label_sample WHERE run_id = ?", (run_id,)).fetchone()[
                        0
                    ]
                    if have != expected_before:
                        raise UserError(
                            f"another `overrefusal label` changed the labelling sample of run '{run_id}' "
                            f"at the same time (it now holds {have}); run the command again to continue it",
                            field="--n",
                        )
                self.db.executemany(
                    "UPDATE label_sample SET probability = ? WHERE run_id = ? AND prompt_id = ?",
                    [(p, run_id, k) for k, p in (probabilities or {}).items()],
                )
                self.db.executemany(
                    "INSERT INTO label_sample VALUES (?,?,?,?,?,?,?,?)",
                    [
                        (run_id, s.prompt_id, s.position, s.strategy.value, s.seed, s.probability, s.judge_id, now)
                        for s in sampled
                    ],
                )
        except sqlite3.Error as exc:
            raise self._error("cannot write to the store", exc) from None

    def put_human_labels(self, run_id: str, labels: Sequence[HumanLabel]) -> None:
        """Store labels, replacing any earlier label of the same prompt; all or none."""
        try:
            with self.transaction():
                self.db.executemany(
                    "INSERT INTO human_labels VALUES (?,?,?,?,?,?) ON CONFLICT (run_id, prompt_id) DO UPDATE SET"
                    " label = excluded.label, labeller = excluded.labeller, labelled_at = excluded.labelled_at,"
                    " source = excluded.source",
                    [(run_id, h.prompt_id, h.verdict.value, h.labeller, h.labelled_at, h.source) for h in labels],
                )
        except sqlite3.Error as exc:
            raise self._error("cannot write to the store", exc) from None

    def human_labels(self, run_id: str) -> dict[str, HumanLabel]:
        """prompt_id -> the run's human label of that prompt's reply."""
        rows = self.db.execute(
            "SELECT prompt_id, label, labeller, labelled_at, source FROM human_labels WHERE run_id = ?", (run_id,)
        )
        return {r[0]: HumanLabel(r[0], Verdict(r[1]), r[2], r[3], r[4]) for r in rows}

    def count_human_labels(self, run_id: str) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM human_labels WHERE run_id = ?", (run_id,)).fetchone()[0])

    def count(self, table: str) -> int:
        assert table in {"runs", "run_prompts", "completions", "results", "label_sample", "human_labels"}
        return int(self.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])

    def iter_rows(self, sql: str, params: Sequence[Any] = ()) -> Iterator[tuple[Any, ...]]:
        """Read-only escape hatch for tests and exports."""
        yield from self.db.execute(sql, params)

    # -- bulk paths (Ray ingest, summaries of large runs) ----------------------------------------------
    @contextlib.contextmanager
    def transaction(self) -> Iterator[Store]:
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

    def aggregate_counts(self, run_id: str, judge_id: str | None = None) -> list[tuple[str, str, str, bool, int]]:
        """(label, category, verdict, filter_blocked, count) over a judge's records of a run. A summary
        needs only these counts; reading a million full rows into Python takes far longer and far more
        memory than keeping them counted in the store."""
        judge_id = judge_id or self.require_run(run_id).judge_id
        # Maintained by triggers on results (migration 003): a few dozen rows, whatever the run's size.
        rows = self.db.execute(
            "SELECT label, category, verdict, blocked, n FROM result_counts"
            " WHERE run_id = ? AND judge_id = ? AND n > 0 ORDER BY label, category, verdict, blocked",
            (run_id, judge_id),
        )
        return [(r[0], r[1], r[2], bool(r[3]), int(r[4])) for r in rows]

    def ingested_completion_ids(self, run_id: str) -> dict[str, int]:
        """uid -> completion_id of the completions of ``run_id`` that came from Parquet shards."""
        rows = self.db.execute("SELECT uid, completion_id FROM ingested_completions WHERE run_id = ?", (run_id,))
        return {r[0]: r[1] for r in rows}

    def add_ingested_completion(self, uid: str, run_id: str, cache_key: str, c: Completion) -> int:
        """Store a completion from a shard under its worker-given ``uid`` (see :meth:`ingested_completion_ids`)."""
        cid = self.add_completion(cache_key, c)
        self._write("INSERT INTO ingested_completions VALUES (?,?,?)", (uid, run_id, cid))
        return cid


def _translate_errors(method: Any) -> Any:
    """Wrap a Store method so a damaged or unreadable file surfaces as one UserError naming the store."""
    import functools
    import inspect

    if inspect.isgeneratorfunction(method):

        @functools.wraps(method)
        def gen_wrapper(self: Store, *args: Any, **kwargs: Any) -> Any:
            try:
                yield from method(self, *args, **kwargs)
            except sqlite3.DatabaseError as exc:
                raise self._error("cannot read the store", exc) from None

        return gen_wrapper

    @functools.wraps(method)
    def wrapper(self: Store, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.DatabaseError as exc:
            raise self._error("cannot use the store", exc) from None

    return wrapper


for _name, _member in list(vars(Store).items()):
    if callable(_member) and not _name.startswith("_") and _name not in {"transaction", "close"}:
        setattr(Store, _name, _translate_errors(_member))
