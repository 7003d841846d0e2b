"""The runs part alone: creating and resuming a run, its prompts, references to it, component specs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from overrefusal.errors import UserError
from overrefusal.registry import CreationSpec, Kind
from overrefusal.store.runs import Runs

from ._records import PROMPTS, run_record


def test_a_run_keeps_its_prompts_in_order_with_every_field(tmp_path: Path) -> None:
    with Runs(tmp_path / "s.db") as runs:
        runs.begin_run(run_record(), PROMPTS)
        assert runs.run_prompts("r1") == list(PROMPTS)
        assert runs.prompt_count("r1") == 3
        assert runs.run_languages("r1") == ["en", "de"]
        assert runs.require_run("r1").status == "running"
        runs.set_status("r1", "done")
        assert runs.require_run("r1").status == "done"


def test_the_same_run_resumes_and_another_identity_is_refused(tmp_path: Path) -> None:
    with Runs(tmp_path / "s.db") as runs:
        first = runs.begin_run(run_record(), PROMPTS)
        assert runs.begin_run(run_record(), PROMPTS) == first
        with pytest.raises(UserError, match="different suite_version"):
            runs.begin_run(replace(run_record(), suite_version="v2"), PROMPTS)
        assert [r["run_id"] for r in runs.list_runs()] == ["r1"]


def test_a_run_is_found_by_prefix_latest_or_exact_id(tmp_path: Path) -> None:
    with Runs(tmp_path / "s.db") as runs:
        runs.begin_run(run_record("abc"), PROMPTS)
        runs.begin_run(run_record("abcd"), PROMPTS)
        assert runs.resolve_run_id("abc") == "abc"  # exact wins over a prefix of two
        assert runs.resolve_run_id("abcd") == "abcd"
        assert runs.resolve_run_id("latest") == "abcd"
        with pytest.raises(UserError, match="no run 'zzz'"):
            runs.resolve_run_id("zzz")


def test_a_component_spec_round_trips_and_the_first_record_stays(tmp_path: Path) -> None:
    spec = CreationSpec(Kind.JUDGE, "rules", {"threshold": 0.5})
    with Runs(tmp_path / "s.db") as runs:
        runs.begin_run(run_record(), PROMPTS)
        runs.record_components("r1", [("rules@1", spec)])
        runs.record_components("r1", [("rules@1", CreationSpec(Kind.JUDGE, "rules", {"threshold": 0.9}))])
        assert runs.component_spec("r1", Kind.JUDGE, "rules@1") == spec
        assert runs.component_spec("r1", Kind.BACKEND, "rules@1") is None
