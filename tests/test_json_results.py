"""The ``--json`` results: the JSON reference (docs/reference/json.md) lists exactly the keys of the TypedDicts in
``overrefusal.results``, and
real results (from the store made by 0.1.0 and the XSTest labels) carry exactly those keys."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from overrefusal import api
from overrefusal.cli import cli

ROOT = Path(__file__).resolve().parents[1]
OLD_STORE = Path(__file__).parent / "data" / "store-0.1.0.sqlite3"


def _load_doc_tool() -> Any:
    spec = importlib.util.spec_from_file_location("json_results_doc", ROOT / "tools" / "json_results_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


doc = _load_doc_tool()
TYPES = {t.name: t for t in doc.result_types()}


PAGE = ROOT / "docs" / "reference" / "json.md"


def page_keys(section: str) -> dict[str, set[str]]:
    """TypedDict name -> the keys its block on the page lists (a ``### `...``` heading, then the block whose
    first line starts with the TypedDict's name in backticks, for a command's result)."""
    out: dict[str, set[str]] = {}
    current = None
    after_heading = False
    for line in section.splitlines():
        if line.startswith("### `"):
            current, after_heading = None, True
            if not line.endswith("--json`"):  # a nested object: the heading is its name
                current = line[5:].split("`", 1)[0]
                out[current] = set()
                after_heading = False
        elif after_heading and line.startswith("`"):
            current, after_heading = line[1:].split("`", 1)[0], False
            out[current] = set()
        elif line.startswith("- `") and current is not None:
            out[current].add(line[3:].split("`", 1)[0])
    return out


def disagreements(section: str) -> list[str]:
    """Where the page's section and the TypedDicts differ, in words."""
    listed = page_keys(section)
    problems = []
    for t in TYPES.values():
        keys = {k.name for k in t.keys}
        have = listed.pop(t.name, None)
        if have is None:
            problems.append(f"{t.name} is not in the JSON reference")
            continue
        problems += [f"{t.name}.{k} is missing from the JSON reference" for k in sorted(keys - have)]
        problems += [f"the JSON reference lists {t.name}.{k}, which the TypedDict lacks" for k in sorted(have - keys)]
    problems += [f"the JSON reference lists {name}, which results.py lacks" for name in listed]
    return problems


def test_the_json_reference_lists_every_key_of_every_result_and_no_other() -> None:
    section = doc.page_section(PAGE.read_text(encoding="utf-8"))
    assert disagreements(section) == []
    # Every TypedDict of results.py, command results and nested objects alike, is on the page.
    assert set(page_keys(section)) == set(TYPES) and len(TYPES) >= 31
    # And the wording is the TypedDicts' own (regenerate with `python tools/json_results_doc.py --write`).
    assert section == doc.section()


def test_the_json_reference_check_catches_a_missing_and_an_extra_key_and_type() -> None:
    section = doc.section()
    dropped = "\n".join(line for line in section.splitlines() if not line.startswith("- `excluded_errors`"))
    assert disagreements(dropped) == ["ComparisonResult.excluded_errors is missing from the JSON reference"]
    added = section.replace("- `reasons`:", "- `verdict`: made up\n- `reasons`:")
    assert disagreements(added) == ["the JSON reference lists GateDecision.verdict, which the TypedDict lacks"]
    nested_gone = section.replace("### `RunListEntry`", "### `RunListEntries`")
    assert disagreements(nested_gone) == [
        "RunListEntry is not in the JSON reference",
        "the JSON reference lists RunListEntries, which results.py lacks",
    ]


def every_key(name: str) -> tuple[set[str], set[str]]:
    """(required, all) keys of a TypedDict, its bases' included."""
    t = TYPES[name]
    required, every = every_key(t.base) if t.base else (set(), set())
    return required | {k.name for k in t.keys if k.required}, every | {k.name for k in t.keys}


def assert_shape(result: Mapping[str, Any], name: str) -> None:
    required, every = every_key(name)
    assert not required - set(result), f"{name}: keys missing from the real result: {sorted(required - set(result))}"
    assert not set(result) - every, f"{name}: keys the TypedDict lacks: {sorted(set(result) - every)}"


@pytest.fixture()
def old_store(tmp_path: Path) -> Iterator[Path]:
    copy = tmp_path / "store.sqlite3"
    shutil.copyfile(OLD_STORE, copy)
    yield copy


