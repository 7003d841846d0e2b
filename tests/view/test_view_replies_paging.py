"""The replies page over more replies than one page: its next and previous links name the suite position their
page starts beside (keyset paging), and following them shows every matching reply once, in suite order; a link
with an offset alone (a bookmark from before) still shows its page."""

from __future__ import annotations

import html
import re
from pathlib import Path

import httpx

from overrefusal.store import RunRecord, Store
from overrefusal.types import Completion, Judgement, Label, Prompt, StyleSignals, Verdict

from ._server import Served

N = 200
"""Prompts in the run: more than two pages of 50 of full compliances."""


def _store(path: Path) -> list[str]:
    """A run of ``N`` prompts, every third one refused; returns the ids of the complied ones, in suite order."""
    prompts = [Prompt(f"q{i:03d}", f"prompt {i}", Label.BENIGN, category="c") for i in range(N)]
    record = RunRecord(
        run_id="r1",
        suite_name="s",
        suite_version="v",
        deployment_id="d",
        deployment={"model": "replay/x.csv"},
        generation={},
        judge_id="rules@1",
        provenance={},
    )
    with Store(path) as st:
        st.begin_run(record, prompts)
        with st.transaction():
            for i, p in enumerate(prompts):
                cid = st.add_completion(f"k{i}", Completion(f"reply {i}"))
                verdict = Verdict.REFUSAL if i % 3 == 0 else Verdict.COMPLIANCE
                st.put_result("r1", p.id, cid, Judgement(verdict, 0.9, "rules@1", (), StyleSignals()))
    return [p.id for i, p in enumerate(prompts) if i % 3]


def _page(client: httpx.Client, base: str, path: str) -> tuple[list[str], dict[str, str]]:
    """(the prompt ids shown, {"next" | "previous": link}) of one replies page."""
    r = client.get(base + path)
    assert r.status_code == 200, r.text[:300]
    ids = re.findall(r'<article class="example" data-prompt="([^"]+)"', r.text)
    links = {
        ("next" if "next" in text else "previous"): html.unescape(href)
        for href, text in re.findall(r'<a href="(/replies\?[^"]*)">([^<]*(?:next|previous)[^<]*)</a>', r.text)
    }
    return ids, links


def test_next_and_previous_links_walk_every_reply_once_by_position(tmp_path: Path) -> None:
    complied = _store(tmp_path / "s.db")
    served = Served(tmp_path / "s.db", read_only=True)
    try:
        with httpx.Client(headers={"Cookie": served.auth}) as client:
            pages = [_page(client, served.base, "/replies?run=r1&verdict=full_compliance")]
            while "next" in pages[-1][1]:
                assert "after=" in pages[-1][1]["next"]
                pages.append(_page(client, served.base, pages[-1][1]["next"]))
            assert [i for ids, _ in pages for i in ids] == complied
            assert [len(ids) for ids, _ in pages] == [50, 50, len(complied) - 100]
            # Back from the last page, page by page, to the first, which has no previous link.
            back = [pages[-1]]
            while "previous" in back[-1][1]:
                assert "before=" in back[-1][1]["previous"]
                back.append(_page(client, served.base, back[-1][1]["previous"]))
            assert [ids for ids, _ in back] == [ids for ids, _ in pages][::-1]
            assert _page(client, served.base, "/replies?run=r1&verdict=full_compliance&offset=50")[0] == pages[1][0]
    finally:
        served.stop()
