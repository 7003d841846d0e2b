"""The layering rules of DESIGN.md, checked from the source with ``ast``.

Each failure names ``file:line`` and the rule it breaks. Imports under ``if TYPE_CHECKING:`` are for the
type checker only and never run, so they are left out of every rule.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "overrefusal"

HEAVY = ("torch", "transformers", "vllm", "ray", "llama_cpp", "plotly", "sklearn", "onnxruntime", "numpy")
"""Libraries that take seconds (or gigabytes) to import: only inside the functions that need them."""

CLI_MAY_IMPORT = (
    "api",
    "results",
    "errors",
    "types",
    "registry",
    "version",
    "report.terminal",
    "report.diagnosis_tables",
    "report.judge_eval_tables",
    "report.run_list",
    "report.judge_selection",
    "report._control",
    "cli",
)
"""What the CLI may import of the package: the facade (``api``) and the types of what it returns
(``results``), the vocabulary it is spoken in (errors, types), the command registry and version for the group itself, and the terminal renderers. Everything else
(the engine, backends, judges, store, suites, report files) is reached through ``api``, so the CLI only
parses flags and renders."""


@dataclass(frozen=True)
class Import:
    module: str
    """The importing module, e.g. ``overrefusal.report.data``."""
    target: str
    """The imported module, resolved: ``overrefusal.api``, ``sqlite3``, ``overrefusal`` (the package root)."""
    path: Path
    line: int
    top_level: bool
    """At module level (runs on import), as opposed to inside a function."""

    def where(self) -> str:
        return f"{self.path.relative_to(SRC.parent)}:{self.line}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted((SRC / ROOT).rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(node: ast.AST, in_function: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """(import node, inside a function?) for every import that can run."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child):
            for other in child.orelse:
                yield from _walk(other, in_function)
            continue
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child, in_function
        yield from _walk(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node, in_function in _walk(tree, False):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            if node.level:
                base_parts = package.split(".")
                base = ".".join(base_parts[: len(base_parts) - node.level + 1])
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            for alias in node.names:
                # `from pkg import sub` imports the submodule when there is one; otherwise a name of pkg.
                candidate = f"{source}.{alias.name}"
                targets.append(candidate if candidate in modules else source)
        out += [Import(name, t, path, node.lineno, not in_function) for t in dict.fromkeys(targets)]
    return out


def all_imports() -> list[Import]:
    modules = all_modules()
    return [i for name, path in modules.items() for i in imports_of(name, path, modules)]


def _in(module: str, *packages: str) -> bool:
    """Whether ``module`` is one of ``overrefusal.<package>`` or inside it."""
    return any(module == f"{ROOT}.{p}" or module.startswith(f"{ROOT}.{p}.") for p in packages)


def _ours(target: str) -> bool:
    return target == ROOT or target.startswith(ROOT + ".")


def violations() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}

    def bad(rule: str, imp: Import) -> None:
        found.setdefault(rule, []).append(f"{imp.where()}: {imp.module} imports {imp.target}")

    for imp in all_imports():
        m, t = imp.module, imp.target
        if _in(m, "types", "errors") and _ours(t):
            bad("types and errors import nothing of the package", imp)
        if _in(m, "stats", "estimate.metrics") and _ours(t) and not _in(t, "types", "stats"):
            bad("stats and metrics import only types", imp)
        if _in(m, "judges", "backends", "filters", "suites", "store") and _in(t, "cli", "report"):
            bad("judges, backends, filters, suites and store never import cli or report", imp)
        # api (and facade, its parts) is the facade over the engine and the backends: reaching it from report
        # reaches them too.
        if _in(m, "report") and _in(t, "backends", "measure", "distributed", "api", "facade"):
            bad("report never imports backends, the engine, deployment, distributed code or the api", imp)
        if t.split(".")[0] == "click" and not _in(m, "cli"):
            bad("only cli imports click", imp)
        if t.split(".")[0] == "sqlite3" and not _in(m, "store"):
            bad("only store imports sqlite3", imp)
        if t.split(".")[0] in HEAVY and imp.top_level:
            bad("heavy libraries are imported only inside functions", imp)
        if t == ROOT and not (_in(m, "cli") or m in (ROOT, f"{ROOT}.__main__")):
            bad("nothing below the CLI imports the package root", imp)
        if _in(m, "cli") and _ours(t) and not _in(t, *CLI_MAY_IMPORT):
            bad(
                "the cli imports only the api, results, errors, types, registry, version and the terminal renderers",
                imp,
            )
        if t.startswith("rich.table") and not _in(m, "report"):
            bad("tables are built only in report (its terminal renderers)", imp)
    for cycle in import_cycles():
        found.setdefault("no import cycles", []).append(cycle)
    for cycle in folder_cycles():
        found.setdefault("no import cycles between folders", []).append(cycle)
    for folder, count in crowded_folders():
        found.setdefault("no folder holds more than 12 modules", []).append(f"{folder}: {count} modules")
    return found


MAX_MODULES_PER_FOLDER = 12
"""A folder a reader can take in at a glance; past this it should split by concept (judges by family, the
root by stage)."""


