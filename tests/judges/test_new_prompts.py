"""Leave-one-source-out with new prompts (``judge-eval --leave-one-source-out --new-prompts K``).

XSTest's four label files answer the same 450 prompts, so plain leave-one-source-out trains on other models'
labelled replies to the held-out file's own prompts: a judge that reads the prompt's words can learn each
prompt's label there. ``--new-prompts`` judges each held-out source in parts, by models trained on no reply to
those prompts. These tests show the leak and that the option closes it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from overrefusal.api import CrossValidation, judge_eval_cross_validation
from overrefusal.cli import cli
from overrefusal.errors import UserError
from overrefusal.judges.classifier.train import TrainRow, held_out_splits, prompt_fold, prompt_key
from overrefusal.types import Verdict

from ._stubs import prompt_only_files


def _rows(prompts: list[str], source: str) -> list[TrainRow]:
    return [TrainRow(p, "reply", Verdict.COMPLIANCE, source) for p in prompts]


def test_splits_keep_every_held_out_prompt_out_of_training() -> None:
    prompts = [f"Question number {k}?" for k in range(40)]
    # The same prompts in two sources, spelt differently in one; a third source with prompts of its own.
    rows = _rows(prompts, "a") + _rows([p.upper() + "  " for p in prompts], "b") + _rows(["Other?", "More?"], "c")
    sources = [r.group for r in rows]
    plain = held_out_splits(rows, sources, "a")
    assert len(plain) == 1 and sorted(plain[0][1]) == list(range(40))
    assert set(plain[0][0]) == set(range(40, len(rows)))  # plain: the other sources' replies to the same prompts
    splits = held_out_splits(rows, sources, "a", new_prompts=4)
    assert 2 <= len(splits) <= 4
    tested = sorted(i for _, test in splits for i in test)
    assert tested == list(range(40))  # every held-out reply judged exactly once
    for train, test in splits:
        keys = {prompt_key(rows[i].prompt) for i in test}
        assert not keys & {prompt_key(rows[i].prompt) for i in train}
        assert all(rows[i].group != "a" for i in train)
        assert {len(rows) - 2, len(rows) - 1} <= set(train)  # unrelated prompts stay in training
        assert len({prompt_fold(rows[i].prompt, 4) for i in test}) == 1
    # A prompt's part depends on its text alone (case and spacing aside), the same on every run.
    assert prompt_fold("Question number 3?", 4) == prompt_fold("  QUESTION   number 3?", 4)
    assert held_out_splits(rows, sources, "a", new_prompts=4) == splits
    for bad in (-1, 1, 21):
        with pytest.raises(ValueError):
            held_out_splits(rows, sources, "a", new_prompts=bad)


def test_new_prompts_closes_the_prompt_memory_leak(tmp_path: Path) -> None:
    pytest.importorskip("sklearn")
    files = prompt_only_files(tmp_path)
    kwargs = {"public": False, "synthetic": False}
    plain = judge_eval_cross_validation("classifier", files, CrossValidation.LEAVE_ONE_SOURCE_OUT, **kwargs)
    fresh = judge_eval_cross_validation(
        "classifier", files, CrossValidation.LEAVE_ONE_SOURCE_OUT, new_prompts=5, **kwargs
    )
    # The classifier reads the prompt's words: held out by source alone, it recalls each prompt's label from the
    # other file; held out by source and prompt, it has nothing to go on.
    assert plain["labels_pooled"]["accuracy_3class"] >= 0.9
    assert fresh["labels_pooled"]["accuracy_3class"] <= 0.6
    assert fresh["new_prompts"] == 5 and plain["new_prompts"] == 0
    assert fresh["labels_pooled"]["n"] == plain["labels_pooled"]["n"] == 180
    assert "new prompts in 5 parts" in fresh["judge"]


def test_rubric_judge_with_new_prompts_judges_every_reply(tmp_path: Path) -> None:
    pytest.importorskip("scipy")
    files = prompt_only_files(tmp_path, n=30)
    text = CliRunner().invoke(
        cli,
        ["judge-eval", "--judge", "rubric", "--leave-one-source-out", "--no-public", "--no-synthetic"]
        + ["--new-prompts", "3", "--labels", *map(str, files)],
        env={"COLUMNS": "200"},
    )
    assert text.exit_code == 0, text.output
    assert "new prompts in 3 parts" in text.output
    # The table's pooled row counts every reply of the three files, each judged once.
    pooled_row = next(line for line in text.output.splitlines() if "pooled over --labels" in line)
    assert pooled_row.split("│")[2].strip() == "90"


@pytest.mark.parametrize(
    "extra",
    [
        ["--new-prompts", "5"],  # without --leave-one-source-out
        ["--leave-one-source-out", "--new-prompts", "1"],
        ["--leave-one-source-out", "--new-prompts", "x"],
        ["--leave-one-source-out", "--baseline-v2", "--new-prompts", "5"],
        ["--leave-one-model-out", "--new-prompts", "5"],
    ],
)
def test_new_prompts_misused_is_a_usage_error(extra: list[str], tmp_path: Path) -> None:
    files = prompt_only_files(tmp_path, n=6)
    res = CliRunner().invoke(cli, ["judge-eval", "--judge", "classifier", *extra, "--labels", *map(str, files)])
    assert res.exit_code == 2 and "--new-prompts" in res.output and "Traceback" not in res.output


def test_too_many_parts_is_refused_before_any_training(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import overrefusal.judges.rubric.train as rubric_train

    def trains(*args: object, **kwargs: object) -> None:
        raise AssertionError("leave-one-source-out started before --new-prompts was checked")

    monkeypatch.setattr(rubric_train, "leave_one_source_out", trains)
    files = prompt_only_files(tmp_path, n=6)
    with pytest.raises(UserError, match="--new-prompts"):
        judge_eval_cross_validation("rubric", files, CrossValidation.LEAVE_ONE_SOURCE_OUT, new_prompts=21)
    res = CliRunner().invoke(
        cli, ["judge-eval", "--leave-one-source-out", "--new-prompts", "21", "--labels", *map(str, files), "--json"]
    )
    assert res.exit_code == 2 and "2 to 20" in res.output
