"""``overrefusal runs | suites | judges``: what is there."""

from __future__ import annotations

import click

from .. import api
from ..report.run_list import render_run_list
from ..report.terminal import stdout_console
from ._common import json_option, print_json, store_option, user_errors


@click.command("runs")
@store_option
@json_option
@user_errors
def runs_command(store_path: str | None, as_json: bool) -> None:
    """List the runs in the store, most recent last; ids are never cut (other columns give way)."""
    with api.open_store(store_path) as store:
        runs = store.list_runs()
    if as_json:
        print_json({"runs": runs})
        return
    render_run_list(runs, stdout_console(honour_columns=True))


@click.command("suites")
@json_option
@user_errors
def suites_command(as_json: bool) -> None:
    """List the built-in suites and the file formats `--suite` accepts."""
    from ..suites import available_suites

    suites = available_suites()
    if as_json:
        print_json({"suites": [{"name": n, "description": d} for n, d in suites]})
        return
    for name, desc in suites:
        click.echo(f"{name:12} {desc}")


@click.group("judges", invoke_without_command=True)
@json_option
@user_errors
@click.pass_context
def judges_command(ctx: click.Context, as_json: bool) -> None:
    """List the registered judges (subcommands: `train`)."""
    if ctx.invoked_subcommand is not None:
        return
    from ..judges import DEFAULT_JUDGE, available_judges

    names = available_judges()
    if as_json:
        print_json({"judges": names, "default": DEFAULT_JUDGE})
        return
    for n in names:
        click.echo(n + ("  (default)" if n == DEFAULT_JUDGE else ""))
