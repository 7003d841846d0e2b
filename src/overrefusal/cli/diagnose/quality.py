"""``overrefusal quality``: how good the answers a run's deployment gives are."""

from __future__ import annotations

import click

from ... import api
from .._common import json_option, print_json, store_option, user_errors
from .._params import CONCURRENCY, LIMIT, MODEL_SPEC, SEED


@click.command("quality")
@click.argument("run_id")
@click.option(
    "--grader", required=True, type=MODEL_SPEC, metavar="MODEL", help="PROVIDER/NAME of the model that grades 1-5."
)
@click.option("--limit", default=None, type=LIMIT, help="Grade only the first N compliant benign replies.")
@click.option("--base-url", default=None, help="Server URL for an openai/ grader.")
@click.option("--api-key-env", default="OPENAI_API_KEY", show_default=True)
@click.option("--concurrency", default=4, show_default=True, type=CONCURRENCY)
@click.option("--seed", default=0, show_default=True, type=SEED, help="Seed of the bootstrap.")
@store_option
@json_option
@user_errors
def quality_command(
    run_id: str,
    grader: str,
    limit: int | None,
    base_url: str | None,
    api_key_env: str,
    concurrency: int,
    seed: int,
    store_path: str | None,
    as_json: bool,
) -> None:
    """Helpfulness (graded 1-5), verbosity, hedging and repetition of RUN_ID's compliant benign replies."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ...report.diagnosis_tables import render_quality
    from ...report.terminal import stdout_console

    result = api.quality(
        store_path,
        run_id,
        grader=grader,
        limit=limit,
        base_url=base_url,
        api_key_env=api_key_env,
        concurrency=concurrency,
        seed=seed,
    )
    if as_json:
        print_json(result)
        return
    render_quality(result, stdout_console())
