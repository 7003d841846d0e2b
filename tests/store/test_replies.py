"""The replies part alone: completions, the generation cache (never an error), ingested shards."""

from __future__ import annotations

from pathlib import Path

from overrefusal.store.replies import Replies
from overrefusal.types import Completion, Usage


def test_a_completion_round_trips_every_field(tmp_path: Path) -> None:
    c = Completion("Sure.", finish_reason="stop", usage=Usage(3, 2), latency_s=0.5, model_text="Sure!", blocked_by=None)
    with Replies(tmp_path / "s.db") as replies:
        cid = replies.add_completion("key", c)
        assert replies.completion(cid) == c


def test_the_cache_skips_errors_and_returns_the_first_good_reply(tmp_path: Path) -> None:
    with Replies(tmp_path / "s.db") as replies:
        assert replies.cached_completion("key") is None
        replies.add_completion("key", Completion("", error="timeout"))
        assert replies.cached_completion("key") is None
        first = replies.add_completion("key", Completion("one"))
        replies.add_completion("key", Completion("two"))
        hit = replies.cached_completion("key")
        assert hit is not None and hit[0] == first and hit[1].text == "one"


def test_an_ingested_completion_is_found_by_its_uid(tmp_path: Path) -> None:
    with Replies(tmp_path / "s.db") as replies:
        cid = replies.add_ingested_completion("shard-1:0", "r1", "key", Completion("hi"))
        assert replies.ingested_completion_id("shard-1:0", "r1") == cid
        assert replies.ingested_completion_id("shard-1:0", "r2") is None  # a uid is looked up within its run
        assert replies.ingested_completion_id("shard-1:1", "r1") is None
        assert replies.completion(cid).text == "hi"
