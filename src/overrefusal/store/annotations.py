"""Labels from several annotators, adjudications and labelling plans (migration 008), kept in step with
``human_labels``: the one effective label per prompt that every reader (reports, compare, gate, export)
uses. Each write here recomputes the effective label of the prompts it touches in its own transaction, so
the two can never disagree.

Effective label: the adjudicated one where a person adjudicated, else the consensus of the annotations
(:func:`overrefusal.stats.agreement.consensus`: unanimous, else strict majority, else the first label given
among the tied classes).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import cast

from ..errors import UserError
from ..stats.agreement import ConsensusRule, consensus
from ..types import HUMAN_VERDICTS, HumanLabel, Verdict
from .store import Store

LABEL_TABLES = frozenset({"annotations", "adjudications", "annotation_plans", "human_labels", "label_sample"})
"""The tables the viewer may write: everything else in the store is read-only to it."""


@dataclass(frozen=True)
class Annotation:
    """One annotator's label of one reply."""

    prompt_id: str
    annotator: str
    verdict: Verdict
    labelled_at: str
    source: str


@dataclass(frozen=True)
class Adjudication:
    prompt_id: str
    verdict: Verdict
    adjudicator: str
    adjudicated_at: str


@dataclass(frozen=True)
class Plan:
    """Who labels a run's sample and the share of it everyone labels."""

    annotators: tuple[str, ...]
    overlap: float


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _fail(store: Store, exc: sqlite3.Error) -> UserError:
    return store._error("cannot write the labels", exc)


def annotations_of(store: Store, run_id: str) -> list[Annotation]:
    """Every annotation of the run, oldest first."""
    rows = store.db.execute(
        "SELECT prompt_id, annotator, label, labelled_at, source FROM annotations WHERE run_id = ?"
        " ORDER BY labelled_at, annotator",
        (run_id,),
    )
    return [Annotation(r[0], r[1], Verdict(r[2]), r[3], r[4]) for r in rows]


def adjudications(store: Store, run_id: str) -> dict[str, Adjudication]:
    rows = store.db.execute(
        "SELECT prompt_id, label, adjudicator, adjudicated_at FROM adjudications WHERE run_id = ?", (run_id,)
    )
    return {r[0]: Adjudication(r[0], Verdict(r[1]), r[2], r[3]) for r in rows}


def _effective(store: Store, run_id: str, prompt_id: str) -> tuple[HumanLabel, ConsensusRule] | None:
    """The prompt's effective label from the rows in the store now (inside the caller's transaction)."""
    adj = store.db.execute(
        "SELECT label, adjudicator, adjudicated_at FROM adjudications WHERE run_id = ? AND prompt_id = ?",
        (run_id, prompt_id),
    ).fetchone()
    if adj is not None:
        return HumanLabel(prompt_id, Verdict(adj[0]), f"adjudicated by {adj[1]}", adj[2], "adjudication"), (
            ConsensusRule.ADJUDICATED
        )
    rows = store.db.execute(
        "SELECT annotator, label, labelled_at, source FROM annotations WHERE run_id = ? AND prompt_id = ?"
        " ORDER BY labelled_at, annotator",
        (run_id, prompt_id),
    ).fetchall()
    if not rows:
        return None
    c = consensus([(Verdict(r[1]), r[2]) for r in rows])
    verdict = cast(Verdict, c.label)
    if c.rule is ConsensusRule.SINGLE:
        return HumanLabel(prompt_id, verdict, rows[0][0], rows[0][2], rows[0][3]), c.rule
    names = ", ".join(r[0] for r in rows)
    latest = max(r[2] for r in rows)
    return HumanLabel(prompt_id, verdict, f"{c.rule.value} of {names}", latest, "annotators"), c.rule


def _refresh(store: Store, run_id: str, prompt_ids: Sequence[str]) -> None:
    for pid in dict.fromkeys(prompt_ids):
        found = _effective(store, run_id, pid)
        if found is None:
            store.db.execute("DELETE FROM human_labels WHERE run_id = ? AND prompt_id = ?", (run_id, pid))
            continue
        h = found[0]
        store.db.execute(
            "INSERT INTO human_labels VALUES (?,?,?,?,?,?) ON CONFLICT (run_id, prompt_id) DO UPDATE SET"
            " label = excluded.label, labeller = excluded.labeller, labelled_at = excluded.labelled_at,"
            " source = excluded.source",
            (run_id, h.prompt_id, h.verdict.value, h.labeller, h.labelled_at, h.source),
        )


def put_annotations(store: Store, run_id: str, labels: Sequence[HumanLabel]) -> None:
    """Store each label as its labeller's annotation (replacing that person's earlier label of the prompt)
    and recompute the prompts' effective labels; all or none. A single annotator's label is their label."""
    for h in labels:
        if h.verdict not in HUMAN_VERDICTS:
            raise UserError(f"a human label is compliance, refusal or partial, not {h.verdict.value}", field="label")
    try:
        with store.transaction():
            store.db.executemany(
                "INSERT INTO annotations VALUES (?,?,?,?,?,?) ON CONFLICT (run_id, prompt_id, annotator) DO UPDATE"
                " SET label = excluded.label, labelled_at = excluded.labelled_at, source = excluded.source",
                [(run_id, h.prompt_id, h.labeller, h.verdict.value, h.labelled_at, h.source) for h in labels],
            )
            _refresh(store, run_id, [h.prompt_id for h in labels])
    except sqlite3.Error as exc:
        raise _fail(store, exc) from None


