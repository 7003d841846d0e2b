"""Write the backend option tables of ``docs/reference/backend-options.md`` from the options dataclasses
(``python tools/backend_options_doc.py``).

Each table stands between ``<!-- backend-options:NAME -->`` and ``<!-- /backend-options -->``;
``tests/test_contracts.py`` fails when one differs from what this writes.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from overrefusal import registry  # noqa: E402 - after the path is set
from overrefusal.backends._options import options_table  # noqa: E402
from overrefusal.registry import Kind  # noqa: E402

PAGE = ROOT / "docs" / "reference" / "backend-options.md"


def main() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for name in registry.BUILTINS[Kind.BACKEND]:
        table = options_table(registry.load(Kind.BACKEND, name).options_type)
        block = re.compile(rf"(<!-- backend-options:{re.escape(name)} -->\n)(?:\|.*\n)*(<!-- /backend-options -->)")
        if not block.search(text):
            sys.exit(
                f"{PAGE.relative_to(ROOT)} has no block for backend '{name}': add <!-- backend-options:{name} --> ... "
            )
        text = block.sub(lambda m, table=table: m.group(1) + table + "\n" + m.group(2), text)
    PAGE.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
