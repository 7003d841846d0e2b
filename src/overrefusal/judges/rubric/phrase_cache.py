"""The rubric judge's compiled phrase patterns, kept on disk between runs.

Building the rubric scanner parses about 9,000 phrase spellings, factors them into tries and compiles a
95 KB regular expression plus one per category: about 1 s of CPU, a fifth of a 5,000-prompt run against a
fast server, paid again by every run. The result depends only on:

* the phrase files (their text, as folded for reading),
* the phrase compiler (every module of the package ``judges/phrases/``: the text normalisation, the
  phrase-line parser and the trie compiler, whose bytes are hashed),
* the Python regex engine (its version, ``_sre.MAGIC`` and code size),

so it is stored under a key hashing all three and a later run loads it in a few milliseconds. A changed
phrase line, compiler or Python is a different key: a stale file is never read.

The file holds each pattern's source and its compiled code, as CPython 3.10-3.13 make it
(``_sre.compile`` checks that code again before using it); on another Python nothing is cached. Any failure
(no cache folder, read-only home, a truncated or foreign file) falls back to compiling from the phrase
files: the cache can make a run faster, never wrong or failing. Files are written to a
temporary name and renamed, so a killed or concurrent writer leaves a whole file or none.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .. import phrases as phrase_compiler
from ..phrases.compiler import PhraseSet, PhraseSources, phrase_set_from
from . import pattern_cache
from .pattern_cache import pattern_of, record_of

FORMAT = 1
"""Bump when the file layout changes."""

KEPT = 8
"""Compiled phrase sets kept in the folder (several checkouts or Pythons may share it)."""

_FOLDER = "phrases"
"""Under the cache folder (``$OVERREFUSAL_CACHE_DIR`` or the user cache folder, as for downloaded suites)."""


def cached_phrase_set(named_texts: Sequence[tuple[str, str]], sources: Callable[[], PhraseSources]) -> PhraseSet:
    """The phrase set of the phrase files ``named_texts`` ((name, text) pairs, in the order read), whose
    regular expressions ``sources()`` makes: loaded from the cache when it holds it, otherwise compiled and
    stored for the next run."""
    folder = cache_folder()
    try:
        path = folder / f"rubric-{cache_key(named_texts)}.json" if folder is not None else None
    except OSError:  # the compiler's source cannot be read (a zipped install): no key, no cache
        path = None
    if path is not None:
        loaded = _load(path)
        if loaded is not None:
            return loaded
    built = sources()
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
    for path in compiler_files():
        h.update(path.name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    for name, text in named_texts:
        h.update(name.encode("utf-8") + b"\0" + text.encode("utf-8") + b"\0")
    return h.hexdigest()[:32]


def compiler_files() -> list[Path]:
    """The source files of the phrase compiler, in name order: every module of ``judges/phrases/``.

    The whole package rather than a list of files, so that a module added to it (or code moved between its
    modules) is in the key without anyone remembering to add it here. Raises OSError when the source cannot
    be listed (a zipped install), as reading it would: then nothing is cached."""
    init = phrase_compiler.__file__
    files = sorted(Path(init).resolve().parent.glob("*.py")) if init else []
    if not files:
        raise FileNotFoundError(f"no phrase compiler source next to {init}")
    return files


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
