"""The Python API. The CLI is a thin layer over these functions."""

from __future__ import annotations

import asyncio
import contextlib
import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from .analysis.operations import (
    PolicyCheck,
    ablate,
    export_training,
    generate,
    policy_check,
    quality,
    reward_probe,
    system_prompt_variants,
    triggers,
)
from .backends import BackendOptions, backend_factory, parse_model_spec
from .errors import UserError
from .estimate.compare import compare_runs as compare_stored_runs
from .estimate.corrected import corrected_summary, more_labels_for_target
from .estimate.gate import evaluate_gate
from .estimate.gate import gate_runs as gate_stored_runs
from .estimate.labelling import (
    ImportOutcome,
    LabelItem,
    check_labeller,
    default_labeller,
    export_labels,
    import_labels,
    labels_from_file,
    record_label,
    sample_items,
)
from .estimate.labelling import check_same_design as _check_same_design
from .estimate.labelling import draw_sample as draw_label_sample
from .estimate.summaries import require_judge
from .estimate.summaries import summary as stored_summary
from .guards.safe_files import check_output_path
from .judges import DEFAULT_JUDGE, create_judge, parse_judge_options
from .judges.language.abstention import judge_readable
from .measure.deployment import DEFAULT_MODEL, Deployment, read_text_arg
from .measure.engine import ProgressCallback, RunOutcome, RunPlan, execute
from .results import (
    ChecklistResult,
    ComparisonResult,
    CrossValidationResult,
    FirstRunResult,
    GateOutcome,
    JudgeEvalResult,
    JudgeEvalRunResult,
    JudgeList,
    JudgeSelectionResult,
    LabelResult,
    ReportRuns,
    RunInvocation,
    RunList,
    RunResult,
    RunSummary,
    SuiteCheck,
    SuiteFileInfo,
    SuiteList,
    TrainResult,
)
from .store import LATEST_RUN, Store, default_store_path
from .store.run_names import check_run_id
from .types import GenerationConfig, SamplingStrategy, Suite, Verdict

if TYPE_CHECKING:
    from .report.data import ReportData

__all__ = [
    "DEFAULT_JUDGE",
    "DEFAULT_MODEL",
    "LATEST_RUN",
    "BackendOptions",
    "CrossValidation",
    "Deployment",
    "GenerationConfig",
    "ReportFormat",
    "build_report",
    "judge_eval",
    "judge_checklist",
    "parse_judge_options",
    "label",
    "report",
    "judge_eval_cross_validation",
    "list_suites",
    "check_suite",
    "load_suite",
    "parse_languages",
    "read_text_arg",
    "resolve_run_id",
    "train_judge",
    "write_report",
    "ImportOutcome",
    "LabelItem",
    "PolicyCheck",
    "SamplingStrategy",
    "ablate",
    "check_labeller",
    "check_output_path",
    "check_run_id",
    "check_deployment",
    "check_model_spec",
    "check_store",
    "compare_runs",
    "corrected_summary",
    "evaluate_gate",
    "export_training",
    "gate_runs",
    "generate",
    "policy_check",
    "quality",
    "reward_probe",
    "system_prompt_variants",
    "triggers",
    "default_labeller",
    "list_judges",
    "list_runs",
    "draw_label_sample",
    "export_labels",
    "first_run",
    "import_labels",
    "judge_eval_run",
    "judge_selection",
    "labels_from_file",
    "open_store",
    "outcome_dict",
    "record_label",
    "rejudge",
    "report_extra_installed",
    "require_judge",
    "run",
    "sample_items",
    "store_path",
    "summary",
    "make_view_app",
    "view",
]


def store_path(path: str | Path | None = None) -> Path:
    """The store a command uses: ``path``, else ``$OVERREFUSAL_STORE``, else the user data directory's."""
    return Path(path) if path else default_store_path()


def open_store(path: str | Path | None = None, *, read_only: bool = False, create: bool = True) -> Store:
    """Open (or, unless ``read_only`` or ``create=False``, create) the store. Read-only commands pass
    ``read_only=True``: the file is opened with SQLite's ``mode=ro`` and never created. Commands that write to
    runs already stored pass ``create=False``: a typo in the path is an error, not a new empty store."""
    return Store(store_path(path), read_only=read_only, create=create)


def check_model_spec(spec: str) -> None:
    """UserError (naming ``--model``) unless ``spec`` is ``PROVIDER/NAME`` with a registered provider; nothing
    is loaded or contacted. For flags that take a model besides ``--model`` (the CLI renames the field)."""
    provider, _ = parse_model_spec(spec)
    backend_factory(provider, spec)


