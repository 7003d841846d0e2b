"""Any OpenAI-compatible chat-completions server: OpenAI itself, vLLM, llama.cpp server, Ollama, TGI.

The backend never raises for a failed request: after its retries it returns a Completion whose
``error`` says what went wrong, so one bad prompt never stops a run and errors are never mistaken
for refusals.

Secrets: the API key is read from the environment variable named by ``BackendOptions.api_key_env``
at request time. It is never stored on the object, so it cannot leak through ``repr``, pickling or
logs, and it is scrubbed from any server text copied into an error message (some servers echo the
key they rejected).
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import math
import os
import random
import ssl
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timezone
from typing import Any

import aiohttp

from ..errors import UserError
from ..guards.sanitize import MAX_TOKEN_COUNT
from ..guards.secrets import Scrubber, env_references, read_key, resolve_env_references
from ..types import Completion, GenerationConfig, Message, Prompt, Usage
from ._base import BackendOptions, BaseBackend, sampling_fields
from ._options import option

DEFAULT_BASE_URL = "https://api.openai.com/v1"

_DAY_S = 24 * 3600.0
"""The longest any wait may be set to: a longer one is a typo, and would look like a hung run."""


REQUEST_FIELDS = (
    "model",
    "messages",
    "prompt",
    "max_tokens",
    "max_completion_tokens",
    "temperature",
    "top_p",
    "seed",
    "stop",
    "stream",
    "stream_options",
    "n",
    "best_of",
)
"""Request body fields the tool sets itself (or that change what one request returns: ``n``, ``stream``): an
``extra_body`` replacing one would make the stored replies answers to another request than the run records."""


@dataclass(frozen=True)
class OpenAIOptions:
    """``--backend-option`` settings of ``openai/MODEL`` (the address, key variable, timeout and retries
    have flags of their own: ``--base-url``, ``--api-key-env``, ``--timeout``, ``--max-retries``)."""

    backoff_base_s: float = option(
        0.5, "first retry delay in seconds; doubles per retry, half of it random", minimum=0.0, maximum=_DAY_S
    )
    backoff_max_s: float = option(30.0, "cap of the doubling retry delay, seconds", minimum=0.0, maximum=_DAY_S)
    max_retry_after_s: float = option(
        120.0, "cap of the wait a server asks for with Retry-After, seconds", minimum=0.0, maximum=_DAY_S
    )
    # 0 connections would make every request wait for a free connection for ever.
    max_connections: int = option(100, "connections kept open to the server", minimum=1, maximum=10_000)
    extra_body: Mapping[str, Any] = option(
        {},
        'passed through: fields merged into every request body, e.g. `{"repetition_penalty": 1.1}` for vLLM',
        # Not the fields the tool sets for each request; `{"$env": "NAME"}` inside it sends $NAME's value.
        reserved=REQUEST_FIELDS,
    )


# Status codes worth retrying: 408 (the server timed the request out), 429 (rate limited) and 5xx
# (overloaded or failing). Every other 4xx is the request's own fault and would fail again.
_RETRY_STATUS = frozenset({408, 429})

# Transport failures that are usually transient: a refused or dropped connection, a reply cut short or not
# readable as HTTP. An invalid URL is not (aiohttp.InvalidURL, a ClientError outside these).
_RETRY_EXCEPTIONS: tuple[type[BaseException], ...] = (
    aiohttp.ClientConnectionError,
    aiohttp.ClientPayloadError,
    aiohttp.ClientResponseError,
)

# How much server text an error message carries: enough to diagnose, short enough for a table cell.
_ERROR_BODY_CHARS = 300


def parse_retry_after(headers: Mapping[str, str], now: float | None = None) -> float | None:
    """Seconds to wait as the server asked, or None when it did not say.

    Understands ``retry-after-ms`` (sent by OpenAI), ``Retry-After: <seconds>`` and
    ``Retry-After: <HTTP date>``. A date in the past means "now" (0 seconds).
    """
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    if when.tzinfo is None:  # HTTP dates are GMT; a naive result means the zone was omitted
        when = when.replace(tzinfo=timezone.utc)
    current = now if now is not None else time.time()
    return max(0.0, when.timestamp() - current)


class OpenAIBackend(BaseBackend):
    """Chat completions over HTTP from any OpenAI-compatible server.

    Options used: ``base_url`` (default the OpenAI API), ``api_key_env``, ``timeout_s``,
    ``max_retries``; in ``extra``: :class:`OpenAIOptions`.
    """

    options_type = OpenAIOptions

    def __init__(self, model: str, options: BackendOptions | None = None, *, rng: random.Random | None = None):
        """``model`` is the server's model name; ``rng`` draws the retry jitter (a private
        ``random.Random`` when omitted, never the global one)."""
        self.model = model
        self.options = options or BackendOptions()
        self.model_id = f"openai/{model}"
        self.base_url = check_base_url((self.options.base_url or DEFAULT_BASE_URL).rstrip("/"))
        self._rng = rng if rng is not None else random.Random()
        timeout = self.options.timeout_s
        if not (isinstance(timeout, (int, float)) and math.isfinite(timeout) and timeout > 0):
            raise UserError(f"expected a positive number of seconds, got {timeout!r}", field="--timeout")
        settings: OpenAIOptions = self.read_options(self.options, "openai")
        self._backoff_base_s = settings.backoff_base_s
        self._backoff_max_s = settings.backoff_max_s
        self._max_retry_after_s = settings.max_retry_after_s
        self._max_connections = settings.max_connections
        # Checked at start-up, so a key no HTTP header can carry is one clear error before anything runs.
        read_key(self.options.api_key_env)
        self._extra_body: dict[str, Any] = dict(settings.extra_body)
        # {"$env": "NAME"} references: their names are part of the run; their values are read when sent.
        self._extra_env = env_references(self._extra_body)
        resolve_env_references(self._extra_body, field="--backend-option extra_body")
        # One client session (one connection pool) shared by all requests. aiohttp sessions are bound to the
        # event loop that opened their connections, so the session is made on first use and made again if
        # a later call runs on a different loop (e.g. successive asyncio.run calls).
        self._client: aiohttp.ClientSession | None = None
        self._client_loop: asyncio.AbstractEventLoop | None = None
        self._proxy: tuple[str, aiohttp.BasicAuth | None] | None = None

    def __repr__(self) -> str:
        # Only the *name* of the key variable: the key itself is never held by this object.
        return (
            f"OpenAIBackend(model={self.model!r}, base_url={self.base_url!r}, api_key_env={self.options.api_key_env!r})"
        )

    # -- lifecycle -------------------------------------------------------------------------------

    def _get_client(self) -> aiohttp.ClientSession:
        loop = asyncio.get_running_loop()
        if self._client is None or self._client_loop is not loop or self._client.closed:
            if self._client is not None and not self._client.closed:
                _abandon(self._client)
            # aiohttp rather than httpx: at 64 requests in flight httpx's pool spent ~4 ms of CPU per request
            # here, aiohttp ~0.15 ms (docs/performance.md, "Throughput").
            proxy = _proxy_for(self.base_url)
            # Loading the certificates takes tens of ms: only when a connection can be TLS at all (aiohttp's
            # default context, which verifies, stands for it otherwise).
            tls = self.base_url.lower().startswith("https:") or (
                proxy is not None and proxy[0].lower().startswith("https:")
            )
            self._client = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(
                    limit=self._max_connections, limit_per_host=0, ssl=_ssl_context() if tls else True
                ),
                timeout=aiohttp.ClientTimeout(total=self.options.timeout_s),
                # No trust_env: it looks up proxies and ~/.netrc in a thread for every request (two thread hops,
                # ~0.3 ms of CPU each here), and a netrc entry would clash with our Authorization header. The
                # proxy is looked up once instead (_proxy_for).
                # Our own JSON: compact, non-ASCII as UTF-8, and no NaN (no server reads it).
                json_serialize=_dumps,
            )
            self._client_loop = loop
            self._proxy = proxy
        return self._client

    def __del__(self) -> None:
        # A backend dropped without aclose (a judge's, once its event loop has ended) would leave its session to
        # report "Unclosed client session" on the user's terminal when collected, often at exit.
        client = getattr(self, "_client", None)
        if client is not None and not client.closed:
            _abandon(client)

    async def aclose(self) -> None:
        """Close the connection pool. The backend may still be used afterwards (a new pool is made)."""
        client, self._client, self._client_loop = self._client, None, None
        if client is not None and not client.closed:
            await client.close()

    async def __aenter__(self) -> OpenAIBackend:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # -- requests --------------------------------------------------------------------------------

    def _body(self, messages: Sequence[Message], config: GenerationConfig) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [m.to_openai() for m in messages],
            **sampling_fields(config),
        }
        return self._with_extra(body)

    def _with_extra(self, body: dict[str, Any]) -> dict[str, Any]:
        """``body`` with the ``extra_body`` fields it does not set itself."""
        if not self._extra_body:
            return body
        extra = resolve_env_references(self._extra_body, field="--backend-option extra_body")
        assert isinstance(extra, dict)
        body.update({k: v for k, v in extra.items() if k not in body})
        return body

    def _backoff(self, attempt: int, retry_after: float | None) -> float:
        """Delay before retry number ``attempt`` (0-based)."""
        if retry_after is not None:
            # The server knows when it will have room; a small jitter still spreads the herd.
            return min(retry_after, self._max_retry_after_s) + self._rng.uniform(0.0, self._backoff_base_s)
        # "Equal jitter": half the exponential delay is certain, half random, so retries neither
        # synchronise across tasks nor collapse to zero wait.
        cap = min(self._backoff_max_s, self._backoff_base_s * (2**attempt))
        return cap / 2 + self._rng.uniform(0.0, cap / 2)

    def _scrubber(self) -> Scrubber:
        return Scrubber.from_env([self.options.api_key_env, *self._extra_env])

    def _scrub(self, text: str, secret: str | None = None) -> str:
        # Scrubbed before it is cut: a key split by the cut would no longer match.
        text = self._scrubber()(text.strip()).replace("\n", " ")
        if len(text) > _ERROR_BODY_CHARS:
            text = text[:_ERROR_BODY_CHARS] + "..."
        return text

    async def preflight(self) -> None:
        """Fail fast, before anything is stored, when nothing listens at the server address.

        Only a refused or unresolvable connection fails: a slow or erroring server is left to the
        per-request retries, whose failures are recorded as ERROR."""
        read_key(self.options.api_key_env)

        async def probe() -> None:
            async with self._get_client().get(f"{self.base_url}/models", timeout=aiohttp.ClientTimeout(total=10.0)):
                pass

        try:
            await asyncio.wait_for(probe(), 15.0)
        except (aiohttp.ClientConnectorError, aiohttp.InvalidURL) as exc:
            raise UserError(
                f"cannot reach the server at {self.base_url}: {type(exc).__name__}: {self._scrub(str(exc))}",
                field="--base-url",
            ) from None
        except (aiohttp.ClientError, asyncio.TimeoutError):
            pass

    async def generate(
        self, messages: Sequence[Message], config: GenerationConfig, *, prompt: Prompt | None = None
    ) -> Completion:
        """One chat completion, retried on 408/429/5xx, timeouts and connection failures."""
        return await self._post(f"{self.base_url}/chat/completions", self._body(messages, config), self._parse)

    async def complete_text(self, text: str, config: GenerationConfig) -> Completion:
        """One plain-text completion (``/completions``): ``text`` goes to the model exactly as given, with no
        chat template. For models trained on a raw prompt format of their own (WildGuard); retried and
        failed like :meth:`generate`."""
        body = self._with_extra({"model": self.model, "prompt": text, **sampling_fields(config)})
        return await self._post(f"{self.base_url}/completions", body, self._parse_text)

    async def _post(
        self, url: str, body: dict[str, Any], read: Callable[[_Reply, float, str | None], Completion]
    ) -> Completion:
        """POST ``body`` with retries; a 200 answer is turned into a Completion by ``read``."""
        start = time.perf_counter()
        try:
            payload = _dumps(body).encode("utf-8")
        except (ValueError, TypeError) as exc:  # NaN or a value JSON cannot carry: no server could read it
            return self._error(f"request body is not JSON: {exc}", start)
        last_error = "no attempt made"
        attempts = max(0, self.options.max_retries) + 1
        for attempt in range(attempts):
            # Read at request time so a rotated key is picked up and the key never lives on self.
            try:
                key = read_key(self.options.api_key_env)
            except UserError as exc:
                return self._error(str(exc), start)
            headers = {"Content-Type": "application/json"}
            if key:
                headers["Authorization"] = f"Bearer {key}"
            retry_after: float | None = None
            try:
                # One deadline for the whole request (connect, send, reading the whole body), so a server
                # trickling a byte at a time trips it too.
                response = await asyncio.wait_for(self._send(url, payload, headers), self.options.timeout_s)
            except asyncio.TimeoutError:
                last_error = f"request timed out (no complete reply within {self.options.timeout_s:g} s)"
            except _RETRY_EXCEPTIONS as exc:
                kind = "timed out" if isinstance(exc, aiohttp.ServerTimeoutError) else "connection failed"
                last_error = (
                    f"request {kind}{_transport_reason(exc)} ({type(exc).__name__}: {self._scrub(str(exc), key)})"
                )
            except aiohttp.ClientError as exc:
                # Not transient (an invalid URL): retrying cannot help.
                return self._error(f"request failed ({type(exc).__name__}: {self._scrub(str(exc), key)})", start)
            else:
                status = response.status
                if status == 200:
                    return read(response, start, key)
                detail = self._scrub(response.text, key)
                last_error = f"HTTP {status} from {url}: {detail}"
                if status not in _RETRY_STATUS and status < 500:
                    return self._error(last_error, start)
                retry_after = parse_retry_after(response.headers)
            if attempt + 1 < attempts:
                await asyncio.sleep(self._backoff(attempt, retry_after))
        return self._error(f"{last_error} (gave up after {attempts} attempts)", start)

    async def _send(self, url: str, payload: bytes, headers: dict[str, str]) -> _Reply:
        """One POST, its whole body read (the connection goes back to the pool as soon as it is)."""
        # No redirects, as with httpx: a POST is not re-sent to wherever a server points, key and all.
        client = self._get_client()
        proxy, proxy_auth = self._proxy or (None, None)
        async with client.post(
            url, data=payload, headers=headers, allow_redirects=False, proxy=proxy, proxy_auth=proxy_auth
        ) as response:
            body = await response.read()
            return _Reply(response.status, response.headers, body)

    def _error(self, message: str, start: float) -> Completion:
        return Completion(text="", error=message, latency_s=time.perf_counter() - start)

    def _first_choice(self, response: _Reply, start: float, key: str | None) -> dict[str, Any] | Completion:
        """The answer's JSON body and first choice, or an error Completion saying why there is none."""
        try:
            data = json.loads(response.body)
        except (ValueError, RecursionError):  # also a 5,000-digit integer or JSON nested 100,000 deep
            return self._error(f"malformed JSON in reply: {self._scrub(response.text, key)!r}", start)
        if not isinstance(data, dict):
            return self._error(f"reply is not a JSON object: {self._scrub(response.text, key)!r}", start)
        choices = data.get("choices")
        if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
            return self._error(f"reply has no choices: {self._scrub(response.text, key)!r}", start)
        return data

    def _parse_text(self, response: _Reply, start: float, key: str | None) -> Completion:
        """A ``/completions`` answer: the first choice's ``text``."""
        latency = time.perf_counter() - start
        data = self._first_choice(response, start, key)
        if isinstance(data, Completion):
            return data
        choice = data["choices"][0]
        content = choice.get("text")
        if not isinstance(content, str):
            return self._error(f"reply choice has no text: {self._scrub(response.text, key)!r}", start)
        return self._completion(data, choice, content, latency)

    def _parse(self, response: _Reply, start: float, key: str | None) -> Completion:
        latency = time.perf_counter() - start
        data = self._first_choice(response, start, key)
        if isinstance(data, Completion):
            return data
        choice = data["choices"][0]
        message = choice.get("message")
        if not isinstance(message, dict):
            return self._error(f"reply choice has no message: {self._scrub(response.text, key)!r}", start)
        content = message.get("content")
        if content is None and isinstance(message.get("refusal"), str):
            # OpenAI puts a model refusal under "refusal" with null content; it is the reply the user sees.
            content = message["refusal"]
        if content is None:
            content = ""  # e.g. a provider content filter: finish_reason says why it is empty
        if not isinstance(content, str):
            return self._error(f"reply content is not text: {self._scrub(repr(content), key)}", start)
        return self._completion(data, choice, content, latency)

    def _completion(self, data: dict[str, Any], choice: dict[str, Any], content: str, latency: float) -> Completion:
        # A proxy or server that echoes the request's key (raw or encoded) must not get it into the store.
        scrub = self._scrubber()
        content = scrub(content)
        usage_raw = data.get("usage")
        if not isinstance(usage_raw, dict):
            usage_raw = {}  # servers may omit usage; 0 means unknown
        usage = Usage(
            prompt_tokens=_as_int(usage_raw.get("prompt_tokens")),
            completion_tokens=_as_int(usage_raw.get("completion_tokens")),
        )
        finish = choice.get("finish_reason")
        # Only text is a reason: a number, an object or a list would be stored as its Python repr.
        return Completion(
            text=content, finish_reason=scrub(finish) if isinstance(finish, str) else "", usage=usage, latency_s=latency
        )


