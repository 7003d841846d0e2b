"""Property tests over what a backend is given and what a server sends back: ``--backend-option K=V`` for
every backend's options dataclass, and any response of an OpenAI-compatible server (status, headers, body).

The server is real: a ThreadingHTTPServer on 127.0.0.1 (port 0) whose next response each example sets. Its
body may carry the request's ``Authorization`` header back (raw, JSON-escaped, URL-encoded, base64), as a
leaking proxy would; the key, given in ``OPENAI_API_KEY``, must appear in no byte of the store, of the
command's output or of any file.
"""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from _fuzz import (
    assert_unchanged,
    check_contract,
    copy_store,
    examples,
    hostile_text,
    invoke,
    json_values,
    numbers_as_text,
    store_bytes,
    surrogate_free,
    workdir,
)
from hypothesis import example, given, settings
from hypothesis import strategies as st

from _http import LocalServer, QuietHandler
from overrefusal import registry
from overrefusal.backends._options import option_specs, parse_options
from overrefusal.errors import UserError
from overrefusal.registry import Kind

# -- backend options, every backend ----------------------------------------------------------------


def _options_classes() -> dict[str, type]:
    out = {}
    for name in registry.names(Kind.BACKEND):
        try:
            factory = registry.load(Kind.BACKEND, name)
        except UserError:
            continue
        options_type = getattr(factory, "options_type", None)
        if options_type is not None:
            out[name] = options_type
    return out


OPTIONS = _options_classes()


def _option_value(spec: Any) -> st.SearchStrategy[str]:
    plausible: list[st.SearchStrategy[str]] = [hostile_text.map(surrogate_free), numbers_as_text]
    if spec.kind is bool:
        plausible.append(st.sampled_from(["true", "false", "1", "0", "yes", "no", "on", "off", "TRUE", "", "2"]))
    elif spec.kind in (int, float):
        lo = spec.minimum if spec.minimum is not None else -1e6
        hi = spec.maximum if spec.maximum is not None else 1e6
        plausible += [st.sampled_from([str(lo), str(hi), str(lo - 1), str(hi + 1), repr(float(hi) * 10)])]
    elif spec.choices:
        plausible.append(st.sampled_from(list(spec.choices)))
    elif spec.kind.__name__ == "Mapping":
        plausible.append(json_values.map(lambda v: json.dumps(v)))
        plausible.append(st.dictionaries(hostile_text.map(surrogate_free), json_values, max_size=3).map(json.dumps))
    return st.one_of(plausible)


@st.composite
def option_mapping(draw: st.DrawFn, options_type: type) -> dict[str, str]:
    specs = option_specs(options_type)
    out: dict[str, str] = {}
    for spec in specs:
        if draw(st.booleans()):
            out[spec.name] = draw(_option_value(spec))
    if draw(st.integers(0, 4)) == 0:
        out[draw(hostile_text)] = draw(hostile_text)
    return out


@pytest.mark.parametrize("backend", sorted(OPTIONS))
@settings(max_examples=examples(40))
@given(data=st.data())
def test_backend_options_parse_or_refuse(backend: str, data: st.DataObject) -> None:
    """Every backend's options class reads any mapping of strings into a value or one UserError."""
    mapping = data.draw(option_mapping(OPTIONS[backend]))
    try:
        parsed = parse_options(OPTIONS[backend], mapping, owner=backend)
    except UserError as exc:
        assert "\n" not in str(exc).strip()
        return
    for spec in option_specs(OPTIONS[backend]):
        value = getattr(parsed, spec.name)
        if isinstance(value, float):
            assert value == value and abs(value) != float("inf"), (spec.name, value)
        if value is not None and isinstance(value, (int, float)) and not isinstance(value, bool):
            if spec.minimum is not None:
                assert value >= spec.minimum, (spec.name, value)
            if spec.maximum is not None:
                assert value <= spec.maximum, (spec.name, value)


# -- a real OpenAI-compatible server with generated responses ---------------------------------------