def annotate(store: Store, run_id: str, prompt_id: str, verdict: Verdict, annotator: str, source: str) -> None:
    """One annotator's label of one reply (now)."""
    put_annotations(store, run_id, [HumanLabel(prompt_id, verdict, annotator, _now(), source)])


def undo_last(store: Store, run_id: str, annotator: str) -> str | None:
    """Remove ``annotator``'s most recent label in the run; returns its prompt id (None: nothing to undo)."""
    try:
        with store.transaction():
            row = store.db.execute(
                "SELECT prompt_id FROM annotations WHERE run_id = ? AND annotator = ?"
                " ORDER BY labelled_at DESC LIMIT 1",
                (run_id, annotator),
            ).fetchone()
            if row is None:
                return None
            store.db.execute(
                "DELETE FROM annotations WHERE run_id = ? AND prompt_id = ? AND annotator = ?",
                (run_id, row[0], annotator),
            )
            _refresh(store, run_id, [row[0]])
            return str(row[0])
    except sqlite3.Error as exc:
        raise _fail(store, exc) from None


def adjudicate(store: Store, run_id: str, prompt_id: str, verdict: Verdict | None, adjudicator: str) -> None:
    """Set (or, with ``verdict`` None, withdraw) the adjudicated label of a prompt."""
    if verdict is not None and verdict not in HUMAN_VERDICTS:
        raise UserError(f"a human label is compliance, refusal or partial, not {verdict.value}", field="label")
    try:
        with store.transaction():
            if verdict is None:
                store.db.execute("DELETE FROM adjudications WHERE run_id = ? AND prompt_id = ?", (run_id, prompt_id))
            else:
                store.db.execute(
                    "INSERT INTO adjudications VALUES (?,?,?,?,?) ON CONFLICT (run_id, prompt_id) DO UPDATE SET"
                    " label = excluded.label, adjudicator = excluded.adjudicator,"
                    " adjudicated_at = excluded.adjudicated_at",
                    (run_id, prompt_id, verdict.value, adjudicator, _now()),
                )
            _refresh(store, run_id, [prompt_id])
    except sqlite3.Error as exc:
        raise _fail(store, exc) from None


def plan(store: Store, run_id: str) -> Plan | None:
    row = store.db.execute(
        "SELECT annotators_json, overlap FROM annotation_plans WHERE run_id = ?", (run_id,)
    ).fetchone()
    if row is None:
        return None
    return Plan(tuple(str(a) for a in json.loads(row[0])), float(row[1]))


def set_plan(store: Store, run_id: str, new: Plan) -> None:
    now = _now()
    try:
        with store.transaction():
            store.db.execute(
                "INSERT INTO annotation_plans VALUES (?,?,?,?,?) ON CONFLICT (run_id) DO UPDATE SET"
                " annotators_json = excluded.annotators_json, overlap = excluded.overlap,"
                " updated_at = excluded.updated_at",
                (run_id, json.dumps(list(new.annotators)), new.overlap, now, now),
            )
    except sqlite3.Error as exc:
        raise _fail(store, exc) from None


# -- a connection that may write the label tables and nothing else ------------------------------------

_READS = {
    sqlite3.SQLITE_SELECT,
    sqlite3.SQLITE_READ,
    sqlite3.SQLITE_TRANSACTION,
    sqlite3.SQLITE_FUNCTION,
    sqlite3.SQLITE_SAVEPOINT,
    sqlite3.SQLITE_RECURSIVE,
}
_WRITES = {sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE}


def _labels_only(action: int, arg1: str | None, arg2: str | None, db: str | None, trigger: str | None) -> int:
    """SQLite authorizer: reads anywhere; inserts, updates and deletes only in ``LABEL_TABLES``; no schema
    change, no ATTACH, no PRAGMA."""
    if action in _READS:
        return sqlite3.SQLITE_OK
    if action in _WRITES and arg1 in LABEL_TABLES and db == "main":
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


def open_label_writer(path: str | Path, *, busy_timeout_s: float | None = None) -> Store:
    """The store opened for writing (migrations applied), then restricted by an authorizer to the label
    tables: the viewer's only writable connection. A write anywhere else fails with "not authorized". The
    file must exist (SQLite ``mode=rw``): a store deleted while the viewer runs is not created again."""
    store = Store(path, create=False, busy_timeout_s=busy_timeout_s)
    store.db.set_authorizer(_labels_only)
    return store


def labels_only_authorizer() -> Callable[[int, str | None, str | None, str | None, str | None], int]:
    """The authorizer :func:`open_label_writer` installs (for tests that check what it refuses)."""
    return _labels_only
