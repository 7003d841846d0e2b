"""Round four: a hostile user on the newest commands again (``label``'s files, ``--suite NAME=PATH``,
conversations, ``--language``, judge-eval's label files, run ids), looking where round three did not: files
whose quoting, columns or keys are ambiguous, a benchmark's name given another benchmark's file, empty
values, run ids in another Unicode normal form.

The store and runs are round three's (its ``env`` fixture: five replayed runs with hostile replies, run
``small`` with a labelled sample of six). A refused case ends with exit 2, one line naming the file:line and
field (or the flag), no traceback, every byte of the store unchanged. ``broke=True`` marks the cases that did
not keep that contract before this round's fixes (the session's report gives the counts).
"""

from __future__ import annotations

import json
import subprocess
import unicodedata
from pathlib import Path

import pytest
from _hostile_store import FROM_ROWS, Case, Env, _cli, _copy, _csv, _files, _labelled, args, env
from _rel import assert_clean_error, cli_env, run_cli

__all__ = ["env"]  # the shared hostile store, a module fixture used here by name

OFFLINE = (("OVERREFUSAL_OFFLINE", "1"),)


def _file(
    title: str, name: str, build: object, argv: list[str], *needles: str, broke: bool = False, offline: bool = False
) -> Case:
    """Case ``title``: the scratch file ``name`` holds ``build(env)`` (bytes); ``{f}`` in ``argv`` is its path."""

    def make(e: Env, d: Path, s: Path) -> list[str]:
        target = d / name
        target.write_bytes(build(e))  # type: ignore[operator]
        return [a.replace("{f}", str(target)).replace("{root}", str(e.root)) for a in argv]

    return Case(title, make, needles, OFFLINE if offline else (), broke)


def _import_text(edit: object) -> object:
    """An ``--import`` file: round three's labelled sample as CSV lines, ``edit`` applied to the lines."""

    def build(e: Env) -> bytes:
        # split("\n"): splitlines() would also split the replies' U+2028.
        lines = _csv(_labelled(e)).decode("utf-8").rstrip("\n").split("\n")
        return ("\n".join(edit(lines)) + "\n").encode("utf-8")  # type: ignore[operator]

    return build


def _unclosed(lines: list[str]) -> list[str]:
    # Row 2 (line 3) opens a quote in its prompt cell and never closes it: leniently read, lines 3 to the
    # end became one cell, five labels vanished and the command said "1 row left blank".
    cells = lines[2].split(",")
    return lines[:2] + [",".join(cells[:3] + ['"' + cells[3]] + cells[4:])] + lines[3:]


def _merged(lines: list[str]) -> list[str]:
    # "refus"al: leniently read as the cell 'refusal'.
    return [lines[0]] + [line.replace(",refusal,", ',"refus"al,') for line in lines[1:]]


def _long_row(lines: list[str]) -> list[str]:
    # An unquoted comma in a cell shifts the row: more cells than the header has.
    return [lines[0], lines[1] + ",shifted,cells"] + lines[2:]


def _suite_csv(e: Env) -> list[str]:
    return (e.root / "suite.csv").read_text(encoding="utf-8").splitlines()


def _suite_unclosed(e: Env) -> bytes:
    lines = _suite_csv(e)
    lines[3] = lines[3].replace(",", ',"', 1)  # prompt 3's text opens a quote that is never closed
    return ("\n".join(lines) + "\n").encode("utf-8")


def _suite_with(e: Env, header: str, row: str) -> bytes:
    return f"{header}\n{row}\n".encode()


def _conversation(messages: object) -> object:
    return lambda e: (json.dumps({"id": "c1", "label": "benign", "messages": messages}) + "\n").encode("utf-8")


def _from_rows(header: list[str]) -> object:
    return lambda e: _csv([header] + [r + [r[-1]] for r in FROM_ROWS[1:]])


def _run(suite: str, *more: str) -> list[str]:
    return ["run", "--model", "replay/{root}/replies.csv", "--suite", suite, "--judge", "rules", "--limit", "3", *more]


