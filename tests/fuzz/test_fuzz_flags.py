"""Property tests over the flags of every command: argument lists generated from the click command tree.

For each command (found by walking ``overrefusal.cli.cli``, so a new command or flag is fuzzed without
editing this file), each parameter is left out or given a value drawn from its click type: numbers at and
past their bounds, NaN, infinities, huge and negative values, choices and near-choices, file names that
exist, are missing, empty, a directory, ``/dev/null`` or the store itself, and text with control, bidi and
wide characters. Options whose name says what they hold (``--model``, ``--suite``, ``--judge``, run ids...)
draw from plausible values as well, so that examples get past the first check.

Left out on purpose, because they spend minutes of CPU by design rather than read input: the judge
cross-validation modes of ``judge-eval`` and the shipped training data of ``judges train`` (their flags are
in :data:`EXPENSIVE`), and any model that loads weights (``--model`` draws replay and unreachable
OpenAI-compatible servers only).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from _fuzz import (
    assert_unchanged,
    check_contract,
    copy_store,
    examples,
    hostile_text,
    invoke,
    numbers_as_text,
    store_bytes,
    surrogate_free,
    workdir,
)
from hypothesis import example, given, settings
from hypothesis import strategies as st

from overrefusal.cli import cli

EXPENSIVE = frozenset(
    {
        ("judge-eval", "leave_one_model_out"),
        ("judge-eval", "style_cv"),
        ("judge-eval", "leave_one_style_out"),
        ("judge-eval", "leave_one_source_out"),
        ("judge-eval", "baseline_v2"),
        ("judge-eval", "synthetic"),
        ("judge-eval", "public"),
        ("judges train", "synthetic"),
        ("judges train", "public"),
    }
)
"""(command, parameter) pairs never generated: they train judges on the shipped data (minutes of CPU)."""

ALWAYS = frozenset({("run", "model"), ("ablate", "model"), ("judges train", "label_files")})
"""(command, parameter) pairs always given (with a drawn value), so that no example loads the embedded model or
trains on the shipped data."""

EXIT_CODES = {"gate": (0, 1, 2)}
"""Exit codes a command documents besides 0 and 2 (gate: 1 means the candidate regressed)."""

DEAD_URL = "http://127.0.0.1:9/v1"
"""Nothing listens on the discard port: a connection is refused at once."""

FILES = (
    "{suite}",
    "{replies}",
    "{labels}",
    "{store}",
    "{work}/out.csv",
    "out.jsonl",
    "out.html",
    "{work}",
    "{work}/missing.csv",
    "/dev/null",
    "",
    " ",
    "-",
)
NAMED: dict[str, tuple[str, ...]] = {
    "model": ("replay/{replies}", "replay/{suite}", "openai/m", "replay/{work}/missing.csv", "nosuch/x", "replay/", ""),
    "suite": ("{suite}", "{replies}", "core", "xstest", "nosuch", "xstest={suite}", "{work}/missing.jsonl", "core:de"),
    "languages": ("en", "de,fr", "all", "xx", "", ","),
    "columns": ("text=prompt", "label=label", "id=nosuch", "bogus=x", "noequals", "label_value=safe", "kind=toxic"),
    "base_url": (DEAD_URL, "ftp://127.0.0.1/", "", "not a url", "http://[::1", "http://127.0.0.1:0/v1"),
    "judge_base_url": (DEAD_URL, "", "http://"),
    "api_key_env": ("OPENAI_API_KEY", "", "NOSUCH_VAR", "A B", "PATH"),
    "system_prompt": ("be careful", "@{work}/missing.txt", "@{suite}", "@", "", "@/dev/null", "@{work}"),
    "filters": (
        "keyword",
        "keyword-output",
        "keyword:@{work}/missing",
        "keyword:@{suite}",
        "moderator:openai/m",
        "nosuch",
    ),
    "judges": ("rules", "rules", "classifier", "nosuch", "llm:openai/m", "classifier:{work}/missing.json", "rules@1"),
    "judge": ("rules", "classifier", "nosuch", "llm:openai/m", "rules@1"),
    "run_id": ("r1", "r2", "fz", "nosuch", "a/b", "", " ", "x" * 300),
    "run_ids": ("r1", "r2", "nosuch", "", "r1,r2"),
    "baseline": ("r1", "r2", "nosuch", ""),
    "candidate": ("r1", "r2", "nosuch", ""),
    "run": ("r1", "nosuch", ""),
    "backend_options": (
        "check_text=false",
        "reply_column=completion",
        "id_column=nosuch",
        "api_key=sk-x",
        "noequals",
        "extra_body={}",
        "n_threads=1",
        "=",
    ),
    "labeller": ("ann", "", "=cmd|' /C calc'!A0", "a\nb", "x" * 300),
    "rewriter": ("openai/m", "replay/{replies}", "nosuch/x", ""),
    "grader": ("openai/m", "replay/{replies}", "nosuch/x", ""),
    "moderator": ("openai/m", "keyword", ""),
    "reference": ("{replies}", "r2", "", "nosuch"),
    "compliant": ("Sure.", "", "x" * 3000),
    "device": ("cpu", "cuda:99", "", "meta"),
}
"""Plausible values for parameters named so (besides generated text), so that examples get past the first check."""


def commands(group: click.Group = cli, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, click.Command]]:
    for name, command in sorted(group.commands.items()):
        path = (*prefix, name)
        yield " ".join(path), command
        if isinstance(command, click.Group):
            yield from commands(command, path)


SERVES = frozenset({"view"})
"""Commands that serve until interrupted (a valid argument list never returns by design): not fuzzed here; their
own tests start and stop them."""

COMMANDS = {name: command for name, command in commands() if name not in SERVES}


def _number(param: click.Parameter) -> st.SearchStrategy[str]:
    t = param.type
    lo = getattr(t, "min", None)
    hi = getattr(t, "max", None)
    edges: list[Any] = []
    for bound in (lo, hi):
        if bound is not None:
            edges += (
                [bound, bound - 1, bound + 1] if isinstance(t, click.IntRange) else [bound, bound * 2 - 1e-9, -bound]
            )
    base = (
        st.integers(-(2**65), 2**65).map(str)
        if isinstance(t, click.IntRange)
        else st.floats(allow_nan=True, allow_infinity=True).map(repr)
    )
    return st.one_of(st.sampled_from(edges).map(str) if edges else st.nothing(), base, numbers_as_text)


NO_TRAINING = tuple(f for f in FILES if f != "{labels}")
"""File values for ``judges train``'s label files: the session's labels file is valid, and training on it adds
the shipped data (a minute and a half of CPU): the flags are fuzzed on every other kind of file."""


def _value(param: click.Parameter, hostile: bool, command: str = "") -> st.SearchStrategy[str]:
    """A value for one occurrence of ``param``: a plausible one, or (``hostile``) one from its type's edges
    and hostile text."""
    t = param.type
    name = param.name or ""
    plausible: list[st.SearchStrategy[str]] = []
    edges: list[st.SearchStrategy[str]] = [hostile_text.map(surrogate_free)]
    if name in NAMED:
        plausible.append(st.sampled_from(NAMED[name]))
    if isinstance(t, click.Choice):
        plausible.append(st.sampled_from([str(c) for c in t.choices]))
    elif isinstance(t, (click.IntRange, click.FloatRange)) or t in (click.INT, click.FLOAT):
        lo, hi = getattr(t, "min", None), getattr(t, "max", None)
        if isinstance(t, click.IntRange):
            plausible.append(st.integers(lo if lo is not None else -5, min(hi if hi is not None else 50, 50)).map(str))
        else:
            plausible.append(
                st.floats(lo if lo is not None else -5.0, min(hi if hi is not None else 50.0, 50.0)).map(repr)
            )
        edges.append(_number(param))
    elif isinstance(t, click.Path) or "File" in type(t).__name__:
        plausible.append(st.sampled_from(NO_TRAINING if command == "judges train" else FILES))
    elif type(t).__name__ == "LimitType":
        plausible.append(st.sampled_from(["all", "1", "2", "4"]))
        edges.append(st.sampled_from(["0", "-1", str(2**63), "1.5", ""]) | numbers_as_text)
    if hostile or not plausible:
        return st.one_of(edges)
    return st.one_of(plausible)


HOSTILE = st.integers(0, 7).map(lambda n: n == 0)
"""One value in eight is hostile: with more, nearly every example stops at the first flag."""


@st.composite
def argv(draw: st.DrawFn, command: str) -> list[str]:
    cmd = COMMANDS[command]
    args: list[str] = [*command.split()]
    positional: list[str] = []
    for param in cmd.params:
        if (command, param.name) in EXPENSIVE or param.name in ("help", "store_path"):
            continue
        if isinstance(param, click.Argument):
            n = 1 if param.nargs == 1 else draw(st.integers(0, 3))
            if param.required and n == 1 and draw(st.integers(0, 9)) == 0:
                n = 0  # sometimes left out: click's one-line refusal
            positional += [draw(_value(param, draw(HOSTILE), command)) for _ in range(n)]
            continue
        assert isinstance(param, click.Option)
        # run/ablate without --model run the embedded model (minutes); judges train without --labels trains
        # on the shipped data (minutes): both are given always, with any value.
        required = param.required or (command, param.name) in ALWAYS
        if not required and draw(st.integers(0, 2)) != 0:
            continue
        if param.required and draw(st.integers(0, 19)) == 0:
            continue
        flag = draw(st.sampled_from(param.opts))
        if param.is_flag:
            args.append(flag)
            continue
        for _ in range(draw(st.integers(1, 2)) if param.multiple else 1):
            value = draw(_value(param, draw(HOSTILE), command))
            args += [f"{flag}={value}"] if draw(st.integers(0, 4)) == 0 else [flag, value]
    if positional:
        args += ["--", *positional] if any(p.startswith("-") for p in positional) else positional
    return args


def _fill(args: list[str], base: Any, work: Path, store: Path) -> list[str]:
    subs = {
        "{suite}": str(base.suite),
        "{replies}": str(base.replies),
        "{labels}": str(base.labels),
        "{store}": str(store),
        "{work}": str(work),
    }
    out = []
    for a in args:
        for k, v in subs.items():
            a = a.replace(k, v)
        out.append(a)
    return out


def _check(command: str, args: list[str], base: Any, scratch: Path) -> None:
    with workdir(scratch) as work:
        store = copy_store(base.store, work)
        args = _fill(args, base, work, store)
        if command not in ("suites", "judges", "generate", "judges train"):
            args += ["--store", str(store)]
        before = store_bytes(store)
        o = invoke(args, work)
        check_contract(o, allowed=EXIT_CODES.get(command, (0, 2)))
        if o.exit_code == 2:
            assert_unchanged(before, store, o)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@settings(max_examples=examples(12))
@given(data=st.data())
def test_flags(base: Any, scratch: Path, command: str, data: st.DataObject) -> None:
    args = data.draw(argv(command), label="argv")
    _check(command, args, base, scratch)


@settings(max_examples=examples(1))
@given(args=st.just(["--version"]))
@example(args=["run", "--help"])
@example(args=["nosuch"])
# Found by test_flags: a NUL character in any file name was a ValueError traceback (os.stat refuses it).
@example(args=["judge-eval", "\x00"])
@example(args=["report", "r1", "--html", "a\x00b.html"])
@example(args=["run", "--model", "replay/{replies}", "--suite", "{work}/s\x00.csv", "--judge", "rules"])
@example(args=["run", "--model", "replay/{replies}", "--suite", "{suite}", "--system-prompt", "@a\x00b"])
@example(args=["run", "--model", "replay/{replies}", "--suite", "{suite}", "--judge", "rules", "--temperature", "nan"])
@example(args=["gate", "--baseline", "r1", "--candidate", "r2", "--max-increase", "inf"])
def test_flag_edges(base: Any, scratch: Path, args: list[str]) -> None:
    _check(args[0], list(args), base, scratch)
