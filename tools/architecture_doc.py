"""Write the generated part of ``docs/architecture.md`` from the code (``python tools/architecture_doc.py --write``).

The rooms (every folder of the package with its modules and the first line of each docstring) and the arrows
between them (which folder imports which) are read from the source with ``ast``, nothing is imported, so the
page cannot drift from the code: ``tests/test_docs_site.py`` fails when the page differs from what this writes.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "overrefusal"
PAGE = ROOT / "docs" / "architecture.md"
BEGIN, END = "<!-- architecture:begin -->", "<!-- architecture:end -->"

STAGES = [
    ("Vocabulary", ["types", "errors", "results", "defaults", "version", "registry", "event_loop"]),
    ("Guards", ["guards"]),
    ("Statistics", ["stats"]),
    ("Suites", ["suites"]),
    ("Store", ["store"]),
    ("Backends and filters", ["backends", "filters"]),
    ("Judge", ["judges"]),
    ("Measure", ["measure", "distributed"]),
    ("Estimate", ["estimate"]),
    ("Report", ["report"]),
    ("Diagnose", ["analysis"]),
    ("Serve", ["view"]),
    ("Facade", ["api", "facade", "__init__", "__main__", "_moved", "_lazy"]),
    ("Command line", ["cli"]),
]
"""The stages in the order the data flows, each with the top-level names (folders or modules) it holds."""


def _first_line(path: Path) -> str:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    line = doc.strip().split("\n\n")[0].replace("\n", " ")
    return line.replace("|", "\\|")


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def _folder_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE).parts
    return rel[0].removesuffix(".py") if rel else ""


def _imports(path: Path) -> set[str]:
    """The top-level names of the package that this file imports (relative or absolute)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1] + (node.module.split(".") if node.module else [])
            elif node.module:
                base = node.module.split(".")
            else:
                continue
            if base[0] != "overrefusal":
                continue
            if len(base) > 1:
                out.add(base[1])
            else:
                out.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "overrefusal" and len(parts) > 1:
                    out.add(parts[1])
    return out


def render() -> str:
    files = sorted(p for p in PACKAGE.rglob("*.py"))
    by_top: dict[str, list[Path]] = {}
    for p in files:
        by_top.setdefault(_folder_of(p), []).append(p)
    placed = {name for _, names in STAGES for name in names}
    missing = sorted(set(by_top) - placed)
    if missing:
        sys.exit(f"tools/architecture_doc.py: give {missing} a stage in STAGES")
    arrows: dict[str, set[str]] = {}
    for top, paths in by_top.items():
        for p in paths:
            arrows.setdefault(top, set()).update(t for t in _imports(p) if t != top and t in by_top)
    out = ["| Stage | Room | What it holds | Imports |", "|---|---|---|---|"]
    for stage, names in STAGES:
        for name in names:
            paths = by_top[name]
            init = PACKAGE / name / "__init__.py"
            room = f"`{name}/`" if init.exists() else f"`{name}.py`"
            what = _first_line(init if init.exists() else paths[0])
            uses = ", ".join(f"`{t}`" for t in sorted(arrows.get(name, ())))
            out.append(f"| {stage} | {room} | {what} | {uses} |")
    out += ["", "Inside the folders (module: the first line of its docstring):", ""]
    for _stage, names in STAGES:
        for name in names:
            if not (PACKAGE / name).is_dir():
                continue
            out.append(f"**`{name}/`**")
            out.append("")
            for p in by_top[name]:
                rel = p.relative_to(PACKAGE / name).as_posix()
                if p.name == "__init__.py" and p.parent == PACKAGE / name:
                    continue
                out.append(f"- `{rel}`: {_first_line(p)}")
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def updated(text: str) -> str:
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n{render()}{END}{tail}"


def main() -> None:
    text = PAGE.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        sys.exit(f"{PAGE.relative_to(ROOT)} has no {BEGIN} ... {END} block")
    new = updated(text)
    if "--write" in sys.argv:
        PAGE.write_text(new, encoding="utf-8")
    elif new != text:
        sys.exit(f"{PAGE.relative_to(ROOT)} is out of date: python tools/architecture_doc.py --write")


if __name__ == "__main__":
    main()
