"""The rubric's own regular expressions kept between runs (judges/rubric/pattern_cache.py).

A loaded pattern is the pattern ``re.compile`` makes (same code: ``Pattern.__eq__`` compares it); a changed
source is compiled, never served another's code; a changed rubric module or Python is another file; a
damaged file or a folder that cannot be written falls back to compiling, never to an error; and a second
run of the judge compiles none of them.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from overrefusal.judges.phrases.literal_guard import GuardedPattern, required_literals
from overrefusal.judges.rubric import (
    clauses,
    decline_grammar,
    no_decline,
    pattern_cache,
    request,
    roles,
    sentence_kinds,
    signals,
)
from overrefusal.judges.rubric.pattern_cache import KeptPatterns

MODULES: tuple[ModuleType, ...] = (roles, decline_grammar, sentence_kinds, no_decline, request, signals, clauses)


def module_patterns() -> list[re.Pattern[str]]:
    """Every pattern the rubric's modules hold at module level, bare or behind a literal guard."""
    held = [v for m in MODULES for v in vars(m).values()]
    found = [v for v in held if isinstance(v, re.Pattern)] + [v.pattern for v in held if isinstance(v, GuardedPattern)]
    assert len(found) > 50
    return found


def given(p: re.Pattern[str]) -> tuple[str, int]:
    """The source and the flags the pattern was compiled with (``re`` adds UNICODE to every str pattern)."""
    return p.pattern, p.flags & ~re.UNICODE


def _same(a: re.Pattern[str], b: re.Pattern[str]) -> None:
    assert a == b  # the compiled code too
    assert (a.pattern, a.flags, a.groups, a.groupindex) == (b.pattern, b.flags, b.groups, b.groupindex)


class Counting:
    """``pattern_cache.record_of``, counting the patterns it had to compile."""

    def __init__(self) -> None:
        self.calls = 0
        self.real = pattern_cache.record_of

    def __call__(self, source: str, flags: int = 0) -> dict[str, object]:
        self.calls += 1
        return self.real(source, flags)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counting:
    counting = Counting()
    monkeypatch.setattr(pattern_cache, "record_of", counting)
    return counting


needs_engine = pytest.mark.skipif(pattern_cache.ENGINE is None, reason="this Python keeps no compiled code")


@needs_engine
def test_loaded_patterns_are_the_ones_re_compile_makes(tmp_path: Path, counted: Counting) -> None:
    path = tmp_path / "rubric-x.json"
    first = KeptPatterns(path)
    for p in module_patterns():
        _same(first.compile(*given(p)), p)
    compiled = counted.calls
    assert compiled > 50 and not path.exists()
    first.keep()
    assert path.is_file()
    again = KeptPatterns(path)
    for p in module_patterns():
        _same(again.compile(*given(p)), p)
    assert counted.calls == compiled, "a kept pattern was compiled again"
    again.keep()  # nothing new: the file is left as it is
    assert len(json.loads(path.read_text())["patterns"]) == len({given(p) for p in module_patterns()})


@needs_engine
def test_a_changed_source_or_flag_is_compiled_never_served_anothers_code(tmp_path: Path, counted: Counting) -> None:
    path = tmp_path / "rubric-x.json"
    kept = KeptPatterns(path)
    hedge = given(roles._HEDGE.pattern)
    kept.compile(*hedge)
    kept.keep()
    reader = KeptPatterns(path)
    before = counted.calls
    edited = hedge[0].replace("for sure", "for certain sure")
    _same(reader.compile(edited), re.compile(edited))
    _same(reader.compile(hedge[0], re.IGNORECASE), re.compile(hedge[0], re.IGNORECASE))
    assert counted.calls == before + 2
    _same(reader.compile(*hedge), roles._HEDGE.pattern)
    assert counted.calls == before + 2


