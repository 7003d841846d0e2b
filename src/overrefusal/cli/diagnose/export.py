"""``overrefusal export-training``: SFT/DPO training pairs from a run's over- and under-refusals."""

from __future__ import annotations

import click

from ... import api
from ...report._control import inert
from .._common import json_option, print_json, store_option, user_errors
from .._params import JUDGE, FileName


@click.command("export-training")
@click.argument("run_id")
@click.option("--format", "fmt", type=click.Choice(["sft", "dpo"]), required=True)
@click.option("--out", required=True, type=FileName(dir_okay=False), help="JSONL file to write.")
@click.option(
    "--reference",
    default=None,
    metavar="RUN_ID|replay/FILE",
    help="Replies to take as 'chosen': a stored run or a replay file with the same prompts.",
)
@click.option("--judge", type=JUDGE, default=None, help="Judge for replay references (default: the run's judge).")
@store_option
@json_option
@user_errors
def export_training_command(
    run_id: str, fmt: str, out: str, reference: str | None, judge: str | None, store_path: str | None, as_json: bool
) -> None:
    """Training pairs (TRL SFT/DPO JSONL) from RUN_ID's over-refusals and under-refusals."""
    result = api.export_training(store_path, run_id, fmt=fmt, out=out, reference=reference, judge=judge)
    if as_json:
        print_json(result)
        return
    s = result["skipped"]
    click.echo(
        f"wrote {result['records']} {fmt} records to {inert(out)}: {result['over_refusal_pairs']} over-refusal "
        f"pairs, {result['under_refusal_pairs']} under-refusal pairs ({result['reference_refusals']} "
        f"reference refusals, {result['template_refusals']} templated)"
    )
    click.echo(
        f"skipped: {s['no_compliant_reference']} refusals without a compliant reference reply, "
        f"{s['filter_blocked']} filter blocks (fix the filter, not the model), {s['empty_reply']} empty"
    )
