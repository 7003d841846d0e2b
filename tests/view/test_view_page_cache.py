"""Pages kept per store version (:mod:`overrefusal.view.page_cache`): a page served again while nothing wrote
the store is the same page, and any change committed by another connection or process, or a store replaced by
another file, is on the very next page, exactly as a viewer started afresh shows it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import httpx

from overrefusal.store import Store
from overrefusal.types import Completion, Judgement, StyleSignals, Verdict
from overrefusal.view.page_cache import PageCache

from ._server import Served
from ._store import ViewStore

PAGES = ("/report?run={b}", "/compare?baseline={b}&candidate={c}", "/label?run={b}", "/runs")


def _pages(served: Served, store: ViewStore) -> dict[str, str]:
    out = {}
    with httpx.Client(headers={"Cookie": served.auth}) as client:
        for page in PAGES:
            r = client.get(served.base + page.format(b=store.baseline, c=store.candidate))
            assert r.status_code == 200, (page, r.text[:300])
            # Each server has its own form token; everything else is the page.
            out[page] = re.sub(r'name="csrf" value="[^"]*"', "", r.text)
    return out


def _fresh(store: ViewStore, *, read_only: bool = True) -> dict[str, str]:
    served = Served(store.path, read_only=read_only)
    try:
        return _pages(served, store)
    finally:
        served.stop()


def _refuse_everything(path: Path, run: str) -> None:
    """Another process calls every reply of ``run`` a full refusal (a rejudge, as far as pages can tell)."""
    code = (
        "import sys; from overrefusal.store import Store\n"
        "from overrefusal.types import Completion, Judgement, Verdict\n"
        "with Store(sys.argv[1]) as st:\n"
        "    for row in st.results(sys.argv[2]):\n"
        "        cid = st.add_completion('again-' + row.prompt.id, Completion('No.'))\n"
        "        st.put_result(sys.argv[2], row.prompt.id, cid, Judgement(Verdict.REFUSAL, 1.0, row.judgement.judge))\n"
    )
    subprocess.run([sys.executable, "-c", code, str(path), run], check=True)


def test_pages_are_kept_until_another_process_changes_the_store(view_store: ViewStore) -> None:
    with Store(view_store.path) as st:  # a sample, so that the label page computes corrected rates
        from overrefusal.estimate.labelling import draw_sample

        draw_sample(st, view_store.baseline, 10, seed=3)
    served = Served(view_store.path, read_only=True)
    try:
        first = _pages(served, view_store)
        assert _pages(served, view_store) == first
        _refuse_everything(view_store.path, view_store.baseline)
        changed = _pages(served, view_store)
    finally:
        served.stop()
    assert changed == _fresh(view_store)
    for page in PAGES[:2]:  # the report and the comparison (the label page shows no verdict before a label)
        assert changed[page] != first[page], page


def test_a_label_given_in_the_viewer_is_on_the_next_page(view_store: ViewStore) -> None:
    """The viewer's own label writer is another connection: its commit is a new version too."""
    served = Served(view_store.path)
    try:
        with httpx.Client(follow_redirects=True) as client:
            client.cookies.set(served.cookie(), served.token)
            label = served.base + f"/label?run={view_store.baseline}"
            page = client.get(label).text
            csrf = re.search(r'name="csrf" value="([^"]*)"', page)
            assert csrf is not None
            form = {"csrf": csrf.group(1), "run": view_store.baseline, "n": "8", "seed": "1"}
            client.post(served.base + "/label/sample", data=form)
            client.post(served.base + "/label/annotator", data={**form, "name": "ann"})
            cached = _pages(served, view_store)
            body = client.get(label).text
            pid = re.search(r'name="prompt" value="([^"]*)"', body)
            assert pid is not None
            client.post(served.base + "/label/give", data={**form, "prompt": pid.group(1), "verdict": "r"})
            after = _pages(served, view_store)
    finally:
        served.stop()
    assert after == _fresh(view_store, read_only=False)
    assert after[PAGES[2]] != cached[PAGES[2]]


def test_the_version_follows_commits_files_and_deletion(tmp_path: Path, view_store: ViewStore) -> None:
    cache = PageCache(view_store.path)
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        return len(calls)

    assert cache.get("k", compute) == 1 and cache.get("k", compute) == 1
    with Store(view_store.path) as st:  # an uncommitted transaction is not a new version; its commit is
        with st.transaction():
            cid = st.add_completion("new", Completion("x"))
            st.put_result(
                view_store.baseline, "b01", cid, Judgement(Verdict.PARTIAL, 0.5, "rules@1", (), StyleSignals())
            )
            assert cache.get("k", compute) == 1
    assert cache.get("k", compute) == 2
    copy = tmp_path / "copy.db"
    shutil.copyfile(view_store.path, copy)
    copy.replace(view_store.path)  # another file under the same name
    assert cache.get("k", compute) == 3
    view_store.path.unlink()
    assert cache.version() is None
    assert cache.get("k", compute) == 4 and cache.get("k", compute) == 5  # nothing kept while it cannot tell
    cache.close()
