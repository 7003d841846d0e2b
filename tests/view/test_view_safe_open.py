"""The viewer is safe to leave open (as datasette is), each promise checked against a real uvicorn, real
SQLite files and the real ``overrefusal view`` command:

1. ``--host`` is checked before the server starts: blank, unresolvable or not this machine's is one ``error:``
   line naming ``--host``, exit 2.
2. ``view --read-only`` writes no byte of the store, even an older one (no migration, no WAL switch).
3. A request whose Host header names another server (DNS rebinding) gets 400.
4. Two viewers on one machine keep separate cookies (one does not log the other's tabs out).
5. A request body over the limit gets 413 at once, declared or streamed, with no traceback.
6. A store deleted, locked or replaced while the viewer runs gives a 503 page saying why, and the viewer
   never creates a store.
7. Two annotators labelling at the same moment lose no label.
"""

from __future__ import annotations

import hashlib
import http.client
import logging
import os
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from _cli import cli
from overrefusal import api
from overrefusal.store import Store

from ._server import Served
from ._store import ViewStore, build_old_store

pytest.importorskip("starlette", reason="the view extra is not installed")
pytest.importorskip("uvicorn", reason="the view extra is not installed")

FORM = "application/x-www-form-urlencoded"


def ask(
    served: Served,
    method: str,
    path: str,
    *,
    cookie: str | None = None,
    body: str | None = None,
    host: str | None = None,
    timeout: float = 30,
) -> tuple[int, dict[str, str], str]:
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=timeout)
    try:
        headers = {"Host": host if host is not None else f"127.0.0.1:{served.port}"}
        if cookie is not None:
            headers["Cookie"] = cookie
        if body is not None:
            headers["Content-Type"] = FORM
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read().decode("utf-8", "replace")
    finally:
        conn.close()


def csrf_of(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None, page[:500]
    return found.group(1)


def fingerprint(path: Path) -> tuple[str, int, int]:
    """The store's bytes (sha256), its mtime (ns), and the bytes of its write-ahead log if it has one.

    A reader of a WAL-mode store makes SQLite create the (empty) ``-wal`` and ``-shm`` side files, its
    shared-memory index: no row is written to them, so the log stays empty."""
    wal = Path(f"{path}-wal")
    return (
        hashlib.sha256(path.read_bytes()).hexdigest(),
        path.stat().st_mtime_ns,
        wal.stat().st_size if wal.exists() else 0,
    )


# -- 1. --host ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "port"),
    [
        ("", "0"),  # uvicorn would listen on every interface and print "http://:PORT/"
        ("   ", "0"),
        ("no-such-host.invalid", "0"),  # uvicorn: its own log, exit 3
        ("192.0.2.1", "0"),  # TEST-NET-1: resolves, belongs to no machine here
        ("192.0.2.1", "8000"),  # was blamed on --port
    ],
)
def test_a_bad_host_is_one_error_line_naming_host(view_store: ViewStore, host: str, port: str) -> None:
    before = fingerprint(view_store.path)
    p = cli("view", "--host", host, "--port", port, store=view_store.path)
    assert p.returncode == 2, (p.returncode, p.stderr)
    assert p.stdout == "" and p.stderr.count("\n") == 1, p.stderr
    assert p.stderr.startswith("error: ") and "--host" in p.stderr and "--port" not in p.stderr.split("(")[0]
    assert "Traceback" not in p.stderr
    assert fingerprint(view_store.path) == before


# -- 2. --read-only never writes ------------------------------------------------------------------------


def test_read_only_view_of_an_older_store_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    run = build_old_store(path)
    before = fingerprint(path)
    time.sleep(0.05)  # an mtime written now would differ
    served = Served(path, read_only=True)
    try:
        status, _, page = ask(served, "GET", "/runs", cookie=served.auth)
        # It says why it cannot show the runs, and how to upgrade; it does not upgrade.
        assert status == 503 and "older version" in page and "Traceback" not in page
        status, _, _ = ask(served, "GET", f"/label?run={run}", cookie=served.auth)
        assert status == 503
        status, _, _ = ask(
            served, "POST", "/label/give", cookie=served.auth, body=f"csrf=x&run={run}&prompt=b1&verdict=c"
        )
        assert status == 403
    finally:
        served.stop()
    assert fingerprint(path) == before
    assert not Path(f"{path}-wal").exists()  # a rollback-journal store stays one
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert con.execute("SELECT MAX(name) FROM _migrations").fetchone()[0] < "008"