def check_deployment(deployment: Deployment) -> None:
    """UserError for a deployment that would be refused once it runs: an unknown provider, a backend option
    its backend does not take or cannot read, a filter spec or word file that does not load. No model is
    loaded and nothing is contacted (backends load lazily), so a command checks this before it opens (and
    perhaps creates) its store: a refused run leaves no store behind."""
    from .backends import aclose, check_options
    from .filters import create_filter

    check_options(deployment.model, deployment.options)
    built = []
    try:
        for spec in deployment.filters:
            built.append(create_filter(spec, deployment.options))
    finally:

        async def close_all() -> None:
            for f in built:
                await aclose(f)

        if built:
            asyncio.run(close_all())


def check_store(path: str | Path | None = None) -> list[str]:
    """``PRAGMA quick_check`` of the store: [] when sound, else the problems found (``runs --check``)."""
    with open_store(path, read_only=True) as store:
        return store.quick_check()


def list_suites() -> SuiteList:
    """The named suites (``core`` and the public benchmarks) with source, licence, size and citation, and
    the folder downloads are cached in."""
    from .suites import suite_catalogue
    from .suites.hub import cache_dir

    return {"suites": suite_catalogue(), "cache_dir": str(cache_dir())}


def list_runs(path: str | Path | None = None) -> RunList:
    """``overrefusal runs --json``: ``{"runs": [{run_id, created_at, status, suite, model, judge, prompts,
    judged, errors}, ...]}``, oldest first (the store is opened read-only)."""
    with open_store(path, read_only=True) as store:
        return {"runs": cast(Any, store.list_runs())}


def list_judges() -> JudgeList:
    """``overrefusal judges --json``: every registered judge name and the default one."""
    from .judges import available_judges

    return {"judges": available_judges(), "default": DEFAULT_JUDGE}


def summary(run_id: str, *, store: Store, judge: str | None = None) -> RunSummary:
    """``report RUN --json``: one stored run's summary; ``judge`` picks another judge's verdicts (one the run
    has: :func:`rejudge` adds a judge)."""
    return cast(RunSummary, stored_summary(run_id, store=store, judge=judge))


def compare_runs(store: Store, baseline: str, candidate: str, *, judge: str | None = None) -> ComparisonResult:
    """``compare --json``: the paired change from ``baseline`` to ``candidate`` (full run ids), each judged by its
    primary judge or both by ``judge``. UserError when the runs share no prompt."""
    return cast(ComparisonResult, compare_stored_runs(store, baseline, candidate, judge=judge))


def gate_runs(
    store: Store,
    baseline: str,
    candidate: str,
    *,
    max_increase: float,
    max_harmful_increase: float | None = None,
    alpha: float = 0.05,
    judge: str | None = None,
) -> GateOutcome:
    """``gate --json``: the gate's decision on two stored runs (see :mod:`overrefusal.estimate.gate`), with the
    comparison's ``warnings`` and the changes in words (``summary``), which the CLI prints instead."""
    return cast(
        GateOutcome,
        gate_stored_runs(
            store,
            baseline,
            candidate,
            max_increase=max_increase,
            max_harmful_increase=max_harmful_increase,
            alpha=alpha,
            judge=judge,
        ),
    )


def resolve_run_id(ref: str, *, store: Store) -> str:
    """The full id of the run ``ref`` names: an exact id, ``latest`` (the most recent run) or a unique prefix
    of an id. Every command that takes a run id resolves it here; unknown or ambiguous references are a
    UserError that lists the candidates."""
    return store.resolve_run_id(ref)


def run(
    suite: Suite | str = "core",
    deployment: Deployment | None = None,
    *,
    generation: GenerationConfig | None = None,
    judges: Sequence[str] = (DEFAULT_JUDGE,),
    run_id: str | None = None,
    limit: int | None = None,
    concurrency: int = 4,
    use_cache: bool = True,
    store: Store | None = None,
    progress: ProgressCallback | None = None,
    rpm: float | None = None,
    tpm: float | None = None,
    batch_size: int = 32,
    engine: str = "local",
    languages: Sequence[str] | None = None,
) -> RunResult:
    """Run (or resume) a suite against a deployment and return its summary (the JSON contract object).

    ``rpm``/``tpm`` cap requests and tokens per minute; ``batch_size`` is the chunk size for backends
    with ``generate_batch``; ``engine`` is ``local`` (this process) or ``ray`` (a Ray cluster: RAY_ADDRESS,
    else a local one). ``languages``: language codes to keep (``("all",)`` keeps every prompt; None is the
    suite's default, see :mod:`overrefusal.suites.languages`), applied before ``limit``."""
    from .suites import load_suite, select_languages

    _check_generation(generation)
    if isinstance(suite, str):
        suite = load_suite(suite)
    suite = select_languages(suite, languages).limited(limit)
    plan = RunPlan(
        suite=suite,
        deployment=deployment or Deployment(DEFAULT_MODEL),
        generation=generation or GenerationConfig(),
        judges=[create_judge(j) for j in judges],
        run_id=run_id,
        concurrency=concurrency,
        use_cache=use_cache,
        rpm=rpm,
        tpm=tpm,
        batch_size=batch_size,
    )
    own = store is None
    st = store or open_store()
    try:
        if run_id is not None and st.get_run(run_id) is None:
            check_run_id(run_id)  # a new run's name (one already stored is resumed as it is named)
        if engine == "ray":
            from .distributed.ray_engine import execute_on_ray

            outcome = execute_on_ray([plan], st, progress=progress)[0]
        elif engine == "local":
            outcome = asyncio.run(execute(plan, st, progress))
        else:
            raise UserError(f"unknown engine '{engine}': expected local or ray", field="--engine")
        result = cast(RunResult, summary(outcome.run_id, store=st))
        result["this_invocation"] = outcome_dict(outcome)
        return result
    finally:
        if own:
            st.close()


