"""The Python API. The CLI is a thin layer over these functions.

Every public name is imported from here. The commands that run a model or a judge (``run``, the first run,
re-judging, ``report``, which may re-judge, and scoring judges) are defined in this module; the others live in
:mod:`overrefusal.facade`, one module per concept (the store, suites, reports, labelling, judges, the viewer),
and are re-exported here."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ._lazy import lazy_exports
from .defaults import DEFAULT_JUDGE, DEFAULT_MODEL
from .errors import UserError

# Every other name is imported on first use (``__getattr__`` below; the functions of this module import what
# they call): the CLI imports this module for every command, ``--help`` and ``runs`` included, and the engine,
# backends, store, estimators and analyses it re-exports cost most of a command's start-up.
if TYPE_CHECKING:
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
    from .backends import BackendOptions
    from .estimate.corrected import corrected_summary
    from .estimate.gate import evaluate_gate
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
    from .estimate.labelling import draw_sample as draw_label_sample
    from .estimate.summaries import require_judge
    from .facade.judges import judge_selection, list_judges, train_judge
    from .facade.labelling import label
    from .facade.reports import ReportFormat, build_report, report_extra_installed, write_report
    from .facade.stores import (
        check_store,
        compare_runs,
        gate_runs,
        list_runs,
        open_store,
        resolve_run_id,
        store_path,
        summary,
    )
    from .facade.suites import check_suite, list_suites, load_suite, parse_languages
    from .facade.viewer import make_view_app, view, view_extra_installed
    from .guards.safe_files import check_output_path
    from .judges import parse_judge_options
    from .measure.deployment import Deployment, read_text_arg
    from .measure.engine import ProgressCallback, RunOutcome
    from .results import (
        ChecklistResult,
        CrossValidationResult,
        FirstRunResult,
        JudgeEvalResult,
        JudgeEvalRunResult,
        ReportRuns,
        RunInvocation,
        RunResult,
    )
    from .store import LATEST_RUN, Store
    from .store.run_names import check_run_id
    from .types import GenerationConfig, SamplingStrategy, Suite

_EXPORTS: dict[str, tuple[str, str]] = {
    "BackendOptions": ("backends", "BackendOptions"),
    "ChecklistResult": ("results", "ChecklistResult"),
    "CrossValidationResult": ("results", "CrossValidationResult"),
    "Deployment": ("measure.deployment", "Deployment"),
    "FirstRunResult": ("results", "FirstRunResult"),
    "GenerationConfig": ("types", "GenerationConfig"),
    "ImportOutcome": ("estimate.labelling", "ImportOutcome"),
    "JudgeEvalResult": ("results", "JudgeEvalResult"),
    "JudgeEvalRunResult": ("results", "JudgeEvalRunResult"),
    "LATEST_RUN": ("store", "LATEST_RUN"),
    "LabelItem": ("estimate.labelling", "LabelItem"),
    "PolicyCheck": ("analysis.operations", "PolicyCheck"),
    "ProgressCallback": ("measure.engine", "ProgressCallback"),
    "ReportFormat": ("facade.reports", "ReportFormat"),
    "ReportRuns": ("results", "ReportRuns"),
    "RunInvocation": ("results", "RunInvocation"),
    "RunOutcome": ("measure.engine", "RunOutcome"),
    "RunPlan": ("measure.engine", "RunPlan"),
    "RunResult": ("results", "RunResult"),
    "SamplingStrategy": ("types", "SamplingStrategy"),
    "Store": ("store", "Store"),
    "Suite": ("types", "Suite"),
    "Verdict": ("types", "Verdict"),
    "ablate": ("analysis.operations", "ablate"),
    "backend_factory": ("backends", "backend_factory"),
    "build_report": ("facade.reports", "build_report"),
    "check_labeller": ("estimate.labelling", "check_labeller"),
    "check_output_path": ("guards.safe_files", "check_output_path"),
    "check_run_id": ("store.run_names", "check_run_id"),
    "check_store": ("facade.stores", "check_store"),
    "check_suite": ("facade.suites", "check_suite"),
    "compare_runs": ("facade.stores", "compare_runs"),
    "corrected_summary": ("estimate.corrected", "corrected_summary"),
    "create_judge": ("judges", "create_judge"),
    "default_labeller": ("estimate.labelling", "default_labeller"),
    "draw_label_sample": ("estimate.labelling", "draw_sample"),
    "evaluate_gate": ("estimate.gate", "evaluate_gate"),
    "execute": ("measure.engine", "execute"),
    "export_labels": ("estimate.labelling", "export_labels"),
    "export_training": ("analysis.operations", "export_training"),
    "gate_runs": ("facade.stores", "gate_runs"),
    "generate": ("analysis.operations", "generate"),
    "import_labels": ("estimate.labelling", "import_labels"),
    "judge_readable": ("judges.language.abstention", "judge_readable"),
    "judge_selection": ("facade.judges", "judge_selection"),
    "label": ("facade.labelling", "label"),
    "labels_from_file": ("estimate.labelling", "labels_from_file"),
    "list_judges": ("facade.judges", "list_judges"),
    "list_runs": ("facade.stores", "list_runs"),
    "list_suites": ("facade.suites", "list_suites"),
    "load_suite": ("facade.suites", "load_suite"),
    "make_view_app": ("facade.viewer", "make_view_app"),
    "open_store": ("facade.stores", "open_store"),
    "parse_judge_options": ("judges", "parse_judge_options"),
    "parse_languages": ("facade.suites", "parse_languages"),
    "parse_model_spec": ("backends", "parse_model_spec"),
    "policy_check": ("analysis.operations", "policy_check"),
    "quality": ("analysis.operations", "quality"),
    "read_text_arg": ("measure.deployment", "read_text_arg"),
    "record_label": ("estimate.labelling", "record_label"),
    "report_extra_installed": ("facade.reports", "report_extra_installed"),
    "require_judge": ("estimate.summaries", "require_judge"),
    "resolve_run_id": ("facade.stores", "resolve_run_id"),
    "reward_probe": ("analysis.operations", "reward_probe"),
    "sample_items": ("estimate.labelling", "sample_items"),
    "store_path": ("facade.stores", "store_path"),
    "summary": ("facade.stores", "summary"),
    "system_prompt_variants": ("analysis.operations", "system_prompt_variants"),
    "train_judge": ("facade.judges", "train_judge"),
    "triggers": ("analysis.operations", "triggers"),
    "view": ("facade.viewer", "view"),
    "view_extra_installed": ("facade.viewer", "view_extra_installed"),
    "write_report": ("facade.reports", "write_report"),
}
"""Name in this module -> (the module, relative to the package, that defines it; its name there)."""


__getattr__, __dir__ = lazy_exports(globals(), _EXPORTS)


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
    "view_extra_installed",
]


def check_model_spec(spec: str) -> None:
    """UserError (naming ``--model``) unless ``spec`` is ``PROVIDER/NAME`` with a registered provider; nothing
    is loaded or contacted. For flags that take a model besides ``--model`` (the CLI renames the field)."""
    from .backends import backend_factory, parse_model_spec

    provider, _ = parse_model_spec(spec)
    backend_factory(provider, spec)


def check_deployment(deployment: Deployment) -> None:
    """UserError for a deployment that would be refused once it runs: an unknown provider, a backend option
    its backend does not take or cannot read, a filter spec or word file that does not load. No model is
    loaded and nothing is contacted (backends load lazily), so a command checks this before it opens (and
    perhaps creates) its store: a refused run leaves no store behind."""
    from . import event_loop
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
            event_loop.run(close_all())


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
    from . import event_loop
    from .facade.stores import open_store, summary
    from .judges import create_judge
    from .measure.deployment import Deployment
    from .measure.engine import RunPlan, execute
    from .store.run_names import check_run_id
    from .suites import load_suite, select_languages
    from .types import GenerationConfig

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
            outcome = event_loop.run(execute(plan, st, progress))
        else:
            raise UserError(f"unknown engine '{engine}': expected local or ray", field="--engine")
        result = cast("RunResult", summary(outcome.run_id, store=st))
        result["this_invocation"] = outcome_dict(outcome)
        return result
    finally:
        if own:
            st.close()


FIRST_RUN_REPORT = "overrefusal-first-run.html"
"""File name of the first run's HTML report, written beside the store."""


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
    from . import event_loop
    from .analysis.first_run import FirstRunSettings
    from .analysis.first_run import first_run as run_first
    from .backends import BackendOptions
    from .facade.reports import report_extra_installed
    from .facade.stores import summary
    from .judges import create_judge
    from .suites import load_suite, select_languages
    from .types import GenerationConfig

    suite = select_languages(load_suite("core"), None).limited(limit)
    settings = FirstRunSettings(
        model=model,
        options=options or BackendOptions(),
        generation=generation or GenerationConfig(),
        judge=create_judge(judge),
        concurrency=concurrency,
        max_trigger_prompts=max_trigger_prompts,
    )
    found = event_loop.run(run_first(store, suite, settings, progress, stage))
    result = cast("FirstRunResult", summary(found["bare_run"], store=store))
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
    from . import event_loop
    from .judges import create_judge
    from .judges.language.abstention import judge_readable
    from .types import Verdict

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
        judgements = event_loop.run(judge_readable(new, [(p, store.completion(cid)) for p, cid in todo]))
        with store.transaction():
            for (p, cid), j in zip(todo, judgements):
                store.put_result(run_id, p.id, cid, j)
    return new.id


