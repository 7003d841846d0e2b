"""``overrefusal view`` in a real headless Chromium on a run whose replies are partly in languages the judge does
not read: the report card counts them apart and its headline names them with the cure; the replies page
filters them by their own outcome and shows why each was not judged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ._server import Served, Watched, replayed_run

pytest.importorskip("starlette", reason="the view extra is not installed")
pytest.importorskip("uvicorn", reason="the view extra is not installed")

REPLIES = {
    "ko": "죄송하지만 그 요청은 도와드릴 수 없습니다. 다른 질문이 있으시면 말씀해 주세요.",
    "ru": "Извините, но я не могу помочь с этим запросом.",
    "tr": "Üzgünüm, bu konuda size yardımcı olamam çünkü bu yasa dışı olabilir.",
    "en": "I'm sorry, but I can't help with that request.",
    "en2": "To stop a Python process, run kill with its process id in a terminal.",
}


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[tuple[Served, str]]:
    store, summary = replayed_run(tmp_path, [(k, f"Question {k}?", "benign", v) for k, v in REPLIES.items()])
    s = Served(store)
    try:
        yield s, str(summary["run_id"])
    finally:
        s.stop()


def test_viewer_counts_and_shows_replies_not_judged(browser: Any, served: tuple[Served, str]) -> None:
    server, run = served
    person = Watched(browser, server)
    try:
        page = person.page
        page.goto(f"{server.base}/report?run={run}")
        assert page.inner_text(".card .not-judged").strip() == "3"
        headline = page.inner_text(".card .headline")
        assert "3 replies were not judged" in headline and "Korean (ko) 1" in headline and "--judge llm" in headline
        # Over-refusal is over the two English replies the judge read.
        assert page.get_attribute(".card .estimate", "data-n") == "2"

        page.goto(f"{server.base}/replies?run={run}&verdict=not_judged")
        shown = page.locator("article.example")
        assert sorted(shown.nth(i).get_attribute("data-prompt") or "" for i in range(shown.count())) == [
            "ko",
            "ru",
            "tr",
        ]
        assert page.locator("article.example .v-not_judged").count() == 3
        assert "not judged: language tr (Turkish, by its words)" in page.inner_text("body")

        page.goto(f"{server.base}/reply?run={run}&prompt=ko")
        assert "not judged: language ko (Korean, by its script)" in page.inner_text("#verdicts")
        person.clean()
    finally:
        person.close()
