"""``overrefusal runs | suites | judges``: what is there."""

from __future__ import annotations

import click

from .. import api
from ..errors import UserError
from ..report.run_list import render_run_list
from ..report.terminal import safe_text, stdout_console, terminal_lines
from ..results import StoreCheck
from ._common import json_option, print_json, store_option, user_errors


@click.command("runs")
@click.option("--check", is_flag=True, help="Check the store file for damage (SQLite quick_check) instead.")
@store_option
@json_option
@user_errors
def runs_command(check: bool, store_path: str | None, as_json: bool) -> None:
    """List the runs in the store, most recent last; ids are never cut (other columns give way). Read-only: a
    missing store is an error, never created."""
    if check:
        problems = api.check_store(store_path)
        if as_json:
            checked: StoreCheck = {"store": str(api.store_path(store_path)), "ok": not problems, "problems": problems}
            print_json(checked)
        elif not problems:
            click.echo(f"ok: {safe_text(str(api.store_path(store_path))).plain} passed SQLite's quick_check")
        if problems:
            raise UserError(
                f"the store is damaged: {problems[0]}"
                + (f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""),
                path=str(api.store_path(store_path)),
            )
        return
    listing = api.list_runs(store_path)
    runs = listing["runs"]
    if as_json:
        print_json(listing)
        return
    render_run_list(runs, stdout_console(honour_columns=True))


@click.command("suites")
@json_option
@user_errors
def suites_command(as_json: bool) -> None:
    """List the named suites (built-in and public benchmarks) with source, licence, size and citation."""
    catalogue = api.list_suites()
    if as_json:
        print_json(catalogue)
        return
    lines = []
    for s in catalogue["suites"]:
        lines.append(f"{s['name']:17} {s['description']}")
        lines.append(f"{'':17} source: {s['source']}")
        lines.append(f"{'':17} licence: {s['licence']}  ·  size: {s['size']}")
        if s["citation"]:
            lines.append(f"{'':17} cite: {s['citation']}")
    for line in terminal_lines(lines, indent=" " * 18):
        click.echo(line)
    for line in terminal_lines(
        [
            f"\npublic suites are downloaded once into {catalogue['cache_dir']}; offline, --suite NAME=PATH reads "
            "a local copy in the published layout. Any CSV/JSONL/JSON/Parquet file works too (see docs/concepts/suites.md)."
        ]
    ):
        click.echo(line)


@click.group("judges", invoke_without_command=True)
@json_option
@user_errors
@click.pass_context
def judges_command(ctx: click.Context, as_json: bool) -> None:
    """List the registered judges (subcommands: `train`)."""
    if ctx.invoked_subcommand is not None:
        return
    listing = api.list_judges()
    if as_json:
        print_json(listing)
        return
    for n in listing["judges"]:
        click.echo(n + ("  (default)" if n == listing["default"] else ""))
