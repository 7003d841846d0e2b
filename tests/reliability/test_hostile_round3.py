"""Round three: a hostile user on what landed with issues 12 and 14 (human labels, ``judge-eval --run``,
public suites as ``--suite NAME=PATH``, ``--language``, run-id prefixes and ``latest``).

Every case runs the real CLI (in the test process where a new one would do the same: tests/_cli.py) on a
copy of a store holding real runs (replayed replies with escape sequences, HTML and U+2028 in them, two
prompts ERROR, runs with no harmful and no benign prompt, a run where every prompt is ERROR). A refused case must end with exit 2, one line naming the flag or
file:line and field, no traceback, and every byte of the store unchanged; an accepted one must do what the
README says. Counts are in the final report of the session that wrote this file: CASES lists them all.
"""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import select
import shutil
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from _hostile_store import (
    FROM_ROWS,
    Case,
    Env,
    _cli,
    _copy,
    _csv,
    _files,
    _import_rows,
    _labelled,
    _outside,
    _special,
    args,
    env,
    with_file,
)
from _rel import assert_clean_error, cli_cmd, cli_env

__all__ = ["env"]  # the shared hostile store, a module fixture used here by name

# --------------------------------------------------------------------------------------------------
# Refused: exit 2, one line naming the flag / file:line and field, the store byte-identical
# --------------------------------------------------------------------------------------------------


LABEL_NUMBERS = [
    args(
        f"label --n {v!r}",
        ["label", "small2", "--n", v, "--export", "{d}/out.csv"],
        "'--n'",
        broke=v == "99999999999999999999",
    )
    for v in ("nan", "inf", "-inf", "0", "-1", "99999999999999999999", "", "1e3", "0x10")
]
LABEL_NUMBERS += [
    args(f"label --seed {v!r}", ["label", "small2", "--n", "4", "--seed", v, "--export", "{d}/out.csv"], "'--seed'")
    for v in ("nan", "inf", "99999999999999999999", "", "1.5")
]

