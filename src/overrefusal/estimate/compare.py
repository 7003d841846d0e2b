"""Paired comparison of two runs: did over-refusal (and harmful compliance) change, and is the change real?

Two runs are compared on the prompts they share, each prompt with itself, so the test is McNemar's exact
test on the prompts whose outcome flipped and the interval is Newcombe's for a paired difference
(:func:`overrefusal.stats.paired_difference`). This works across checkpoints, models, system prompts and
filters, as long as the runs saw the same prompts.

Matching the prompts of two runs (:func:`match_rows`):

1. **By id**, when both runs used the same suite (by name), both have the prompt id, the labels agree and
   the texts are the same or close (word-level similarity >= 0.5: a lightly reworded prompt keeps its id).
   Across different suites ids mean nothing (two suites both numbering from 1), so only texts match.
2. **By text**, for what is left: the same prompt text (case and whitespace ignored) with the same label.

A pair where either run has an ERROR verdict is left out (pairwise), and counted.

All functions here are pure except :func:`compare_runs`, which reads the store.
"""

from __future__ import annotations

import difflib
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import UserError
from ..stats import paired_difference, paired_difference_counted, wilson
from ..stats.ppi import SMALL_SAMPLE_PSEUDO_PAIRS, clip_estimate, corrected_rate, normal_p_value, ppi_mean_ci
from ..store import ResultRow, Store
from ..types import Comparison, HumanLabel, Label, SamplingStrategy, Verdict

METRICS = ("benign_any_refusal", "harmful_compliance")
"""The two paired measures of a comparison, as keyed in the JSON."""

_TEXT_SIMILARITY = 0.5


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def _similar(a: str, b: str) -> bool:
    if _norm(a) == _norm(b):
        return True
    wa, wb = _norm(a).split(), _norm(b).split()
    return difflib.SequenceMatcher(None, wa, wb, autojunk=False).ratio() >= _TEXT_SIMILARITY


@dataclass(frozen=True)
class Pair:
    """The same prompt in both runs."""

    baseline: ResultRow
    candidate: ResultRow
    matched_by: str
    """``id`` or ``text``."""


@dataclass(frozen=True)
class Matching:
    pairs: tuple[Pair, ...]
    by_id: int
    by_text: int
    baseline_only: int
    """Prompts with a verdict in the baseline and no partner in the candidate."""
    candidate_only: int

    def to_dict(self) -> dict[str, int]:
        return {
            "pairs": len(self.pairs),
            "by_id": self.by_id,
            "by_text": self.by_text,
            "baseline_only": self.baseline_only,
            "candidate_only": self.candidate_only,
        }


def match_rows(baseline: Sequence[ResultRow], candidate: Sequence[ResultRow], *, match_ids: bool = True) -> Matching:
    """Pair the prompts of two runs (see the module docstring), in baseline order. ``match_ids=False`` (runs
    on different suites) pairs by prompt text only."""
    cand_by_id = {r.prompt.id: r for r in candidate} if match_ids else {}
    used: set[str] = set()
    matched: dict[int, Pair] = {}
    for i, b in enumerate(baseline):
        c = cand_by_id.get(b.prompt.id)
        if c is not None and c.prompt.label is b.prompt.label and _similar(b.prompt.text, c.prompt.text):
            matched[i] = Pair(b, c, "id")
            used.add(c.prompt.id)
    cand_by_text: dict[tuple[str, Label], list[ResultRow]] = defaultdict(list)
    for c in candidate:
        if c.prompt.id not in used:
            cand_by_text[(_norm(c.prompt.text), c.prompt.label)].append(c)
    for i, b in enumerate(baseline):
        if i in matched:
            continue
        bucket = cand_by_text.get((_norm(b.prompt.text), b.prompt.label))
        if bucket:
            c = bucket.pop(0)
            matched[i] = Pair(b, c, "text")
            used.add(c.prompt.id)
    pairs = tuple(matched[i] for i in sorted(matched))
    n_by_id = sum(1 for p in pairs if p.matched_by == "id")
    return Matching(
        pairs=pairs,
        by_id=n_by_id,
        by_text=len(pairs) - n_by_id,
        baseline_only=len(baseline) - len(pairs),
        candidate_only=len(candidate) - len(used),
    )


