"""The viewer's walls, over raw HTTP against a real uvicorn: the token on every request, CSRF on every write,
writes only by POST, no path reaching the file system, strict headers; `--host 0.0.0.0` warns and still needs
the token; a store this process cannot write is served read-only."""

from __future__ import annotations

import http.client
import os
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ._server import Served
from ._store import ViewStore

pytest.importorskip("starlette", reason="the view extra is not installed")
pytest.importorskip("uvicorn", reason="the view extra is not installed")

SRC = str(Path(__file__).resolve().parents[2] / "src")


def request(
    served: Served,
    method: str,
    path: str,
    *,
    cookie: str | None = None,
    body: str | None = None,
    ctype: str | None = None,
) -> tuple[int, dict[str, str], str]:
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=30)
    try:
        headers = {}
        if cookie is not None:
            headers["Cookie"] = cookie
        if ctype:
            headers["Content-Type"] = ctype
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read().decode("utf-8", "replace")
    finally:
        conn.close()


def _annotations(path: Path) -> int:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(con.execute("SELECT COUNT(*) FROM annotations").fetchone()[0])
    finally:
        con.close()


def test_every_request_needs_the_token(served: Served) -> None:
    for method, path in (
        ("GET", "/"),
        ("GET", "/runs"),
        ("GET", "/static/view.js"),
        ("GET", "/nope"),
        ("POST", "/label/give"),
    ):
        status, headers, body = request(served, method, path)
        assert status == 403, path
        assert "token" in body and "<" not in body
        assert "'unsafe-inline'" not in headers["content-security-policy"]
    assert request(served, "GET", "/?token=wrong")[0] == 403
    assert request(served, "GET", "/runs", cookie=f"{served.cookie()}=wrong")[0] == 403
    assert request(served, "GET", "/runs", cookie=f"{served.cookie()}={served.token[:-1]}")[0] == 403
    # The right token once: a cookie (HttpOnly, SameSite=Strict) and the same page without the token in its URL.
    status, headers, _ = request(served, "GET", f"/runs?run=x&token={served.token}")
    assert status == 303 and headers["location"] == "/runs?run=x"
    cookie = headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and served.token in cookie
    # The redirect stays on this server and carries no header of the request's making.
    status, headers, _ = request(served, "GET", f"//evil.example/x?token={served.token}")
    assert status == 303 and headers["location"] == "/"
    status, headers, _ = request(served, "GET", f"/a%0d%0aSet-Cookie:%20x=1?token={served.token}")
    assert status == 303 and headers["location"] == "/a%0d%0aSet-Cookie:%20x=1"
    assert "x=1" not in headers["set-cookie"]
    status, headers, body = request(served, "GET", "/runs", cookie=served.auth)
    assert status == 200 and "baseline" in body
    csp = headers["content-security-policy"]
    assert "script-src 'self'" in csp and "default-src 'none'" in csp and "unsafe" not in csp
    assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"


def test_writes_need_post_and_the_csrf_token(served: Served, view_store: ViewStore) -> None:
    auth = f"{served.auth}; {served.cookie('overrefusal_annotator')}=ann"
    _, _, page = request(served, "GET", f"/label?run={view_store.baseline}", cookie=auth)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    assert csrf is not None
    form = "application/x-www-form-urlencoded"
    draw = f"run={view_store.baseline}&n=10&seed=0"
    for body in (draw, f"csrf=wrong&{draw}", f"csrf={csrf.group(1)[:-1]}&{draw}"):
        status, _, text = request(served, "POST", "/label/sample", cookie=auth, body=body, ctype=form)
        assert status == 403 and "CSRF" in text
    assert request(served, "GET", f"/label/sample?csrf={csrf.group(1)}&{draw}", cookie=auth)[0] == 405
    assert request(served, "POST", "/label/sample", cookie=auth, body="{}", ctype="application/json")[0] == 415
    with sqlite3.connect(f"file:{view_store.path}?mode=ro", uri=True) as con:
        assert con.execute("SELECT COUNT(*) FROM label_sample").fetchone()[0] == 0
    # The same form with the right token is accepted; so is a label.
    status, headers, _ = request(
        served, "POST", "/label/sample", cookie=auth, body=f"csrf={csrf.group(1)}&{draw}", ctype=form
    )
    assert status == 303
    _, _, page = request(served, "GET", f"/label?run={view_store.baseline}", cookie=auth)
    pid = re.search(r'id="current" data-prompt="([^"]+)"', page)
    assert pid is not None
    give = f"run={view_store.baseline}&prompt={pid.group(1)}&verdict=full_refusal"
    assert request(served, "POST", "/label/give", cookie=auth, body=f"csrf=x&{give}", ctype=form)[0] == 403
    assert _annotations(view_store.path) == 0
    assert (
        request(served, "POST", "/label/give", cookie=auth, body=f"csrf={csrf.group(1)}&{give}", ctype=form)[0] == 303
    )
    assert _annotations(view_store.path) == 1


