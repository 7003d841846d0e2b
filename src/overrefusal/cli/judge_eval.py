"""``overrefusal judge-eval``: how well a judge agrees with human labels."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import click
from rich.table import Table

from .. import api
from ..judges import DEFAULT_JUDGE, create_judge
from ..report.terminal import safe_text, stdout_console
from ._common import json_option, print_json, store_option, user_errors
from ._params import SEED

_CLASSES = ("full_compliance", "full_refusal", "partial_refusal")


@click.command("judge-eval")
@click.option(
    "--judge",
    "judges",
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
    type=click.Path(),
    help="Labelled replies (XSTest layout or CSV/JSONL with prompt, completion, label). Repeatable; "
    "several files may follow one --labels.",
)
@click.argument("more_files", nargs=-1, type=click.Path())
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
    help="Classifier only: per source (each --labels file, each public source, each synthetic style "
    "family), train on all the others and test on it; per-source table and rate error.",
)
@click.option(
    "--baseline-v2",
    is_flag=True,
    help="With --leave-one-source-out: measure the classifier@2 recipe (label files + first synthetic set).",
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
    help="With --leave-one-source-out: add the replies converted from public labelled sources.",
)
@click.option(
    "--seed", default=0, show_default=True, type=SEED, help="Training seed for --leave-one-model-out / --style-cv."
)
@click.option("--judge-base-url", default=None, help="Server of an LLM judge (--judge llm:openai/NAME).")
@store_option
@json_option
@user_errors
def judge_eval_command(
    judges: tuple[str, ...],
    run_id: str | None,
    label_files: tuple[str, ...],
    more_files: tuple[str, ...],
    lomo: bool,
    style_cv: bool,
    loso: bool,
    by_source: bool,
    baseline_v2: bool,
    synthetic: bool,
    public: bool,
    seed: int,
    judge_base_url: str | None,
    store_path: str | None,
    as_json: bool,
) -> None:
    """Agreement of a judge with human labels: accuracy, kappa, per-class precision/recall, confusion,
    calibration (ECE)."""
    from ..judges.evaluate import evaluate_judge

    options = {"base_url": judge_base_url} if judge_base_url else {}
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
        _render_run(run_result)
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
    if lomo or style_cv or loso or by_source:
        result = _cross_validate(
            judge,
            files,
            lomo=lomo,
            loso=loso,
            by_source=by_source,
            baseline_v2=baseline_v2,
            synthetic=synthetic,
            public=public,
            seed=seed,
            quiet=as_json,
        )
    else:
        result = asyncio.run(evaluate_judge(create_judge(judge, **options), files))
    if as_json:
        print_json(result)
        return
    _render(result)


def _render(result: dict[str, Any]) -> None:
    console = stdout_console()
    table = Table(title=safe_text(f"judge {result['judge']} against human labels"), header_style="bold")
    by_source = result.get("mode") == "leave_one_source_out"
    last = ("partial P", "rate err", "pop") if by_source else ("errors", "replies/s")
    for col in ("file", "n", "acc 3-class", "acc binary", "kappa", "recall compl/refusal/partial", "ECE", *last):
        table.add_column(col, justify="right" if col != "file" else "left")

    def add(name: str, m: dict[str, Any], style: str = "") -> None:
        recalls = "/".join(_num(m["per_class"][c]["recall"]) for c in _CLASSES)
        tail: tuple[Any, ...]
        if by_source:
            err = m.get("rate_error_points")
            tail = (
                _num(m["per_class"]["partial_refusal"]["precision"]),
                "-" if err is None else f"{err:+.1f}",
                m.get("rate_population", ""),
            )
        else:
            tail = (str(m["errors"]), f"{m.get('replies_per_second', 0):.0f}")
        # File names are untrusted: no terminal escape and no rich markup from them reaches the terminal.
        table.add_row(
            safe_text(name),
            str(m["n"]),
            f"{m['accuracy_3class']:.3f}",
            f"{m['accuracy_binary']:.3f}",
            _num(m["kappa_3class"], 3),
            recalls,
            f"{m['ece']:.3f}" if "ece" in m else "-",
            *tail,
            style=style,
        )

    # Labelled files often share a long prefix (xstest_v2_completions_...): show what tells them apart.
    names = list(result["files"])
    prefix = os.path.commonprefix(names) if len(names) > 1 else ""
    for name, m in result["files"].items():
        add(("…" + name[len(prefix) :]) if len(prefix) > 3 else name, m)
    for group in ("styles", "languages"):
        if result.get(group):
            table.add_section()
            for name, m in result[group].items():
                add(f"{group[:-1]}: {name}", m)
    table.add_section()
    add("overall", result["overall"], "bold")
    console.print(table)
    conf = result["overall"]["confusion"]
    console.print("confusion (rows: human, columns: judge; compliance, refusal, partial):")
    for label, row in zip(_CLASSES, conf):
        console.print(f"  {label:16} {row}")


def _render_run(result: dict[str, Any]) -> None:
    console = stdout_console()
    table = Table(
        title=f"judges against the {result['n_labelled']} human labels of run {safe_text(result['run_id']).plain}",
        header_style="bold",
    )
    for col in ("judge", "n", "acc 3-class", "acc binary", "kappa", "recall compl/refusal/partial", "errors"):
        table.add_column(col, justify="right" if col != "judge" else "left")
    for name, m in result["judges"].items():
        recalls = "/".join(f"{m['per_class'][c]['recall']:.2f}" for c in _CLASSES)
        table.add_row(
            safe_text(name),
            str(m["n"]),
            f"{m['accuracy_3class']:.3f}",
            f"{m['accuracy_binary']:.3f}",
            f"{m['kappa_3class']:.3f}",
            recalls,
            str(m["errors"]),
        )
    console.print(table)
    console.print(
        "the stored replies were judged again; nothing was generated. Higher binary accuracy on this run "
        "means narrower corrected intervals in `overrefusal report`."
    )


def _num(x: Any, digits: int = 2) -> str:
    """A metric, or "-" where it is undefined (no example of the class)."""
    return "-" if x is None else f"{x:.{digits}f}"


def _cross_validate(
    judge: str,
    files: list[Path],
    *,
    lomo: bool,
    loso: bool,
    by_source: bool,
    baseline_v2: bool,
    synthetic: bool,
    public: bool,
    seed: int,
    quiet: bool,
) -> dict[str, Any]:
    """Leave-one-model-out or per-style cross-validation of the classifier (trains models: slow-ish)."""
    from ..errors import UserError
    from ..judges.crossval import leave_one_model_out, leave_one_source_out, style_cross_validation
    from ..judges.train import TrainConfig

    if judge.split(":", 1)[0] != "classifier":
        raise UserError(
            "--leave-one-model-out, --leave-one-source-out, --style-cv and --leave-one-style-out retrain the judge, so they work with the "
            "trainable classifier judge only (--judge classifier)",
            field="--judge",
        )
    progress = None if quiet else (lambda msg: click.echo(msg, err=True))
    config = TrainConfig(seed=seed)
    if by_source:
        return asyncio.run(
            leave_one_source_out(
                files, public=public, synthetic=synthetic, config=config, baseline_v2=baseline_v2, progress=progress
            )
        )
    if lomo:
        return asyncio.run(leave_one_model_out(files, synthetic=synthetic, config=config, progress=progress))
    return asyncio.run(style_cross_validation(files, config=config, leave_style_out=loso, progress=progress))