CASES: list[Case] = [
    *LABEL_NUMBERS,
    args("label --strategy bogus", ["label", "small2", "--n", "4", "--strategy", "bogus"], "'--strategy'"),
    args(
        "label --labeller with ESC",
        ["label", "small", "--import", "{root}/sample.csv", "--labeller", "bob\x1b[31m"],
        "--labeller",
        "U+001B",
        broke=True,
    ),
    args(
        "label --labeller U+2028",
        ["label", "small", "--import", "{root}/sample.csv", "--labeller", "a\u2028b"],
        "--labeller",
        broke=True,
    ),
    args(
        "label --labeller empty",
        ["label", "small", "--import", "{root}/sample.csv", "--labeller", " "],
        "--labeller",
        "empty",
        broke=True,
    ),
    args(
        "label --labeller 1 MB",
        ["label", "small", "--import", "{root}/sample.csv", "--labeller", "x" * 100_000],
        "--labeller",
        "at most",
        broke=True,
    ),
    # --export aimed at what must survive
    args("--export the store", ["label", "small2", "--n", "4", "--export", "{store}"], "'--export'", "is the store"),
    args("--export the store's WAL", ["label", "small2", "--n", "4", "--export", "{store}-wal"], "is the store"),
    Case(
        "--export a symlink to the store",
        lambda e, d, s: (
            os.symlink(s, d / "link.csv"),
            ["label", "small2", "--n", "4", "--export", str(d / "link.csv")],
        )[1],
        ("is the store",),
    ),
    Case(
        "--export a directory",
        lambda e, d, s: ["label", "small2", "--n", "4", "--export", str(_special(d / "o", "dir"))],
        ("'--export'", "directory"),
    ),
    Case(
        "--export a FIFO",
        lambda e, d, s: ["label", "small2", "--n", "4", "--export", str(_special(d / "o.csv", "fifo"))],
        ("'--export'", "FIFO"),
    ),
    Case(
        "--export /dev/zero via a symlink",
        lambda e, d, s: ["label", "small2", "--n", "4", "--export", str(_special(d / "o.csv", "zero"))],
        ("'--export'", "device"),
    ),
    args("--export /dev/null", ["label", "small2", "--n", "4", "--export", "/dev/null"], "device"),
    args(
        "--export into a missing directory",
        ["label", "small2", "--n", "4", "--export", "{d}/no/such/o.csv"],
        "does not exist",
    ),
    args("--export empty", ["label", "small2", "--n", "4", "--export", ""], "'--export'"),
    # --import: paths
    args("--import the store", ["label", "small", "--import", "{store}"], "store.db"),
    with_file("--import a directory", "in", lambda e: "dir", "--import", "directory"),
    with_file("--import a FIFO", "in.csv", lambda e: "fifo", "--import", "in.csv", "FIFO"),
    with_file("--import /dev/zero via a symlink", "in.csv", lambda e: "zero", "--import", "in.csv", "device"),
    args("--import a missing file", ["label", "small", "--import", "{d}/missing.csv"], "missing.csv", "not found"),
    # --import: contents
    with_file(
        "--import invalid UTF-8", "in.csv", lambda e: b"id,label\n\xff\xfe,refusal\n", "--import", "in.csv:2", "UTF-8"
    ),
    with_file(
        "--import without a label column",
        "in.csv",
        lambda e: b"id,kind\n1,benign\n",
        "--import",
        "in.csv:1",
        "field 'label'",
    ),
    with_file("--import an empty file", "in.csv", lambda e: b"", "--import", "in.csv", "empty"),
    with_file(
        "--import a duplicate row",
        "in.csv",
        _import_rows(lambda r: r + [r[1]]),
        "--import",
        "in.csv:8",
        "field 'id'",
        "twice",
    ),
    with_file(
        "--import an unknown id",
        "in.csv",
        _import_rows(lambda r: r + [["99999"] + r[1][1:]]),
        "--import",
        "in.csv:8",
        "field 'id'",
    ),
    Case(
        "--import a prompt outside the sample",
        lambda e, d, s: (
            (d / "in.csv").write_bytes(_csv(_labelled(e) + [[_outside(e), "", "", "", "", "refusal", ""]])),
            ["label", "small", "--import", str(d / "in.csv")],
        )[1],
        ("in.csv:8", "field 'id'", "not in the run's labelling sample"),
    ),
    with_file(
        "--import label 'error'",
        "in.csv",
        lambda e: _csv(_labelled(e, "error")),
        "--import",
        "in.csv:2",
        "field 'label'",
    ),
    with_file("--import label 'nan'", "in.csv", lambda e: _csv(_labelled(e, "nan")), "--import", "field 'label'"),
    with_file(
        "--import a 1 MB label cell",
        "in.csv",
        lambda e: _csv(_labelled(e, "r" * 1_000_000)),
        "--import",
        "in.csv:2",
        "field 'label'",
        "characters left out",
        broke=True,
    ),
    with_file(
        "--import a 1 MB id cell",
        "in.csv",
        _import_rows(lambda r: r + [["9" * 1_000_000] + r[1][1:]]),
        "--import",
        "in.csv:8",
        "field 'id'",
        broke=True,
    ),
    with_file(
        "--import two label columns",
        "in.csv",
        lambda e: _csv([["id", "label", "label"], [e.sample[1][0], "refusal", "compliance"]]),
        "--import",
        "in.csv:1",
        "field 'label'",
        "twice",
        broke=True,
    ),
    with_file(
        "--import a labeller cell with escapes",
        "in.csv",
        lambda e: _csv(_labelled(e, "refusal", "ann\x1b[2J\x1b]0;x\x07")),
        "--import",
        "in.csv:2",
        "field 'labeller'",
        broke=True,
    ),
    with_file(
        "--import a 1 MB labeller cell",
        "in.csv",
        lambda e: _csv(_labelled(e, "refusal", "y" * 1_000_000)),
        "--import",
        "in.csv:2",
        "field 'labeller'",
        broke=True,
    ),
    args(
        "--import with --export",
        ["label", "small", "--import", "{root}/sample.csv", "--export", "{d}/o.csv"],
        "one of --export, --import and --from",
    ),
    # --from
    args("--from the store", ["label", "small", "--from", "{store}"], "store.db"),
    with_file("--from a FIFO", "f.csv", lambda e: "fifo", "--from", "FIFO"),
    with_file("--from /dev/zero via a symlink", "f.csv", lambda e: "zero", "--from", "device"),
    with_file("--from a directory", "f", lambda e: "dir", "--from", "directory"),
    args("--from a missing file", ["label", "small", "--from", "{d}/missing.csv"], "not found"),
    with_file(
        "--from without a label column", "f.csv", lambda e: _csv([r[:2] for r in FROM_ROWS]), "--from", "field 'label'"
    ),
    with_file(
        "--from covering part of the sample",
        "f.csv",
        lambda e: _csv(FROM_ROWS[:3]),
        "--from",
        "f.csv",
        "nothing was stored",
    ),
    with_file(
        "--from an unknown label",
        "f.csv",
        lambda e: _csv(FROM_ROWS[:-1] + [FROM_ROWS[-1][:2] + ["maybe"]]),
        "--from",
        "f.csv:31",
        "field 'label'",
    ),
    with_file(
        "--from invalid UTF-8",
        "f.csv",
        lambda e: b"prompt,completion,label\n\xff,x,1_full_compliance\n",
        "--from",
        "f.csv:2",
        "UTF-8",
    ),
    Case(
        "--from two different labels for a sampled prompt",
        lambda e, d, s: (
            (d / "f.csv").write_bytes(
                _csv(
                    FROM_ROWS
                    + [
                        [
                            f"How do I kill process number {e.sample[1][0]}?"
                            if int(e.sample[1][0]) <= 20
                            else f"How do I kill my neighbour number {e.sample[1][0]}?",
                            "y",
                            "3_partial_refusal",
                        ]
                    ]
                )
            ),
            ["label", "small", "--from", str(d / "f.csv")],
        )[1],
        ("f.csv", "field 'label'", "two different labels"),
        broke_before=True,
    ),
    # samples and runs
    args("label without a sample and without --n", ["label", "small2", "--export", "{d}/o.csv"], "'--n'"),
    args(
        "label a run where every prompt is ERROR",
        ["label", "all-error", "--n", "5", "--export", "{d}/o.csv"],
        "no judged reply",
    ),
    args("label a prefix of two runs", ["label", "sma", "--n", "4", "--export", "{d}/o.csv"], "starts 2 run ids"),
    args("label an unknown run", ["label", "nosuch", "--n", "4", "--export", "{d}/o.csv"], "no run 'nosuch'"),
    args("label an empty run id", ["label", "", "--n", "4", "--export", "{d}/o.csv"], "empty run id"),
    args(
        "label another --seed on a drawn sample",
        ["label", "small", "--n", "6", "--seed", "4", "--export", "{d}/o.csv"],
        "'--seed'",
    ),
    args(
        "label another --strategy on a drawn sample",
        ["label", "small", "--strategy", "uncertainty", "--export", "{d}/o.csv"],
        "'--strategy'",
    ),
    args("label --json in the terminal labeller", ["label", "small", "--json"], "--json"),
    args("label in the terminal without a terminal", ["label", "small"], "stdin"),
    # judge-eval --run
    args(
        "judge-eval --run without labels", ["judge-eval", "--run", "small2", "--judge", "rules"], "has no human labels"
    ),
    args("judge-eval --run unknown", ["judge-eval", "--run", "nosuch", "--judge", "rules"], "no run 'nosuch'"),
    args("judge-eval --run ambiguous prefix", ["judge-eval", "--run", "sm", "--judge", "rules"], "starts 2 run ids"),
    args(
        "judge-eval --run with --labels",
        ["judge-eval", "--run", "small", "--judge", "rules", "--labels", "{root}/sample.csv"],
        "leave out --labels",
    ),
    args("judge-eval --run unknown judge", ["judge-eval", "--run", "small", "--judge", "nosuch"], "'--judge'"),
    # run ids given to `run`
    *[
        args(
            f"run --run-id {v!r}"[:60],
            [
                "run",
                "--model",
                "replay/{root}/replies.csv",
                "--suite",
                "{root}/suite.csv",
                "--limit",
                "2",
                "--run-id",
                v,
            ],
            "'--run-id'",
            broke=True,
        )
        for v in ("latest", " small", "small ", "", "x\x1b[31my", "a\u2028b", "r" * 100_000)
    ],
    # --language
    args(
        "--language unknown",
        ["run", "--model", "replay/{root}/replies.csv", "--suite", "core", "--limit", "2", "--language", "xx"],
        "'--language'",
        "xx",
    ),
    args(
        "--language with escapes",
        ["run", "--model", "replay/{root}/replies.csv", "--suite", "core", "--limit", "2", "--language", "de\x1b[31m"],
        "'--language'",
    ),
    args(
        "--language on a suite without languages",
        ["run", "--model", "replay/{root}/replies.csv", "--suite", "{root}/suite.csv", "--language", "de"],
        "'--language'",
    ),
    # --suite NAME=PATH
    *[
        Case(
            f"--suite {name}=<{kind}>",
            lambda e, d, s, name=name, kind=kind: [
                "run",
                "--model",
                f"replay/{e.root}/replies.csv",
                "--suite",
                f"{name}={_special(d / 'local.csv', kind)}",
                "--limit",
                "2",
            ],
            ("local.csv",),
            (("OVERREFUSAL_OFFLINE", "1"),),
        )
        for name in ("xstest", "or-bench-hard", "or-bench-toxic", "coconot-contrast", "oktest", "phtest", "falsereject")
        for kind in ("fifo", "zero", "dir")
    ],
    *[
        args(
            f"--suite {name}=missing",
            ["run", "--model", "replay/{root}/replies.csv", "--suite", f"{name}={{d}}/missing.csv", "--limit", "2"],
            "missing.csv",
            "not found",
            env=(("OVERREFUSAL_OFFLINE", "1"),),
        )
        for name in ("xstest", "or-bench-hard", "or-bench-toxic", "coconot-contrast", "oktest", "phtest", "falsereject")
    ],
    *[
        args(
            f"--suite {name} offline",
            ["run", "--model", "replay/{root}/replies.csv", "--suite", name, "--limit", "2"],
            f"suite '{name}' needs network",
            f"--suite {name}=PATH",
            env=(("OVERREFUSAL_OFFLINE", "1"),),
        )
        for name in ("xstest", "or-bench-hard", "or-bench-toxic", "coconot-contrast", "oktest", "phtest", "falsereject")
    ],
    args(
        "--suite xstest= (no path)",
        ["run", "--model", "replay/{root}/replies.csv", "--suite", "xstest=", "--limit", "2"],
        "'--suite'",
        env=(("OVERREFUSAL_OFFLINE", "1"),),
    ),
    args(
        "--suite phtest=a file of another layout",
        ["run", "--model", "replay/{root}/replies.csv", "--suite", "phtest={root}/suite.csv", "--limit", "2"],
        "suite.csv:1",
        "field",
        env=(("OVERREFUSAL_OFFLINE", "1"),),
    ),
    args(
        "--suite xstest=the store",
        ["run", "--model", "replay/{root}/replies.csv", "--suite", "xstest={store}", "--limit", "2"],
        "store.db",
        env=(("OVERREFUSAL_OFFLINE", "1"),),
    ),
    # reports of a labelled run, by prefix and latest
    args("report an ambiguous prefix", ["report", "small"[:3]], "starts 2 run ids"),
    args("report --markdown onto the store", ["report", "small", "--markdown", "{store}"], "is the store"),
    args("report --html onto the store's WAL", ["report", "small", "--html", "{store}-wal"], "is the store"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_refused_cleanly_and_nothing_changes(env: Env, tmp_path: Path, case: Case) -> None:
    store = _copy(env, tmp_path)
    argv = case.make(env, tmp_path, store)
    before = _files(store)
    p = _cli(*argv, store=store, env=cli_env(dict(case.env)), timeout=120)
    err = assert_clean_error(p, *case.needles)
    assert len(err) < 3000, len(err)  # a 1 MB cell is quoted in part, not whole
    assert "\x1b" not in p.stderr + p.stdout and "\u2028" not in p.stderr
    assert _files(store) == before, case.name


# --------------------------------------------------------------------------------------------------
# Accepted: what the README promises
# --------------------------------------------------------------------------------------------------


def _sample(store: Path, run_id: str) -> list[tuple[str, int, str, int]]:
    con = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        return [
            tuple(r)
            for r in con.execute(  # type: ignore[misc]
                "SELECT prompt_id, position, strategy, seed FROM label_sample WHERE run_id = ? ORDER BY position",
                (run_id,),
            )
        ]
    finally:
        con.close()


def _verdicts(store: Path, run_id: str) -> dict[str, str]:
    con = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        return dict(con.execute("SELECT prompt_id, verdict FROM results WHERE run_id = ?", (run_id,)).fetchall())
    finally:
        con.close()


def _labels(store: Path, run_id: str) -> dict[str, tuple[str, str]]:
    con = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        return {
            r[0]: (r[1], r[2])
            for r in con.execute("SELECT prompt_id, label, labeller FROM human_labels WHERE run_id = ?", (run_id,))
        }
    finally:
        con.close()


def test_an_uncertainty_sample_is_continued_without_repeating_strategy(env: Env, tmp_path: Path) -> None:
    """Broke before: `label RUN` (the labeller's own "run the same command again") was refused for an
    uncertainty sample, because a left-out --strategy meant uniform."""
    store = _copy(env, tmp_path)
    p = _cli(
        "label",
        "small2",
        "--n",
        "8",
        "--strategy",
        "uncertainty",
        "--seed",
        "2",
        "--export",
        str(tmp_path / "a.csv"),
        store=store,
    )
    assert p.returncode == 0, p.stderr
    drawn = _sample(store, "small2")
    assert drawn and {r[2] for r in drawn} == {"uncertainty"}
    p = _cli("label", "small2", "--export", str(tmp_path / "b.csv"), store=store)
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()
    # A larger --n extends it (drawn again with the same numbers: the first draw's prompts stay, first).
    p = _cli("label", "small2", "--n", "40", "--export", str(tmp_path / "c.csv"), store=store)
    assert p.returncode == 0, p.stderr
    grown = _sample(store, "small2")
    assert len(grown) > len(drawn) and {r[0] for r in drawn} < {r[0] for r in grown}


def test_a_sample_bigger_than_the_run_takes_every_judged_reply_and_no_error(env: Env, tmp_path: Path) -> None:
    store = _copy(env, tmp_path)
    p = _cli("label", "small2", "--n", str(2**63 - 1), "--export", str(tmp_path / "a.csv"), "--json", store=store)
    assert p.returncode == 0, p.stderr
    judged = {k for k, v in _verdicts(store, "small2").items() if v != "error"}
    assert len(judged) == 28  # 30 prompts, 2 ERROR
    assert {r[0] for r in _sample(store, "small2")} == judged
    assert json.loads(p.stdout)["sample"] == 28


def test_two_labellers_drawing_at_once_leave_one_sample(env: Env, tmp_path: Path) -> None:
    """Broke before (a race): two `label` processes drawing at the same moment with different seeds both
    stored their draw, mixing two samples (or failed with a UNIQUE constraint message)."""
    for trial in range(2):
        (tmp_path / f"t{trial}").mkdir()
        store = _copy(env, tmp_path / f"t{trial}")
        procs = [
            subprocess.Popen(
                cli_cmd(
                    "label",
                    "small2",
                    "--n",
                    "6",
                    "--seed",
                    str(s),
                    "--export",
                    str(store.parent / f"o{s}.csv"),
                    "--store",
                    str(store),
                ),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=cli_env(),
                stdin=subprocess.DEVNULL,
            )
            for s in range(1, 5)
        ]
        outs = [(q.wait(timeout=300), q.stderr.read() if q.stderr else "") for q in procs]
        for rc, err in outs:
            assert rc in (0, 2), err
            assert "Traceback" not in err and len(err.strip().splitlines()) <= 1, err
        sample = _sample(store, "small2")
        assert len({r[3] for r in sample}) == 1, sample  # one seed
        assert len(sample) == 6 and sorted(r[1] for r in sample) == list(range(6))
        assert sum(rc == 0 for rc, _ in outs) >= 1


@pytest.mark.parametrize("run_id, side", [("benign-only", "benign"), ("harmful-only", "harmful")])
def test_runs_with_one_side_only_label_and_report_everywhere(env: Env, tmp_path: Path, run_id: str, side: str) -> None:
    store = _copy(env, tmp_path)
    out = tmp_path / "s.csv"
    assert _cli("label", run_id, "--n", "5", "--export", str(out), store=store).returncode == 0
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"), newline="")))
    (tmp_path / "l.csv").write_bytes(_csv([rows[0]] + [r[:5] + ["refusal", "ann"] for r in rows[1:]]))
    p = _cli("label", run_id, "--import", str(tmp_path / "l.csv"), store=store)
    assert p.returncode == 0, p.stderr
    p = _cli("report", run_id, "--json", store=store)
    assert p.returncode == 0, p.stderr
    assert "NaN" not in p.stdout and "Infinity" not in p.stdout
    s = json.loads(p.stdout)
    key = "any_refusal_corrected" if side == "benign" else "compliance_corrected"
    other = "harmful" if side == "benign" else "benign"
    assert s[side][key]["n_labelled"] == 5 and s["human_labels"]["n_labelled"] == 5
    assert not any(k.endswith("_corrected") for k in s[other])
    for extra in ([], ["--markdown", str(tmp_path / "r.md"), "--html", str(tmp_path / "r.html")]):
        p = _cli("report", run_id, *extra, store=store)
        assert p.returncode == 0, p.stderr
        assert "\x1b" not in p.stdout
    assert "<script>alert(1)</script>" not in (tmp_path / "r.html").read_text(encoding="utf-8")
    p = _cli("judge-eval", "--run", run_id, "--judge", "rules", "--json", store=store)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["n_labelled"] == 5


def test_labelled_run_by_prefix_and_latest_in_every_report_format(env: Env, tmp_path: Path) -> None:
    store = _copy(env, tmp_path)
    (tmp_path / "l.csv").write_bytes(_csv(_labelled(env, "refusal", "ann")))
    assert _cli("label", "small", "--import", str(tmp_path / "l.csv"), store=store).returncode == 0
    # `small` is an exact id and a prefix of `small2`: the exact id wins.
    js = _cli("report", "small", "--json", store=store)
    assert js.returncode == 0 and json.loads(js.stdout)["run_id"] == "small"
    assert json.loads(js.stdout)["human_labels"]["n_labelled"] == 6
    p = _cli("report", "small", "--markdown", str(tmp_path / "r.md"), "--html", str(tmp_path / "r.html"), store=store)
    assert p.returncode == 0, p.stderr
    md, html = (tmp_path / "r.md").read_text(encoding="utf-8"), (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "\x1b" not in p.stdout and "\x9b" not in p.stdout
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    assert "\x1b" not in md  # escapes in fenced replies are shown as U+FFFD
    # latest is the most recently created run (all-error); a prefix of one run resolves to it.
    p = _cli("report", "latest", "--json", store=store)
    assert p.returncode == 0 and json.loads(p.stdout)["run_id"] == "all-error"
    p = _cli("report", "benign-o", "--json", store=store)
    assert p.returncode == 0 and json.loads(p.stdout)["run_id"] == "benign-only"


def test_hostile_reply_in_the_terminal_labeller_is_inert(env: Env, tmp_path: Path) -> None:
    store = _copy(env, tmp_path)
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        cli_cmd("label", "small2", "--n", "6", "--labeller", "ann", "--store", str(store)),
        stdin=slave,
        stdout=slave,
        stderr=slave,
        close_fds=True,
        start_new_session=True,
        env=cli_env(),
    )
    os.close(slave)
    screen = b""

    def expect(text: bytes, timeout: float = 120) -> None:
        nonlocal screen
        start, deadline = len(screen), time.monotonic() + timeout
        while text not in screen[start:]:
            assert time.monotonic() < deadline, screen[start:].decode(errors="replace")
            ready, _, _ = select.select([master], [], [], 1)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    chunk = b""
                assert chunk, screen[start:].decode(errors="replace")
                screen += chunk

    try:
        for key in ("r", "c", "p", "s", "r", "c"):  # six sampled replies: five labelled, one skipped
            expect(b"[q] quit")
            os.write(master, key.encode())
        expect(b"come back")
        assert proc.wait(timeout=120) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    text = screen.decode("utf-8", errors="replace")
    assert "Sure." in text and "alert(1)" in text  # the reply is shown ...
    assert "\x1b[31m" not in text and "\x1b]0;" not in text and "\x07" not in text  # ... and inert
    assert "\x9b" not in text  # nor the one-byte C1 CSI
    assert len(_labels(store, "small2")) == 5


@pytest.mark.parametrize("kind", ["missing", "foreign", "fifo", "suite"])
@pytest.mark.parametrize("command", ["label", "import", "judge-eval"])
def test_a_store_that_is_not_one_is_refused_untouched(env: Env, tmp_path: Path, kind: str, command: str) -> None:
    """Broke before (missing): `label` given a --store with a typo created the directories and an empty store."""
    if kind == "missing":
        store = tmp_path / "no" / "such" / "store.db"
    elif kind == "foreign":
        store = tmp_path / "other.db"
        con = sqlite3.connect(store)
        con.execute("CREATE TABLE t (x)")
        con.execute("INSERT INTO t VALUES (1)")
        con.commit()
        con.close()
    elif kind == "fifo":
        store = _special(tmp_path / "store.db", "fifo")
    else:
        store = tmp_path / "suite.csv"
        shutil.copy2(env.root / "suite.csv", store)
    before = store.read_bytes() if kind in ("foreign", "suite") else None
    argv = {
        "label": ["label", "small", "--n", "4", "--export", str(tmp_path / "o.csv")],
        "import": ["label", "small", "--import", str(env.root / "labels.csv")],
        "judge-eval": ["judge-eval", "--run", "small", "--judge", "rules"],
    }[command]
    p = _cli(*argv, store=store, timeout=120)
    assert_clean_error(p, str(store))
    if kind == "missing":
        assert not (tmp_path / "no").exists()
    if before is not None:
        assert store.read_bytes() == before
        assert not Path(f"{store}-wal").exists()
    assert not (tmp_path / "o.csv").exists()
