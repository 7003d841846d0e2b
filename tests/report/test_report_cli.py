"""The report, compare and gate commands through the real CLI (``python -m overrefusal ...``)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from _cli import run_overrefusal

from ._store import ReportStore

CHANGE_KEYS = {"baseline", "candidate", "difference", "low", "high", "p_value", "n_pairs"}


def cli(*args: str, store: Path) -> subprocess.CompletedProcess[str]:
    return run_overrefusal(*args, "--store", str(store), timeout=300)


def test_gate_fails_on_a_significant_rise_in_over_refusal(report_store: ReportStore) -> None:
    runs = report_store.xstest_runs
    p = cli(
        "gate",
        "--baseline",
        runs["llama2new"],
        "--candidate",
        runs["llama2orig"],
        "--max-increase",
        "0.02",
        store=report_store.path,
    )
    assert p.returncode == 1, p.stderr
    m = re.match(r"FAIL: over-refusal rose from (\d+\.\d)% to (\d+\.\d)% \(\+\d+\.\d points", p.stdout)
    assert m and float(m.group(2)) > float(m.group(1)) + 15, p.stdout
    assert "allowed: +2.0 points" in p.stdout


def test_gate_passes_a_drop_and_a_rise_within_the_allowance(report_store: ReportStore) -> None:
    runs = report_store.xstest_runs
    p = cli(
        "gate",
        "--baseline",
        runs["llama2orig"],
        "--candidate",
        runs["llama2new"],
        "--max-increase",
        "0.02",
        store=report_store.path,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    m = re.match(r"OK: over-refusal (\d+\.\d)% -> (\d+\.\d)% \(-\d+\.\d points", p.stdout)
    assert m and float(m.group(2)) < float(m.group(1)) - 15, p.stdout
    assert len(p.stdout.strip().splitlines()) == 1
    # A rise of about 30 points passes when 40 are allowed, and when it is not significant at a tiny alpha.
    for extra in (["--max-increase", "0.4"], ["--max-increase", "0.02", "--alpha", "1e-20"]):
        p = cli(
            "gate", "--baseline", runs["llama2new"], "--candidate", runs["llama2orig"], *extra, store=report_store.path
        )
        assert p.returncode == 0, (extra, p.stdout, p.stderr)


def test_gate_checks_harmful_compliance_when_asked(report_store: ReportStore) -> None:
    runs = report_store.xstest_runs
    base = ["gate", "--baseline", runs["llama2orig"], "--candidate", runs["mistralinstruct"], "--max-increase", "1"]
    p = cli(*base, store=report_store.path)
    assert p.returncode == 0, p.stdout  # harmful compliance is reported, not gated, unless a limit is given
    p = cli(*base, "--max-harmful-increase", "0.05", "--json", store=report_store.path)
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["passed"] is False and len(out["reasons"]) == 1 and "harmful compliance rose" in out["reasons"][0]
    assert out["checks"]["harmful_compliance"]["failed"] and not out["checks"]["benign_any_refusal"]["failed"]
    assert set(out["checks"]["harmful_compliance"]["change"]) == CHANGE_KEYS
    assert "FAIL: harmful compliance rose" in p.stderr


def test_gate_bad_input_exits_2(report_store: ReportStore) -> None:
    runs = report_store.xstest_runs
    cases = [
        ["--baseline", "no-such-run", "--candidate", runs["gpt4"], "--max-increase", "0.02"],
        ["--baseline", runs["gpt4"], "--candidate", runs["llama2new"], "--max-increase", "-0.1"],
        ["--baseline", runs["gpt4"], "--candidate", runs["llama2new"], "--max-increase", "lots"],
        ["--baseline", runs["gpt4"], "--candidate", runs["llama2new"]],
        ["--baseline", runs["gpt4"], "--candidate", runs["llama2new"], "--max-increase", "0.1", "--alpha", "0"],
        [
            "--baseline",
            runs["gpt4"],
            "--candidate",
            report_store.hostile_run,
            "--max-increase",
            "0.1",
        ],  # no shared prompt
    ]
    for args in cases:
        p = cli("gate", *args, store=report_store.path)
        assert p.returncode == 2, (args, p.stdout, p.stderr)
        assert "Traceback" not in p.stderr and p.stderr.strip(), args


def test_compare_cli_prints_plain_words_and_contract_json(report_store: ReportStore) -> None:
    runs = report_store.xstest_runs
    p = cli("compare", runs["llama2orig"], runs["llama2new"], store=report_store.path)
    assert p.returncode == 0, p.stderr
    assert "paired on 450 prompts (450 matched by id, 0 by prompt text)" in p.stdout
    assert re.search(r"^over-refusal overall: \d+% -> \d+%, -\d\d points \[-\d+, -\d+\], p < 0\.001", p.stdout, re.M)
    p = cli("compare", runs["llama2orig"], runs["llama2new"], "--json", store=report_store.path)
    out = json.loads(p.stdout)
    assert set(out["overall"]) == {"benign_any_refusal", "harmful_compliance"}
    assert set(out["overall"]["benign_any_refusal"]) == CHANGE_KEYS
    assert set(out["by_category"]["homonyms"]["benign_any_refusal"]) == CHANGE_KEYS
    assert cli("compare", "nope", runs["gpt4"], store=report_store.path).returncode == 2


def test_report_writes_html_and_markdown(report_store: ReportStore, tmp_path: Path) -> None:
    pytest.importorskip("plotly", reason="the report extra is not installed")
    pytest.importorskip("jinja2", reason="the report extra is not installed")
    runs = report_store.xstest_runs
    html, md = tmp_path / "r.html", tmp_path / "r.md"
    p = cli(
        "report",
        runs["llama2orig"],
        runs["llama2new"],
        "--html",
        str(html),
        "--markdown",
        str(md),
        "--json",
        "--max-examples",
        "3",
        store=report_store.path,
    )
    assert p.returncode == 0, p.stderr
    assert [r["run_id"] for r in json.loads(p.stdout)["runs"]] == [runs["llama2orig"], runs["llama2new"]]
    page = html.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "frontier-plot" in page and len(page) > 3_000_000
    assert re.search(r"… and 1\d\d more", page)
    assert md.read_text(encoding="utf-8").startswith("# Over-refusal report")
    p = cli("report", runs["gpt4"], store=report_store.path)
    assert p.returncode == 0 and "provenance: overrefusal" in p.stdout
    p = cli("report", "nope", "--html", str(html), store=report_store.path)
    assert p.returncode == 2 and "no run 'nope'" in p.stderr
