"""The HTML report opened in a real headless Chromium through Playwright: it renders, draws its plots, loads
nothing from the network, logs no error, and shows hostile model output as text that never runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from overrefusal.report.data import build_report
from overrefusal.report.html import write_html

from ._store import HOSTILE_LABELLER, IMG, PWN_IMG, PWN_SCRIPT, SCRIPT, ReportStore


@pytest.fixture(scope="module")
def report_html(report_store: ReportStore, tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("plotly", reason="the report extra is not installed")
    pytest.importorskip("jinja2", reason="the report extra is not installed")
    from overrefusal.store import Store

    out = tmp_path_factory.mktemp("html") / "report.html"
    with Store(report_store.path) as store:
        # The hostile run first: its over-refused list is the one open when the page loads.
        ids = [report_store.hostile_run, report_store.filter_run, *report_store.xstest_runs.values()]
        write_html(build_report(store, ids), out)
    return out


@pytest.fixture(scope="module")
def page_report(browser, report_html: Path):
    """One loaded page for the module (plotly takes seconds to draw it): the tests only read it or open its
    folded sections, and the error, dialog and request logs then cover every test's actions at once."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    events: dict[str, list] = {"console_errors": [], "page_errors": [], "dialogs": [], "requests": []}
    page.on("console", lambda m: events["console_errors"].append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: events["page_errors"].append(str(e)))

    def on_dialog(dialog) -> None:
        events["dialogs"].append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    url = report_html.as_uri()

    def route(r) -> None:
        if r.request.url != url:
            events["requests"].append(r.request.url)
            r.abort()
        else:
            r.continue_()

    page.route("**/*", route)
    page.goto(url, wait_until="load")
    page.wait_for_selector("#frontier-plot .main-svg", timeout=30_000)
    page.wait_for_selector("#category-plot .main-svg", timeout=30_000)
    page.wait_for_timeout(500)
    yield page, events
    page.close()


def test_page_renders_with_plots_and_no_errors(page_report) -> None:
    page, events = page_report
    assert page.title().startswith("Over-refusal report")
    assert events["page_errors"] == []
    assert events["console_errors"] == []
    assert events["requests"] == [], "the report must open without any network"
    # plotly drew both figures: its SVG roots, one frontier point per run, bars with error whiskers.
    assert page.locator(".js-plotly-plot").count() == 2
    assert page.locator("#frontier-plot .main-svg").count() >= 1
    points = page.locator("#frontier-plot .scatterlayer .trace .points path")
    assert points.count() >= 6  # 6 runs (+ nothing for the frontier line, which has no markers)
    assert page.locator("#category-plot .barlayer .point").count() > 0
    assert page.locator("#category-plot .errorbar").count() > 0
    for section in (
        "headlines",
        "tradeoff",
        "categories",
        "over-refused",
        "smothered",
        "filters",
        "judges",
        "provenance",
    ):
        assert page.locator(f"section#{section}").is_visible()
    assert page.locator(".card").count() == 6


def test_hostile_output_is_shown_as_text_and_never_runs(page_report) -> None:
    page, events = page_report
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    page.wait_for_timeout(300)
    # The literal markup is visible as text...
    refusal = page.locator("#over-refused .reply", has_text="help with that.").first
    assert refusal.is_visible()
    assert SCRIPT in refusal.inner_text() and PWN_SCRIPT in refusal.inner_text()
    smothered = page.locator("#smothered .reply", has_text="It is an image tag").first
    assert smothered.is_visible()
    assert IMG in smothered.inner_text() and PWN_IMG in smothered.inner_text()
    assert IMG in page.locator("#smothered .prompt", has_text="What does").first.inner_text()
    assert page.get_by_text("<script>alert('system')</script> Be careful.").first.is_visible()
    # ...and became no element, ran no handler, opened no dialog.
    assert page.locator("img").count() == 0
    scripts = page.locator("script").all_inner_texts()
    assert len(scripts) == 4  # plotly's config, plotly.js, one call per figure: none came from a model
    figure_calls = [s for s in scripts if "Plotly.newPlot" in s and len(s) < 1_000_000]
    assert len(figure_calls) == 2
    # Labels reach plotly's JSON HTML-escaped, and plotly's encoder escapes < > / on top.
    assert not any("<img" in s or "<script" in s or "</" in s for s in figure_calls)
    assert page.evaluate("window.__pwned === undefined")
    assert events["dialogs"] == []
    assert events["page_errors"] == []
    # The hostile model name is plain text in the plot legend too.
    legend = " ".join(page.locator("#frontier-plot .legendtext").all_text_contents())
    assert "evil<img src=x onerror=alert(1)>" in legend
    # Hovering a point shows the (escaped) label, still without running anything.
    point = page.locator("#frontier-plot .scatterlayer .trace .points path").first
    point.scroll_into_view_if_needed()
    box = point.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2 + 3, box["y"] + box["height"] / 2 + 3)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector("#frontier-plot .hoverlayer .hovertext", timeout=5_000)
    hover = page.locator("#frontier-plot .hoverlayer .hovertext").first.text_content() or ""
    assert "evil<img src=x onerror=alert(1)>" in hover
    assert page.locator("img").count() == 0
    assert events["dialogs"] == [] and page.evaluate("window.__pwned === undefined")


def test_trigger_word_and_evidence_are_highlighted(page_report) -> None:
    page, _ = page_report
    first = page.locator("#over-refused details.run").first.locator(".example").first
    assert first.locator(".prompt mark").first.inner_text().lower() == "kill"
    assert first.locator(".reply mark").count() >= 1
    assert "evidence" in first.inner_text()


def test_how_far_to_trust_these_numbers(page_report) -> None:
    """The run with human labels gets judged vs corrected rates, the confusion on the labels, and the labelled
    replies where judge and human disagree, hostile text shown as text."""
    page, events = page_report
    section = page.locator("section#trust")
    assert section.is_visible()
    assert section.locator("h2").inner_text() == "How far to trust these numbers"
    rows = section.locator("table.trust tbody tr")
    assert rows.count() >= 2
    assert "over-refusal (full + partial)" in section.locator("table.trust").inner_text()
    assert section.locator("table.confusion tbody tr").count() == 3
    page.evaluate("document.querySelectorAll('#trust details').forEach(d => d.open = true)")
    page.wait_for_timeout(200)
    dis = section.locator("tr.human-disagreement")
    assert dis.count() == 1
    text = dis.first.inner_text()
    assert SCRIPT in text and PWN_SCRIPT in text and HOSTILE_LABELLER in text
    assert section.locator("b").count() == 0 and page.locator("img").count() == 0
    assert page.evaluate("window.__pwned === undefined") and events["dialogs"] == []
