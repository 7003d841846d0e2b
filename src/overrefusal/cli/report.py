"""``overrefusal report``: summaries of stored runs, in the terminal, as JSON, HTML or Markdown."""

from __future__ import annotations

import click

from .. import api
from ..report.terminal import render_summary, safe_text
from ._common import json_option, print_json, store_option, user_errors
from ._params import COUNT


@click.command("report")
@click.argument("run_ids", nargs=-1, required=True)
@click.option(
    "--judge",
    default=None,
    help="Summarise another judge's verdicts (default: the run's primary judge): a judge id the run has "
    "(rules@1) or a judge (classifier, rules, ...), which re-judges the stored replies without "
    "generating and stores its verdicts beside the old ones.",
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write a self-contained HTML report (plots inlined; opens without a network) to FILE.",
)
@click.option(
    "--markdown",
    "markdown_path",
    type=click.Path(dir_okay=False, writable=True),
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
    if html_path and markdown_path:
        api.check_output_path(markdown_path, field="--markdown", inputs=[html_path])
    for path, flag in ((html_path, "--html"), (markdown_path, "--markdown")):
        if path:
            api.check_output_path(path, field=flag, store=api.store_path(store_path))
    with api.open_store(store_path, read_only=True) as store:
        run_ids = tuple(api.resolve_run_id(r, store=store) for r in run_ids)
        new_judge = judge is not None and any(judge not in store.judges_of(r) for r in run_ids)
    if new_judge:
        # A judge the runs do not have yet: judge their stored replies (no generation) and store the
        # verdicts beside the old ones; the only case in which report writes to the store.
        with api.open_store(store_path) as store:
            judge_ids = {api.rejudge(r, str(judge), store=store) for r in run_ids}
        judge = judge_ids.pop() if len(judge_ids) == 1 else judge
    with api.open_store(store_path, read_only=True) as store:
        summaries = [api.summary(r, store=store, judge=judge) for r in run_ids]
        if html_path or markdown_path:
            data = api.build_report(store, run_ids, judge=judge, max_examples=max_examples)
            if html_path:
                written = api.write_report(data, api.ReportFormat.HTML, html_path)
                click.echo(f"wrote {safe_text(str(written)).plain}", err=True)
            if markdown_path:
                written = api.write_report(data, api.ReportFormat.MARKDOWN, markdown_path)
                click.echo(f"wrote {safe_text(str(written)).plain}", err=True)
    if as_json:
        print_json(summaries[0] if len(summaries) == 1 else {"runs": summaries})
        return
    for s in summaries:
        render_summary(s)