def change_dict(c: Comparison) -> dict[str, Any]:
    """A Comparison in the JSON contract's ``Change`` shape."""
    return {
        "baseline": c.baseline.to_dict(),
        "candidate": c.candidate.to_dict(),
        "difference": c.difference,
        "low": c.low,
        "high": c.high,
        "p_value": c.p_value,
        "n_pairs": c.n_pairs,
    }


_HITS: dict[str, tuple[Label, Callable[[Verdict], bool]]] = {
    "benign_any_refusal": (Label.BENIGN, lambda v: v.is_refusal),
    "harmful_compliance": (Label.HARMFUL, lambda v: v is Verdict.COMPLIANCE),
}


def paired_change(pairs: Sequence[Pair], metric: str) -> tuple[Comparison, int]:
    """(the paired comparison of ``metric`` over ``pairs``, pairs left out because either side is ERROR)."""
    label, hit = _HITS[metric]
    base: list[bool] = []
    cand: list[bool] = []
    errors = 0
    for p in pairs:
        if p.baseline.prompt.label is not label:
            continue
        vb, vc = p.baseline.judgement.verdict, p.candidate.judgement.verdict
        if not (vb.judged and vc.judged):  # ERROR, or NOT_JUDGED (a language the judge does not read)
            errors += 1
            continue
        base.append(hit(vb))
        cand.append(hit(vc))
    return paired_difference(base, cand), errors


Tally = Counter[tuple[str, Label, Verdict, Verdict]]
"""Pairs counted by (the baseline prompt's category or ``(none)``, its label, the baseline verdict, the
candidate verdict): all a comparison's figures need, since a paired test depends only on these counts."""


def tally(pairs: Sequence[Pair]) -> Tally:
    return Counter(
        (
            p.baseline.prompt.category or "(none)",
            p.baseline.prompt.label,
            p.baseline.judgement.verdict,
            p.candidate.judgement.verdict,
        )
        for p in pairs
    )


def tallied_change(counts: Tally, metric: str, category: str | None = None) -> tuple[Comparison, int]:
    """:func:`paired_change` from counted pairs (of one category, or all)."""
    label, hit = _HITS[metric]
    both = {(True, True): 0, (True, False): 0, (False, True): 0, (False, False): 0}
    errors = 0
    for (cat, lab, vb, vc), n in counts.items():
        if lab is not label or (category is not None and cat != category):
            continue
        if not (vb.judged and vc.judged):
            errors += n
            continue
        both[(bool(hit(vb)), bool(hit(vc)))] += n
    return paired_difference_counted(both[True, True], both[True, False], both[False, True], both[False, False]), errors


def compare_rows(
    baseline: Sequence[ResultRow], candidate: Sequence[ResultRow], *, match_ids: bool = True
) -> dict[str, Any]:
    """The comparison of two runs' rows: ``overall`` and ``by_category`` Changes, plus how prompts were matched.

    A category is the baseline prompt's. A metric with no pairs in a category is left out of that category.
    """
    matching = match_rows(baseline, candidate, match_ids=match_ids)
    return compare_tally(tally(matching.pairs), matching.to_dict())


def compare_tally(counts: Tally, matching: dict[str, int]) -> dict[str, Any]:
    """:func:`compare_rows` from counted pairs and the matching's figures."""
    overall: dict[str, Any] = {}
    excluded: dict[str, int] = {}
    for m in METRICS:
        comp, errors = tallied_change(counts, m)
        overall[m] = change_dict(comp)
        excluded[m] = errors
    by_category: dict[str, dict[str, Any]] = {}
    for cat in sorted({key[0] for key in counts}):
        block = {}
        for m in METRICS:
            comp, _ = tallied_change(counts, m, cat)
            if comp.n_pairs:
                block[m] = change_dict(comp)
        if block:
            by_category[cat] = block
    return {"overall": overall, "by_category": by_category, "matching": matching, "excluded_errors": excluded}


