"""Two runs that hold the same prompts are compared by lining up their verdicts in prompt id order (migration
012's prompt digest and prompt classes); the counts must equal the join that pairs prompts by id, label and
exact text."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from overrefusal.store import Store
from overrefusal.types import Completion, Judgement, Label, Prompt, Verdict

from ._records import run_record

VERDICTS = (Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL, Verdict.ERROR)


def _prompts(n: int, rng: random.Random) -> list[Prompt]:
    # Ids whose suite order is not their id order, and categories that JSON or a separator could trip on.
    ids = [f"q{rng.randrange(10**6):06d}-{i}" for i in range(n)]
    return [
        Prompt(pid, f"prompt {pid}", Label.BENIGN if i % 3 else Label.HARMFUL, category=("a,b", 'c"d', "", "é")[i % 4])
        for i, pid in enumerate(ids)
    ]


def _judge_all(store: Store, run_id: str, prompts: list[Prompt], rng: random.Random, judge: str = "rules@1") -> None:
    order = list(prompts)
    rng.shuffle(order)  # written out of id order, so rowids do not give the order the pairing needs
    for p in order:
        cid = store.add_completion(f"{run_id}-{p.id}", Completion("reply"))
        store.put_result(run_id, p.id, cid, Judgement(rng.choice(VERDICTS), 0.5, judge))


def _slow(store: Store, run_id: str, other: str, judge: str = "rules@1", other_judge: str = "rules@1") -> list:
    """The counts by the join alone: the runs' digests forgotten, as for a run the digest does not cover."""
    saved = store.db.execute("SELECT run_id, prompt_digest FROM runs").fetchall()
    store.db.execute("UPDATE runs SET prompt_digest = NULL")
    try:
        return sorted(store.twin_verdict_counts(run_id, judge, other, other_judge), key=repr)
    finally:
        store.db.executemany("UPDATE runs SET prompt_digest = ? WHERE run_id = ?", [(d, r) for r, d in saved])