CASES: list[Case] = [
    # label --import: quoting and row shape
    _file(
        "label --import: an unclosed quote",
        "in.csv",
        _import_text(_unclosed),
        ["label", "small", "--import", "{f}"],
        "in.csv:3",
        "never closed",
        broke=True,
    ),
    _file(
        'label --import: "refus"al quoting',
        "in.csv",
        _import_text(_merged),
        ["label", "small", "--import", "{f}"],
        "in.csv:2",
        "malformed CSV",
        broke=True,
    ),
    _file(
        "label --import: a row longer than the header",
        "in.csv",
        _import_text(_long_row),
        ["label", "small", "--import", "{f}"],
        "in.csv:2",
        "9 cells",
        broke=True,
    ),
    # label --from and judge-eval --labels: a repeated column, a repeated JSON key, broken quoting
    _file(
        "label --from: the label column twice",
        "f.csv",
        _from_rows(["prompt", "completion", "label", "label"]),
        ["label", "small", "--from", "{f}"],
        "f.csv:1",
        "field 'label'",
        "twice",
        broke=True,
    ),
    _file(
        "judge-eval --labels: label and LABEL columns",
        "f.csv",
        _from_rows(["prompt", "completion", "label", "LABEL"]),
        ["judge-eval", "--judge", "rules", "--labels", "{f}"],
        "f.csv:1",
        "twice",
        broke=True,
    ),
    _file(
        "judge-eval --labels: a JSON key twice",
        "f.jsonl",
        lambda e: b'{"prompt": "a", "completion": "b", "label": "refusal", "label": "compliance"}\n',
        ["judge-eval", "--judge", "rules", "--labels", "{f}"],
        "f.jsonl:1",
        "'label' twice",
        broke=True,
    ),
    _file(
        "label --from: a JSON key twice",
        "f.jsonl",
        lambda e: (
            "".join(json.dumps({"prompt": p, "completion": c, "label": lab}) + "\n" for p, c, lab in FROM_ROWS[1:])
            .replace('"label": ', '"label": "2_full_refusal", "label": ', 1)
            .encode("utf-8")
        ),
        ["label", "small", "--from", "{f}"],
        "f.jsonl:1",
        "twice",
        broke=True,
    ),
    _file(
        "judge-eval --labels: an unclosed quote",
        "f.csv",
        lambda e: b'prompt,completion,label\na,"b\nc,d,refusal\n',
        ["judge-eval", "--judge", "rules", "--labels", "{f}"],
        "f.csv:2",
        "never closed",
    ),
    # replay files: a repeated column (which one is the reply?)
    _file(
        "--model replay/FILE: the completion column twice",
        "r.csv",
        lambda e: b"id,completion,Completion\n1,Sure.,I refuse.\n2,Sure.,Sure.\n",
        ["run", "--model", "replay/{f}", "--suite", "{root}/suite.csv", "--judge", "rules", "--limit", "2"],
        "r.csv:1",
        "field 'Completion'",
        "twice",
        broke=True,
    ),
    # --suite files: quoting, repeated keys
    _file(
        "--suite FILE: an unclosed quote", "s.csv", _suite_unclosed, _run("{f}"), "s.csv:4", "never closed", broke=True
    ),
    _file(
        "--suite FILE.jsonl: a JSON key twice",
        "s.jsonl",
        lambda e: b'{"id": "1", "prompt": "How do I kill a process?", "label": "safe", "label": "unsafe"}\n',
        _run("{f}"),
        "s.jsonl:1",
        "'label' twice",
        broke=True,
    ),
    # --suite NAME=PATH given another benchmark's file: its harmful prompts were counted as benign
    *[
        _file(
            f"--suite {name}=XSTest's file",
            "s.csv",
            lambda e: (e.root / "suite.csv").read_bytes(),
            _run(f"{name}={{f}}"),
            "s.csv:1",
            n,
            broke=True,
            offline=True,
        )
        for name, n in (("oktest", "'label'"), ("or-bench-hard", "'category'"), ("or-bench-toxic", "'category'"))
    ],
    _file(
        "--suite phtest=a file with a label column",
        "s.csv",
        lambda e: _suite_with(e, "ID,Request,Harmfulness,label", "1,How do I kill my neighbour?,harmless,unsafe"),
        _run("phtest={f}"),
        "s.csv:1",
        "field 'label'",
        broke=True,
        offline=True,
    ),
    _file(
        "--suite falsereject=XSTest's file",
        "s.csv",
        lambda e: (e.root / "suite.csv").read_bytes(),
        _run("falsereject={f}"),
        "s.csv:1",
        offline=True,
    ),
    _file(
        "--suite coconot-contrast=XSTest's file",
        "s.csv",
        lambda e: (e.root / "suite.csv").read_bytes(),
        _run("coconot-contrast={f}"),
        "s.csv",
        offline=True,
    ),
    _file(
        "--suite phtest=a header only",
        "s.csv",
        lambda e: b"ID,Request,Harmfulness\n",
        _run("phtest={f}"),
        "s.csv:1",
        "no prompts",
        offline=True,
    ),
    _file("--suite oktest=an empty file", "s.csv", lambda e: b"", _run("oktest={f}"), "s.csv", "empty", offline=True),
    # conversations
    *[
        _file(f"conversation {m!r}"[:70], "c.jsonl", _conversation(m), _run("{f}"), "c.jsonl:1", "field 'messages'")
        for m in (
            [{"role": "tool", "content": "x"}, {"role": "user", "content": "How do I kill a process?"}],
            [{"role": "user", "content": "How do I kill a process?"}, {"role": "assistant", "content": "no"}],
            [{"role": "user", "content": 5}],
            [{"role": "user", "content": [{"type": "text", "text": "hi"}]}],
            [{"role": "user", "content": " "}],
            [],
            [{"role": "user", "content": "a"}, {"role": "system", "content": "b"}, {"role": "user", "content": "c"}],
            [{"role": True, "content": "a"}],
        )
    ],
    # an uncertainty draw that chose nothing was stored as no sample: "give its size with --n", which was given
    args(
        "label --strategy uncertainty choosing none",
        ["label", "small2", "--n", "1", "--strategy", "uncertainty", "--seed", "0", "--export", "{d}/o.csv"],
        "'--n'",
        "chose none",
        broke=True,
    ),
    # invisible characters: a labeller shown as nobody, two run ids that look the same
    *[
        args(
            f"label --labeller U+{ord(ch):04X}",
            ["label", "small", "--import", "{root}/sample.csv", "--labeller", f"ann{ch}"],
            "'--labeller'",
            f"U+{ord(ch):04X}",
            broke=True,
        )
        for ch in ("\u200b", "\u200f", "\ufeff", "\u061c")
    ],
    _file(
        "label --import: a labeller cell of a zero-width space",
        "in.csv",
        lambda e: _csv(_labelled(e, "refusal", "\u200b")),
        ["label", "small", "--import", "{f}"],
        "in.csv:2",
        "field 'labeller'",
        "U+200B",
        broke=True,
    ),
    *[
        args(
            f"run --run-id small+U+{ord(ch):04X}",
            ["run", "--model", "replay/{root}/replies.csv", "--suite", "{root}/suite.csv", "--run-id", f"small{ch}"],
            "'--run-id'",
            f"U+{ord(ch):04X}",
            broke=True,
        )
        for ch in ("\u200b", "\u200e", "\u2060", "\ufeff")
    ],
    # a messages cell nested 100,000 deep in a CSV suite: a RecursionError traceback
    _file(
        "--suite FILE.csv: a messages cell nested 100,000 deep",
        "s.csv",
        lambda e: b'id,prompt,label,messages\n1,hi,benign,"' + b"[" * 100_000 + b"]" * 100_000 + b'"\n',
        _run("{f}"),
        "s.csv:2",
        "field 'messages'",
        "deeper than",
        broke=True,
    ),
    # languages and translations in a suite file
    *[
        _file(
            f"--suite FILE.jsonl: {title}",
            "s.jsonl",
            lambda e, rows=rows: "".join(json.dumps(r) + "\n" for r in rows).encode("utf-8"),
            _run("{f}", "--language", "all"),
            "s.jsonl",
            field,
            broke=True,
        )
        for title, field, rows in (
            ("language 5", "field 'language'", [{"id": "1", "prompt": "hi", "label": "benign", "language": 5}]),
            (
                "language with an escape",
                "field 'language'",
                [{"id": "1", "prompt": "hi", "label": "benign", "language": "de\x1b[31m"}],
            ),
            (
                "a translation of itself",
                "field 'translation_of'",
                [{"id": "1", "prompt": "hi", "label": "benign", "language": "de", "translation_of": "1"}],
            ),
            (
                "a translation of a missing prompt",
                "field 'translation_of'",
                [{"id": "1", "prompt": "hi", "label": "benign", "language": "de", "translation_of": "9"}],
            ),
            (
                "a harmful translation of a benign prompt",
                "field 'translation_of'",
                [
                    {"id": "1", "prompt": "hi", "label": "benign", "language": "en"},
                    {"id": "2", "prompt": "hallo", "label": "harmful", "language": "de", "translation_of": "1"},
                ],
            ),
        )
    ],
    # both reports into one file: refused, but as "an input of this command"
    args(
        "report --html and --markdown one file",
        ["report", "small", "--html", "{d}/r.out", "--markdown", "{d}/r.out"],
        "'--markdown'",
        "also the --html file",
    ),
    # --language
    *[
        args(f"--language {v!r}", _run("core", "--language", v), "'--language'", "empty", broke=True)
        for v in ("", ",", "en,,de", " , ")
    ],
    args("--language en;de", _run("core", "--language", "en;de"), "'--language'", "en;de"),
    # a KEY=VALUE flag with one key twice: the last one won without a word
    args(
        "--column text twice",
        _run("{root}/suite.csv", "--column", "text=prompt", "--column", "text=focus"),
        "'--column'",
        "'text' given twice",
        broke=True,
    ),
    args(
        "--backend-option twice",
        _run("{root}/suite.csv", "--backend-option", "max_retries=1", "--backend-option", "max_retries=sk-secret"),
        "'--backend-option'",
        "'max_retries' given twice",
        broke=True,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c.name}" for i, c in enumerate(CASES)])
def test_refused_cleanly_and_nothing_changes(env: Env, tmp_path: Path, case: Case) -> None:
    store = _copy(env, tmp_path)
    argv = case.make(env, tmp_path, store)
    before = _files(store)
    p = _cli(*argv, store=store, env=cli_env(dict(case.env)), timeout=120)
    err = assert_clean_error(p, *case.needles)
    assert len(err) < 3000, len(err)
    assert "\x1b" not in p.stderr + p.stdout
    assert "sk-secret" not in p.stderr + p.stdout
    assert _files(store) == before, case.name


# --------------------------------------------------------------------------------------------------
# Accepted: what must keep working
# --------------------------------------------------------------------------------------------------


def test_a_run_id_typed_in_another_unicode_normal_form_names_the_run(env: Env, tmp_path: Path) -> None:
    """Broke before: a run id with an accent typed decomposed (e + U+0301, as macOS gives it) was 'no run',
    with the run itself, looking identical, offered as the closest."""
    store = _copy(env, tmp_path)
    composed = "caf\u00e9-run"
    p = _cli(
        "run",
        "--model",
        f"replay/{env.root / 'replies.csv'}",
        "--suite",
        str(env.root / "suite.csv"),
        "--judge",
        "rules",
        "--limit",
        "2",
        "--run-id",
        composed,
        store=store,
    )
    assert p.returncode == 0, p.stderr
    for ref in (unicodedata.normalize("NFD", composed), unicodedata.normalize("NFD", "caf\u00e9")):
        p = _cli("report", ref, "--json", store=store)
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout)["run_id"] == composed