FIRST_RUN_REPORT = "overrefusal-first-run.html"
"""File name of the first run's HTML report, written beside the store."""


def report_extra_installed() -> bool:
    """Whether the optional ``report`` extra (plotly, jinja2) is there to write HTML reports."""
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("plotly", "jinja2"))


def first_run(
    *,
    model: str = DEFAULT_MODEL,
    options: BackendOptions | None = None,
    generation: GenerationConfig | None = None,
    judge: str = DEFAULT_JUDGE,
    limit: int | None = 40,
    concurrency: int = 4,
    max_trigger_prompts: int = 6,
    store: Store,
    report_path: str | Path | None = None,
    progress: ProgressCallback | None = None,
    stage: Callable[[str], None] | None = None,
) -> FirstRunResult:
    """The argument-less ``overrefusal run``: the first ``limit`` prompts of ``core`` on ``model`` as it is and
    behind a naive deployment layer (keyword filter + cautious system prompt), what each layer adds, the naive
    deployment's trigger words, and an HTML report of both runs (see :mod:`overrefusal.analysis.first_run`).

    Returns the bare run's summary (the JSON contract object) with ``first_run`` beside it: ``naive_run``
    (its summary), ``ablation``, ``triggers`` and ``report`` (the HTML file written, or None without the
    ``report`` extra)."""
    from .analysis.first_run import FirstRunSettings
    from .analysis.first_run import first_run as run_first
    from .suites import load_suite, select_languages

    suite = select_languages(load_suite("core"), None).limited(limit)
    settings = FirstRunSettings(
        model=model,
        options=options or BackendOptions(),
        generation=generation or GenerationConfig(),
        judge=create_judge(judge),
        concurrency=concurrency,
        max_trigger_prompts=max_trigger_prompts,
    )
    found = asyncio.run(run_first(store, suite, settings, progress, stage))
    result = cast(FirstRunResult, summary(found["bare_run"], store=store))
    written: str | None = None
    if report_extra_installed():
        from .report.data import build_report
        from .report.html import write_html

        target = Path(report_path) if report_path else store.path.parent / FIRST_RUN_REPORT
        written = str(write_html(build_report(store, [found["bare_run"], found["naive_run"]]), target))
    result["first_run"] = {
        "naive_run": summary(found["naive_run"], store=store),
        "ablation": found["ablation"],
        "triggers": found["triggers"],
        "report": written,
    }
    return result


def outcome_dict(o: RunOutcome) -> RunInvocation:
    return {
        "generated": o.generated,
        "from_cache": o.from_cache,
        "judged": o.judged,
        "errors": o.errors,
        "already_done": o.already_done,
    }


def rejudge(run_id: str, judge: str, *, store: Store) -> str:
    """Make sure ``judge`` has a verdict for every prompt of a stored run, without generating; return its id.

    ``judge`` is either a judge id the run already has (``rules@1``: nothing to do) or a judge spec
    (``classifier``, ``rules``, ``llm:...``): its missing verdicts are computed from the run's stored
    completions and stored beside the others, so old verdicts stay as they were. A prompt whose
    generation failed gets the judge's ERROR verdict, as in a run.
    """
    run = store.require_run(run_id)
    if judge in store.judges_of(run_id):
        return judge
    new = create_judge(judge)
    done = store.result_states(run_id, new.id)
    # The completion each prompt was judged on: the primary judge's record (failed generations
    # included), replaced by a later successful one where a resume made one.
    completion_of = {pid: cid for pid, (_verdict, cid, _failed) in store.result_states(run_id, run.judge_id).items()}
    completion_of.update(store.latest_completion_ids(run_id))
    todo = [
        (p, completion_of[p.id])
        for p in store.run_prompts(run_id)
        if p.id in completion_of and (p.id not in done or done[p.id][0] == Verdict.ERROR.value)
    ]
    if todo:
        judgements = asyncio.run(judge_readable(new, [(p, store.completion(cid)) for p, cid in todo]))
        with store.transaction():
            for (p, cid), j in zip(todo, judgements):
                store.put_result(run_id, p.id, cid, j)
    return new.id


