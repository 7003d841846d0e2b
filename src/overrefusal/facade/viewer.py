"""``overrefusal view``: the viewer's app over a store and serving it (the ``view`` extra).

Part of :mod:`overrefusal.api`, which re-exports these names."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..store import Store
from .stores import store_path


def view_extra_installed() -> bool:
    """Whether the optional ``view`` extra (starlette, uvicorn, jinja2) is there for ``overrefusal view``."""
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("starlette", "uvicorn", "jinja2"))


def _view_store(store: str | Path | None, read_only: bool) -> tuple[Path, bool]:
    """The store the viewer serves (it must exist: the viewer never creates one) and whether it is read-only:
    asked for, or a file this process cannot write (then labels cannot be stored and the viewer says so).
    A writable viewer upgrades an older store here; a read-only one never writes, so an older store is served
    with every page saying it needs upgrading."""
    import os

    from ..errors import StoreOutdated

    path = store_path(store)
    if not read_only and not os.access(path, os.W_OK):
        read_only = True
    try:
        with Store(path, read_only=True, upgrade=not read_only):
            pass  # exists and is a store
    except StoreOutdated:
        pass  # read-only: the pages say so (503) rather than the start failing
    return path, read_only


def make_view_app(
    store: str | Path | None = None, *, token: str | None = None, read_only: bool = False, host: str | None = None
) -> tuple[Any, str]:
    """The viewer's ASGI app over ``store`` and the token every request must carry (a new random one unless
    given). Requests must name the server in their Host header: a loopback name, the address they arrived
    on, or ``host``. UserError when the store does not exist or the ``view`` extra is missing."""
    import secrets

    from ..errors import MissingDependency

    if not view_extra_installed():
        raise MissingDependency("overrefusal view", "view", "starlette")
    from ..view import make_app

    path, read_only = _view_store(store, read_only)
    token = token or secrets.token_urlsafe(32)
    return make_app(path, token=token, read_only=read_only, hosts=(host,) if host else ()), token


def view(
    store: str | Path | None = None,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    read_only: bool = False,
    started: Callable[[str, bool], None] | None = None,
) -> None:
    """Serve the viewer until interrupted. ``started`` is told the URL to open (with its token) and whether
    the store is read-only, once the server listens."""
    from ..errors import MissingDependency

    if not view_extra_installed():
        raise MissingDependency("overrefusal view", "view", "starlette")
    from ..view.listen import check_listen

    host = check_listen(host, port).host  # before the store is opened: a bad address changes nothing
    app, token = make_view_app(store, read_only=read_only, host=host)
    _, ro = _view_store(store, read_only)
    from ..view import serve

    serve(app, token, host=host, port=port, started=(lambda url: started(url, ro)) if started else None)
