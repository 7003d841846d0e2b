"""The rubric judge's compiled phrase patterns kept between runs (judges/rubric/phrase_cache.py).

A run loads what an earlier run compiled, and reads every reply exactly as a fresh compile would; a changed
phrase file or phrase compiler is a different key (never the stale patterns); a damaged file or a cache
folder that cannot be written falls back to compiling, never to an error.
"""

from __future__ import annotations

import csv
import inspect
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest

from overrefusal.judges import phrases
from overrefusal.judges.rubric import phrase_cache
from overrefusal.judges.rubric.signals import phrase_files, read, rubric_phrase_sources
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
    """The phrase sources of ``files``, counting how often they had to be built."""

    def __init__(self, files: list[tuple[str, str]]):
        self.files = files
        self.calls = 0

    def __call__(self) -> PhraseSources:
        self.calls += 1
        return rubric_phrase_sources(self.files)


def _same(a: PhraseSet, b: PhraseSet) -> None:
    assert a.master.pattern == b.master.pattern
    assert (a.master.flags, a.master.groups) == (b.master.flags, b.master.groups)
    assert a.dense_source == b.dense_source
    assert a.phrase_count == b.phrase_count
    assert {c: p.pattern for c, p in a.by_category.items()} == {c: p.pattern for c, p in b.by_category.items()}


def test_a_second_run_loads_what_the_first_compiled(cache: Path) -> None:
    files = phrase_files()
    first = Counted(files)
    built = phrase_cache.cached_phrase_set(files, first)
    assert first.calls == 1
    assert len(list(cache.glob("rubric-*.json"))) == 1
    second = Counted(files)
    loaded = phrase_cache.cached_phrase_set(files, second)
    assert second.calls == 0, "the stored patterns were not used"
    _same(loaded, built)


def test_loaded_patterns_read_replies_exactly_as_freshly_compiled_ones(cache: Path, xstest_dir: Path) -> None:
    files = phrase_files()
    phrase_cache.cached_phrase_set(files, Counted(files))
    loaded = Scanner(phrase_cache.cached_phrase_set(files, Counted(files)))
    fresh = Scanner(phrase_set_from(rubric_phrase_sources(files), re.compile))
    with (xstest_dir / "model_completions" / "xstest_v2_completions_gpt4.csv").open(encoding="utf-8") as f:
        replies = [row["completion"] for row in csv.DictReader(f)]
    assert len(replies) >= 400
    for reply in replies:
        a, b = read(reply, loaded), read(reply, fresh)
        assert [(s.start, s.end, s.cats, s.hits, s.item) for s in a.sentences] == [
            (s.start, s.end, s.cats, s.hits, s.item) for s in b.sentences
        ], reply[:80]
        assert (a.declining, a.substantive, a.rule, a.clause) == (b.declining, b.substantive, b.rule, b.clause)


def test_a_changed_phrase_file_is_compiled_again(cache: Path) -> None:
    files = phrase_files()
    phrase_cache.cached_phrase_set(files, Counted(files))
    name, text = files[0]
    changed = [(name, text + "\n[refusal]\nzorbled flumphs are beyond me\n"), *files[1:]]
    counted = Counted(changed)
    phrases = phrase_cache.cached_phrase_set(changed, counted)
    assert counted.calls == 1
    assert len(list(cache.glob("rubric-*.json"))) == 2
    assert " zorbled flumphs are beyond me" in phrases.master.split(" well, zorbled flumphs are beyond me .")


# What shapes the compiled patterns: the normalisation applied to phrase lines, the phrase-file parser, the
# phrase-line grammar and the trie compiler. Named by object, not by file, so that moving any of them to a
# module the key does not hash fails here.
COMPILER_PARTS = [normalise, parse_phrase_file, expand_phrase, phrase_sources, compile_phrases, PhraseSet]


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
    names = [p.name for p in phrase_cache.compiler_files()]
    assert names == sorted(names), "the key must not depend on the order the folder lists its files in"
    modules = {f"{m.name}.py" for m in pkgutil.iter_modules(phrases.__path__)}
    assert set(names) == modules | {"__init__.py"}


@pytest.mark.parametrize("damage", ["truncated", "not json", "wrong code"])
def test_a_damaged_cache_file_is_compiled_again_and_replaced(cache: Path, damage: str) -> None:
    files = phrase_files()
    built = phrase_cache.cached_phrase_set(files, Counted(files))
    (path,) = cache.glob("rubric-*.json")
    whole = path.read_text(encoding="utf-8")
    if damage == "truncated":
        path.write_text(whole[: len(whole) // 2], encoding="utf-8")
    elif damage == "not json":
        path.write_bytes(b"\x00\xff" * 100)
    else:  # valid JSON whose compiled code the regex engine must refuse: an opcode no engine has
        at = whole.index('"code": "') + len('"code": "')
        path.write_text(whole[:at] + "////////" + whole[at + 8 :], encoding="utf-8")
    counted = Counted(files)
    again = phrase_cache.cached_phrase_set(files, counted)
    assert counted.calls == 1
    _same(again, built)
    assert path.read_text(encoding="utf-8") == whole


def test_a_cache_folder_that_cannot_be_written_only_costs_the_compile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("OVERREFUSAL_CACHE_DIR", str(blocker))
    files = phrase_files()
    counted = Counted(files)
    phrases = phrase_cache.cached_phrase_set(files, counted)
    assert counted.calls == 1
    _same(phrases, phrase_set_from(rubric_phrase_sources(files), re.compile))


def test_only_the_latest_compiled_sets_are_kept(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phrase_cache, "KEPT", 2)  # each set takes a second to compile
    files = phrase_files()
    name, text = files[0]
    for i in range(phrase_cache.KEPT + 3):
        phrase_cache.cached_phrase_set([(name, text + f"\n# edit {i}\n"), *files[1:]], Counted(files))
    assert len(list(cache.glob("rubric-*.json"))) == phrase_cache.KEPT
    counted = Counted(files)
    phrase_cache.cached_phrase_set([(name, text + f"\n# edit {phrase_cache.KEPT + 2}\n"), *files[1:]], counted)
    assert counted.calls == 0, "the newest file was deleted"
