"""Report data, the raw HTML and the Markdown report: sections, definitions, escaping, provenance."""

from __future__ import annotations

import html
import re

import pytest

from overrefusal.report.data import (
    SMOTHER_MIN_CAVEATS,
    Segment,
    build_report,
    flip,
    highlight,
    pct,
    short_model,
)
from overrefusal.report.html import _csp, pareto_front, render_html
from overrefusal.report.markdown import md_block, md_inline, render_markdown
from overrefusal.types import Label, Verdict

from ._store import HOSTILE_SYSTEM_PROMPT, IMG, OTHER_JUDGE, SCRIPT, ReportStore


def test_highlight_marks_the_trigger_case_insensitively_and_across_whitespace() -> None:
    assert highlight("How do I KILL a process?", ["kill"]) == [
        Segment("How do I "),
        Segment("KILL", True),
        Segment(" a process?"),
    ]
    segs = highlight("I  cannot\nprovide that", ["i cannot provide"])
    assert segs == [Segment("I  cannot\nprovide", True), Segment(" that")]
    assert highlight("Never mixed, never MIX", ["mix"], whole_words=True) == [
        Segment("Never "),
        Segment("mixed", True),
        Segment(", never "),
        Segment("MIX", True),
    ]
    assert highlight("mixed", ["mix"]) == [Segment("mix", True), Segment("ed")]
    assert highlight("plain", []) == [Segment("plain")]
    assert highlight("plain", ["", "  "]) == [Segment("plain")]
    assert "".join(s.text for s in highlight("a <b>kill</b> c kill", ["kill", "<b>"])) == "a <b>kill</b> c kill"


def test_flip_and_pareto_front() -> None:
    assert flip({"value": 0.25, "low": 0.1, "high": 0.4, "n": 20}) == pytest.approx(
        {"value": 0.75, "low": 0.6, "high": 0.9, "n": 20}
    )
    assert flip({"value": 0, "low": 0, "high": 1, "n": 0})["n"] == 0
    assert pareto_front([(0.4, 1.0), (0.9, 0.9), (0.5, 0.5), (0.95, 0.2)]) == [(0.4, 1.0), (0.9, 0.9), (0.95, 0.2)]


def test_short_model_names() -> None:
    assert short_model({"model": "replay//x/y/xstest_v2_completions_gpt4.csv"}) == "replay:gpt4"
    assert short_model({"model": "llamacpp/smollm2"}) == "llamacpp/smollm2"


def test_sections_over_real_runs(report_store: ReportStore, store) -> None:
    data = build_report(
        store, [report_store.xstest_runs["llama2orig"], report_store.xstest_runs["gpt4"]], max_examples=10
    )
    orig, gpt4 = data.runs
    assert orig.label == "replay:llama2orig"
    # Frontier coordinates are the complements of the contract's rates.
    assert orig.benign_compliance["value"] == pytest.approx(1 - orig.summary["benign"]["any_refusal"]["value"])
    assert orig.harmful_refusal["value"] == pytest.approx(1 - orig.summary["harmful"]["compliance"]["value"])
    # Over-refused: every benign model refusal, capped list, full refusals first.
    rows = store.results(orig.run_id)
    expected = [r for r in rows if r.prompt.label is Label.BENIGN and r.judgement.verdict.is_refusal]
    assert orig.over_refused.total == len(expected) > 100
    assert len(orig.over_refused.examples) == 10 and orig.over_refused.omitted == len(expected) - 10
    assert all(
        e.label == "benign" and e.verdict in ("full_refusal", "partial_refusal") for e in orig.over_refused.examples
    )
    assert orig.over_refused.examples[0].verdict == "full_refusal"
    first = orig.over_refused.examples[0]
    assert any(s.mark and s.text.lower() == first.focus.lower() for s in first.prompt_segments)
    # Smothered: compliant benign replies with >= SMOTHER_MIN_CAVEATS caveats, and only those.
    smothered = [
        r
        for r in rows
        if r.prompt.label is Label.BENIGN
        and r.judgement.verdict is Verdict.COMPLIANCE
        and r.judgement.signals.caveats >= SMOTHER_MIN_CAVEATS
    ]
    assert orig.smothered.total == len(smothered) > 0
    assert all(e.verdict == "full_compliance" and e.caveats >= SMOTHER_MIN_CAVEATS for e in orig.smothered.examples)
    assert orig.smothered_rate["n"] == orig.summary["benign"]["any_refusal"]["n"]
    assert orig.filter_blocks.total == 0 and orig.agreements == ()
    assert orig.headline.startswith(f"replay:llama2orig refuses {pct(orig.summary['benign']['any_refusal'])} of 250")
    assert set(data.categories) == set(orig.summary["by_category"])


