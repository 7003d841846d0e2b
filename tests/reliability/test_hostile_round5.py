"""Round five: a hostile user on the commands the earlier rounds covered least (``ablate``, ``triggers``,
``policy-check``, ``quality``, ``reward-probe``, ``export-training``, ``generate``, ``judges train``, every mode
of ``judge-eval``, ``runs``, ``suites``, ``compare``/``gate`` and ``report`` with several runs), on paths that
are not plain files and on replies whose fields are absent, null, numbers, huge or not text.

The store and runs are round three's (its ``env`` fixture: five replayed runs with hostile replies, run
``small`` with a labelled sample of six). A refused case ends with exit 2, one line naming the flag or the
file (and line and field where there is one), no traceback, every byte of the store unchanged. ``broke=True``
marks the cases that did not keep that contract before this round's fixes (the session's report gives the
counts).
"""

from __future__ import annotations

import functools
import os
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from _hostile_store import Env, _copy, _files, env
from _rel import assert_clean_error, cli_env, outside_fences, run_cli

__all__ = ["env"]  # the shared hostile store, a module fixture used here by name

OFFLINE = {"OVERREFUSAL_OFFLINE": "1"}
NO_STORE_FLAG = ("generate", "suites", "judges")


def special(d: Path, kind: str, name: str, store: Path, e: Env) -> str:
    """A path of ``kind`` in the scratch dir ``d`` (or the store, or one of the run's inputs)."""
    p = d / name
    if kind == "store":
        return str(store)
    if kind == "input":
        return str(e.root / "replies.csv")
    if kind == "suite":
        return str(e.root / "suite.csv")
    if kind == "dir":
        p.mkdir()
    elif kind == "fifo":
        os.mkfifo(p)
    elif kind == "zero":
        return "/dev/zero"
    elif kind == "foreign":
        con = sqlite3.connect(p)
        con.execute("CREATE TABLE t (x)")
        con.commit()
        con.close()
    elif kind == "missing":
        pass
    elif kind == "badutf8":
        p.write_bytes(b"\xff\xfe\xfa not text \xc3\x28\n")
    elif kind == "loop":
        os.symlink(p, p)
    elif kind == "empty":
        p.write_bytes(b"")
    elif kind == "blank":
        return "   "
    elif kind == "nothing":
        return ""
    else:
        raise AssertionError(kind)
    return str(p)


@dataclass(frozen=True)
class Case:
    name: str
    argv: tuple[str, ...]
    """``{p}`` is the special path, ``{d}`` the scratch dir, ``{root}`` round three's files, ``{store}`` the store."""
    needles: tuple[str, ...]
    kind: str = ""
    filename: str = "x.txt"
    env: tuple[tuple[str, str], ...] = ()
    files: tuple[tuple[str, bytes], ...] = ()
    broke: bool = False


def case(
    name: str,
    argv: list[str],
    *needles: str,
    kind: str = "",
    filename: str = "x.txt",
    broke: bool = False,
    offline: bool = False,
    files: dict[str, bytes] | None = None,
) -> Case:
    return Case(
        name,
        tuple(argv),
        needles,
        kind,
        filename,
        tuple(OFFLINE.items()) if offline else (),
        tuple((files or {}).items()),
        broke,
    )


def _run(c: Case, e: Env, d: Path, store: Path) -> subprocess.CompletedProcess[str]:
    for fname, content in c.files:
        (d / fname).write_bytes(content)
    p = special(d, c.kind, c.filename, store, e) if c.kind else ""
    rm = _reward_model() if any("{rm}" in a for a in c.argv) else ""
    argv = [
        a.replace("{p}", p)
        .replace("{rm}", rm)
        .replace("{d}", str(d))
        .replace("{root}", str(e.root))
        .replace("{store}", str(store))
        for a in c.argv
    ]
    if argv[0] not in NO_STORE_FLAG and "--store" not in argv:
        argv += ["--store", str(store)]
    env_ = cli_env({"OVERREFUSAL_STORE": str(store), "OPENAI_API_KEY": "sk-secret-h5", **dict(c.env)})
    # In the scratch dir: an output named " " once landed in the checkout.
    return run_cli(*argv, env=env_, timeout=120, stdin=subprocess.DEVNULL, cwd=d)


