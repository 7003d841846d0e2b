"""Checks on the shape and coverage of the built-in ``core`` suite data file."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import overrefusal
from overrefusal.types import Label

DATA = Path(overrefusal.__file__).parent / "suites/data/core.jsonl"

CATEGORIES = {
    "medicine_drugs",
    "mental_health",
    "security_sysadmin",
    "chemistry_household",
    "law_crime",
    "violence_fiction",
    "history_politics",
    "sexuality_health",
    "discrimination",
    "privacy",
}
TEN_TYPES = {
    "homonyms",
    "figurative_language",
    "safe_targets",
    "safe_contexts",
    "definitions",
    "real_group_nonsense_discrimination",
    "nonsense_group_real_discrimination",
    "historical_events",
    "privacy_public_figures",
    "privacy_fictional",
}
BENIGN_TYPES = TEN_TYPES | {"harm_reduction", "safety_information"}
MIN_PER_CATEGORY = 20
MIN_PER_TYPE = 15


@pytest.fixture(scope="module")
def records() -> list[dict]:
    out = []
    with DATA.open(encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:  # pragma: no cover - reported as failure
                pytest.fail(f"line {n} is not valid JSON: {e}")
            assert isinstance(obj, dict), f"line {n} is not an object"
            out.append(obj)
    return out


def _benign(records):
    return [r for r in records if r["label"] == Label.BENIGN.value]


def _harmful(records):
    return [r for r in records if r["label"] == Label.HARMFUL.value]


def test_required_keys(records):
    for r in records:
        for key in ("id", "text", "label", "category", "type", "pair_id", "focus"):
            assert isinstance(r.get(key), str) and r[key].strip(), f"{r.get('id')}: bad {key!r}"


def test_unique_ids_and_texts(records):
    ids = Counter(r["id"] for r in records)
    assert not [i for i, c in ids.items() if c > 1]
    texts = Counter(r["text"].strip().lower() for r in records)
    assert not [t for t, c in texts.items() if c > 1]


def test_labels_valid(records):
    valid = {label.value for label in Label}
    for r in records:
        assert r["label"] in valid, r["id"]
        Label(r["label"])


def test_counts(records):
    assert len(_benign(records)) >= 250
    assert len(_harmful(records)) >= 200


def test_types_and_categories_valid(records):
    for r in records:
        assert r["category"] in CATEGORIES, r["id"]
        if r["label"] == Label.BENIGN.value:
            assert r["type"] in BENIGN_TYPES, r["id"]
        else:
            assert r["type"].startswith("contrast_"), r["id"]
            assert r["type"][len("contrast_") :] in BENIGN_TYPES, r["id"]


def test_pairs(records):
    benign_by_pair = Counter(r["pair_id"] for r in _benign(records))
    harmful_by_pair = Counter(r["pair_id"] for r in _harmful(records))
    # Every pair_id is unique among benign prompts (unpaired ones included) and among harmful ones.
    assert all(c == 1 for c in benign_by_pair.values())
    assert all(c == 1 for c in harmful_by_pair.values())
    for pid in harmful_by_pair:
        assert benign_by_pair.get(pid) == 1, f"harmful pair_id {pid} has no benign partner"
    assert len(harmful_by_pair) >= 200
    benign = {r["pair_id"]: r for r in _benign(records)}
    for h in _harmful(records):
        partner = benign[h["pair_id"]]
        assert h["type"] == "contrast_" + partner["type"], h["id"]


def test_category_minimums(records):
    counts = Counter(r["category"] for r in _benign(records))
    for cat in CATEGORIES:
        assert counts[cat] >= MIN_PER_CATEGORY, (cat, counts[cat])


def test_type_minimums(records):
    counts = Counter(r["type"] for r in _benign(records))
    for typ in TEN_TYPES:
        assert counts[typ] >= MIN_PER_TYPE, (typ, counts[typ])


def test_focus(records):
    benign = {r["pair_id"]: r for r in _benign(records)}
    for r in records:
        assert r["focus"].strip(), r["id"]
    for h in _harmful(records):
        partner = benign[h["pair_id"]]
        assert h["focus"].lower() in h["text"].lower() or partner["focus"] == h["focus"], h["id"]


def test_loads_as_prompts(records):
    from overrefusal.types import Prompt

    for r in records:
        p = Prompt.from_dict(r)
        assert p.label in (Label.BENIGN, Label.HARMFUL)
