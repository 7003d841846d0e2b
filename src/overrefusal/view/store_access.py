"""How the viewer opens the store, per request: never created, never upgraded, a short wait for a lock, and
every way the file can be missing or unusable turned into :class:`StoreUnavailable` (a 503 page saying why).

Pages read through a fresh read-only connection (SQLite ``mode=ro``, no migration, no journal-mode change):
``view --read-only`` writes no byte of the store. A label opens the one kind of writable connection the viewer
has (:func:`overrefusal.store.annotations.open_label_writer`: ``mode=rw``, so a store deleted while the viewer
runs is not created again; an authorizer limits it to the label tables).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

from ..errors import UserError
from ..store import Store
from ..store.annotations import open_label_writer
from ..store.connection import BUSY_TIMEOUT_ENV, busy_timeout_s

BUSY_TIMEOUT_S = 5.0
"""Seconds a page or a label waits for another process's lock before answering 503 (unless
``$OVERREFUSAL_BUSY_TIMEOUT_S`` says otherwise): a browser tab should not hang for the CLI's minute."""


class StoreUnavailable(UserError):
    """The store cannot be opened now (deleted, replaced, locked, too old): a 503 page saying why."""


class StoreAccess:
    """The store at ``path`` as the pages (``reading``) and the label forms (``writing``) open it."""

    def __init__(self, path: Path, *, read_only: bool):
        self.path = path
        self.read_only = read_only
        self.wait_s = busy_timeout_s() if os.environ.get(BUSY_TIMEOUT_ENV, "").strip() else BUSY_TIMEOUT_S

    @contextlib.contextmanager
    def _opened(self, open_store: Callable[[], Store]) -> Iterator[Store]:
        try:
            st = open_store()
        except UserError as exc:  # gone, locked, too old, replaced by a file that is not a store
            raise StoreUnavailable(exc.detail, path=exc.path) from None
        with st, st.errors_translated():
            yield st

    def reading(self) -> contextlib.AbstractContextManager[Store]:
        # Never upgraded from a page: a page is a read, and --read-only promises the store is never written.
        return self._opened(lambda: Store(self.path, read_only=True, upgrade=False, busy_timeout_s=self.wait_s))

    def writing(self) -> contextlib.AbstractContextManager[Store]:
        if self.read_only:
            raise UserError("this viewer was started read-only: labels cannot be stored", field="--read-only")
        return self._opened(lambda: open_label_writer(self.path, busy_timeout_s=self.wait_s))
