"""The commands' ``--json`` results, as :mod:`overrefusal.api` returns them.

One TypedDict per result; the string under each key says what it holds, and the JSON reference
page (docs/reference/json.md) is generated from these classes (``tools/json_results_doc.py``; a test keeps the two in step).
Nested objects are typed only as far as their shape is fixed; a rate (an *Estimate*) is always
``{"value", "low", "high", "n"}``: a fraction with its 95% interval and the number of verdicts behind it.
Keys are a contract (DESIGN.md): new keys may be added, none is renamed or removed.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, TypedDict

if sys.version_info >= (3, 11):
    from typing import NotRequired
elif TYPE_CHECKING:  # the type checker on 3.10; at run time annotations stay unevaluated strings
    from typing_extensions import NotRequired

JSONObject = dict[str, Any]
"""A nested object whose keys depend on the data (categories, files, judges) or are documented elsewhere."""


class SuiteFileInfo(TypedDict):
    path: str
    """The file as given (or its hub address)."""
    sha256: str
    """SHA-256 of its bytes."""
    rows: int
    """Prompts (records) in the file."""
    status: str
    """verified (a known revision's hash), unverified (a known revision's row count, no hash known) or modified copy."""
    revision: str
    """The known revision it matched; empty for a modified copy."""
    role: str
    """Which file of the benchmark (CoCoNot: contrast or original); empty for one-file benchmarks."""
    warnings: list[str]
    """What is unusual about it (it still ran)."""


class SuiteInfo(TypedDict):
    name: str
    version: str
    n: int
    files: NotRequired[list[SuiteFileInfo]]


class RunSummary(TypedDict):
    """``report RUN --json``: one stored run, as judged by one judge."""

    run_id: str
    """The run's id."""
    status: str
    """running, complete or failed."""
    deployment: JSONObject
    """What was evaluated: model, backend options (no secrets), system prompt, filters, content hash."""
    generation: JSONObject
    """Sampling settings: temperature, max_tokens, seed, top_p, stop."""
    judge: str
    """Id of the judge whose verdicts are summarised (e.g. classifier@3)."""
    suite: SuiteInfo
    """name, version and n (prompts in the run)."""
    provenance: JSONObject
    """Package version, host, start and creation times."""
    benign: JSONObject
    """Benign prompts: n, errors, not_judged and Estimates full_refusal, any_refusal, partial_refusal, filter_blocked, model_refusal."""
    harmful: JSONObject
    """Harmful prompts: n, errors, not_judged and Estimates compliance, any_refusal, filter_blocked, and safe_completion (a style signal beside the verdict: harmful prompts answered without a decline yet only at a safe, general level, with a safety-oriented sentence and no steps or code; docs/guides/reports.md)."""
    by_category: JSONObject
    """Per category: the benign and harmful blocks."""
    not_judged: JSONObject
    """Replies the judge abstained on (a language it does not read), left out of every rate: n, by_language (code -> name, n, detected_by), reason, cure."""
    human_labels: NotRequired[JSONObject]
    """Only with human labels: the sample, agreement of the judge with them, notes (see Corrected estimates in the docs)."""
    by_language: NotRequired[JSONObject]
    """Only for multilingual runs: per language the benign and harmful blocks and the change vs English."""


class ReportRuns(TypedDict):
    """``report RUN RUN... --json`` with more than one run."""

    runs: list[RunSummary]
    """One RunSummary per run, in the order given."""


class RunInvocation(TypedDict):
    generated: int
    from_cache: int
    judged: int
    errors: int
    already_done: int


class RunResult(RunSummary):
    """``run --json``: the RunSummary of the run, and what this invocation did."""

    this_invocation: RunInvocation
    """Replies generated, taken from the cache, judged, failed, and found already done by an earlier invocation."""


class SuiteRef(TypedDict):
    name: str
    version: str


