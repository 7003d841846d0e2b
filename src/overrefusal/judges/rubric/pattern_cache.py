"""The rubric judge's own regular expressions kept on disk between runs, and compiled regular expressions as
data (for this cache and :mod:`.phrase_cache`).

``re.compile`` parses a pattern and generates the regex engine's code in Python; for the rubric's large
alternations that is most of the cost. The code itself is a list of integers that CPython's ``_sre.compile``
takes back, checking it before use, in microseconds. A record (:func:`record_of`) holds that code and what
``_sre.compile`` needs besides it, so a pattern compiled by an earlier run is loaded without parsing
(:func:`pattern_of`): the loaded pattern equals ``re.compile(source, flags)`` (``Pattern.__eq__`` compares
the code). The code's layout belongs to one regex engine: :data:`ENGINE` names it (Python version,
``_sre.MAGIC`` and code size), and every cache file is keyed by it. Where the internals read here are
missing (not CPython 3.10-3.13), :data:`ENGINE` is None and nothing is cached.

The rubric's modules (roles, decline grammar, sentence kinds, ...) compile about 60 regular expressions
when they are imported, several of them alternations of a few thousand characters over seven languages:
about 35 ms of CPU in every run's start-up, against about 4 ms to load them as compiled code. They compile
through :func:`kept_pattern` instead of ``re.compile``, and the rubric judge, once built, stores what was
compiled (:func:`keep_compiled`) for the next run.

A kept pattern is found by its exact source and flags, never by a name or a position, so a file can only
miss, never serve another pattern: an edited pattern is a new source, compiled and kept beside the old. The
file is named by a hash of the source of every module of ``judges/rubric/`` and of the regex engine, so an
edit of the rubric starts a new file (the old one is deleted once :data:`KEPT` newer ones exist) and a
file never gathers the patterns of many versions. Any failure (no cache folder, a read-only home, a
truncated or foreign file, code the engine rejects) compiles as ``re.compile`` does: the cache can make a
run faster, never wrong or failing.
"""

from __future__ import annotations

import array
import base64
import hashlib
import importlib
import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from ..phrases import literal_guard
from ..phrases.literal_guard import GuardedPattern, words_of_parse

FORMAT = 2
"""Bump when the file layout changes (2: a record keeps its pattern's literal guard, ``words``)."""

KEPT = 8
"""Files kept in the folder (several checkouts or Pythons may share it)."""

_FOLDER = "rubric-patterns"
"""Under the cache folder (``$OVERREFUSAL_CACHE_DIR`` or the user cache folder, as for downloaded suites)."""


_re_compiler: Any = None
_re_parser: Any = None
ENGINE: str | None = None
"""The regex engine whose code a record holds; None where compiled code cannot be kept (not CPython, or its
internals are not where 3.10-3.13 keep them): then nothing is cached and every run compiles."""
try:
    import _sre

    try:
        _re_compiler, _re_parser = importlib.import_module("re._compiler"), importlib.import_module("re._parser")
    except ImportError:  # Python 3.10
        _re_compiler, _re_parser = importlib.import_module("sre_compile"), importlib.import_module("sre_parse")
    if sys.implementation.name == "cpython" and _sre.CODESIZE == array.array("I").itemsize:
        _re_compiler._code, _re_parser.parse  # noqa: B018 - present, or no cache
        ENGINE = f"{sys.implementation.cache_tag} {sys.version} sre {_sre.MAGIC} {_sre.CODESIZE}"
except (ImportError, AttributeError):
    ENGINE = None


def record_of(source: str, flags: int = 0) -> dict[str, Any]:
    """The steps ``re.compile(source, flags)`` takes, kept so that loading skips parsing and code generation
    (as ``re._compiler.compile`` does them)."""
    parsed = _re_parser.parse(source, flags)
    code = _re_compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    words = words_of_parse(parsed)
    return {
        "words": None if words is None else list(words),
        "code": base64.b64encode(array.array("I", code).tobytes()).decode("ascii"),
        "flags": flags | parsed.state.flags,
        "groups": parsed.state.groups - 1,
        "groupindex": groupindex,
        "indexgroup": indexgroup,
    }


def pattern_of(record: dict[str, Any], source: str) -> re.Pattern[str]:
    """The compiled pattern of a :func:`record_of` record (``_sre.compile`` checks the code; a record that is
    not valid code raises)."""
    code = array.array("I", base64.b64decode(record["code"], validate=True)).tolist()
    groupindex = {str(k): int(v) for k, v in record["groupindex"].items()}
    indexgroup = tuple(None if g is None else str(g) for g in record["indexgroup"])
    pattern: re.Pattern[str] = _sre.compile(
        source,
        int(record["flags"]),
        code,
        int(record["groups"]),
        groupindex,
        indexgroup,
    )
    return pattern


def cache_folder(name: str) -> Path | None:
    """The folder ``name`` under the cache folder (``$OVERREFUSAL_CACHE_DIR`` or the user cache folder, as for
    downloaded suites); None when no cache folder can be named."""
    try:
        from ...suites.hub import cache_dir  # the same folder as downloaded suites

        return cache_dir().parent / name
    except Exception:  # noqa: BLE001 - no home folder, no platformdirs: compile every time
        return None


