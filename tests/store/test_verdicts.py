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


def _varied_run(store: Store, n: int) -> None:
    """``n`` prompts (benign and harmful, three categories) with every verdict, caveat counts from 0 to 4 and
    some replies blocked by one of two filters: what report sections pick from."""
    from overrefusal.types import Label, Prompt

    prompts = [
        Prompt(f"q{i}", f"prompt {i}", Label.BENIGN if i % 3 else Label.HARMFUL, category=f"c{i % 3}", language="en")
        for i in range(n)
    ]
    store.begin_run(run_record(), prompts)
    verdicts = [Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL, Verdict.COMPLIANCE, Verdict.ERROR]
    for i, p in enumerate(prompts):
        blocked = ("out", "in")[i % 2] if i % 11 == 0 else None
        cid = store.add_completion(f"k{i}", Completion(f"reply {i}", blocked_by=blocked))
        signals = StyleSignals(warnings=i % 3, disclaimers=(i // 5) % 3, hedging=i % 7)
        store.put_result("r1", p.id, cid, Judgement(verdicts[(i * 7) % 5], 0.5 + (i % 4) / 10, "rules@1", (), signals))


def test_report_sections_picked_in_sql_equal_the_whole_read_sorted_in_python(tmp_path: Path) -> None:
    """Each section's rows, order and total as the report used to compute them from every record."""
    from overrefusal.store.verdicts import Selection
    from overrefusal.types import Label

    with Store(tmp_path / "s.db") as store:
        _varied_run(store, 200)
        whole = store.results("r1")
        benign = [r for r in whole if r.prompt.label is Label.BENIGN]
        over = [r for r in benign if r.judgement.verdict.is_refusal and r.completion.blocked_by is None]
        over.sort(key=lambda r: r.judgement.verdict is not Verdict.REFUSAL)
        smothered = [
            r
            for r in benign
            if r.judgement.verdict is Verdict.COMPLIANCE
            and r.completion.blocked_by is None
            and r.judgement.signals.caveats >= 2
        ]
        smothered.sort(key=lambda r: -r.judgement.signals.caveats)
        blocked = [r for r in whole if r.completion.blocked_by is not None]
        blocked.sort(key=lambda r: r.prompt.label is not Label.BENIGN)
        cases = [
            (Selection(Label.BENIGN, (Verdict.REFUSAL, Verdict.PARTIAL), False, first=Verdict.REFUSAL), over),
            (Selection(Label.BENIGN, (Verdict.COMPLIANCE,), False, min_caveats=2, most_caveats_first=True), smothered),
            (Selection(blocked=True, benign_first=True), blocked),
        ]
        for selection, expected in cases:
            assert len(expected) > 7, selection
            rows, total = store.select_results("r1", "rules@1", selection, limit=7)
            assert total == len(expected) and rows == expected[:7], selection
            assert store.select_results("r1", "rules@1", selection, limit=0) == ([], len(expected))
        counts: dict[str, dict[str, int]] = {}
        for r in blocked:
            c = counts.setdefault(r.completion.blocked_by or "", {"benign": 0, "harmful": 0})
            c[r.prompt.label.value] += 1
        assert list(store.blocked_counts("r1", "rules@1").items()) == list(counts.items())


def test_light_rows_carry_what_pairing_needs_and_many_ids_read_in_suite_order(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as store:
        _varied_run(store, 1200)
        whole = store.results("r1")
        light = store.verdict_rows("r1")
        assert [r.prompt.id for r in light] == [r.prompt.id for r in whole]
        for a, b in zip(light, whole):
            assert (a.prompt.text, a.prompt.label, a.prompt.category, a.prompt.language) == (
                b.prompt.text,
                b.prompt.label,
                b.prompt.category,
                b.prompt.language,
            )
            assert (a.judgement.verdict, a.judgement.confidence) == (b.judgement.verdict, b.judgement.confidence)
            assert a.completion.text == ""  # nothing of the reply is read
        # More ids than SQLite binds at once (500): read in slices, returned in suite order, paged after.
        wanted = [r.prompt.id for r in whole][::-1][:1100]
        picked = store.results("r1", prompt_ids=wanted)
        assert picked == [r for r in whole if r.prompt.id in set(wanted)]
        assert store.results("r1", prompt_ids=wanted, offset=600, limit=50) == picked[600:650]


def test_a_page_found_by_position_is_the_page_found_by_offset(tmp_path: Path) -> None:
    """Keyset paging (:meth:`result_page`): from where a page ends, the next page; from where it starts, the
    previous one; the very rows ``results(offset=...)`` pages give, under every filter."""
    from overrefusal.store.verdicts import ResultFilter

    with Store(tmp_path / "s.db") as store:
        _varied_run(store, 200)
        for where in (None, ResultFilter(verdict="full_compliance"), ResultFilter(label="harmful", category="c0")):
            total = store.count_results("r1", "rules@1", where)
            by_offset = [store.results("r1", where=where, offset=o, limit=7) for o in range(0, total, 7)]
            assert len(by_offset) > 3, where
            pages, after = [], None
            while page := store.result_page("r1", "rules@1", where=where, after=after, limit=7):
                pages.append(page)
                after = page[-1][0]
            assert [[row for _, row in page] for page in pages] == by_offset, where
            for k in range(1, len(pages)):
                assert store.result_page("r1", "rules@1", where=where, before=pages[k][0][0], limit=7) == pages[k - 1]
            assert store.result_page("r1", "rules@1", where=where, before=pages[0][0][0], limit=7) == []
