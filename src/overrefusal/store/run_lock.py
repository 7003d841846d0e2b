"""One process per run: the OS byte-range lock that makes a second process on the same run wait."""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import UserError
from .connection import StoreConnection, translates_errors


@translates_errors
class RunLocks(StoreConnection):
    """The run-lock part of the store (see :class:`~overrefusal.store.Store`)."""

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
