"""The viewer's app: the pages and the walls in front of them, assembled into one ASGI app over one store.

The pages are the reading pages (:mod:`.pages`: runs, reports, replies, comparisons) and the labelling pages
(:mod:`.label_pages`: labelling, agreement, adjudication), sharing one :class:`.site.Site` (configuration,
templates, store access, page cache). Server-rendered with Jinja2 (:mod:`.templates`: autoescape on; model
text also made inert).

The store is opened read-only (SQLite ``mode=ro``) for every page; a label write opens the one writable
connection the app has, restricted by an SQLite authorizer to the label tables
(:func:`overrefusal.store.annotations.open_label_writer`). Started ``read_only``, no write is accepted at all.
No part of a request names a file: static files are served from a fixed allow-list of the package's own.

Safe to leave open: the walls in front of the pages (:mod:`.guards`, :mod:`.security`) check the Host header,
bound the request body and require the token; the pages open the store only as it is (never create it,
never upgrade it), wait seconds for a lock (:mod:`.store_access`), and answer 503 with the reason when the store is
gone, locked or too old, instead of failing.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from . import label_pages, pages
from .guards import BodyLimit, HostGate
from .security import StrictHeaders, TokenGate
from .site import MAX_FORM_BYTES, Site, ViewConfig

STATIC: dict[str, str] = {"view.js": "text/javascript; charset=utf-8", "view.css": "text/css; charset=utf-8"}
"""The only files the app serves, by name; nothing from a request reaches the file system."""


def make_app(store_path: str | Path, *, token: str, read_only: bool = False, hosts: Sequence[str] = ()) -> Any:
    """The ASGI app over the store at ``store_path`` (it must exist): every request needs ``token`` and a
    ``Host`` header naming this server (loopback names, the address it arrived on, or one of ``hosts``)."""
    site = Site(ViewConfig(Path(store_path), token, read_only))
    routes = [
        *pages.routes(site),
        *label_pages.routes(site),
        Route("/static/{name}", _static),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
    ]
    app = Starlette(routes=routes, exception_handlers={404: _not_found, 405: _not_allowed})
    # Outermost first: headers on every answer; a foreign Host is refused before anything else; a large body
    # before it is read; then the token.
    return StrictHeaders(HostGate(BodyLimit(TokenGate(app, token), MAX_FORM_BYTES), hosts))


def _static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        return PlainTextResponse("not found", status_code=404)
    body = resources.files("overrefusal.view").joinpath("static").joinpath(name).read_bytes()
    return Response(body, media_type=STATIC[name])


async def _not_found(request: Request, exc: Exception) -> Response:
    return PlainTextResponse("not found", status_code=404)


async def _not_allowed(request: Request, exc: Exception) -> Response:
    return PlainTextResponse("method not allowed (pages are GET, changes are POST)", status_code=405)
