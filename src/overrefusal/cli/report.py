"""``overrefusal report``: summaries of stored runs, in the terminal, as JSON, HTML or Markdown."""

from __future__ import annotations

import click

from .. import api
from ._common import json_option, print_json, store_option, user_errors
from ._params import COUNT, JUDGE, FileName


@click.command("report")
@click.argument("run_ids", nargs=-1, required=True)
@click.option(
    "--judge",
    type=JUDGE,
    default=None,
    help="Summarise another judge's verdicts (default: the run's primary judge): a judge id the run has "
    "(rules@1) or a judge (classifier, rules, ...), which re-judges the stored replies without "
    "generating and stores its verdicts beside the old ones.",
)
@click.option(
    "--html",
    "html_path",
    type=FileName(dir_okay=False, writable=True),
    default=None,
    help="Write a self-contained HTML report (plots inlined; opens without a network) to FILE.",
)
@click.option(
    "--markdown",
    "markdown_path",
    type=FileName(dir_okay=False, writable=True),
    default=None,
    help="Write a Markdown report to FILE.",
)
@click.option(
    "--max-examples",
    default=None,
    type=COUNT,
    help="Examples listed per run and section in --html/--markdown (default 50; totals always shown).",
)
@store_option
@json_option
@user_errors
def report_command(
    run_ids: tuple[str, ...],
    judge: str | None,
    html_path: str | None,
    markdown_path: str | None,
    max_examples: int | None,
    store_path: str | None,
    as_json: bool,
) -> None:
    """Summarise one or more stored runs; --html and --markdown write full reports."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ..report.terminal import render_summary, safe_text

    result = api.report(
        run_ids,
        store=store_path,
        judge=judge,
        html_path=html_path,
        markdown_path=markdown_path,
        max_examples=max_examples,
        written=lambda path: click.echo(f"wrote {safe_text(str(path)).plain}", err=True),
    )
    summaries = result["runs"]
    if as_json:
        print_json(summaries[0] if len(summaries) == 1 else result)
        return
    for s in summaries:
        render_summary(s)
