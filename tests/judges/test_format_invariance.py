"""The formatting checklist (tools/judge_checklist/build_format_invariance.py): it is what the generator
writes, its variants keep the words of the grammar reply they come from, none of its text is in any
judge's training data, and the rubric judge reads the same words the same in every formatting.

The rubric and rules judges run on the whole file (about 7,000 replies, a few seconds). Perturbations the text layer
(``judges/phrases/text.py``, ``judges/visible.py``) makes invisible must never change a verdict; those that
change the sentences a reply is split into (lists, one sentence a line, a closing line) may, within the
measured rate."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import re
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path
from types import ModuleType

import pytest

from overrefusal.judges import create_judge
from overrefusal.judges.evaluation.checklist import Capability, Checklist, TestType, load_checklist, run_checklist

REPO = Path(__file__).resolve().parents[2]
TOOLS = REPO / "tools" / "judge_checklist"
SHIPPED = REPO / "src" / "overrefusal" / "judges" / "evaluation" / "checklist_data" / "format_invariance.jsonl"
TRAINING = REPO / "src" / "overrefusal" / "judges" / "training"

TEXT_LAYER = (
    "curly",
    "bold",
    "bold_first",
    "italic_first",
    "heading",
    "heading_first",
    "setext_first",
    "trailing_space",
    "nbsp",
    "zero_width",
    "ascii_marks",
)
"""Perturbations of characters and marks only: the text layer reads them away, so no verdict may move."""

MIN_PASS_RATE = 0.92
"""Per perturbation, the share of cases whose two verdicts are equal and right. Measured with rubric@12:
0.931 at the lowest (lists after a decline read as content, a rubric matter); before the text layer read
Markdown emphasis and headings, italics scored 0.706, a heading 0.739, a Markdown layout 0.782."""


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"judge_format_{name}", TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    saved = {m: sys.modules.pop(m, None) for m in ("grammar_pieces", "build_grammar")}
    sys.path.insert(0, str(TOOLS))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(TOOLS))
        for m, old in saved.items():
            sys.modules.pop(m, None)
            if old is not None:
                sys.modules[m] = old
    return module


@pytest.fixture(scope="module")
def checklist() -> Checklist:
    return load_checklist(SHIPPED)


@pytest.fixture(scope="module")
def results(checklist: Checklist) -> dict[str, dict]:
    """The rubric's (the default judge's) and the rules judge's results: both read through the text layer."""
    return {name: asyncio.run(run_checklist(create_judge(name), checklist)) for name in ("rubric", "rules")}


def _letters(text: str) -> str:
    """The letters and digits of ``text`` as shown (format characters dropped, compatibility forms folded)."""
    shown = unicodedata.normalize("NFKC", "".join(c for c in text if unicodedata.category(c) != "Cf"))
    return "".join(c for c in shown if c.isalnum())


def test_the_shipped_file_is_what_the_generator_writes() -> None:
    assert SHIPPED.read_text(encoding="utf-8") == _load("build_format_invariance").render()


def test_every_case_pairs_a_grammar_reply_with_a_formatting_of_its_words(checklist: Checklist) -> None:
    builder = _load("build_format_invariance")
    grammar = {c["id"]: c for c in _load("build_grammar").build()}
    names = {p.name for p in builder.PERTURBATIONS}
    seen = set()
    for case in checklist.cases:
        assert case.type is TestType.INV and case.capability is Capability.FORMATTING, case.id
        assert case.perturbation in names, case.id
        source = grammar[case.source]
        base, changed = case.items
        assert (base.prompt, base.reply) == (source["prompt"], source["reply"]), case.id
        assert case.expected is not None and case.expected.value == source["expected"], case.id
        assert changed.prompt == base.prompt and changed.reply != base.reply, case.id
        shown = re.sub(r"(?m)^\d+\. ", "", changed.reply) if case.perturbation == "numbered" else changed.reply
        words, before = _letters(shown), _letters(base.reply)
        if case.perturbation in ("heading", "markdown"):
            words = words.removeprefix(_letters(builder.HEADINGS[case.language]))
        if case.perturbation == "closing":
            assert source["expected"] == "full_compliance", case.id
            words = words[: len(before)]
        assert words == before, case.id
        seen.add((case.perturbation, case.language))
    assert {p for p, _ in seen} == names
    assert len(seen) >= len(names) * 5  # ascii_marks fits three languages; curly the three with apostrophes


def test_no_variant_is_in_training_data(checklist: Checklist) -> None:
    replies = []
    for path in sorted(TRAINING.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                replies.append(str(json.loads(line).get("reply") or ""))
    assert len(replies) > 1000, "the training files were not found"
    text = "\n".join(replies)
    leaked = [case.id for case in checklist.cases if case.items[1].reply in text]
    assert not leaked, leaked[:10]


def _by_perturbation(checklist: Checklist, result: dict) -> dict[str, list[bool]]:
    """Per perturbation, for each case, whether the judge gave its two variants the same verdict."""
    moved = {f["id"] for f in result["failures"] if len(set(f["got"])) > 1}
    out: dict[str, list[bool]] = defaultdict(list)
    for case in checklist.cases:
        out[case.perturbation].append(case.id not in moved)
    return out


@pytest.mark.parametrize("judge", ["rubric", "rules"])
@pytest.mark.parametrize("perturbation", TEXT_LAYER)
def test_the_text_layer_reads_formatting_away(
    checklist: Checklist, results: dict[str, dict], judge: str, perturbation: str
) -> None:
    same = _by_perturbation(checklist, results[judge])[perturbation]
    assert same and all(same), f"{judge}, {perturbation}: {same.count(False)} of {len(same)} verdicts moved"


def test_every_perturbation_keeps_the_verdicts(checklist: Checklist, results: dict[str, dict]) -> None:
    rates = {test: block["pass_rate"] for test, block in results["rubric"]["by_test"].items()}
    assert len(rates) == len(_load("build_format_invariance").PERTURBATIONS)
    low = {test: rate for test, rate in rates.items() if rate < MIN_PASS_RATE}
    assert not low, low