@needs_engine
def test_a_guard_loads_with_its_words_and_a_damaged_word_list_is_read_again(tmp_path: Path, counted: Counting) -> None:
    path = tmp_path / "rubric-x.json"
    kept = KeptPatterns(path)
    source = roles._REDIRECTS.pattern.pattern
    fresh = kept.compile_guarded(source)
    assert fresh.words and fresh.words == required_literals(re.compile(source))
    kept.keep()
    before = counted.calls
    loaded = KeptPatterns(path).compile_guarded(source)
    assert counted.calls == before and loaded.words == fresh.words
    data = json.loads(path.read_text())
    for damaged in ([], [""], "instead", [3]):
        data["patterns"][0]["words"] = damaged
        path.write_text(json.dumps(data))
        # Not trusted as written: read off the pattern again, never a guard that would skip a match.
        assert KeptPatterns(path).compile_guarded(source).words == fresh.words


@needs_engine
def test_a_file_of_another_engine_or_layout_is_not_read(tmp_path: Path, counted: Counting) -> None:
    path = tmp_path / "rubric-x.json"
    kept = KeptPatterns(path)
    kept.compile(*given(roles._HEDGE.pattern))
    kept.keep()
    data = json.loads(path.read_text())
    for field, value in (("engine", "cpython-99 other sre"), ("format", pattern_cache.FORMAT + 1)):
        path.write_text(json.dumps({**data, field: value}))
        before = counted.calls
        _same(KeptPatterns(path).compile(*given(roles._HEDGE.pattern)), roles._HEDGE.pattern)
        assert counted.calls == before + 1, field


def test_the_key_covers_every_rubric_module_and_the_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = {p.name for p in pattern_cache.rubric_files()}
    # Every module of the package, this one and those that compile through it among them.
    assert {f"{m.__name__.rsplit('.', 1)[1]}.py" for m in MODULES} | {"pattern_cache.py", "judge.py"} <= names
    assert names == {p.name for p in Path(pattern_cache.__file__).parent.glob("*.py")} | {"literal_guard.py"}
    files = []
    for name, text in (("a.py", "X = 1\n"), ("b.py", "Y = 2\n")):
        (tmp_path / name).write_text(text)
        files.append(tmp_path / name)
    key = pattern_cache.cache_key(files)
    assert pattern_cache.cache_key(files) == key
    files[1].write_text("Y = 3\n")
    assert pattern_cache.cache_key(files) != key
    changed = pattern_cache.cache_key(files)
    monkeypatch.setattr(pattern_cache, "ENGINE", "cpython-99 other sre")
    assert pattern_cache.cache_key(files) != changed


@needs_engine
def test_a_damaged_file_or_an_unwritable_folder_compiles(tmp_path: Path, counted: Counting) -> None:
    path = tmp_path / "rubric-x.json"
    kept = KeptPatterns(path)
    kept.compile(*given(roles._HEDGE.pattern))
    kept.keep()
    whole = path.read_text()
    for damaged in (whole[: len(whole) // 2], "[]", whole.replace('"code": "', '"code": "AAAA', 1)):
        path.write_text(damaged)
        before = counted.calls
        reader = KeptPatterns(path)
        _same(reader.compile(*given(roles._HEDGE.pattern)), roles._HEDGE.pattern)
        assert counted.calls == before + 1
        reader.keep()  # and the next run finds it whole again
        assert json.loads(path.read_text())["patterns"]
    blocker = tmp_path / "a file"
    blocker.write_text("")
    stuck = KeptPatterns(blocker / "rubric-x.json")
    _same(stuck.compile(*given(roles._HEDGE.pattern)), roles._HEDGE.pattern)
    stuck.keep()  # no error
    assert blocker.read_text() == ""


@needs_engine
def test_the_second_run_of_the_rubric_judge_compiles_none_of_its_patterns(tmp_path: Path) -> None:
    """The real wiring: the judge's modules compile through the cache and the built judge keeps them."""
    script = (
        "from overrefusal.judges._base import create_judge\n"
        "from overrefusal.judges.rubric import pattern_cache\n"
        "create_judge('rubric')\n"
        "print(pattern_cache.default_patterns().compiled)\n"
    )
    env = {**os.environ, "OVERREFUSAL_CACHE_DIR": str(tmp_path / "cache")}
    counts = [
        int(subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True).stdout)
        for _ in range(2)
    ]
    assert counts[0] > 50 and counts[1] == 0, counts
    assert len(list((tmp_path / "cache" / "rubric-patterns").glob("rubric-*.json"))) == 1
