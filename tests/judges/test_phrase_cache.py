"""The rubric judge's compiled phrase patterns kept between runs (judges/rubric/phrase_cache.py).

A run loads what an earlier run compiled, and reads every reply exactly as a fresh compile would; a changed
phrase file, phrase compiler or helper the compiler calls is a different key (never the stale patterns); a
damaged file or a cache folder that cannot be written falls back to compiling, never to an error.
"""

from __future__ import annotations

import csv
import inspect
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest

from overrefusal.guards import sanitize
from overrefusal.guards.safe_files import input_lines, split_lines
from overrefusal.judges import phrases
from overrefusal.judges.phrases import syntax
from overrefusal.judges.phrases.compiler import phrase_file_sources
from overrefusal.judges.rubric import pattern_cache, phrase_cache
from overrefusal.judges.rubric import signals as rubric_signals
from overrefusal.judges.rubric.signals import phrase_files, read
from overrefusal.judges.signals import (
    PhraseSet,
    PhraseSources,
    Scanner,
    compile_phrases,
    expand_phrase,
    normalise,
    parse_phrase_file,
    phrase_set_from,
    phrase_sources,
)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OVERREFUSAL_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "phrases"


class Counted:
    """The cache's own phrase-source builder, counting how often a compile was needed."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, named_texts: Any) -> PhraseSources:
        self.calls += 1
        return phrase_file_sources(named_texts)


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> Counted:
    counted = Counted()
    monkeypatch.setattr(phrase_cache, "phrase_file_sources", counted)
    return counted


def _same(a: PhraseSet, b: PhraseSet) -> None:
    assert a.master.pattern == b.master.pattern
    assert (a.master.flags, a.master.groups) == (b.master.flags, b.master.groups)
    assert a.dense_source == b.dense_source
    assert a.phrase_count == b.phrase_count
    assert {c: p.pattern for c, p in a.by_category.items()} == {c: p.pattern for c, p in b.by_category.items()}


def test_a_second_run_loads_what_the_first_compiled(cache: Path, builds: Counted) -> None:
    files = phrase_files()
    built = phrase_cache.cached_phrase_set(files)
    assert builds.calls == 1
    assert len(list(cache.glob("rubric-*.json"))) == 1
    loaded = phrase_cache.cached_phrase_set(files)
    assert builds.calls == 1, "the stored patterns were not used"
    _same(loaded, built)


def test_loaded_patterns_read_replies_exactly_as_freshly_compiled_ones(cache: Path, xstest_dir: Path) -> None:
    files = phrase_files()
    phrase_cache.cached_phrase_set(files)
    loaded = Scanner(phrase_cache.cached_phrase_set(files))
    fresh = Scanner(phrase_set_from(phrase_file_sources(files), re.compile))
    with (xstest_dir / "model_completions" / "xstest_v2_completions_gpt4.csv").open(encoding="utf-8") as f:
        replies = [row["completion"] for row in csv.DictReader(f)]
    assert len(replies) >= 400
    for reply in replies:
        a, b = read(reply, loaded), read(reply, fresh)
        assert [(s.start, s.end, s.cats, s.hits, s.item) for s in a.sentences] == [
            (s.start, s.end, s.cats, s.hits, s.item) for s in b.sentences
        ], reply[:80]
        assert (a.declining, a.substantive, a.rule, a.clause) == (b.declining, b.substantive, b.rule, b.clause)


def test_a_changed_phrase_file_is_compiled_again(cache: Path, builds: Counted) -> None:
    files = phrase_files()
    phrase_cache.cached_phrase_set(files)
    name, text = files[0]
    changed = [(name, text + "\n[refusal]\nzorbled flumphs are beyond me\n"), *files[1:]]
    phrases = phrase_cache.cached_phrase_set(changed)
    assert builds.calls == 2
    assert len(list(cache.glob("rubric-*.json"))) == 2
    assert " zorbled flumphs are beyond me" in phrases.master.split(" well, zorbled flumphs are beyond me .")


# What shapes the compiled patterns: the normalisation applied to phrase lines, the phrase-file parser and the
# line splitting it reads files with, the phrase-line grammar, the merging of several files, the trie compiler,
# and the code the cache stores for each pattern and loads it with. Named by object, not by file, so that moving any of them to a
# module the key does not hash fails here.
COMPILER_PARTS = [
    normalise,
    parse_phrase_file,
    input_lines,
    split_lines,
    expand_phrase,
    phrase_file_sources,
    phrase_sources,
    compile_phrases,
    PhraseSet,
    pattern_cache.record_of,
    pattern_cache.pattern_of,
]


@pytest.mark.parametrize("part", COMPILER_PARTS, ids=lambda p: p.__name__)
def test_a_changed_phrase_compiler_is_a_different_key(part: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    source = Path(str(inspect.getsourcefile(part))).resolve()
    files = phrase_files()
    before = phrase_cache.cache_key(files)
    read_bytes, read_text = Path.read_bytes, Path.read_text

    # The compiler's source as it would read after an edit to the module holding ``part`` (however the key
    # reads it).
    def edited_bytes(path: Path) -> bytes:
        data = read_bytes(path)
        return data + b"\n# an edit\n" if path.resolve() == source else data

    def edited_text(path: Path, *args: Any, **kwargs: Any) -> str:
        data = read_text(path, *args, **kwargs)
        return data + "\n# an edit\n" if path.resolve() == source else data

    monkeypatch.setattr(Path, "read_bytes", edited_bytes)
    monkeypatch.setattr(Path, "read_text", edited_text)
    assert phrase_cache.cache_key(files) != before, f"{source.name} is not part of the phrase cache key"


def test_the_key_hashes_every_module_of_the_compiler_package() -> None:
    paths = phrase_cache.compiler_files()
    assert paths == sorted(paths), "the key must not depend on the order the folder lists its files in"
    folder = Path(phrases.__path__[0]).resolve()
    modules = {f"{m.name}.py" for m in pkgutil.iter_modules(phrases.__path__)}
    assert {p.name for p in paths if p.parent == folder} == modules | {"__init__.py"}


def test_a_helper_the_compiler_starts_to_use_is_in_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    # Found from what the compiler's modules hold, not from a list: a new import needs no edit of the cache.
    files = phrase_files()
    before = phrase_cache.cache_key(files)
    helper = Path(str(inspect.getsourcefile(sanitize))).resolve()
    assert helper not in phrase_cache.compiler_files()
    monkeypatch.setattr(syntax, "borrowed_helper", sanitize.valid_text, raising=False)
    assert helper in phrase_cache.compiler_files()
    assert phrase_cache.cache_key(files) != before


def test_the_folding_of_phrase_files_is_in_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    # The folding runs before the key is made: it is hashed through the text it makes, not its source.
    before = phrase_cache.cache_key(phrase_files())
    monkeypatch.setattr(rubric_signals, "fold", lambda text: text)
    assert phrase_cache.cache_key(phrase_files()) != before


@pytest.mark.parametrize("damage", ["truncated", "not json", "wrong code"])
def test_a_damaged_cache_file_is_compiled_again_and_replaced(cache: Path, builds: Counted, damage: str) -> None:
    files = phrase_files()
    built = phrase_cache.cached_phrase_set(files)
    (path,) = cache.glob("rubric-*.json")
    whole = path.read_text(encoding="utf-8")
    if damage == "truncated":
        path.write_text(whole[: len(whole) // 2], encoding="utf-8")
    elif damage == "not json":
        path.write_bytes(b"\x00\xff" * 100)
    else:  # valid JSON whose compiled code the regex engine must refuse: an opcode no engine has
        at = whole.index('"code": "') + len('"code": "')
        path.write_text(whole[:at] + "////////" + whole[at + 8 :], encoding="utf-8")
    again = phrase_cache.cached_phrase_set(files)
    assert builds.calls == 2
    _same(again, built)
    assert path.read_text(encoding="utf-8") == whole


def test_a_cache_folder_that_cannot_be_written_only_costs_the_compile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, builds: Counted
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("OVERREFUSAL_CACHE_DIR", str(blocker))
    files = phrase_files()
    phrases = phrase_cache.cached_phrase_set(files)
    assert builds.calls == 1
    _same(phrases, phrase_set_from(phrase_file_sources(files), re.compile))


def test_only_the_latest_compiled_sets_are_kept(cache: Path, monkeypatch: pytest.MonkeyPatch, builds: Counted) -> None:
    monkeypatch.setattr(phrase_cache, "KEPT", 2)  # each set takes a second to compile
    files = phrase_files()
    name, text = files[0]
    for i in range(phrase_cache.KEPT + 3):
        phrase_cache.cached_phrase_set([(name, text + f"\n# edit {i}\n"), *files[1:]])
    assert len(list(cache.glob("rubric-*.json"))) == phrase_cache.KEPT
    compiled = builds.calls
    phrase_cache.cached_phrase_set([(name, text + f"\n# edit {phrase_cache.KEPT + 2}\n"), *files[1:]])
    assert builds.calls == compiled, "the newest file was deleted"