def _paired_in_store(store: Store, baseline: str, candidate: str, judges: tuple[str, str]) -> dict[str, Any]:
    """:func:`compare_rows` of two runs of one suite, without reading most of them: the prompts both hold
    with the same id, label and exact text (usually all) are counted in SQL; only the rest are read and
    matched as :func:`match_rows` does (by similar text under the same id, then by text)."""
    counts: Tally = Counter()
    twins = 0
    for category, label, vb, vc, n in store.twin_verdict_counts(baseline, judges[0], candidate, judges[1]):
        counts[(category or "(none)", label, vb, vc)] += n
        twins += n
    # Counted in the store, so reading nothing when every record has its twin (the usual case) costs nothing.
    if twins == store.count_results(baseline, judges[0]) == store.count_results(candidate, judges[1]):
        matching = match_rows([], [])
    else:
        matching = match_rows(
            store.unpaired_verdict_rows(baseline, judges[0], candidate, judges[1]),
            store.unpaired_verdict_rows(candidate, judges[1], baseline, judges[0]),
        )
    counts.update(tally(matching.pairs))
    figures = matching.to_dict()
    figures["pairs"] += twins
    figures["by_id"] += twins
    return compare_tally(counts, figures)


def compare_runs(store: Store, baseline: str, candidate: str, *, judge: str | None = None) -> dict[str, Any]:
    """Compare two stored runs (each judged by its primary judge, or both by ``judge``).

    Returns the JSON contract object (``overall``, ``by_category``) with ``baseline_run``, ``candidate_run``,
    ``matching``, ``excluded_errors`` and ``warnings`` beside it. UserError when a run is unknown, a judge has
    no verdicts on a run, or the runs share no prompt.
    """
    runs = {}
    for role, run_id in (("baseline", baseline), ("candidate", candidate)):
        run = store.require_run(run_id)
        judge_id = judge or run.judge_id
        if judge_id not in store.judges_counted(run_id):  # the kept counts: no walk over the run's records
            raise UserError(
                f"the judge '{judge_id}' has no verdicts on run '{run_id}' "
                f"(it has: {', '.join(store.judges_of(run_id)) or 'none'})",
                field="--judge",
            )
        runs[role] = {
            "run_id": run_id,
            "model": run.deployment.get("model", ""),
            "deployment_id": run.deployment_id,
            "system_prompt": run.deployment.get("system_prompt"),
            "filters": run.deployment.get("filters", []),
            "judge": judge_id,
            "suite": {"name": run.suite_name, "version": run.suite_version},
            "status": run.status,
        }
    same_suite = runs["baseline"]["suite"]["name"] == runs["candidate"]["suite"]["name"]
    judges = (runs["baseline"]["judge"], runs["candidate"]["judge"])

    def rows() -> dict[str, list[ResultRow]]:
        # Verdicts and prompts only: pairing needs no reply.
        return {role: store.verdict_rows(runs[role]["run_id"], runs[role]["judge"]) for role in runs}

    if same_suite:
        result = _paired_in_store(store, baseline, candidate, judges)
    else:
        whole = rows()
        result = compare_rows(whole["baseline"], whole["candidate"], match_ids=False)
    if result["matching"]["pairs"] == 0:
        raise UserError(
            f"runs '{baseline}' and '{candidate}' share no prompt (matched by id and by prompt text); "
            "there is nothing to compare"
        )
    warnings = []
    if baseline == candidate:
        # Usually a copy-paste slip (or `latest` twice); the zero change it reports says nothing.
        warnings.append(f"the baseline and the candidate are the same run '{baseline}': every change is zero")
    if runs["baseline"]["judge"] != runs["candidate"]["judge"]:
        warnings.append(
            f"the runs were judged by different judges ({runs['baseline']['judge']} and "
            f"{runs['candidate']['judge']}): a change may come from the judge; --judge picks one for both"
        )
    for role in ("baseline", "candidate"):
        if runs[role]["status"] != "complete":
            warnings.append(f"the {role} run '{runs[role]['run_id']}' is {runs[role]['status']}, not complete")
    if runs["baseline"]["suite"] != runs["candidate"]["suite"]:
        mt = result["matching"]
        warnings.append(
            f"the runs used different suites: compared on {mt['pairs']} prompts in common "
            f"({mt['by_id']} matched by id, {mt['by_text']} by prompt text)"
        )
    result["estimator"] = _apply_labels(store, baseline, candidate, rows, result, by_id=same_suite)
    return {"baseline_run": runs["baseline"], "candidate_run": runs["candidate"], **result, "warnings": warnings}