def test_spreadsheet_quirks_still_import(env: Env, tmp_path: Path) -> None:
    """Strict quoting refuses what is ambiguous, not what spreadsheets write: CRLF line ends, a byte-order
    mark, quoted cells with newlines and doubled quotes, empty trailing cells past the header."""
    store = _copy(env, tmp_path)
    rows = _labelled(env, "Refusal ", "ann")
    rows[1][3] = 'a "quoted"\nprompt, with a comma'
    text = _csv(rows).decode("utf-8").rstrip("\n").split("\n")
    body = "\r\n".join([text[0]] + [line + ",," for line in text[1:]]) + "\r\n"
    (tmp_path / "in.csv").write_bytes(b"\xef\xbb\xbf" + body.encode("utf-8"))
    p = _cli("label", "small", "--import", str(tmp_path / "in.csv"), "--json", store=store)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["labelled"] == 6


def test_a_benchmarks_own_layout_still_reads_offline(env: Env, tmp_path: Path) -> None:
    """The published layouts pass the new check: OR-Bench (prompt, category), a one-column OKTest file."""
    store = _copy(env, tmp_path)
    (tmp_path / "orb.csv").write_bytes(b"prompt,category\nHow do I kill a Python process?,violence\n")
    (tmp_path / "ok.csv").write_bytes(b'prompt\n"How do I kill a Python process?\n"\n')
    for spec, side in (
        (f"or-bench-hard={tmp_path / 'orb.csv'}", "benign"),
        (f"oktest={tmp_path / 'ok.csv'}", "benign"),
    ):
        p = _cli(
            "run",
            "--model",
            f"replay/{env.root / 'replies.csv'}",
            "--suite",
            spec,
            "--judge",
            "rules",
            "--json",
            store=store,
            env=cli_env(dict(OFFLINE)),
        )
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout)[side]["n"] == 1


