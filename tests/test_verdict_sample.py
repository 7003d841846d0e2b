"""The labelling sample stratified by the judge's verdict (the default design of ``overrefusal label``): what it
draws, how a larger ``--n`` extends it, and, with the coverage bench's own code on a few seeds, that its
corrected benign over-refusal covers the human rate and is narrower than the uniform design's."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from _cli import run_overrefusal

MISTRAL = "model_completions/xstest_v2_completions_mistralinstruct.csv"
REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def mistral_run(xstest_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Mistral-7B-Instruct XSTest replies replayed and judged by the classifier."""
    store = tmp_path_factory.mktemp("verdict") / "s.db"
    p = run_overrefusal(
        "run", "--model", f"replay/{xstest_dir / MISTRAL}", "--suite", str(xstest_dir / "xstest_prompts.csv"),
        "--limit", "all", "--judge", "classifier", "--run-id", "mistral", "--json", "--store", str(store),
        timeout=600,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    return store


def _copy(src: Path, dst: Path) -> Path:
    """``src`` without labelling samples or labels (the bench's own copy, so both start alike)."""
    return _bench().fresh_copy(src, dst)  # type: ignore[no-any-return]


def _strata(db: Path) -> dict[str, list]:
    from overrefusal.estimate.labelling import judged_rows
    from overrefusal.estimate.verdict_sample import verdict_strata
    from overrefusal.store import Store

    with Store(db) as st:
        return verdict_strata(judged_rows(st, "mistral"))


def test_every_benign_reply_judged_a_refusal_is_sampled_and_each_stratum_is_a_uniform_prefix(
    mistral_run: Path, tmp_path: Path
) -> None:
    from overrefusal.estimate.labelling import draw_sample, uniform_order
    from overrefusal.store import Store
    from overrefusal.types import SamplingStrategy

    db = _copy(mistral_run, tmp_path / "a.db")
    strata = _strata(db)
    take_all = strata["benign/full_refusal"] + strata["benign/partial_refusal"]
    assert 0 < len(take_all) < 30
    with Store(db) as st:
        sample = draw_sample(st, "mistral", 60, seed=4)  # no --strategy: the default design
    assert {s.strategy for s in sample} == {SamplingStrategy.VERDICT} and len(sample) == 60
    chosen = {s.prompt_id: s.probability for s in sample}
    assert {r.prompt.id for r in take_all} <= chosen.keys()
    for key, members in strata.items():
        if not members:
            continue
        taken = [r.prompt.id for r in uniform_order(members, 4) if r.prompt.id in chosen]
        # A prefix of the seed's order (uniform within the stratum), at least two from every stratum, and
        # each with its stratum's inclusion probability.
        assert taken == [r.prompt.id for r in uniform_order(members, 4)[: len(taken)]], key
        assert len(taken) >= min(2, len(members)), key
        assert {chosen[p] for p in taken} == {len(taken) / len(members)}, key
    # Most of the budget goes where the benign rate is decided.
    benign = sum(1 for key, m in strata.items() if key.startswith("benign") for r in m if r.prompt.id in chosen)
    assert benign > 40


def test_a_larger_n_extends_a_verdict_sample_and_keeps_its_labels(mistral_run: Path, tmp_path: Path) -> None:
    from overrefusal.estimate.labelling import draw_sample, record_label
    from overrefusal.store import Store
    from overrefusal.types import Verdict

    grown_db = _copy(mistral_run, tmp_path / "grown.db")
    fresh_db = _copy(mistral_run, tmp_path / "fresh.db")
    with Store(grown_db) as st:
        small = draw_sample(st, "mistral", 30, seed=2)
        for s in small[:5]:
            record_label(st, "mistral", s.prompt_id, Verdict.COMPLIANCE, labeller="ann")
        grown = draw_sample(st, "mistral", 90)
        assert draw_sample(st, "mistral", 60) == grown  # a smaller n changes nothing
        assert len(st.human_labels("mistral")) == 5
    with Store(fresh_db) as st:
        fresh = draw_sample(st, "mistral", 90, seed=2)
    assert len(grown) == 90
    assert [s.prompt_id for s in grown[: len(small)]] == [s.prompt_id for s in small]
    # The extended sample is the one a first draw of 90 makes: the same prompts, the same probabilities.
    assert {s.prompt_id: s.probability for s in grown} == {s.prompt_id: s.probability for s in fresh}
    # Through the command, a larger --n with --import-free export extends it too.
    p = run_overrefusal(
        "label", "mistral", "--n", "120", "--export", str(tmp_path / "a.csv"), "--store", str(grown_db), timeout=600
    )
    assert p.returncode == 0, p.stderr
    with Store(grown_db) as st:
        assert len(st.label_sample("mistral")) == 120


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("label_coverage", REPO / "bench" / "label_coverage.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["label_coverage"] = module
    spec.loader.exec_module(module)
    return module


def test_coverage_bench_on_a_few_seeds(mistral_run: Path, tmp_path: Path, xstest_dir: Path) -> None:
    """The bench's simulation (draw 60, label them from the file's human labels, read the report's corrected
    benign full + partial) on 4 seeds: every interval covers the human rate over all 250 benign replies and has
    width, and the verdict design is narrower than the uniform one on every seed's average."""
    from overrefusal.types import SamplingStrategy

    bench = _bench()
    runs = {
        d: bench.simulate(
            mistral_run, tmp_path, "mistralinstruct", bench.Design(d), seeds=4, n=60, run="mistral", root=xstest_dir
        )
        for d in (SamplingStrategy.VERDICT, SamplingStrategy.UNIFORM)
    }
    for r in runs.values():
        assert r["coverage"] == 1.0 and r["zero_width"] == 0, r
    verdict, uniform = runs[SamplingStrategy.VERDICT], runs[SamplingStrategy.UNIFORM]
    assert verdict["mean_half_width"] < uniform["mean_half_width"]
    assert verdict["mean_benign_labels"] > uniform["mean_benign_labels"]
    assert all(m is not None and m >= 0 for m in verdict["more_labels_for_2_points"])


def test_following_the_planning_figure_reaches_two_points(mistral_run: Path, tmp_path: Path, xstest_dir: Path) -> None:
    """`label --json` and the report say how many more labels +/- 2 points takes; labelling that many more
    (from the file's human labels) gets there, and then both say 0."""
    import json

    db = _copy(mistral_run, tmp_path / "plan.db")

    def label(n: int) -> dict:
        p = run_overrefusal(
            "label", "mistral", "--n", str(n), "--from", str(xstest_dir / MISTRAL), "--json", "--store", str(db)
        )
        assert p.returncode == 0, p.stderr
        return json.loads(p.stdout)

    def report() -> dict:
        p = run_overrefusal("report", "mistral", "--json", "--store", str(db))
        assert p.returncode == 0, p.stderr
        return json.loads(p.stdout)

    first = label(60)
    more = first["more_labels_for_2_points"]
    r = report()
    c = r["benign"]["any_refusal_corrected"]
    assert r["human_labels"]["more_labels_for_2_points"] == more
    assert more > 0 and (c["high"] - c["low"]) / 2 > 0.02
    assert any(f"label --n {60 + more}" in note for note in r["human_labels"]["notes"])
    second = label(60 + more)
    assert second["labelled"] == 60 + more and second["more_labels_for_2_points"] == 0
    c = report()["benign"]["any_refusal_corrected"]
    assert 0 < (c["high"] - c["low"]) / 2 <= 0.02


def test_the_bench_expectation_is_the_mean_over_drawn_samples(mistral_run: Path, xstest_dir: Path) -> None:
    """``expectation`` (every sample weighted by its probability) agrees with 4,000 uniform draws of the same
    design; on a real run, the floor (every free label on judged compliance) is no wider than the design."""
    import random

    from overrefusal.stats.stratified import StratumCount, stratified_rate

    bench = _bench()
    strata = [(18, 2, 18), (232, 4, 32)]  # (size, misses, labelled): a take-all stratum and judged compliance
    truth = 6 / 250
    exact = bench.expectation(strata, truth)
    rng = random.Random(5)
    population = [1] * 4 + [0] * 228
    by_hits = {}
    halves, covered = [], 0
    for _ in range(4000):
        x = sum(rng.sample(population, 32))
        if x not in by_hits:
            by_hits[x] = stratified_rate([StratumCount(18, 18, 2), StratumCount(232, 32, x)])
        est = by_hits[x]
        halves.append(100 * est.half_width())
        covered += est.low <= truth <= est.high
    assert exact["mean_half_width"] == pytest.approx(sum(halves) / len(halves), abs=0.1)
    assert exact["coverage"] == pytest.approx(covered / 4000, abs=0.02)
    assert exact["max_half_width"] == pytest.approx(max(halves), abs=1e-9)

    run = bench.exact_design(mistral_run, "mistralinstruct", 60, 0.25, run="mistral", root=xstest_dir)
    assert 0 < run["floor"]["mean_half_width"] <= run["design"]["mean_half_width"]
    assert 0 <= run["design"]["coverage"] <= 1