class ScriptedServer(LocalServer):
    """Answers every POST with ``self.response`` (status, headers, body); ``{auth}``, ``{auth_json}``,
    ``{auth_url}`` and ``{auth_b64}`` in the body become the request's Authorization header, raw or encoded."""

    def __init__(self) -> None:
        self.response: tuple[int, list[tuple[str, str]], bytes] = (200, [], b"{}")
        self.lock = threading.Lock()
        outer = self

        class Handler(QuietHandler):
            def do_GET(self) -> None:  # noqa: N802
                data = b'{"object": "list", "data": [{"id": "m", "object": "model"}]}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:  # noqa: N802
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with outer.lock:
                    status, headers, body = outer.response
                auth = self.headers.get("Authorization") or ""
                body = (
                    body.replace(b"{auth}", auth.encode())
                    .replace(b"{auth_json}", "".join(f"\\u{ord(c):04x}" for c in auth).encode())
                    .replace(b"{auth_url}", quote(auth, safe="").encode())
                    .replace(b"{auth_b64}", base64.b64encode(auth.encode()))
                )
                try:
                    self.send_response(status)
                    for k, v in headers:
                        self.send_header(k, v)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        super().__init__(Handler)
        self.start()


@pytest.fixture(scope="module")
def server() -> Iterator[ScriptedServer]:
    s = ScriptedServer()
    yield s
    s.close()