@dataclass(frozen=True)
class _Reply:
    """A server's whole answer to one request."""

    status: int
    """The HTTP status code."""
    headers: Mapping[str, str]
    """Its headers (case-insensitive look-up)."""
    body: bytes
    """Its body as received (decompressed)."""

    @property
    def text(self) -> str:
        """The body as text for an error message; bytes that are not UTF-8 are replaced, never fatal."""
        return self.body.decode("utf-8", errors="replace")


def _transport_reason(exc: BaseException) -> str:
    """What a transport failure means in words that do not depend on the HTTP library (aiohttp's own texts
    name its internals, e.g. ContentLengthError)."""
    if isinstance(exc, aiohttp.ClientPayloadError):
        return ": peer closed connection before the whole reply arrived"
    if isinstance(exc, aiohttp.ServerDisconnectedError):
        return ": peer closed connection without a reply"
    if isinstance(exc, aiohttp.ClientConnectorError):
        return ": cannot connect"
    return ""


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _ssl_context() -> ssl.SSLContext:
    """The certificates httpx trusted: ``$SSL_CERT_FILE`` / ``$SSL_CERT_DIR`` when set, else certifi's bundle
    (else the system's)."""
    cafile, capath = os.environ.get("SSL_CERT_FILE") or None, os.environ.get("SSL_CERT_DIR") or None
    if cafile is None and capath is None:
        try:
            import certifi

            cafile = certifi.where()
        except ImportError:
            pass
    return ssl.create_default_context(cafile=cafile, capath=capath)


