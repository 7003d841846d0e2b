"""The viewer served by a real uvicorn on 127.0.0.1, port 0 (a free one), in a thread of the test process."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from overrefusal import api


class Served:
    def __init__(self, store: Path, *, read_only: bool = False):
        import uvicorn

        app, self.token = api.make_view_app(store, read_only=read_only)
        config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", access_log=False, lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the viewer did not start")
            time.sleep(0.02)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"

    def cookie(self, base: str = "overrefusal_view") -> str:
        """This server's name for the cookie ``base`` (names are per address and port)."""
        from overrefusal.view.security import cookie_name

        return cookie_name(base, ("127.0.0.1", self.port))

    @property
    def auth(self) -> str:
        """A Cookie header carrying the token."""
        return f"{self.cookie()}={self.token}"

    def url(self, path: str = "/") -> str:
        """``path`` with the token: the first request of a browser session."""
        sep = "&" if "?" in path else "?"
        return f"{self.base}{path}{sep}token={self.token}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


class Watched:
    """A browser context (its own cookies: one person) whose pages record errors, dialogs and requests."""

    def __init__(self, browser: Any, served: Served):
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.foreign: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.on("request", lambda r: None if r.url.startswith(served.base) else self.foreign.append(r.url))
        self.page.goto(served.url("/"))

    def clean(self) -> None:
        assert self.errors == [] and self.dialogs == [] and self.foreign == []
        assert self.page.evaluate("window.__pwned") is None

    def close(self) -> None:
        self.context.close()


def replayed_run(tmp: Path, rows: list[tuple[str, str, str, str]]) -> tuple[Path, dict[str, object]]:
    """A real run, in a real process, of a suite of ``rows`` (id, prompt, label, reply): the replay backend
    answers each prompt with its reply and the rules judge judges it. Returns the store and the run's
    ``--json`` summary."""
    import json

    from _cli import run_overrefusal

    suite, replies, store = tmp / "suite.jsonl", tmp / "replies.jsonl", tmp / "store.sqlite3"
    suite.write_text(
        "".join(json.dumps({"id": k, "text": text, "label": label}) + "\n" for k, text, label, _ in rows),
        encoding="utf-8",
    )
    replies.write_text(
        "".join(json.dumps({"id": k, "reply": reply}, ensure_ascii=False) + "\n" for k, _, _, reply in rows),
        encoding="utf-8",
    )
    p = run_overrefusal(
        *("run", "--model", f"replay/{replies}", "--suite", str(suite), "--judge", "rules", "--json"),
        *("--store", str(store)),
        real_process=True,
    )
    assert p.returncode == 0, p.stderr
    return store, json.loads(p.stdout)
