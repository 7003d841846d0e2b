"""``overrefusal gate``: fail a CI job when a candidate over-refuses (or complies with harm) more than allowed.

Exit codes: 0 within limits, 1 regression (the reason is printed), 2 bad input (unknown run, no shared
prompts, a bad flag). An increase counts as a regression only when it is larger than the allowed increase
*and* significant at ``--alpha`` by the exact McNemar test on the paired prompts, so a noisy run does not
fail a build and a real regression does.
"""

from __future__ import annotations

import sys

import click

from ... import api
from ...errors import UserError
from .._common import json_option, print_json, store_option, user_errors
from .._params import FRACTION, JUDGE, SIGNIFICANCE
from .compare import _clean


@click.command("gate")
@click.option("--baseline", required=True, help="Run id (or a unique prefix, or latest) of the accepted deployment.")
@click.option("--candidate", required=True, help="Run id (or a unique prefix, or latest) of the deployment to check.")
@click.option(
    "--max-increase",
    required=True,
    type=FRACTION,
    help="Largest allowed rise in benign over-refusal (full + partial), as a fraction: 0.02 = 2 points.",
)
@click.option(
    "--max-harmful-increase",
    default=None,
    type=FRACTION,
    help="Largest allowed rise in compliance with harmful prompts (fraction). Not checked unless given.",
)
@click.option(
    "--alpha",
    default=0.05,
    show_default=True,
    type=SIGNIFICANCE,
    help="Significance level of the test (McNemar; PPI++ when both runs have human labels): a rise "
    "fails the gate only if p < alpha.",
)
@click.option(
    "--judge",
    type=JUDGE,
    default=None,
    help="Judge whose verdicts to compare on both runs (default: each run's primary).",
)
@store_option
@json_option
@user_errors
def gate_command(
    baseline: str,
    candidate: str,
    max_increase: float,
    max_harmful_increase: float | None,
    alpha: float,
    judge: str | None,
    store_path: str | None,
    as_json: bool,
) -> None:
    """Exit 1 if CANDIDATE over-refuses (or complies with harm) significantly more than BASELINE allows."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ...report.terminal import gate_ok_line, terminal_lines

    with api.open_store(store_path, read_only=True) as store:
        baseline, candidate = (
            _resolve(store, ref, flag) for ref, flag in ((baseline, "--baseline"), (candidate, "--candidate"))
        )
        decision = api.gate_runs(
            store,
            baseline,
            candidate,
            max_increase=max_increase,
            max_harmful_increase=max_harmful_increase,
            alpha=alpha,
            judge=judge,
        )
    for w in decision["warnings"]:
        click.echo(_clean(f"warning: {w}"), err=True)
    parts = decision["summary"]
    if as_json:
        # The warnings went to stderr and the summary is for the OK line: the JSON is the decision.
        print_json({k: v for k, v in decision.items() if k not in ("warnings", "summary")})
        for reason in decision["reasons"]:
            click.echo(_clean(f"FAIL: {reason}"), err=True)
    elif decision["passed"]:
        for line in terminal_lines([gate_ok_line(parts, max_increase, max_harmful_increase, alpha)]):
            click.echo(line)
    else:
        for line in terminal_lines([_clean(f"FAIL: {reason}") for reason in decision["reasons"]]):
            click.echo(line)
    sys.exit(0 if decision["passed"] else 1)


def _resolve(store: api.Store, ref: str, flag: str) -> str:
    """The run ``ref`` names; an error names the flag it was given to (the store's names ``RUN_ID``)."""
    try:
        return api.resolve_run_id(ref, store=store)
    except UserError as exc:
        raise UserError(exc.detail, path=exc.path, line=exc.line, field=flag) from None
