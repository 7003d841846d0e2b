"""Suite specs: what ``--suite SPEC`` may name, and the one entry point that loads any of them.

A spec is, in this order of precedence:

- ``core``: the built-in suite shipped in ``overrefusal/suites/data/core*.jsonl`` (single requests,
  conversations, translations; see :mod:`.languages` for which languages run by default);
- a hub suite name (``xstest``, ``or-bench-hard``, ``or-bench-toxic``, ``or-bench-80k``), downloaded
  from the Hugging Face hub on first use;
- a path ending in ``.csv``, ``.jsonl``, ``.json`` or ``.parquet``: a local file, whose layout (XSTest,
  OR-Bench or generic) is recognised from its columns. The suite is named after the file's stem.
"""

from __future__ import annotations

import os
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Mapping

from ..errors import UserError
from ..types import Prompt, Suite
from .convert import table_to_suite
from .hub import HUB_SOURCES, load_hub_suite
from .readers import SUPPORTED_SUFFIXES, is_suite_file, read_table

BUILTIN_SUITES: Mapping[str, str] = {
    "core": "Built-in suite: benign look-alikes paired with harmful contrasts across domains (ships offline)",
}
"""Suites shipped inside the package, by name, with a one-line description."""


def available_suites() -> list[tuple[str, str]]:
    """(name, one-line description) of every named suite, built-in first, for ``overrefusal suites``."""
    named = list(BUILTIN_SUITES.items())
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
    if text in BUILTIN_SUITES:
        return load_builtin(text, mapping=mapping, kind=kind)
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
    """Load a suite shipped with the package (read through importlib.resources, so zips work too).

    A built-in suite is ``<name>.jsonl`` plus every ``<name>-<part>.jsonl`` beside it (for ``core``: its
    conversations and its translations, one file per language), in that order; an id may be used once.
    """
    data = resources.files("overrefusal.suites").joinpath("data")
    main = data.joinpath(f"{name}.jsonl")
    if not main.is_file():
        raise UserError(f"built-in suite {name!r} is missing from this installation; reinstall overrefusal",
                        path=f"overrefusal/suites/data/{name}.jsonl")
    parts = sorted((f for f in data.iterdir() if f.name.startswith(f"{name}-") and f.name.endswith(".jsonl")),
                   key=lambda f: (not f.name.endswith("-conversations.jsonl"), f.name))
    prompts: list[Prompt] = []
    first_file: dict[str, str] = {}
    for resource in [main, *parts]:
        display = f"overrefusal/suites/data/{resource.name}"
        with resources.as_file(resource) as local:
            table = read_table(local, display=display)
        for p in table_to_suite(table, name=name, mapping=mapping, kind=kind, stem=name, source=name).prompts:
            if p.id in first_file:
                raise UserError(f"duplicate id {p.id!r} (also in {first_file[p.id]})", path=display, field="id")
            first_file[p.id] = display
            # Built-in files are written in English unless they say otherwise.
            prompts.append(p if p.language else replace(p, language="en"))
    return Suite(name=name, prompts=tuple(prompts))
