"""The documentation site and the README: the CLI reference is the click commands (every command, every
option, nothing stale), every link of the README and the docs pages reaches a file (and heading) that exists,
and the README stays a front door. ``mkdocs build --strict`` in scripts/test.sh checks the rest of the site."""

from __future__ import annotations

import importlib.util
import re
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest

from overrefusal.cli import cli

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
CLI_PAGE = DOCS / "reference" / "cli.md"


def _load_tool(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


cli_doc = _load_tool("cli_reference_doc")


def all_commands(group: click.Group = cli, path: str = "overrefusal") -> Iterator[tuple[str, click.Command]]:
    """Every built-in command, walked here independently of the generator."""
    for name, command in group.commands.items():
        yield f"{path} {name}", command
        if isinstance(command, click.Group):
            yield from all_commands(command, f"{path} {name}")


def missing_from_cli_page(page: str) -> list[str]:
    """What the page lacks: a command without its section, or an option or argument not in its section."""
    problems = []
    for full, command in all_commands():
        head = f"## `{full}`"
        if head + " " not in page and not page.count(head + "\n"):
            problems.append(f"{full}: no section")
            continue
        section = page.split(head + " ", 1)[1].split("\n## ", 1)[0]
        ctx = click.Context(command, info_name=full)
        for param in command.get_params(ctx):
            if isinstance(param, click.Argument):
                names = [param.make_metavar(ctx)]
            elif getattr(param, "hidden", False):
                continue
            else:
                names = [*param.opts, *param.secondary_opts]
            problems += [f"{full}: {name} is not documented" for name in names if name not in section]
    return problems


def test_the_cli_reference_documents_every_command_and_option() -> None:
    page = CLI_PAGE.read_text(encoding="utf-8")
    assert missing_from_cli_page(page) == []
    commands = dict(all_commands())
    # The commands users meet first, and the subcommand, are there by name (the walk is not empty).
    assert {"overrefusal run", "overrefusal report", "overrefusal gate", "overrefusal judges train"} <= set(commands)
    assert len(commands) >= 17


def test_the_cli_reference_is_not_stale() -> None:
    assert CLI_PAGE.read_text(encoding="utf-8") == cli_doc.page(), (
        "docs/reference/cli.md is out of date: python tools/cli_reference_doc.py --write"
    )


def test_the_cli_reference_check_catches_a_missing_option_and_command() -> None:
    page = cli_doc.page()
    no_option = "\n".join(line for line in page.splitlines() if not line.startswith("| `--max-increase"))
    assert missing_from_cli_page(no_option) == ["overrefusal gate: --max-increase is not documented"]
    no_command = page.replace("## `overrefusal judges train`", "## `overrefusal judges retrain`")
    assert missing_from_cli_page(no_command) == ["overrefusal judges train: no section"]


# -- links ------------------------------------------------------------------------------------------------

_LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)


def slug(heading: str) -> str:
    """A heading's anchor as Python-Markdown's toc extension makes it (the site), without markup."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(path: Path) -> set[str]:
    """The anchors a Markdown file has: its headings' slugs and explicit ``{#id}`` attributes."""
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    out = set()
    for line in text.splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
            explicit = re.search(r"\{#([\w-]+)\}\s*$", heading)
            out.add(explicit.group(1) if explicit else slug(heading))
    return out


def broken_links(path: Path) -> list[str]:
    """Relative links of a Markdown file whose file or heading does not exist."""
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)  # code spans are not links
    problems = []
    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    for target in _LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # an absolute URL
        file_part, _, anchor = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        if not dest.exists():
            problems.append(f"{name}: {target} (no such file)")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            problems.append(f"{name}: {target} (no such heading)")
    return problems


def test_every_readme_link_resolves() -> None:
    text = README.read_text(encoding="utf-8")
    links = _LINK.findall(text)
    assert len(links) >= 20 and "docs/images/report.png" in links
    assert broken_links(README) == []


def test_every_docs_link_resolves() -> None:
    pages = sorted(DOCS.rglob("*.md"))
    assert len(pages) >= 25
    assert [problem for page in pages for problem in broken_links(page)] == []


def test_the_link_check_catches_a_missing_file_and_heading(tmp_path: Path) -> None:
    (tmp_path / "b.md").write_text("# B page\n\n## Some `code` here {#custom}\n\n## Où et quand?\n", encoding="utf-8")
    good = "[b](b.md) [c](b.md#custom) [d](b.md#b-page) [e](b.md#ou-et-quand) [w](https://example.org/x)"
    (tmp_path / "a.md").write_text(good + "\n`[not a link](nowhere.md)`\n", encoding="utf-8")
    assert broken_links(tmp_path / "a.md") == []
    (tmp_path / "a.md").write_text("[x](gone.md) [y](b.md#some-code-here)\n", encoding="utf-8")
    problems = broken_links(tmp_path / "a.md")
    assert [p.split(": ", 1)[1] for p in problems] == [
        "gone.md (no such file)",
        "b.md#some-code-here (no such heading)",
    ]


# -- the README as a front door -------------------------------------------------------------------------


def test_the_readme_is_a_front_door() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    # The two commands, the screenshot and the links into the site.
    assert "bash scripts/quickstart.sh" in text and "bash scripts/test.sh" in text
    assert text.count("](docs/") >= 15
    image = ROOT / "docs" / "images" / "report.png"
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and image.stat().st_size < 300_000


def test_every_docs_page_is_in_the_nav() -> None:
    """mkdocs --strict says the same; this says it in the test run, naming the page."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    in_nav = set(re.findall(r":\s*([\w./-]+\.md)\s*$", config, re.M))
    pages = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")}
    assert pages - in_nav == set(), "add these pages to the nav of mkdocs.yml"
    assert in_nav - pages == set(), "the nav names pages that do not exist"


@pytest.mark.parametrize("name", ["json_results_doc", "backend_options_doc", "cli_reference_doc"])
def test_the_generators_write_into_docs_pages_that_exist(name: str) -> None:
    source = (ROOT / "tools" / f"{name}.py").read_text(encoding="utf-8")
    page = re.search(r'PAGE = ROOT / "docs" / "reference" / "([\w-]+\.md)"', source)
    assert page and (DOCS / "reference" / page.group(1)).is_file()


def test_the_architecture_page_is_drawn_from_the_code() -> None:
    arch = _load_tool("architecture_doc")
    text = arch.PAGE.read_text(encoding="utf-8")
    assert arch.updated(text) == text, "docs/architecture.md is out of date: python tools/architecture_doc.py --write"


def test_the_architecture_page_would_notice_a_new_room(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The check must be able to fail: a folder that no stage holds stops the generator with its name.
    arch = _load_tool("architecture_doc")
    package = tmp_path / "overrefusal"
    (package / "newroom").mkdir(parents=True)
    (package / "newroom" / "__init__.py").write_text('"""A room no stage names."""\n')
    monkeypatch.setattr(arch, "PACKAGE", package)
    with pytest.raises(SystemExit, match="newroom"):
        arch.render()
