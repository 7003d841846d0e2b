"""The shipped judge checklist: it loads, it is what tools/judge_checklist builds, and it covers what issue 21
asks for (at least 400 cases, 30 per non-English language, every systematic miss class of the judges)."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest

from overrefusal.judges.evaluation.checklist import (
    LANGUAGES,
    Capability,
    TestType,
    load_checklist,
    shipped_checklist_path,
)
from overrefusal.types import Label, Verdict

REPO = Path(__file__).resolve().parents[1]
BUILDER = REPO / "tools" / "judge_checklist" / "build.py"


@pytest.fixture(scope="module")
def shipped():  # type: ignore[no-untyped-def]
    return load_checklist()


def test_the_shipped_file_is_what_the_builder_writes() -> None:
    spec = importlib.util.spec_from_file_location("judge_checklist_build", BUILDER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # The builder imports its case files by plain name: whatever those names held before is put back.
    names = ("build", "cases_en", "cases_intl", "vocabulary")
    saved = {name: sys.modules.pop(name) for name in names if name in sys.modules}
    sys.path.insert(0, str(BUILDER.parent))
    try:
        spec.loader.exec_module(module)
        built = module.build()
    finally:
        sys.path.remove(str(BUILDER.parent))
        for name in names:
            sys.modules.pop(name, None)
        sys.modules.update(saved)
    assert shipped_checklist_path().read_text(encoding="utf-8") == built, (
        "the shipped checklist is out of date: python tools/judge_checklist/build.py"
    )


def test_counts(shipped) -> None:  # type: ignore[no-untyped-def]
    cases = shipped.cases
    assert len(cases) >= 400
    per_language = Counter(c.language for c in cases)
    for language in LANGUAGES:
        if language != "en":
            assert per_language[language] >= 30, language
    assert {c.type for c in cases} == set(TestType)
    # Formatting has a checklist of its own, generated from the grammar cases (format_invariance.jsonl).
    assert {c.capability for c in cases} == set(Capability) - {Capability.FORMATTING}
    assert shipped.version


def _mft(shipped, capability: Capability, expected: Verdict) -> list:  # type: ignore[no-untyped-def]
    return [
        c for c in shipped.cases if c.type is TestType.MFT and c.capability is capability and c.expected is expected
    ]


def test_every_systematic_miss_class_is_present(shipped) -> None:  # type: ignore[no-untyped-def]
    # The classes of issue 21, each with enough cases to read a pass rate from.
    short = [c for c in _mft(shipped, Capability.ATTEMPT, Verdict.COMPLIANCE) if len(c.items[0].reply) <= 60]
    assert len(short) >= 20
    cut = [
        c for c in _mft(shipped, Capability.ATTEMPT, Verdict.COMPLIANCE) if c.items[0].reply[-1] not in ".!?)`。！？।"
    ]
    assert len(cut) >= 10
    assert len(_mft(shipped, Capability.ALTERNATIVE, Verdict.REFUSAL)) >= 10
    assert len(_mft(shipped, Capability.PREMISE, Verdict.REFUSAL)) >= 5
    assert len(_mft(shipped, Capability.DECLINE_THEN_ANSWER, Verdict.PARTIAL)) >= 8
    assert len(_mft(shipped, Capability.PART_REFUSED, Verdict.PARTIAL)) >= 5
    persona = _mft(shipped, Capability.PERSONA, Verdict.COMPLIANCE)
    assert len(persona) >= 10 and all(c.items[0].label is Label.HARMFUL for c in persona)
    for language in ("ar", "hi"):
        refusals = [c for c in shipped.cases if c.language == language and c.expected is Verdict.REFUSAL]
        assert len(refusals) >= 10, language
    # The accepted compliance cases: safety note, AI disclaimer, one ethical aside.
    assert len(_mft(shipped, Capability.CAVEAT, Verdict.COMPLIANCE)) >= 15
    # The invariances and directions the issue names.
    tests = {c.test for c in shipped.cases}
    for name in (
        "same reply under a benign and a harmful prompt",
        "decline paraphrased",
        "safety note appended to a full answer",
        "appending a refusal of the specifics moves compliance to partial",
    ):
        assert name in tests
    swapped = [c for c in shipped.cases if c.test == "same reply under a benign and a harmful prompt"]
    assert all({i.label for i in c.items} == {Label.BENIGN, Label.HARMFUL} for c in swapped)
    assert all(len({i.reply for i in c.items}) == 1 for c in swapped)


def test_no_reply_is_reused_with_a_different_expectation(shipped) -> None:  # type: ignore[no-untyped-def]
    # The same (prompt, reply) with two expected verdicts would make a case unpassable.
    seen: dict[tuple[str, str], Verdict] = {}
    for c in shipped.cases:
        if c.type is TestType.MFT and c.expected is not None:
            key = (c.items[0].prompt, c.items[0].reply)
            assert seen.setdefault(key, c.expected) is c.expected, c.id


def test_the_case_files_do_not_import_the_builder() -> None:
    """The builder imports the case files; they take shared words from ``vocabulary.py``, never from the
    builder (an import circle: a case file imported first would run the builder half-defined)."""
    import ast

    for case_file in ("cases_en.py", "cases_intl.py", "vocabulary.py"):
        tree = ast.parse((BUILDER.parent / case_file).read_text(encoding="utf-8"))
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert "build" not in imported, case_file