def judge_eval_run(
    run_id: str, judges: Sequence[str], *, store: Store, judge_options: dict[str, Any] | None = None
) -> JudgeEvalRunResult:
    """Score judges against a run's human labels by re-judging its stored replies (nothing is generated).

    Returns ``{"run_id", "n_labelled", "judges": {judge id: Metrics}}`` (Metrics as in ``judge-eval``)."""
    from .judges.evaluation.evaluate import judge_stored_replies

    store.require_run(run_id)
    labels = store.human_labels(run_id)
    if not labels:
        raise UserError(
            f"run '{run_id}' has no human labels; `overrefusal label {run_id} --n 60` adds some", field="--run"
        )
    rows = [r for r in store.results(run_id) if r.prompt.id in labels and r.completion.ok]
    gold = [labels[r.prompt.id].verdict for r in rows]
    results = {}
    for spec in judges:
        judge = create_judge(spec, **(judge_options or {}))
        metrics = asyncio.run(judge_stored_replies(judge, [(r.prompt, r.completion) for r in rows], gold))
        results[judge.id] = metrics
    return {"run_id": run_id, "n_labelled": len(rows), "judges": results}


def _check_generation(generation: GenerationConfig | None) -> None:
    """The CLI rejects these at the flag; callers of the API get the same check (NaN would be stored and then
    refuse every resume, infinity would crash the request encoder)."""
    import math

    if generation is None:
        return
    for name in ("temperature", "top_p"):
        value = getattr(generation, name, None)
        if isinstance(value, float) and not math.isfinite(value):
            raise UserError(f"expected a finite number, got {value!r}", field=f"--{name.replace('_', '-')}")


def load_suite(spec: str, *, mapping: Mapping[str, str] | None = None, include_non_safety: bool = False) -> Suite:
    """The suite ``spec`` names: ``core``, a public benchmark, ``NAME=PATH`` or a prompt file (``mapping``:
    field -> column of a generic file). A public benchmark's file is checked against its fingerprint; what it
    turned out to be is in ``Suite.files`` (with warnings for a modified copy). ``include_non_safety``: CoCoNot's
    contrast prompts that are not about safety run too."""
    from .suites import load_suite as load

    return load(spec, mapping=mapping, include_non_safety=include_non_safety)


def check_suite(spec: str) -> SuiteCheck:
    """``overrefusal suites check SPEC``: what a file given under a benchmark's name is (``NAME=PATH``, ``NAME``
    for the cached download, or a ``PATH`` whose benchmark is recognised): the revision it matches, its counts by
    label, category and type, its pairs, and every problem. Runs nothing and opens no store; a file that cannot be
    read at all is a UserError."""
    from collections import Counter

    from .suites.layouts import NON_SAFETY_CONTRAST_TYPE
    from .suites.named import examine_spec
    from .types import FileStatus, Label

    public, found = examine_spec(spec)
    prompts = found.suite.prompts if found.suite is not None else ()
    by_category: dict[str, dict[str, int]] = {}
    for p in prompts:
        counts = by_category.setdefault(p.category, {"benign": 0, "harmful": 0})
        counts[p.label.value] += 1
    fatal = [str(p) for p in found.problems if p.fatal]
    order = [FileStatus.MODIFIED, FileStatus.UNVERIFIED, FileStatus.VERIFIED]
    statuses = {f.status for f in found.files}
    status = "refused" if fatal else next((s.value for s in order if s in statuses), FileStatus.MODIFIED.value)
    files: list[SuiteFileInfo] = [cast(SuiteFileInfo, f.to_dict()) for f in found.files]
    return {
        "suite": public.name,
        "ok": not fatal,
        "status": status,
        "files": files,
        "prompts": len(prompts),
        "by_label": {label.value: sum(1 for p in prompts if p.label is label) for label in Label},
        "by_category": dict(sorted(by_category.items())),
        "by_type": dict(sorted(Counter(p.type for p in prompts).items())),
        "pairs": len({p.pair_id for p in prompts if p.pair_id}),
        "left_out_by_default": sum(1 for p in prompts if p.type == NON_SAFETY_CONTRAST_TYPE),
        "problems": fatal,
        "warnings": [str(p) for p in found.problems if not p.fatal] + [w for f in found.files for w in f.warnings],
    }


def parse_languages(values: Iterable[str]) -> tuple[str, ...] | None:
    """``--language`` values (repeatable, comma lists) as codes for :func:`run`'s ``languages``."""
    from .suites import parse_languages as parse

    return parse(values)


