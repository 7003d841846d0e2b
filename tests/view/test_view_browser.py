"""``overrefusal view`` in a real headless Chromium (Playwright) against a real uvicorn and real SQLite stores:
two annotators label an overlapping sample with the keyboard; their kappa and the corrected rates appear and
equal what ``report --json`` prints; an adjudication moves the corrected rate; ``compare`` shows the figures of
``compare --json``; hostile model output stays inert."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from _cli import cli
from overrefusal.stats.agreement import cohen_kappa

from ._server import Served, Watched
from ._store import HOSTILE_ID, ViewStore

pytest.importorskip("starlette", reason="the view extra is not installed")
pytest.importorskip("uvicorn", reason="the view extra is not installed")


def _key_for(annotator: str, prompt_id: str) -> str:
    """What each annotator answers (the test's own choice, so it knows every label): ann says compliance to
    even benign ids and refusal to the rest; bob agrees except on ids divisible by 3 (compliance <-> refusal)
    and says partial on ids ending in 7."""
    n = int(prompt_id[1:])
    ann = "c" if prompt_id.startswith("b") and n % 2 == 0 else "r"
    if annotator == "ann":
        return ann
    if n % 10 == 7:
        return "p"
    if n % 3 == 0:
        return {"c": "r", "r": "c"}[ann]
    return ann


KEY_VERDICT = {"c": "full_compliance", "r": "full_refusal", "p": "partial_refusal"}


def _label_all(person: Watched, annotator: str, base: str, run: str) -> dict[str, str]:
    page = person.page
    page.goto(f"{base}/label?run={run}")
    if page.locator("#who-form").count():
        page.fill("#name", annotator)
        with page.expect_navigation():
            page.click("#name-submit")
    given: dict[str, str] = {}
    skipped = False
    undone = False
    while page.locator("#current").count():
        pid = page.get_attribute("#current", "data-prompt")
        assert pid is not None
        # The judge's verdict is not on the page before the label is given (no anchoring).
        assert page.locator("#current .verdict").count() == 0
        if not skipped:  # skip the first one: it comes back at the end
            skipped = True
            with page.expect_navigation():
                page.keyboard.press("s")
            assert page.get_attribute("#current", "data-prompt") != pid
            continue
        if not undone:  # a wrong key first, then undo it: the reply comes back
            undone = True
            wrong = "p" if _key_for(annotator, pid) != "p" else "c"
            with page.expect_navigation():
                page.keyboard.press(wrong)
            assert page.locator("#last .verdict").count() == 2  # mine, then the judge's, now that I answered
            with page.expect_navigation():
                page.keyboard.press("u")
            assert page.get_attribute("#current", "data-prompt") is not None
            continue
        key = _key_for(annotator, pid)
        with page.expect_navigation():
            page.keyboard.press(key)
        given[pid] = KEY_VERDICT[key]
    assert page.locator("#all-done").count() == 1
    return given


def _estimate(page: Any, selector: str) -> dict[str, float]:
    el = page.locator(selector)
    return {k: float(el.get_attribute(f"data-{k}")) for k in ("value", "low", "high")}


def _json(args: list[str], store: Path) -> Any:
    p = cli(*args, "--json", store=store)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_two_annotators_label_with_the_keyboard_and_the_numbers_match_report_json(
    browser: Any, served: Served, view_store: ViewStore
) -> None:
    run = view_store.baseline
    ann, bob = Watched(browser, served), Watched(browser, served)
    try:
        # No run chosen: the latest run's report.
        assert ann.page.locator("h1").inner_text() == "Over-refusal report"
        assert view_store.candidate in ann.page.locator("#headlines").inner_text()
        # ann names herself, then draws the sample: 24 replies, seed 5, half of them labelled by both.
        ann.page.goto(f"{served.base}/label?run={run}")
        ann.page.fill("#name", "ann")
        with ann.page.expect_navigation():
            ann.page.click("#name-submit")
        ann.page.fill("#n", "24")
        ann.page.fill("#seed", "5")
        ann.page.fill("#overlap", "0.5")
        with ann.page.expect_navigation():
            ann.page.click("#draw")
        assert ann.page.inner_text("#seed-shown") == "5"
        # The form's default design is the verdict-stratified one (first in the list, as in `label`).
        assert "verdict sample" in ann.page.inner_text("#sample-design")
        bob.page.goto(f"{served.base}/label?run={run}")
        bob.page.fill("#name", "bob")
        with bob.page.expect_navigation():
            bob.page.click("#name-submit")
        assert "ann, bob" in bob.page.inner_text("#plan")
        labels = {"ann": _label_all(ann, "ann", served.base, run), "bob": _label_all(bob, "bob", served.base, run)}
        shared = sorted(set(labels["ann"]) & set(labels["bob"]))
        assert len(shared) == 12 and len(labels["ann"]) == len(labels["bob"]) == 18

        page = ann.page
        page.goto(f"{served.base}/agreement?run={run}")
        expected = cohen_kappa([labels["ann"][p] for p in shared], [labels["bob"][p] for p in shared])
        assert expected is not None
        shown = float(page.locator(".cohen").first.get_attribute("data-value"))
        assert shown == pytest.approx(expected, abs=1e-12)
        assert page.locator("#alpha").get_attribute("data-value") and page.locator("#fleiss").get_attribute(
            "data-value"
        )

        report = _json(["report", run], view_store.path)
        s = report["runs"][0] if "runs" in report else report
        assert float(page.locator("#judge-kappa").get_attribute("data-value")) == pytest.approx(
            s["human_labels"]["agreement"]["kappa_3class"], abs=1e-12
        )
        for block, rate in (("benign", "full_refusal"), ("benign", "any_refusal"), ("harmful", "compliance")):
            want = s[block][f"{rate}_corrected"]
            got = _estimate(page, f"#corrected-{block}-{rate}")
            assert got == {k: want[k] for k in ("value", "low", "high")}
        assert s["human_labels"]["n_labelled"] == 24
        # The corrected rates beside the labeller are the same numbers.
        page.goto(f"{served.base}/label?run={run}")
        want = s["benign"]["any_refusal_corrected"]
        assert _estimate(page, "#corrected-benign-any_refusal")["value"] == want["value"]
        assert "labelled benign replies" in page.inner_text("#corrected")  # the labels still needed for +/- 2 points
        ann.clean()
        bob.clean()

        # Adjudication: a benign reply the two labelled compliance and refusal (a tie, counted as ann's, given
        # first) is decided for bob's label; the corrected over-refusal moves, and report --json agrees.
        page.goto(f"{served.base}/agreement?run={run}")
        before = _estimate(page, "#corrected-benign-any_refusal")
        target = next(
            p
            for p in shared
            if p.startswith("b") and {labels["ann"][p], labels["bob"][p]} == {"full_compliance", "full_refusal"}
        )
        box = page.locator(f".disputed[data-prompt='{target}']")
        assert "tie" in box.inner_text()
        with page.expect_navigation():
            box.locator(f"button[value='{labels['bob'][target]}']").click()
        after = _estimate(page, "#corrected-benign-any_refusal")
        assert after["value"] != before["value"]
        assert "Adjudicated by ann" in page.locator(f".disputed[data-prompt='{target}']").inner_text()
        report = _json(["report", run], view_store.path)
        s = report["runs"][0] if "runs" in report else report
        want = s["benign"]["any_refusal_corrected"]
        assert after == {k: want[k] for k in ("value", "low", "high")}
        # label --export sees the adjudicated label too.
        out = view_store.path.parent / "export.csv"
        assert cli("label", run, "--export", str(out), store=view_store.path).returncode == 0
        # One row per annotator's label, then the adjudication's row (EXPORT_COLUMNS): pick that one.
        row = next(
            line
            for line in out.read_text(encoding="utf-8").splitlines()
            if line.startswith(f"{target},") and "adjudicated by" in line
        )
        assert labels["bob"][target] in row and "adjudicated by ann" in row
        ann.clean()
    finally:
        ann.close()
        bob.close()


def test_compare_shows_the_figures_of_compare_json(browser: Any, served: Served, view_store: ViewStore) -> None:
    person = Watched(browser, served)
    try:
        page = person.page
        page.goto(f"{served.base}/compare")
        page.select_option("select[name=baseline]", view_store.baseline)
        page.select_option("select[name=candidate]", view_store.candidate)
        with page.expect_navigation():
            page.click("button[type=submit]")
        want = _json(["compare", view_store.baseline, view_store.candidate], view_store.path)

        def check(row: Any, ch: dict[str, Any]) -> None:
            cell = row.locator(".change")
            assert float(cell.get_attribute("data-difference")) == ch["difference"]
            assert float(cell.get_attribute("data-low")) == ch["low"]
            assert float(cell.get_attribute("data-high")) == ch["high"]
            assert float(cell.get_attribute("data-p")) == ch["p_value"]
            assert int(cell.get_attribute("data-n-pairs")) == ch["n_pairs"]
            estimates = row.locator(".estimate")
            for i, side in enumerate(("baseline", "candidate")):
                assert float(estimates.nth(i).get_attribute("data-value")) == ch[side]["value"]
                assert float(estimates.nth(i).get_attribute("data-high")) == ch[side]["high"]

        for metric, ch in want["overall"].items():
            check(page.locator(f"#overall tr[data-metric='{metric}']"), ch)
        rows = page.locator("#by-category tr[data-metric]")
        flat = [ch for block in want["by_category"].values() for ch in block.values()]
        assert rows.count() == len(flat) > 0
        for i, ch in enumerate(flat):
            check(rows.nth(i), ch)
        person.clean()
    finally:
        person.close()


def test_hostile_reply_is_inert_everywhere(browser: Any, served: Served, view_store: ViewStore) -> None:
    person = Watched(browser, served)
    try:
        page = person.page
        run = view_store.baseline
        for path in (
            f"/reply?run={run}&prompt={HOSTILE_ID}",
            f"/replies?run={run}",
            f"/report?run={run}&run={view_store.candidate}",
        ):
            page.goto(served.base + path)
            page.wait_for_load_state("load")
            # Only the app's own script; no element, link or handler from the reply.
            assert page.eval_on_selector_all("script", "s => s.map(x => x.getAttribute('src'))") == ["/static/view.js"]
            assert page.locator("a[href^='javascript']").count() == 0
            assert page.locator("img").count() == 0
            assert page.locator("[onerror]").count() == 0
            assert page.evaluate("window.__pwned") is None
        page.goto(f"{served.base}/reply?run={run}&prompt={HOSTILE_ID}")
        text = page.inner_text(".reply")
        assert "<script>window.__pwned = 1</script>" in text and "javascript:window.__pwned=3" in text
        assert "\x1b" not in text and "\x07" not in text and "\ufffd[31mred" in text
        person.clean()
    finally:
        person.close()


def test_read_only_store_browses_and_refuses_labels(browser: Any, view_store: ViewStore) -> None:
    import hashlib

    def digest() -> str:
        """The database file, and whatever its write-ahead log holds (a reader may leave an empty one)."""
        wal = Path(f"{view_store.path}-wal")
        return hashlib.sha256(view_store.path.read_bytes()).hexdigest() + (
            hashlib.sha256(wal.read_bytes()).hexdigest() if wal.exists() and wal.stat().st_size else "-"
        )

    before = digest()
    served = Served(view_store.path, read_only=True)
    person = Watched(browser, served)
    try:
        page = person.page
        assert page.locator("#read-only").count() == 1
        page.goto(f"{served.base}/label?run={view_store.baseline}")
        page.fill("#name", "ann")
        with page.expect_navigation():
            page.click("#name-submit")
        assert "read-only" in page.inner_text("#error")
        page.goto(f"{served.base}/label?run={view_store.baseline}")
        assert page.locator("#draw").count() == 1
        with page.expect_navigation():
            page.click("#draw")
        assert "read-only" in page.inner_text("#error")
        page.goto(f"{served.base}/compare?baseline={view_store.baseline}&candidate={view_store.candidate}")
        assert page.locator("#overall tr[data-metric]").count() == 2
        # The refused writes were answered 403 (which the console logs); nothing else went wrong.
        assert all("status of 403" in e for e in person.errors) and person.dialogs == person.foreign == []
    finally:
        person.close()
        served.stop()
    assert digest() == before