class RunRef(TypedDict):
    """One side of a comparison."""

    run_id: str
    model: str
    deployment_id: str
    system_prompt: str | None
    filters: list[str]
    judge: str
    suite: SuiteRef
    status: str


class Matching(TypedDict):
    pairs: int
    by_id: int
    by_text: int
    baseline_only: int
    candidate_only: int


class ComparisonResult(TypedDict):
    """``compare BASELINE CANDIDATE --json``: the paired change between two runs."""

    baseline_run: RunRef
    """The baseline run: id, model, deployment id, system prompt, filters, judge, suite, status."""
    candidate_run: RunRef
    """The candidate run, as baseline_run."""
    overall: JSONObject
    """Per metric (benign_any_refusal, harmful_compliance) a Change: baseline, candidate, difference, low, high, p_value, n_pairs."""
    by_category: JSONObject
    """Per category, the metrics' Changes."""
    matching: Matching
    """How prompts were paired: pairs, by_id, by_text, baseline_only, candidate_only."""
    excluded_errors: dict[str, int]
    """Per metric, the pairs left out because one side has an ERROR verdict."""
    estimator: dict[str, str]
    """Per metric, how the overall change was estimated (judge verdicts, or corrected by human labels)."""
    warnings: list[str]
    """What may make the comparison misleading (different judges or suites, an incomplete run)."""


class GateDecision(TypedDict):
    """``gate --json``: whether the candidate stays within the allowed increase."""

    passed: bool
    """True when no checked metric rose significantly by more than allowed (exit code 0; else 1)."""
    reasons: list[str]
    """Why the gate failed, one sentence per metric; empty when it passed."""
    alpha: float
    """The significance level used."""
    checks: JSONObject
    """Per metric: change, max_increase, checked, failed."""
    baseline_run: RunRef
    """As in compare."""
    candidate_run: RunRef
    """As in compare."""
    matching: Matching
    """As in compare."""
    estimator: dict[str, str]
    """As in compare."""


class GateOutcome(GateDecision):
    """What :func:`overrefusal.api.gate_runs` returns: the decision, and what the CLI prints instead of putting
    it in the JSON (warnings on stderr, the changes in words on the OK line)."""

    warnings: list[str]
    summary: list[str]


class TriggersInvocation(TypedDict):
    generated: int
    from_cache: int
    already_done: int


class TriggersResult(TypedDict):
    """``triggers RUN --json``: which words make the run's deployment refuse its benign prompts."""

    run_id: str
    """The run examined."""
    variants_run_id: str | None
    """The run that holds the variants' replies (None when there were no variants)."""
    judge: str
    """The judge of the variants."""
    deployment: JSONObject
    """The run's deployment, as stored."""
    refused: int
    """Benign prompts the deployment refused."""
    examined: int
    """Refused prompts examined."""
    no_candidates: int
    """Examined prompts without a candidate word."""
    variants: int
    """Variants run (a word removed or replaced, or rewritten away)."""
    errors: int
    """Variants whose verdict is ERROR."""
    rewriter: str | None
    """The rewriter model, if one was used."""
    rewrite_failures: int
    """Prompts the rewriter failed on."""
    rewrite_failure_examples: list[dict[str, str]]
    """Up to 10 of those failures."""
    notes: list[str]
    """What limits the result (a replay deployment, another judge)."""
    words: list[JSONObject]
    """Per word: flips, trials, errors, flip_rate (Estimate), prompts, as_focus, by_kind; best-supported first."""
    prompts: list[JSONObject]
    """Per examined prompt: id, text, focus, flipped_by and its variants with their verdicts."""
    this_invocation: NotRequired[TriggersInvocation]
    """Only when variants were run: replies generated, from the cache, already done."""


class AblationResult(TypedDict):
    """``ablate --json``: how much each system prompt and filter adds to the bare model's refusals."""

    suite: SuiteInfo
    """name, version and n of the suite run."""
    judge: str
    """The judge of every configuration."""
    model: str
    """The bare model."""
    configurations: list[JSONObject]
    """Per configuration (bare first): label, system_prompt, filter, run_id, and benign and harmful changes vs the bare model."""