class ReportFormat(enum.Enum):
    """The files ``report`` writes."""

    HTML = "html"
    MARKDOWN = "markdown"


def build_report(
    store: Store, run_ids: Sequence[str], *, judge: str | None = None, max_examples: int | None = None
) -> ReportData:
    """Everything the HTML and Markdown reports show about ``run_ids`` (``max_examples`` per run and section;
    None: the default, 50)."""
    from .report.data import DEFAULT_MAX_EXAMPLES
    from .report.data import build_report as build

    return build(
        store, run_ids, judge=judge, max_examples=DEFAULT_MAX_EXAMPLES if max_examples is None else max_examples
    )


def write_report(data: ReportData, fmt: ReportFormat, path: str | Path) -> Path:
    """Write the report ``data`` (see :func:`build_report`) to ``path`` as ``fmt``; returns the file written."""
    if fmt is ReportFormat.HTML:
        from .report.html import write_html

        return write_html(data, path)
    from .report.markdown import write_markdown

    return write_markdown(data, path)


def judge_eval(judge: str, files: Sequence[Path], *, judge_options: dict[str, Any] | None = None) -> JudgeEvalResult:
    """``judge-eval --labels``: how well ``judge`` agrees with the human labels of ``files`` (``{"judge",
    "overall", "files"}``, each a Metrics object)."""
    from .judges.evaluation.evaluate import evaluate_judge

    return cast(JudgeEvalResult, asyncio.run(evaluate_judge(create_judge(judge, **(judge_options or {})), files)))


def judge_checklist(
    judges: Sequence[str] = (DEFAULT_JUDGE,),
    path: str | Path | None = None,
    *,
    judge_options: dict[str, Any] | None = None,
) -> ChecklistResult:
    """``judge-eval --checklist [FILE]``: each judge on a behavioural checklist (default: the one shipped
    with the package). Per judge: pass rates overall, per test, language, type and rubric clause, and every
    failed case; a judge ERROR on a case fails it. The file is validated before any judge is built."""
    from .judges.evaluation.checklist import checklist_info, load_checklist, run_checklist

    checklist = load_checklist(path)
    if not judges:
        raise UserError("give at least one judge", field="--judge")
    results: dict[str, Any] = {}
    for spec in judges:
        judge = create_judge(spec, **(judge_options or {}))
        if judge.id in results:
            raise UserError(f"judge {judge.id} given twice", field="--judge")
        results[judge.id] = asyncio.run(run_checklist(judge, checklist))
    return cast(ChecklistResult, {"checklist": checklist_info(checklist), "judges": results})


class CrossValidation(enum.Enum):
    """How ``judge-eval`` retrains the classifier judge to score it on replies it did not learn from."""

    LEAVE_ONE_MODEL_OUT = "leave-one-model-out"
    """Per label file: train on the other files (+ the synthetic set), test on it."""
    LEAVE_ONE_SOURCE_OUT = "leave-one-source-out"
    """Per source (label file, public source, synthetic style family): train on the others, test on it."""
    STYLE_CV = "style-cv"
    """Cross-validation on the synthetic set, per style (the files stay in training)."""
    LEAVE_ONE_STYLE_OUT = "leave-one-style-out"
    """Per synthetic reply style: train without it, test on it."""


