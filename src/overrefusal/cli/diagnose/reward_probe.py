"""``overrefusal reward-probe``: does a reward model prefer refusing benign prompts?"""

from __future__ import annotations

import click

from ... import api
from .._common import json_option, print_json, store_option, user_errors
from .._params import LIMIT, SEED, FileName


@click.command("reward-probe")
@click.option(
    "--reward-model",
    required=True,
    type=FileName(),
    help="Local folder of a sequence-classification reward model (save_pretrained layout). Needs the [hf] extra.",
)
@click.option(
    "--suite",
    "-s",
    required=True,
    help="core, a public benchmark (`overrefusal suites`), NAME=PATH (a local copy of one), or a CSV/JSONL/JSON/Parquet file.",
)
@click.option("--limit", default=None, type=LIMIT, help="First N prompts, pairs kept together.")
@click.option(
    "--compliant",
    default=None,
    metavar="RUN_ID|replay/FILE",
    help="Where real compliant replies come from (default: a generic helpful template).",
)
@click.option("--device", default="cpu", show_default=True)
@click.option("--seed", default=0, show_default=True, type=SEED, help="Seed of the bootstrap.")
@store_option
@json_option
@user_errors
def reward_probe_command(
    reward_model: str,
    suite: str,
    limit: int | None,
    compliant: str | None,
    device: str,
    seed: int,
    store_path: str | None,
    as_json: bool,
) -> None:
    """How often a reward model scores a refusal above a compliant reply to a benign prompt."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ...report.diagnosis_tables import render_reward_probe
    from ...report.terminal import stdout_console

    result = api.reward_probe(
        reward_model=reward_model,
        suite=suite,
        limit=limit,
        compliant=compliant,
        device=device,
        seed=seed,
        store=store_path,
    )
    if as_json:
        print_json(result)
        return
    render_reward_probe(result, stdout_console())
