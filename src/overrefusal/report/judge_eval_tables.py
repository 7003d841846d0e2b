"""The judge-evaluation tables in the terminal: ``judge-eval --labels``, ``judge-eval --run`` and the
behavioural checklist. Replies and labels are untrusted text: they reach the terminal only through ``safe_text``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.text import Text

from .cascade import cascade_lines
from .table_fit import FitColumn, FitTable, metric_cell
from .terminal import safe_text, stdout_console

_CLASSES = ("full_compliance", "full_refusal", "partial_refusal")
"""The three verdict classes, in the order of judge-eval's recall column and confusion matrix."""


def render_judge_eval(result: Mapping[str, Any], console: Console | None = None) -> None:
    """The ``judge-eval --labels`` table: per file (and style, language), overall, and the confusion matrix.
    Its columns outnumber 120 (leave-one-source-out), so ``$COLUMNS`` widens it on a pipe too."""
    console = console or stdout_console(honour_columns=True)
    judge_eval_table(result).print(console)
    # Imported here, not at the top: the judges package brings asyncio and the backends with it, and every
    # command (``--help`` too) imports this module while only this table needs the sentence.
    from ..judges.language.abstention import not_judged_sentence

    abstained = not_judged_sentence(result["overall"].get("not_judged") or {})
    if abstained:  # n and every metric above are over the replies the judge read
        console.print(Text(abstained, style="yellow"))
    conf = result["overall"]["confusion"]
    console.print("confusion (rows: human, columns: judge; compliance, refusal, partial):")
    for label, row in zip(_CLASSES, conf):
        console.print(f"  {label:16} {row}")
    if result.get("cascade"):
        for line in cascade_lines(result["cascade"]):
            console.print(safe_text(line))


def judge_eval_table(result: Mapping[str, Any]) -> FitTable:
    """Agreement per label file (and style, language) and overall. In a narrow terminal the speed, errors,
    calibration and kappa go first; the accuracies and recalls stay."""
    by_source = result.get("mode") == "leave_one_source_out"
    last = (
        (
            FitColumn("partial P", "right", drop=3),
            FitColumn("rate err", "right", drop=1),
            FitColumn("pop", "right", drop=6),
        )
        if by_source
        else (FitColumn("errors", "right", drop=5), FitColumn("replies/s", "right", drop=6))
    )
    table = FitTable(
        [
            FitColumn("file", name=True),
            FitColumn("n", "right"),
            FitColumn("acc 3-class", "right"),
            FitColumn("acc binary", "right"),
            FitColumn("kappa", "right", drop=4),
            FitColumn("recall compl/refusal/partial", "right", drop=2),
            FitColumn("ECE", "right", drop=4 if by_source else 3),
            *last,
        ],
        title=safe_text(f"judge {result['judge']} against human labels"),
    )

    def add(name: str, m: dict[str, Any], style: str = "") -> None:
        recalls = "/".join(metric_cell(m["per_class"][c]["recall"]) for c in _CLASSES)
        tail: tuple[Any, ...]
        if by_source:
            err = m.get("rate_error_points")
            tail = (
                metric_cell(m["per_class"]["partial_refusal"]["precision"]),
                "-" if err is None else f"{err:+.1f}",
                m.get("rate_population", ""),
            )
        else:
            tail = (str(m["errors"]), f"{m.get('replies_per_second', 0):.0f}")
        # File names are untrusted: no terminal escape and no rich markup from them reaches the terminal.
        table.add_row(
            safe_text(name),
            str(m["n"]),
            f"{m['accuracy_3class']:.3f}",
            f"{m['accuracy_binary']:.3f}",
            metric_cell(m["kappa_3class"], 3),
            recalls,
            f"{m['ece']:.3f}" if "ece" in m else "-",
            *tail,
            style=style,
        )

    # Labelled files often share a long prefix (xstest_v2_completions_...): show what tells them apart.
    names = list(result["files"])
    prefix = os.path.commonprefix(names) if len(names) > 1 else ""
    for name, m in result["files"].items():
        add(("…" + name[len(prefix) :]) if len(prefix) > 3 else name, m)
    for group in ("styles", "languages"):
        if result.get(group):
            table.add_section()
            for name, m in result[group].items():
                add(f"{group[:-1]}: {name}", m)
    table.add_section()
    if result.get("labels_pooled"):
        # The --labels files alone: the number leave-one-source-out is read by, without the training sources.
        add("pooled over --labels", result["labels_pooled"], "bold")
    add("overall", result["overall"], "bold")
    return table