def test_read_only_view_of_a_current_store_writes_nothing(view_store: ViewStore) -> None:
    before = fingerprint(view_store.path)
    time.sleep(0.05)
    served = Served(view_store.path, read_only=True)
    try:
        for path in ("/", "/runs", f"/replies?run={view_store.baseline}", f"/label?run={view_store.baseline}"):
            status, _, page = ask(served, "GET", path, cookie=served.auth)
            assert status == 200, (path, page[:300])
        csrf = csrf_of(page)
        status, _, _ = ask(
            served,
            "POST",
            "/label/sample",
            cookie=served.auth,
            body=f"csrf={csrf}&run={view_store.baseline}&n=5&seed=0",
        )
        assert status == 403
    finally:
        served.stop()
    assert fingerprint(view_store.path) == before


def test_the_cli_read_only_view_of_an_older_store_writes_nothing(tmp_path: Path) -> None:
    """The real command (the upgrade happened at start-up, before the server ran)."""
    path = tmp_path / "old.db"
    build_old_store(path)
    before = fingerprint(path)
    time.sleep(0.05)
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH")) if p)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "overrefusal", "view", "--read-only", "--port", "0", "--store", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        line = ""
        deadline = time.monotonic() + 120
        while "open http" not in line:
            assert time.monotonic() < deadline and proc.poll() is None
            line = proc.stdout.readline()
        assert re.search(r"http://127\.0\.0\.1:\d+/\?token=", line)
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
    assert fingerprint(path) == before


# -- 3. Host header --------------------------------------------------------------------------------------


def test_a_foreign_host_header_is_refused(served: Served) -> None:
    port = served.port
    for host in (
        f"evil.example:{port}",
        "evil.example",
        f"127.0.0.1:{port + 1}",
        f"localhost:{port}.evil",
        f"0.0.0.0:{port}",
        "",
    ):
        status, headers, body = ask(served, "GET", "/runs", cookie=served.auth, host=host)
        assert status == 400, host
        assert "Host" in body and "<" not in body
        assert "default-src 'none'" in headers["content-security-policy"]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}", f"[::1]:{port}"):
        status, _, body = ask(served, "GET", "/runs", cookie=served.auth, host=host)
        assert status == 200, host


def test_the_host_gate_never_allows_every_interface_by_name() -> None:
    from overrefusal.view.guards import HostGate

    async def app(scope: object, receive: object, send: object) -> None:
        raise AssertionError("not reached")

    gate = HostGate(app, ["0.0.0.0", "::", "myhost.lan"])  # type: ignore[arg-type]
    server = ("127.0.0.1", 8000)
    for host, ok in (("0.0.0.0:8000", False), ("[::]:8000", False), ("myhost.lan:8000", True), ("myhost.lan", False)):
        scope = {"type": "http", "server": server, "headers": [(b"host", host.encode())]}
        assert gate.allowed(scope) is ok, host


# -- 4. cookies per viewer ------------------------------------------------------------------------------


def test_two_viewers_keep_their_own_cookies(view_store: ViewStore) -> None:
    first, second = Served(view_store.path), Served(view_store.path)
    try:
        jar: dict[str, str] = {}  # one browser: cookies are shared across ports of one host
        for s in (first, second):
            status, headers, _ = ask(s, "GET", f"/runs?token={s.token}")
            assert status == 303
            name, value = headers["set-cookie"].split(";")[0].split("=", 1)
            jar[name] = value
        assert len(jar) == 2
        sent = "; ".join(f"{k}={v}" for k, v in jar.items())
        for s in (first, second):
            assert ask(s, "GET", "/runs", cookie=sent)[0] == 200
    finally:
        first.stop()
        second.stop()


# -- 5. request bodies ----------------------------------------------------------------------------------


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture()
def server_log() -> Iterator[Records]:
    handler = Records()
    loggers = [logging.getLogger(n) for n in ("uvicorn", "uvicorn.error", "starlette")]
    for lg in loggers:
        lg.addHandler(handler)
    try:
        yield handler
    finally:
        for lg in loggers:
            lg.removeHandler(handler)


def raw(served: Served, head: str, body: bytes = b"", timeout: float = 10) -> str:
    with socket.create_connection(("127.0.0.1", served.port), timeout=timeout) as sock:
        sock.sendall(head.encode("latin-1") + body)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    return data.decode("latin-1")


