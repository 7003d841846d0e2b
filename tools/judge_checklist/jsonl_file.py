"""What every checklist builder here does with its cases: one JSON object a line, written or checked."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any


def jsonl(header: Mapping[str, Any], cases: Iterable[Mapping[str, Any]]) -> str:
    """The header line, then a line per case (non-ASCII kept as written, so the file reads in every language)."""
    lines = [json.dumps(header, ensure_ascii=False)] + [json.dumps(c, ensure_ascii=False) for c in cases]
    return "\n".join(lines) + "\n"


def write_or_check(out: Path, text: str, argv: list[str], builder: str) -> int:
    """Write ``text`` to ``out``; with ``--check`` in ``argv``, write nothing and return 1 when ``out`` differs."""
    if "--check" in argv:
        if not out.exists() or out.read_text(encoding="utf-8") != text:
            print(f"{out} differs from what {builder} builds; rerun it", file=sys.stderr)
            return 1
        return 0
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out} ({text.count(chr(10)) - 1} cases)")
    return 0
