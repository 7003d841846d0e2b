"""The replies of a store: every completion as it arrived, the generation cache keyed on what was sent,
and the completions that came in from Ray's Parquet shards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..types import Completion, Usage
from .connection import StoreConnection, translates_errors, utc_now

COMPLETION_COLUMNS = (
    "text",
    "model_text",
    "finish_reason",
    "prompt_tokens",
    "completion_tokens",
    "latency_s",
    "error",
    "blocked_by",
)
"""The columns of a stored completion, in the order :func:`completion_from_row` reads them."""


def completion_from_row(r: Sequence[Any]) -> Completion:
    """A completion from the :data:`COMPLETION_COLUMNS` of a row."""
    return Completion(
        text=r[0],
        model_text=r[1],
        finish_reason=r[2],
        usage=Usage(r[3], r[4]),
        latency_s=r[5],
        error=r[6],
        blocked_by=r[7],
    )


@translates_errors
class Replies(StoreConnection):
    """The replies part of the store (see :class:`~overrefusal.store.Store`)."""

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
                utc_now(),
            ),
        )
        return int(cur.lastrowid)  # type: ignore[arg-type]

    def completion(self, completion_id: int) -> Completion:
        row = self.db.execute(
            f"SELECT {', '.join(COMPLETION_COLUMNS)} FROM completions WHERE completion_id = ?", (completion_id,)
        ).fetchone()
        return completion_from_row(row)

    def last_completion_id(self) -> int:
        """The newest completion's id (ids only grow); 0 for a store without completions."""
        row = self.db.execute("SELECT MAX(completion_id) FROM completions").fetchone()
        return 0 if row[0] is None else int(row[0])

    def ingested_completion_id(self, uid: str, run_id: str) -> int | None:
        """The completion of ``run_id`` stored from a shard under ``uid``, if any (one look-up, for ingesting
        a shard without reading every uid of a 100,000-prompt run)."""
        row = self.db.execute(
            "SELECT completion_id FROM ingested_completions WHERE uid = ? AND run_id = ?", (uid, run_id)
        ).fetchone()
        return None if row is None else int(row[0])

    def add_ingested_completion(self, uid: str, run_id: str, cache_key: str, c: Completion) -> int:
        """Store a completion from a shard under its worker-given ``uid`` (see :meth:`ingested_completion_id`)."""
        cid = self.add_completion(cache_key, c)
        self._write("INSERT INTO ingested_completions VALUES (?,?,?)", (uid, run_id, cid))
        return cid
