"""Property tests over the files the tool reads: suite files (CSV, JSONL, JSON, Parquet), replay files, label
files (``label --import`` and ``--from``) and policy files (TOML, JSON).

Each file is either generated from the format's own vocabulary (the column names and values the reader
knows, mixed with hostile text, numbers that are not finite and JSON of any shape) or a valid file mutated
byte-wise (a slice cut, a hostile snippet spliced in, a line doubled). The command reads it against the
session's small replayed store; whatever the file holds, it keeps the contract of ``_fuzz.check_contract``,
and a refusal leaves the store byte-identical.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _fuzz import (
    HOSTILE_SNIPPETS,
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
    write_csv,
)
from hypothesis import example, given, settings
from hypothesis import strategies as st

SUITE_COLUMNS = (
    "id",
    "prompt",
    "text",
    "label",
    "category",
    "type",
    "pair_id",
    "focus",
    "messages",
    "language",
    "translation_of",
    "completion",
)
LABEL_CELLS = ("safe", "unsafe", "benign", "harmful", "0", "1", "", "SAFE", " safe ")


# -- generic helpers -------------------------------------------------------------------------------


@st.composite
def mutated(draw: st.DrawFn, original: bytes) -> bytes:
    """``original`` with one to three byte-level edits: cut, splice a hostile snippet or random bytes, double
    a line, or truncate."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(("cut", "splice", "bytes", "double", "truncate")))
        at = draw(st.integers(0, len(data)))
        if op == "cut":
            del data[at : at + draw(st.integers(1, 20))]
        elif op == "splice":
            snippet = surrogate_free(draw(st.sampled_from(HOSTILE_SNIPPETS))).encode("utf-8")
            data[at:at] = snippet
        elif op == "bytes":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif op == "double":
            lines = bytes(data).split(b"\n")
            i = draw(st.integers(0, len(lines) - 1))
            lines.insert(i, lines[i])
            data = bytearray(b"\n".join(lines))
        else:
            del data[at:]
    return bytes(data)


def _refusal_keeps_store(args: list[str], work: Path, store: Path) -> None:
    before = store_bytes(store)
    o = invoke([*args, "--store", str(store)], work)
    check_contract(o)
    if o.exit_code == 2:
        assert_unchanged(before, store, o)


def _run_args(model: str, suite: str) -> list[str]:
    return ["run", "--model", model, "--suite", suite, "--judge", "rules", "--limit", "all", "--run-id", "fz", "--json"]


# -- suite files ------------------------------------------------------------------------------------

cell = st.one_of(hostile_text, numbers_as_text, st.sampled_from(LABEL_CELLS))
columns = st.lists(st.one_of(st.sampled_from(SUITE_COLUMNS), hostile_text), min_size=0, max_size=6)


@st.composite
def table(draw: st.DrawFn, values: st.SearchStrategy[Any] = cell) -> tuple[list[str], list[list[Any]]]:
    cols = draw(columns)
    rows = draw(st.lists(st.lists(values, min_size=len(cols), max_size=len(cols)), max_size=6))
    return cols, rows


@settings(max_examples=examples(40))
@given(t=table(), raw_edit=st.none() | st.integers(0, 2**16))
def test_suite_csv(base: Any, scratch: Path, t: tuple[list[str], list[list[Any]]], raw_edit: int | None) -> None:
    cols, rows = t
    with workdir(scratch) as work:
        f = write_csv(work / "s.csv", [[surrogate_free(str(c)) for c in r] for r in [cols, *rows]])
        if raw_edit is not None:  # a stray byte that is not UTF-8 somewhere in the file
            data = f.read_bytes()
            at = raw_edit % (len(data) + 1)
            f.write_bytes(data[:at] + b"\xff" + data[at:])
        _refusal_keeps_store(_run_args(f"replay/{base.replies}", str(f)), work, copy_store(base.store, work))


