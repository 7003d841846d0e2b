"""A store written by overrefusal 0.1.0 reads the same with this version.

``tests/data/store-0.1.0.sqlite3`` was made by the 0.1.0 code (two replay runs of 20 XSTest pairs each,
judged by ``classifier`` and ``rules``; the second with a system prompt and the keyword filter), and
``store-0.1.0.snapshot.json`` holds what that code printed for each command below. Nothing in those outputs
depends on the time or the machine (provenance is read from the store), so every key printed then must
be printed now with the same value. New keys may appear beside them (the JSON contract allows additions).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
STORE = DATA / "store-0.1.0.sqlite3"
SNAPSHOT = DATA / "store-0.1.0.snapshot.json"

COMMANDS: dict[str, list[str]] = {
    "report": ["report", "llama2orig", "--json"],
    "report-two-runs": ["report", "llama2orig", "gpt4", "--json"],
    "report-second-judge": ["report", "gpt4", "--judge", "rules@1", "--json"],
    "runs": ["runs", "--json"],
    "compare": ["compare", "llama2orig", "gpt4", "--json"],
    "gate": ["gate", "--baseline", "llama2orig", "--candidate", "gpt4", "--max-increase", "0.02", "--json"],
}
"""Snapshot key -> command line (each run on a fresh copy of the store)."""


def run_on_copy(args: list[str], tmp: Path) -> dict[str, object]:
    """Run one command on a copy of the old store (opening it migrates the copy, never the fixture)."""
    copy = tmp / "store.sqlite3"
    shutil.copyfile(STORE, copy)
    p = subprocess.run(
        [sys.executable, "-m", "overrefusal", *args, "--store", str(copy)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "OVERREFUSAL_STORE": ""},
    )
    return {"exit_code": p.returncode, "json": json.loads(p.stdout) if p.stdout.strip() else None}


def differences(expected: object, got: object, where: str = "") -> list[str]:
    """Where ``got`` lost or changed something of ``expected`` (keys added to objects are fine)."""
    if isinstance(expected, dict) and isinstance(got, dict):
        out = []
        for k, v in expected.items():
            out += [f"{where}/{k}: missing"] if k not in got else differences(v, got[k], f"{where}/{k}")
        return out
    if isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        return [d for i, (a, b) in enumerate(zip(expected, got)) for d in differences(a, b, f"{where}[{i}]")]
    return [] if expected == got else [f"{where}: {expected!r} became {got!r}"]


@pytest.mark.parametrize("key", sorted(COMMANDS))
def test_old_store_reads_the_same(key: str, tmp_path: Path) -> None:
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))[key]
    assert differences(expected, run_on_copy(COMMANDS[key], tmp_path)) == []


def test_a_changed_value_is_found() -> None:
    assert differences({"a": {"b": 1, "c": [1, 2]}}, {"a": {"b": 1, "c": [1, 2], "new": 0}}) == []
    assert differences({"a": {"b": 1}}, {"a": {"b": 2}}) == ["/a/b: 1 became 2"]
    assert differences({"a": [1, 2]}, {"a": [1]}) == ["/a: [1, 2] became [1]"]
    assert differences({"a": 1}, {}) == ["/a: missing"]


def test_fixture_is_untouched_by_the_tests() -> None:
    # The fixture must stay a 0.1.0 store: only the first three migrations applied.
    import sqlite3

    con = sqlite3.connect(f"file:{STORE}?mode=ro", uri=True)
    try:
        names = [r[0] for r in con.execute("SELECT name FROM _migrations ORDER BY name")]
    finally:
        con.close()
    assert names == ["001_initial", "002_ingested_completions", "003_result_counts"]


if __name__ == "__main__":
    # Made once, by the version the fixture belongs to: `python tests/test_store_compat.py` (never rerun
    # with a newer version: that would make the test compare the new code with itself).
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        snap = {k: run_on_copy(v, Path(d)) for k, v in COMMANDS.items()}
    SNAPSHOT.write_text(json.dumps(snap, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