def render_judge_eval_run(result: Mapping[str, Any], console: Console | None = None) -> None:
    """The ``judge-eval --run`` table: each judge against the run's human labels."""
    console = console or stdout_console()
    judge_eval_run_table(result).print(console)
    for name, m in result["judges"].items():
        if m.get("cascade"):
            for line in cascade_lines(m["cascade"], name):
                console.print(safe_text(line))
    console.print(
        "the stored replies were judged again; nothing was generated. Higher binary accuracy on this run "
        "means narrower corrected intervals in `overrefusal report`."
    )


def judge_eval_run_table(result: Mapping[str, Any]) -> FitTable:
    """Each judge's agreement with the run's human labels."""
    table = FitTable(
        [
            FitColumn("judge", name=True),
            FitColumn("n", "right"),
            FitColumn("acc 3-class", "right"),
            FitColumn("acc binary", "right"),
            FitColumn("kappa", "right", drop=2),
            FitColumn("recall compl/refusal/partial", "right", drop=1),
            FitColumn("errors", "right", drop=3),
        ],
        title=f"judges against the {result['n_labelled']} human labels of run {safe_text(result['run_id']).plain}",
    )
    for name, m in result["judges"].items():
        recalls = "/".join(f"{m['per_class'][c]['recall']:.2f}" for c in _CLASSES)
        table.add_row(
            safe_text(name),
            str(m["n"]),
            f"{m['accuracy_3class']:.3f}",
            f"{m['accuracy_binary']:.3f}",
            f"{m['kappa_3class']:.3f}",
            recalls,
            str(m["errors"]),
        )
    return table


def render_checklist(result: Mapping[str, Any], show_failures: int = 10, console: Console | None = None) -> None:
    """The ``judge-eval --checklist`` tables: pass rates per test, language, type and rubric clause (a column
    per judge), then the first ``show_failures`` failed cases of each judge. Checklist text is a file the
    user may have been given: it reaches the terminal only through ``safe_text``."""
    console = console or stdout_console()
    info = result["checklist"]
    judges: dict[str, Any] = result["judges"]
    version = f" version {info['version']}" if info.get("version") else ""
    console.print(
        safe_text(
            f"checklist {info['name']}{version}: {info['n_cases']} cases "
            + ", ".join(f"{n} {t}" for t, n in info["by_type"].items())
            + f" (sha256 {info['sha256'][:12]})"
        )
    )

    def cell(block: Mapping[str, Any] | None) -> str:
        if not block:
            return "–"
        errors = f" ({block['errors']} err)" if block.get("errors") else ""
        return f"{block['pass_rate']:.2f} {block['passed']}/{block['n']}{errors}"

    groups = (
        ("by_test", "test", ("type", "clause")),
        ("by_language", "language", ()),
        ("by_type", "type", ()),
        ("by_capability", "clause", ()),
    )
    first = next(iter(judges.values()))
    for key, title, extra in groups:
        table = FitTable(
            [
                FitColumn(title, name=True),
                *(FitColumn(col, name=True, drop=len(extra) - i) for i, col in enumerate(extra)),
                *(FitColumn(safe_text(judge_id).plain, "right") for judge_id in judges),
            ],
            title=f"pass rate per {title}",
        )
        for name, block in first[key].items():
            cells = [safe_text(name)]
            if extra:
                cells += [Text(block["type"]), Text(block["capability"])]
            cells += [Text(cell(j[key].get(name))) for j in judges.values()]
            table.add_row(*cells)
        table.add_section()
        overall = [Text("overall", style="bold")] + [Text("")] * len(extra)
        table.add_row(*overall, *(Text(cell(j["overall"]), style="bold") for j in judges.values()))
        table.print(console)
    for judge_id, j in judges.items():
        failures = j["failures"]
        rate = j.get("replies_per_second", 0)
        console.print(
            safe_text(f"{judge_id}: {len(failures)} of {j['overall']['n']} cases failed; {rate:.0f} replies/s")
        )
        if show_failures <= 0 or not failures:
            continue
        table = FitTable(
            [
                FitColumn("case", name=True),
                FitColumn("lang", drop=1),
                FitColumn("expected", name=True),
                FitColumn("got", name=True),
                FitColumn("reply", name=True, drop=2),
            ],
            title=safe_text(f"failures of {judge_id} (first {min(show_failures, len(failures))})"),
        )
        for f in failures[:show_failures]:
            got = "/".join(f["got"]) + (" ERROR: " + "; ".join(f["errors"]) if f["errors"] else "")
            table.add_row(
                safe_text(f["id"]),
                safe_text(f["language"]),
                safe_text(f["expected"]),
                safe_text(got, 60),
                safe_text(f["reply"], 90),
            )
        table.print(console)