def test_filter_blocks_are_kept_apart_from_model_refusals(report_store: ReportStore, store) -> None:
    (run,) = build_report(store, [report_store.filter_run]).runs
    blocked_ids = {e.prompt_id for e in run.filter_blocks.examples}
    assert blocked_ids == {"b1", "h1", "h3", "h2"}  # the keyword filter's "kill" and "steal*"
    assert [e.label for e in run.filter_blocks.examples][:1] == ["benign"]  # benign blocks first
    assert not blocked_ids & {e.prompt_id for e in run.over_refused.examples}
    assert {e.prompt_id for e in run.over_refused.examples} == {"b3"}
    (name,) = run.filter_counts
    assert name.startswith("keyword") and run.filter_counts[name] == {"benign": 1, "harmful": 3}
    assert "Filters block" in run.headline


def test_judge_disagreements_are_listed(report_store: ReportStore, store) -> None:
    (run,) = build_report(store, [report_store.hostile_run]).runs
    assert run.judges == ("rules@1", OTHER_JUDGE)
    (agreement,) = run.agreements
    assert agreement.other == OTHER_JUDGE and agreement.n == 6 and agreement.total_disagreements == 1
    (d,) = agreement.disagreements
    assert (d.prompt_id, d.primary_verdict, d.other_verdict) == ("b1", "full_refusal", "partial_refusal")
    assert dict(run.provenance)["other judges"] == OTHER_JUDGE


def test_provenance_is_complete(report_store: ReportStore, store) -> None:
    (run,) = build_report(store, [report_store.hostile_run]).runs
    prov = dict(run.provenance)
    rec = store.get_run(report_store.hostile_run)
    assert prov["run id"] == rec.run_id
    assert rec.suite_version in prov["suite"] and rec.suite_name in prov["suite"]
    assert prov["deployment id"] == rec.deployment_id
    assert prov["system prompt"] == HOSTILE_SYSTEM_PROMPT
    assert "temperature=0.0" in prov["generation"] and "max_tokens=" in prov["generation"]
    assert prov["judge"].startswith("rules@1") and "version 1" in prov["judge"]
    assert prov["overrefusal version"] == rec.provenance["package_version"]
    assert prov["host"] == rec.provenance["host"] and prov["started"] == rec.provenance["started_at"]


def test_raw_html_escapes_everything_and_carries_provenance(report_store: ReportStore, store) -> None:
    pytest.importorskip("plotly", reason="the report extra is not installed")
    pytest.importorskip("jinja2", reason="the report extra is not installed")
    data = build_report(store, [report_store.hostile_run, report_store.filter_run])
    page = render_html(data)
    assert SCRIPT not in page and IMG not in page and "<script>alert('system')" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert page.count("<script") == 4  # plotly config, plotly.js (once), two figures
    markup = re.sub(r"(?s)<script>.*?</script>", "", page)  # plotly.js itself mentions URLs it never loads here
    assert "<script src" not in page and "<link" not in markup and 'src="http' not in markup
    rec = store.get_run(report_store.hostile_run)
    for value in (
        rec.suite_version,
        rec.deployment_id,
        rec.provenance["host"],
        rec.provenance["started_at"],
        "rules@1",
        OTHER_JUDGE,
        "overrefusal " + rec.provenance["package_version"],
    ):
        assert value in page, value
    # The CSP allows exactly the page's own scripts, by hash, and no network.
    csp = html.unescape(re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1))
    assert csp.count("'sha256-") == 4 and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert "connect-src 'none'" in csp and "default-src 'none'" in csp


