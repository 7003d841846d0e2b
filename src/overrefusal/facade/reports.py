"""The report files: what they show about stored runs (:func:`build_report`) and writing them as HTML or
Markdown (:func:`write_report`).

Part of :mod:`overrefusal.api`, which re-exports these names; :func:`overrefusal.api.report` is the
``report`` command over them (it may re-judge, so it stays beside the other judging commands)."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..store import Store

if TYPE_CHECKING:
    from ..report.data import ReportData


class ReportFormat(enum.Enum):
    """The files ``report`` writes."""

    HTML = "html"
    MARKDOWN = "markdown"


def report_extra_installed() -> bool:
    """Whether the optional ``report`` extra (plotly, jinja2) is there to write HTML reports."""
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("plotly", "jinja2"))


def build_report(
    store: Store, run_ids: Sequence[str], *, judge: str | None = None, max_examples: int | None = None
) -> ReportData:
    """Everything the HTML and Markdown reports show about ``run_ids`` (``max_examples`` per run and section;
    None: the default, 50)."""
    from ..report.data import DEFAULT_MAX_EXAMPLES
    from ..report.data import build_report as build

    return build(
        store, run_ids, judge=judge, max_examples=DEFAULT_MAX_EXAMPLES if max_examples is None else max_examples
    )


def write_report(data: ReportData, fmt: ReportFormat, path: str | Path) -> Path:
    """Write the report ``data`` (see :func:`build_report`) to ``path`` as ``fmt``; returns the file written."""
    if fmt is ReportFormat.HTML:
        from ..report.html import write_html

        return write_html(data, path)
    from ..report.markdown import write_markdown

    return write_markdown(data, path)


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one file (by resolved path, or by inode where both exist: links)."""
    import os

    if os.path.realpath(Path(a).expanduser()) == os.path.realpath(Path(b).expanduser()):
        return True
    try:
        return os.path.samefile(Path(a).expanduser(), Path(b).expanduser())
    except OSError:
        return False
