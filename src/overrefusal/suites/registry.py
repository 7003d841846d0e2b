"""Suite specs: what ``--suite SPEC`` may name, and the one entry point that loads any of them.

A spec is, in this order of precedence:

- ``core``: the built-in suite shipped in ``overrefusal/suites/data/core*.jsonl`` (single requests,
  conversations, translations; see :mod:`.languages` for which languages run by default);
- a public benchmark's name (``xstest``, ``or-bench-hard``, ``or-bench-toxic``, ``coconot-contrast``,
  ``oktest``, ``phtest``, ``falsereject``; see :mod:`.hub`): downloaded on first use, then cached;
- ``NAME=PATH``: that benchmark from a local copy of its file(s) in the published layout (CoCoNot:
  ``CONTRAST[,ORIGINAL]``), e.g. offline; the suite keeps the benchmark's name;
- a path ending in ``.csv``, ``.jsonl``, ``.json`` or ``.parquet``: a local file, whose layout (a
  benchmark's, or generic) is recognised from its columns. The suite is named after the file's stem.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Mapping
from dataclasses import replace
from importlib import resources
from pathlib import Path

from .. import registry
from ..errors import UserError
from ..registry import Kind
from ..types import Label, Prompt, Suite
from .convert import table_to_suite
from .hub import PUBLIC_SUITES, PublicSuite, download_all
from .languages import check_translations
from .layouts import Layout, detect_layout, local_suite, suite_in_layout
from .named import coconot_role, load_checked, split_local
from .readers import SUPPORTED_SUFFIXES, is_suite_file, read_table
from .verify import read_file

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
    order = {name: i for i, name in enumerate([*BUILTIN_SUITES, *PUBLIC_SUITES])}
    named = [(n, _description(n)) for n in sorted(registered, key=lambda n: (order.get(n, len(order)), n))]
    return named


def suite_catalogue() -> list[dict[str, str]]:
    """Every named suite with its source, licence, size and citation, for ``overrefusal suites``."""
    from .languages import select_languages

    every = load_builtin("core")
    core = select_languages(every, None)  # what runs without --language
    benign = sum(1 for p in core.prompts if p.label is Label.BENIGN)
    out = [
        {
            "name": "core",
            "description": BUILTIN_SUITES["core"],
            "source": "built into overrefusal",
            "licence": "same as overrefusal",
            "size": f"{len(core.prompts)} prompts by default: {benign} benign, {len(core.prompts) - benign} harmful "
            f"({len(every.prompts)} with every language: --language all)",
            "citation": "",
            "homepage": "",
            "local": "",
        }
    ]
    for s in PUBLIC_SUITES.values():
        out.append(
            {
                "name": s.name,
                "description": s.description,
                "source": s.source,
                "licence": s.licence,
                "size": s.size,
                "citation": s.citation,
                "homepage": s.homepage,
                "local": s.local_files,
            }
        )
    listed = {o["name"] for o in out}
    for name, description in available_suites():  # suites that plugins register
        if name not in listed:
            found = registry.entry(Kind.SUITE, name)
            out.append(
                {
                    "name": name,
                    "description": description,
                    "source": found.origin if found else "",
                    "licence": "",
                    "size": "",
                    "citation": "",
                    "homepage": "",
                    "local": "",
                }
            )
    return out


def load_suite(
    spec: str | os.PathLike[str],
    *,
    mapping: Mapping[str, str] | None = None,
    kind: str | None = None,
    include_non_safety: bool = False,
) -> Suite:
    """Load the suite ``spec`` names (see the module docstring).

    ``mapping`` assigns file columns to prompt fields (keys ``id``, ``text``, ``label``, ``category``,
    ``type``, ``pair_id``, ``focus``) and takes two settings: ``label_value`` (one label for every row:
    benign/harmful, safe/unsafe, 0/1) and ``kind`` (OR-Bench: ``hard``/``80k`` benign, ``toxic`` harmful).
    ``kind`` as an argument is the same setting (the CLI's ``--suite-kind``) and wins over the mapping's.
    ``include_non_safety``: CoCoNot's contrast prompts that are not about safety run too (see
    :func:`~overrefusal.suites.layouts.coconot_suite`).
    A public benchmark's file is checked against the benchmark's fingerprint (:mod:`.verify`): another
    benchmark's file, or a damaged one, is refused; a modified copy runs, with its provenance in
    ``Suite.files``. Every problem is a :class:`~overrefusal.errors.UserError` naming file, line and field.
    """
    text = os.fspath(spec).strip()
    if not text:
        raise UserError("empty suite name; use one of " + ", ".join(n for n, _ in available_suites()))
    if text.lower() in PUBLIC_SUITES:  # any spelling of a public benchmark's name (the registry's is lower case)
        public = PUBLIC_SUITES[text.lower()]
        return load_public_suite(public, None, mapping=mapping, kind=kind, include_non_safety=include_non_safety)
    if registry.has(Kind.SUITE, text):
        factory: SuiteFactory = registry.load(Kind.SUITE, text, field="--suite")
        return factory(mapping=mapping, kind=kind)
    path = Path(text).expanduser()
    name, equals, local = text.partition("=")
    if equals and name.strip().lower() in PUBLIC_SUITES and not path.is_file():
        public = PUBLIC_SUITES[name.strip().lower()]
        return load_public_suite(
            public, local.strip(), mapping=mapping, kind=kind, include_non_safety=include_non_safety
        )
    if is_suite_file(text) or path.is_file():
        # read_table also reports files with an unsupported extension, naming the supported ones. Streamed:
        # a CSV or JSONL file of one's own is checked whole but its prompts are read again from it at each
        # pass rather than held (flat memory for a 100,000-prompt suite; see convert.FilePrompts).
        table = read_table(path, display=text, stream=True)
        layout = detect_layout(table, path.stem) if not mapping and kind is None else None
        detected = next((s for s in PUBLIC_SUITES.values() if s.layout is layout), None)
        if layout in CHECKED_BY_DETECTION and detected is not None:
            # A benchmark's own file under its own name: checked like NAME=PATH, named after the file.
            if layout is Layout.COCONOT:
                _refuse_lone_original(detected, path, text)
            checked = load_checked(detected, [path], [text], name=path.stem, include_non_safety=include_non_safety)
            return check_translations(checked)
        return check_translations(local_suite(table, name=path.stem, mapping=mapping, kind=kind, source=text))
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
        raise UserError(
            f"built-in suite {name!r} is missing from this installation; reinstall overrefusal",
            path=f"overrefusal/suites/data/{name}.jsonl",
        )
    parts = sorted(
        (f for f in data.iterdir() if f.name.startswith(f"{name}-") and f.name.endswith(".jsonl")),
        key=lambda f: (not f.name.endswith("-conversations.jsonl"), f.name),
    )
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
    return check_translations(Suite(name=name, prompts=tuple(prompts)))


def load_core(*, mapping: Mapping[str, str] | None = None, kind: str | None = None) -> Suite:
    """Built-in suite: benign look-alikes paired with harmful contrasts across domains (ships offline)."""
    return load_builtin("core", mapping=mapping, kind=kind)


CHECKED_BY_DETECTION = frozenset({Layout.PHTEST, Layout.FALSEREJECT, Layout.OKTEST, Layout.COCONOT})
"""Layouts a plain path is recognised in (:func:`~.layouts.detect_layout`) and then checked against the
benchmark's fingerprint. XSTest and OR-Bench files are recognised by the generic reading, as files of one's own."""


def _refuse_lone_original(public: PublicSuite, path: Path, text: str) -> None:
    """A lone CoCoNot file that is the original set (requests to decline) is no suite on its own: say so, and
    how to give it beside the contrast set, rather than suggesting it as the contrast set."""
    assert public.fingerprint is not None
    contrast = public.fingerprint.files[0]
    if coconot_role(read_file(path, text), contrast) == "original":
        raise UserError(
            "this is CoCoNot's original set (requests a model should decline), which runs only beside its contrast "
            f"set: --suite {public.name}=CONTRAST_FILE,{text} (the contrast set, coconot_contrast_eval.jsonl, first)",
            path=text,
        )


def load_public_suite(
    suite: PublicSuite,
    local: str | None,
    *,
    mapping: Mapping[str, str] | None = None,
    kind: str | None = None,
    include_non_safety: bool = False,
) -> Suite:
    """A public benchmark from ``local`` (``PATH``, or ``CONTRAST[,ORIGINAL]`` for CoCoNot), else downloaded
    (or from the cache). Either way its files are read in the benchmark's published layout and, unless a
    ``mapping`` reads them otherwise, checked against the benchmark's fingerprint."""
    if local is None:
        if any(f.filename.endswith(".parquet") for f in suite.files) and importlib.util.find_spec("pyarrow") is None:
            # Said before downloading, so that the user learns both ways out at once.
            raise UserError(
                f"suite '{suite.name}' is published as Parquet, which needs the optional package "
                f"'pyarrow' (pip install pyarrow); or use --suite {suite.name}=PATH with a local copy of "
                f"{suite.local_files}"
            )
        files = download_all(suite)
        displays = [f.address for f in suite.files]
        paths = list(files)
    else:
        paths, displays = split_local(suite, local)
    if not mapping and suite.fingerprint is not None:
        return load_checked(
            suite, paths, displays, kind=kind if kind is not None else suite.kind, include_non_safety=include_non_safety
        )
    tables = [read_table(p, display=d) for p, d in zip(paths, displays)]
    return suite_in_layout(
        suite.layout,
        tables,
        name=suite.name,
        mapping=mapping,
        kind=kind if kind is not None else suite.kind,
        sources=displays,
    )


def _public_factory(name: str) -> SuiteFactory:
    """The registry factory of the public benchmark ``name`` (downloaded, or read from the cache)."""

    def factory(*, mapping: Mapping[str, str] | None = None, kind: str | None = None) -> Suite:
        return load_public_suite(PUBLIC_SUITES[name], None, mapping=mapping, kind=kind)

    factory.__doc__ = PUBLIC_SUITES[name].description
    factory.__name__ = factory.__qualname__ = "load_" + name.replace("-", "_")
    return factory


# One factory per public benchmark, named in overrefusal.registry.BUILTINS like every built-in.
load_xstest = _public_factory("xstest")
load_or_bench_hard = _public_factory("or-bench-hard")
load_or_bench_toxic = _public_factory("or-bench-toxic")
load_coconot_contrast = _public_factory("coconot-contrast")
load_oktest = _public_factory("oktest")
load_phtest = _public_factory("phtest")
load_falsereject = _public_factory("falsereject")
