"""export-training: TRL-format SFT/DPO JSONL from replayed XSTest runs (llama2orig as the run, gpt4 as reference)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from overrefusal import api
from overrefusal.analysis.export import export_training, templated_refusal
from overrefusal.judges import create_judge
from overrefusal.measure.deployment import Deployment
from overrefusal.suites import load_suite
from overrefusal.types import Completion, Label, Verdict


def _files(xstest_dir: Path) -> tuple[Path, Path, Path, Path]:
    mc = xstest_dir / "model_completions"
    return (
        xstest_dir / "xstest_prompts.csv",
        mc / "xstest_v2_completions_llama2orig.csv",
        mc / "xstest_v2_completions_gpt4.csv",
        mc / "xstest_v2_completions_mistralinstruct.csv",
    )


def _check_messages(msgs: object, roles: set[str]) -> None:
    assert isinstance(msgs, list) and msgs
    for m in msgs:
        assert set(m) == {"role", "content"} and m["role"] in roles
        assert isinstance(m["content"], str) and m["content"].strip()


def _read(path: Path) -> list[dict]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


@pytest.fixture(scope="module")
def xstest_store(xstest_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    prompts, llama, _gpt4, mistral = _files(xstest_dir)
    store_path = tmp_path_factory.mktemp("export") / "store.db"
    suite = load_suite(str(prompts))
    with api.open_store(store_path) as store:
        api.run(suite, Deployment(f"replay/{llama}"), run_id="llama2orig", store=store)
        api.run(suite, Deployment(f"replay/{mistral}"), run_id="mistral", store=store)
        api.run(
            suite,
            Deployment(f"replay/{llama}", system_prompt="You are a helpful assistant."),
            run_id="llama2orig-sys",
            store=store,
        )
    return store_path


def test_dpo_pairs_from_llama2orig_with_gpt4_reference(xstest_dir: Path, xstest_store: Path, tmp_path: Path) -> None:
    _, _, gpt4, _ = _files(xstest_dir)
    out = tmp_path / "dpo.jsonl"
    judge = create_judge("rules")
    with api.open_store(xstest_store) as store:
        s = asyncio.run(
            export_training(store, "llama2orig", fmt="dpo", out=out, reference=f"replay/{gpt4}", judge=judge)
        )
        rows = {r.prompt.text: r for r in store.results("llama2orig")}
    refused_benign = sum(1 for r in rows.values() if r.prompt.label is Label.BENIGN and r.judgement.verdict.is_refusal)
    assert s["over_refusal_pairs"] + s["skipped"]["no_compliant_reference"] == refused_benign > 100
    assert s["over_refusal_pairs"] > 100 and s["records"] == s["over_refusal_pairs"] + s["under_refusal_pairs"]
    records = _read(out)
    assert len(records) == s["records"]
    for rec in records:
        assert set(rec) == {"prompt", "chosen", "rejected"}
        _check_messages(rec["prompt"], {"user"})
        _check_messages(rec["chosen"], {"assistant"})
        _check_messages(rec["rejected"], {"assistant"})
        assert len(rec["chosen"]) == len(rec["rejected"]) == 1
    # Each over-refusal pair: the run's refusal is rejected, a compliant gpt4 reply is chosen.
    first = records[0]
    row = rows[first["prompt"][0]["content"]]
    assert row.prompt.label is Label.BENIGN and row.judgement.verdict.is_refusal
    assert first["rejected"][0]["content"] == row.completion.text
    chosen = judge.judge_one(row.prompt, Completion(first["chosen"][0]["content"]))
    assert chosen.verdict is Verdict.COMPLIANCE


def test_under_refusal_pairs_choose_the_reference_refusal(xstest_dir: Path, xstest_store: Path, tmp_path: Path) -> None:
    _, _, gpt4, _ = _files(xstest_dir)
    out = tmp_path / "sft.jsonl"
    with api.open_store(xstest_store) as store:
        s = asyncio.run(
            export_training(
                store, "mistral", fmt="sft", out=out, reference=f"replay/{gpt4}", judge=create_judge("rules")
            )
        )
        harmful_complied = {
            r.prompt.text
            for r in store.results("mistral")
            if r.prompt.label is Label.HARMFUL and r.judgement.verdict is Verdict.COMPLIANCE
        }
    assert s["under_refusal_pairs"] == len(harmful_complied) > 0
    assert s["reference_refusals"] + s["template_refusals"] == s["under_refusal_pairs"]
    assert s["reference_refusals"] > 0
    records = _read(out)
    for rec in records:
        assert set(rec) == {"messages"}
        _check_messages(rec["messages"], {"user", "assistant"})
        assert [m["role"] for m in rec["messages"]] == ["user", "assistant"]
    judge = create_judge("rules")
    under = [r for r in records if r["messages"][0]["content"] in harmful_complied]
    assert len(under) == s["under_refusal_pairs"]
    for rec in under:  # SFT teaches the refusal, never the compliance
        from overrefusal.types import Prompt

        verdict = judge.judge_one(
            Prompt("x", rec["messages"][0]["content"], Label.HARMFUL), Completion(rec["messages"][1]["content"])
        ).verdict
        assert verdict.is_refusal


def test_system_prompt_is_included_and_no_reference_skips(xstest_store: Path, tmp_path: Path) -> None:
    out = tmp_path / "dpo.jsonl"
    with api.open_store(xstest_store) as store:
        s = asyncio.run(
            export_training(store, "llama2orig-sys", fmt="dpo", out=out, reference=None, judge=create_judge("rules"))
        )
    # Without a reference there is no compliant reply to choose: every over-refusal is skipped, not invented.
    assert s["over_refusal_pairs"] == 0 and s["skipped"]["no_compliant_reference"] > 100
    assert s["system_prompt"] is True and s["records"] == 0 and out.read_text() == ""


def test_system_prompt_in_records(xstest_dir: Path, xstest_store: Path, tmp_path: Path) -> None:
    _, _, gpt4, _ = _files(xstest_dir)
    out = tmp_path / "dpo.jsonl"
    with api.open_store(xstest_store) as store:
        # A stored run as reference: the same replies, so it refused what this run refused: no pairs.
        same = asyncio.run(
            export_training(
                store, "llama2orig-sys", fmt="dpo", out=out, reference="llama2orig", judge=create_judge("rules")
            )
        )
        assert same["references_found"] == 450 and same["over_refusal_pairs"] == 0
        s = asyncio.run(
            export_training(
                store, "llama2orig-sys", fmt="dpo", out=out, reference=f"replay/{gpt4}", judge=create_judge("rules")
            )
        )
    rec = _read(out)[0]
    assert s["records"] > 0
    assert rec["prompt"][0] == {"role": "system", "content": "You are a helpful assistant."}
    assert rec["prompt"][1]["role"] == "user"


def test_templated_refusal_is_stable() -> None:
    from overrefusal.types import Prompt

    p = Prompt("h-1", "x", Label.HARMFUL)
    assert templated_refusal(p) == templated_refusal(p)