def write_json(path: Path, data: Any, *, kept: int) -> None:
    """Write ``data`` to ``path`` through a temporary name and a rename (a killed or concurrent writer leaves a
    whole file or none), then delete all but the ``kept`` most recently written files of its kind (named
    ``PREFIX-*.json`` like ``path``: each edit of what a file depends on makes a new one, and nothing else
    would remove the old ones). A read-only or full disk only costs the next run the compile."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
        prefix = path.name.split("-", 1)[0]
        files = sorted(path.parent.glob(f"{prefix}-*.json"), key=lambda f: f.stat().st_mtime, reverse=True)
        for old in files[kept:]:
            old.unlink(missing_ok=True)
    except Exception:  # noqa: BLE001 - see above
        return


class KeptPatterns:
    """The patterns of one cache file: those an earlier run kept, read on first use, and those compiled since.
    ``path`` None keeps nothing (every pattern is compiled)."""

    def __init__(self, path: Path | None):
        self.path = path if ENGINE is not None else None
        self._loaded: dict[tuple[str, int], dict[str, Any]] | None = None
        self._new: dict[tuple[str, int], dict[str, Any]] = {}
        self.compiled = 0
        """Patterns compiled rather than loaded, in this process."""

    def compile(self, source: str, flags: int = 0) -> re.Pattern[str]:
        """``re.compile(source, flags)``, from the kept code when there is some for this source and flags."""
        return self._compile(source, flags)[0]

    def compile_guarded(self, source: str, flags: int = 0) -> GuardedPattern:
        """:meth:`compile` behind its literal guard (:mod:`..phrases.literal_guard`), the guard's words kept with the code."""
        pattern, record = self._compile(source, flags)
        if record is None:  # nothing kept: read the words on the first search
            return GuardedPattern(pattern)
        words = record.get("words", False)
        if words is None:
            return GuardedPattern(pattern, None, read=True)
        if isinstance(words, list) and words and all(isinstance(w, str) and w for w in words):
            return GuardedPattern(pattern, tuple(words), read=True)
        return GuardedPattern(pattern)  # no words kept, or not as written: read them on the first search

    def _compile(self, source: str, flags: int) -> tuple[re.Pattern[str], dict[str, Any] | None]:
        """The pattern, with the record it was loaded from or compiled into (None where nothing is kept)."""
        if self.path is None:
            self.compiled += 1
            return re.compile(source, flags), None
        key = (source, int(flags))
        record = self._records().get(key)
        if record is not None:
            try:
                return pattern_of(record, source), record
            except Exception:  # noqa: BLE001 - code the engine rejects: compile it again (and keep that)
                pass
        self.compiled += 1
        try:
            record = record_of(source, int(flags))
            pattern = pattern_of(record, source)
        except re.error:
            raise
        except Exception:  # noqa: BLE001 - an engine whose internals differ from those read here
            return re.compile(source, flags), None
        self._new[key] = record
        return pattern, record

    def keep(self) -> None:
        """Store what was compiled since the file was read, with what it held (nothing to do when every
        pattern was found). Patterns another run stored meanwhile are kept too."""
        if self.path is None or not self._new:
            return
        merged = {**_read(self.path), **self._records(), **self._new}
        data = {
            "format": FORMAT,
            "engine": ENGINE,
            "patterns": [{"source": s, "flags_given": f, **r} for (s, f), r in merged.items()],
        }
        write_json(self.path, data, kept=KEPT)
        self._loaded = merged
        self._new = {}

    def _records(self) -> dict[tuple[str, int], dict[str, Any]]:
        if self._loaded is None:
            self._loaded = _read(self.path) if self.path is not None else {}
        return self._loaded


def _read(path: Path) -> dict[tuple[str, int], dict[str, Any]]:
    try:
        data = json.loads(path.read_bytes())
        if data.get("engine") != ENGINE or data.get("format") != FORMAT:
            return {}
        return {(str(p["source"]), int(p["flags_given"])): p for p in data["patterns"]}
    except Exception:  # noqa: BLE001 - missing, truncated or foreign: compile again
        return {}


def cache_path() -> Path | None:
    """The cache file of this version of the rubric on this regex engine (None: nothing is kept)."""
    folder = cache_folder(_FOLDER)
    if folder is None or ENGINE is None:
        return None
    try:
        return folder / f"rubric-{cache_key(rubric_files())}.json"
    except OSError:  # the rubric's source cannot be read (a zipped install): no key, no cache
        return None


def cache_key(files: list[Path]) -> str:
    """A hash of the file layout, the regex engine and the files ``files`` (names and bytes)."""
    h = hashlib.sha256()
    for part in (f"format {FORMAT}", ENGINE or "no engine"):
        h.update(part.encode("utf-8") + b"\0")
    for path in files:
        h.update(path.name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:32]


def rubric_files() -> list[Path]:
    """The source files of the rubric judge, in name order: every module of ``judges/rubric/`` (the whole
    package, so that a module added to it is in the key without anyone remembering to add it here), then the
    literal guard's module, whose reading of a pattern is kept in the file beside the pattern's code. Raises
    OSError when the source cannot be listed (a zipped install)."""
    files = sorted(Path(__file__).resolve().parent.glob("*.py"))
    if not files:
        raise FileNotFoundError(f"no rubric source next to {__file__}")
    return [*files, Path(literal_guard.__file__).resolve()]


_kept: KeptPatterns | None = None


def default_patterns() -> KeptPatterns:
    """The patterns of this version of the rubric's cache file (read on first use)."""
    global _kept
    if _kept is None:
        _kept = KeptPatterns(cache_path())
    return _kept


def kept_pattern(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)`` for the rubric's modules: loaded from the cache file when an earlier run
    kept it (see the module docstring)."""
    return default_patterns().compile(source, flags)


def guarded_pattern(source: str) -> GuardedPattern:
    """:func:`kept_pattern` behind a guard of the literal words every match needs (:mod:`..phrases.literal_guard`): a
    sentence without one of them is not searched."""
    return default_patterns().compile_guarded(source)


def keep_compiled() -> None:
    """Store the patterns compiled in this process that the cache file lacks (the rubric judge calls this once
    built, when every module of the rubric has been imported)."""
    default_patterns().keep()
