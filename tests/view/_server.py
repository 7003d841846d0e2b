"""The viewer served by a real uvicorn on 127.0.0.1, port 0 (a free one), in a thread of the test process."""

from __future__ import annotations

import threading
import time
from pathlib import Path

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
