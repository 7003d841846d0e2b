"""OpenAIBackend against a real llama.cpp server and against a scripted local HTTP server."""

from __future__ import annotations

import asyncio
import email.utils
import json
import random
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler

import pytest

from _http import LocalServer
from overrefusal.backends import BackendOptions
from overrefusal.backends.openai import OpenAIBackend, parse_retry_after
from overrefusal.types import Completion, GenerationConfig, Message, Role

HELLO = [Message(Role.USER, "Say hello in one word.")]
SHORT = GenerationConfig(temperature=0.0, max_tokens=16, seed=1)
OK_BODY = {
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "Hello!"}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 7, "completion_tokens": 2},
}
SECRET = "sk-test-DO-NOT-LEAK-4242"


# -- a scripted server ---------------------------------------------------------------------------


class Scripted(LocalServer):
    """A real HTTP server on 127.0.0.1 whose replies are chosen per path by a test. Counts requests."""

    def __init__(self) -> None:
        self.routes: dict[str, Callable[[BaseHTTPRequestHandler, int], None]] = {}
        self.counts: dict[str, int] = {}
        self.auth: list[str | None] = []
        self.bodies: list[dict] = []
        self.lock = threading.Lock()
        scripted = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server API
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                route = self.path.split("/")[1]
                with scripted.lock:
                    n = scripted.counts.get(route, 0) + 1
                    scripted.counts[route] = n
                    scripted.auth.append(self.headers.get("Authorization"))
                    scripted.bodies.append(json.loads(raw))
                scripted.routes[route](self, n)

            def log_message(self, *args: object) -> None:  # keep test output clean
                pass

        super().__init__(Handler)
        self.start()

    def url(self, route: str) -> str:
        return f"{self.origin}/{route}"


def send(
    handler: BaseHTTPRequestHandler, status: int, body: bytes | dict, headers: dict[str, str] | None = None
) -> None:
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    for k, v in (headers or {}).items():
        handler.send_header(k, v)
    handler.end_headers()
    handler.wfile.write(data)


@pytest.fixture()
def scripted() -> Iterator[Scripted]:
    server = Scripted()
    yield server
    server.close()


def backend_for(url: str, *, retries: int = 3, timeout: float = 5.0, key_env: str = "OR_TEST_KEY") -> OpenAIBackend:
    options = BackendOptions(
        base_url=url,
        api_key_env=key_env,
        timeout_s=timeout,
        max_retries=retries,
        extra={"backoff_base_s": 0.01, "backoff_max_s": 0.05},
    )
    return OpenAIBackend("test-model", options, rng=random.Random(0))


def run_one(backend: OpenAIBackend, messages=HELLO, config=SHORT) -> Completion:
    async def go() -> Completion:
        try:
            return await backend.generate(messages, config)
        finally:
            await backend.aclose()

    return asyncio.run(go())


# -- (a) a real llama.cpp server -------------------------------------------------------------------


@pytest.mark.slow
def test_real_server_reply_with_usage(llama_server) -> None:
    backend = OpenAIBackend(llama_server.model, BackendOptions(base_url=llama_server.base_url, timeout_s=120))
    c = run_one(backend, [Message(Role.USER, "What is the capital of France?")], GenerationConfig(max_tokens=24))
    assert c.ok, c.error
    assert c.text.strip()
    assert c.usage.prompt_tokens > 0 and 0 < c.usage.completion_tokens <= 24
    assert c.finish_reason in ("stop", "length")
    assert c.latency_s > 0


@pytest.mark.slow
def test_real_server_concurrent_requests(llama_server) -> None:
    backend = OpenAIBackend(llama_server.model, BackendOptions(base_url=llama_server.base_url, timeout_s=120))
    questions = ["Name a colour.", "Name a fruit.", "Name an animal.", "Name a country."]

    async def go() -> list[Completion]:
        async with backend:
            return await asyncio.gather(
                *(backend.generate([Message(Role.USER, q)], GenerationConfig(max_tokens=12)) for q in questions)
            )

    results = asyncio.run(go())
    assert len(results) == 4
    assert all(c.ok and c.text.strip() for c in results), [c.error for c in results]


