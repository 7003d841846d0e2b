"""``overrefusal generate``: new benign look-alike prompts from harmful seeds."""

from __future__ import annotations

import click

from ... import api
from ...report._control import inert
from ...types import GenerationConfig
from .._common import json_option, print_json, user_errors
from .._params import FRACTION, MODEL_SPEC, POSITIVE, SEED, TEMPERATURE, BoundedInt, FileName


@click.command("generate")
@click.option("--from", "seeds_path", required=True, type=FileName(), help="JSONL of harmful seed requests.")
@click.option(
    "--rewriter",
    required=True,
    type=MODEL_SPEC,
    metavar="MODEL",
    help="PROVIDER/NAME of the model that writes look-alikes.",
)
@click.option("--out", required=True, type=FileName(dir_okay=False), help="Suite JSONL to write.")
@click.option(
    "--moderator",
    "moderators",
    multiple=True,
    metavar="MODEL_OR_FILTER",
    help="PROVIDER/NAME asked SAFE/UNSAFE, or a filter spec; repeatable (all must pass).",
)
@click.option("--per-seed", default=3, show_default=True, type=BoundedInt(1, 20))
@click.option("--dedup-threshold", default=0.9, show_default=True, type=FRACTION)
@click.option("--similarity", type=click.Choice(["auto", "embedding", "tfidf"]), default="auto", show_default=True)
@click.option("--base-url", default=None, help="Server URL for openai/ rewriter or moderators.")
@click.option("--api-key-env", default="OPENAI_API_KEY", show_default=True)
@click.option(
    "--max-tokens", default=None, type=POSITIVE, help="Rewriter reply length (default scales with --per-seed)."
)
@click.option("--temperature", default=0.7, show_default=True, type=TEMPERATURE)
@click.option("--seed", default=0, show_default=True, type=SEED)
@json_option
@user_errors
def generate_command(
    seeds_path: str,
    rewriter: str,
    out: str,
    moderators: tuple[str, ...],
    per_seed: int,
    dedup_threshold: float,
    similarity: str,
    base_url: str | None,
    api_key_env: str,
    max_tokens: int | None,
    temperature: float,
    seed: int,
    as_json: bool,
) -> None:
    """Write new benign look-alike prompts from harmful seeds (rewrite, moderate, deduplicate)."""
    config = GenerationConfig(temperature=temperature, max_tokens=max_tokens or 48 * per_seed + 32, seed=seed)
    progress = None if as_json else (lambda msg: click.echo(msg, err=True))
    summary = api.generate(
        seeds_path=seeds_path,
        rewriter=rewriter,
        out=out,
        moderators=moderators,
        per_seed=per_seed,
        dedup_threshold=dedup_threshold,
        similarity=similarity,
        base_url=base_url,
        api_key_env=api_key_env,
        generation=config,
        progress=progress,
    )
    if as_json:
        print_json(summary)
        return
    click.echo(f"wrote {summary['kept']} benign prompts (+ their seeds as harmful contrasts) to {inert(out)}")
    click.echo(
        f"seeds {summary['seeds']} · candidates {summary['candidates']} · parse failures "
        f"{summary['parse_failures']} · rewriter errors {summary['rewriter_errors']} · no trigger word "
        f"{summary['no_trigger_word']} · moderated unsafe {summary['moderated_unsafe']} · moderation errors "
        f"{summary['moderation_errors']} · duplicates {summary['duplicates']} · too close to seed "
        f"{summary['too_close_to_seed']}"
    )
    note = f" ({summary['similarity_note']})" if summary["similarity_note"] else ""
    click.echo(
        f"similarity: {summary['similarity']}{note}, threshold {dedup_threshold}; moderated: "
        f"{', '.join(summary['moderators']) or 'no (no --moderator given)'}"
    )
