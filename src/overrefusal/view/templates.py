"""The viewer's Jinja2 environment: the package's own templates, autoescaped, with model text made inert.

Every string a template prints passes :func:`overrefusal.report._control.inert` (control and bidi characters
shown as U+FFFD, as in every report) unless it is already markup; an undefined name is an error, not a blank.
The filters and globals here are the few the templates share: percentages, exact numbers for ``data-value``
attributes, and page links.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from ..report._control import inert
from ..report.data import pct, short_model


def url(path: str, **params: Any) -> str:
    """``path`` with ``params`` as its query (a list or tuple repeats the key; None and '' are left out)."""
    pairs = []
    for k, v in params.items():
        if v is None or v == "":
            continue
        for item in v if isinstance(v, (list, tuple)) else [v]:
            pairs.append((k, str(item)))
    return path + ("?" + urlencode(pairs) if pairs else "")


def _exact(x: Any) -> str:
    """A number as its exact repr, for data-value attributes (tests compare them with the JSON)."""
    return repr(float(x)) if isinstance(x, (int, float)) else ""


def _num(x: Any, digits: int = 3) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def environment() -> Any:
    """A new environment over ``overrefusal.view``'s templates."""
    import jinja2
    from markupsafe import Markup

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("overrefusal.view", "templates"),
        autoescape=True,
        finalize=lambda v: v if isinstance(v, Markup) or not isinstance(v, str) else inert(v),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["pct"] = pct
    env.filters["exact"] = _exact
    env.filters["num"] = _num
    env.globals["url"] = url
    env.globals["short_model"] = short_model
    return env
