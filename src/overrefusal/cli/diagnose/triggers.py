"""``overrefusal triggers``: which words make a run's deployment refuse its benign prompts."""

from __future__ import annotations

import click

from ... import api
from ...errors import UserError
from .._common import json_option, print_json, store_option, user_errors
from .._params import CONCURRENCY, JUDGE, MODEL_SPEC, POSITIVE


@click.command("triggers")
@click.argument("run_id")
@click.option(
    "--rewriter",
    default=None,
    type=MODEL_SPEC,
    metavar="MODEL",
    help="Also ask this model (PROVIDER/NAME) to rewrite each candidate word away.",
)
@click.option("--no-rules", is_flag=True, help="Only the rewriter's variants (no rule-based remove/replace).")
@click.option(
    "--judge", type=JUDGE, default=None, help="Judge the variants with this judge (default: the run's judge)."
)
@click.option("--base-url", default=None, help="Server URL for an openai/ rewriter.")
@click.option(
    "--api-key-env",
    default="OPENAI_API_KEY",
    show_default=True,
    help="Variable holding the API key, for the deployment and the rewriter.",
)
@click.option("--concurrency", default=4, show_default=True, type=CONCURRENCY)
@click.option("--max-tokens", default=None, type=POSITIVE, help="Override the run's max tokens.")
@click.option("--top", default=15, show_default=True, type=POSITIVE, help="Words shown in the table.")
@store_option
@json_option
@user_errors
def triggers_command(
    run_id: str,
    rewriter: str | None,
    no_rules: bool,
    judge: str | None,
    base_url: str | None,
    api_key_env: str,
    concurrency: int,
    max_tokens: int | None,
    top: int,
    store_path: str | None,
    as_json: bool,
) -> None:
    """Which words make RUN_ID's deployment refuse its benign prompts (counterfactual variants)."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ...report.diagnosis_tables import render_triggers
    from ...report.terminal import ProgressBar, stdout_console

    if no_rules and not rewriter:
        raise UserError("--no-rules needs --rewriter", field="--no-rules")
    with ProgressBar(enabled=not as_json) as bar:
        report = api.triggers(
            store_path,
            run_id,
            rewriter=rewriter,
            rules=not no_rules,
            judge=judge,
            base_url=base_url,
            api_key_env=api_key_env,
            concurrency=concurrency,
            max_tokens=max_tokens,
            progress=bar.update,
        )
    if as_json:
        print_json(report)
        return
    render_triggers(report, top, stdout_console())