@pytest.mark.slow
def test_real_server_is_deterministic_at_temperature_zero(llama_server) -> None:
    backend = OpenAIBackend(llama_server.model, BackendOptions(base_url=llama_server.base_url, timeout_s=120))
    config = GenerationConfig(temperature=0.0, max_tokens=16, seed=3)
    msgs = [Message(Role.USER, "Count from one to five.")]
    first, second = run_one(backend, msgs, config), run_one(backend, msgs, config)
    assert first.ok and second.ok
    assert first.text == second.text


# -- (b) retries, errors and parsing against a scripted server ----------------------------------


def test_success_parses_text_usage_finish_and_sends_parameters(scripted: Scripted) -> None:
    scripted.routes["ok"] = lambda h, n: send(h, 200, OK_BODY)
    config = GenerationConfig(temperature=0.7, max_tokens=33, seed=9, top_p=0.9, stop=("\n\n",))
    c = run_one(backend_for(scripted.url("ok")), config=config)
    assert c.ok and c.text == "Hello!" and c.finish_reason == "stop"
    assert (c.usage.prompt_tokens, c.usage.completion_tokens) == (7, 2)
    body = scripted.bodies[0]
    assert body["model"] == "test-model"
    assert body["messages"] == [{"role": "user", "content": "Say hello in one word."}]
    assert (body["temperature"], body["max_tokens"], body["seed"], body["top_p"], body["stop"]) == (
        0.7,
        33,
        9,
        0.9,
        ["\n\n"],
    )


def test_429_with_retry_after_then_success(scripted: Scripted) -> None:
    def route(h: BaseHTTPRequestHandler, n: int) -> None:
        if n == 1:
            send(h, 429, {"error": {"message": "slow down"}}, {"Retry-After": "1"})
        else:
            send(h, 200, OK_BODY)

    scripted.routes["rl"] = route
    start = time.monotonic()
    c = run_one(backend_for(scripted.url("rl")))
    elapsed = time.monotonic() - start
    assert c.ok and c.text == "Hello!"
    assert scripted.counts["rl"] == 2
    assert elapsed >= 0.95, "Retry-After: 1 must be honoured (the backoff alone is ~0.01 s)"
    assert c.latency_s >= 0.95, "latency includes the retries"


def test_retry_after_http_date_is_honoured(scripted: Scripted) -> None:
    def route(h: BaseHTTPRequestHandler, n: int) -> None:
        if n == 1:
            when = email.utils.formatdate(time.time() + 2, usegmt=True)
            send(h, 429, {"error": "busy"}, {"Retry-After": when})
        else:
            send(h, 200, OK_BODY)

    scripted.routes["date"] = route
    start = time.monotonic()
    c = run_one(backend_for(scripted.url("date")))
    assert c.ok and scripted.counts["date"] == 2
    # HTTP dates have one-second resolution, so anything from ~1 s up shows the date was used.
    assert time.monotonic() - start >= 0.9


def test_parse_retry_after_forms() -> None:
    now = 1_700_000_000.0
    assert parse_retry_after({"retry-after": "3"}) == 3.0
    assert parse_retry_after({"retry-after": "1.5"}) == 1.5
    assert parse_retry_after({"retry-after-ms": "250"}) == 0.25
    assert parse_retry_after({"retry-after": email.utils.formatdate(now + 10, usegmt=True)}, now=now) == pytest.approx(
        10, abs=1
    )
    assert parse_retry_after({"retry-after": email.utils.formatdate(now - 10, usegmt=True)}, now=now) == 0.0
    assert parse_retry_after({"retry-after": "soon"}) is None
    assert parse_retry_after({}) is None