def run_cli(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_report_compare_gate_and_listings_have_the_documented_keys(old_store: Path, tmp_path: Path) -> None:
    with api.open_store(old_store) as store:
        base, cand = (api.resolve_run_id(r, store=store) for r in ("llama2orig", "gpt4"))
        assert_shape(api.summary(base, store=store), "RunSummary")
        assert_shape(api.compare_runs(store, base, cand), "ComparisonResult")
        assert_shape(api.gate_runs(store, base, cand, max_increase=0.02), "GateOutcome")
        out = tmp_path / "sft.jsonl"
        assert_shape(api.export_training(store, base, fmt="sft", out=str(out)), "ExportResult")
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps({"default": {"benign": "answer", "harmful": "refuse"}}), encoding="utf-8")
    assert_shape(api.policy_check(old_store, "gpt4", policy_path=str(policy)).result, "PolicyCheckResult")
    store_flag = ("--store", str(old_store))
    assert_shape(run_cli("report", "llama2orig", "gpt4", "--json", *store_flag), "ReportRuns")
    for run in run_cli("report", "llama2orig", "gpt4", "--json", *store_flag)["runs"]:
        assert_shape(run, "RunSummary")
    gate = run_cli(
        "gate", "--baseline", "llama2orig", "--candidate", "gpt4", "--max-increase", "0", "--json", *store_flag
    )
    assert_shape(gate, "GateDecision")
    listing = api.list_runs(old_store)
    assert_shape(listing, "RunList")
    for entry in listing["runs"]:
        assert_shape(entry, "RunListEntry")
    assert_shape(run_cli("runs", "--check", "--json", *store_flag), "StoreCheck")
    assert_shape(api.list_suites(), "SuiteList")
    assert_shape(api.list_judges(), "JudgeList")


def test_label_export_has_the_documented_keys(old_store: Path, tmp_path: Path) -> None:
    out = tmp_path / "to_label.csv"
    result = run_cli("label", "gpt4", "--n", "5", "--export", str(out), "--json", "--store", str(old_store))
    assert_shape(result, "LabelResult")
    assert result["exported"] == 5


def test_judge_eval_has_the_documented_keys(xstest_dir: Path) -> None:
    files = sorted((xstest_dir / "model_completions").glob("*.csv"))[:1]
    assert_shape(api.judge_eval("rules", files), "JudgeEvalResult")


def test_the_shape_check_can_fail() -> None:
    with pytest.raises(AssertionError, match="keys the TypedDict lacks"):
        assert_shape({"judges": [], "default": "rules", "extra": 1}, "JudgeList")
    with pytest.raises(AssertionError, match="keys missing"):
        assert_shape({"judges": []}, "JudgeList")


def _small_label_files(xstest_dir: Path, tmp_path: Path, per_class: int = 10) -> list[Path]:
    """Two label files in the XSTest layout with ``per_class`` rows of each class (fast to train on)."""
    import csv

    out = []
    for src in sorted((xstest_dir / "model_completions").glob("*.csv"))[:2]:
        rows = list(csv.DictReader(src.open(encoding="utf-8", newline="")))
        kept = []
        for label in sorted({r["final_label"] for r in rows}):
            kept += [r for r in rows if r["final_label"] == label][:per_class]
        dst = tmp_path / src.name
        with dst.open("w", encoding="utf-8", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(kept)
        out.append(dst)
    return out


def test_run_triggers_and_ablate_on_a_replay_deployment_have_the_documented_keys(
    xstest_dir: Path, tmp_path: Path
) -> None:
    replay = f"replay/{xstest_dir}/model_completions/xstest_v2_completions_llama2orig.csv"
    suite = str(xstest_dir / "xstest_prompts.csv")
    with api.open_store(tmp_path / "s.db") as store:
        result = api.run(suite, api.Deployment(replay), judges=["rules"], limit=20, store=store)
        assert_shape(result, "RunResult")
        assert_shape(api.triggers(store, result["run_id"], judge="rules"), "TriggersResult")
        ablation = api.ablate(
            store,
            model=replay,
            options=api.BackendOptions(),
            system_prompts=[],
            filters=["keyword"],
            suite=suite,
            limit=20,
            judge="rules",
        )
        assert_shape(ablation, "AblationResult")


def test_training_and_cross_validation_have_the_documented_keys(xstest_dir: Path, tmp_path: Path) -> None:
    pytest.importorskip("sklearn")
    files = _small_label_files(xstest_dir, tmp_path)
    trained = api.train_judge(files, out=tmp_path / "w.json", synthetic=False, public=False)
    assert_shape(trained, "TrainResult")
    crossval = api.judge_eval_cross_validation(
        "classifier", files, api.CrossValidation.LEAVE_ONE_MODEL_OUT, synthetic=False
    )
    assert_shape(crossval, "CrossValidationResult")
