"""The SQLite store: runs, their prompts, every completion and every judgement, written as they arrive.

:class:`Store` is the parts of the store over one connection: :class:`~.connection.StoreConnection` owns the
connection, the schema and every transaction; :class:`~.runs.Runs`, :class:`~.replies.Replies`,
:class:`~.verdicts.Verdicts` and :class:`~.labels.Labels` each hold one concept's tables and queries, and
:class:`~.run_lock.RunLocks` keeps one process on a run."""

from __future__ import annotations

from .labels import Labels
from .replies import Replies
from .run_lock import RunLocks
from .verdicts import Verdicts


class Store(Verdicts, Replies, Labels, RunLocks):
    """An overrefusal store: every part (runs, replies, verdicts, labels) over one SQLite connection. See
    :class:`~.connection.StoreConnection` for how it is opened (``read_only=True`` for commands that only
    read) and what it refuses to touch."""
