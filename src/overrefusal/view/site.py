"""What every page of the viewer shares: its configuration, the store, the page cache, rendering, and the two
kinds of endpoint (a GET page, a POST action) with the errors each turns into a page.

A :class:`Site` is made once per app (:func:`.app.make_app`) and handed to every handler. A page opens the store
read-only through :attr:`Site.reading`; an action opens the one writable connection through
:attr:`Site.writing`. :meth:`Site.page` and :meth:`Site.action` run the handler off the event loop and answer
503 with the reason when the store is gone, locked or too old, and a page saying what was wrong for a
:class:`~overrefusal.errors.UserError`; an action also requires a small UTF-8 form carrying the CSRF token.
The annotator is whoever this server's annotator cookie names (:func:`annotator_of`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, unquote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response

from ..errors import StoreBusy, UserError
from ..estimate.labelling import check_labeller
from .page_cache import PageCache
from .security import cookie_name, same
from .store_access import StoreAccess, StoreUnavailable
from .templates import environment

ANNOTATOR_COOKIE = "overrefusal_annotator"
"""The annotator cookie's name before :func:`.security.cookie_name` makes it this server's own."""
MAX_FORM_BYTES = 64 * 1024
"""The largest request body the viewer reads (its forms are a few hundred bytes)."""

Page = Callable[["Site", Request], Response]
"""A GET page's handler."""
Action = Callable[["Site", Request, Mapping[str, str]], Response]
"""A POST action's handler: the form's fields (the last of each name); it returns where to go next."""


class ViewConfig:
    """What one app instance serves and with which secrets."""

    def __init__(self, store_path: Path, token: str, read_only: bool):
        self.store_path = store_path
        self.token = token
        self.csrf = secrets.token_urlsafe(32)
        self.read_only = read_only


class Site:
    """One app's configuration, templates, store access and page cache, and the pages' common answers."""

    def __init__(self, config: ViewConfig):
        self.config = config
        self.env = environment()
        access = StoreAccess(config.store_path, read_only=config.read_only)
        self.reading, self.writing = access.reading, access.writing
        # Reports, comparisons and corrected rates, kept while the store is unchanged (opened and checked as every
        # page opens it: the cache is asked only once the page's own read-only connection is open).
        self.cache = PageCache(config.store_path)

    def html(self, request: Request, name: str, **ctx: Any) -> str:
        """The template ``name`` rendered with what every page shows (the annotator, the store, read-only)."""
        config = self.config
        return str(
            self.env.get_template(name).render(
                csrf=config.csrf,
                read_only=config.read_only,
                annotator=annotator_of(request),
                store_path=str(config.store_path),
                **ctx,
            )
        )

    def render(self, request: Request, name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        return HTMLResponse(self.html(request, name, **ctx), status_code=status)

    def error_page(self, request: Request, message: str, status: int = 400) -> HTMLResponse:
        return self.render(request, "error.html.j2", status=status, message=message, title="Error")

    def unavailable(self, request: Request, exc: Exception) -> HTMLResponse:
        return self.error_page(request, f"the store is unavailable: {exc}", 503)

    def page(self, fn: Page) -> Any:
        """A GET page: a UserError (an unknown run, a judge the run lacks) is a page saying so, not a crash."""

        async def endpoint(request: Request) -> Response:
            try:
                result: Response = await run_in_threadpool(fn, self, request)
                return result
            except (StoreUnavailable, StoreBusy) as exc:
                return self.unavailable(request, exc)
            except UserError as exc:
                status = 404 if "unknown run" in str(exc) or "no run" in str(exc) else 400
                return self.error_page(request, str(exc), status)

        return endpoint

    def action(self, fn: Action) -> Any:
        """A POST action: the form must carry the CSRF token; the function returns where to go next."""

        async def endpoint(request: Request) -> Response:
            ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if ctype != "application/x-www-form-urlencoded":
                return PlainTextResponse("forms only (application/x-www-form-urlencoded)", status_code=415)
            body = await request.body()
            if len(body) > MAX_FORM_BYTES:
                return PlainTextResponse("form too large", status_code=413)
            try:
                form = {k: v[-1] for k, v in parse_qs(body.decode("utf-8"), keep_blank_values=True).items()}
            except UnicodeDecodeError:
                return PlainTextResponse("form is not UTF-8", status_code=400)
            if not same(form.get("csrf", ""), self.config.csrf):
                return PlainTextResponse("forbidden: missing or wrong CSRF token (reload the page)", status_code=403)
            try:
                result: Response = await run_in_threadpool(fn, self, request, form)
                return result
            except (StoreUnavailable, StoreBusy) as exc:
                return self.unavailable(request, exc)
            except UserError as exc:
                return self.error_page(request, str(exc), 403 if self.config.read_only else 400)

        return endpoint


def annotator_cookie(request: Request) -> str:
    """The annotator cookie's name on the server this request reached."""
    return cookie_name(ANNOTATOR_COOKIE, request.scope.get("server"))


def annotator_of(request: Request) -> str:
    """The annotator named by this server's annotator cookie ('' when none)."""
    return _annotator_name(request.cookies.get(annotator_cookie(request)))


def quote_name(name: str) -> str:
    """An annotator's name as the cookie's value."""
    return quote(name, safe="")


def _annotator_name(cookie: str | None) -> str:
    """The annotator's name from their cookie ('' when none or not a valid name)."""
    if not cookie:
        return ""
    try:
        return check_labeller(unquote(cookie), field="name")
    except UserError:
        return ""
