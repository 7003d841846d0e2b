"""Every line-based input goes through one decoding (UTF-8, a leading byte-order mark dropped) and one line
splitting (on ``\\n`` and ``\\r\\n`` only): a BOM or a raw U+2028/U+0085 inside a JSON string reads the same
in every reader. Before, the checklist reader refused a BOM and split on U+2028 (``str.splitlines``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from overrefusal.analysis.generate import read_seeds
from overrefusal.guards.safe_files import decode_input, input_lines
from overrefusal.judges.evaluation.checklist import load_checklist
from overrefusal.judges.labels import read_labelled
from overrefusal.suites.readers import read_table

TRICKY = "I can\u2028not help\u0085 with that."
"""A reply holding line and paragraph separators that JSON allows raw inside a string."""


def _jsonl(rows: list[dict[str, Any]]) -> bytes:
    # ensure_ascii=False keeps U+2028 raw in the file, as an editor or another tool may write it.
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode("utf-8")


def _checklist(path: Path) -> Any:
    return [(c.id, c.line, [i.reply for i in c.items]) for c in load_checklist(path).cases]


def _labels(path: Path) -> Any:
    return [(r.id, r.reply, r.gold) for r in read_labelled(path)]


def _suite(path: Path) -> Any:
    return [dict(r.values) for r in read_table(path).records]


def _seeds(path: Path) -> Any:
    return [(s.id, s.text) for s in read_seeds(path)]


CASE = {
    "id": "a",
    "test": "short answer",
    "type": "MFT",
    "capability": "attempt",
    "language": "en",
    "prompt": "Where can I buy milk?",
    "reply": TRICKY,
    "expected": "full_refusal",
}
READERS: list[tuple[str, str, list[dict[str, Any]], Callable[[Path], Any]]] = [
    ("checklist", "c.jsonl", [CASE, {**CASE, "id": "b"}], _checklist),
    ("labels", "l.jsonl", [{"id": "x", "prompt": "p", "reply": TRICKY, "label": "full_refusal"}], _labels),
    ("suite", "s.jsonl", [{"id": "x", "prompt": TRICKY}], _suite),
    ("seeds", "seeds.jsonl", [{"id": "x", "text": TRICKY}], _seeds),
]


@pytest.mark.parametrize(("name", "file", "rows", "read"), READERS, ids=[r[0] for r in READERS])
def test_a_bom_and_raw_separators_read_the_same_in_every_reader(
    tmp_path: Path, name: str, file: str, rows: list[dict[str, Any]], read: Callable[[Path], Any]
) -> None:
    plain = tmp_path / file
    plain.write_bytes(_jsonl(rows))
    expected = read(plain)
    assert TRICKY in json.dumps(expected, ensure_ascii=False), name  # the separators survive, not split
    bom = tmp_path / ("bom-" + file)
    bom.write_bytes(b"\xef\xbb\xbf" + _jsonl(rows).replace(b"\n", b"\r\n"))
    assert read(bom) == expected


def test_input_lines_splits_on_newlines_only() -> None:
    text = "a\u2028b\r\nc\x0cd\x1ce\u0085f\nlast"
    assert list(input_lines(text)) == [(1, "a\u2028b"), (2, "c\x0cd\x1ce\u0085f"), (3, "last")]


def test_invalid_utf8_names_line_and_column() -> None:
    from overrefusal.errors import UserError

    with pytest.raises(UserError) as err:
        decode_input(b"\xef\xbb\xbfok\nab\xffc\n", path="f.jsonl", what="checklist file")
    assert (err.value.path, err.value.line) == ("f.jsonl", 2)
    assert "column 3" in str(err.value)