@pytest.fixture
def lined_up(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The pairs of runs whose counts were taken by lining verdicts up."""
    calls: list[tuple[str, str]] = []
    original = Store._lined_up_verdict_counts

    def spy(self: Store, run_id: str, judge_id: str, other_run: str, other_judge: str) -> object:
        calls.append((run_id, other_run))
        return original(self, run_id, judge_id, other_run, other_judge)

    monkeypatch.setattr(Store, "_lined_up_verdict_counts", spy)
    return calls


def test_same_prompts_are_lined_up_and_count_as_the_join(tmp_path: Path, lined_up: list[tuple[str, str]]) -> None:
    rng = random.Random(12)
    prompts = _prompts(300, rng)
    with Store(tmp_path / "s.db") as store:
        store.begin_run(run_record("a"), prompts)
        store.begin_run(run_record("b"), list(reversed(prompts)))  # the same prompts in another suite order
        _judge_all(store, "a", prompts, rng)
        _judge_all(store, "b", prompts, rng)
        fast = sorted(store.twin_verdict_counts("a", "rules@1", "b", "rules@1"), key=repr)
        assert lined_up == [("a", "b")]
        slow = _slow(store, "a", "b")
        assert fast == slow
        assert sum(row[-1] for row in fast) == 300
        assert any(row[2] != row[3] for row in fast)  # verdicts that differ were moved, not only the agreeing ones
        # The same run against itself under another judge is lined up too.
        _judge_all(store, "a", prompts, rng, judge="other@1")
        both = sorted(store.twin_verdict_counts("a", "rules@1", "a", "other@1"), key=repr)
        assert lined_up[-1] == ("a", "a")
        assert both == _slow(store, "a", "a", "rules@1", "other@1")


def test_one_prompt_changed_or_one_record_missing_takes_the_join(
    tmp_path: Path, lined_up: list[tuple[str, str]]
) -> None:
    rng = random.Random(7)
    prompts = _prompts(60, rng)
    changed = list(prompts)
    changed[5] = Prompt(changed[5].id, changed[5].text + " ", changed[5].label, category=changed[5].category)
    relabelled = list(prompts)
    relabelled[10] = Prompt(relabelled[10].id, relabelled[10].text, Label.HARMFUL, category=relabelled[10].category)
    with Store(tmp_path / "s.db") as store:
        # The same suite version each time: the version does not prove the same prompts.
        for run_id, suite in (("a", prompts), ("text", changed), ("label", relabelled), ("short", prompts)):
            store.begin_run(run_record(run_id), suite)
            _judge_all(store, run_id, suite if run_id != "short" else suite[1:], rng)
        assert prompts[10].label is Label.BENIGN
        for other in ("text", "label", "short"):
            counts = store.twin_verdict_counts("a", "rules@1", other, "rules@1")
            assert sum(row[-1] for row in counts) == 59
            assert sorted(counts, key=repr) == _slow(store, "a", other)
        assert lined_up == []


def test_begin_run_and_the_migration_give_the_same_digest(tmp_path: Path) -> None:
    rng = random.Random(3)
    prompts = _prompts(40, rng)
    path = tmp_path / "s.db"
    with Store(path) as store:
        store.begin_run(run_record("a"), prompts)
        store.begin_run(run_record("b"), prompts[:-1])
        kept = dict(store.db.execute("SELECT run_id, prompt_digest FROM runs").fetchall())
        classes = dict(store.db.execute("SELECT run_id, classes_json FROM run_prompt_classes").fetchall())
        by_id = sorted(prompts, key=lambda p: p.id)
        assert store.prompt_classes_by_id("a") == ([p.label.value for p in by_id], [p.category for p in by_id])
    assert kept["a"] and kept["a"] != kept["b"]
    # Back to a store before 012, whose runs the migration computes the digest of from run_prompts.
    db = sqlite3.connect(path)
    db.executescript(
        "DROP TABLE run_prompt_classes; ALTER TABLE runs DROP COLUMN prompt_digest;"
        " DELETE FROM _migrations WHERE name = '012_run_prompt_digest';"
    )
    db.close()
    with Store(path) as store:
        assert dict(store.db.execute("SELECT run_id, prompt_digest FROM runs").fetchall()) == kept
        assert dict(store.db.execute("SELECT run_id, classes_json FROM run_prompt_classes").fetchall()) == classes
        assert store.same_prompts("a", "a") == 40 and store.same_prompts("a", "b") is None


def test_beginning_a_run_holds_nothing_per_prompt(tmp_path: Path) -> None:
    """The digest and the classes are taken as the prompts stream past (a suite file is read again at each
    pass, not held): the Python memory ``begin_run`` allocates grows by well under a prompt's worth per prompt.
    Keeping every prompt's hash and (id, label, category) for a sort cost about 370 bytes a prompt here."""
    import tracemalloc

    def peak(n: int, name: str) -> int:
        with Store(tmp_path / f"{name}.db") as store:
            tracemalloc.start()
            try:
                store.begin_run(run_record(name), _Streamed(n))
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
            stored = store.db.execute("SELECT COUNT(*) FROM run_prompts WHERE run_id = ?", (name,)).fetchone()[0]
            assert stored == n
            return peak

    small, large = peak(2_000, "small"), peak(22_000, "large")
    per_prompt = (large - small) / 20_000
    assert per_prompt < 100, f"{per_prompt:.0f} bytes a prompt while the run begins"


class _Streamed(Sequence[Prompt]):
    """A suite whose prompts are made afresh at each pass, as a streamed file's are read again."""

    def __init__(self, n: int) -> None:
        self._n = n

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i: int) -> Prompt:  # type: ignore[override]
        raise NotImplementedError("iterate instead")

    def __iter__(self) -> Iterator[Prompt]:
        return (Prompt(f"p{i:07d}", "x", Label.BENIGN, category="c") for i in range(self._n))
