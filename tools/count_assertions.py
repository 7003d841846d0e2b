"""Count the checks in the test suite, so a change that speeds the suite up can show it removed none.

    python tools/count_assertions.py            # totals
    python tools/count_assertions.py --files    # one line per file (diff two of these to see where)
    python tools/count_assertions.py --rev main # the files as committed at a git revision instead

A check is an ``assert`` statement or a ``pytest.raises`` / ``pytest.warns`` / ``pytest.fail`` call (each
written once in the source; a parametrized test's checks are counted once, as its cases are counted by
``pytest --collect-only``). The files are read with ``ast``; nothing is imported or run.
"""

from __future__ import annotations

import ast
import subprocess
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


def test_sources(rev: str | None) -> dict[str, str]:
    """Path -> text of every ``tests/**/*.py``: in the work tree, or as committed at ``rev``."""
    if rev is None:
        return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py")}
    git = ["git", "-C", str(ROOT)]
    names = subprocess.run([*git, "ls-tree", "-r", "--name-only", rev, "tests"], capture_output=True, text=True)
    return {
        n: subprocess.run([*git, "show", f"{rev}:{n}"], capture_output=True, text=True, check=True).stdout
        for n in names.stdout.split()
        if n.endswith(".py")
    }


def main(argv: list[str]) -> int:
    rev = argv[argv.index("--rev") + 1] if "--rev" in argv else None
    total: Counter[str] = Counter()
    for path, text in sorted(test_sources(rev).items()):
        counts = checks_in(text)
        total += counts
        if "--files" in argv:
            print(f"{path}\t{sum(counts.values())}\t{dict(sorted(counts.items()))}")
    print(f"total\t{sum(total.values())}\t{dict(sorted(total.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