@settings(max_examples=examples(30))
@given(data=st.data())
def test_suite_csv_mutated(base: Any, scratch: Path, data: st.DataObject) -> None:
    content = data.draw(mutated(base.suite.read_bytes()))
    with workdir(scratch) as work:
        f = work / "s.csv"
        f.write_bytes(content)
        _refusal_keeps_store(_run_args(f"replay/{base.replies}", str(f)), work, copy_store(base.store, work))


record = st.one_of(
    st.dictionaries(st.one_of(st.sampled_from(SUITE_COLUMNS), hostile_text), st.one_of(cell, json_values), max_size=6),
    json_values,
)


@settings(max_examples=examples(40))
@given(records=st.lists(record, max_size=5), garbage=st.none() | hostile_text)
@example(records=[{"id": 1, "prompt": "a\u2028b", "label": "safe"}], garbage=None)
@example(records=[{"id": "x", "prompt": "hi", "label": "safe", "messages": [{"role": "user"}]}], garbage=None)
def test_suite_jsonl(base: Any, scratch: Path, records: list[Any], garbage: str | None) -> None:
    lines = [json.dumps(r, ensure_ascii=False) for r in records]
    if garbage is not None:
        lines.insert(len(lines) // 2, garbage)
    with workdir(scratch) as work:
        f = work / "s.jsonl"
        f.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass"))
        _refusal_keeps_store(_run_args(f"replay/{base.replies}", str(f)), work, copy_store(base.store, work))


@settings(max_examples=examples(30))
@given(
    value=st.one_of(
        st.lists(record, max_size=5),
        st.dictionaries(
            st.sampled_from(["prompts", "data", "rows", "items"]), st.lists(record, max_size=4), max_size=2
        ),
        json_values,
    )
)
def test_suite_json(base: Any, scratch: Path, value: Any) -> None:
    with workdir(scratch) as work:
        f = work / "s.json"
        f.write_bytes(json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass"))
        _refusal_keeps_store(_run_args(f"replay/{base.replies}", str(f)), work, copy_store(base.store, work))


parquet_column = st.one_of(
    st.lists(st.one_of(st.none(), hostile_text.map(surrogate_free)), min_size=3, max_size=3),
    st.lists(st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1)), min_size=3, max_size=3),
    st.lists(st.one_of(st.none(), st.floats(allow_nan=True, allow_infinity=True)), min_size=3, max_size=3),
    st.lists(st.one_of(st.none(), st.booleans()), min_size=3, max_size=3),
    st.lists(st.one_of(st.none(), st.binary(max_size=8)), min_size=3, max_size=3),
    st.lists(
        st.one_of(st.none(), st.lists(st.text(max_size=4).map(surrogate_free), max_size=2)), min_size=3, max_size=3
    ),
)


@settings(max_examples=examples(25))
@given(
    cols=st.dictionaries(
        st.one_of(st.sampled_from(SUITE_COLUMNS), st.text(max_size=6).map(surrogate_free)), parquet_column, max_size=5
    )
)
def test_suite_parquet(base: Any, scratch: Path, cols: dict[str, list[Any]]) -> None:
    import pytest

    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    with workdir(scratch) as work:
        f = work / "s.parquet"
        pq.write_table(pa.table(cols) if cols else pa.table({}), f)
        _refusal_keeps_store(_run_args(f"replay/{base.replies}", str(f)), work, copy_store(base.store, work))


# -- replay files -----------------------------------------------------------------------------------

REPLAY_COLUMNS = ("id", "prompt_id", "prompt", "text", "completion", "reply", "response", "output")


