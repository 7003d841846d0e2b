"""``overrefusal ablate``: how much of the over-refusal the system prompt and filters add to the bare model."""

from __future__ import annotations

import click

from ... import api
from ...api import DEFAULT_MODEL
from ...errors import UserError
from ...types import GenerationConfig
from .._common import json_option, parse_pairs, print_json, store_option, user_errors
from .._params import CONCURRENCY, JUDGE, LIMIT, POSITIVE, SEED, TEMPERATURE


@click.command("ablate")
@click.option("--model", "-m", default=DEFAULT_MODEL, show_default=True, help="PROVIDER/NAME of the bare model.")
@click.option("--system-prompt", "system_prompts", multiple=True, help="A system prompt TEXT or @FILE (repeatable).")
@click.option("--filter", "filters", multiple=True, help="A filter spec (repeatable), e.g. keyword:@words.txt.")
@click.option(
    "--suite",
    "-s",
    required=True,
    help="core, a public benchmark (`overrefusal suites`), NAME=PATH (a local copy of one), or a CSV/JSONL/JSON/Parquet file.",
)
@click.option("--column", "columns", multiple=True, metavar="FIELD=COLUMN", help="Column mapping for suite files.")
@click.option(
    "--limit", default=None, type=LIMIT, help="First N prompts, pairs kept together ('all' for every prompt)."
)
@click.option("--judge", type=JUDGE, default=None, help="Judge (default: the default judge).")
@click.option("--base-url", default=None)
@click.option("--api-key-env", default="OPENAI_API_KEY", show_default=True)
@click.option("--backend-option", "backend_options", multiple=True, metavar="KEY=VALUE")
@click.option("--concurrency", default=4, show_default=True, type=CONCURRENCY)
@click.option("--max-tokens", default=128, show_default=True, type=POSITIVE)
@click.option("--temperature", default=0.0, show_default=True, type=TEMPERATURE)
@click.option("--seed", default=0, show_default=True, type=SEED)
@store_option
@json_option
@user_errors
def ablate_command(
    model: str,
    system_prompts: tuple[str, ...],
    filters: tuple[str, ...],
    suite: str,
    columns: tuple[str, ...],
    limit: int | None,
    judge: str | None,
    base_url: str | None,
    api_key_env: str,
    backend_options: tuple[str, ...],
    concurrency: int,
    max_tokens: int,
    temperature: float,
    seed: int,
    store_path: str | None,
    as_json: bool,
) -> None:
    """How many refusals each system prompt and filter adds to the bare model, on the same suite."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ...report.diagnosis_tables import render_ablation
    from ...report.terminal import ProgressBar, stdout_console

    if not system_prompts and not filters:
        raise UserError("nothing to ablate: give at least one --system-prompt or --filter", field="--filter")
    prompts = api.system_prompt_variants(system_prompts)
    options = api.BackendOptions(
        base_url=base_url, api_key_env=api_key_env, extra=parse_pairs(backend_options, "--backend-option")
    )
    generation = GenerationConfig(temperature=temperature, max_tokens=max_tokens, seed=seed)
    with ProgressBar(enabled=not as_json) as bar:
        result = api.ablate(
            store_path,
            model=model,
            options=options,
            system_prompts=prompts,
            filters=filters,
            suite=suite,
            mapping=parse_pairs(columns, "--column"),
            limit=limit,
            judge=judge,
            generation=generation,
            concurrency=concurrency,
            progress=bar.update,
        )
    if as_json:
        print_json(result)
        return
    render_ablation(result, [label for label, _ in prompts], stdout_console())
