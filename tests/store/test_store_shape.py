"""The store keeps one concept per module: each part defines only its own methods, and Store adds none."""

from __future__ import annotations

import inspect

from overrefusal.store import Store
from overrefusal.store.connection import StoreConnection
from overrefusal.store.labels import Labels
from overrefusal.store.replies import Replies
from overrefusal.store.run_lock import RunLocks
from overrefusal.store.runs import Runs
from overrefusal.store.verdicts import VerdictCounts, VerdictRecords, Verdicts, VerdictSections

PARTS = (StoreConnection, Runs, Replies, VerdictRecords, VerdictCounts, VerdictSections, Verdicts, Labels, RunLocks)


def _own_public(cls: type) -> set[str]:
    return {n for n, m in vars(cls).items() if callable(m) and not n.startswith("_")}


def test_store_is_only_its_parts() -> None:
    assert _own_public(Store) == set()
    assert set(inspect.getmro(Store)) >= set(PARTS)


def test_no_method_is_defined_in_two_parts() -> None:
    seen: dict[str, str] = {}
    for part in PARTS:
        for name in _own_public(part):
            assert name not in seen, f"{name} is in both {seen[name]} and {part.__name__}"
            seen[name] = part.__name__
