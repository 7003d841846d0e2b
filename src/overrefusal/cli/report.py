"""``overrefusal report``: summaries of stored runs."""

from __future__ import annotations

import click

from .. import api
from ..report.terminal import render_summary
from ._common import json_option, print_json, store_option, user_errors


@click.command("report")
@click.argument("run_ids", nargs=-1, required=True)
@click.option("--judge", default=None, help="Summarise another judge's verdicts (default: the run's primary judge).")
@store_option
@json_option
@user_errors
def report_command(run_ids: tuple[str, ...], judge: str | None, store_path: str | None, as_json: bool) -> None:
    """Summarise one or more stored runs."""
    with api.open_store(store_path) as store:
        summaries = [api.summary(r, store=store, judge=judge) for r in run_ids]
    if as_json:
        print_json(summaries[0] if len(summaries) == 1 else {"runs": summaries})
        return
    for s in summaries:
        render_summary(s)
