"""``overrefusal policy-check``: a run's over- and under-refusal against a policy of expected behaviour."""

from __future__ import annotations

import click

from ... import api
from .._common import json_option, print_json, store_option, user_errors
from .._params import JUDGE, FileName


@click.command("policy-check")
@click.argument("run_id")
@click.option(
    "--policy",
    "policy_path",
    required=True,
    type=FileName(dir_okay=False),
    help="Policy file (TOML or JSON): expected behaviour per category/type.",
)
@click.option("--judge", type=JUDGE, default=None, help="Another judge's verdicts (default: the run's primary judge).")
@store_option
@json_option
@user_errors
def policy_check_command(
    run_id: str, policy_path: str, judge: str | None, store_path: str | None, as_json: bool
) -> None:
    """Over- and under-refusal of RUN_ID against a policy of expected behaviour."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ...report.diagnosis_tables import render_policy_check
    from ...report.terminal import stdout_console

    checked = api.policy_check(store_path, run_id, policy_path=policy_path, judge=judge)
    if as_json:
        print_json(checked.result)
        return
    render_policy_check(checked.result, checked.policy_name, stdout_console())