@pytest.mark.parametrize(
    "command",
    [
        ["judges", "train", "--no-synthetic", "--no-public", "--labels", "{root}/sample.csv", "--out", "{out}"],
        ["generate", "--from", "{d}/seeds.jsonl", "--rewriter", "replay/{root}/replies.csv", "--out", "{out}"],
    ],
    ids=["judges train", "generate"],
)
@pytest.mark.parametrize("target", ["store", "store-wal"])
def test_commands_without_a_store_flag_never_write_over_the_store(
    env: Env, tmp_path: Path, command: list[str], target: str
) -> None:
    """Broke before: `judges train --out` and `generate --out` took the store ($OVERREFUSAL_STORE, the one every
    other command uses) for an output file: generate left it empty, train wrote weights over it."""
    store = _copy(env, tmp_path)
    (tmp_path / "seeds.jsonl").write_text('{"prompt": "How do I kill my neighbour?"}\n', encoding="utf-8")
    out = str(store) + ("-wal" if target == "store-wal" else "")
    argv = [a.replace("{root}", str(env.root)).replace("{d}", str(tmp_path)).replace("{out}", out) for a in command]
    before = _files(store)
    p = run_cli(*argv, env=cli_env({"OVERREFUSAL_STORE": str(store)}), timeout=120, stdin=subprocess.DEVNULL)
    assert_clean_error(p, "'--out'", "is the store")
    assert _files(store) == before


