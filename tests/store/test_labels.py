"""The labels part alone: a labelling sample is written all or none; a label replaces the prompt's earlier one."""

from __future__ import annotations

from pathlib import Path

import pytest

from overrefusal.errors import UserError
from overrefusal.store import Store
from overrefusal.store.annotations import put_annotations
from overrefusal.store.labels import Labels
from overrefusal.store.runs import Runs
from overrefusal.types import HumanLabel, SampledPrompt, SamplingStrategy, Verdict

from ._records import PROMPTS, run_record


def _store_with_a_run(tmp_path: Path) -> Path:
    """A store holding run r1 (labels belong to a run's prompts: the tables' foreign keys say so)."""
    path = tmp_path / "s.db"
    with Runs(path) as runs:
        runs.begin_run(run_record(), PROMPTS)
    return path


def _sampled(prompt_id: str, position: int) -> SampledPrompt:
    return SampledPrompt(prompt_id, position, SamplingStrategy.UNIFORM, 7, 0.5, "rules@1")


def test_a_sample_grows_only_from_the_size_it_was_drawn_against(tmp_path: Path) -> None:
    with Labels(_store_with_a_run(tmp_path)) as labels:
        labels.add_to_label_sample("r1", [_sampled("b1", 0), _sampled("h1", 1)], expected_before=0)
        with pytest.raises(UserError, match="changed the labelling sample"):
            labels.add_to_label_sample("r1", [_sampled("b2", 2)], expected_before=1)
        assert [s.prompt_id for s in labels.label_sample("r1")] == ["b1", "h1"]
        labels.add_to_label_sample("r1", [_sampled("b2", 2)], expected_before=2, probabilities={"b1": 0.25})
        sample = labels.label_sample("r1")
        assert [s.prompt_id for s in sample] == ["b1", "h1", "b2"] and sample[0].probability == 0.25


def test_an_annotators_new_label_replaces_their_earlier_one(tmp_path: Path) -> None:
    with Store(_store_with_a_run(tmp_path)) as store:
        put_annotations(store, "r1", [HumanLabel("b1", Verdict.REFUSAL, "ann", "t0", "terminal")])
        put_annotations(store, "r1", [HumanLabel("b1", Verdict.PARTIAL, "ann", "t1", "import")])
        assert store.human_labels("r1") == {"b1": HumanLabel("b1", Verdict.PARTIAL, "ann", "t1", "import")}
        assert store.count_human_labels("r1") == 1
        assert store.count_human_labels("r2") == 0
