"""Property tests over the judge files a user can give: classifier weights (``--judge classifier:FILE``) and
encoder settings (``encoder.json`` of ``--judge encoder:DIR``).

Weights are the shipped file cut down to a few features per block (the same format, loaded in
milliseconds), then mutated: a value anywhere replaced (NaN, infinities, wrong types and lengths, any JSON), a
key dropped, or the bytes cut. The settings are the shipped ``encoder.json``'s fields with any values. The
judge either loads and judges, or the command refuses in one line; never a traceback.

Crafted weights with non-finite or mis-shaped values (hand-written cases of issue 20, fixed in round six) are
reached here too: the weights are validated when loaded.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from _fuzz import (
    assert_unchanged,
    check_contract,
    copy_store,
    examples,
    invoke,
    json_values,
    store_bytes,
    workdir,
)
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

WEIGHTS = Path(__file__).resolve().parents[2] / "src" / "overrefusal" / "judges" / "classifier" / "weights.json"


@pytest.fixture(scope="module")
def small_weights() -> dict[str, Any]:
    """The shipped weights with the first 5 features of each block: the same format, a fast load."""
    full = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    full["blocks"] = {b: dict(list(feats.items())[:5]) for b, feats in full["blocks"].items()}
    return full


def _paths(obj: Any, prefix: tuple[Any, ...] = (), depth: int = 0) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if depth >= 3:
        return out
    if isinstance(obj, dict):
        for k, v in list(obj.items())[:6]:
            out += _paths(v, (*prefix, k), depth + 1)
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:4]):
            out += _paths(v, (*prefix, i), depth + 1)
    return out


def _set(obj: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    if not path:
        return value
    parent = obj
    for k in path[:-1]:
        parent = parent[k]
    if delete and isinstance(parent, dict):
        parent.pop(path[-1], None)
    elif delete and isinstance(parent, list):
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return obj


def _judge_run(base: Any, scratch: Path, weights: bytes) -> None:
    with workdir(scratch) as work:
        f = work / "w.json"
        f.write_bytes(weights)
        store = copy_store(base.store, work)
        args = ["run", "--model", f"replay/{base.replies}", "--suite", str(base.suite), "--limit", "all"]
        args += ["--judge", f"classifier:{f}", "--run-id", "fz", "--json", "--store", str(store)]
        before = store_bytes(store)
        o = invoke(args, work)
        check_contract(o)
        if o.exit_code == 2:
            assert_unchanged(before, store, o)
        else:
            # A judge that loads gives verdicts; a weights file that makes every verdict ERROR is refused instead.
            summary = json.loads(o.stdout)
            errors = summary["benign"]["errors"] + summary["harmful"]["errors"]
            assert errors < summary["benign"]["n"] + summary["harmful"]["n"], o.describe()


@settings(max_examples=examples(30), phases=(Phase.explicit, Phase.generate))
@given(data=st.data())
def test_weights_file_values(base: Any, scratch: Path, small_weights: dict[str, Any], data: st.DataObject) -> None:
    weights = json.loads(json.dumps(small_weights))
    for _ in range(data.draw(st.integers(1, 2))):
        paths = _paths(weights)
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        value = data.draw(st.one_of(json_values, st.sampled_from([float("nan"), float("inf"), 1e308, [], [0.0] * 7])))
        weights = _set(weights, path, value, delete=data.draw(st.integers(0, 4)) == 0)
    _judge_run(base, scratch, json.dumps(weights).encode())


@settings(max_examples=examples(15))
@given(cut=st.integers(0, 10**6), junk=st.sampled_from([b"", b"}", b"\xff", b"\x00", b"NaN", b'"']))
def test_weights_file_bytes(base: Any, scratch: Path, small_weights: dict[str, Any], cut: int, junk: bytes) -> None:
    """A weights file cut short or with a stray byte: never read as weights."""
    raw = json.dumps(small_weights).encode()
    at = cut % len(raw)
    _judge_run(base, scratch, raw[:at] + junk)


SETTINGS_FIELDS = (
    "format",
    "classes",
    "onnx",
    "onnx_sha256",
    "tokenizer",
    "prompt_tokens",
    "reply_tokens",
    "tail_tokens",
    "temperature",
    "cascade_threshold",
)


@settings(max_examples=examples(60))
@given(data=st.data())
def test_encoder_settings(data: st.DataObject) -> None:
    """``encoder.json`` with any fields and values: parsed into settings or one UserError."""
    from overrefusal.errors import UserError
    from overrefusal.judges.encoder.judge import parse_settings

    keys = st.one_of(st.sampled_from(SETTINGS_FIELDS), st.text(max_size=8))
    obj = data.draw(st.one_of(st.dictionaries(keys, json_values, max_size=8), json_values))
    raw = json.dumps(obj).encode("utf-8", "surrogatepass")
    try:
        settings_ = parse_settings(raw, "encoder.json")
    except UserError as exc:
        assert "\n" not in str(exc).strip()
        return
    for name in ("temperature", "threshold", "cascade_threshold"):
        value = getattr(settings_, name, None)
        if isinstance(value, float):
            assert value == value and abs(value) != float("inf"), (name, value)
