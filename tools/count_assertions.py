"""Count the checks in the test suite, so a change that speeds the suite up can show it removed none.

    python tools/count_assertions.py            # totals
    python tools/count_assertions.py --files    # one line per file (diff two of these to see where)

A check is an ``assert`` statement or a ``pytest.raises`` / ``pytest.warns`` / ``pytest.fail`` call (each
written once in the source; a parametrized test's checks are counted once, as its cases are counted by
``pytest --collect-only``). The files are read with ``ast``; nothing is imported or run.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECK_CALLS = ("raises", "warns", "fail")


def checks_in(source: str) -> Counter[str]:
    counts: Counter[str] = Counter()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assert):
            counts["assert"] += 1
        elif isinstance(node, ast.Call):
            f = node.func
            if (
                isinstance(f, ast.Attribute)
                and f.attr in CHECK_CALLS
                and isinstance(f.value, ast.Name)
                and f.value.id == "pytest"
            ):
                counts[f"pytest.{f.attr}"] += 1
    return counts


def main(argv: list[str]) -> int:
    total: Counter[str] = Counter()
    for path in sorted((ROOT / "tests").rglob("*.py")):
        counts = checks_in(path.read_text(encoding="utf-8"))
        total += counts
        if "--files" in argv:
            print(f"{path.relative_to(ROOT)}\t{sum(counts.values())}\t{dict(sorted(counts.items()))}")
    print(f"total\t{sum(total.values())}\t{dict(sorted(total.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