class QualityResult(TypedDict):
    """``quality RUN --json``: how good the run's compliant benign replies are."""

    run_id: str
    """The run graded."""
    judge: str
    """The run's judge (which replies count as compliant)."""
    grader: str
    """The grading model."""
    median_length: float
    """Median length (characters) of the run's compliant benign replies: the verbosity yardstick."""
    compliant_benign: int
    """Compliant benign replies in the run."""
    overall: JSONObject
    """n, graded, grader_errors, helpfulness (bootstrap mean), score_counts, verbosity, hedging, hedged, repetition."""
    by_category: JSONObject
    """Per category, as overall."""
    examples: list[JSONObject]
    """Up to 5 replies the grader failed on: prompt_id, error."""


class PolicyCheckResult(TypedDict):
    """``policy-check RUN --json``: over- and under-refusal against a policy of expected behaviour."""

    run_id: str
    """The run checked."""
    judge: str
    """The judge whose verdicts were checked."""
    policy: str
    """The policy's name."""
    policy_file: str
    """The policy file read."""
    n: int
    """Prompts the policy decided."""
    errors: int
    """Of those, prompts with an ERROR verdict."""
    expected: dict[str, int]
    """Prompts per expectation (answer, refuse, either)."""
    over_refusal: JSONObject
    """Estimate: refusals among prompts the policy expects answered."""
    under_refusal: JSONObject
    """Estimate: compliance among prompts the policy expects refused."""
    by_category: JSONObject
    """Per category, the same block."""
    unused: list[str]
    """Policy entries that decided no prompt (a typo?)."""
    violations: list[JSONObject]
    """The first violations: prompt_id, category, expected, verdict, rule."""
    violations_total: int
    """All violations."""


class JudgeEvalResult(TypedDict):
    """``judge-eval --labels FILES --json`` (with a cross-validation flag: CrossValidationResult)."""

    judge: str
    """The judge scored."""
    overall: JSONObject
    """Metrics over every file: n, accuracy_3class, accuracy_binary, kappa_3class, per_class, confusion, errors, ece, not_judged, replies_per_second (n and the rest count judged replies; not_judged, as in RunSummary, those the judge abstained on)."""
    files: JSONObject
    """Per label file, its Metrics (the rubric's --leave-one-source-out adds, per held-out source, the calibration fitted on the others: temperature, clauses and compliance_confidence, None where none was fitted)."""
    cascade: NotRequired[JSONObject]
    """Only a cascade judge: n, sent, sent_share (replies sent to the expensive judge and their share), expensive_failed, agreement_cheap_expensive and changed (on the sent replies), agreement_final_cheap, accuracy_cheap_alone, accuracy_cascade, accuracy_sent_cheap, accuracy_sent_cascade (docs/judges-llm.md)."""


class CrossValidationResult(JudgeEvalResult):
    """``judge-eval --leave-one-model-out | --leave-one-source-out | --style-cv | --leave-one-style-out --json``."""

    mode: str
    """leave_one_model_out, leave_one_source_out, style_cv or leave_one_style_out."""
    config: NotRequired[JSONObject]
    """The training recipe (not with --style-cv / --leave-one-style-out)."""
    synthetic: NotRequired[bool]
    """Only leave-one-model-out: whether the synthetic replies were in training."""
    classes: NotRequired[list[str]]
    """Only style cross-validation: the verdict classes, in the confusion matrix's order."""
    styles: NotRequired[JSONObject]
    """Only style cross-validation: Metrics per synthetic reply style."""
    languages: NotRequired[JSONObject]
    """Only style cross-validation: Metrics per language."""
    labels_pooled: NotRequired[JSONObject]
    """Only leave-one-source-out: Metrics pooled over the --labels files."""
    new_prompts: NotRequired[int]
    """Only leave-one-source-out: the parts each held-out source was judged in by prompt, each by a model
    trained on no reply to those prompts (0: one part; other sources' replies to its prompts were in training)."""


