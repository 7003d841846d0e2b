"""The ``overrefusal`` command line: a thin layer over ``overrefusal.api``."""

from __future__ import annotations

import click

from .. import registry
from ..errors import UserError
from ..registry import Kind
from ..version import package_version
from ._common import OneLineErrors
from .diagnose.ablate import ablate_command
from .diagnose.export import export_training_command
from .diagnose.generate import generate_command
from .diagnose.quality import quality_command
from .diagnose.reward_probe import reward_probe_command
from .diagnose.triggers import triggers_command
from .estimate.compare import compare_command
from .estimate.gate import gate_command
from .estimate.label import label_command
from .estimate.policy import policy_check_command
from .judge_eval import judge_eval_command
from .judges import judges_train_command
from .listing import judges_command, runs_command, suites_command
from .report import report_command
from .run import run_command
from .view import view_command


class WithPluginCommands(OneLineErrors):
    """The built-in commands plus those that plugins register under the ``overrefusal.commands`` entry-point
    group (a click command or group each; a built-in name cannot be taken). A plugin is imported only when
    its command runs or the help lists it, and one that fails to load is reported, not fatal."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *registry.names(Kind.COMMAND)})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        builtin = super().get_command(ctx, cmd_name)
        if builtin is not None or not registry.has(Kind.COMMAND, cmd_name):
            return builtin
        try:
            command = registry.load(Kind.COMMAND, cmd_name)
        except UserError as exc:
            click.echo(f"warning: {exc}", err=True)
            return None
        return command if isinstance(command, click.Command) else None


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    click.echo(f"overrefusal, version {package_version()}", color=ctx.color)
    ctx.exit()


version_option = click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the version and exit.",
)
"""``--version`` as ``click.version_option`` prints it, but the version is read when the flag is given: that
decorator takes it as a string, read from the installed metadata when the CLI is imported (about 12 ms of
``importlib.metadata`` for every command)."""


@click.group(cls=WithPluginCommands, context_settings={"help_option_names": ["-h", "--help"]})
@version_option
def cli() -> None:
    """Measure, explain and reduce over-refusal in language-model deployments."""


judges_command.add_command(judges_train_command)
for command in (
    run_command,
    report_command,
    judge_eval_command,
    runs_command,
    suites_command,
    judges_command,
    compare_command,
    gate_command,
    label_command,
    triggers_command,
    ablate_command,
    quality_command,
    reward_probe_command,
    generate_command,
    export_training_command,
    policy_check_command,
    view_command,
):
    cli.add_command(command)


def main() -> None:
    cli()