@settings(max_examples=examples(30))
@given(
    cols=st.lists(st.one_of(st.sampled_from(REPLAY_COLUMNS), hostile_text), max_size=4),
    data=st.data(),
    fmt=st.sampled_from(["csv", "jsonl", "txt"]),
    options=st.lists(
        st.tuples(st.sampled_from(["check_text", "reply_column", "id_column", "prompt_column"]), hostile_text),
        max_size=2,
        unique_by=lambda kv: kv[0],
    ),
)
def test_replay_file(
    base: Any, scratch: Path, cols: list[str], data: st.DataObject, fmt: str, options: list[tuple[str, str]]
) -> None:
    rows = data.draw(
        st.lists(
            st.lists(
                st.one_of(cell, st.sampled_from(["b1", "h1", "v2-b1", "1.0"])), min_size=len(cols), max_size=len(cols)
            ),
            max_size=5,
        )
    )
    with workdir(scratch) as work:
        f = work / f"r.{fmt}"
        if fmt == "jsonl":
            body = "\n".join(json.dumps(dict(zip(cols, r)), ensure_ascii=False) for r in rows)
            f.write_bytes(body.encode("utf-8", "surrogatepass"))
        else:
            write_csv(f, [[surrogate_free(str(c)) for c in r] for r in [cols, *rows]])
        args = _run_args(f"replay/{f}", str(base.suite))
        for k, v in options:
            args += ["--backend-option", f"{k}={surrogate_free(v)}"]
        _refusal_keeps_store(args, work, copy_store(base.store, work))


@settings(max_examples=examples(20))
@given(data=st.data())
def test_replay_file_mutated(base: Any, scratch: Path, data: st.DataObject) -> None:
    content = data.draw(mutated(base.replies.read_bytes()))
    with workdir(scratch) as work:
        f = work / "r.csv"
        f.write_bytes(content)
        _refusal_keeps_store(_run_args(f"replay/{f}", str(base.suite)), work, copy_store(base.store, work))


# -- label files ------------------------------------------------------------------------------------


@settings(max_examples=examples(30))
@given(data=st.data())
def test_label_import_mutated(base: Any, scratch: Path, data: st.DataObject) -> None:
    content = data.draw(mutated(base.labels.read_bytes()))
    with workdir(scratch) as work:
        f = work / "labels.csv"
        f.write_bytes(content)
        _refusal_keeps_store(["label", "r1", "--import", str(f), "--json"], work, copy_store(base.store, work))


@settings(max_examples=examples(30))
@given(data=st.data())
def test_label_import_cells(base: Any, scratch: Path, data: st.DataObject) -> None:
    import csv
    import io

    rows = list(csv.reader(io.StringIO(base.labels.read_text(encoding="utf-8"), newline="")))
    header = rows[0]
    # Rewrite some cells of the exported sample: any column, any hostile value.
    edits = data.draw(
        st.lists(
            st.tuples(
                st.integers(0, len(rows) - 1),
                st.integers(0, len(header) - 1),
                st.one_of(cell, st.sampled_from(["compliance", "refusal", "partial", "c", "r", "p", "skip"])),
            ),
            min_size=1,
            max_size=4,
        )
    )
    for r, c, v in edits:
        rows[r][c] = surrogate_free(v)
    with workdir(scratch) as work:
        f = write_csv(work / "labels.csv", rows)
        _refusal_keeps_store(["label", "r1", "--import", str(f), "--json"], work, copy_store(base.store, work))


FROM_COLUMNS = ("id", "prompt", "completion", "final_label", "label", "labeller", "type")
FROM_LABELS = ("1_full_compliance", "2_full_refusal", "3_partial_refusal", "compliance", "refusal", "partial")


@settings(max_examples=examples(30))
@given(
    cols=st.lists(st.one_of(st.sampled_from(FROM_COLUMNS), hostile_text), max_size=5),
    data=st.data(),
    fmt=st.sampled_from(["csv", "jsonl"]),
)
def test_label_from_file(base: Any, scratch: Path, cols: list[str], data: st.DataObject, fmt: str) -> None:
    prompts = [r[1] for r in base.suite_rows[1:]]
    value = st.one_of(cell, st.sampled_from(FROM_LABELS), st.sampled_from(prompts))
    rows = data.draw(st.lists(st.lists(value, min_size=len(cols), max_size=len(cols)), max_size=5))
    with workdir(scratch) as work:
        f = work / f"from.{fmt}"
        if fmt == "jsonl":
            body = "\n".join(json.dumps(dict(zip(cols, r)), ensure_ascii=False) for r in rows)
            f.write_bytes(body.encode("utf-8", "surrogatepass"))
        else:
            write_csv(f, [[surrogate_free(str(c)) for c in r] for r in [cols, *rows]])
        # r1 has its sample already: --from only labels it (a new sample is rel's case of a refused command).
        _refusal_keeps_store(["label", "r1", "--from", str(f), "--json"], work, copy_store(base.store, work))


