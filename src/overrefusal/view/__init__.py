"""``overrefusal view``: a local web app over the store (runs, reports, comparisons, labelling with several
annotators). Needs the ``view`` extra (starlette, uvicorn, jinja2); nothing else in the package imports it
except inside :func:`overrefusal.api.view` and :func:`overrefusal.api.make_view_app`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .app import make_app

__all__ = ["make_app", "serve"]


def serve(app: Any, token: str, *, host: str, port: int, started: Callable[[str], None] | None = None) -> None:
    """Run ``app`` under uvicorn until interrupted; ``started`` gets the URL to open (with the token) once the
    server listens (with ``port`` 0, the port it was given). UserError naming ``--host`` or ``--port`` when
    the address cannot be listened on (:func:`.listen.check_listen`)."""
    import uvicorn

    from ..event_loop import resolve
    from .listen import check_listen

    # Checked here, before uvicorn: a bad --host or --port is one error line naming it (exit 2), never
    # uvicorn's log and exit 3, and a blank host never means "every interface".
    where = check_listen(host, port)
    host = where.host
    # uvicorn would pick uvloop by itself whenever it is installed: the loop is the package's choice instead, so
    # that OVERREFUSAL_EVENT_LOOP=asyncio holds for the viewer too (overrefusal.event_loop).
    loop = resolve().value
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False, lifespan="off", loop=loop)
    server = uvicorn.Server(config)
    original = server.startup

    async def startup(sockets: Any = None) -> None:
        await original(sockets=sockets)
        if started is not None and server.servers:
            bound = server.servers[0].sockets[0].getsockname()
            shown = "127.0.0.1" if host in ("0.0.0.0", "::") else (f"[{host}]" if ":" in host else host)
            started(f"http://{shown}:{bound[1]}/?token={token}")

    server.startup = startup  # type: ignore[method-assign]
    server.run()