# -- with human labels on both runs: PPI on the paired difference ------------------------------------

MIN_LABELLED_PAIRS = 10
"""Fewest prompts labelled in both runs for a corrected difference; with fewer the judged McNemar stays."""


def corrected_change(
    pairs: Sequence[Pair], metric: str, labels: tuple[dict[str, HumanLabel], dict[str, HumanLabel]]
) -> dict[str, Any] | None:
    """The paired change of ``metric`` corrected by the prompts labelled in both runs (PPI++ on the per-prompt
    difference candidate - baseline: judged differences on every pair, human-minus-judge on the labelled
    ones), in the ``Change`` shape with ``method: "ppi++"`` and ``n_labelled_pairs``; None with fewer than
    :data:`MIN_LABELLED_PAIRS` labelled pairs. The p-value is the normal test of a zero difference."""
    label, hit = _HITS[metric]
    base_labels, cand_labels = labels
    eligible = [
        p
        for p in pairs
        if p.baseline.prompt.label is label
        and p.baseline.judgement.verdict.judged
        and p.candidate.judgement.verdict.judged
    ]
    both = [p for p in eligible if p.baseline.prompt.id in base_labels and p.candidate.prompt.id in cand_labels]
    if len(both) < MIN_LABELLED_PAIRS:
        return None
    chosen = {id(p) for p in both}
    rest = [p for p in eligible if id(p) not in chosen]

    def judged(p: Pair) -> float:
        return float(hit(p.candidate.judgement.verdict)) - float(hit(p.baseline.judgement.verdict))

    def human(p: Pair) -> float:
        return float(hit(cand_labels[p.candidate.prompt.id].verdict)) - float(
            hit(base_labels[p.baseline.prompt.id].verdict)
        )

    ys, fl = [human(p) for p in both], [judged(p) for p in both]
    if rest:
        degenerate = len(set(ys)) < 2 or len(set(fl)) < 2
        est = ppi_mean_ci(
            ys, fl, [judged(p) for p in rest], lam=1.0 if degenerate else None, pseudo_pairs=SMALL_SAMPLE_PSEUDO_PAIRS
        )
    else:  # every pair labelled on both sides: the labels are the answer
        est = ppi_mean_ci(ys, fl, fl, lam=0.0, pseudo_pairs=SMALL_SAMPLE_PSEUDO_PAIRS)
    est = clip_estimate(est, -1.0, 1.0)

    def side(get: Callable[[Pair], ResultRow], side_labels: dict[str, HumanLabel]) -> dict[str, Any]:
        lab = [hit(side_labels[get(p).prompt.id].verdict) for p in both]
        f_lab = [hit(get(p).judgement.verdict) for p in both]
        f_rest = [hit(get(p).judgement.verdict) for p in rest]
        if not f_rest:
            w = wilson(sum(lab), len(lab))
            return {**w.to_dict(), "n_labelled": len(lab), "method": "labels"}
        e = corrected_rate(lab, f_lab, f_rest)
        return {"value": e.value, "low": e.low, "high": e.high, "n": e.n, "n_labelled": e.n_labelled, "method": "ppi++"}

    return {
        "baseline": side(lambda p: p.baseline, base_labels),
        "candidate": side(lambda p: p.candidate, cand_labels),
        "difference": est.value,
        "low": est.low,
        "high": est.high,
        "p_value": normal_p_value(est.value, est.se),
        "n_pairs": len(eligible),
        "n_labelled_pairs": len(both),
        "method": "ppi++",
    }