def test_always_500_exhausts_retries_into_error_completion(scripted: Scripted) -> None:
    scripted.routes["down"] = lambda h, n: send(h, 500, {"error": "boom"})
    c = run_one(backend_for(scripted.url("down"), retries=3))
    assert not c.ok and c.text == ""
    assert scripted.counts["down"] == 4  # the first try and three retries
    assert "500" in (c.error or "") and "4 attempts" in (c.error or "")


def test_400_is_not_retried(scripted: Scripted) -> None:
    scripted.routes["bad"] = lambda h, n: send(h, 400, {"error": {"message": "context too long"}})
    c = run_one(backend_for(scripted.url("bad"), retries=3))
    assert not c.ok and "400" in (c.error or "") and "context too long" in (c.error or "")
    assert scripted.counts["bad"] == 1


@pytest.mark.parametrize(
    "payload, needle",
    [
        (b"this is not json", "malformed JSON"),
        (b'{"choices": []}', "no choices"),
        (b'{"object": "chat.completion"}', "no choices"),
        (b"[1, 2]", "not a JSON object"),
        (b'{"choices": [{"finish_reason": "stop"}]}', "no message"),
    ],
)
def test_malformed_replies_are_error_completions(scripted: Scripted, payload: bytes, needle: str) -> None:
    scripted.routes["mal"] = lambda h, n: send(h, 200, payload)
    c = run_one(backend_for(scripted.url("mal")))
    assert not c.ok and needle in (c.error or "")
    assert scripted.counts["mal"] == 1


def test_openai_refusal_field_is_the_reply(scripted: Scripted) -> None:
    body = {
        "choices": [
            {
                "message": {"role": "assistant", "content": None, "refusal": "I can't help with that."},
                "finish_reason": "stop",
            }
        ]
    }
    scripted.routes["ref"] = lambda h, n: send(h, 200, body)
    c = run_one(backend_for(scripted.url("ref")))
    assert c.ok and c.text == "I can't help with that."


def test_hanging_server_times_out_and_retries(scripted: Scripted) -> None:
    def hang(h: BaseHTTPRequestHandler, n: int) -> None:
        time.sleep(6.0)
        try:
            send(h, 200, OK_BODY)
        except OSError:
            pass  # the client has given up and closed the connection

    scripted.routes["hang"] = hang
    start = time.monotonic()
    c = run_one(backend_for(scripted.url("hang"), retries=1, timeout=0.3))
    assert not c.ok and "timed out" in (c.error or "")
    assert scripted.counts["hang"] == 2
    # Without the timeout the two attempts would take 12 s; the slack absorbs a loaded machine.
    assert time.monotonic() - start < 5.0, "each attempt must stop at the timeout"


def test_connection_refused_is_an_error_completion() -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        free_port = s.getsockname()[1]
    c = run_one(backend_for(f"http://127.0.0.1:{free_port}/v1", retries=2))
    assert not c.ok and "connection failed" in (c.error or "")


def test_one_backend_serves_concurrent_requests(scripted: Scripted) -> None:
    scripted.routes["ok"] = lambda h, n: send(h, 200, OK_BODY)
    backend = backend_for(scripted.url("ok"))

    async def go() -> list[Completion]:
        async with backend:
            return await asyncio.gather(*(backend.generate(HELLO, SHORT) for _ in range(20)))

    assert all(c.ok for c in asyncio.run(go()))
    assert scripted.counts["ok"] == 20


def test_backend_survives_successive_event_loops(scripted: Scripted) -> None:
    scripted.routes["ok"] = lambda h, n: send(h, 200, OK_BODY)
    backend = backend_for(scripted.url("ok"))
    assert asyncio.run(backend.generate(HELLO, SHORT)).ok
    assert asyncio.run(backend.generate(HELLO, SHORT)).ok  # a new loop must get a new pool
    asyncio.run(backend.aclose())