LEAKS = ("{auth}", "{auth_json}", "{auth_url}", "{auth_b64}")
content = st.one_of(
    hostile_text.map(surrogate_free), st.sampled_from(LEAKS), st.sampled_from(["Sure.", "I'm sorry, I can't."])
)
choice = st.fixed_dictionaries(
    {},
    optional={
        "index": st.one_of(st.integers(-2, 3), json_values),
        "message": st.one_of(
            st.fixed_dictionaries(
                {},
                optional={
                    "role": st.one_of(st.just("assistant"), json_values),
                    "content": st.one_of(content, json_values),
                },
            ),
            json_values,
        ),
        "finish_reason": st.one_of(st.sampled_from(["stop", "length", "content_filter", "{auth}"]), json_values),
        "text": content,
    },
)
usage = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "prompt_tokens": st.one_of(st.integers(-(2**70), 2**70), st.floats(allow_nan=True), json_values),
            "completion_tokens": st.one_of(st.integers(-(2**70), 2**70), st.floats(allow_nan=True), json_values),
        },
    ),
    json_values,
)
chat_body = st.fixed_dictionaries(
    {},
    optional={
        "choices": st.one_of(st.lists(choice, max_size=2), json_values),
        "usage": usage,
        "error": st.one_of(st.fixed_dictionaries({"message": content}), content, json_values),
        "id": json_values,
    },
).map(lambda d: json.dumps(d, ensure_ascii=False).encode("utf-8", "surrogatepass"))
body = st.one_of(
    chat_body,
    chat_body.map(lambda b: b[: len(b) // 2]),  # cut short
    st.binary(max_size=64),
    st.sampled_from([b"", b"null", b"[]", b"{", b"\xff\xfe", b"[" * 100_000 + b"]" * 100_000]),
)
header = st.one_of(
    st.tuples(
        st.just("Retry-After"),
        st.one_of(numbers_as_text, st.sampled_from(["Wed, 21 Oct 2015 07:28:00 GMT", "", "1e999", "-5"])),
    ),
    st.tuples(
        st.just("Content-Type"),
        st.sampled_from(["application/json", "text/html", "application/json; charset=latin-1", ""]),
    ),
    st.tuples(st.just("Content-Encoding"), st.sampled_from(["gzip", "br", "identity", "x"])),
    st.tuples(st.sampled_from(["X-Echo", "Set-Cookie"]), st.sampled_from(LEAKS)),
)
status = st.one_of(
    st.sampled_from([200, 200, 200, 201, 204, 400, 401, 403, 404, 408, 413, 422, 429, 500, 502, 503]),
    st.integers(100, 599),
)
KEY = st.text(
    st.sampled_from("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"), min_size=20, max_size=30
).map(lambda s: f"sk-fz{s}")


def assert_secret_absent(secret: str, o: Any, store: Path) -> None:
    """The key, raw or in any encoding the server used, is in no byte the command left behind."""
    forms = {secret, "".join(f"\\u{ord(c):04x}" for c in secret), quote(secret, safe="")}
    forms.add(base64.b64encode(f"Bearer {secret}".encode()).decode()[8:24])
    blobs = {"stdout": o.stdout.encode(), "stderr": o.stderr.encode(), **{f"file {k}": v for k, v in o.files.items()}}
    for name, data in blobs.items():
        for form in forms:
            assert form.encode() not in data, f"the key ({form[:12]}...) is in {name}\n{o.describe()}"


@settings(max_examples=examples(60))
@given(status=status, headers=st.lists(header, max_size=3), body=body, secret=KEY, limit=st.sampled_from(["2", "4"]))
@example(
    status=200,
    headers=[],
    body=b'{"choices": [{"message": {"content": "Sure. {auth_json}"}}]}',
    secret="sk-fzABCDEFGHJKLMNPQRSTUV",
    limit="2",
)
@example(
    status=401,
    headers=[("Retry-After", "1e999")],
    body=b'{"error": {"message": "bad key {auth}"}}',
    secret="sk-fzABCDEFGHJKLMNPQRSTUV",
    limit="2",
)
@example(status=429, headers=[("Retry-After", "nan")], body=b"{}", secret="sk-fzABCDEFGHJKLMNPQRSTUV", limit="2")
def test_any_server_response(
    base: Any,
    scratch: Path,
    server: ScriptedServer,
    status: int,
    headers: list[tuple[str, str]],
    body: bytes,
    secret: str,
    limit: str,
) -> None:
    server.response = (status, headers, body)
    with workdir(scratch) as work:
        store = copy_store(base.store, work)
        args = [
            "run",
            "--model",
            "openai/m",
            "--base-url",
            server.base_url,
            "--suite",
            str(base.suite),
            "--limit",
            limit,
            "--judge",
            "rules",
            "--run-id",
            "fz",
            "--max-retries",
            "1",
            "--timeout",
            "1",
            "--backend-option",
            "backoff_base_s=0.01",
            "--backend-option",
            "backoff_max_s=0.05",
            "--backend-option",
            "max_retry_after_s=0.2",
            "--json",
            "--store",
            str(store),
        ]
        before = store_bytes(store)
        o = invoke(args, work, env={"OPENAI_API_KEY": secret})
        check_contract(o)
        if o.exit_code == 2:
            assert_unchanged(before, store, o)
        assert_secret_absent(secret, o, store)


@settings(max_examples=examples(30))
@given(data=st.data(), secret=KEY)
def test_openai_backend_options_through_the_cli(
    base: Any, scratch: Path, server: ScriptedServer, data: st.DataObject, secret: str
) -> None:
    server.response = (200, [], b'{"choices": [{"message": {"role": "assistant", "content": "Sure."}}]}')
    mapping = data.draw(option_mapping(OPTIONS["openai"]))
    # The waits the options allow are real sleeps: keep them short, whatever else is drawn.
    for k in ("backoff_base_s", "backoff_max_s", "max_retry_after_s"):
        mapping.pop(k, None)
    with workdir(scratch) as work:
        store = copy_store(base.store, work)
        args = ["run", "--model", "openai/m", "--base-url", server.base_url, "--suite", str(base.suite), "--limit", "2"]
        args += ["--judge", "rules", "--run-id", "fz", "--max-retries", "0", "--json", "--store", str(store)]
        for k, v in mapping.items():
            args += ["--backend-option", f"{surrogate_free(k)}={surrogate_free(v)}"]
        before = store_bytes(store)
        o = invoke(args, work, env={"OPENAI_API_KEY": secret})
        check_contract(o)
        if o.exit_code == 2:
            assert_unchanged(before, store, o)
        assert_secret_absent(secret, o, store)
