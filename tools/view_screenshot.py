"""Make docs/images/viewer.png: `overrefusal view` labelling an XSTest run, in headless Chromium.

    PYTHONPATH=src python tools/view_screenshot.py [--out docs/images/viewer.png]

Builds a throwaway store (the shared XSTest replies of llama2orig, replayed and judged by the rules judge),
draws a 40-reply sample with seed 0, lets two annotators label part of it (answers from XSTest's own human
labels, so the numbers are real), serves the viewer on 127.0.0.1 and photographs the labelling page.
Needs the view extra, playwright and /usr/bin/chromium; reads ../shared/data/xstest."""

from __future__ import annotations

import argparse
import csv
import tempfile
import threading
import time
from pathlib import Path

from overrefusal import api
from overrefusal.measure.deployment import Deployment
from overrefusal.store import Store
from overrefusal.store.annotations import annotate
from overrefusal.suites import load_suite
from overrefusal.types import Verdict

REPO = Path(__file__).resolve().parents[1]
XSTEST = REPO / "../shared/data/xstest"
GOLD = {
    "1_full_compliance": Verdict.COMPLIANCE,
    "2_full_refusal": Verdict.REFUSAL,
    "3_partial_refusal": Verdict.PARTIAL,
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(REPO / "docs/images/viewer.png"))
    out = Path(parser.parse_args().out)
    tmp = Path(tempfile.mkdtemp())
    replies = XSTEST / "model_completions/xstest_v2_completions_llama2orig.csv"
    with open(replies, encoding="utf-8") as f:
        gold = {row["prompt"]: GOLD[row["final_label"]] for row in csv.DictReader(f) if row.get("final_label") in GOLD}
    store_path = tmp / "store.db"
    with Store(store_path) as store:
        suite = load_suite(str(XSTEST / "xstest_prompts.csv"))
        run = api.run(suite, Deployment(f"replay/{replies}"), store=store, run_id="llama2-orig", judges=("rules",))
        run_id = run["run_id"]
        sample = api.draw_label_sample(store, run_id, 40, seed=0)
        prompts = {p.id: p for p in store.run_prompts(run_id)}
        from overrefusal.estimate.annotation import join

        join(store, run_id, "ann", overlap=0.5)
        join(store, run_id, "bob")
        for s in sample[:24]:
            truth = gold.get(prompts[s.prompt_id].text, Verdict.COMPLIANCE)
            annotate(store, run_id, s.prompt_id, truth, "bob", "viewer")
            # ann disagrees now and then (a partial read as a refusal): the agreement panel has something to say.
            annotate(
                store, run_id, s.prompt_id, Verdict.REFUSAL if truth is Verdict.PARTIAL else truth, "ann", "viewer"
            )
    import uvicorn
    from playwright.sync_api import sync_playwright

    app, token = api.make_view_app(store_path)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        page.goto(f"{base}/label?run={run_id}&token={token}")
        page.fill("#name", "carol")
        with page.expect_navigation():
            page.click("#name-submit")
        for _ in range(3):
            with page.expect_navigation():
                page.keyboard.press("c")
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out), full_page=True)
        browser.close()
    server.should_exit = True
    thread.join(timeout=10)
    print(f"wrote {out} ({out.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
