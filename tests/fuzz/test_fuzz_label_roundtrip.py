"""Property: ``label --export`` then ``label --import`` of the same file is a lossless round trip for any
number of annotators: every annotator's label comes back exactly (who, what, when, from where), no annotator
is added, and the effective labels stay. Before, the export wrote the effective label with a description
("majority of a, b, c") as its labeller, which the import stored as a new annotator; with eight annotators the
description was longer than a name may be, so the tool's own export could not be imported.
"""

from __future__ import annotations

from pathlib import Path

from _fuzz import copy_store, examples, workdir
from hypothesis import given, settings
from hypothesis import strategies as st

from overrefusal.estimate.labelling import export_csv, export_labels, import_labels
from overrefusal.store import Store
from overrefusal.store.annotations import adjudicate, adjudications, annotations_of, put_annotations
from overrefusal.types import HumanLabel, Verdict

LABELS = [Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL]
NAMES = st.text(st.characters(codec="utf-8", categories=["L", "N", "P", "Zs"]), min_size=1, max_size=30).filter(
    lambda s: s.strip() == s and s.strip() != "" and not s.startswith(("'", "=", "+", "-", "@"))
)


def _state(store: Store, run: str) -> tuple[object, object, object]:
    return sorted(annotations_of(store, run), key=repr), adjudications(store, run), store.human_labels(run)


@settings(max_examples=examples(25))
@given(
    data=st.data(),
    annotators=st.lists(NAMES, min_size=1, max_size=10, unique=True),
)
def test_export_then_import_changes_nothing(base, scratch: Path, data: st.DataObject, annotators: list[str]) -> None:  # type: ignore[no-untyped-def]
    with workdir(scratch) as d:
        path = copy_store(base.store, d)
        with Store(path) as store:
            sample = [s.prompt_id for s in store.label_sample("r1")]
            given_labels = [
                HumanLabel(
                    pid, data.draw(st.sampled_from(LABELS)), who, f"2026-01-0{1 + k % 9}T00:00:00+00:00", "viewer"
                )
                for k, who in enumerate(annotators)
                for pid in data.draw(st.lists(st.sampled_from(sample), unique=True))
            ]
            put_annotations(store, "r1", given_labels)
            for pid in data.draw(st.lists(st.sampled_from(sample), unique=True, max_size=2)):
                adjudicate(store, "r1", pid, data.draw(st.sampled_from(LABELS)), data.draw(NAMES))
            before = _state(store, "r1")
            export_labels(store, "r1", d / "out.csv")
            import_labels(store, "r1", d / "out.csv")
            assert _state(store, "r1") == before
            assert export_csv(store, "r1") == (d / "out.csv").read_text(encoding="utf-8")


def test_eight_annotators_export_imports_into_a_fresh_copy_exactly(base, scratch: Path) -> None:  # type: ignore[no-untyped-def]
    with workdir(scratch) as d:
        path = copy_store(base.store, d)
        fresh = d / "fresh"
        fresh.mkdir()
        fresh_path = copy_store(base.store, fresh)
        with Store(path) as store:
            pid = store.label_sample("r1")[0].prompt_id
            names = [f"annotator number {k} with a longish name" for k in range(8)]
            put_annotations(
                store, "r1", [HumanLabel(pid, LABELS[k % 3], n, "t", "viewer") for k, n in enumerate(names)]
            )
            export_labels(store, "r1", d / "out.csv")
            want = {(a.prompt_id, a.annotator, a.verdict) for a in annotations_of(store, "r1")}
        with Store(fresh_path) as other:
            import_labels(other, "r1", d / "out.csv")
            assert {(a.prompt_id, a.annotator, a.verdict) for a in annotations_of(other, "r1")} == want