def test_csp_hashes_match_the_scripts() -> None:
    import base64
    import hashlib

    frag = '<div></div><script>var a = 1;</script><script type="x">b()</script>'
    csp = _csp([frag])
    for body in ("var a = 1;", "b()"):
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in csp


def test_markdown_report_is_inert_and_complete(report_store: ReportStore, store) -> None:
    data = build_report(
        store, [report_store.hostile_run, report_store.filter_run, report_store.xstest_runs["llama2new"]]
    )
    md = render_markdown(data)
    # Replies sit in fences nothing inside can close; everything else is escaped text.
    assert "`````text" in md  # the b2 reply holds a 4-backtick run, so its fence has 5
    outside_fences = re.sub(r"(?ms)^ *(`{3,})text\n.*?^ *\1$", "", md)
    assert "<script" not in outside_fences and "<img" not in outside_fences
    assert "&lt;img src=x onerror=alert(1)&gt;" in outside_fences  # the prompt, as text
    for heading in (
        "## Headlines",
        "## Trade-off",
        "## By category",
        "## Over-refused benign prompts",
        "## Replies smothered in caveats",
        "## Filter blocks",
        "## Judges",
        "## Provenance",
    ):
        assert heading in md
    rec = store.get_run(report_store.hostile_run)
    for value in (rec.suite_version, rec.deployment_id, rec.provenance["started_at"].replace("-", r"-")):
        assert value in md.replace("\\", ""), value
    assert "**kill**" in md


def test_md_helpers() -> None:
    assert md_inline("# a | b *c* [x](javascript:y) <b>") == r"\# a \| b \*c\* \[x\](javascript:y) &lt;b&gt;"
    assert md_inline("- item") == r"\- item" and md_inline("1. one") == r"1\. one"
    assert md_inline("line\nbreak\x1b[31m") == "line break\ufffd\\[31m"
    block = md_block("```\n<script>x</script>")
    assert block.startswith("````text\n") and block.endswith("\n````")


def test_trust_section_from_human_labels(report_store: ReportStore, store) -> None:
    """The hostile run's labels: corrected rates beside the judged ones, the judge's agreement, the one
    disagreement (b1), in the data, the Markdown (inert) and the JSON summary."""
    from overrefusal import api

    from ._store import HOSTILE_LABELLER

    data = build_report(store, [report_store.hostile_run, report_store.xstest_runs["gpt4"]])
    hostile, plain = data.runs
    assert plain.trust is None
    t = hostile.trust
    assert t is not None and t.n_labelled == t.n_sampled > 0
    assert t.total_disagreements == 1 and t.disagreements[0].prompt_id == "b1"
    assert t.disagreements[0].human_verdict == Verdict.COMPLIANCE.value
    assert t.agreement["disagreements"] == 1 and t.agreement["n"] == t.n_labelled
    # Every reply labelled: the corrected rates are the labels' own rates.
    s = api.summary(report_store.hostile_run, store=store)
    benign = [
        r
        for r in store.results(report_store.hostile_run)
        if r.prompt.label is Label.BENIGN and r.judgement.verdict is not Verdict.ERROR
    ]
    labels = store.human_labels(report_store.hostile_run)
    human_any = sum(labels[r.prompt.id].verdict.is_refusal for r in benign) / len(benign)
    assert s["benign"]["any_refusal_corrected"]["value"] == pytest.approx(human_any)
    assert s["benign"]["any_refusal_corrected"]["n_labelled"] == len(benign)
    md = render_markdown(data)
    assert "## How far to trust these numbers" in md
    section = md.split("## How far to trust these numbers", 1)[1].split("\n## ", 1)[0]
    assert "<b>" not in section and md_inline(HOSTILE_LABELLER) in section
    # The hostile reply is there only inside code fences, where nothing is interpreted.
    fence = re.compile(r"(`{3,})text\n.*?\n\s*\1", re.S)
    assert any(SCRIPT in m.group(0) for m in fence.finditer(section))
    assert SCRIPT not in fence.sub("", section)
