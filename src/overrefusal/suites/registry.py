"""Suite specs: what ``--suite SPEC`` may name, and the one entry point that loads any of them.

A spec is, in this order of precedence:

- ``core``: the built-in suite shipped in ``overrefusal/suites/data/core.jsonl``;
- a hub suite name (``xstest``, ``or-bench-hard``, ``or-bench-toxic``, ``or-bench-80k``), downloaded
  from the Hugging Face hub on first use;
- a path ending in ``.csv``, ``.jsonl``, ``.json`` or ``.parquet``: a local file, whose layout (XSTest,
  OR-Bench or generic) is recognised from its columns. The suite is named after the file's stem.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path
from typing import Callable, Mapping

from .. import registry
from ..errors import UserError
from ..registry import Kind
from ..types import Suite
from .convert import table_to_suite
from .hub import HUB_SOURCES, load_hub_suite
from .readers import SUPPORTED_SUFFIXES, is_suite_file, read_table

BUILTIN_SUITES: Mapping[str, str] = {
    "core": "Built-in suite: benign look-alikes paired with harmful contrasts across domains (ships offline)",
}
"""Suites shipped inside the package, by name, with a one-line description."""

SuiteFactory = Callable[..., Suite]
"""``factory(mapping=..., kind=...)`` -> Suite, registered under :attr:`~overrefusal.registry.Kind.SUITE`."""


def _description(name: str) -> str:
    if name in BUILTIN_SUITES:
        return BUILTIN_SUITES[name]
    try:
        doc = getattr(registry.load(Kind.SUITE, name), "__doc__", None) or ""
    except UserError as exc:
        return f"(cannot be loaded: {exc.detail})"
    return doc.strip().splitlines()[0] if doc.strip() else ""


def available_suites() -> list[tuple[str, str]]:
    """(name, one-line description) of every named suite, built-in first, for ``overrefusal suites``."""
    registered = registry.names(Kind.SUITE)
    named = [(n, _description(n)) for n in sorted(registered, key=lambda n: (n not in BUILTIN_SUITES, n))]
    named += [(s.name, s.description) for s in HUB_SOURCES.values()]
    return named


def load_suite(
    spec: str | os.PathLike[str],
    *,
    mapping: Mapping[str, str] | None = None,
    kind: str | None = None,
) -> Suite:
    """Load the suite ``spec`` names (see the module docstring).

    ``mapping`` assigns file columns to prompt fields (keys ``id``, ``text``, ``label``, ``category``,
    ``type``, ``pair_id``, ``focus``) and takes two settings: ``label_value`` (one label for every row:
    benign/harmful, safe/unsafe, 0/1) and ``kind`` (OR-Bench: ``hard``/``80k`` benign, ``toxic`` harmful).
    ``kind`` as an argument is the same setting (the CLI's ``--suite-kind``) and wins over the mapping's.
    Every problem is a :class:`~overrefusal.errors.UserError` naming file, line and field.
    """
    text = os.fspath(spec).strip()
    if not text:
        raise UserError("empty suite name; use one of " + ", ".join(n for n, _ in available_suites()))
    if registry.has(Kind.SUITE, text):
        factory: SuiteFactory = registry.load(Kind.SUITE, text, field="--suite")
        return factory(mapping=mapping, kind=kind)
    if text.lower() in HUB_SOURCES:
        return load_hub_suite(HUB_SOURCES[text.lower()], mapping=mapping, kind=kind)
    path = Path(text).expanduser()
    if is_suite_file(text) or path.is_file():
        # read_table also reports files with an unsupported extension, naming the supported ones.
        table = read_table(path, display=text)
        return table_to_suite(table, name=path.stem, mapping=mapping, kind=kind, stem=path.stem, source=text)
    raise UserError(
        f"unknown suite {text!r}: not a named suite ({', '.join(n for n, _ in available_suites())}) "
        f"and not a file ending in {', '.join(SUPPORTED_SUFFIXES)}"
    )


def load_builtin(name: str, *, mapping: Mapping[str, str] | None = None, kind: str | None = None) -> Suite:
    """Load a suite shipped with the package (read through importlib.resources, so zips work too)."""
    resource = resources.files("overrefusal.suites").joinpath("data").joinpath(f"{name}.jsonl")
    display = f"overrefusal/suites/data/{name}.jsonl"
    if not resource.is_file():
        raise UserError(f"built-in suite {name!r} is missing from this installation; reinstall overrefusal", path=display)
    with resources.as_file(resource) as local:
        table = read_table(local, display=display)
    return table_to_suite(table, name=name, mapping=mapping, kind=kind, stem=name, source=name)


def load_core(*, mapping: Mapping[str, str] | None = None, kind: str | None = None) -> Suite:
    """Built-in suite: benign look-alikes paired with harmful contrasts across domains (ships offline)."""
    return load_builtin("core", mapping=mapping, kind=kind)