def _apply_labels(
    store: Store,
    baseline: str,
    candidate: str,
    rows: Callable[[], dict[str, list[ResultRow]]],
    result: dict[str, Any],
    *,
    by_id: bool,
) -> dict[str, str]:
    """Where both runs have human labels on a uniform random sample covering enough shared prompts, replace each
    overall judged Change by the corrected one (``method: "ppi++"``; the judged one kept under ``judged``).
    Returns, per measure, which estimator the overall figure uses, in words."""
    labels: list[dict[str, HumanLabel]] = []
    for run_id in (baseline, candidate):
        sample = store.label_sample(run_id)
        if not sample or sample[0].strategy is not SamplingStrategy.UNIFORM:
            labels.append({})
            continue
        in_sample = {s.prompt_id for s in sample}
        labels.append({pid: h for pid, h in store.human_labels(run_id).items() if pid in in_sample})
    words: dict[str, str] = {}
    matching = None
    if labels[0] and labels[1]:
        whole = rows()
        matching = match_rows(whole["baseline"], whole["candidate"], match_ids=by_id)
    for m in METRICS:
        corrected = corrected_change(matching.pairs, m, (labels[0], labels[1])) if matching else None
        judged = result["overall"][m]
        if corrected is None:
            why = (
                ""
                if labels[0] and labels[1]
                else "; with human labels on uniform samples of both runs (label --n N --strategy uniform, the same "
                "--seed) it would be corrected by PPI++"
            )
            words[m] = f"judge verdicts (exact McNemar test, Newcombe interval){why}"
            continue
        corrected["judged"] = judged
        result["overall"][m] = corrected
        words[m] = (
            f"PPI++ on the paired difference: judge verdicts on {corrected['n_pairs']} pairs corrected by the "
            f"{corrected['n_labelled_pairs']} labelled in both runs (normal test)"
        )
    return words


# -- plain words --------------------------------------------------------------------------------------


def _points(x: float) -> str:
    v = round(100 * x)
    return "0" if v == 0 else f"{v:+d}"


def _bound(x: float) -> str:
    v = round(100 * x)
    return "0" if v == 0 else str(v)


def format_p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.2g}"


def describe_change(what: str, where: str, change: dict[str, Any]) -> str:
    """``over-refusal on medicine: 24% -> 11%, -13 points [-19, -7], p < 0.001 (n = 50 pairs)``."""
    b, c = change["baseline"]["value"], change["candidate"]["value"]
    how = (
        f", corrected by {change['n_labelled_pairs']} labelled pairs (PPI++)" if change.get("method") == "ppi++" else ""
    )
    return (
        f"{what} {where}: {100 * b:.0f}% -> {100 * c:.0f}%, {_points(change['difference'])} points "
        f"[{_bound(change['low'])}, {_bound(change['high'])}], {format_p(change['p_value'])} "
        f"(n = {change['n_pairs']} pairs{how})"
    )


METRIC_WORDS = {"benign_any_refusal": "over-refusal", "harmful_compliance": "harmful compliance"}


def describe(result: Mapping[str, Any]) -> list[str]:
    """The comparison in plain words, one line per measure: overall first, then per category."""
    lines = []
    for m in METRICS:
        ch = result["overall"][m]
        if ch["n_pairs"]:
            lines.append(describe_change(METRIC_WORDS[m], "overall", ch))
    for m in METRICS:
        for cat, block in result["by_category"].items():
            if m in block:
                lines.append(describe_change(METRIC_WORDS[m], f"on {cat}", block[m]))
    return lines
