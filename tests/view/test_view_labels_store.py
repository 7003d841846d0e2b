"""Several annotators in the store (migration 008): the effective label every reader sees, adjudication,
undo, the backfill of older labels, and the authorizer that keeps the viewer's writes to the label tables."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from overrefusal import api
from overrefusal.estimate.annotation import agreement, assignment, join, queue
from overrefusal.estimate.labelling import export_csv
from overrefusal.store import Store
from overrefusal.store.annotations import adjudicate, annotate, annotations_of, open_label_writer, undo_last
from overrefusal.types import Verdict

from ._store import ViewStore, build_old_store

C, R, P = Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL


def _benign_sampled(store: Store, run: str) -> list[str]:
    return [s.prompt_id for s in store.label_sample(run) if s.prompt_id.startswith("b")]


def test_effective_label_follows_consensus_adjudication_and_undo(view_store: ViewStore) -> None:
    run = view_store.baseline
    with Store(view_store.path) as st:
        api.draw_label_sample(st, run, 10, seed=1)
        pid = _benign_sampled(st, run)[0]
        annotate(st, run, pid, C, "ann", "viewer")
        assert st.human_labels(run)[pid].verdict is C
        annotate(st, run, pid, R, "bob", "viewer")  # a tie: the first label given stands
        h = st.human_labels(run)[pid]
        assert (h.verdict, h.labeller) == (C, "tie of ann, bob")
        annotate(st, run, pid, R, "cy", "viewer")  # 2 of 3: a majority
        assert st.human_labels(run)[pid].verdict is R
        adjudicate(st, run, pid, P, "dee")
        h = st.human_labels(run)[pid]
        assert (h.verdict, h.labeller, h.source) == (P, "adjudicated by dee", "adjudication")
        # Everything that reads labels sees the effective one: the summary's corrected rates, the export.
        assert f"{pid}," in export_csv(st, run) and "adjudicated by dee" in export_csv(st, run)
        adjudicate(st, run, pid, None, "dee")  # withdrawn: the consensus again
        assert st.human_labels(run)[pid].verdict is R
        assert undo_last(st, run, "cy") == pid
        assert st.human_labels(run)[pid].verdict is C  # the tie again
        assert undo_last(st, run, "bob") == pid and undo_last(st, run, "ann") == pid
        assert pid not in st.human_labels(run)
        assert undo_last(st, run, "ann") is None


def test_a_relabel_by_the_same_person_replaces_theirs(view_store: ViewStore) -> None:
    run = view_store.baseline
    with Store(view_store.path) as st:
        api.draw_label_sample(st, run, 10, seed=1)
        pid = _benign_sampled(st, run)[0]
        api.record_label(st, run, pid, C, labeller="ann")
        api.record_label(st, run, pid, R, labeller="ann")
        assert [a.verdict for a in annotations_of(st, run)] == [R]
        assert st.human_labels(run)[pid].verdict is R


def test_corrected_rates_move_with_an_adjudication(view_store: ViewStore) -> None:
    run = view_store.baseline
    with Store(view_store.path) as st:
        api.draw_label_sample(st, run, 20, seed=2)
        benign = _benign_sampled(st, run)
        for pid in benign:
            annotate(st, run, pid, C, "ann", "viewer")
        before = api.summary(run, store=st)["benign"]["any_refusal_corrected"]
        adjudicate(st, run, benign[0], R, "dee")
        after = api.summary(run, store=st)["benign"]["any_refusal_corrected"]
    assert after["value"] != pytest.approx(before["value"])
    assert after["n_labelled"] == before["n_labelled"]  # the same labels, one of them decided otherwise


def test_assignment_splits_with_overlap(view_store: ViewStore) -> None:
    run = view_store.baseline
    with Store(view_store.path) as st:
        sample = api.draw_label_sample(st, run, 20, seed=4)
        got = assignment(sample, ["ann", "bob"], 0.5)
        shared = [p for p, who in got.items() if len(who) == 2]
        assert len(shared) == 10 and set(got) == {s.prompt_id for s in sample}
        solo = [who[0] for who in got.values() if len(who) == 1]
        assert sorted(solo) == ["ann"] * 5 + ["bob"] * 5
        # The queue of an annotator in the plan holds exactly what the assignment gives them.
        join(st, run, "ann", overlap=0.5)
        join(st, run, "bob")
        assert {q.item.prompt.id for q in queue(st, run, "bob")} == {p for p, w in got.items() if "bob" in w}
        with pytest.raises(Exception, match="between 0 and 1"):
            assignment(sample, ["ann"], 1.5)


def test_agreement_of_two_annotators(view_store: ViewStore) -> None:
    run = view_store.baseline
    with Store(view_store.path) as st:
        sample = api.draw_label_sample(st, run, 8, seed=3)
        ids = [s.prompt_id for s in sample]
        first = [C, C, R, R, P, C, R, C]
        second = [C, R, R, R, P, C, C, C]
        for pid, a, b in zip(ids, first, second):
            annotate(st, run, pid, a, "ann", "viewer")
            annotate(st, run, pid, b, "bob", "viewer")
        got = agreement(st, run)
    # p_o = 6/8; ann C4 R3 P1, bob C4 R3 P1 -> p_e = (16 + 9 + 1) / 64; kappa = (48 - 26) / (64 - 26) = 22/38.
    assert got.cohen[0][:3] == ("ann", "bob", 8)
    assert got.cohen[0][3] == pytest.approx(22 / 38)
    assert got.n_units == 8 and got.observed == pytest.approx(6 / 8)
    assert len(got.disputed) == 2 and got.rules == {"unanimous": 6, "tie": 2}


def test_label_writer_writes_only_label_tables(view_store: ViewStore) -> None:
    with open_label_writer(view_store.path) as st:
        for sql in (
            "DELETE FROM runs",
            "UPDATE results SET verdict = 'full_compliance'",
            "INSERT INTO completions (cache_key, text, finish_reason, prompt_tokens, completion_tokens, latency_s,"
            " created_at) VALUES ('k', 't', 'stop', 0, 0, 0, 'now')",
            "DROP TABLE human_labels",
            "CREATE TABLE x (a)",
            "ATTACH DATABASE ':memory:' AS other",
            "PRAGMA journal_mode = DELETE",
        ):
            with pytest.raises(sqlite3.DatabaseError, match="not authorized"):
                st.db.execute(sql)
        annotate(st, view_store.baseline, "b01", C, "ann", "viewer")  # the label tables it may write
        assert st.db.execute("SELECT COUNT(*) FROM annotations").fetchone()[0] == 1
    with Store(view_store.path, read_only=True) as st:
        assert len(st.list_runs()) == 2


def test_migration_keeps_older_labels_as_annotations(tmp_path: Path) -> None:
    """A store labelled before migration 008: each label becomes its labeller's annotation, and the effective
    label is the same."""
    path = tmp_path / "old.db"
    assert build_old_store(path, before="008") == "old"
    with Store(path) as st:
        assert [(a.prompt_id, a.annotator, a.verdict) for a in annotations_of(st, "old")] == [("b1", "ann", R)]
        assert st.human_labels("old")["b1"].verdict is R
