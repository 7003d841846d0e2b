"""What a page computed from the store, kept for the next request while the store has not changed.

A report or a comparison of two 100,000-prompt runs takes SQLite hundreds of milliseconds, yet a store that
nothing writes gives the same answer every time. The version of the store is SQLite's ``PRAGMA data_version``
read on one connection the cache keeps open (read-only, ``mode=ro``): it changes whenever any other connection,
in this process or another, commits a change (a label given in the viewer, a run or ``label`` in a terminal).
With the file's device and inode beside it, a store deleted and made again, or replaced by another file, is
another version too. Whatever cannot be told (the file is gone, it cannot be opened) is not cached: the page
computes as it would without this module, and says what is wrong the same way.

Only answers that depend on the store and the request alone are kept (the rendered report and comparison
pages, keyed by the annotator's name they show too; the label page's corrected rates and agreement, never the
annotator's queue), and only after they were computed without error.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

from ..store.connection import VersionWatch

T = TypeVar("T")

MAX_ENTRIES = 32
"""Answers kept at most (the least recently used goes first): a rendered page, or a run's corrected rates."""

Version = tuple[int, int, int]
"""(device, inode, data_version) of the store file."""


class PageCache:
    """Answers computed from the store at ``path``, each kept under the store version it was computed at."""

    def __init__(self, path: Path, max_entries: int = MAX_ENTRIES):
        self.path = path
        self.max_entries = max_entries
        self._lock = threading.Lock()
        self._watch = VersionWatch(path)
        self._entries: OrderedDict[Hashable, tuple[Version, Any]] = OrderedDict()

    def version(self) -> Version | None:
        """The store's version now, or None when it cannot be told."""
        return self._watch.read()

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        """The answer kept for ``key`` at the store's current version, else ``compute()`` (kept when it returns).
        The version is read before computing: a change committed meanwhile makes the next request compute
        again, so an answer is never served for a version older than the data it was computed from."""
        version = self.version()
        if version is None:
            return compute()
        with self._lock:
            kept = self._entries.get(key)
            if kept is not None and kept[0] == version:
                self._entries.move_to_end(key)
                value: T = kept[1]
                return value
        value = compute()
        with self._lock:
            self._entries[key] = (version, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)
        return value

    def close(self) -> None:
        self._watch.close()
        with self._lock:
            self._entries.clear()
