"""The viewer's reading pages: the runs, a report of one or more runs, a run's replies (filtered and paged),
one reply under every judge that saw it, and a comparison of two runs.

Each page reads the store read-only and shows what the reports and the CLI compute, from the same code:
``report.data`` builds each report, ``compare.compare_runs`` each comparison (what ``compare --json``
prints). A report or a comparison, as rendered, is kept in the page cache while the store is unchanged.
:func:`routes` lists them for :func:`.app.make_app`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ..errors import UserError
from ..estimate.compare import compare_runs
from ..report.data import Example, build_report
from ..store.verdicts import ResultFilter
from ..types import Verdict
from .site import Site, annotator_of

PAGE_SIZE = 50
"""Replies on one page of ``/replies``."""


def routes(site: Site) -> list[Route]:
    """The reading pages' routes (all GET)."""
    return [
        Route("/", site.page(home)),
        Route("/runs", site.page(runs_page)),
        Route("/report", site.page(report_page)),
        Route("/replies", site.page(replies_page)),
        Route("/reply", site.page(reply_page)),
        Route("/compare", site.page(compare_page)),
    ]


def home(site: Site, request: Request) -> Response:
    with site.reading() as st:
        runs = st.list_runs()
        if not runs:
            return site.render(request, "runs.html.j2", runs=[], title="Runs")
        latest = st.resolve_run_id("latest")
    return report_page(site, request, [latest])


def runs_page(site: Site, request: Request) -> Response:
    with site.reading() as st:
        runs = list(reversed(st.list_runs()))
        labelled = {r["run_id"]: (len(st.label_sample(r["run_id"])), st.count_human_labels(r["run_id"])) for r in runs}
    return site.render(request, "runs.html.j2", runs=runs, labelled=labelled, title="Runs")


def report_page(site: Site, request: Request, ids: Sequence[str] | None = None) -> Response:
    wanted = list(ids) if ids is not None else request.query_params.getlist("run")
    judge = request.query_params.get("judge") or None
    if not wanted:
        return RedirectResponse("/runs", status_code=303)
    with site.reading() as st:
        resolved = [st.resolve_run_id(r) for r in wanted]

        def page() -> str:
            data = build_report(st, resolved, judge=judge)
            return site.html(
                request, "report.html.j2", data=data, points=_frontier(data), title="Report", run_ids=resolved
            )

        # The page as rendered (a report of 10 runs takes Jinja longer than SQLite); the annotator's name is
        # on every page, so it is part of the key.
        return HTMLResponse(site.cache.get(("report", tuple(resolved), judge, annotator_of(request)), page))


def replies_page(site: Site, request: Request) -> Response:
    q = request.query_params
    with site.reading() as st:
        run_id = st.resolve_run_id(q.get("run", "latest"))
        run = st.require_run(run_id)
        judges = [run.judge_id] + [j for j in st.judges_counted(run_id) if j != run.judge_id]
        judge = q.get("judge") or run.judge_id
        if judge not in judges:
            raise UserError(f"the judge '{judge}' has no verdicts on run '{run_id}'", field="judge")
        chosen = {
            "category": q.get("category", ""),
            "verdict": q.get("verdict", ""),
            "language": q.get("language", ""),
            "label": q.get("label", ""),
        }
        offset = _int_param(q, "offset") or 0
        after, before = _int_param(q, "after"), _int_param(q, "before")
        # Filtered and paged in SQL: a page of a 100,000-prompt run reads one page of rows. The previous and
        # next links name the suite position their page starts beside (keyset paging: a deep page costs what
        # the first does); ``offset`` then only numbers the rows shown. A link with an offset alone (an older
        # bookmark) is still served by it.
        where = ResultFilter(**chosen)
        if after is None and before is None and offset:
            page_rows = st.results(run_id, judge, where=where, offset=offset, limit=PAGE_SIZE)
            positions: list[int] = []
        else:
            found = st.result_page(run_id, judge, where=where, after=after, before=before, limit=PAGE_SIZE)
            page_rows, positions = [row for _, row in found], [position for position, _ in found]
        total = st.count_results(run_id, judge, where)
        categories = [c or "(none)" for c in st.prompt_values(run_id, "category")]
        languages = st.prompt_values(run_id, "language")
    examples = [Example.from_row(r) for r in page_rows]
    return site.render(
        request,
        "replies.html.j2",
        title="Replies",
        run_id=run_id,
        judges=judges,
        judge=judge,
        categories=categories,
        languages=languages,
        verdicts=[v.value for v in Verdict],
        chosen=chosen,
        examples=examples,
        total=total,
        offset=offset,
        page_size=PAGE_SIZE,
        first_position=positions[0] if positions else None,
        last_position=positions[-1] if positions else None,
    )


def reply_page(site: Site, request: Request) -> Response:
    q = request.query_params
    with site.reading() as st:
        run_id = st.resolve_run_id(q.get("run", "latest"))
        pid = q.get("prompt", "")
        views: list[tuple[str, Example]] = []
        for judge in st.judges_of(run_id):
            views.extend((judge, Example.from_row(r)) for r in st.results(run_id, judge, prompt_ids=[pid]))
        if not views:
            raise UserError(f"run '{run_id}' has no prompt '{pid}'", field="prompt")
        primary = st.require_run(run_id).judge_id
        label = st.human_labels(run_id).get(pid)
    views.sort(key=lambda jv: jv[0] != primary)
    return site.render(request, "reply.html.j2", title="Reply", run_id=run_id, views=views, human=label)


def compare_page(site: Site, request: Request) -> Response:
    q = request.query_params
    with site.reading() as st:
        runs = list(reversed(st.list_runs()))
        if not q.get("baseline") or not q.get("candidate"):
            return site.render(request, "compare.html.j2", title="Compare", runs=runs, result=None)
        baseline, candidate = st.resolve_run_id(q["baseline"]), st.resolve_run_id(q["candidate"])
        judge = q.get("judge") or None

        def page() -> str:
            from ..estimate.compare import describe

            result = compare_runs(st, baseline, candidate, judge=judge)
            return site.html(
                request, "compare.html.j2", title="Compare", runs=runs, result=result, lines=describe(result)
            )

        return HTMLResponse(site.cache.get(("compare", baseline, candidate, judge, annotator_of(request)), page))


def _int_param(query: Any, name: str) -> int | None:
    """A paging parameter of a GET page: None when absent or not a whole number (a page, not an error, as it
    always was for ``offset``), kept within what SQLite binds; ``offset`` is never below 0."""
    try:
        n = int(query.get(name, ""))
    except ValueError:
        return None
    return min(max(n, 0 if name == "offset" else -(2**62)), 2**62)


def _frontier(data: Any) -> list[dict[str, Any]]:
    """The trade-off plot's points in SVG coordinates (a 400 x 400 square, y up), one per run."""
    out = []
    for i, r in enumerate(data.runs):
        x, y = r.benign_compliance, r.harmful_refusal
        if not x["n"] or not y["n"]:
            continue
        out.append(
            {
                "i": i % 10,
                "label": r.label,
                "cx": 40 + 340 * x["value"],
                "cy": 380 - 340 * y["value"],
                "x1": 40 + 340 * x["low"],
                "x2": 40 + 340 * x["high"],
                "y1": 380 - 340 * y["low"],
                "y2": 380 - 340 * y["high"],
                "x": x,
                "y": y,
            }
        )
    return out