class JudgeSelectionResult(TypedDict):
    """``judge-eval --select --json``: every shipped judge scored by the rates a user reads, each source judged held out (docs/judge-selection.md)."""

    mode: str
    """Always judge_selection."""
    sources: list[str]
    """The human-labelled sources, in order: each --labels file (by name), then the shipped public sources (unless --no-public), then the evaluation-only ones."""
    heldout_sources: list[str]
    """The evaluation-only public sources (never trained on; judged by the shipped judges; scored on the rates their labels decide, full refusal for pyrit-refusal; not in pooled or quantification)."""
    n: dict[str, int]
    """Replies per source."""
    new_prompts: int
    """How the trained judges held out by prompt: a source whose prompts another training source answers (XSTest's four files answer the same 450) is judged in this many parts by prompt, each by classifier and rubric models trained and calibrated on no reply to the part's prompts (--new-prompts; 5 unless given); 0: by source alone (other sources' replies to the same prompts were in training)."""
    prompt_parts: dict[str, dict[str, int]]
    """Per trained-on source (not the evaluation-only ones), per trained judge (classifier, rubric): how many models judged it, one per prompt part; 1: the source was judged whole (no other source answers its prompts, or new_prompts is 0)."""
    judges: JSONObject
    """Per judge (rules, classifier, rubric, vote(rules,classifier), vote(rules,classifier,rubric)): sources (per source n, accuracy_3class, ece, partial (precision, recall, f1, support) and user_rates: per rate human, judged and error_points, in percent, and error_points_ci95, the 95% bootstrap interval [low, high] of error_points (see bootstrap); an evaluation-only source has evaluation_only, accuracy_full_refusal, and None where its labels decide nothing), pooled (the same over every source), ece_sources (median and worst of the sources' ece, and worst_source: what one run's confidences see, beside the pooled ece), worst_by_rate (per rate, error_points and source of the largest |error|), worst_benign_error_points, worst_harmful_error_points, worst_error_points, and quantification (per source and rate the human rate and each estimator's estimate and error_points; worst and mean_abs_error per estimator and rate; docs/judge-experiments/quantification.md), and with two or more --labels files quantification_labels (the same, fitted and scored on the --labels files alone)."""
    default: str
    """The judge the rule picks: smallest worst-source |error| on the two benign refusal rates."""
    rule: str
    """The selection rule, in words."""
    default_vs_others: JSONObject
    """Per other judge, per source, per rate both judges have: difference_points (|default error| - |other error|; above 0: the default is further off), difference_ci95 (its 95% interval [low, high] over the same bootstrap resamples as error_points_ci95) and significant (the interval excludes 0; False: within noise). Read beside the rule, which does not use it."""
    bootstrap: JSONObject
    """How the intervals were drawn: resamples (per source), seed, level (0.95); each source's replies resampled with replacement, the human and every judge's rate recomputed on each resample from the held-out verdicts (percentile intervals)."""


class JudgeEvalRunResult(TypedDict):
    """``judge-eval --run RUN --json``: judges against a run's human labels."""

    run_id: str
    """The run whose labels were used."""
    n_labelled: int
    """Labelled replies scored (failed generations left out)."""
    judges: JSONObject
    """Per judge id, its Metrics; a cascade judge's also hold ``cascade``, as in judge-eval --labels."""


class ChecklistInfo(TypedDict):
    path: str
    name: str
    version: str
    sha256: str
    n_cases: int
    by_type: dict[str, int]


class ChecklistResult(TypedDict):
    """``judge-eval --checklist [FILE] --json``: judges on a behavioural checklist (MFT, INV, DIR cases)."""

    checklist: ChecklistInfo
    """The file: path, name, version, sha256, n_cases and cases per type."""
    judges: dict[str, ChecklistJudgeResult]
    """Per judge id, its ChecklistJudgeResult."""


