"""A self-contained HTML report: one file, plotly.js inlined, opens without a network.

Safety: model output, prompts, evidence and model names are untrusted. They reach the page only through
Jinja2 autoescaping (nothing from a model is ever marked safe) or, inside the plots, through plotly's JSON
(which escapes ``<``, ``>`` and ``/``) after HTML-escaping, because plotly renders a subset of HTML tags in
legend and hover text. As a second wall, the page carries a Content-Security-Policy that allows only the
scripts this module wrote (by their SHA-256 hashes): an injected ``<script>`` or ``onerror=`` handler would
not run even if escaping failed, and the page can load nothing from the network.
"""

from __future__ import annotations

import base64
import hashlib
import html as html_lib
import re
from pathlib import Path
from typing import Any

from ..errors import MissingDependency
from ..guards.safe_files import atomic_write_text
from ._control import inert
from .data import ReportData, pct

# One colour per run, the same in every plot (plotly's default qualitative palette, colour-blind safer order).
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")

_SCRIPT = re.compile(r"<script\b[^>]*>(.*?)</script>", re.DOTALL | re.IGNORECASE)


def _require() -> tuple[Any, Any]:
    try:
        import jinja2
        import plotly
    except ImportError as exc:
        raise MissingDependency("the HTML report", "report", exc.name or "plotly") from None
    return jinja2, plotly


def _plot_text(value: str) -> str:
    """Text for a plotly label: HTML-escaped, since plotly turns a subset of tags in labels into elements."""
    return html_lib.escape(value, quote=True)


def colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def _error(est: dict[str, Any]) -> tuple[float, float]:
    """(plus, minus) whisker lengths of an Estimate."""
    return max(0.0, est["high"] - est["value"]), max(0.0, est["value"] - est["low"])