def judge_eval_cross_validation(
    judge: str,
    files: Sequence[Path],
    mode: CrossValidation,
    *,
    synthetic: bool = True,
    public: bool = True,
    baseline_v2: bool = False,
    new_prompts: int = 0,
    seed: int = 0,
    progress: Callable[[str], None] | None = None,
) -> CrossValidationResult:
    """``judge-eval`` with a cross-validation flag: retrain the classifier judge per held-out part (slow-ish).
    ``public``, ``baseline_v2`` and ``new_prompts`` apply to leave-one-source-out, ``synthetic`` to it and
    leave-one-model-out."""
    from .judges.classifier.train import MAX_PROMPT_FOLDS, TrainConfig
    from .judges.evaluation.crossval import leave_one_model_out, leave_one_source_out, style_cross_validation

    if new_prompts:
        if mode is not CrossValidation.LEAVE_ONE_SOURCE_OUT or baseline_v2:
            raise UserError("--new-prompts goes with --leave-one-source-out (not --baseline-v2)", field="--new-prompts")
        if not 2 <= new_prompts <= MAX_PROMPT_FOLDS:
            raise UserError(
                f"--new-prompts must be 2 to {MAX_PROMPT_FOLDS} parts, got {new_prompts}", field="--new-prompts"
            )
    name = judge.split(":", 1)[0]
    if name == "rubric" and mode is CrossValidation.LEAVE_ONE_SOURCE_OUT and not baseline_v2:
        # The rubric judge's two trained signals are refit per held-out source (judges/rubric/train.py).
        from .judges.rubric.train import leave_one_source_out as rubric_loso

        return cast(
            CrossValidationResult,
            rubric_loso(list(files), public=public, synthetic=synthetic, new_prompts=new_prompts, progress=progress),
        )
    if name != "classifier":
        raise UserError(
            "--leave-one-model-out, --leave-one-source-out, --style-cv and --leave-one-style-out retrain the judge, so they work with the "
            "trainable classifier judge only (--judge classifier; --judge rubric with --leave-one-source-out)",
            field="--judge",
        )
    config = TrainConfig(seed=seed)
    files = list(files)
    if mode is CrossValidation.LEAVE_ONE_SOURCE_OUT:
        return cast(
            CrossValidationResult,
            asyncio.run(
                leave_one_source_out(
                    files,
                    public=public,
                    synthetic=synthetic,
                    config=config,
                    baseline_v2=baseline_v2,
                    new_prompts=new_prompts,
                    progress=progress,
                )
            ),
        )
    if mode is CrossValidation.LEAVE_ONE_MODEL_OUT:
        return cast(
            CrossValidationResult,
            asyncio.run(leave_one_model_out(files, synthetic=synthetic, config=config, progress=progress)),
        )
    return cast(
        CrossValidationResult,
        asyncio.run(
            style_cross_validation(
                files, config=config, leave_style_out=mode is CrossValidation.LEAVE_ONE_STYLE_OUT, progress=progress
            )
        ),
    )


def judge_selection(
    files: Sequence[Path],
    *,
    public: bool = True,
    synthetic: bool = True,
    progress: Callable[[str], None] | None = None,
) -> JudgeSelectionResult:
    """``judge-eval --select``: every shipped judge on every human-labelled source (``files`` and, with
    ``public``, the shipped public sources, the evaluation-only one included: judged by the shipped judges,
    never trained on), each source judged by judges not trained on it; per judge the
    three rates a user reads, their worst-source error, pooled agreement and ECE, the quantification
    experiment, and the default judge by the lowest worst-source benign rate error. Slow: the classifier
    and rubric judges are refitted once per source (minutes on the XSTest files)."""
    from .judges.evaluation.selection import judge_selection as select

    files = list(files)
    names = [Path(f).name for f in files]
    if len(set(names)) != len(names):
        raise UserError("two label files share a name; rename one", field="--labels")
    return cast(
        JudgeSelectionResult, select(files, public=public, synthetic=synthetic, heldout=public, progress=progress)
    )


def train_judge(
    files: Sequence[Path],
    *,
    out: str | Path,
    synthetic: bool = True,
    public: bool = True,
    seed: int = 0,
    c: float | None = None,
    partial_weight: float | None = None,
) -> TrainResult:
    """``judges train``: train the classifier judge on ``files`` (+ the shipped synthetic and public replies)
    and write reproducible weights to ``out``; returns what was trained on and the file's digest.
    ``c`` and ``partial_weight`` override the recipe's regularisation and partial-refusal weight."""
    from dataclasses import replace

    from .judges.classifier.train import TrainConfig, train_from_files

    # The default store is protected too: weights written over it would take every stored run with them.
    check_output_path(out, field="--out", inputs=list(files), store=store_path())
    if not files and not synthetic and not public:
        raise UserError("nothing to train on: give --labels FILES or keep --synthetic or --public", field="--labels")
    config = TrainConfig(seed=seed)
    if c is not None:
        config = replace(config, C=c)
    if partial_weight is not None:
        config = replace(config, partial_weight=partial_weight)
    return cast(TrainResult, train_from_files(files, synthetic=synthetic, public=public, out=out, config=config))


def _opened(
    store: Store | str | Path | None, *, read_only: bool = False, create: bool = True
) -> contextlib.AbstractContextManager[Store]:
    """``store`` as a context: a Store passed in stays open (its owner closes it); a path (or None: the
    default store) is opened here (see :func:`open_store`) and closed on leaving."""
    if isinstance(store, Store):
        return contextlib.nullcontext(store)
    return open_store(store, read_only=read_only, create=create)