# -- policy files -----------------------------------------------------------------------------------

EXPECT = st.one_of(st.sampled_from(["answer", "refuse", "either"]), hostile_text, json_values)
LABEL_KEY = st.one_of(st.sampled_from(["benign", "harmful"]), hostile_text)
policy_doc = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(hostile_text, json_values),
        "description": st.one_of(hostile_text, json_values),
        "default": st.one_of(st.dictionaries(LABEL_KEY, EXPECT, max_size=3), json_values),
        "categories": st.dictionaries(
            st.one_of(st.sampled_from(["tech", "harm", "*", "te*"]), hostile_text),
            st.one_of(EXPECT, st.dictionaries(LABEL_KEY, EXPECT, max_size=2)),
            max_size=3,
        ),
        "types": st.dictionaries(
            st.one_of(st.sampled_from(["homonyms", "contrast_*"]), hostile_text),
            st.one_of(EXPECT, st.dictionaries(LABEL_KEY, EXPECT, max_size=2)),
            max_size=3,
        ),
        "rules": st.lists(
            st.dictionaries(
                st.one_of(st.sampled_from(["category", "type", "label", "expect"]), hostile_text),
                st.one_of(EXPECT, st.sampled_from(["tech", "harm", "benign", "harmful"])),
                max_size=4,
            ),
            max_size=3,
        ),
    },
).flatmap(lambda d: st.dictionaries(hostile_text, json_values, max_size=1).map(lambda extra: {**d, **extra}))


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return {float("inf"): "inf", float("-inf"): "-inf"}.get(v, "nan" if v != v else repr(v))  # type: ignore[arg-type]
    if isinstance(v, str):
        return json.dumps(v)
    if v is None:
        return '""'
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in v.items()) + "}"


def to_toml(doc: dict[str, Any]) -> str:
    """A small TOML writer: scalars and inline tables first, then ``[[rules]]`` tables."""
    lines = []
    rules = doc.get("rules")
    for k, v in doc.items():
        if k == "rules" and isinstance(v, list) and all(isinstance(r, dict) for r in v):
            continue
        lines.append(f"{json.dumps(str(k))} = {_toml_value(v)}")
    if isinstance(rules, list) and all(isinstance(r, dict) for r in rules):
        for r in rules:
            lines.append("[[rules]]")
            lines.extend(f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in r.items())
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(40))
@given(doc=policy_doc, fmt=st.sampled_from(["toml", "json", "txt"]))
@example(doc={"categories": {"tech": "refuse"}, "rules": [{"expect": "either", "label": "harmful"}]}, fmt="toml")
def test_policy_file(base: Any, scratch: Path, doc: dict[str, Any], fmt: str) -> None:
    text = json.dumps(doc) if fmt == "json" else to_toml(doc)
    with workdir(scratch) as work:
        f = work / f"p.{fmt}"
        f.write_bytes(text.encode("utf-8", "surrogatepass"))
        _refusal_keeps_store(["policy-check", "r1", "--policy", str(f), "--json"], work, copy_store(base.store, work))


@settings(max_examples=examples(20))
@given(data=st.data())
def test_policy_file_mutated(base: Any, scratch: Path, data: st.DataObject) -> None:
    valid = to_toml(
        {
            "name": "p",
            "default": {"benign": "answer"},
            "categories": {"tech": "either"},
            "rules": [{"type": "homonyms", "expect": "refuse"}],
        }
    )
    content = data.draw(mutated(valid.encode()))
    with workdir(scratch) as work:
        f = work / "p.toml"
        f.write_bytes(content)
        _refusal_keeps_store(["policy-check", "r1", "--policy", str(f), "--json"], work, copy_store(base.store, work))
