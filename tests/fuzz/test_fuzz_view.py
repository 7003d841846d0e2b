"""Property tests of ``overrefusal view``'s routes and forms: whatever the query string, form fields, path or
Host header, the answer is never a 500 (an exception escaping a page) and never carries model text or request
text as live markup.

The app is the real one (``api.make_view_app``) over a real store whose replies are hostile markup, driven in
this process through Starlette's ``TestClient`` (a real uvicorn per example would cost seconds); the server's
address is given as ``127.0.0.1:8765`` so the Host and cookie walls see what they would see there.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from _fuzz import check_contract, copy_store, examples, hostile_text, invoke, write_csv
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette", reason="the view extra is not installed")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

ADDRESS = ("127.0.0.1", 8765)
TOKEN = "fuzz-token-0123456789"

MARKUP = (
    "<script>window.__pwned=1</script>",
    '<img src=x onerror="window.__pwned=2">',
    '"><svg onload=alert(3)>',
    '<a href="javascript:alert(4)">x</a>',
    "</textarea><iframe src=//evil.example>",
)
"""Live markup. None of it may appear verbatim in any answer: from the store (model replies, prompts, run
ids) or from the request (query values, form fields, paths)."""

GET_ROUTES = ("/", "/runs", "/report", "/replies", "/reply", "/compare", "/label", "/agreement", "/static/view.js")
POST_ROUTES = ("/label/annotator", "/label/sample", "/label/give", "/label/undo", "/adjudicate")
FIELDS = (
    "run",
    "judge",
    "prompt",
    "category",
    "verdict",
    "language",
    "label",
    "offset",
    "after",
    "before",
    "baseline",
    "candidate",
    "last",
    "name",
    "n",
    "seed",
    "strategy",
    "overlap",
    "csrf",
)
RUNS = ("h1", "latest", "nope", "h1 ", "")

text = st.one_of(
    hostile_text,
    st.sampled_from(MARKUP),
    st.sampled_from(RUNS),
    st.sampled_from(["b1", "h1", "c", "r", "p", "withdraw", "5", "0", "-1", "2", "0.5", "uniform"]),
)
params = st.lists(st.tuples(st.one_of(st.sampled_from(FIELDS), hostile_text), text), max_size=6)


@pytest.fixture(scope="module")
def hostile_store(base: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A run of the fuzz suite whose every reply is live markup, with a labelling sample drawn."""
    root = tmp_path_factory.mktemp("fuzz-view")
    rows = [["id", "completion"]] + [
        [r[0], f"{MARKUP[i % len(MARKUP)]} and {MARKUP[(i + 1) % len(MARKUP)]}"]
        for i, r in enumerate(base.suite_rows[1:])
    ]
    replies = write_csv(root / "hostile.csv", rows)
    store = copy_store(base.store, root)
    o = invoke(
        [
            "run",
            "--model",
            f"replay/{replies}",
            "--suite",
            str(base.suite),
            "--judge",
            "rules",
            "--limit",
            "all",
            "--run-id",
            "h1",
            "--store",
            str(store),
        ],
        root,
    )
    check_contract(o, allowed=(0,))
    o = invoke(["label", "h1", "--n", "6", "--seed", "2", "--export", str(root / "s.csv"), "--store", str(store)], root)
    check_contract(o, allowed=(0,))
    return store


@pytest.fixture(scope="module")
def client(hostile_store: Path) -> Iterator[Any]:
    from starlette.testclient import TestClient

    from overrefusal import api
    from overrefusal.view.security import cookie_name

    app, _ = api.make_view_app(hostile_store, token=TOKEN)
    with TestClient(app, base_url=f"http://{ADDRESS[0]}:{ADDRESS[1]}", raise_server_exceptions=False) as c:
        c.cookies.set(cookie_name("overrefusal_view", ADDRESS), TOKEN)
        c.cookies.set(cookie_name("overrefusal_annotator", ADDRESS), "fuzzer")
        yield c


def check(status: int, body: str) -> None:
    assert status < 500 or status == 503, (status, body[:500])
    for m in MARKUP:
        assert m not in body, m
    assert "Traceback" not in body


def csrf(client: Any) -> str:
    import re

    page = client.get("/label?run=h1").text
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def test_the_hostile_replies_are_shown_inert(client: Any) -> None:
    r = client.get("/replies?run=h1")
    assert r.status_code == 200 and "&lt;script&gt;" in r.text
    check(r.status_code, r.text)


@settings(max_examples=examples(60))
@given(route=st.sampled_from(GET_ROUTES), query=params)
def test_any_query_string_is_never_a_500_nor_live_markup(client: Any, route: str, query: list[tuple[str, str]]) -> None:
    qs = urlencode([(k.encode("utf-8", "surrogatepass"), v.encode("utf-8", "surrogatepass")) for k, v in query])
    r = client.get(f"{route}?{qs}" if qs else route, follow_redirects=False)
    check(r.status_code, r.text)


@settings(max_examples=examples(60))
@given(route=st.sampled_from(POST_ROUTES), form=params, with_csrf=st.booleans())
def test_any_form_is_never_a_500_nor_live_markup(
    client: Any, route: str, form: list[tuple[str, str]], with_csrf: bool
) -> None:
    fields = ([("csrf", csrf(client))] if with_csrf else []) + form
    body = urlencode([(k.encode("utf-8", "surrogatepass"), v.encode("utf-8", "surrogatepass")) for k, v in fields])
    r = client.post(
        route, content=body, headers={"content-type": "application/x-www-form-urlencoded"}, follow_redirects=False
    )
    check(r.status_code, r.text)


@settings(max_examples=examples(40))
@given(
    path=st.lists(st.one_of(text, st.sampled_from(["..", "static", "label", "%2e%2e", "//"])), min_size=1, max_size=4)
)
def test_any_path_is_never_a_500_nor_live_markup(client: Any, path: list[str]) -> None:
    url = "/" + "/".join(quote(p.encode("utf-8", "surrogatepass"), safe="") for p in path)
    for method in ("GET", "POST"):
        r = client.request(method, url, follow_redirects=False)
        check(r.status_code, r.text)


@settings(max_examples=examples(40))
@given(
    host=st.one_of(
        hostile_text,
        st.sampled_from(
            ["evil.example", "127.0.0.1", "localhost:80", "[::1]:8765", "127.0.0.1:8765.evil", "[::1", "a:b:c"]
        ),
    )
)
def test_any_foreign_host_header_is_refused(client: Any, host: str) -> None:
    value = host.encode("utf-8", "surrogatepass")
    allowed = {b"127.0.0.1:8765", b"localhost:8765", b"[::1]:8765"}
    try:
        r = client.get("/runs", headers={"host": value.decode("latin-1")})
    except Exception:  # httpx refuses some header values itself (a line break): nothing reached the app
        return
    if value.strip().lower() in allowed:
        assert r.status_code == 200
    else:
        assert r.status_code == 400, value
    check(r.status_code, r.text)