def test_a_huge_declared_body_is_refused_at_once(served: Served, server_log: Records) -> None:
    started = time.monotonic()
    head = (
        f"POST /label/give HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nCookie: {served.auth}\r\n"
        f"Content-Type: {FORM}\r\nContent-Length: 1000000000\r\n\r\n"
    )
    answer = raw(served, head, b"csrf=x&run=a")
    assert answer.startswith("HTTP/1.1 413"), answer[:200]
    assert time.monotonic() - started < 5
    assert not [r for r in server_log.records if r.levelno >= logging.ERROR or r.exc_info]


def test_a_large_streamed_body_is_refused(served: Served, server_log: Records) -> None:
    head = (
        f"POST /label/give HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nCookie: {served.auth}\r\n"
        f"Content-Type: {FORM}\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"a" * 16384
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(8)) + b"0\r\n\r\n"
    answer = raw(served, head, body)
    assert answer.startswith("HTTP/1.1 413"), answer[:200]
    assert not [r for r in server_log.records if r.levelno >= logging.ERROR or r.exc_info]
    # A small form still works after it.
    assert ask(served, "GET", "/runs", cookie=served.auth)[0] == 200


# -- 6. store gone or locked ----------------------------------------------------------------------------


def _pages(run: str) -> list[str]:
    return [
        "/",
        "/runs",
        f"/report?run={run}",
        f"/replies?run={run}",
        f"/reply?run={run}&prompt=b01",
        f"/compare?baseline={run}&candidate={run}",
        f"/label?run={run}",
        f"/agreement?run={run}",
    ]


def test_a_deleted_store_is_a_503_page_and_never_created_again(served: Served, view_store: ViewStore) -> None:
    auth = f"{served.auth}; {served.cookie('overrefusal_annotator')}=ann"
    _, _, page = ask(served, "GET", f"/label?run={view_store.baseline}", cookie=auth)
    csrf = csrf_of(page)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{view_store.path}{suffix}").unlink(missing_ok=True)
    for path in _pages(view_store.baseline):
        status, _, body = ask(served, "GET", path, cookie=auth)
        assert status == 503 and "no store" in body, path
    for action, form in (
        ("/label/annotator", f"name=ann&run={view_store.baseline}"),
        ("/label/sample", f"run={view_store.baseline}&n=5&seed=0"),
        ("/label/give", f"run={view_store.baseline}&prompt=b01&verdict=c"),
        ("/label/undo", f"run={view_store.baseline}"),
        ("/adjudicate", f"run={view_store.baseline}&prompt=b01&verdict=c"),
    ):
        status, _, body = ask(served, "POST", action, cookie=auth, body=f"csrf={csrf}&{form}")
        assert status == 503 and "no store" in body, action
        assert not view_store.path.exists(), action