def crowded_folders() -> list[tuple[str, int]]:
    """Folders of the package, the tools and the benchmarks with more than :data:`MAX_MODULES_PER_FOLDER`
    modules (``__init__`` counts)."""
    out = []
    repo = SRC.parent
    for top in (SRC / ROOT, repo / "tools", repo / "bench"):
        for folder in sorted({p.parent for p in top.rglob("*.py") if "__pycache__" not in p.parts}):
            count = sum(1 for _ in folder.glob("*.py"))
            if count > MAX_MODULES_PER_FOLDER:
                out.append((str(folder.relative_to(repo if top.name != ROOT else SRC)), count))
    return out


def _folder(module: str) -> str:
    """The folder a module lives in: ``overrefusal.judges.rubric.judge`` -> ``overrefusal.judges.rubric``."""
    modules = all_modules()
    path = modules[module]
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def folder_cycles() -> list[str]:
    """Cycles in the graph of folders (a folder imports another when one of its modules does).

    A package's ``__init__`` re-exporting its children is the folder speaking for itself, not an arrow; an
    import of a folder's child from its parent folder (``judges`` -> ``judges.rubric``) is allowed: a parent
    holds its children. Everything else must run one way, so the drawing of the folders has no arrow back up."""
    modules = all_modules()
    edges: dict[str, dict[str, Import]] = {}
    for imp in all_imports():
        if not _ours(imp.target) or imp.target not in modules:
            continue
        a, b = _folder(imp.module), _folder(imp.target)
        if a == b or b.startswith(a + ".") or a.startswith(b + "."):
            continue
        edges.setdefault(a, {}).setdefault(b, imp)
    cycles: list[str] = []
    seen: set[frozenset[str]] = set()
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in edges.get(node, {}):
            if state.get(nxt) == 1:
                chain = stack[stack.index(nxt) :] + [nxt]
                if frozenset(chain) not in seen:
                    seen.add(frozenset(chain))
                    cycles.append(" -> ".join(f"{a} ({edges[a][b].where()})" for a, b in zip(chain, chain[1:])))
            elif state.get(nxt) is None:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if state.get(node) is None:
            visit(node)
    return cycles


def import_cycles() -> list[str]:
    """Cycles among the package's modules, each shown as the chain of imports that closes it.

    Lazy (function-level) imports count too: a cycle through one still ties the two layers together
    (a registry importing its judges, which import the registry, is the classic case)."""
    graph: dict[str, dict[str, Import]] = {}
    for imp in all_imports():
        if not _ours(imp.target) or imp.target == imp.module:
            continue
        graph.setdefault(imp.module, {}).setdefault(imp.target, imp)
    cycles: list[str] = []
    seen: set[frozenset[str]] = set()
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, {}):
            if state.get(nxt) == 1:
                chain = stack[stack.index(nxt) :] + [nxt]
                key = frozenset(chain)
                if key not in seen:
                    seen.add(key)
                    cycles.append(
                        " -> ".join(f"{a} ({graph[a][b].where()})" for a, b in zip(chain, chain[1:])) + f" -> {nxt}"
                    )
            elif state.get(nxt) is None:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if state.get(node) is None:
            visit(node)
    return cycles


RULES = [
    "types and errors import nothing of the package",
    "stats and metrics import only types",
    "judges, backends, filters, suites and store never import cli or report",
    "report never imports backends, the engine, deployment, distributed code or the api",
    "only cli imports click",
    "only store imports sqlite3",
    "heavy libraries are imported only inside functions",
    "nothing below the CLI imports the package root",
    "the cli imports only the api, results, errors, types, registry, version and the terminal renderers",
    "tables are built only in report (its terminal renderers)",
    "no import cycles",
    "no import cycles between folders",
    "no folder holds more than 12 modules",
]


@pytest.fixture(scope="module")
def found() -> dict[str, list[str]]:
    return violations()


@pytest.mark.parametrize("rule", RULES)
def test_layering_rule(rule: str, found: dict[str, list[str]]) -> None:
    if found.get(rule):
        pytest.fail(f"{rule}:\n" + "\n".join(found[rule]), pytrace=False)


def test_every_rule_is_checked(found: dict[str, list[str]]) -> None:
    assert set(found) <= set(RULES)


def test_the_checker_finds_what_it_should(tmp_path: Path) -> None:
    # The checker itself must be able to fail: an upward import, a top-level numpy and a lazy one.
    pkg = tmp_path / ROOT
    (pkg / "stats").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "store.py").write_text("")
    (pkg / "stats" / "__init__.py").write_text(
        "import numpy\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .. import store\n"
        "def f():\n    import numpy\n    from ..store import x\n"
    )
    modules = {module_name_in(tmp_path, p): p for p in pkg.rglob("*.py")}
    imps = imports_of(f"{ROOT}.stats", pkg / "stats" / "__init__.py", modules)
    assert [(i.target, i.line, i.top_level) for i in imps] == [
        ("numpy", 1, True),
        ("typing", 2, True),
        ("numpy", 6, False),
        (f"{ROOT}.store", 7, False),
    ]


def module_name_in(src: Path, path: Path) -> str:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)