def pareto_front(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The points no other point beats on both axes (higher is better on both), sorted by x."""
    front = [
        p for p in points if not any(q[0] >= p[0] and q[1] >= p[1] and (q[0] > p[0] or q[1] > p[1]) for q in points)
    ]
    return sorted(set(front))


def frontier_figure(data: ReportData) -> Any:
    """Benign compliance against harmful refusal, one point per run with 95% whiskers (OR-Bench's frontier)."""
    import plotly.graph_objects as go

    fig = go.Figure()
    points = []
    for i, run in enumerate(data.runs):
        x, y = run.benign_compliance, run.harmful_refusal
        if not x["n"] or not y["n"]:
            continue  # a run without benign or without harmful verdicts has no place on this plane
        points.append((x["value"], y["value"]))
        xp, xm = _error(x)
        yp, ym = _error(y)
        name = _plot_text(run.label)
        fig.add_trace(
            go.Scatter(
                x=[x["value"]],
                y=[y["value"]],
                mode="markers+text",
                name=name,
                text=[name],
                textposition="top center",
                marker={"size": 13, "color": colour(i), "line": {"width": 1, "color": "#222"}},
                error_x={"type": "data", "symmetric": False, "array": [xp], "arrayminus": [xm], "thickness": 1.5},
                error_y={"type": "data", "symmetric": False, "array": [yp], "arrayminus": [ym], "thickness": 1.5},
                customdata=[[pct(x), pct(y), _plot_text(run.run_id)]],
                hovertemplate="<b>%{text}</b><br>run %{customdata[2]}<br>benign compliance %{customdata[0]}"
                "<br>harmful refusal %{customdata[1]}<extra></extra>",
            )
        )
    front = pareto_front(points)
    if len(front) > 1:
        fig.add_trace(
            go.Scatter(
                x=[p[0] for p in front],
                y=[p[1] for p in front],
                mode="lines",
                name="frontier of these runs",
                line={"dash": "dot", "color": "#888"},
                hoverinfo="skip",
            )
        )
    fig.add_annotation(
        x=1,
        y=1,
        text="ideal: every benign prompt answered,<br>every harmful one refused",
        showarrow=True,
        arrowhead=2,
        ax=-70,
        ay=120,
        font={"size": 11, "color": "#555"},
        bgcolor="rgba(255,255,255,0.8)",
    )
    ticks = {"tickvals": [0, 0.2, 0.4, 0.6, 0.8, 1.0], "tickformat": ".0%", "zeroline": False}
    fig.update_layout(
        title="Helpfulness against harmlessness (95% intervals)",
        height=560,
        margin={"l": 70, "r": 30, "t": 60, "b": 60},
        # Room beyond 100% for the labels above the points.
        xaxis={"title": "benign compliance (1 − over-refusal, full + partial)", "range": [-0.03, 1.06], **ticks},
        yaxis={"title": "harmful refusal (1 − harmful compliance)", "range": [-0.03, 1.1], **ticks},
        legend={"orientation": "h", "y": -0.18},
        template="plotly_white",
    )
    return fig


def category_figure(data: ReportData) -> Any:
    """Per-category bars with 95% whiskers: benign over-refusal (top) and harmful compliance (bottom)."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    cats = list(data.categories)
    fig = make_subplots(
        rows=2,
        cols=1,
        shared_xaxes=True,
        vertical_spacing=0.1,
        subplot_titles=("benign prompts refused (over-refusal, full + partial)", "harmful prompts complied with"),
    )
    labels = [_plot_text(c) for c in cats]
    for i, run in enumerate(data.runs):
        by = run.summary["by_category"]
        for row, (group, key) in enumerate((("benign", "any_refusal"), ("harmful", "compliance")), start=1):
            ests = [by.get(c, {}).get(group, {}).get(key, {"value": 0, "low": 0, "high": 0, "n": 0}) for c in cats]
            fig.add_trace(
                go.Bar(
                    x=labels,
                    y=[e["value"] if e["n"] else None for e in ests],
                    name=_plot_text(run.label),
                    legendgroup=run.run_id,
                    showlegend=row == 1,
                    marker_color=colour(i),
                    error_y={
                        "type": "data",
                        "symmetric": False,
                        "array": [_error(e)[0] for e in ests],
                        "arrayminus": [_error(e)[1] for e in ests],
                        "thickness": 1.2,
                    },
                    customdata=[[pct(e), e["n"]] for e in ests],
                    hovertemplate="%{x}: %{customdata[0]} of %{customdata[1]}<extra>"
                    + _plot_text(run.label)
                    + "</extra>",
                ),
                row=row,
                col=1,
            )
    fig.update_yaxes(range=[0, 1.05], tickformat=".0%")
    # The legend goes on top: below, it would collide with long (rotated) category names.
    fig.update_layout(
        barmode="group",
        height=780,
        template="plotly_white",
        margin={"l": 60, "r": 30, "t": 110, "b": 40},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.06, "x": 0},
        title={"text": "By category (95% intervals)", "y": 0.98, "yanchor": "top"},
    )
    fig.update_xaxes(automargin=True)
    return fig


def _figure_html(fig: Any, div_id: str, include_plotlyjs: bool) -> str:
    import plotly.io as pio

    return pio.to_html(
        fig,
        include_plotlyjs=include_plotlyjs,
        full_html=False,
        div_id=div_id,
        config={"displaylogo": False, "responsive": True},
    )


def _csp(fragments: list[str]) -> str:
    """A Content-Security-Policy that runs only the scripts in ``fragments`` (by hash) and fetches nothing."""
    hashes = []
    for frag in fragments:
        for body in _SCRIPT.findall(frag):
            digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
            hashes.append(f"'sha256-{digest}'")
    scripts = " ".join(sorted(set(hashes))) or "'none'"
    return (
        f"default-src 'none'; script-src {scripts}; style-src 'unsafe-inline'; img-src data: blob:; "
        "font-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'"
    )


def render_html(data: ReportData) -> str:
    """The report as one HTML document (about 5 MB: plotly.js is inlined once)."""
    jinja2, _ = _require()
    from markupsafe import Markup

    figures = []
    if data.runs:
        # plotly.js once, with the first figure; the others only call it.
        figures.append(_figure_html(frontier_figure(data), "frontier-plot", include_plotlyjs=True))
        figures.append(_figure_html(category_figure(data), "category-plot", include_plotlyjs=False))
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("overrefusal.report", "templates"),
        autoescape=True,  # every {{ }} is escaped; only the plotly fragments below are trusted
        # Model text is also made inert (terminal escapes shown as U+FFFD), as in the terminal and Markdown:
        # escaping for HTML left ESC and BEL in the file for anyone who cats or greps it.
        finalize=lambda v: v if isinstance(v, Markup) or not isinstance(v, str) else inert(v),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["pct"] = pct
    template = env.get_template("report.html.j2")
    return template.render(
        data=data,
        colours=[colour(i) for i in range(len(data.runs))],
        csp=_csp(figures),
        # Trusted: produced by plotly from our figures; every string in them went through _plot_text and
        # plotly's JSON encoder, which escapes <, > and / (so no "</script>" can end the script early).
        frontier_plot=Markup(figures[0]) if figures else "",
        category_plot=Markup(figures[1]) if figures else "",
    )


def write_html(data: ReportData, path: str | Path) -> Path:
    out = Path(path)
    # Atomic: a full disk leaves the previous report (or none), never a truncated one.
    return atomic_write_text(out, render_html(data), field="--html")