def test_a_backend_dropped_without_closing_reports_nothing(
    scripted: Scripted, caplog: pytest.LogCaptureFixture
) -> None:
    """A judge's backend whose loop has ended may never be closed: collecting it must not print "Unclosed client
    session" on the user's stderr (asyncio logs it)."""
    import gc
    import logging

    scripted.routes["ok"] = lambda h, n: send(h, 200, OK_BODY)
    backend = backend_for(scripted.url("ok"))
    assert asyncio.run(backend.generate(HELLO, SHORT)).ok
    with caplog.at_level(logging.ERROR, logger="asyncio"):
        del backend
        gc.collect()
    assert not [r for r in caplog.records if "Unclosed client session" in r.getMessage()]


# -- (c) the API key never leaks ----------------------------------------------------------------


def test_api_key_is_sent_but_never_shown(scripted: Scripted, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OR_TEST_KEY", SECRET)

    def echo_401(h: BaseHTTPRequestHandler, n: int) -> None:
        # Like some real servers, echo the rejected credential back in the error.
        send(h, 401, {"error": {"message": f"Incorrect API key provided: {h.headers.get('Authorization')}"}})

    scripted.routes["auth"] = echo_401
    scripted.routes["down"] = lambda h, n: send(h, 503, {"error": f"overloaded, key {h.headers.get('Authorization')}"})
    backend = backend_for(scripted.url("auth"))
    assert SECRET not in repr(backend) and SECRET not in str(vars(backend))
    c = run_one(backend)
    assert scripted.auth[-1] == f"Bearer {SECRET}", "the key is read from the environment at request time"
    assert not c.ok and "401" in (c.error or "") and SECRET not in (c.error or "")
    c2 = run_one(backend_for(scripted.url("down"), retries=1))
    assert not c2.ok and SECRET not in (c2.error or "")


def test_no_key_means_no_authorization_header(scripted: Scripted, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OR_TEST_KEY", raising=False)
    scripted.routes["ok"] = lambda h, n: send(h, 200, OK_BODY)
    assert run_one(backend_for(scripted.url("ok"))).ok
    assert scripted.auth[-1] is None


def test_registered_as_openai() -> None:
    from overrefusal.backends import create_backend

    b = create_backend("openai/gpt-4o-mini", BackendOptions())
    assert isinstance(b, OpenAIBackend) and b.model_id == "openai/gpt-4o-mini"
    assert b.base_url == "https://api.openai.com/v1"


# -- (d) proxies and redirects ----------------------------------------------------------------------


def test_proxy_from_the_environment_is_used(scripted: Scripted, monkeypatch: pytest.MonkeyPatch) -> None:
    """HTTP_PROXY is honoured (as httpx did), though looked up once per pool rather than once per request."""
    seen: list[str] = []

    def as_proxy(h: BaseHTTPRequestHandler, n: int) -> None:
        seen.append(h.path)  # a proxy gets the absolute URL
        send(h, 200, OK_BODY)

    scripted.routes[""] = as_proxy  # "http://host/..." splits to an empty first part
    monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{scripted.port}")
    for name in ("NO_PROXY", "no_proxy", "http_proxy"):
        monkeypatch.delenv(name, raising=False)
    c = run_one(backend_for("http://overrefusal-proxy-test.invalid/v1"))
    assert c.ok and c.text == "Hello!"
    assert seen == ["http://overrefusal-proxy-test.invalid/v1/chat/completions"]


def test_redirects_are_not_followed(scripted: Scripted, monkeypatch: pytest.MonkeyPatch) -> None:
    """A POST is not re-sent, key and all, wherever a server points: the redirect is the ERROR."""
    monkeypatch.setenv("OR_TEST_KEY", SECRET)
    scripted.routes["moved"] = lambda h, n: send(h, 307, {"error": "moved"}, {"Location": scripted.url("ok")})
    scripted.routes["ok"] = lambda h, n: send(h, 200, OK_BODY)
    c = run_one(backend_for(scripted.url("moved")))
    assert not c.ok and "HTTP 307" in (c.error or "")
    assert "ok" not in scripted.counts