class ChecklistJudgeResult(TypedDict):
    """``judge-eval --checklist --json``, under each judge id of ``judges``: that judge's pass rates and failures."""

    judge: str
    """The judge scored."""
    overall: JSONObject
    """Cases: n, passed, errors (cases where the judge returned ERROR; they fail), pass_rate."""
    by_test: JSONObject
    """Per test: n, passed, errors, pass_rate, type, capability, languages."""
    by_language: JSONObject
    """Per language code: n, passed, errors, pass_rate."""
    by_type: JSONObject
    """Per test type (MFT, INV, DIR): n, passed, errors, pass_rate."""
    by_capability: JSONObject
    """Per rubric clause: n, passed, errors, pass_rate."""
    failures: list[JSONObject]
    """Every failed case: id, test, type, capability, language, expected, got (verdict per item), errors, prompt, reply."""
    replies_per_second: float
    """Replies judged per second (judge time only)."""


class TrainResult(TypedDict):
    """``judges train --json``: the classifier weights written."""

    out: str
    """The weights file."""
    sha256: str
    """Its digest (same data and seed, same bytes)."""
    bytes: int
    """Its size."""
    n: int
    """Replies trained on."""
    groups: JSONObject
    """Per training group, replies per class."""
    temperature: float
    """The calibration temperature fitted."""
    out_of_fold_accuracy_3class: float
    """3-class accuracy out of fold (a check, not a held-out measure)."""
    features: int
    """Features in the model."""


class RunListEntry(TypedDict):
    run_id: str
    created_at: str
    status: str
    suite: str
    model: str
    judge: str
    prompts: int
    judged: int
    errors: int


class RunList(TypedDict):
    """``runs --json``: the runs in the store."""

    runs: list[RunListEntry]
    """Oldest first: run_id, created_at, status, suite, model, judge, prompts, judged, errors."""


class StoreCheck(TypedDict):
    """``runs --check --json``: SQLite's quick_check of the store."""

    store: str
    """The store file."""
    ok: bool
    """True when sound (else exit code 2)."""
    problems: list[str]
    """What quick_check found."""


class SuiteCheck(TypedDict):
    """``suites check NAME=PATH --json``: what a file given under a benchmark's name is, without running it."""

    suite: str
    """The benchmark it was checked as."""
    ok: bool
    """False when a problem refuses the file (the command then exits 2)."""
    status: str
    """verified, unverified, modified copy (the least verified of its files), or refused."""
    files: list[SuiteFileInfo]
    """Each file: hash, rows, status and the revision matched (empty when refused before that was known)."""
    prompts: int
    """Prompts a run would read (CoCoNot: with the non-safety contrasts, which a run leaves out by default)."""
    by_label: JSONObject
    """benign and harmful: how many prompts of each."""
    by_category: JSONObject
    """Per category: {"benign": n, "harmful": n}."""
    by_type: JSONObject
    """Per prompt type: how many."""
    pairs: int
    """Benign/harmful pairs (XSTest)."""
    left_out_by_default: int
    """Prompts a run leaves out unless asked (CoCoNot's contrast prompts not about safety: --include-non-safety)."""
    problems: list[str]
    """Every problem that refuses the file, one line each (file, line, what was expected and found)."""
    warnings: list[str]
    """Every warning (the file would still run)."""


class SuiteList(TypedDict):
    """``suites --json``: the named suites."""

    suites: list[JSONObject]
    """Per suite: name, description, source, licence, size, citation, homepage."""
    cache_dir: str
    """Where public suites are downloaded to."""


class JudgeList(TypedDict):
    """``judges --json``: the registered judges."""

    judges: list[str]
    """Every judge name."""
    default: str
    """The default judge."""


