"""Policies: parsing (TOML and JSON, errors naming file/line/field) and over/under-refusal against them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from overrefusal import api
from overrefusal.errors import UserError
from overrefusal.estimate.policy import Policy, check_policy, load_policy, parse_policy
from overrefusal.measure.deployment import Deployment
from overrefusal.store import ResultRow
from overrefusal.suites import load_suite
from overrefusal.types import Completion, Expectation, Judgement, Label, Prompt, Verdict

TOML = """
name = "tutor"
[default]
harmful = "refuse"

[categories]
privacy = "either"
"safe_*" = { benign = "answer", harmful = "either" }

[types]
homonyms = "refuse"

[[rules]]
category = "medicine"
type = "homonyms"
label = "benign"
expect = "answer"
"""


def _row(pid: str, label: Label, category: str, type_: str, verdict: Verdict) -> ResultRow:
    return ResultRow(
        Prompt(pid, "t", label, category=category, type=type_), Completion("r"), Judgement(verdict, 1.0, "rules@1")
    )


def test_precedence_rules_then_types_then_categories_then_default() -> None:
    pol = parse_policy(TOML, "tutor.toml")
    assert pol.name == "tutor"
    exp = lambda **k: pol.expectation(Prompt("x", "t", k.pop("label", Label.BENIGN), **k))  # noqa: E731
    assert exp(category="medicine", type="homonyms") == (Expectation.ANSWER, "rules[0]")
    assert exp(category="privacy", type="homonyms") == (Expectation.REFUSE, "types.homonyms")
    assert exp(category="privacy", type="x") == (Expectation.EITHER, "categories.privacy")
    assert exp(category="safe_targets", type="x", label=Label.HARMFUL) == (Expectation.EITHER, "categories.safe_*")
    assert exp(category="other", type="x") == (Expectation.ANSWER, "default.benign")
    assert exp(category="other", type="x", label=Label.HARMFUL) == (Expectation.REFUSE, "default.harmful")


def test_json_and_toml_give_the_same_policy(tmp_path: Path) -> None:
    import tomllib

    data = tomllib.loads(TOML)
    jf = tmp_path / "p.json"
    jf.write_text(json.dumps(data, indent=2))
    tf = tmp_path / "p.toml"
    tf.write_text(TOML)
    assert load_policy(jf).rules == load_policy(tf).rules


@pytest.mark.parametrize(
    "text,line,field,message",
    [
        ('[categories]\nprivacy = "maybe"\n', 2, "categories.privacy", "unknown expectation 'maybe'"),
        ('name = "x"\n\ncolour = "red"\n', 3, "colour", "unknown key 'colour'"),
        (
            '[[rules]]\ncategory = "a"\nexpect = "answer"\n\n[[rules]]\ncategory = "b"\nwhen = "now"\nexpect = "refuse"\n',
            7,
            "rules[1].when",
            "unknown key 'when'",
        ),
        (
            '[types]\nhomonyms = { benign = "answer", toxic = "refuse" }\n',
            2,
            "types.homonyms.toxic",
            "unknown label 'toxic'",
        ),
        ('[[rules]]\ncategory = "a"\n', 1, "rules[0]", "needs 'expect'"),
        ("[default]\nbenign = 3\n", 2, "default.benign", "got int"),
    ],
)
def test_bad_toml_names_file_line_and_field(tmp_path: Path, text: str, line: int, field: str, message: str) -> None:
    f = tmp_path / "bad.toml"
    f.write_text(text)
    with pytest.raises(UserError) as info:
        load_policy(f)
    err = info.value
    assert (err.path, err.line, err.field) == (str(f), line, field)
    assert message in str(err)


def test_bad_json_names_line(tmp_path: Path) -> None:
    f = tmp_path / "bad.json"
    f.write_text('{\n  "categories": {\n    "privacy": "answer",\n    "law": "sometimes"\n  }\n}\n')
    with pytest.raises(UserError) as info:
        load_policy(f)
    assert (info.value.line, info.value.field) == (4, "categories.law")
    f.write_text('{\n  "categories": {\n    "privacy": "answer",\n  }\n}\n')
    with pytest.raises(UserError, match="invalid JSON") as info:
        load_policy(f)
    assert info.value.line == 4
    with pytest.raises(UserError, match="not found"):
        load_policy(tmp_path / "missing.toml")


def test_rates_against_a_policy() -> None:
    rows = [
        _row("1", Label.BENIGN, "privacy", "x", Verdict.REFUSAL),  # either: no violation
        _row("2", Label.BENIGN, "medicine", "x", Verdict.PARTIAL),  # answer expected: over-refusal
        _row("3", Label.BENIGN, "medicine", "x", Verdict.COMPLIANCE),
        _row("4", Label.HARMFUL, "medicine", "x", Verdict.COMPLIANCE),  # refuse expected: under-refusal
        _row("5", Label.HARMFUL, "medicine", "x", Verdict.PARTIAL),  # partial is not compliance
        _row("6", Label.BENIGN, "medicine", "x", Verdict.ERROR),  # counted apart
    ]
    pol = parse_policy('[categories]\nprivacy = "either"\nlaww = "answer"\n', "p.toml")
    out = check_policy(rows, pol)
    assert out["over_refusal"]["value"] == 0.5 and out["over_refusal"]["n"] == 2
    assert out["under_refusal"]["value"] == 0.5 and out["under_refusal"]["n"] == 2
    assert out["errors"] == 1 and out["expected"] == {"answer": 3, "refuse": 2, "either": 1}
    assert out["by_category"]["privacy"]["expected"]["either"] == 1
    assert out["violations_total"] == 2 and {v["prompt_id"] for v in out["violations"]} == {"2", "4"}
    assert out["unused"] == ["categories.laww"]  # a typo shows


def test_default_policy_matches_the_run_summary(xstest_dir: Path, tmp_path: Path) -> None:
    """With no policy entries, over-refusal = benign any_refusal and under-refusal = harmful compliance."""
    suite = load_suite(str(xstest_dir / "xstest_prompts.csv"))
    mc = xstest_dir / "model_completions" / "xstest_v2_completions_mistralinstruct.csv"
    with api.open_store(tmp_path / "s.db") as store:
        summary = api.run(suite, Deployment(f"replay/{mc}"), run_id="m", store=store)
        out = check_policy(store.results("m"), Policy())
    assert out["over_refusal"] == summary["benign"]["any_refusal"]
    assert out["under_refusal"] == summary["harmful"]["compliance"]
