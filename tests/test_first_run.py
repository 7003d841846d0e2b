"""The argument-less ``overrefusal run``: the embedded model as it is and behind a naive deployment layer,
what each layer adds, the naive deployment's trigger words and the HTML report, on real parts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from overrefusal import api
from overrefusal.analysis.first_run import CAUTIOUS_LABEL, NAIVE_FILTER, STAGES, cautious_system_prompt
from overrefusal.store import Store
from overrefusal.types import GenerationConfig


def cli(*args: str, store: Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "overrefusal", *args, "--store", str(store)],
        capture_output=True,
        text=True,
        timeout=1200,
        cwd=cwd,
    )


def test_cautious_prompt_ships_as_data() -> None:
    text = cautious_system_prompt()
    assert len(text) > 100 and "refuse" in text.lower()


def test_first_run_api_ablates_the_naive_layer_and_finds_triggers(embedded_gguf: Path, tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as store:
        stages: list[str] = []
        out = api.first_run(
            limit=6,
            generation=GenerationConfig(max_tokens=8),
            store=store,
            report_path=tmp_path / "r.html",
            stage=stages.append,
        )
        assert stages == list(STAGES)  # the progress bar is told what it counts
        first = out["first_run"]
        configs = first["ablation"]["configurations"]
        assert [(c["system_prompt"], c["filter"]) for c in configs] == [
            (None, None),
            (None, NAIVE_FILTER),
            (CAUTIOUS_LABEL, None),
            (CAUTIOUS_LABEL, NAIVE_FILTER),
        ]
        # The bare configuration is the run whose summary is returned; the naive one has both layers.
        assert out["run_id"] == configs[0]["run_id"] and out["deployment"]["filters"] == []
        naive = first["naive_run"]
        assert naive["deployment"]["filters"] == [NAIVE_FILTER]
        assert naive["deployment"]["system_prompt"] == cautious_system_prompt()
        assert out["suite"]["n"] == naive["suite"]["n"] >= 6
        # The keyword filter alone only adds refusals (it never unblocks): "removed" is 0, "added" counts blocks.
        kw = configs[1]["benign"]
        assert kw["removed"] == 0 and kw["added"] <= kw["filter_blocked"]
        trig = first["triggers"]
        assert trig["run_id"] == configs[3]["run_id"] and trig["examined"] <= 6
        assert trig["refused"] == round(naive["benign"]["any_refusal"]["value"] * naive["benign"]["any_refusal"]["n"])
        if api.report_extra_installed():
            html = Path(first["report"]).read_text()
            assert first["report"] == str(tmp_path / "r.html")
            assert out["run_id"] in html and naive["run_id"] in html
        else:
            assert first["report"] is None


def test_argument_less_run_teaches_and_explicit_flags_do_not(embedded_gguf: Path, tmp_path: Path) -> None:
    store = tmp_path / "s.db"
    # --max-tokens only shortens the replies: still the first run.
    p = cli("run", "--max-tokens", "6", "--json", store=store)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["suite"]["n"] >= 40 and len(out["first_run"]["ablation"]["configurations"]) == 4
    # Again in the terminal: everything resumes from the store, and the three parts and the report path show.
    t = cli("run", "--max-tokens", "6", store=store)
    assert t.returncode == 0, t.stderr
    for needle in ("the embedded model as it is", "deployment ablation", "sys1 + keyword", "trigger words"):
        assert needle in t.stdout, needle
    if api.report_extra_installed():
        line = next(ln for ln in t.stdout.splitlines() if ln.startswith("HTML report of both runs: "))
        assert Path(line.split(": ", 1)[1].strip()).is_file()
    # Any flag that says what to run keeps the plain run.
    plain = cli("run", "--limit", "2", "--max-tokens", "6", store=store)
    assert plain.returncode == 0 and "deployment ablation" not in plain.stdout and "ALL" in plain.stdout


def test_input_filter_configurations_reuse_the_bare_replies(embedded_gguf: Path, tmp_path: Path) -> None:
    from overrefusal.measure.deployment import Deployment

    gen = GenerationConfig(max_tokens=6)
    with Store(tmp_path / "s.db") as store:
        bare = api.run("core", Deployment(), generation=gen, limit=10, store=store)
        assert bare["this_invocation"]["generated"] == bare["suite"]["n"]
        kw = api.run("core", Deployment(filters=("keyword",)), generation=gen, limit=10, store=store)
        n, done = kw["suite"]["n"], kw["this_invocation"]
        blocked = round(
            kw["benign"]["filter_blocked"]["value"] * kw["benign"]["filter_blocked"]["n"]
            + kw["harmful"]["filter_blocked"]["value"] * kw["harmful"]["filter_blocked"]["n"]
        )
        # Only the blocks are new; every prompt the filter let through got the bare model's stored reply.
        assert 0 < blocked < n and done["generated"] == blocked and done["from_cache"] == n - blocked
        passed = {
            r.prompt.id: r.completion.text for r in store.results(kw["run_id"]) if r.completion.blocked_by is None
        }
        same = {r.prompt.id: r.completion.text for r in store.results(bare["run_id"]) if r.prompt.id in passed}
        assert passed == same
