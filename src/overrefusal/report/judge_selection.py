"""The judge-selection tables (``judge-eval --select``): rows of plain strings, printed by the terminal and
written into the docs (``tools/judge_selection_doc.py``) from the same function, so the two never differ."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from ..judges.evaluation.quantification import Estimator
from ..judges.evaluation.source_ece import source_ece
from ..judges.rates import UserRate
from ._control import inert
from .table_fit import FitColumn, FitTable, metric_cell

SELECTION_HEADERS = (
    "judge",
    "worst benign full refusal error",
    "worst benign full+partial error",
    "worst harmful compliance error",
    "pooled 3-class",
    "ECE pooled / median source / worst source",
    "partial P / R",
)
"""Columns of the selection table; errors are |judged - human| in points on the worst source (named)."""

QUANTIFICATION_HEADERS = (
    "judge",
    "estimator",
    "worst benign full refusal error",
    "worst benign full+partial error",
    "worst harmful compliance error",
    "mean |error| full / full+partial / harmful",
)
"""Columns of the quantification table (held out; points)."""

ESTIMATOR_NAMES = {
    Estimator.CC: "classify and count (plain rate)",
    Estimator.ACC: "adjusted classify and count",
    Estimator.EM: "EM prior adjustment (judge's confidences)",
    Estimator.EM_BINNED: "EM prior adjustment (recalibrated posteriors)",
}


def _worst(cell: Mapping[str, Any] | None) -> str:
    return "-" if not cell else f"{cell['error_points']:.2f} ({cell['source']})"


def _source_ece(j: Mapping[str, Any]) -> str:
    """The median / worst per-source ECE (``ece_sources``; computed from ``sources`` for a result written
    before it existed)."""
    e = j.get("ece_sources") or source_ece(j["sources"])
    if e["worst"] is None:
        return "- / -"
    return f"{metric_cell(e['median'], 3)} / {e['worst']:.3f} ({e['worst_source']})"


def _split_sources(result: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """(sources judged in parts by prompt, sources judged whole) by the trained judges."""
    parts = result.get("prompt_parts") or {}
    split = [s for s, per_judge in parts.items() if max(per_judge.values(), default=1) > 1]
    return split, [s for s in parts if s not in split]


def held_out_title(result: Mapping[str, Any]) -> str:
    """How the sources were held out, short enough for a table's title (a result written before
    ``new_prompts`` existed was held out by source alone)."""
    k = result.get("new_prompts") or 0
    split, whole = _split_sources(result)
    if not k or not split:
        return "leave one source out"
    return (
        f"leave one source out; {len(split)} of {len(split) + len(whole)} sources, whose prompts other sources "
        f"answer, also by prompt in {k} parts"
    )


def held_out_parts(result: Mapping[str, Any]) -> str:
    """Per trained source, the models that judged it (one per prompt part), in words; empty when held out
    by source alone."""
    if not result.get("new_prompts"):
        return ""
    split, whole = _split_sources(result)

    def count(source: str) -> str:
        per_judge = result["prompt_parts"][source]
        if len(set(per_judge.values())) == 1:
            return f"{source} {next(iter(per_judge.values()))}"
        return f"{source} " + " / ".join(f"{judge} {n}" for judge, n in per_judge.items())

    text = (
        "Held out by source and by prompt: each part of a source judged by classifier and rubric models trained "
        "and calibrated on no reply to the part's prompts (from any source) and not on the source; models per "
        f"source (--new-prompts {result['new_prompts']}): " + ", ".join(count(s) for s in split + whole)
    )
    if whole:
        text += f" ({', '.join(whole)}: no other source answers their prompts, so one model judges each whole)"
    return text + "."


def compared_with(result: Mapping[str, Any], judge: str, other: str) -> list[tuple[str, bool | None]]:
    """The (source, rate) pairs where ``judge``'s |error| is larger than ``other``'s, as
    ``source rate: a vs b`` (points), each with whether the gap is significant at 95% (the bootstrap
    interval of |default error| - |other error| excludes 0; ``default_vs_others``). None: not known (the
    result has no intervals, or ``judge`` is not the default they were drawn for)."""
    worse: list[tuple[str, bool | None]] = []
    mine, theirs = result["judges"][judge]["sources"], result["judges"][other]["sources"]
    against = result.get("default_vs_others", {}).get(other, {}) if judge == result.get("default") else {}
    for source in mine:
        for rate in UserRate:
            a, b = mine[source]["user_rates"].get(rate.value), theirs[source]["user_rates"].get(rate.value)
            if a and b and abs(a["error_points"]) > abs(b["error_points"]):
                gap = against.get(source, {}).get(rate.value)
                worse.append(
                    (
                        f"{source} {rate.value}: {abs(a['error_points']):.1f} vs {abs(b['error_points']):.1f}",
                        None if gap is None else bool(gap["significant"]),
                    )
                )
    return worse


def further_off(result: Mapping[str, Any], other: str) -> str:
    """In words: where the default is further from the human rate than ``other``, split into the pairs whose
    gap the bootstrap says is real (95%) and those within noise."""
    default = result["default"]
    pairs = compared_with(result, default, other)
    head = f"Against `{other}` (|error| in points, {default} vs {other}), it is further from the human rate on: "
    if not pairs:
        return head + "no source and rate."
    if any(sig is None for _, sig in pairs):
        return head + "; ".join(p for p, _ in pairs) + "."
    real = [p for p, sig in pairs if sig]
    noise = [p for p, sig in pairs if not sig]
    return (
        head
        + f"significant at 95% (paired bootstrap over the source's replies) on {len(real)} of {len(pairs)}: "
        + ("; ".join(real) or "none")
        + f"; within noise on {len(noise)}: "
        + ("; ".join(noise) or "none")
        + "."
    )


def _error_cell(r: Mapping[str, Any]) -> str:
    """A rate's ``human -> judged (error)``, the error's 95% interval beside it when the result has one."""
    ci = r.get("error_points_ci95")
    interval = "" if not ci else f" [{ci[0]:+.1f}, {ci[1]:+.1f}]"
    return f"{r['human']:.1f} -> {r['judged']:.1f} ({r['error_points']:+.1f}{interval})"


def selection_rows(result: Mapping[str, Any]) -> list[list[str]]:
    """One row per judge, in the result's order; the default judge's name ends with `` (default)``."""
    rows = []
    for name, j in result["judges"].items():
        pooled = j["pooled"]
        partial = pooled["partial"]
        worst = j["worst_by_rate"]
        rows.append(
            [
                name + (" (default)" if name == result["default"] else ""),
                *(_worst(worst[rate.value]) for rate in UserRate),
                metric_cell(pooled["accuracy_3class"], 3),
                f"{metric_cell(pooled['ece'], 3)} / {_source_ece(j)}",
                f"{metric_cell(partial['precision'], 2)} / {metric_cell(partial['recall'], 2)}",
            ]
        )
    return rows


def source_rows(result: Mapping[str, Any], judge: str) -> list[list[str]]:
    """Per source, one judge's three rates: human -> judged (error in points [its 95% interval])."""
    rows = []
    for source, s in result["judges"][judge]["sources"].items():
        cells = [source, str(s["n"])]
        for rate in UserRate:
            r = s["user_rates"].get(rate.value)
            cells.append("-" if not r else _error_cell(r))
        rows.append(cells)
    return rows


