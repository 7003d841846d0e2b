"""The ``overrefusal`` command line: a thin layer over ``overrefusal.api``."""

from __future__ import annotations

import click

from ..version import package_version
from .judge_eval import judge_eval_command
from .judges import judges_train_command
from .label import label_command
from .listing import judges_command, runs_command, suites_command
from .report import report_command
from .run import run_command
from .compare import compare_command
from .gate import gate_command
from .diagnose import COMMANDS as DIAGNOSE_COMMANDS
from ._common import OneLineErrors


@click.group(cls=OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_version(), prog_name="overrefusal")
def cli() -> None:
    """Measure, explain and reduce over-refusal in language-model deployments."""


judges_command.add_command(judges_train_command)
for command in (run_command, report_command, judge_eval_command, runs_command, suites_command, judges_command,
                compare_command, gate_command, label_command, *DIAGNOSE_COMMANDS):
    cli.add_command(command)


def main() -> None:
    cli()
