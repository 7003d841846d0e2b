"""``overrefusal view``: serve the local web app over the store (runs, reports, comparisons, labelling)."""

from __future__ import annotations

import click

from .. import api
from ._common import store_option, user_errors

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


@click.command("view")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port (0: any free one).")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to bind (it must resolve to an address of this machine). Anything but loopback lets other "
    "machines reach the viewer (they still need the token).",
)
@click.option("--read-only", is_flag=True, help="Browse only: no label can be stored (the store is never written).")
@store_option
@user_errors
def view_command(port: int, host: str, read_only: bool, store_path: str | None) -> None:
    """Browse, compare and label runs in the browser (opens on the latest run's report).

    Every request needs the random token in the URL printed at start; the store is read-only to the viewer
    except for the label tables."""

    def started(url: str, ro: bool) -> None:
        # Said once the address is known good (api.view checks --host first).
        if host.strip() not in LOOPBACK:
            click.echo(
                f"warning: binding {host.strip()}: other machines can reach this viewer; every request still needs "
                "the token, and the traffic is not encrypted (plain HTTP), so use it only on a network you trust",
                err=True,
            )
        click.echo(f"overrefusal view: open {url}")
        click.echo("(the token in that URL is required by every request; Ctrl-C stops the viewer)")
        if ro:
            click.echo("the store is read-only here: browsing works, labels cannot be stored")

    api.view(store_path, host=host, port=port, read_only=read_only, started=started)
