"""``overrefusal run``: evaluate a deployment on a suite."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import click

from .. import api
from ..api import DEFAULT_JUDGE, DEFAULT_MODEL
from ..types import GenerationConfig
from ._common import json_option, parse_pairs, print_json, store_option, user_errors
from ._params import CONCURRENCY, COUNT, JUDGE, LIMIT, PER_MINUTE, POSITIVE, RUN_ID, SECONDS, SEED, TEMPERATURE

if TYPE_CHECKING:
    from rich.console import Console

    from ..api import BackendOptions

QUICK_LIMIT = 40
"""Prompts in the no-argument first run, sized so the README quick start stays within ten minutes on 2 cores."""
QUICK_TRIGGER_PROMPTS = 6
"""Refused benign prompts of the naive deployment whose trigger words the first run looks for."""
RUN_SHAPING = (
    "model",
    "suite",
    "limit",
    "languages",
    "columns",
    "include_non_safety",
    "system_prompt",
    "filters",
    "judges",
    "run_id",
    "engine",
)
"""Flags that say what to run: with none of them, ``run`` is the first run that teaches (see first_run)."""
DEFAULT_MAX_TOKENS = 128
"""Refusals show in the first sentences; longer replies cost time, not accuracy."""


@click.command("run")
@click.option(
    "--model",
    "-m",
    default=DEFAULT_MODEL,
    show_default=True,
    help="PROVIDER/NAME: llamacpp/smollm2, llamacpp/PATH.gguf, openai/NAME, replay/FILE, hf/PATH_OR_ID, vllm/MODEL.",
)
@click.option(
    "--suite",
    "-s",
    default="core",
    show_default=True,
    help="core, a public benchmark (`overrefusal suites`), NAME=PATH (a local copy of one), or a CSV/JSONL/JSON/Parquet file.",
)
@click.option(
    "--language",
    "languages",
    multiple=True,
    metavar="CODE",
    help="Only prompts in these languages (repeatable or a comma list, e.g. de,fr; 'all' for every one). "
    "Default: the suite's original prompts (for core: English, its 13 native non-English pairs and "
    "its conversations; no translations).",
)
@click.option(
    "--column",
    "columns",
    multiple=True,
    metavar="FIELD=COLUMN",
    help="Column mapping for generic suite files (fields: id, text, label, category, type, pair_id, focus).",
)
@click.option(
    "--include-non-safety",
    is_flag=True,
    help="CoCoNot: also run its contrast prompts that are not about safety (false presuppositions, underspecified, "
    "modality limitations; type non_safety_contrast, reported by category apart from the safety ones).",
)
@click.option("--base-url", default=None, help="Server URL for openai/ models (e.g. http://127.0.0.1:8000/v1).")
@click.option(
    "--api-key-env",
    default="OPENAI_API_KEY",
    show_default=True,
    help="Environment variable that holds the API key (the key itself is never stored).",
)
@click.option("--system-prompt", default=None, help="System prompt TEXT or @FILE.")
@click.option(
    "--filter",
    "filters",
    multiple=True,
    help="Safety filter: keyword, keyword:@FILE, keyword-output, moderator:MODEL, moderator-output:MODEL.",
)
@click.option(
    "--judge", "judges", type=JUDGE, multiple=True, help=f"Judge(s); the first is primary. Default: {DEFAULT_JUDGE}."
)
@click.option("--run-id", default=None, type=RUN_ID, help="Name of the run; the same id again resumes it.")
@click.option(
    "--limit",
    default=None,
    type=LIMIT,
    help=f"First N prompts, pairs kept together ('all' for every prompt; the argument-less demo runs {QUICK_LIMIT}).",
)
@click.option("--concurrency", default=4, show_default=True, type=CONCURRENCY)
@click.option("--max-tokens", default=DEFAULT_MAX_TOKENS, show_default=True, type=POSITIVE)
@click.option("--temperature", default=0.0, show_default=True, type=TEMPERATURE)
@click.option("--seed", default=0, show_default=True, type=SEED)
@click.option("--timeout", default=120.0, show_default=True, type=SECONDS, help="Seconds per request.")
@click.option("--max-retries", default=4, show_default=True, type=COUNT)
@click.option(
    "--backend-option",
    "backend_options",
    multiple=True,
    metavar="KEY=VALUE",
    help="Backend-specific setting, e.g. n_ctx=4096 or reply_column=response.",
)
@click.option("--no-cache", is_flag=True, help="Generate again even where an identical generation is stored.")
@click.option(
    "--rpm",
    default=None,
    type=PER_MINUTE,
    help="Requests per minute to stay under (client-side token bucket; default unlimited).",
)
@click.option(
    "--tpm", default=None, type=PER_MINUTE, help="Tokens (prompt + reply) per minute to stay under (default unlimited)."
)
@click.option(
    "--batch-size",
    default=32,
    show_default=True,
    type=POSITIVE,
    help="Prompts per batch for backends that generate in batches (hf, vllm).",
)
@click.option(
    "--engine",
    default="local",
    show_default=True,
    type=click.Choice(["local", "ray"]),
    help="local: this process; ray: a Ray cluster (RAY_ADDRESS, else a local one), via Parquet shards.",
)
@store_option
@json_option
@click.pass_context
@user_errors
def run_command(
    ctx: click.Context,
    model: str,
    suite: str,
    languages: tuple[str, ...],
    columns: tuple[str, ...],
    include_non_safety: bool,
    base_url: str | None,
    api_key_env: str,
    system_prompt: str | None,
    filters: tuple[str, ...],
    judges: tuple[str, ...],
    run_id: str | None,
    limit: int | None,
    concurrency: int,
    max_tokens: int,
    temperature: float,
    seed: int,
    timeout: float,
    max_retries: int,
    backend_options: tuple[str, ...],
    no_cache: bool,
    rpm: float | None,
    tpm: float | None,
    batch_size: int,
    engine: str,
    store_path: str | None,
    as_json: bool,
) -> None:
    """Evaluate a deployment on a suite: generate, judge, store, summarise."""
    if all(ctx.get_parameter_source(p) is click.core.ParameterSource.DEFAULT for p in RUN_SHAPING):
        _first_run(
            # The embedded model's own options (n_threads=1, n_ctx...) apply to the first run too.
            options=api.BackendOptions(
                timeout_s=timeout, max_retries=max_retries, extra=parse_pairs(backend_options, "--backend-option")
            ),
            concurrency=concurrency,
            max_tokens=max_tokens,
            temperature=temperature,
            seed=seed,
            store_path=store_path,
            as_json=as_json,
        )
        return
    loaded = api.load_suite(
        suite, mapping=parse_pairs(columns, "--column") or None, include_non_safety=include_non_safety
    )
    for file in loaded.files:  # a modified copy of a benchmark runs, said on stderr (recorded in the run too)
        for warning in file.warnings:
            from ..report.terminal import safe_text

            click.echo(safe_text(f"warning: {file.path}: {warning}").plain, err=True)
    deployment = api.Deployment(
        model=model,
        options=api.BackendOptions(
            base_url=base_url,
            api_key_env=api_key_env,
            timeout_s=timeout,
            max_retries=max_retries,
            extra=parse_pairs(backend_options, "--backend-option"),
        ),
        system_prompt=api.read_text_arg(system_prompt, "--system-prompt"),
        filters=tuple(filters),
    )
    generation = GenerationConfig(temperature=temperature, max_tokens=max_tokens, seed=seed)
    api.check_deployment(deployment)  # before the store is opened: a refused run creates no store
    store = api.open_store(store_path)
    try:
        # Imported only to be drawn: rich and the tables are about 25 ms of a run's start-up, which a --json
        # run (no progress bar, no tables) need not pay; every command's module is imported by every command.
        bar = None
        if not as_json:
            from ..report.terminal import ProgressBar

            bar = ProgressBar()
        with bar or contextlib.nullcontext():
            result = api.run(
                loaded,
                deployment,
                generation=generation,
                judges=judges or (DEFAULT_JUDGE,),
                run_id=run_id,
                limit=limit,
                concurrency=concurrency,
                use_cache=not no_cache,
                store=store,
                progress=bar.update if bar is not None else None,
                rpm=rpm,
                tpm=tpm,
                batch_size=batch_size,
                engine=engine,
                languages=api.parse_languages(languages),
            )
    finally:
        store.close()
    if as_json:
        print_json(result)
    else:
        from ..report.terminal import render_summary

        render_summary(result)


def _first_run(
    *,
    options: BackendOptions,
    concurrency: int,
    max_tokens: int,
    temperature: float,
    seed: int,
    store_path: str | None,
    as_json: bool,
) -> None:
    """The argument-less run: the embedded model as it is and behind a naive deployment layer, what each
    layer adds, the naive deployment's trigger words, and the HTML report."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ..report.terminal import ProgressBar, stdout_console

    generation = GenerationConfig(temperature=temperature, max_tokens=max_tokens, seed=seed)
    api.check_deployment(api.Deployment(DEFAULT_MODEL, options))  # before the store: a refused run creates none
    with api.open_store(store_path) as store, ProgressBar(enabled=not as_json) as bar:
        result = api.first_run(
            options=options,
            generation=generation,
            limit=QUICK_LIMIT,
            concurrency=concurrency,
            max_trigger_prompts=QUICK_TRIGGER_PROMPTS,
            store=store,
            progress=bar.update,
            stage=bar.stage,
        )
    if as_json:
        print_json(result)
        return
    render_first_run(result, stdout_console())