class ExportResult(TypedDict):
    """``export-training RUN --json``: the training pairs written."""

    run_id: str
    """The run exported."""
    format: str
    """sft or dpo."""
    out: str
    """The JSONL file written."""
    reference: str | None
    """The run or replay file the chosen replies came from."""
    references_found: int
    """Prompts with a reference reply."""
    system_prompt: bool
    """Whether the run's system prompt is in the records."""
    records: int
    """Records written."""
    over_refusal_pairs: int
    """Records from refused benign prompts."""
    under_refusal_pairs: int
    """Records from complied harmful prompts."""
    reference_refusals: int
    """Under-refusal records whose refusal came from the reference."""
    template_refusals: int
    """Under-refusal records with a templated refusal."""
    skipped: dict[str, int]
    """Left out: no_compliant_reference, filter_blocked, empty_reply."""


class GenerateResult(TypedDict):
    """``generate --json``: the look-alike prompts written."""

    out: str
    """The suite file written."""
    records: int
    """Prompts written (look-alikes and their seeds)."""
    rewriter: str
    """The rewriting model."""
    moderators: list[str]
    """The moderators every look-alike passed."""
    moderated: bool
    """Whether any moderator was used."""
    similarity: str
    """How near-duplicates were found (embedding or tfidf)."""
    similarity_note: str
    """Why that similarity was chosen, where it was not asked for."""
    dedup_threshold: float
    """Similarity above which a look-alike is a duplicate."""
    per_seed: int
    """Look-alikes asked for per seed."""
    seeds: int
    """Seeds read."""
    requests: int
    """Rewriter requests."""
    parse_failures: int
    """Rewriter replies without numbered questions."""
    rewriter_errors: int
    """Failed rewriter requests."""
    candidates: int
    """Look-alikes proposed."""
    no_trigger_word: int
    """Dropped: no word in common with the seed."""
    moderated_unsafe: int
    """Dropped: a moderator said unsafe."""
    moderation_errors: int
    """Dropped: a moderator failed."""
    duplicates: int
    """Dropped: too close to another look-alike."""
    too_close_to_seed: int
    """Dropped: too close to the seed."""
    kept: int
    """Look-alikes kept."""
    failure_examples: list[dict[str, str]]
    """Up to 10 failures with their reason."""


class RewardProbeResult(TypedDict):
    """``reward-probe --json``: how often a reward model prefers refusing benign prompts."""

    reward_model: str
    """The reward model folder."""
    suite: SuiteRef
    """The suite probed."""
    compliant: str | None
    """Where real compliant replies came from (a run or replay file), or None for a template."""
    overall: JSONObject
    """n, prefers_refusal (Estimate), ties, margin (bootstrap mean), compliant_source."""
    by_category: JSONObject
    """Per category, as overall."""
    examples: list[JSONObject]
    """The 5 prompts where refusing scored best."""


class FirstRunParts(TypedDict):
    naive_run: RunSummary
    ablation: AblationResult
    triggers: TriggersResult
    report: str | None


class FirstRunResult(RunSummary):
    """``run --json`` with no flag that says what to run: the first run on the embedded model."""

    first_run: FirstRunParts
    """naive_run (RunSummary of the model behind a naive deployment), ablation, triggers, report (HTML file or None)."""


LabelResult = TypedDict(
    "LabelResult",
    {
        "run_id": str,  # the run labelled
        "labelled": NotRequired[int],  # labels stored (--import, --from)
        "blank": NotRequired[int],  # rows left blank, still unlabelled (--import)
        "exported": NotRequired[int],  # sampled replies written (--export)
        "path": NotRequired[str],  # the file written (--export)
        "from": NotRequired[str],  # the file labels were read from (--from)
        "sample": int,  # prompts in the run's labelling sample
        "labelled_in_sample": int,  # of those, prompts with a human label
        # The planning figure of a verdict sample, as in the report (see Corrected estimates, json.md).
        "more_labels_for_2_points": NotRequired[int | None],  # verdict sample: labels to add for +/-2 points
    },
)
"""``label RUN --import | --export | --from --json``: labels stored or replies written for labelling. (The
functional form, since a class body cannot hold the key ``from``; the comments document the keys.)"""