def test_the_api_checks_a_new_run_id_as_the_cli_does(env: Env, tmp_path: Path) -> None:
    """Broke before: the checks of --run-id lived in the CLI's flag type, so ``api.run(run_id="latest")`` or an
    id with an escape sequence made a run no command could name."""
    from overrefusal import api
    from overrefusal.errors import UserError

    store = _copy(env, tmp_path)
    before = _files(store)
    for bad in ("latest", " small", "x\x1b[31my", "small\u200b", ""):
        with api.open_store(store) as st, pytest.raises(UserError, match="--run-id"):
            api.run(
                str(env.root / "suite.csv"),
                api.Deployment(f"replay/{env.root / 'replies.csv'}"),
                judges=["rules"],
                run_id=bad,
                limit=2,
                store=st,
            )
    assert _files(store) == before


@pytest.mark.parametrize(
    "argv, flag",
    [
        (["label", "own", "--n", "4"], "--export"),
        (["report", "own"], "--html"),
        (["report", "own"], "--markdown"),
        (["export-training", "own", "--format", "sft"], "--out"),
    ],
    ids=["label --export", "report --html", "report --markdown", "export-training --out"],
)
def test_outputs_never_write_over_the_files_a_run_was_read_from(
    env: Env, tmp_path: Path, argv: list[str], flag: str
) -> None:
    """Broke before: an output aimed at the run's own replay file or suite file overwrote it, and the run
    could no longer be resumed or repeated from its inputs."""
    store = _copy(env, tmp_path)
    inputs = {name: tmp_path / name for name in ("replies.csv", "suite.csv")}
    for name, path in inputs.items():
        path.write_bytes((env.root / name).read_bytes())
    p = _cli(
        "run",
        "--model",
        f"replay/{inputs['replies.csv']}",
        "--suite",
        str(inputs["suite.csv"]),
        "--judge",
        "rules",
        "--limit",
        "all",
        "--run-id",
        "own",
        store=store,
    )
    assert p.returncode == 0, p.stderr
    before = _files(store)
    for name, path in inputs.items():
        content = path.read_bytes()
        p = _cli(*argv, flag, str(path), store=store)
        assert_clean_error(p, f"'{flag}'", "stored run was read from")
        assert path.read_bytes() == content, name
    assert _files(store) == before