def judge_eval_run(
    run_id: str, judges: Sequence[str], *, store: Store, judge_options: dict[str, Any] | None = None
) -> JudgeEvalRunResult:
    """Score judges against a run's human labels by re-judging its stored replies (nothing is generated).

    Returns ``{"run_id", "n_labelled", "judges": {judge id: Metrics}}`` (Metrics as in ``judge-eval``)."""
    from . import event_loop
    from .judges import create_judge
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
        metrics = event_loop.run(judge_stored_replies(judge, [(r.prompt, r.completion) for r in rows], gold))
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


def judge_eval(judge: str, files: Sequence[Path], *, judge_options: dict[str, Any] | None = None) -> JudgeEvalResult:
    """``judge-eval --labels``: how well ``judge`` agrees with the human labels of ``files`` (``{"judge",
    "overall", "files"}``, each a Metrics object)."""
    from . import event_loop
    from .judges import create_judge
    from .judges.evaluation.evaluate import evaluate_judge

    return cast("JudgeEvalResult", event_loop.run(evaluate_judge(create_judge(judge, **(judge_options or {})), files)))


def judge_checklist(
    judges: Sequence[str] = (DEFAULT_JUDGE,),
    path: str | Path | None = None,
    *,
    judge_options: dict[str, Any] | None = None,
) -> ChecklistResult:
    """``judge-eval --checklist [FILE]``: each judge on a behavioural checklist (default: the one shipped
    with the package). Per judge: pass rates overall, per test, language, type and rubric clause, and every
    failed case; a judge ERROR on a case fails it. The file is validated before any judge is built."""
    from . import event_loop
    from .judges import create_judge
    from .judges.evaluation.checklist import checklist_info, load_checklist, run_checklist

    checklist = load_checklist(path)
    if not judges:
        raise UserError("give at least one judge", field="--judge")
    results: dict[str, Any] = {}
    for spec in judges:
        judge = create_judge(spec, **(judge_options or {}))
        if judge.id in results:
            raise UserError(f"judge {judge.id} given twice", field="--judge")
        results[judge.id] = event_loop.run(run_checklist(judge, checklist))
    return cast("ChecklistResult", {"checklist": checklist_info(checklist), "judges": results})


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
    from . import event_loop
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
            "CrossValidationResult",
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
            "CrossValidationResult",
            event_loop.run(
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
            "CrossValidationResult",
            event_loop.run(leave_one_model_out(files, synthetic=synthetic, config=config, progress=progress)),
        )
    return cast(
        "CrossValidationResult",
        event_loop.run(
            style_cross_validation(
                files, config=config, leave_style_out=mode is CrossValidation.LEAVE_ONE_STYLE_OUT, progress=progress
            )
        ),
    )


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
    from .facade.reports import ReportFormat, build_report, write_report
    from .facade.reports import same_file as _same_file
    from .facade.stores import opened as _opened
    from .facade.stores import resolve_run_id, store_path, summary
    from .guards.safe_files import check_output_path
    from .store import Store

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
