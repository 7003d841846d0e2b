"""What the report and label pages ask SQLite: the same statements whatever the run's size, and none that walks
every record of a run through its table (the indexes of migration 011 answer them). Behaviour, not time: a plan
that reads every record shows in EXPLAIN QUERY PLAN on any machine."""

from __future__ import annotations

from pathlib import Path

import pytest

from overrefusal.estimate import annotation as ann
from overrefusal.estimate.labelling import draw_sample, record_label, sample_items
from overrefusal.estimate.summaries import summary
from overrefusal.report.data import build_report
from overrefusal.store import RunRecord, Store
from overrefusal.store.verdicts import Selection
from overrefusal.types import Completion, Judgement, Label, Prompt, StyleSignals, Verdict

RUN = RunRecord(
    run_id="r1",
    suite_name="tiny",
    suite_version="v1",
    deployment_id="dep",
    deployment={"model": "replay/x.csv"},
    generation={},
    judge_id="rules@1",
    provenance={},
)
SAFE_REPLY = "Please be careful: this can be dangerous. Talk to a doctor or a professional about it."
VERDICTS = (Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL, Verdict.COMPLIANCE, Verdict.ERROR)


def _labelled_run(path: Path, n: int) -> None:
    """A run of ``n`` prompts with every verdict, varying confidences, caveats and safe completions, a second
    judge, and 20 labelled replies of a verdict-stratified sample."""
    with Store(path) as store:
        prompts = [
            Prompt(f"q{i}", f"prompt {i}", Label.BENIGN if i % 3 else Label.HARMFUL, category=f"c{i % 3}")
            for i in range(n)
        ]
        store.begin_run(RUN, prompts)
        for i, p in enumerate(prompts):
            reply = SAFE_REPLY if i % 6 == 3 else f"reply {i}"
            cid = store.add_completion(f"k{i}", Completion(reply))
            signals = StyleSignals(warnings=i % 3, disclaimers=(i // 5) % 3, professional_redirect=i % 2)
            verdict = VERDICTS[(i * 7) % 5]
            store.put_result("r1", p.id, cid, Judgement(verdict, 0.5 + (i % 4) / 10, "rules@1", (), signals))
            store.put_result("r1", p.id, cid, Judgement(VERDICTS[i % 4], 0.9, "other@1", (), signals))
        draw_sample(store, "r1", 30, seed=1)
        for item in sample_items(store, "r1")[:20]:
            record_label(store, "r1", item.prompt.id, Verdict.REFUSAL, labeller="ann")


def _statements(path: Path) -> list[str]:
    """Every SQL statement the report and the label page's summary and agreement run, in order."""
    seen: list[str] = []
    with Store(path, read_only=True) as store:
        store.db.set_trace_callback(seen.append)
        build_report(store, ["r1"])
        summary("r1", store=store)
        ann.agreement(store, "r1")
        store.db.set_trace_callback(None)
    return seen


def _shape(sql: str) -> str:
    """A statement without its literal values (the trace callback shows them bound) and its join order (a
    section reads by verdict or in suite order, whichever reads less at this size)."""
    import re

    return re.sub(r"'[^']*'|\b\d+(\.\d+)?\b|CROSS JOIN|JOIN|ON .*? WHERE", "?", sql)


def test_pages_run_no_more_statements_at_ten_times_the_size(tmp_path: Path) -> None:
    _labelled_run(tmp_path / "small.db", 150)
    _labelled_run(tmp_path / "large.db", 1500)
    small, large = _statements(tmp_path / "small.db"), _statements(tmp_path / "large.db")
    # The small run's over-refusals do not fill a page, so that section reads its second part too.
    assert len(large) <= len(small) and {_shape(s) for s in large} <= {_shape(s) for s in small}


def test_no_statement_walks_a_run_through_its_records(tmp_path: Path) -> None:
    """Each statement on the records finds them by prompt id, by the verdict index, or by suite position with a
    LIMIT (a page); the whole-run walks the report used to make (safe completions, confidence per verdict,
    replies after the sample, smothered answers, languages) each show up here as a SCAN or a search by run."""
    _labelled_run(tmp_path / "s.db", 300)
    with Store(tmp_path / "s.db", read_only=True) as store:
        for sql in dict.fromkeys(_statements(tmp_path / "s.db")):
            if sql.startswith("PRAGMA"):
                continue
            plan = [row[3] for row in store.db.execute("EXPLAIN QUERY PLAN " + sql)]
            for step in plan:
                assert not step.startswith("SCAN") or "result_counts" in step, (sql, plan)
                by_run = step.endswith("(run_id=?)") and ("results" in step or "run_prompts_1" in step)
                paged = "run_prompts_by_position (run_id=?)" in step and "LIMIT" in sql
                assert not by_run or paged or "COVERING INDEX run_prompts" in step, (sql, plan)


@pytest.mark.parametrize("limit", [1, 2, 7, 40, 500])
def test_sections_read_by_verdict_or_in_suite_order_equal_the_whole_run_sorted(tmp_path: Path, limit: int) -> None:
    """Over-refusals come by walking the run in suite order or through the verdict index, whichever reads less
    for this page size; the rows and the total are the same either way, and equal the whole run sorted."""
    _labelled_run(tmp_path / "s.db", 300)
    with Store(tmp_path / "s.db", read_only=True) as store:
        whole = store.results("r1")
        rare = [r for r in whole if r.prompt.label is Label.HARMFUL and r.judgement.verdict.is_refusal]
        rare.sort(key=lambda r: r.judgement.verdict is not Verdict.PARTIAL)
        selection = Selection(Label.HARMFUL, (Verdict.REFUSAL, Verdict.PARTIAL), False, first=Verdict.PARTIAL)
        assert store.select_results("r1", "rules@1", selection, limit=limit) == (rare[:limit], len(rare))
        ordered = sorted(whole, key=lambda r: (r.judgement.verdict is not Verdict.ERROR, r.prompt.label.value))
        selection = Selection(first=Verdict.ERROR, benign_first=True)
        assert store.select_results("r1", "rules@1", selection, limit=limit) == (ordered[:limit], len(whole))
        only = Selection(Label.BENIGN, (Verdict.REFUSAL,), first=Verdict.REFUSAL)
        expected = [r for r in whole if r.prompt.label is Label.BENIGN and r.judgement.verdict is Verdict.REFUSAL]
        assert store.select_results("r1", "rules@1", only, limit=limit) == (expected[:limit], len(expected))
        none = Selection(Label.BENIGN, (Verdict.REFUSAL,), first=Verdict.COMPLIANCE)
        assert store.select_results("r1", "rules@1", none, limit=limit) == (expected[:limit], len(expected))


def test_a_runs_categories_and_languages_equal_its_prompts_whether_judged_or_not(tmp_path: Path) -> None:
    """The replies page's filters: from the kept counts when every prompt is judged, from the prompts when not;
    languages from their index, with '' when some prompt has none. Each equals the prompts' distinct values."""
    with Store(tmp_path / "s.db") as store:
        prompts = [
            Prompt(
                f"q{i}",
                f"prompt {i}",
                Label.BENIGN,
                category=("", "b", "é", "a")[i % 4],
                language=("", "de", "fr")[i % 3] if i < 9 else "de",
            )
            for i in range(12)
        ]
        store.begin_run(RUN, prompts)

        def distinct(column: str) -> list[str]:
            return [r[0] for r in store.iter_rows(f"SELECT DISTINCT {column} FROM run_prompts ORDER BY 1")]

        for i, p in enumerate(prompts):
            assert store.prompt_values("r1", "category") == distinct("category") == ["", "a", "b", "é"]
            assert store.prompt_values("r1", "language") == distinct("language") == ["", "de", "fr"]
            cid = store.add_completion(f"k{i}", Completion("reply"))
            store.put_result("r1", p.id, cid, Judgement(Verdict.COMPLIANCE, 0.9, "rules@1"))
            if i == 0:  # only some judged: the kept counts lack categories, the prompts are read
                assert store.prompt_values("r1", "category") == ["", "a", "b", "é"]
        assert store.prompt_values("r1", "category") == ["", "a", "b", "é"]
        store.db.execute("UPDATE run_prompts SET language = 'de' WHERE language = ''")
        assert store.prompt_values("r1", "language") == distinct("language") == ["de", "fr"]
