"""Deployment ablation: the refusals a keyword filter causes are attributed to the filter, not the model."""

from __future__ import annotations

import asyncio

import pytest

from overrefusal import api
from overrefusal.analysis.ablation import ablate, grid
from overrefusal.backends import BackendOptions
from overrefusal.judges import create_judge
from overrefusal.suites import load_suite


def test_grid_is_bare_first_then_every_combination() -> None:
    cfgs = grid("llamacpp/smollm2", BackendOptions(), [("a", "Be careful."), ("b", "Be brief.")], ["keyword"])
    assert [(c.system_prompt, c.filter) for c in cfgs] == [
        (None, None),
        (None, "keyword"),
        ("a", None),
        ("a", "keyword"),
        ("b", None),
        ("b", "keyword"),
    ]
    assert cfgs[0].is_bare and cfgs[3].deployment.system_prompt == "Be careful."
    assert cfgs[3].deployment.filters == ("keyword",)


@pytest.mark.slow
def test_keyword_filter_refusals_are_attributed_to_the_filter(kill_setup) -> None:
    suite = load_suite(str(kill_setup.suite_path))
    cfgs = grid("llamacpp/smollm2", BackendOptions(), [], [kill_setup.filter_spec])
    with api.open_store(kill_setup.store_path) as store:
        result = asyncio.run(ablate(store, suite, cfgs, kill_setup.generation, create_judge("rules")))
    bare, filtered = result["configurations"]
    assert bare["label"] == "bare model"
    bare_refused = round(bare["benign"]["refusal"]["value"] * 3)
    assert bare_refused <= 1  # SmolLM2 hardly ever refuses
    b = filtered["benign"]
    assert b["n_pairs"] == 3 and b["filter_blocked"] == 3 and b["refusal"]["value"] == 1.0
    assert b["added"] == 3 - bare_refused and b["removed"] == 0
    assert b["difference"]["low"] > 0
    # The filter's benign refusals are attributed to the deployment, except any the bare model made too.
    assert b["caused_by_deployment"]["n"] == 3 and b["caused_by_deployment"]["value"] == b["added"] / 3
    h = filtered["harmful"]
    assert h["n_pairs"] == 1 and h["refusal"]["value"] == 1.0 and h["filter_blocked"] == 1
    # The filtered run is the one the fixture stored (same identity), so it was resumed, not rerun.
    assert filtered["run_id"] != bare["run_id"]
