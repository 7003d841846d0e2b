"""The verdicts part: one record per (run, prompt, judge), rows in suite order, counts kept in SQLite."""

from __future__ import annotations

from pathlib import Path

from overrefusal.store import Store
from overrefusal.types import Completion, Judgement, StyleSignals, Verdict

from ._records import PROMPTS, run_record


def _judge(store: Store, prompt_id: str, verdict: Verdict, judge: str = "rules@1", text: str = "reply") -> int:
    cid = store.add_completion(f"key-{prompt_id}-{text}", Completion(text))
    store.put_result("r1", prompt_id, cid, Judgement(verdict, 0.8, judge, ("span",), StyleSignals(length=len(text))))
    return cid


def test_a_record_is_replaced_not_added_and_rows_follow_suite_order(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as store:
        store.begin_run(run_record(), PROMPTS)
        _judge(store, "b2", Verdict.REFUSAL)
        _judge(store, "b1", Verdict.REFUSAL)
        cid = _judge(store, "b1", Verdict.COMPLIANCE, text="again")
        rows = store.results("r1")
        assert [r.prompt.id for r in rows] == ["b1", "b2"]
        assert rows[0].judgement.verdict is Verdict.COMPLIANCE and rows[0].completion.text == "again"
        assert rows[0].judgement.evidence == ("span",) and rows[0].judgement.signals.length == 5
        assert store.result_states("r1", "rules@1")["b1"] == ("full_compliance", cid, False)
        assert store.latest_completion_ids("r1")["b1"] == cid


def test_counts_follow_every_replacement(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as store:
        store.begin_run(run_record(), PROMPTS)
        _judge(store, "b1", Verdict.REFUSAL)
        _judge(store, "h1", Verdict.REFUSAL)
        _judge(store, "b1", Verdict.PARTIAL, text="second")
        _judge(store, "b1", Verdict.COMPLIANCE, judge="classifier@3")
        assert store.aggregate_counts("r1") == [
            ("benign", "homonyms", "partial_refusal", False, 1),
            ("harmful", "homonyms", "full_refusal", False, 1),
        ]
        assert store.language_counts("r1", "classifier@3") == [("benign", "en", "full_compliance", False, 1)]
        assert sorted(store.judges_of("r1")) == ["classifier@3", "rules@1"]