def render_first_run(result: Any, con: Console) -> None:
    """The first run's three parts and where its report is, as the argument-less ``overrefusal run`` prints them."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from rich.text import Text

    from ..report.diagnosis_tables import render_ablation, render_triggers
    from ..report.terminal import render_summary, safe_text

    first = result["first_run"]
    con.rule("1. the embedded model as it is")
    render_summary(result, con)
    con.rule("2. what a naive deployment layer adds: a keyword filter and a cautious system prompt")
    render_ablation(first["ablation"], ["cautious"], con)
    con.print(
        Text.assemble(
            "sys1 is the cautious system prompt shipped with overrefusal: ",
            safe_text(first["naive_run"]["deployment"].get("system_prompt") or "", 160),
        )
    )
    con.rule("3. the words the naive deployment refuses for")
    render_triggers(first["triggers"], 10, con)
    con.rule("next")
    if first["report"]:
        # Echoed, not printed through rich: a long path must stay on one line to be copied.
        click.echo("HTML report of both runs: " + safe_text(first["report"]).plain)
    else:
        con.print("HTML report: install the report extra (pip install 'overrefusal[report]') and run again")
    con.print(
        Text(
            f"(the first run: the first {result['suite']['n']} prompts of the core suite, twice; "
            "`overrefusal run --limit all` runs every prompt on the bare model, and "
            "`overrefusal ablate` / `overrefusal triggers` take your own deployment)"
        )
    )
