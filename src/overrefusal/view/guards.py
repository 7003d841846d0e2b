"""Two ASGI walls in front of the viewer that act before any page code runs (``security.TokenGate`` is the
third):

* :class:`HostGate`: the ``Host`` header must name this server (DNS rebinding: a page on ``evil.example``
  whose name its owner points at 127.0.0.1 reaches the viewer with ``Host: evil.example``; the browser would
  treat our answers as that site's, readable by its script). Allowed: the address the request arrived on, the
  host the viewer was started with, ``localhost``, ``127.0.0.1`` and ``[::1]``, each with the port the request
  arrived on. Anything else: 400.
* :class:`BodyLimit`: a request body is at most ``max_bytes``. A larger declared ``Content-Length`` is refused
  before a byte of the body is read; a body without one (chunked) is counted as it streams and refused as soon
  as it passes the limit: 413 either way, nothing buffered beyond the limit, no traceback.
"""

from __future__ import annotations

from collections.abc import Iterable

from .security import ASGIApp, Message, Receive, Scope, Send, plain

LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
UNSPECIFIED = frozenset({"0.0.0.0", "::", ""})


def split_host(value: str) -> tuple[str, int | None] | None:
    """``Host`` header value -> (lower-case host without brackets, port or None); None when malformed."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        host, rest = value[1:end], value[end + 1 :]
        if rest and not rest.startswith(":"):
            return None
        port_text = rest[1:] if rest else None
    elif value.count(":") == 1:
        host, port_text = value.split(":")
    elif ":" in value:
        return None  # an IPv6 address must be bracketed in a Host header
    else:
        host, port_text = value, None
    if not host:
        return None
    if port_text is None:
        return host, None
    if not port_text.isdigit() or len(port_text) > 5:
        return None
    return host, int(port_text)


def _header(scope: Scope, name: bytes) -> list[bytes]:
    return [v for k, v in scope.get("headers", []) if k.lower() == name]


class HostGate:
    """ASGI middleware: 400 unless the ``Host`` header names this server (see the module docstring)."""

    def __init__(self, app: ASGIApp, names: Iterable[str] = ()):
        self.app = app
        given = {n.strip().lower().strip("[]") for n in names if n.strip()}
        # "Every interface" is no name of this server: a page may ask a browser for http://0.0.0.0:PORT.
        self.names = LOCAL_NAMES | (given - UNSPECIFIED)

    def allowed(self, scope: Scope) -> bool:
        values = _header(scope, b"host")
        if len(values) != 1:
            return False
        parsed = split_host(values[0].decode("latin-1"))
        if parsed is None:
            return False
        host, port = parsed
        server = scope.get("server")
        if server:
            local, local_port = str(server[0]).lower(), server[1]
            if host not in self.names and host != local:
                return False
            return (port if port is not None else 80) == local_port
        # Mounted in a server that does not say where it listens: the names alone.
        return host in self.names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self.allowed(scope):
            await plain(send, 400, "bad request: the Host header does not name this viewer (open the URL it printed)")
            return
        await self.app(scope, receive, send)


class BodyLimit:
    """ASGI middleware: 413 for a request body over ``max_bytes`` (see the module docstring)."""

    def __init__(self, app: ASGIApp, max_bytes: int):
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _header(scope, b"content-length")
        if declared:
            text = declared[0].decode("latin-1").strip()
            if len(declared) > 1 or not text.isdigit():
                await plain(send, 400, "bad request: malformed Content-Length")
                return
            if int(text) > self.max_bytes:
                await plain(send, 413, f"request too large (at most {self.max_bytes} bytes)")
                return
        chunks: list[bytes] = []
        total = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client left: nobody to answer
            body = message.get("body", b"")
            total += len(body)
            if total > self.max_bytes:
                await plain(send, 413, f"request too large (at most {self.max_bytes} bytes)")
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        buffered: Message | None = {"type": "http.request", "body": b"".join(chunks), "more_body": False}

        async def replay() -> Message:
            nonlocal buffered
            if buffered is not None:
                message, buffered = buffered, None
                return message
            return await receive()

        await self.app(scope, replay, send)
