"""``overrefusal compare``: the paired change between two runs, per category, in plain words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from ... import api
from .._common import json_option, print_json, store_option, user_errors
from .._params import JUDGE


def _clean(value: Any) -> str:
    """Untrusted text (run ids, model names, categories) for the terminal: control characters neutralised."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ...report.terminal import safe_text

    return safe_text(str(value)).plain


def run_line(role: str, run: Mapping[str, Any]) -> str:
    extra = []
    if run.get("system_prompt"):
        extra.append("system prompt")
    if run.get("filters"):
        extra.append("filters " + ", ".join(run["filters"]))
    more = f", {'; '.join(extra)}" if extra else ""
    return (
        f"{role}: run {run['run_id']} ({run['model']}{more}; judge {run['judge']}; "
        f"suite {run['suite']['name']} v{run['suite']['version']})"
    )


def matching_line(result: Mapping[str, Any]) -> str:
    m = result["matching"]
    line = f"paired on {m['pairs']} prompts ({m['by_id']} matched by id, {m['by_text']} by prompt text"
    if m["baseline_only"] or m["candidate_only"]:
        line += f"; {m['baseline_only']} only in the baseline, {m['candidate_only']} only in the candidate"
    line += ")"
    errors = sum(result["excluded_errors"].values())
    if errors:
        line += f"; {errors} pair(s) with an ERROR verdict left out"
    return line


@click.command("compare")
@click.argument("baseline")
@click.argument("candidate")
@click.option(
    "--judge",
    type=JUDGE,
    default=None,
    help="Judge whose verdicts to compare on both runs (default: each run's primary).",
)
@store_option
@json_option
@user_errors
def compare_command(baseline: str, candidate: str, judge: str | None, store_path: str | None, as_json: bool) -> None:
    """Did over-refusal change from BASELINE to CANDIDATE? Paired on shared prompts (McNemar exact test)."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ...report.terminal import comparison_lines, terminal_lines

    with api.open_store(store_path, read_only=True) as store:
        baseline, candidate = (api.resolve_run_id(r, store=store) for r in (baseline, candidate))
        result = api.compare_runs(store, baseline, candidate, judge=judge)
    if as_json:
        print_json(result)
        return
    for line in terminal_lines(
        [
            _clean(run_line("baseline ", result["baseline_run"])),
            _clean(run_line("candidate", result["candidate_run"])),
            matching_line(result),
        ]
    ):
        click.echo(line)
    for w in result["warnings"]:
        click.echo(_clean(f"warning: {w}"), err=True)
    click.echo("")
    for line in terminal_lines(comparison_lines(result)):
        click.echo(line)