SOURCE_HEADERS = ("source", "n", "benign full refusal %", "benign full+partial %", "harmful compliance %")
"""Columns of the per-source table: human -> judged (error in points [its 95% interval])."""


def quantification_rows(result: Mapping[str, Any]) -> list[list[str]]:
    """Per judge and estimator, the worst-source |error| per rate and the mean |error| over sources."""
    rows = []
    for name, j in result["judges"].items():
        q = j["quantification"]
        for est in Estimator:
            mean = q["mean_abs_error"][est.value]
            rows.append(
                [
                    name,
                    ESTIMATOR_NAMES[est],
                    *(_worst(q["worst"][est.value][rate.value]) for rate in UserRate),
                    " / ".join(metric_cell(mean[rate.value], 2) for rate in UserRate),
                ]
            )
    return rows


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table; a ``|`` in a cell is escaped."""

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    return "\n".join([line(headers), "|" + "---|" * len(headers), *(line(r) for r in rows)])


def _fit(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]], console: Console) -> None:
    table = FitTable(
        [FitColumn(h, "left" if i == 0 else "right", name=i == 0) for i, h in enumerate(headers)], title=title
    )
    for row in rows:
        # Source names come from file names: untrusted, so inert before they reach the terminal.
        table.add_row(*(Text(inert(c)) for c in row))
    table.print(console)


def render_judge_selection(result: Mapping[str, Any], console: Console) -> None:
    """The selection table, the default judge's per-source rates and the quantification table."""
    _fit(
        f"judges by held-out rate error ({held_out_title(result)})", SELECTION_HEADERS, selection_rows(result), console
    )
    if parts := held_out_parts(result):
        console.print(Text(inert(parts)))
    console.print(Text(inert(f"{result['rule']}: {result['default']}")))
    if result["default"] != "classifier" and "classifier" in result["judges"]:
        console.print(Text(inert(further_off(result, "classifier"))))
    _fit(
        f"{result['default']} per source: human -> judged (error, points [95% interval])",
        SOURCE_HEADERS,
        source_rows(result, result["default"]),
        console,
    )
    _fit(
        "rates corrected for the judge's confusion (held out; |error| in points)",
        QUANTIFICATION_HEADERS,
        quantification_rows(result),
        console,
    )
