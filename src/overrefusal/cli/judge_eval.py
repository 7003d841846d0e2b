"""``overrefusal judge-eval``: how well a judge agrees with human labels."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .. import api
from ..api import DEFAULT_JUDGE
from ..results import JudgeEvalResult
from ._common import json_option, print_json, store_option, user_errors
from ._params import COUNT, JUDGE, SEED, FileName

SHIPPED_CHECKLIST = ":shipped:"
"""What ``--checklist`` without a file stands for: the checklist shipped with the package."""


@click.command("judge-eval")
@click.option(
    "--judge",
    "judges",
    type=JUDGE,
    multiple=True,
    help=f"Judge to score (default {DEFAULT_JUDGE}); repeat it with --run to compare several.",
)
@click.option(
    "--run",
    "run_id",
    default=None,
    help="Score against this run's human labels (`overrefusal label`), "
    "re-judging its stored replies; nothing is generated.",
)
@click.option(
    "--labels",
    "label_files",
    multiple=True,
    type=FileName(),
    help="Labelled replies (XSTest layout or CSV/JSONL with prompt, completion, label). Repeatable; "
    "several files may follow one --labels.",
)
@click.argument("more_files", nargs=-1, type=FileName())
@click.option(
    "--checklist",
    "checklist",
    is_flag=False,
    flag_value=SHIPPED_CHECKLIST,
    default=None,
    type=FileName(dir_okay=False),
    metavar="[FILE]",
    help="Run the judges (repeat --judge) on a behavioural checklist: the shipped one, or FILE "
    "(docs/judge-checklist.md); pass rates per test, language, type and rubric clause.",
)
@click.option(
    "--show-failures",
    default=10,
    show_default=True,
    type=COUNT,
    help="With --checklist: list this many failed cases per judge (0: none).",
)
@click.option(
    "--leave-one-model-out",
    "lomo",
    is_flag=True,
    help="Classifier only: per file, train on the other files (+ the synthetic set) and test on it.",
)
@click.option(
    "--style-cv",
    is_flag=True,
    help="Classifier only: cross-validate on the synthetic set (the files stay in training); per style.",
)
@click.option(
    "--leave-one-style-out",
    "loso",
    is_flag=True,
    help="Classifier only: per synthetic reply style, train without that style and test on it.",
)
@click.option(
    "--leave-one-source-out",
    "by_source",
    is_flag=True,
    help="Classifier and rubric judges: per source (each --labels file, each public source, each hand-written "
    "family), train on all the others and test on it; per-source table and rate error.",
)
@click.option(
    "--select",
    "select",
    is_flag=True,
    help="Choose the default judge by held-out rate error: every shipped judge on every labelled source "
    "(the --labels files and, unless --no-public, the shipped public sources), each source judged by judges "
    "not trained on it (nor on any reply to its prompts: --new-prompts, 5 parts by default); per judge the "
    "worst-source error of the three rates a user reads, pooled agreement, ECE, partial precision/recall, and "
    "rates corrected for the judge's confusion (docs/judge-selection.md). Minutes on the XSTest files.",
)
@click.option(
    "--baseline-v2",
    is_flag=True,
    help="With --leave-one-source-out: measure the classifier@2 recipe (label files + first synthetic set).",
)
@click.option(
    "--new-prompts",
    type=click.IntRange(min=2),
    default=None,
    metavar="K",
    help="With --leave-one-source-out: judge each held-out source in K parts by prompt, each by a model trained "
    "on no reply to those prompts (XSTest's files answer the same prompts, so plain leave-one-source-out lets "
    "a judge that reads the prompt learn each prompt's label from other models' replies). With --select "
    "(default 5): the parts of each source whose prompts other sources answer.",
)
@click.option(
    "--synthetic/--no-synthetic",
    default=True,
    show_default=True,
    help="With --leave-one-model-out / --leave-one-source-out: add the shipped synthetic replies.",
)
@click.option(
    "--public/--no-public",
    default=True,
    show_default=True,
    help="With --leave-one-source-out / --select: add the replies converted from public labelled sources "
    "(with --select also the evaluation-only one, judged by the shipped judges).",
)
@click.option(
    "--seed",
    default=0,
    show_default=True,
    type=SEED,
    help="Training seed for --leave-one-model-out / --style-cv; with --select, the seed of the bootstrap "
    "intervals on the rate errors.",
)
@click.option("--judge-base-url", default=None, help="Server of an LLM judge (--judge llm:openai/NAME).")
@click.option(
    "--judge-option",
    "judge_option_pairs",
    multiple=True,
    metavar="KEY=VALUE",
    help="An option of the judge, e.g. constrain=grammar, threshold=0.9, expensive=wildguard:NAME "
    "(VALUE read as JSON when it is JSON, else as text). Repeatable. Never a key: the server's key is read "
    "from the variable --judge-option api_key_env=NAME names.",
)
@store_option
@json_option
@user_errors
def judge_eval_command(
    judges: tuple[str, ...],
    run_id: str | None,
    label_files: tuple[str, ...],
    more_files: tuple[str, ...],
    checklist: str | None,
    show_failures: int,
    lomo: bool,
    style_cv: bool,
    loso: bool,
    by_source: bool,
    select: bool,
    baseline_v2: bool,
    new_prompts: int | None,
    synthetic: bool,
    public: bool,
    seed: int,
    judge_base_url: str | None,
    judge_option_pairs: tuple[str, ...],
    store_path: str | None,
    as_json: bool,
) -> None:
    """Agreement of a judge with human labels: accuracy, kappa, per-class precision/recall, confusion,
    calibration (ECE); or, with --checklist, its pass rates on behavioural tests of the annotation rubric."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ..report.judge_eval_tables import render_checklist, render_judge_eval, render_judge_eval_run
    from ..report.terminal import stdout_console

    options: dict[str, Any] = {"base_url": judge_base_url} if judge_base_url else {}
    options.update(api.parse_judge_options(judge_option_pairs))
    if checklist is not None:
        if run_id is not None or label_files or more_files or lomo or style_cv or loso or by_source or select:
            raise click.UsageError(
                "--checklist scores judges on the checklist alone: leave out --run, --labels and the "
                "cross-validation flags"
            )
        checklist_result = api.judge_checklist(
            judges or (DEFAULT_JUDGE,),
            None if checklist == SHIPPED_CHECKLIST else Path(checklist),
            judge_options=options,
        )
        if as_json:
            print_json(checklist_result)
            return
        render_checklist(checklist_result, show_failures)
        return
    if select:
        if run_id is not None or judges or lomo or style_cv or loso or by_source or baseline_v2:
            raise click.UsageError(
                "--select scores every shipped judge on the label files: leave out --run, --judge and the "
                "cross-validation flags"
            )
        selection = api.judge_selection(
            [Path(f) for f in (*label_files, *more_files)],
            public=public,
            synthetic=synthetic,
            new_prompts=new_prompts,
            seed=seed,
            progress=None if as_json else (lambda msg: click.echo(msg, err=True)),
        )
        if as_json:
            print_json(selection)
            return
        # Imported here, not at the top: the table's module brings the judges package (asyncio, the backends)
        # with it, and every command (``--help`` too) imports this module.
        from ..report.judge_selection import render_judge_selection

        render_judge_selection(selection, stdout_console(honour_columns=True))
        return
    if run_id is not None:
        if label_files or more_files or lomo or style_cv or loso or by_source:
            raise click.UsageError(
                "--run scores against the run's own labels: leave out --labels and the cross-validation flags"
            )
        with api.open_store(store_path, read_only=True) as store:
            run_result = api.judge_eval_run(
                api.resolve_run_id(run_id, store=store), judges or (DEFAULT_JUDGE,), store=store, judge_options=options
            )
        if as_json:
            print_json(run_result)
            return
        render_judge_eval_run(run_result)
        return
    if not label_files and not more_files:
        raise click.UsageError("give label files with --labels, or a run with human labels with --run")
    if len(judges) > 1:
        raise click.UsageError("several --judge go with --run; score label files one judge at a time")
    judge = judges[0] if judges else DEFAULT_JUDGE
    files = [Path(f) for f in (*label_files, *more_files)]
    if lomo + style_cv + loso + by_source > 1:
        raise click.UsageError(
            "use one of --leave-one-model-out, --leave-one-source-out, --style-cv and --leave-one-style-out"
        )
    if baseline_v2 and not by_source:
        raise click.UsageError("--baseline-v2 goes with --leave-one-source-out")
    if new_prompts is not None and (not by_source or baseline_v2):
        raise click.UsageError("--new-prompts goes with --leave-one-source-out (not --baseline-v2) or --select")
    result: JudgeEvalResult
    if lomo or style_cv or loso or by_source:
        if not judges and not (by_source and not baseline_v2):
            # The default judge is not trained by these modes; the classifier is the one they retrain.
            judge = "classifier"
        mode = (
            api.CrossValidation.LEAVE_ONE_SOURCE_OUT
            if by_source
            else api.CrossValidation.LEAVE_ONE_MODEL_OUT
            if lomo
            else api.CrossValidation.LEAVE_ONE_STYLE_OUT
            if loso
            else api.CrossValidation.STYLE_CV
        )
        result = api.judge_eval_cross_validation(
            judge,
            files,
            mode,
            synthetic=synthetic,
            public=public,
            baseline_v2=baseline_v2,
            new_prompts=new_prompts or 0,
            seed=seed,
            progress=None if as_json else (lambda msg: click.echo(msg, err=True)),
        )
    else:
        result = api.judge_eval(judge, files, judge_options=options)
    if as_json:
        print_json(result)
        return
    render_judge_eval(result)
