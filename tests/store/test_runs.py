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


def test_pending_prompts_read_in_windows_of_positions_are_the_whole_read(tmp_path: Path) -> None:
    """The Ray engine's read tasks each take a window of suite positions (``after < position < before``):
    together the windows give exactly the pending prompts of one whole read, each once, with the judges each
    still needs and its reusable reply, and :meth:`pending_count` counts them without reading them."""
    from overrefusal.store import Store
    from overrefusal.types import Completion, Judgement, Label, Prompt, Verdict

    prompts = [Prompt(f"q{i}", f"How do I stop job {i}?", Label.BENIGN) for i in range(23)]
    judges = ["rules@1", "other@1"]
    with Store(tmp_path / "s.db") as st:
        st.begin_run(run_record(), prompts)
        answered = st.add_completion("k", Completion(text="Run kill."))
        failed = st.add_completion("k2", Completion(text="", error="HTTP 503"))
        for i in range(0, 23, 2):  # every other prompt done by the first judge, some of them by both
            st.put_result("r1", f"q{i}", answered, Judgement(Verdict.COMPLIANCE, 0.9, "rules@1"))
            if i % 3 == 0:
                st.put_result("r1", f"q{i}", answered, Judgement(Verdict.COMPLIANCE, 0.9, "other@1"))
        for i in (1, 5, 6):  # an ERROR record is pending again
            st.put_result("r1", f"q{i}", failed, Judgement(Verdict.ERROR, 0.0, "other@1"))
        whole, after = st.pending_prompts("r1", judges)
        assert (
            after is None and len(whole) == st.pending_count("r1", judges) == 23 - 3
        )  # q0, q12, q18 (q6: its ERROR replaced the done record)
        assert st.last_position("r1") == 22
        for window in (1, 4, 7, 23, 40):
            pieces = [
                w
                for lo in range(0, 23, window)
                for w in st.pending_prompts("r1", judges, after=lo - 1, before=lo + window, limit=window)[0]
            ]
            assert pieces == whole, window
        assert {w.prompt.id: w.judges for w in whole}["q6"] == (1,)  # done by rules, ERROR for other
        assert {w.prompt.id: w.reusable for w in whole}["q2"] == answered
        assert st.pending_count("r1", []) == 0 and st.last_position("nope") == -1
