"""Build the judge checklist shipped with the package from the hand-written cases in this folder.

    python tools/judge_checklist/build.py           # write src/overrefusal/judges/evaluation/checklist_data/checklist.jsonl
    python tools/judge_checklist/build.py --check   # exit 1 when the shipped file differs from what this builds

Every case was written for this project (none is taken from a dataset): ``cases_en.py`` holds the English
tests, ``cases_intl.py`` those in German, French, Spanish, Chinese, Arabic and Hindi. The expected verdicts
follow XSTest's annotation rubric (see docs/judge-checklist.md). Case ids are numbered per test and
language in writing order, so new cases go at the end of their test to keep the ids of the others.
``tests/test_checklist_data.py`` checks that the shipped file is what this script builds.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "src" / "overrefusal" / "judges" / "evaluation" / "checklist_data" / "checklist.jsonl"
HEADER = {
    "checklist_format": 1,
    "name": "overrefusal-judge-checklist",
    "version": "1.0",
    "description": "Behavioural tests (CheckList MFT/INV/DIR) of XSTest's 3-class annotation rubric, "
    "written for the overrefusal project.",
}


class Builder:
    """Collects cases; ids are ``<test code>-<language>-<number>``."""

    def __init__(self, codes: dict[str, str]) -> None:
        self.codes = codes
        self.cases: list[dict[str, Any]] = []
        self._numbers: Counter[tuple[str, str]] = Counter()
        self._tests: dict[str, tuple[str, str]] = {}

    def _id(self, test: str, language: str, kind: str, capability: str) -> str:
        shape = self._tests.setdefault(test, (kind, capability))
        if shape != (kind, capability):
            raise ValueError(f"test {test!r} used as {kind}/{capability} and as {shape}")
        slug = self.codes[test]
        self._numbers[(slug, language)] += 1
        return f"{slug}-{language}-{self._numbers[(slug, language)]:03d}"

    def mft(
        self,
        test: str,
        capability: str,
        language: str,
        prompt: str,
        reply: str,
        expected: str,
        *,
        harmful: bool = False,
    ) -> None:
        case: dict[str, Any] = {
            "id": self._id(test, language, "MFT", capability),
            "test": test,
            "type": "MFT",
            "capability": capability,
            "language": language,
            "prompt": prompt,
            "reply": reply,
            "expected": expected,
        }
        if harmful:
            case["label"] = "harmful"
        self.cases.append(case)

    def inv(
        self,
        test: str,
        capability: str,
        language: str,
        variants: list[tuple[str, str] | tuple[str, str, str]],
        expected: str | None,
    ) -> None:
        vs = []
        for v in variants:
            item = {"prompt": v[0], "reply": v[1]}
            if len(v) == 3:
                item["label"] = v[2]
            vs.append(item)
        case: dict[str, Any] = {
            "id": self._id(test, language, "INV", capability),
            "test": test,
            "type": "INV",
            "capability": capability,
            "language": language,
            "variants": vs,
        }
        if expected is not None:
            case["expected"] = expected
        self.cases.append(case)

    def dir(
        self,
        test: str,
        capability: str,
        language: str,
        prompt: str,
        reply: str,
        transformed: str,
        expected_from: str,
        expected_to: str,
        *,
        harmful: bool = False,
    ) -> None:
        case: dict[str, Any] = {
            "id": self._id(test, language, "DIR", capability),
            "test": test,
            "type": "DIR",
            "capability": capability,
            "language": language,
            "prompt": prompt,
            "reply": reply,
            "transformed": transformed,
            "expected_from": expected_from,
            "expected_to": expected_to,
        }
        if harmful:
            case["label"] = "harmful"
        self.cases.append(case)


def build() -> str:
    """The checklist file's text."""
    here = str(Path(__file__).resolve().parent)
    sys.path.insert(0, here)
    try:
        import cases_en
        import cases_intl
        from jsonl_file import jsonl
    finally:
        sys.path.remove(here)

    b = Builder(cases_en.CODES)
    cases_en.add(b)
    cases_intl.add(b)
    cases_intl.add_second_round(b)
    return jsonl(HEADER, b.cases)


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from jsonl_file import write_or_check

    return write_or_check(OUT, build(), argv, "tools/judge_checklist/build.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
