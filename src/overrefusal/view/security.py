"""The viewer's walls: a secret token on every request, CSRF tokens on every write, strict response headers.

The token (``secrets.token_urlsafe``) is printed in the URL at start, as Jupyter does. The first request
carries it as ``?token=``; the answer moves it into an HttpOnly, SameSite=Strict cookie and redirects to the
same page without it (so it stays out of the address bar, history and any Referer). Every later request must
carry the cookie: another site the browser has open cannot (SameSite=Strict), and a page on another origin
cannot read ours. Writes also need the CSRF token of a form the app served, and come only by POST.
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, urlencode

COOKIE = "overrefusal_view"
"""The token cookie's name before :func:`cookie_name` makes it this server's own."""

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
"""No inline script or style anywhere (no 'unsafe-inline'): markup injected from a model could run nothing
even if escaping failed; scripts and styles come only from the app's own allow-listed static files."""

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def same(a: str, b: str) -> bool:
    """Constant-time comparison (no timing hint about how much of a guessed token was right)."""
    return hmac.compare_digest(a.encode("utf-8", "surrogatepass"), b.encode("utf-8", "surrogatepass"))


def cookie_name(base: str, server: Any) -> str:
    """``base`` suffixed with the address and port the request arrived on (ASGI ``scope["server"]``).

    Browsers keep cookies per host name, not per port: two viewers on one machine would otherwise share one
    cookie, and opening the second would overwrite the first one's token and lock its tabs out."""
    if not server:
        return base
    host = "".join(c if c.isalnum() else "_" for c in str(server[0]))
    return f"{base}_{host}_{int(server[1])}"


def _cookie(scope: Scope, name: str) -> str | None:
    for key, value in scope.get("headers", []):
        if key == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # a malformed cookie header is no token
                return None
            if name in jar:
                return jar[name].value
    return None


def _with_headers(send: Send) -> Send:
    async def send_with_headers(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [h for h in message.get("headers", []) if h[0].lower() not in {k for k, _ in HEADERS}]
            message["headers"] = headers + list(HEADERS)
        await send(message)

    return send_with_headers


class StrictHeaders:
    """ASGI middleware, the outermost: every response, refusals by the walls inside it included, gets
    :data:`HEADERS`."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, _with_headers(send) if scope["type"] == "http" else send)


class TokenGate:
    """ASGI middleware: every request needs the token (query once, then the cookie); every response gets
    :data:`HEADERS`."""

    def __init__(self, app: ASGIApp, token: str):
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            if scope["type"] == "lifespan":
                await self.app(scope, receive, send)
            return  # websockets: the app has none

        send_with_headers = _with_headers(send)
        name = cookie_name(COOKIE, scope.get("server"))
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        given = [v for k, v in query if k == "token"]
        if given and same(given[-1], self.token):
            rest = urlencode([(k, v) for k, v in query if k != "token"])
            # The path as sent (still percent-encoded, so no decoded CR/LF can reach the header), and only a
            # path on this server ("//host" would send the browser elsewhere).
            raw = scope.get("raw_path") or scope.get("path", "/").encode("utf-8")
            path = raw.decode("latin-1")
            if not path.startswith("/") or path.startswith("//") or any(c in path for c in "\r\n\\"):
                path = "/"
            location = path + (f"?{rest}" if rest else "")
            await plain(
                send_with_headers,
                303,
                "see other",
                extra=[
                    (b"location", location.encode("latin-1", "replace")),
                    (
                        b"set-cookie",
                        f"{name}={self.token}; Path=/; HttpOnly; SameSite=Strict".encode(),
                    ),
                ],
            )
            return
        cookie = _cookie(scope, name)
        if cookie is None or not same(cookie, self.token):
            await plain(
                send_with_headers,
                403,
                "forbidden: this viewer needs the token it printed when it started; open the URL it printed",
            )
            return
        await self.app(scope, receive, send_with_headers)


async def plain(send: Send, status: int, text: str, extra: list[tuple[bytes, bytes]] | None = None) -> None:
    body = (text + "\n").encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                *(extra or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
