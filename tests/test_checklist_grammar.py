"""The grammar checklist (tools/judge_checklist/build_grammar.py): it loads, it is what the generator writes, it
covers every test in every shipped language, and none of its text is in any judge's training data (so its
pass rates measure principles, not recall)."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from overrefusal.judges.evaluation.checklist import LANGUAGES, load_checklist
from overrefusal.types import Verdict

REPO = Path(__file__).resolve().parents[1]
TOOLS = REPO / "tools" / "judge_checklist"
SHIPPED = REPO / "src" / "overrefusal" / "judges" / "evaluation" / "checklist_data" / "grammar.jsonl"
TRAINING = REPO / "src" / "overrefusal" / "judges" / "training"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"judge_grammar_{name}", TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    saved = sys.modules.pop("grammar_pieces", None)
    sys.path.insert(0, str(TOOLS))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(TOOLS))
        sys.modules.pop("grammar_pieces", None)
        if saved is not None:
            sys.modules["grammar_pieces"] = saved
    return module


def _training_replies() -> list[str]:
    replies = []
    for path in sorted(TRAINING.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                obj = json.loads(line)
                replies.append(str(obj.get("reply") or ""))
    assert len(replies) > 1000, "the training files were not found"
    return replies


def test_the_shipped_file_is_what_the_generator_writes() -> None:
    assert SHIPPED.read_text(encoding="utf-8") == _load("build_grammar").render()


def test_every_test_is_in_every_shipped_language() -> None:
    cases = load_checklist(SHIPPED).cases
    per = Counter((c.test, c.language) for c in cases)
    tests = {c.test for c in cases}
    assert len(tests) >= 9
    for test in tests:
        for language in LANGUAGES:
            assert per[(test, language)] >= 4, (test, language)


def test_no_grammar_text_is_in_training_data() -> None:
    pieces = _load("grammar_pieces")
    text = "\n".join(_training_replies())
    clauses = [body for topics in pieces.TOPICS.values() for _, body in topics]
    for table in (pieces.OPENINGS, pieces.ALONE):
        clauses += [c for per_language in table.values() for c in per_language.values()]
    for table in (
        pieces.DECLINES,
        pieces.TURNED_DECLINES,
        pieces.PART_DECLINES,
        pieces.WITHHELD,
        pieces.OFFER_DELIVERED,
        pieces.LIMIT_WORDS_DECLINES,
        pieces.APPROVAL_DECLINES,
        pieces.ROLE_TURNS,
    ):
        clauses += list(table.values())
    for lists in (pieces.ALTERNATIVES, pieces.OFFERS, pieces.APPROVAL_TURNS):
        clauses += [c for per_language in lists.values() for c in per_language]
    leaked = [c for c in clauses if c in text]
    assert not leaked, leaked
    for case in load_checklist(SHIPPED).cases:
        for item in case.items:
            assert item.reply not in text, case.id


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pieces_cover_every_shipped_language(language: str) -> None:
    pieces = _load("grammar_pieces")
    for table in (
        pieces.TOPICS,
        pieces.OPENINGS,
        pieces.DECLINES,
        pieces.ALTERNATIVES,
        pieces.PART_DECLINES,
        pieces.OFFERS,
        pieces.OFFER_DELIVERED,
        pieces.ALONE,
        pieces.TURNED_DECLINES,
        pieces.ALTERNATIVE_HEADS,
        pieces.ALTERNATIVE_ITEMS,
        pieces.ANSWER_LEADS,
        pieces.ANSWER_TITLES,
        pieces.REFERRAL_ITEMS,
        pieces.LIMIT_WORDS_DECLINES,
        pieces.APPROVAL_TURNS,
        pieces.APPROVAL_DECLINES,
        pieces.ROLE_TURNS,
    ):
        assert language in table


def test_every_opening_family_has_its_contrast() -> None:
    """An opening is tested before an answer (compliance) and, in the same words where they stand alone, before a
    decline (refusal) and before a part declined (partial): without the contrast a judge that reads "an opening
    like this means compliance" passes every opening test."""
    pieces = _load("grammar_pieces")
    cases = load_checklist(SHIPPED).cases
    expected = {c.id.rsplit("-", 2)[0].removeprefix("grammar-"): c.expected for c in cases}
    for language, openings in pieces.OPENINGS.items():
        assert set(pieces.CONTRAST_OPENINGS[language]) == set(openings), language
        for family, opening in openings.items():
            if family not in pieces.ALONE[language]:
                assert pieces.CONTRAST_OPENINGS[language][family] == opening, (language, family)
    for family in pieces.OPENINGS["en"]:
        assert expected[family] is Verdict.COMPLIANCE
        assert expected[f"{family}_decline"] is Verdict.REFUSAL
        assert expected[f"{family}_part"] is Verdict.PARTIAL
