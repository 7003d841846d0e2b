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
