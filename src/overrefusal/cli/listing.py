"""``overrefusal runs | suites | judges``: what is there."""

from __future__ import annotations

import click

from .. import api
from ..errors import UserError
from ..results import StoreCheck, SuiteCheck
from ._common import json_option, print_json, store_option, user_errors


@click.command("runs")
@click.option("--check", is_flag=True, help="Check the store file for damage (SQLite quick_check) instead.")
@store_option
@json_option
@user_errors
def runs_command(check: bool, store_path: str | None, as_json: bool) -> None:
    """List the runs in the store, most recent last; ids are never cut (other columns give way). Read-only: a
    missing store is an error, never created."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ..report.run_list import render_run_list
    from ..report.terminal import safe_text, stdout_console

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


@click.group("suites", invoke_without_command=True)
@json_option
@user_errors
@click.pass_context
def suites_command(ctx: click.Context, as_json: bool) -> None:
    """List the named suites (built-in and public benchmarks) with source, licence, size and citation
    (subcommands: `check`)."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ..report.terminal import terminal_lines

    if ctx.invoked_subcommand is not None:
        return
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
            "a local copy in the published layout, checked against what its authors published (`overrefusal suites "
            "check NAME=PATH` shows what a file is). Any CSV/JSONL/JSON/Parquet file works too (see docs/concepts/suites.md)."
        ]
    ):
        click.echo(line)


@suites_command.command("check")
@click.argument("spec", metavar="NAME=PATH")
@json_option
@user_errors
def suites_check_command(spec: str, as_json: bool) -> None:
    """What a benchmark file is: NAME=PATH (CoCoNot: NAME=CONTRAST,ORIGINAL), NAME (the cached download) or a
    PATH whose benchmark is recognised. Prints the suite and revision it matches, its counts by label, category
    and type, its pairs and every problem; runs nothing and opens no store. Exit 2 when a problem refuses it."""
    checked = api.check_suite(spec)
    if as_json:
        print_json(checked)
    else:
        render_suite_check(checked)
    if not checked["ok"]:
        problems = checked["problems"]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise UserError(f"{checked['suite']}: refused: {problems[0]}{more}")


def render_suite_check(checked: SuiteCheck) -> None:
    """``suites check`` in words; file names and values from the file are made inert (they are the user's data)."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ..report.terminal import safe_text

    def echo(text: str) -> None:
        click.echo(safe_text(text).plain)

    echo(f"suite {checked['suite']}: {checked['status']}")
    for f in checked["files"]:
        role = f"{f['role']} " if f["role"] else ""
        matched = f"revision {f['revision']}" if f["revision"] else "no known revision"
        echo(f"  {role}file {f['path']}: {f['status']}, {matched}; {f['rows']:,} rows, sha256 {f['sha256']}")
    if checked["prompts"]:
        labels = ", ".join(f"{n:,} {label}" for label, n in checked["by_label"].items())
        echo(f"  {checked['prompts']:,} prompts: {labels}; {checked['pairs']:,} pairs")
        if checked["left_out_by_default"]:
            echo(
                f"  {checked['left_out_by_default']:,} of them (type non_safety_contrast) are not about safety and are "
                "left out of a run unless --include-non-safety"
            )
        echo("  by type: " + ", ".join(f"{t or '(none)'} {n:,}" for t, n in checked["by_type"].items()))
        echo(f"  by category ({len(checked['by_category'])}):")
        for category, counts in checked["by_category"].items():
            echo(f"    {category or '(none)'}: {counts['benign']:,} benign, {counts['harmful']:,} harmful")
    for w in checked["warnings"]:
        echo(f"  warning: {w}")
    for p in checked["problems"]:
        echo(f"  problem: {p}")


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