def test_a_locked_store_is_a_503_page_not_a_hang(view_store: ViewStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OVERREFUSAL_BUSY_TIMEOUT_S", "0.5")
    served = Served(view_store.path)
    holder = None
    try:
        auth = f"{served.auth}; {served.cookie('overrefusal_annotator')}=ann"
        _, _, page = ask(served, "GET", f"/label?run={view_store.baseline}", cookie=auth)
        csrf = csrf_of(page)
        with sqlite3.connect(view_store.path) as con:
            con.execute("PRAGMA journal_mode = DELETE")  # in WAL mode a writer does not block readers
        # Another process takes the store's exclusive lock and keeps it.
        holder = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "import sqlite3, sys, time\n"
                "con = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
                "con.execute('BEGIN EXCLUSIVE')\nprint('locked', flush=True)\ntime.sleep(120)\n",
                str(view_store.path),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        for path in _pages(view_store.baseline):
            started = time.monotonic()
            status, _, body = ask(served, "GET", path, cookie=auth, timeout=20)
            assert status == 503 and "locked" in body, (path, body[:300])
            assert time.monotonic() - started < 10
        status, _, body = ask(
            served, "POST", "/label/sample", cookie=auth, body=f"csrf={csrf}&run={view_store.baseline}&n=5", timeout=20
        )
        assert status == 503 and "locked" in body
    finally:
        if holder is not None:
            holder.kill()
            holder.wait(timeout=30)
        served.stop()
    with Store(view_store.path, read_only=True) as st:
        assert st.label_sample(view_store.baseline) == []


def test_a_store_replaced_by_another_file_is_a_503_page(served: Served, view_store: ViewStore) -> None:
    for suffix in ("-wal", "-shm"):
        Path(f"{view_store.path}{suffix}").unlink(missing_ok=True)
    view_store.path.write_bytes(b"not a database at all " * 100)
    status, _, body = ask(served, "GET", "/runs", cookie=served.auth)
    assert status == 503 and "Traceback" not in body


# -- 7. two annotators at once --------------------------------------------------------------------------


def test_annotators_labelling_at_once_lose_nothing(served: Served, view_store: ViewStore) -> None:
    run = view_store.baseline
    with Store(view_store.path) as st:
        sample = [s.prompt_id for s in api.draw_label_sample(st, run, 30, seed=5)]
    people = ["ann", "bob", "cy", "dee"]
    verdicts = ["c", "r", "p"]
    cookies = {who: f"{served.auth}; {served.cookie('overrefusal_annotator')}={who}" for who in people}
    _, _, page = ask(served, "GET", f"/label?run={run}", cookie=cookies["ann"])
    csrf = csrf_of(page)
    failures: list[tuple[str, str, int, str]] = []
    barrier = threading.Barrier(len(people))

    def label(who: str) -> None:
        barrier.wait()
        for i, pid in enumerate(sample):
            v = verdicts[(i + people.index(who)) % 3]
            status, _, body = ask(
                served,
                "POST",
                "/label/give",
                cookie=cookies[who],
                body=f"csrf={csrf}&run={run}&prompt={pid}&verdict={v}",
            )
            if status != 303:
                failures.append((who, pid, status, body[:200]))

    threads = [threading.Thread(target=label, args=(who,)) for who in people]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert failures == []
    with sqlite3.connect(f"file:{view_store.path}?mode=ro", uri=True) as con:
        got = {
            (who, pid): label
            for who, pid, label in con.execute(
                "SELECT annotator, prompt_id, label FROM annotations WHERE run_id = ?", (run,)
            )
        }
        effective = con.execute("SELECT COUNT(*) FROM human_labels WHERE run_id = ?", (run,)).fetchone()[0]
    names = {"c": "full_compliance", "r": "full_refusal", "p": "partial_refusal"}
    want = {(who, pid): names[verdicts[(i + people.index(who)) % 3]] for who in people for i, pid in enumerate(sample)}
    assert got == want
    assert effective == len(sample)


def test_two_viewers_in_one_browser_both_stay_open(view_store: ViewStore) -> None:
    """The same, in a real Chromium: opening the second viewer leaves the first one's tab working."""
    from _browser import CHROMIUM_ARGS, chromium_path

    exe = chromium_path()
    if exe is None:
        pytest.skip("no chromium binary")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    first, second = Served(view_store.path), Served(view_store.path)
    try:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
            try:
                page = browser.new_context().new_page()
                assert page.goto(first.url("/runs")).status == 200
                assert page.goto(second.url("/runs")).status == 200
                assert page.goto(f"{first.base}/runs").status == 200  # no token in the URL: the cookie
                assert page.goto(f"{second.base}/runs").status == 200
            finally:
                browser.close()
    finally:
        first.stop()
        second.stop()


def test_annotators_joining_at_once_all_join_the_plan(served: Served, view_store: ViewStore) -> None:
    """Naming yourself adds you to the run's plan: a read of the plan and a write of it, one transaction, so
    people joining at the same moment are all in it (before, each read the old plan and the last write won)."""
    run = view_store.baseline
    with Store(view_store.path) as st:
        api.draw_label_sample(st, run, 20, seed=3)
    _, _, page = ask(served, "GET", f"/label?run={run}", cookie=served.auth)
    csrf = csrf_of(page)
    people = [f"a{i}" for i in range(12)]
    statuses: list[int] = []
    barrier = threading.Barrier(len(people))

    def name(who: str) -> None:
        barrier.wait()
        statuses.append(
            ask(served, "POST", "/label/annotator", cookie=served.auth, body=f"csrf={csrf}&name={who}&run={run}")[0]
        )

    threads = [threading.Thread(target=name, args=(who,)) for who in people]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert statuses == [303] * len(people)
    from overrefusal.store.annotations import plan

    with Store(view_store.path, read_only=True) as st:
        got = plan(st, run)
    assert got is not None and sorted(got.annotators) == sorted(people)