def label(
    run_id: str,
    *,
    store: Store | str | Path | None = None,
    n: int | None = None,
    seed: int | None = None,
    strategy: SamplingStrategy | None = None,
    labeller: str | None = None,
    export_path: str | Path | None = None,
    import_path: str | Path | None = None,
    from_path: str | Path | None = None,
    note: Callable[[str], None] | None = None,
) -> LabelResult:
    """``label RUN``: human labels for a random sample of a run's replies (:mod:`overrefusal.estimate.labelling`).

    With ``import_path`` the labels of a CSV written by ``export_path`` are stored (the stored sample as it
    is); otherwise the run's labelling sample is drawn, or continued and extended to ``n``, and then written
    to ``export_path``, or labelled from the labels file ``from_path``, or (none of the three) left for the
    interactive labeller (:func:`sample_items`, :func:`record_label`). ``run_id`` may be ``latest`` or a
    unique prefix. ``note`` receives what the user should know although it is no error (an ``n`` the sample
    cannot grow to). The store must exist (a path is opened, a typo is an error, not a new empty store). A
    sample is drawn in one transaction with the export or the labels it was drawn for, so a refused command
    stores nothing; with ``import_path``, a ``seed``, ``strategy`` or larger ``n`` that contradicts the stored
    sample is a UserError.
    Returns the JSON contract object (``LabelResult``)."""
    if sum(x is not None for x in (export_path, import_path, from_path)) > 1:
        raise UserError("use one of --export, --import and --from", field="--export")
    if labeller is not None:
        labeller = check_labeller(labeller, field="--labeller")
    if export_path is not None:  # before the sample is drawn (a write): a refused command changes nothing
        where = store.path if isinstance(store, Store) else store_path(store)
        check_output_path(export_path, field="--export", store=where)
    # Labels go to a run that exists: a typo in the store's path is an error, not a new empty store.
    with _opened(store, create=False) as st:
        run_id = resolve_run_id(run_id, store=st)
        if export_path is not None:  # the run's own replies and suite file are inputs it is resumed from
            check_output_path(export_path, field="--export", run_inputs=st.input_files([run_id]), store=st.path)
        found: dict[str, Any]
        if import_path is not None:
            # --import labels the stored sample as it is: flags that say another sample are refused, not ignored.
            held = st.label_sample(run_id)
            _check_same_design(run_id, held, seed=seed, strategy=strategy)
            if held and n is not None and n > len(held) and held[0].strategy is not SamplingStrategy.UNCERTAINTY:
                raise UserError(
                    f"--import labels the stored sample of {len(held)} prompt(s) and draws none; to extend it to {n}, "
                    f"run `overrefusal label {run_id} --n {n} --export FILE` first",
                    field="--n",
                )
            outcome = import_labels(st, run_id, import_path, labeller=labeller)
            found = {"run_id": run_id, "labelled": outcome.labelled, "blank": outcome.blank}
        else:
            before = len(st.label_sample(run_id))
            if not before and n is None:
                raise UserError(
                    f"run '{run_id}' has no labelling sample yet: give its size with --n (e.g. --n 60)", field="--n"
                )
            # One transaction: the draw is kept only when what it was drawn for (the export, the labels of the
            # file) succeeds too; a refused command leaves the store as it was.
            with st.transaction():
                sample = draw_label_sample(st, run_id, n or before, seed=seed, strategy=strategy)
                uncertainty = bool(sample) and sample[0].strategy is SamplingStrategy.UNCERTAINTY
                # An uncertainty sample grown by a larger --n holds about n prompts, fewer or more: its design.
                short = n is not None and n > len(sample) and not (uncertainty and len(sample) > before)
                if export_path is not None:
                    count = export_labels(st, run_id, export_path)
                    found = {"run_id": run_id, "exported": count, "path": str(export_path)}
                elif from_path is not None:
                    count = labels_from_file(st, run_id, from_path, labeller=labeller)
                    found = {"run_id": run_id, "labelled": count, "from": str(from_path)}
                else:
                    found = {"run_id": run_id}
            if before and short and note is not None:
                # Not an error: the same command is how a labeller resumes. But n did not do what it says.
                why = (
                    "an uncertainty sample holds about --n prompts, each drawn on its own, and this --n "
                    "draws no further one"
                    if uncertainty
                    else "the run has no more judged replies"
                )
                note(
                    f"the labelling sample of run {run_id} holds {len(sample)} prompts and is not extended to {n} ({why})"
                )
        result: dict[str, Any] = {
            **found,
            "sample": len(st.label_sample(run_id)),
            "labelled_in_sample": sum(1 for i in sample_items(st, run_id) if i.human is not None),
        }
        if result["labelled_in_sample"]:
            more = more_labels_for_target(st, run_id)
            if more is not None or st.label_sample(run_id)[0].strategy is SamplingStrategy.VERDICT:
                result["more_labels_for_2_points"] = more
        return cast(LabelResult, result)


