"""A real HTTP server on 127.0.0.1 for the tests that talk to one (a scripted OpenAI-compatible server, a fake hub):
the test writes the request handler, this serves it from a thread and stops it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from socketserver import BaseRequestHandler
from typing import Any, TypeVar

_Server = TypeVar("_Server", bound="LocalServer")


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True  # a handler that hangs (the point of some tests) must not block shutdown

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client killed or timed out mid-request (the point of several tests) is not worth a traceback


class QuietHandler(BaseHTTPRequestHandler):
    """A handler that keeps its connections alive (HTTP/1.1, as an OpenAI-compatible server does: a fault must not
    poison the client's connection pool) and logs nothing into the test output."""

    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass


class LocalServer:
    """``handler`` served on 127.0.0.1 at a free port from :meth:`start` (or entering ``with``) to :meth:`close`
    (or leaving it). A scripted server subclasses it and passes its handler class to ``__init__``."""

    def __init__(self, handler: Callable[..., BaseRequestHandler]) -> None:
        self.server = _QuietServer(("127.0.0.1", 0), handler)
        self.port = int(self.server.server_address[1])
        self.origin = f"http://127.0.0.1:{self.port}"
        self.base_url = f"{self.origin}/v1"
        """Where an OpenAI-compatible client is pointed (``--base-url``)."""
        # A short poll: close() waits up to one interval for the serving loop to notice.
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def start(self: _Server) -> _Server:
        self._thread.start()
        return self

    def close(self) -> None:
        if self._thread.is_alive():  # shutdown() waits for a serving loop: one never started would never answer
            self.server.shutdown()
        self.server.server_close()

    def __enter__(self: _Server) -> _Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()
