"""A small, fast version of bench/scale.py: behaviour only (nothing lost, a resume after SIGKILL redoes nothing
stored, memory bounded by a generous factor, paged reads equal the whole read), never wall time."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from overrefusal import api
from overrefusal.store.verdicts import ResultFilter
from overrefusal.types import Verdict

REPO = Path(__file__).resolve().parents[2]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_scale", REPO / "bench" / "scale.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    module = _bench()
    module._install_wait4()
    return module


def test_memory_stays_bounded_as_prompts_grow(bench: ModuleType, tmp_path: Path) -> None:
    """Ten times the prompts may not take anywhere near ten times the memory (one task per prompt and the
    unbounded reply queue did: about 1 KB a prompt)."""
    peaks = {}
    for n in (600, 6000):
        suite, replies = bench.write_inputs(tmp_path, n)
        _, rss, out = bench.timed(bench.run_cmd(suite, replies, tmp_path / f"s{n}.db", f"r{n}"))
        inv = json.loads(out)["this_invocation"]
        assert inv["judged"] == n and inv["errors"] == 0
        peaks[n] = rss
    assert peaks[6000] < 2.0 * peaks[600], peaks


def test_resume_after_sigkill_redoes_nothing_stored(bench: ModuleType, tmp_path: Path) -> None:
    n = 4000
    suite, replies = bench.write_inputs(tmp_path, n)
    db = tmp_path / "kill.db"
    k = bench.kill_and_resume(suite, replies, db, "killed", n)
    inv = k["invocation"]
    assert 0 < k["at_kill"] < n
    assert inv["already_done"] == k["at_kill"]
    assert inv["judged"] == n - k["at_kill"]
    assert bench.stored(db, "killed") == n  # nothing lost, nothing twice (one record per prompt and judge)


def test_paged_filtered_reads_equal_the_whole_read(bench: ModuleType, tmp_path: Path) -> None:
    n = 300
    suite, replies = bench.write_inputs(tmp_path, n)
    db = tmp_path / "page.db"
    bench.timed(bench.run_cmd(suite, replies, db, "paged"))
    with api.open_store(db, read_only=True) as st:
        whole = st.results("paged")
        for where in (
            ResultFilter(),
            ResultFilter(verdict=Verdict.REFUSAL.value),
            ResultFilter(category="medicine", label="benign"),
        ):
            expected = [
                r.prompt.id
                for r in whole
                if (not where.verdict or r.judgement.verdict.value == where.verdict)
                and (not where.category or r.prompt.category == where.category)
                and (not where.label or r.prompt.label.value == where.label)
            ]
            assert expected and st.count_results("paged", "rules@1", where) == len(expected)
            paged = [
                r.prompt.id for off in range(0, n, 40) for r in st.results("paged", where=where, offset=off, limit=40)
            ]
            assert paged == expected
        picked = st.results("paged", prompt_ids=["p7", "p3", "nope"])
        assert [r.prompt.id for r in picked] == ["p3", "p7"]
        assert picked[0] == whole[3]


def test_a_suite_file_is_checked_whole_but_not_held(bench: ModuleType, tmp_path: Path) -> None:
    """A 20,000-prompt suite file, once loaded, holds less memory than the file itself: its prompts are read
    again from the file at each pass (the tuple of prompts held about 10x the file). Every pass gives the
    same prompts, under the version taken when the file was checked."""
    import tracemalloc

    from overrefusal.suites import load_suite
    from overrefusal.types import Suite

    n = 20_000
    suite_file, _ = bench.write_inputs(tmp_path, n)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        suite = load_suite(str(suite_file))
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held < suite_file.stat().st_size / 4, (held, suite_file.stat().st_size)
    first, second = list(suite.prompts), list(suite.prompts)
    assert len(first) == len(suite.prompts) == n and first == second
    assert Suite("again", tuple(first)).version == suite.version


def test_a_bad_row_late_in_a_big_file_fails_at_load_naming_it(bench: ModuleType, tmp_path: Path) -> None:
    """Streaming keeps the promise: a bad row near the end is an error before any run, with file, line and
    field; so is an id repeated far from its first use."""
    from overrefusal.errors import UserError
    from overrefusal.suites import load_suite

    suite_file, _ = bench.write_inputs(tmp_path, 5000)
    lines = suite_file.read_text().splitlines(keepends=True)
    bad = tmp_path / "bad.csv"
    bad.write_text("".join(lines[:4990]) + "p9999,How?,maybe,law,x9\n" + "".join(lines[4990:]))
    with pytest.raises(UserError) as err:
        load_suite(str(bad))
    assert (err.value.line, err.value.field) == (4991, "label") and str(bad) in str(err.value)
    repeated = tmp_path / "repeated.csv"
    repeated.write_text("".join(lines[:4990]) + "p7,Again?,benign,law,x9\n" + "".join(lines[4990:]))
    with pytest.raises(UserError, match="duplicate id 'p7' \\(first used at line 9\\)") as err:
        load_suite(str(repeated))
    assert (err.value.line, err.value.field) == (4991, "id")


def test_the_engine_holds_a_page_of_prompts_not_the_suite(bench: ModuleType, tmp_path: Path) -> None:
    """While a 3,000-prompt run is judged, far fewer prompts are alive than the suite has: the engine reads
    what is left from the store a page at a time (it held the suite, a dict of every prompt id and a dict of
    reusable replies)."""
    import asyncio
    import gc

    from overrefusal.measure.deployment import Deployment
    from overrefusal.measure.engine import RunPlan, execute
    from overrefusal.suites import load_suite
    from overrefusal.types import GenerationConfig, Judgement, Prompt

    n = 3000
    suite_file, replies = bench.write_inputs(tmp_path, n)
    alive: list[int] = []

    class CountingJudge:
        id = "counting@1"

        async def judge(self, items):  # type: ignore[no-untyped-def]
            # type(o), not isinstance: the latter asks lazy module proxies (torch) for their class, which warns.
            alive.append(sum(type(o) is Prompt for o in gc.get_objects()))
            return [Judgement(Verdict.COMPLIANCE, 0.9, self.id) for _ in items]

    plan = RunPlan(
        suite=load_suite(str(suite_file)),
        deployment=Deployment(f"replay/{replies}"),
        generation=GenerationConfig(),
        judges=[CountingJudge()],  # type: ignore[list-item]
        run_id="paged",
        concurrency=16,
    )
    with api.open_store(tmp_path / "engine.db") as st:
        out = asyncio.run(execute(plan, st))
        assert out.judged == n and out.errors == 0 and st.prompt_count("paged") == n
    assert alive and max(alive) < n / 3, max(alive)
