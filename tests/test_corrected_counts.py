"""The corrected rates counted in SQL (the unlabelled replies as counts, the labelled ones read by id) equal the
ones computed from every whole row of the run, to the last bit, for each sampling design and for a report
read with another judge than the sample's."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from _cli import run_overrefusal

MISTRAL = "model_completions/xstest_v2_completions_mistralinstruct.csv"


@pytest.fixture(scope="module")
def two_judge_run(xstest_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Mistral-7B-Instruct XSTest replies replayed, judged by the classifier (primary) and the rules judge."""
    store = tmp_path_factory.mktemp("counts") / "s.db"
    p = run_overrefusal(
        "run", "--model", f"replay/{xstest_dir / MISTRAL}", "--suite", str(xstest_dir / "xstest_prompts.csv"),
        "--limit", "all", "--judge", "classifier", "--judge", "rules", "--run-id", "mistral", "--json",
        "--store", str(store), timeout=600,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    return store


def _human(prompt_id: str, judge_said: object) -> object:
    """A deterministic person who disagrees with the judge on about one reply in five."""
    from overrefusal.types import Verdict

    h = int(hashlib.sha256(prompt_id.encode()).hexdigest()[:8], 16)
    if h % 5:
        return judge_said
    return (Verdict.REFUSAL, Verdict.COMPLIANCE, Verdict.PARTIAL)[h % 3]


def _reference(st: object, judge_id: str, strategy: str) -> dict[str, dict[str, float]]:
    """Each overall corrected rate computed as before the counted path: from lists over every whole row."""
    from overrefusal.estimate.corrected import RATES, estimate_dict, sample_strata
    from overrefusal.estimate.verdict_sample import stratum_key
    from overrefusal.stats.ppi import active_mean_ci, clip_estimate, corrected_rate
    from overrefusal.stats.stratified import StratumCount, stratified_rate
    from overrefusal.types import SamplingStrategy

    sample_list = st.label_sample("mistral")  # type: ignore[attr-defined]
    sample = {s.prompt_id: s for s in sample_list}
    labels = st.human_labels("mistral")  # type: ignore[attr-defined]
    rows = [r for r in st.results("mistral", judge_id) if r.judgement.verdict.judged]  # type: ignore[attr-defined]
    strata_of = sample_strata(st, "mistral", sample_list)  # type: ignore[arg-type]
    out: dict[str, dict[str, float]] = {}
    for (block, rate), (label, hit, _) in RATES.items():
        population = [r for r in rows if r.prompt.label is label]
        done = [r for r in population if r.prompt.id in labels and r.prompt.id in sample]
        if strategy == "verdict":
            counts: dict[str, list[int]] = {}
            for r in population:
                c = counts.setdefault(strata_of.get(r.prompt.id, "outside"), [0, 0, 0])
                c[0] += 1
                if r in done:
                    c[1] += 1
                    c[2] += hit(labels[r.prompt.id].verdict)
            est: object = stratified_rate([StratumCount(*c) for _, c in sorted(counts.items())])
            assert stratum_key(label, population[0].judgement.verdict)  # the strata are named as the design names them
        elif strategy == "uncertainty":
            est = clip_estimate(
                active_mean_ci(
                    [1.0 if hit(r.judgement.verdict) else 0.0 for r in population],
                    [(1.0 if hit(labels[r.prompt.id].verdict) else 0.0) if r in done else None for r in population],
                    [sample[r.prompt.id].probability if r in done else 1.0 for r in population],
                ),
                0.0,
                1.0,
            )
        else:
            est = corrected_rate(
                [hit(labels[r.prompt.id].verdict) for r in done],
                [hit(r.judgement.verdict) for r in done],
                [hit(r.judgement.verdict) for r in population if r not in done],
            )
        out[f"{block}/{rate}"] = estimate_dict(est, SamplingStrategy(strategy))  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize("strategy", ["verdict", "uniform", "uncertainty"])
def test_counted_corrected_rates_equal_the_ones_from_whole_rows(
    two_judge_run: Path, tmp_path: Path, strategy: str
) -> None:
    from overrefusal.estimate.corrected import corrected_summary, more_labels_for_target
    from overrefusal.estimate.labelling import draw_sample, record_label, sample_items
    from overrefusal.estimate.summaries import summary
    from overrefusal.store import Store
    from overrefusal.types import SamplingStrategy, Verdict

    db = tmp_path / "s.db"
    a, b = sqlite3.connect(two_judge_run), sqlite3.connect(db)
    a.backup(b)
    a.close()
    b.close()
    with Store(db) as st:
        draw_sample(st, "mistral", 150, seed=3, strategy=SamplingStrategy(strategy))
        items = sample_items(st, "mistral")
        for item in items[:-10]:  # some sampled replies stay unlabelled
            verdict = item.judge_verdict if item.judge_verdict is not Verdict.ERROR else Verdict.COMPLIANCE
            record_label(st, "mistral", item.prompt.id, _human(item.prompt.id, verdict), labeller="t")  # type: ignore[arg-type]
        judges = sorted(st.judges_of("mistral"))
        assert len(judges) == 2  # the sample's judge, and one whose report reads the sample's strata across
        compared = 0
        for judge_id in judges:
            judged = summary("mistral", store=st, judge=judge_id)
            counted = corrected_summary(st, "mistral", judge_id, judged)
            from_rows = corrected_summary(st, "mistral", judge_id, judged, rows=st.results("mistral", judge_id))
            assert counted is not None and from_rows is not None
            assert counted == from_rows
            reference = _reference(st, judge_id, strategy)
            assert {f"{b}/{r}": counted[b][f"{r}_corrected"] for b, r in (k.split("/") for k in reference)} == reference
            assert counted["benign"]["any_refusal_corrected"]["n_labelled"] > 0
            compared += 1
        assert compared == 2
        if strategy == "verdict":
            assert counted["human_labels"]["more_labels_for_2_points"] == more_labels_for_target(
                st, "mistral", counted=False
            )
            assert any("sampling" in v for v in counted["benign"].values())