def _same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one file (by resolved path, or by inode where both exist: links)."""
    import os

    if os.path.realpath(Path(a).expanduser()) == os.path.realpath(Path(b).expanduser()):
        return True
    try:
        return os.path.samefile(Path(a).expanduser(), Path(b).expanduser())
    except OSError:
        return False


def report(
    run_ids: Sequence[str],
    *,
    store: Store | str | Path | None = None,
    judge: str | None = None,
    html_path: str | Path | None = None,
    markdown_path: str | Path | None = None,
    max_examples: int | None = None,
    written: Callable[[Path], None] | None = None,
) -> ReportRuns:
    """``report RUN...``: the summaries of stored runs (``latest`` and unique prefixes resolved), and the HTML
    and Markdown reports of them where ``html_path``/``markdown_path`` are given (``written`` is told each
    file as it is written).

    ``judge``: a judge id the runs have (its verdicts are summarised), or a judge they do not have yet, which
    re-judges their stored replies (nothing is generated) and stores its verdicts beside the old ones: the
    only case in which ``report`` writes to the store. Both output paths are checked before anything runs."""
    if html_path and markdown_path and _same_file(html_path, markdown_path):
        raise UserError(
            "is also the --html file; refusing to overwrite it, give each report a file of its own",
            path=str(markdown_path),
            field="--markdown",
        )
    where = store.path if isinstance(store, Store) else store_path(store)
    for path, flag in ((html_path, "--html"), (markdown_path, "--markdown")):
        if path:
            check_output_path(path, field=flag, store=where)
    with _opened(store, read_only=True) as st:
        ids = [resolve_run_id(r, store=st) for r in run_ids]
        for path, flag in ((html_path, "--html"), (markdown_path, "--markdown")):
            if path:  # the runs' own replies and suite files are inputs they are resumed from
                check_output_path(path, field=flag, run_inputs=st.input_files(ids), store=where)
        new_judge = judge is not None and any(judge not in st.judges_of(r) for r in ids)
    if new_judge:
        with _opened(store) as st:
            judge_ids = {rejudge(r, str(judge), store=st) for r in ids}
        judge = judge_ids.pop() if len(judge_ids) == 1 else judge
    with _opened(store, read_only=True) as st:
        summaries = [summary(r, store=st, judge=judge) for r in ids]
        if html_path or markdown_path:
            data = build_report(st, ids, judge=judge, max_examples=max_examples)
            for path, fmt in ((html_path, ReportFormat.HTML), (markdown_path, ReportFormat.MARKDOWN)):
                if path:
                    done = write_report(data, fmt, path)
                    if written is not None:
                        written(done)
    return {"runs": summaries}


# -- the viewer (``overrefusal view``; the ``view`` extra) -------------------------------------------------


def view_extra_installed() -> bool:
    """Whether the optional ``view`` extra (starlette, uvicorn, jinja2) is there for ``overrefusal view``."""
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("starlette", "uvicorn", "jinja2"))


def _view_store(store: str | Path | None, read_only: bool) -> tuple[Path, bool]:
    """The store the viewer serves (it must exist: the viewer never creates one) and whether it is read-only:
    asked for, or a file this process cannot write (then labels cannot be stored and the viewer says so).
    A writable viewer upgrades an older store here; a read-only one never writes, so an older store is served
    with every page saying it needs upgrading."""
    import os

    from .errors import StoreOutdated

    path = store_path(store)
    if not read_only and not os.access(path, os.W_OK):
        read_only = True
    try:
        with Store(path, read_only=True, upgrade=not read_only):
            pass  # exists and is a store
    except StoreOutdated:
        pass  # read-only: the pages say so (503) rather than the start failing
    return path, read_only


def make_view_app(
    store: str | Path | None = None, *, token: str | None = None, read_only: bool = False, host: str | None = None
) -> tuple[Any, str]:
    """The viewer's ASGI app over ``store`` and the token every request must carry (a new random one unless
    given). Requests must name the server in their Host header: a loopback name, the address they arrived
    on, or ``host``. UserError when the store does not exist or the ``view`` extra is missing."""
    import secrets

    from .errors import MissingDependency

    if not view_extra_installed():
        raise MissingDependency("overrefusal view", "view", "starlette")
    from .view import make_app

    path, read_only = _view_store(store, read_only)
    token = token or secrets.token_urlsafe(32)
    return make_app(path, token=token, read_only=read_only, hosts=(host,) if host else ()), token


def view(
    store: str | Path | None = None,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    read_only: bool = False,
    started: Callable[[str, bool], None] | None = None,
) -> None:
    """Serve the viewer until interrupted. ``started`` is told the URL to open (with its token) and whether
    the store is read-only, once the server listens."""
    from .errors import MissingDependency

    if not view_extra_installed():
        raise MissingDependency("overrefusal view", "view", "starlette")
    from .view.listen import check_listen

    host = check_listen(host, port).host  # before the store is opened: a bad address changes nothing
    app, token = make_view_app(store, read_only=read_only, host=host)
    _, ro = _view_store(store, read_only)
    from .view import serve

    serve(app, token, host=host, port=port, started=(lambda url: started(url, ro)) if started else None)