@pytest.mark.parametrize(
    "path",
    [
        "/../../../../etc/passwd",
        "/static/../../../../etc/passwd",
        "/static/..%2f..%2f..%2f..%2fetc%2fpasswd",
        "/static/%2e%2e/%2e%2e/app.py",
        "/static/%2E%2E%2Fapp.py",
        "/static/..%5capp.py",
        "/static/app.py",
        "/static/templates/base.html.j2",
        "/static/view.js%00.png",
        "//etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/static//etc/passwd",
        "/static/%252e%252e%252fapp.py",
    ],
)
def test_no_path_reaches_the_file_system(served: Served, path: str) -> None:
    status, _, body = request(served, "GET", path, cookie=served.auth)
    assert status in (400, 404), (path, status)
    assert "root:" not in body and "import" not in body and "{%" not in body


def test_static_files_are_the_allow_listed_ones(served: Served) -> None:
    status, headers, body = request(served, "GET", "/static/view.js", cookie=served.auth)
    assert status == 200 and headers["content-type"].startswith("text/javascript") and "keydown" in body
    status, headers, _ = request(served, "GET", "/static/view.css", cookie=served.auth)
    assert status == 200 and headers["content-type"].startswith("text/css")


def test_host_0000_warns_and_still_needs_the_token(view_store: ViewStore) -> None:
    from overrefusal.view.security import cookie_name

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (SRC, os.environ.get("PYTHONPATH")) if p)}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "overrefusal",
            "view",
            "--host",
            "0.0.0.0",
            "--port",
            "0",
            "--store",
            str(view_store.path),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None and proc.stderr is not None
        deadline = time.monotonic() + 120
        line = ""
        while "open http" not in line:
            assert time.monotonic() < deadline and proc.poll() is None, proc.stderr.read()
            line = proc.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([\w-]+)", line)
        assert url is not None, line
        port, token = int(url.group(1)), url.group(2)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/runs")
        assert conn.getresponse().status == 403
        conn.close()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request(
            "GET", "/runs", headers={"Cookie": f"{cookie_name('overrefusal_view', ('127.0.0.1', port))}={token}"}
        )
        assert conn.getresponse().status == 200
        conn.close()
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "warning: binding 0.0.0.0" in err and "token" in err


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes a 0444 file anyway")
def test_a_store_this_process_cannot_write_is_served_read_only(view_store: ViewStore) -> None:
    from overrefusal import api

    view_store.path.chmod(0o444)
    try:
        app, _ = api.make_view_app(view_store.path)
        assert app.app is not None
        served = Served(view_store.path)
        try:
            _, _, page = request(served, "GET", "/runs", cookie=served.auth)
            assert 'id="read-only"' in page
        finally:
            served.stop()
    finally:
        view_store.path.chmod(0o644)


def test_a_taken_port_is_one_line_and_exit_2(view_store: ViewStore) -> None:
    import socket

    from _cli import cli

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        p = cli("view", "--port", str(port), store=view_store.path)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and "--port" in p.stderr and "cannot listen" in p.stderr
