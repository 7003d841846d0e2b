"""``overrefusal judges train``: rebuild the classifier judge's weights (the ``judges`` group lists judges)."""

from __future__ import annotations

from pathlib import Path

import click

from .. import api
from ._common import json_option, print_json, user_errors
from ._params import SEED, FileName, FiniteFloat


@click.command("train")
@click.option(
    "--labels",
    "label_files",
    multiple=True,
    type=FileName(),
    help="Labelled replies (XSTest layout or CSV/JSONL with prompt, completion, label). Repeatable.",
)
@click.argument("more_files", nargs=-1, type=FileName())
@click.option(
    "--synthetic/--no-synthetic",
    default=True,
    show_default=True,
    help="Add the shipped hand-written replies (judges/training/synthetic.jsonl).",
)
@click.option(
    "--public/--no-public",
    default=True,
    show_default=True,
    help="Add the replies converted from public labelled sources (judges/training/public.jsonl).",
)
@click.option(
    "--out",
    required=True,
    type=FileName(dir_okay=False),
    help="Weights file to write (the shipped one is src/overrefusal/judges/classifier/weights.json).",
)
@click.option(
    "--seed",
    default=0,
    show_default=True,
    type=SEED,
    help="Seed for the calibration folds; same data + seed = same bytes.",
)
@click.option(
    "--C",
    "c",
    default=None,
    type=FiniteFloat(0.0, 1e6, min_open=True),
    help="Inverse L2 regularisation (default: the recipe's).",
)
@click.option(
    "--partial-weight",
    default=None,
    type=FiniteFloat(0.0, 1e6, min_open=True),
    help="Sample weight of partial refusals (default: the recipe's).",
)
@json_option
@user_errors
def judges_train_command(
    label_files: tuple[str, ...],
    more_files: tuple[str, ...],
    synthetic: bool,
    public: bool,
    out: str,
    seed: int,
    c: float | None,
    partial_weight: float | None,
    as_json: bool,
) -> None:
    """Train the classifier judge (needs `pip install overrefusal[train]`); writes reproducible weights."""
    # Imported when drawn, not with the module: rich and the tables cost about 35 ms, and every command
    # (``--help`` too) imports every command's module.
    from ..report.terminal import safe_text

    summary = api.train_judge(
        [Path(f) for f in (*label_files, *more_files)],
        out=out,
        synthetic=synthetic,
        public=public,
        seed=seed,
        c=c,
        partial_weight=partial_weight,
    )
    if as_json:
        print_json(summary)
        return
    click.echo(
        f"wrote {safe_text(str(summary['out'])).plain} ({summary['bytes']:,} bytes, sha256 {summary['sha256'][:16]}...)"
    )
    click.echo(
        f"trained on {summary['n']} replies: "
        + ", ".join(f"{g} {sum(c.values())}" for g, c in summary["groups"].items())
    )
    click.echo(
        f"features {summary['features']:,}; temperature {summary['temperature']}; "
        f"out-of-fold 3-class accuracy {summary['out_of_fold_accuracy_3class']}"
    )
