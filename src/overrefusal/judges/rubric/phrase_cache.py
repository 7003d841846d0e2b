"""The rubric judge's compiled phrase patterns, kept on disk between runs.

Building the rubric scanner parses about 9,000 phrase spellings, factors them into tries and compiles a
95 KB regular expression plus one per category: about 1 s of CPU, a fifth of a 5,000-prompt run against a
fast server, paid again by every run. The result depends only on:

* the phrase files (their text as folded for reading, so the folding is in the key through what it makes),
* the code that turns them into patterns (:func:`compiler_files`, whose bytes are hashed): every module of
  the package ``judges/phrases/`` (the text normalisation, the phrase-file parser, the merging of files
  and the trie compiler), the modules outside it that those call (``guards/safe_files.py`` splits a phrase
  file into lines), and this module and ``pattern_cache.py``, which make the compiled code it stores,
* the Python regex engine (its version, ``_sre.MAGIC`` and code size),

so it is stored under a key hashing all three and a later run loads it in a few milliseconds. A changed
phrase line, compiler or Python is a different key: a stale file is never read. The sources are built here
from the files (:func:`~overrefusal.judges.phrases.compiler.phrase_file_sources`), never by a caller's
function the key could not see.

The file holds each pattern's source and its compiled code, as CPython 3.10-3.13 make it
(``_sre.compile`` checks that code again before using it); on another Python nothing is cached. Any failure
(no cache folder, read-only home, a truncated or foreign file) falls back to compiling from the phrase
files: the cache can make a run faster, never wrong or failing. Files are written to a
temporary name and renamed, so a killed or concurrent writer leaves a whole file or none.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from .. import phrases as phrase_compiler
from ..phrases.compiler import PhraseSet, PhraseSources, phrase_file_sources, phrase_set_from
from . import pattern_cache
from .pattern_cache import pattern_of, record_of

FORMAT = 1
"""Bump when the file layout changes."""

KEPT = 8
"""Compiled phrase sets kept in the folder (several checkouts or Pythons may share it)."""

_FOLDER = "phrases"
"""Under the cache folder (``$OVERREFUSAL_CACHE_DIR`` or the user cache folder, as for downloaded suites)."""


def cached_phrase_set(named_texts: Sequence[tuple[str, str]]) -> PhraseSet:
    """The phrase set of the phrase files ``named_texts`` ((name, text) pairs, in the order read): loaded
    from the cache when it holds it, otherwise compiled and stored for the next run."""
    folder = cache_folder()
    try:
        path = folder / f"rubric-{cache_key(named_texts)}.json" if folder is not None else None
    except OSError:  # the compiler's source cannot be read (a zipped install): no key, no cache
        path = None
    if path is not None:
        loaded = _load(path)
        if loaded is not None:
            return loaded
    built = phrase_file_sources(named_texts)
    if pattern_cache.ENGINE is None:
        return phrase_set_from(built, re.compile)
    records: dict[str, dict[str, Any]] = {}

    def compile_and_keep(source: str) -> re.Pattern[str]:
        records[source] = record_of(source)
        return pattern_of(records[source], source)

    try:
        phrases = phrase_set_from(built, compile_and_keep)
    except Exception:  # noqa: BLE001 - an engine whose internals differ from those read here
        return phrase_set_from(built, re.compile)
    if path is not None:
        _store(path, built, records)
    return phrases


def cache_folder() -> Path | None:
    """Where compiled phrase sets are kept (None when no cache folder can be named)."""
    return pattern_cache.cache_folder(_FOLDER)


def cache_key(named_texts: Sequence[tuple[str, str]]) -> str:
    """A hash of everything the compiled phrase set depends on (see the module docstring)."""
    h = hashlib.sha256()
    for part in (f"format {FORMAT}", pattern_cache.ENGINE or "no engine"):
        h.update(part.encode("utf-8") + b"\0")
    top = Path(str(sys.modules[__name__.partition(".")[0]].__file__)).resolve().parent
    for path in compiler_files():
        name = path.relative_to(top).as_posix()  # a checkout's own folder is not part of what is compiled
        h.update(name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    for name, text in named_texts:
        h.update(name.encode("utf-8") + b"\0" + text.encode("utf-8") + b"\0")
    return h.hexdigest()[:32]


def compiler_files() -> list[Path]:
    """The source files of the code that turns phrase files into the stored patterns, in path order:
    every module of ``judges/phrases/``, each module of this package that one of them takes a function or
    class from (``guards/safe_files.py``, whose ``input_lines`` splits a phrase file into lines), this module
    and :mod:`.pattern_cache` (together they make the compiled code that is stored, and load it).

    The whole compiler package, and its imports found from its modules rather than listed here, so that a
    module added to it, code moved between its modules, or a helper it starts to import from elsewhere is in
    the key without anyone remembering to add it. One level only: what those outside modules call in turn is
    not followed. Raises OSError when the source cannot be listed (a zipped install), as reading it would:
    then nothing is cached."""
    init = phrase_compiler.__file__
    own = sorted(Path(init).resolve().parent.glob("*.py")) if init else []
    if not own:
        raise FileNotFoundError(f"no phrase compiler source next to {init}")
    files = set(own)
    package = phrase_compiler.__name__
    root = package.partition(".")[0] + "."
    for path in own:
        # Imported here if nothing has yet (they are small): which modules were loaded must not change the key.
        module = importlib.import_module(package if path.stem == "__init__" else f"{package}.{path.stem}")
        for value in vars(module).values():
            owner = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", None)
            if not isinstance(owner, str) or not owner.startswith(root) or f"{owner}.".startswith(f"{package}."):
                continue  # not ours, or the compiler package's own (hashed already)
            source = getattr(sys.modules.get(owner), "__file__", None)
            if not source:
                raise FileNotFoundError(f"no source for {owner}, which the phrase compiler uses")
            files.add(Path(source).resolve())
    files.add(Path(__file__).resolve())
    files.add(Path(str(pattern_cache.__file__)).resolve())
    return sorted(files)


def _load(path: Path) -> PhraseSet | None:
    try:
        data = json.loads(path.read_bytes())
        engine = pattern_cache.ENGINE
        if engine is None or data.get("engine") != engine or data.get("format") != FORMAT:
            return None
        records = data["patterns"]
        sources = PhraseSources(
            master=str(data["master"]),
            dense=str(data["dense"]),
            by_category={str(c): str(s) for c, s in data["by_category"].items()},
            phrase_count=int(data["phrase_count"]),
        )
        return phrase_set_from(sources, lambda source: pattern_of(records[source], source))
    except Exception:  # noqa: BLE001 - missing, truncated, foreign or rejected by the engine: compile again
        return None


def _store(path: Path, sources: PhraseSources, records: dict[str, dict[str, Any]]) -> None:
    data = {
        "format": FORMAT,
        "engine": pattern_cache.ENGINE,
        "master": sources.master,
        "dense": sources.dense,
        "by_category": sources.by_category,
        "phrase_count": sources.phrase_count,
        "patterns": records,
    }
    pattern_cache.write_json(path, data, kept=KEPT)