def _proxy_for(base_url: str) -> tuple[str, aiohttp.BasicAuth | None] | None:
    """The proxy for requests to ``base_url`` from ``HTTP_PROXY`` / ``HTTPS_PROXY`` / ``NO_PROXY`` (as httpx
    honoured them), or None for a direct connection. Read once per connection pool: the environment does not
    change during a run."""
    from yarl import URL

    try:
        proxy, auth = aiohttp.helpers.get_env_proxy_for_url(URL(base_url))
    except LookupError:
        return None
    return str(proxy), auth


def _abandon(session: aiohttp.ClientSession) -> None:
    """Forget a session whose event loop has ended: it cannot be closed through that loop, so it is detached
    from its pool (whose sockets are collected with it) and does not warn when collected."""
    session.detach()


def _as_int(value: Any) -> int:
    """A token count from the server; 0 (unknown) for anything that is not a finite count in range
    (``Infinity``, ``1e30``, a string): one odd field must not crash the run."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0
    if isinstance(value, float) and not math.isfinite(value):
        return 0
    return int(value) if 0 <= value <= MAX_TOKEN_COUNT else 0


def check_base_url(url: str) -> str:
    """``url`` if it is an http(s) URL with a host and a valid port; else a UserError on ``--base-url``."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        port = parts.port  # raises ValueError for a port out of 0-65535 or not a number
    except ValueError as exc:
        raise UserError(f"invalid server URL {url!r}: {exc}", field="--base-url") from None
    if parts.scheme not in ("http", "https"):
        raise UserError(f"invalid server URL {url!r}: expected http:// or https://", field="--base-url")
    if not parts.hostname:
        raise UserError(f"invalid server URL {url!r}: no host", field="--base-url")
    if port == 0:
        raise UserError(f"invalid server URL {url!r}: port 0", field="--base-url")
    return url