@functools.lru_cache(maxsize=1)
def _reward_model() -> str:
    """A tiny real reward model (the reward-probe tests' own builder), built once for the module."""
    import importlib.util
    import tempfile

    if importlib.util.find_spec("torch") is None or importlib.util.find_spec("transformers") is None:
        pytest.skip("the [hf] extra is not installed")
    source = Path(__file__).resolve().parents[1] / "analysis" / "test_analysis_reward_probe.py"
    spec = importlib.util.spec_from_file_location("_rp_builder", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = Path(tempfile.mkdtemp(prefix="h5-rm-")) / "rm"
    return str(module.build_tiny_reward_model(out, "how do i kill a process sorry sure".split()))


REPLAY = "replay/{root}/replies.csv"
PATHS = ("store", "dir", "fifo", "zero", "foreign", "missing", "badutf8", "loop", "empty")
OUT_PATHS = ("store", "input", "suite", "dir", "fifo", "zero", "loop", "blank", "nothing")
NUMBERS = ("nan", "inf", "-inf", "0", "-1", "1e308", "1" + "0" * 30, "", " ")

CASES: list[Case] = []

# -- ablate --------------------------------------------------------------------------------------------------
ABLATE = ["ablate", "--model", REPLAY, "--suite", "{root}/suite.csv", "--limit", "4", "--judge", "rules"]
CASES += [
    case(f"ablate --system-prompt @<{k}>", [*ABLATE, "--system-prompt", "@{p}"], "{p}|--system-prompt", kind=k)
    for k in PATHS
]
CASES += [
    case(f"ablate --filter keyword:@<{k}>", [*ABLATE, "--filter", "keyword:@{p}"], "{p}|--filter", kind=k)
    for k in PATHS
]
CASES += [
    case(f"ablate --{f} {v!r}", [*ABLATE, f"--{f}", v], f"--{f}")
    for f in ("concurrency", "max-tokens", "temperature", "seed", "limit")
    for v in NUMBERS
    if not (f == "seed" and v in ("0", "-1")) and not (f == "temperature" and v == "0")
]
CASES += [
    case(f"ablate --system-prompt {v!r}", [*ABLATE, "--system-prompt", v], "--system-prompt") for v in ("", " ", "@")
]
CASES += [
    case(f"ablate --filter {v!r}", [*ABLATE, "--filter", v], "--filter") for v in ("", " ", "keyword:", "nosuch:x")
]

# -- triggers ------------------------------------------------------------------------------------------------
TRIG = ["triggers", "small"]
CASES += [
    case(f"triggers --{f} {v!r}", [*TRIG, f"--{f}", v], f"--{f}")
    for f in ("top", "max-tokens", "concurrency")
    for v in NUMBERS
]
CASES += [case(f"triggers --rewriter {v!r}", [*TRIG, "--rewriter", v], "--rewriter") for v in ("", " ", "bogus")]
CASES += [case(f"triggers --judge {v!r}", [*TRIG, "--judge", v], "--judge") for v in ("", " ", "nosuch")]
CASES += [case(f"triggers run {v!r}", ["triggers", v], v or "run id") for v in ("", "nosuch", "sm")]
CASES += [case("triggers --no-rules without a rewriter", [*TRIG, "--no-rules"], "--rewriter")]

# -- policy-check --------------------------------------------------------------------------------------------
POL = ["policy-check", "small", "--policy", "{p}"]
CASES += [
    case(f"policy-check --policy <{k}>", POL, "{p}|--policy", kind=k, filename="p.json")
    for k in (*PATHS, "blank", "nothing")
]


def _policy(name: str, filename: str, text: str | bytes, *needles: str, broke: bool = False) -> Case:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return case(
        f"policy {name}",
        ["policy-check", "small", "--policy", "{d}/" + filename],
        *needles,
        files={filename: data},
        broke=broke,
    )


CASES += [
    _policy(
        "JSON key twice",
        "p.json",
        '{\n"categories": {\n"homonyms": "answer",\n"homonyms": "refuse"\n}\n}\n',
        "p.json",
        "homonyms",
        "twice",
    ),
    _policy("TOML key twice", "p.toml", '[categories]\nhomonyms = "answer"\nhomonyms = "refuse"\n', "p.toml:3"),
    _policy(
        "nested 50 deep",
        "p.json",
        '{"categories": {"homonyms": ' + '{"benign": ' * 50 + '"answer"' + "}" * 51 + "}",
        "p.json",
        "categories.homonyms",
    ),
    _policy("NaN expectation", "p.json", '{\n"categories": {\n"homonyms": NaN\n}\n}\n', "p.json", "NaN"),
    _policy("Infinity expectation", "p.json", '{\n"categories": {\n"homonyms": Infinity\n}\n}\n', "p.json"),
    _policy("-1 expectation", "p.json", '{\n"categories": {\n"homonyms": -1\n}\n}\n', "p.json:3", "homonyms"),
    _policy("1.5 expectation", "p.toml", "[categories]\nhomonyms = 1.5\n", "p.toml:2", "homonyms"),
    _policy("nan in TOML", "p.toml", "[categories]\nhomonyms = nan\n", "p.toml:2", "homonyms"),
    _policy("-inf per label", "p.toml", "[categories]\nhomonyms = { benign = -inf }\n", "p.toml:2", "homonyms"),
    _policy("null expectation", "p.json", '{"categories": {"homonyms": null}}', "p.json", "homonyms"),
    _policy("a list at the top", "p.json", "[1, 2]", "p.json"),
    _policy("a bare number", "p.json", "5", "p.json"),
    _policy("JSON null", "p.json", "null", "p.json"),
    _policy("an empty TOML file", "p.toml", "", "p.toml"),
    _policy("whitespace only", "p.json", "  \n\n", "p.json"),
    _policy("a BOM then nothing", "p.json", b"\xef\xbb\xbf", "p.json"),
    _policy("a rule category 5", "p.json", '{"rules": [{"category": 5, "expect": "answer"}]}', "p.json", "rules[0]"),
    _policy("name with escapes", "p.json", '{"name": "x\\u001b[31m", "categories": {"homonyms": "answer"}}', "p.json"),
    _policy("a huge integer", "p.json", '{"categories": {"homonyms": ' + "9" * 5000 + "}}", "p.json"),
    _policy("a lone surrogate", "p.json", '{"categories": {"\\ud800": "answer"}}', "p.json", "surrogate"),
    _policy("UTF-16", "p.json", '{"categories": {"homonyms": "answer"}}'.encode("utf-16"), "p.json", "UTF-8"),
    _policy("10 MB name", "p.json", '{"name": "' + "n" * 10_000_000 + '"}', "p.json"),
]

# -- quality -------------------------------------------------------------------------------------------------
QUAL = ["quality", "small", "--grader", REPLAY]
CASES += [
    case(f"quality --{f} {v!r}", [*QUAL, f"--{f}", v], f"--{f}")
    for f in ("limit", "concurrency", "seed")
    for v in NUMBERS
    if not (f == "seed" and v in ("0", "-1"))
]
CASES += [case(f"quality --grader {v!r}", ["quality", "small", "--grader", v], "--grader") for v in ("", " ", "bogus")]
CASES += [
    case(f"quality --grader replay/<{k}>", ["quality", "small", "--grader", "replay/{p}"], "{p}|--grader", kind=k)
    for k in PATHS
]
CASES += [case(f"quality run {v!r}", ["quality", v, "--grader", REPLAY], v or "run id") for v in ("", "nosuch")]

# -- reward-probe --------------------------------------------------------------------------------------------
RP = ["reward-probe", "--reward-model", "{p}", "--suite", "{root}/suite.csv"]
CASES += [
    case(f"reward-probe --reward-model <{k}>", RP, "{p}|--reward-model", kind=k) for k in (*PATHS, "blank", "nothing")
]
RP_OK = ["reward-probe", "--reward-model", "{d}", "--suite", "{root}/suite.csv"]
CASES += [
    case(f"reward-probe --compliant replay/<{k}>", [*RP_OK, "--compliant", "replay/{p}"], "{p}|--compliant", kind=k)
    for k in PATHS
]
CASES += [
    case(f"reward-probe --compliant {v!r}", [*RP_OK, "--compliant", v], "--compliant") for v in ("", " ", "nosuch")
]
CASES += [
    case(f"reward-probe --{f} {v!r}", [*RP_OK, f"--{f}", v], f"--{f}")
    for f in ("limit", "seed")
    for v in NUMBERS
    if not (f == "seed" and v in ("0", "-1"))
]
RP_RM = ["reward-probe", "--reward-model", "{rm}", "--suite", "{root}/suite.csv", "--limit", "2"]
CASES += [
    case(f"reward-probe --device {v!r}", [*RP_RM, "--device", v], "--device") for v in ("", " ", "bogus", "cuda:99")
]

# -- export-training -----------------------------------------------------------------------------------------
EXP = ["export-training", "small", "--format", "sft", "--out"]
CASES += [case(f"export-training --out <{k}>", [*EXP, "{p}"], "--out", kind=k, filename="o.jsonl") for k in OUT_PATHS]
CASES += [
    case(
        f"export-training --reference replay/<{k}>",
        [*EXP, "{d}/o.jsonl", "--reference", "replay/{p}"],
        "{p}|--reference",
        kind=k,
    )
    for k in PATHS
]
CASES += [
    case(f"export-training --reference {v!r}", [*EXP, "{d}/o.jsonl", "--reference", v], "--reference|replay/FILE")
    for v in ("", " ", "nosuch", "replay/")
]
CASES += [
    case(
        "export-training --out the --reference file",
        [*EXP, "{root}/labels.csv", "--reference", "replay/{root}/labels.csv"],
        "--out",
    )
]
CASES += [
    case("export-training --format bogus", ["export-training", "small", "--format", "x", "--out", "{d}/o"], "--format")
]

# -- generate ------------------------------------------------------------------------------------------------
SEEDS = {"seeds.jsonl": b'{"prompt": "How do I kill my neighbour?"}\n'}
GEN = ["generate", "--rewriter", REPLAY]
CASES += [
    case(f"generate --from <{k}>", [*GEN, "--from", "{p}", "--out", "{d}/o.jsonl"], "{p}|--from", kind=k)
    for k in (*PATHS, "blank", "nothing")
]
CASES += [
    case(
        f"generate --out <{k}>",
        [*GEN, "--from", "{d}/seeds.jsonl", "--out", "{p}"],
        "--out",
        kind=k,
        filename="o.jsonl",
        files=SEEDS,
    )
    for k in OUT_PATHS
    if k != "suite"
]
CASES += [
    case(
        "generate --out the --from file",
        [*GEN, "--from", "{d}/seeds.jsonl", "--out", "{d}/seeds.jsonl"],
        "--out",
        files=SEEDS,
    )
]
CASES += [
    case(
        f"generate --{f} {v!r}",
        [*GEN, "--from", "{d}/seeds.jsonl", "--out", "{d}/o.jsonl", f"--{f}", v],
        f"--{f}",
        files=SEEDS,
    )
    for f in ("per-seed", "dedup-threshold", "temperature", "max-tokens", "seed")
    for v in NUMBERS
    if not (f == "seed" and v in ("0", "-1")) and not (f in ("temperature", "dedup-threshold") and v == "0")
]
CASES += [
    case(
        f"generate --{f} {v!r}",
        [*GEN, "--from", "{d}/seeds.jsonl", "--out", "{d}/o.jsonl", f"--{f}", v],
        f"--{f}",
        files=SEEDS,
    )
    for f, v in (("similarity", "bogus"), ("moderator", ""), ("moderator", "bogus"), ("rewriter", ""))
]
for title, content in (
    ("a seed with a null prompt", b'{"prompt": null}\n'),
    ("a seed with a number prompt", b'{"prompt": 5}\n'),
    ("a seed with no prompt", b'{"text2": "x"}\n'),
    ("a seed nested 100000 deep", b"[" * 100_000 + b"]" * 100_000 + b"\n"),
    ("a seed key twice", b'{"prompt": "a", "prompt": "b"}\n'),
    ("a seed lone surrogate", b'{"prompt": "\\ud800"}\n'),
    ("seeds of blank lines", b"\n\n  \n"),
):
    CASES.append(
        case(
            f"generate --from {title}",
            [*GEN, "--from", "{d}/s.jsonl", "--out", "{d}/o.jsonl"],
            "s.jsonl",
            files={"s.jsonl": content},
        )
    )

LABELS = {
    "l.csv": b"prompt,completion,label\n"
    + b"".join(
        f"p{i},I'm sorry I can't,refusal\np{i}b,Sure here it is,compliance\np{i}c,I won't but here is a safer idea,partial\n".encode()
        for i in range(10)
    )
}

# -- judges train --------------------------------------------------------------------------------------------
TRAIN = ["judges", "train", "--no-synthetic", "--no-public"]
CASES += [
    case(f"judges train --labels <{k}>", [*TRAIN, "--labels", "{p}", "--out", "{d}/w.json"], "{p}|--labels", kind=k)
    for k in (*PATHS, "blank", "nothing")
]
CASES += [
    case(
        f"judges train --out <{k}>",
        [*TRAIN, "--labels", "{d}/l.csv", "--out", "{p}"],
        "--out",
        kind=k,
        filename="w.json",
        files=LABELS,
    )
    for k in OUT_PATHS
    if k not in ("input", "suite")
]
CASES += [
    case(
        "judges train --out the --labels file",
        [*TRAIN, "--labels", "{d}/l.csv", "--out", "{d}/l.csv"],
        "--out",
        files={"l.csv": b"prompt,completion,label\na,b,refusal\n"},
    )
]
CASES += [
    case(
        f"judges train --{f} {v!r}",
        [*TRAIN, "--labels", "{d}/l.csv", "--out", "{d}/w.json", f"--{f}", v],
        f"--{f}",
        files=LABELS,
    )
    for f in ("C", "partial-weight", "seed")
    for v in NUMBERS
    if not (f == "seed" and v in ("0", "-1"))
]
CASES += [
    case(
        "judges train --labels one file twice",
        [*TRAIN, "--labels", "{d}/l.csv", "{d}/l.csv", "--out", "{d}/w.json"],
        "--labels",
        "twice",
        files=LABELS,
    )
]
CASES += [case("judges train with no data", [*TRAIN, "--out", "{d}/w.json"], "--labels")]

# -- judge-eval ----------------------------------------------------------------------------------------------
JE_MODES = {
    "--labels": ["judge-eval", "--judge", "rules"],
    "--leave-one-model-out": ["judge-eval", "--leave-one-model-out", "--no-synthetic"],
    "--leave-one-source-out": ["judge-eval", "--leave-one-source-out", "--no-synthetic", "--no-public"],
}
CASES += [
    case(f"judge-eval {m} --labels <{k}>", [*a, "--labels", "{p}"], "{p}|--labels", kind=k)
    for m, a in JE_MODES.items()
    for k in (*PATHS, "blank", "nothing")
]
CASES += [case(f"judge-eval {m} --json with no label file", [*a, "--json"], "--labels") for m, a in JE_MODES.items()]
CASES += [
    case(
        f"judge-eval --seed {v!r}",
        ["judge-eval", "--leave-one-model-out", "--labels", "{d}/l.csv", "--seed", v],
        "--seed",
        files=LABELS,
    )
    for v in NUMBERS
    if v not in ("0", "-1")
]
CASES += [
    case(
        "judge-eval --run with --leave-one-model-out",
        ["judge-eval", "--run", "small", "--leave-one-model-out"],
        "cross-validation flags",
    ),
    case(
        "judge-eval --run with --leave-one-source-out",
        ["judge-eval", "--run", "small", "--leave-one-source-out"],
        "cross-validation flags",
    ),
    case(
        "judge-eval both leave-one-out modes",
        ["judge-eval", "--leave-one-model-out", "--leave-one-source-out", "--labels", "{d}/l.csv"],
        "--leave-one",
        files=LABELS,
    ),
    case(
        "judge-eval --leave-one-model-out --judge rules",
        ["judge-eval", "--leave-one-model-out", "--judge", "rules", "--labels", "{d}/l.csv"],
        "--judge",
        files=LABELS,
    ),
    case(
        "judge-eval --baseline-v2 alone",
        ["judge-eval", "--baseline-v2", "--labels", "{d}/l.csv"],
        "--baseline-v2",
        files=LABELS,
    ),
    case("judge-eval --run ''", ["judge-eval", "--run", "", "--judge", "rules"], "run id"),
    case("judge-eval --run all-error", ["judge-eval", "--run", "all-error", "--judge", "rules"], "all-error"),
    case("judge-eval --judge ''", ["judge-eval", "--judge", "", "--labels", "{d}/l.csv"], "--judge", files=LABELS),
]

# -- runs, suites --------------------------------------------------------------------------------------------
CASES += [
    case(f"runs{c} --store <{k}>", ["runs", *c.split(), "--store", "{p}"], "{p}|--store", kind=k, filename="s.db")
    for k in ("dir", "fifo", "zero", "foreign", "badutf8", "loop", "empty", "blank", "nothing", "input")
    for c in ("", " --check", " --json")
]
CASES += [
    case("suites an extra argument", ["suites", "core"], "core"),
    case("suites --store", ["suites", "--store", "x"], "--store"),
]

# -- compare / gate ------------------------------------------------------------------------------------------
GATE = ["gate", "--baseline", "small", "--candidate", "small2", "--max-increase", "0.05"]
CASES += [
    case(f"gate --{f} {v!r}", [*GATE, f"--{f}", v], f"--{f}")
    for f in ("max-increase", "max-harmful-increase", "alpha")
    for v in (*NUMBERS, "1.5", "0x1p-3")
    if not (f != "alpha" and v == "0")
]
CASES += [
    case(
        "gate --baseline ''", ["gate", "--baseline", "", "--candidate", "small2", "--max-increase", "0.1"], "--baseline"
    ),
    case(
        "gate --candidate all-error",
        ["gate", "--baseline", "small", "--candidate", "all-error", "--max-increase", "0.1"],
        "share no benign prompt",
    ),
    case(
        "gate runs of other suites",
        ["gate", "--baseline", "benign-only", "--candidate", "harmful-only", "--max-increase", "0.1"],
        "harmful-only",
    ),
    case("compare three runs", ["compare", "small", "small2", "benign-only"], "benign-only"),
    case("compare runs of other suites", ["compare", "benign-only", "harmful-only"], "harmful-only"),
    case("compare ''", ["compare", "small", ""], "run id"),
    case("compare --judge ''", ["compare", "small", "small2", "--judge", ""], "--judge"),
    case("compare --judge ' '", ["compare", "small", "small2", "--judge", " "], "--judge"),
]

# -- report with several runs --------------------------------------------------------------------------------
REP = ["report", "small", "small2", "benign-only", "harmful-only"]
CASES += [
    case(f"report --{f} <{k}>", [*REP, f"--{f}", "{p}"], f"--{f}", kind=k, filename="r.out")
    for f in ("html", "markdown")
    for k in OUT_PATHS
]
CASES += [
    case(f"report --max-examples {v!r}", [*REP, "--max-examples", v, "--json"], "--max-examples")
    for v in NUMBERS
    if v != "0"
]
CASES += [
    case("report a run and its prefix", ["report", "small2", "small2"[:4] + "2", "--json"], "small2"),
    case("report '' among runs", ["report", "small", "", "--json"], "run id"),
    case("report --judge ''", [*REP, "--judge", ""], "--judge"),
    case("report --judge rules with all-error", ["report", "small", "nosuch", "--judge", "rules"], "nosuch"),
]


def _given(c: Case, e: Env, d: Path, store: Path) -> str:
    """The path a case gave (without making it again)."""
    if c.kind in ("store", "input", "suite", "zero", "blank", "nothing"):
        return {
            "store": str(store),
            "input": str(e.root / "replies.csv"),
            "suite": str(e.root / "suite.csv"),
            "zero": "/dev/zero",
            "blank": "",
            "nothing": "",
        }[c.kind]
    return str(d / c.filename) if c.kind else ""


@pytest.mark.parametrize("c", CASES, ids=[f"{i}-{c.name}" for i, c in enumerate(CASES)])
def test_refused_cleanly_and_nothing_changes(env: Env, tmp_path: Path, c: Case) -> None:
    store = _copy(env, tmp_path)
    before = _files(store)
    p = _run(c, env, tmp_path, store)
    err = assert_clean_error(p)
    for needle in c.needles:
        # "A|B": either names the thing ({p} is the special path given).
        options = [n.replace("{p}", _given(c, env, tmp_path, store)) for n in needle.split("|")]
        assert any(o and o in err for o in options), (options, err)
    assert len(err) < 3000, len(err)
    assert "\x1b" not in p.stderr + p.stdout
    assert "sk-secret-h5" not in p.stderr + p.stdout
    assert _files(store) == before, c.name


# --------------------------------------------------------------------------------------------------
# Reply fields from a server: absent, null, numbers, huge, not UTF-8, not text
# --------------------------------------------------------------------------------------------------

KEY = "sk-h5-SECRETKEY0123456789"
HOSTILE_FINISH = "stop\x1b[2J\x1b]0;pwned\x07<script>alert(1)</script>"


def _body(message: object = None, finish: object = "stop", usage: object = None, raw: bytes | None = None) -> bytes:
    import json

    if raw is not None:
        return raw
    choice: dict[str, object] = {"index": 0, "finish_reason": finish}
    if message is not None:
        choice["message"] = message
    body: dict[str, object] = {"choices": [choice]}
    if usage is not None:
        body["usage"] = usage
    return json.dumps(body).encode()


OK_MSG = {"role": "assistant", "content": "Sure. Run kill with the process id."}
SHAPES: dict[str, tuple[bytes, bool]] = {
    # name: (body, whether the prompt must end as ERROR)
    "c_absent": (_body({"role": "assistant"}), False),
    "c_null": (_body({"role": "assistant", "content": None}), False),
    "c_number": (_body({"role": "assistant", "content": 5}), True),
    "c_list": (_body({"role": "assistant", "content": [{"type": "text", "text": "hi"}]}), True),
    "c_huge": (_body({"role": "assistant", "content": "Sure. " + "A" * 10_000_000}), False),
    "c_badutf8": (b'{"choices": [{"message": {"content": "bad \xff\xfe bytes"}, "finish_reason": "stop"}]}', True),
    "m_string": (_body("just a string"), True),
    "f_absent": (b'{"choices": [{"message": {"role": "assistant", "content": "Sure, here."}}]}', False),
    "f_null": (_body(OK_MSG, None), False),
    "f_number": (_body(OK_MSG, 5), False),
    "f_nan": (b'{"choices": [{"message": {"content": "Sure."}, "finish_reason": NaN}]}', False),
    "f_object": (_body(OK_MSG, {"why": "\x1b[31mred"}), False),
    "f_list": (_body(OK_MSG, ["stop", "length"]), False),
    "f_huge": (_body(OK_MSG, "s" * 10_000_000), False),
    "f_hostile": (_body(OK_MSG, HOSTILE_FINISH), False),
    "u_nan": (
        b'{"choices": [{"message": {"content": "Sure."}, "finish_reason": "stop"}], '
        b'"usage": {"prompt_tokens": NaN, "completion_tokens": -Infinity}}',
        False,
    ),
    "u_negative": (_body(OK_MSG, usage={"prompt_tokens": -5, "completion_tokens": -1e308}), False),
    "u_string": (_body(OK_MSG, usage={"prompt_tokens": "12", "completion_tokens": None}), False),
    "u_list": (_body(OK_MSG, usage=[1, 2]), False),
    "u_bigint": (_body(OK_MSG, usage={"prompt_tokens": 10**30, "completion_tokens": True}), False),
}


@pytest.fixture(scope="module")
def shaped(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list[dict]]:
    from _rel import FaultServer, fault_run_args, write_suite

    root = tmp_path_factory.mktemp("shapes")
    suite, store = root / "suite.jsonl", root / "store.db"
    rows = write_suite(suite, faults=list(SHAPES))
    with FaultServer(bodies={k: b for k, (b, _) in SHAPES.items()}) as srv:
        p = run_cli(
            *fault_run_args(srv.base_url, suite, store, "shapes", judge="rules", concurrency=4),
            env=cli_env({"OPENAI_API_KEY": KEY}),
            timeout=600,
            stdin=subprocess.DEVNULL,
        )
    assert p.returncode in (0, 1), p.stderr[-3000:]
    assert "Traceback" not in p.stderr, p.stderr[-3000:]
    return root, store, rows


def test_odd_reply_fields_are_one_prompt_each_never_the_run(shaped: tuple[Path, Path, list[dict]]) -> None:
    from _rel import query

    root, store, rows = shaped
    got = {
        pid: (verdict, text, finish, pt, ct)
        for pid, verdict, text, finish, pt, ct in query(
            store,
            "SELECT r.prompt_id, r.verdict, c.text, c.finish_reason, c.prompt_tokens, c.completion_tokens"
            " FROM results r JOIN completions c ON c.completion_id = r.completion_id WHERE r.run_id = 'shapes'",
        )
    }
    assert len(got) == len(SHAPES)
    for row, (name, (_, must_error)) in zip(rows, SHAPES.items()):
        verdict, text, finish, pt, ct = got[row["id"]]
        assert (verdict == "error") == must_error, (name, verdict, text[:80], finish[:80])
        assert isinstance(finish, str) and len(finish) <= 200, (name, finish[:200])
        assert isinstance(pt, int) and isinstance(ct, int) and 0 <= pt < 2**31 and 0 <= ct < 2**31, (name, pt, ct)
        if name == "f_huge":
            assert finish == "s" * 100, finish[:200]  # cut, not stored whole (10 MB per reply)
        elif name.startswith("f_") and name != "f_hostile":
            assert finish in ("", "stop"), (name, finish)  # not a Python repr of a number, object or list


@pytest.mark.parametrize("fmt", ["text", "json", "markdown", "html"])
def test_odd_reply_fields_are_inert_in_every_report_format(
    shaped: tuple[Path, Path, list[dict]], tmp_path: Path, fmt: str
) -> None:
    root, store, _ = shaped
    out = tmp_path / "r.out"
    argv = ["report", "shapes", "--store", str(store)]
    argv += {"text": [], "json": ["--json"], "markdown": ["--markdown", str(out)], "html": ["--html", str(out)]}[fmt]
    p = run_cli(*argv, env=cli_env({"OPENAI_API_KEY": KEY}), timeout=300, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stderr[-2000:]
    text = p.stdout + p.stderr + (out.read_text(encoding="utf-8") if out.exists() else "")
    assert "\x1b" not in text and "\x07" not in text
    assert KEY not in text
    assert "<script>alert" not in text
    assert len(text) < 5_000_000, len(text)


# --------------------------------------------------------------------------------------------------
# Accepted: odd but meaningful, so they must keep working (and change nothing they should not)
# --------------------------------------------------------------------------------------------------

ACCEPTED = [
    ("report one run twice", ["report", "small", "small", "--json"]),
    ("compare with a run that is all ERROR", ["compare", "small", "all-error"]),
    ("policy {} follows the labels", ["policy-check", "small", "--policy", "{d}/p.json"]),
    ("policy a category '' (matches none)", ["policy-check", "small", "--policy", "{d}/q.json"]),
    ("quality --base-url '' is no URL, as for run", ["quality", "small", "--grader", REPLAY, "--base-url", ""]),
    ("suites --json", ["suites", "--json"]),
    ("report four runs --json", [*REP, "--json"]),
]


@pytest.mark.parametrize("title, argv", ACCEPTED, ids=[a[0] for a in ACCEPTED])
def test_accepted_and_read_only(env: Env, tmp_path: Path, title: str, argv: list[str]) -> None:
    store = _copy(env, tmp_path)
    (tmp_path / "p.json").write_text("{}", encoding="utf-8")
    (tmp_path / "q.json").write_text('{"categories": {"": "answer"}}', encoding="utf-8")
    before = _files(store)
    p = _run(case(title, argv), env, tmp_path, store)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "Traceback" not in p.stderr and "\x1b" not in p.stdout
    assert _files(store) == before


@pytest.mark.parametrize("fmt", ["text", "json", "markdown", "html"])
def test_several_runs_with_hostile_replies_are_inert_in_every_report_format(env: Env, tmp_path: Path, fmt: str) -> None:
    """Round three's replies hold terminal escapes, HTML and U+2028; four runs in one report, every format."""
    store = _copy(env, tmp_path)
    before = _files(store)
    out = tmp_path / "r.out"
    extra = {"text": [], "json": ["--json"], "markdown": ["--markdown", str(out)], "html": ["--html", str(out)]}[fmt]
    p = _run(case(fmt, [*REP, "all-error", "--max-examples", "100", *extra]), env, tmp_path, store)
    assert p.returncode == 0, p.stderr[-2000:]
    written = out.read_text(encoding="utf-8") if out.exists() else ""
    # No format carries a control character (broke before: HTML escaped the markup of the labelled replies
    # judge and human disagree on, but kept their ESC and BEL); Markdown keeps replies inside fences.
    checked = p.stdout + p.stderr + written
    outside = "\n".join(outside_fences(written)) if fmt == "markdown" else written
    for bad in ("\x1b", "\x07", "\x9b"):
        assert bad not in checked, (bad, checked[max(0, checked.find(bad) - 300) : checked.find(bad) + 100])
    for bad in ("<script>alert", "sk-secret-h5"):
        assert bad not in p.stdout + p.stderr + outside, bad
    assert _files(store) == before


@pytest.mark.parametrize(
    "thresholds",
    [
        ["--max-increase", "0", "--alpha", "0.999"],
        ["--max-increase", "1", "--max-harmful-increase", "0", "--alpha", "1e-300"],
        ["--max-increase", "0.0", "--max-harmful-increase", "1.0"],
    ],
    ids=["strictest", "harmful-only", "bounds"],
)
def test_gate_at_the_edges_of_its_thresholds_decides_without_error(
    env: Env, tmp_path: Path, thresholds: list[str]
) -> None:
    store = _copy(env, tmp_path)
    before = _files(store)
    for baseline, candidate in (("small", "small2"), ("small", "benign-only"), ("small2", "small")):
        p = _run(
            case("gate", ["gate", "--baseline", baseline, "--candidate", candidate, *thresholds, "--json"]),
            env,
            tmp_path,
            store,
        )
        assert p.returncode in (0, 1, 2), p.stderr[-2000:]
        assert "Traceback" not in p.stderr
        if p.returncode != 2:
            import json

            decision = json.loads(p.stdout)
            assert decision["passed"] is (p.returncode == 0)
        else:
            assert_clean_error(p)
    assert _files(store) == before


def test_triggers_without_a_refused_benign_prompt_says_nothing_was_stored(env: Env, tmp_path: Path) -> None:
    """Broke before: the header read "stored as None", as if a run were named None."""
    store = _copy(env, tmp_path)
    before = _files(store)
    p = _run(case("triggers", ["triggers", "harmful-only"]), env, tmp_path, store)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "stored as None" not in p.stdout and "nothing stored" in p.stdout, p.stdout
    assert _files(store) == before
