"""``overrefusal view``: a local web app over the store (runs, reports, comparisons, labelling with several
annotators). Needs the ``view`` extra (starlette, uvicorn, jinja2); nothing else in the package imports it
except inside :func:`overrefusal.api.view` and :func:`overrefusal.api.make_view_app`."""

from __future__ import annotations

from .app import make_app

__all__ = ["make_app"]
