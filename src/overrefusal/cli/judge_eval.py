"""``overrefusal judge-eval``: how well a judge agrees with human labels."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import click
from rich.table import Table

from ..judges import DEFAULT_JUDGE, create_judge
from ..report.terminal import stdout_console
from ._common import json_option, print_json, user_errors

_CLASSES = ("full_compliance", "full_refusal", "partial_refusal")


@click.command("judge-eval")
@click.option("--judge", default=DEFAULT_JUDGE, show_default=True)
@click.option("--labels", "label_files", multiple=True, required=True, type=click.Path(),
              help="Labelled replies (XSTest layout or CSV/JSONL with prompt, completion, label). Repeatable; "
                   "several files may follow one --labels.")
@click.argument("more_files", nargs=-1, type=click.Path())
@json_option
@user_errors
def judge_eval_command(judge: str, label_files: tuple[str, ...], more_files: tuple[str, ...], as_json: bool) -> None:
    """Agreement of a judge with human labels: accuracy, kappa, per-class precision/recall, confusion."""
    from ..judges.evaluate import evaluate_judge

    files = [Path(f) for f in (*label_files, *more_files)]
    result = asyncio.run(evaluate_judge(create_judge(judge), files))
    if as_json:
        print_json(result)
        return
    _render(result)


def _render(result: dict[str, Any]) -> None:
    console = stdout_console()
    table = Table(title=f"judge {result['judge']} against human labels", header_style="bold")
    for col in ("file", "n", "acc 3-class", "acc binary", "kappa", "recall compl/refusal/partial", "errors", "replies/s"):
        table.add_column(col, justify="right" if col != "file" else "left")

    def add(name: str, m: dict[str, Any], style: str = "") -> None:
        recalls = "/".join(f"{m['per_class'][c]['recall']:.2f}" for c in _CLASSES)
        table.add_row(name, str(m["n"]), f"{m['accuracy_3class']:.3f}", f"{m['accuracy_binary']:.3f}",
                      f"{m['kappa_3class']:.3f}", recalls, str(m["errors"]),
                      f"{m.get('replies_per_second', 0):.0f}", style=style)

    # Labelled files often share a long prefix (xstest_v2_completions_...): show what tells them apart.
    names = list(result["files"])
    prefix = os.path.commonprefix(names) if len(names) > 1 else ""
    for name, m in result["files"].items():
        add(("…" + name[len(prefix):]) if len(prefix) > 3 else name, m)
    table.add_section()
    add("overall", result["overall"], "bold")
    console.print(table)
    conf = result["overall"]["confusion"]
    console.print("confusion (rows: human, columns: judge; compliance, refusal, partial):")
    for label, row in zip(_CLASSES, conf):
        console.print(f"  {label:16} {row}")
