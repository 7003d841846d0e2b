"""The diagnosis tables in the terminal: ``triggers``, ``ablate``, ``quality``, ``reward-probe`` and ``policy``.
Untrusted text (words, model and file names) reaches the terminal only through ``safe_text`` or ``inert``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.text import Text

from ._control import inert
from .table_fit import FitColumn, FitTable
from .terminal import print_title, safe_text


def _c(value: Any) -> str:
    """Untrusted text (run ids, file and model names) for the terminal: control characters neutralised."""
    return inert(str(value))


def est_cell(e: dict[str, Any]) -> str:
    """A rate for a table cell: ``12% [8–17] n=120``, or ``–`` when nothing was measured."""
    if not e or e.get("n", 0) == 0:
        return "–"
    return f"{100 * e['value']:.0f}% [{100 * e['low']:.0f}–{100 * e['high']:.0f}] n={e['n']}"


def mean_cell(e: dict[str, Any]) -> str:
    """A mean for a table cell: ``3.41 [3.20–3.60] n=80``, or ``–``."""
    if not e or e.get("n", 0) == 0:
        return "–"
    return f"{e['value']:.2f} [{e['low']:.2f}–{e['high']:.2f}] n={e['n']}"


def render_triggers(report: Mapping[str, Any], top: int, con: Console) -> None:
    """The ``triggers`` table: the words whose removal or replacement flips a refusal, best supported first."""
    examined = report.get("examined", report["refused"])
    shown = f"{report['refused']} refused benign prompts" + (
        f" (the first {examined} varied)" if examined < report["refused"] else ""
    )
    print_title(
        con,
        "trigger words",
        [
            f"run {_c(report['run_id'])}",
            shown,
            f"{report['variants']} variants",
            f"judge {_c(report['judge'])}",
            # No variants, no run: "stored as None" read like a run named None.
            f"stored as {_c(report['variants_run_id'])}" if report["variants_run_id"] else "nothing stored",
        ],
    )
    for note in report["notes"]:
        con.print(Text(f"note: {_c(note)}", style="yellow"))
    triggers_table(report, top).print(con)
    tail = f"errors {report['errors']}  ·  prompts without candidate words {report['no_candidates']}"
    if report["rewriter"]:
        tail += f"  ·  rewriter {_c(report['rewriter'])}: {report['rewrite_failures']} rewrite failures"
    con.print(Text(tail))


def triggers_table(report: Mapping[str, Any], top: int) -> FitTable:
    """The ``top`` trigger words: flips over trials, overall and per kind of variant."""
    table = FitTable(
        [
            FitColumn("word", name=True),
            FitColumn("flips/trials"),
            FitColumn("flip rate [95% CI]"),
            FitColumn("prompts", drop=1),
            FitColumn("as focus", drop=5),
            FitColumn("remove", drop=2),
            FitColumn("replace", drop=3),
            FitColumn("rewrite", drop=4),
        ],
        show_edge=False,
    )

    def cell(kinds: dict[str, Any], k: str) -> str:
        return f"{kinds[k]['flips']}/{kinds[k]['trials']}" if k in kinds else "–"

    for w in report["words"][:top]:
        kinds = w["by_kind"]
        table.add_row(
            safe_text(w["word"]),
            f"{w['flips']}/{w['trials']}",
            est_cell(w["flip_rate"]),
            str(w["prompts"]),
            str(w["as_focus"]),
            cell(kinds, "remove"),
            cell(kinds, "replace"),
            cell(kinds, "rewrite"),
        )
    return table


def render_ablation(result: Mapping[str, Any], system_prompt_labels: list[str], con: Console) -> None:
    """The ``ablate`` table: each configuration's refusals against the bare model's, on the same prompts."""
    print_title(
        con,
        "deployment ablation",
        [
            safe_text(result["model"]),
            f"suite {_c(result['suite']['name'])} ({result['suite']['n']} prompts)",
            f"judge {_c(result['judge'])}",
        ],
    )
    ablation_table(result, system_prompt_labels).print(con)
    for label, name in _short_names(system_prompt_labels).items():
        con.print(Text.assemble(f"{name} = ", safe_text(label, 100)))


def _short_names(system_prompt_labels: list[str]) -> dict[str, str]:
    # Short names keep the table narrow; the legend under it says what each system prompt is.
    return {label: f"sys{i}" for i, label in enumerate(system_prompt_labels, 1)}


def ablation_table(result: Mapping[str, Any], system_prompt_labels: list[str]) -> FitTable:
    """Each configuration's refusals against the bare model's. In a narrow terminal the added/removed counts
    go first (the change says the same in points), then the share caused by the deployment, the p-value and
    the harmful side's change; the configuration, its refusals and the change vs bare always stay."""
    short = _short_names(system_prompt_labels)
    table = FitTable(
        [
            FitColumn("configuration", name=True),
            FitColumn("benign refused"),
            FitColumn("+/−", drop=5),
            FitColumn("Δ vs bare, pts [95% CI]"),
            FitColumn("p", drop=3),
            FitColumn("from deployment", drop=4),
            FitColumn("harmful refused", drop=1),
            FitColumn("harmful Δ (pts)", drop=2),
        ],
        show_edge=False,
    )
    for c in result["configurations"]:
        b, h = c["benign"], c["harmful"]
        d, dh = b["difference"], h["difference"]
        parts = [short[c["system_prompt"]] if c["system_prompt"] else "", _short_filter(c["filter"])]
        name = " + ".join(p for p in parts if p) or "bare model"
        bare = c["system_prompt"] is None and c["filter"] is None
        table.add_row(
            safe_text(name),
            est_cell(b["refusal"]),
            "–" if bare else f"+{b['added']}/−{b['removed']}",
            # Points in the header, not in each cell: the first run's table then fits 120 columns, a row a line.
            "–" if bare else f"{100 * d['value']:+.0f} [{100 * d['low']:+.0f}, {100 * d['high']:+.0f}]",
            "–" if bare else f"{d['p_value']:.2g}",
            "–" if bare else est_cell(b["caused_by_deployment"]),
            est_cell(h["refusal"]),
            "–" if bare or not h["n_pairs"] else f"+{h['added']}/−{h['removed']} ({100 * dh['value']:+.0f})",
        )
    return table


def _short_filter(spec: str | None) -> str:
    """``keyword:@/long/path/kill.txt`` -> ``keyword:@kill.txt`` for the table."""
    if not spec:
        return ""
    kind, sep, arg = spec.partition(":")
    if sep and arg.startswith("@"):
        return f"{kind}:@{arg[1:].replace(chr(92), '/').rsplit('/', 1)[-1]}"
    return spec


def render_quality(result: Mapping[str, Any], con: Console) -> None:
    """The ``quality`` table: helpfulness, verbosity, hedging and repetition per category."""
    con.print(
        Text.assemble(
            ("answer quality  ", "bold"),
            f"run {_c(result['run_id'])}  ·  grader ",
            safe_text(result["grader"]),
            f"  ·  {result['overall']['n']} of {result['compliant_benign']} compliant benign replies"
            f"  ·  median length {result['median_length']:.0f} chars",
        )
    )
    quality_table(result).print(con)


def quality_table(result: Mapping[str, Any]) -> FitTable:
    """Helpfulness, verbosity, hedging and repetition, overall and per category."""
    table = FitTable(
        [
            FitColumn("category", name=True),
            FitColumn("n"),
            FitColumn("helpfulness 1-5 [95% CI]"),
            FitColumn("grader errors", drop=4),
            FitColumn("verbosity", drop=2),
            FitColumn("hedging/reply", drop=3),
            FitColumn("hedged", drop=1),
            FitColumn("repetition", drop=5),
        ],
        show_edge=False,
    )
    groups = [("(all)", result["overall"]), *result["by_category"].items()]
    for name, s in groups:
        table.add_row(
            safe_text(name),
            str(s["n"]),
            mean_cell(s["helpfulness"]),
            str(s["grader_errors"]),
            f"{s['verbosity']:.2f}x",
            f"{s['hedging']:.2f}",
            est_cell(s["hedged"]),
            f"{s['repetition']:.3f}",
        )
    return table


def render_reward_probe(result: Mapping[str, Any], con: Console) -> None:
    """The ``reward-probe`` summary line and its per-category table."""
    o = result["overall"]
    con.print(
        Text.assemble(
            ("reward-model probe  ", "bold"),
            safe_text(result["reward_model"]),
            f"  ·  suite {_c(result['suite']['name'])}",
        )
    )
    con.print(
        f"prefers the refusal on {est_cell(o['prefers_refusal'])} benign prompts (ties {o['ties']}); mean "
        f"margin refusal − compliant {mean_cell(o['margin'])}; compliant replies: "
        f"{o['compliant_source']['reference']} real, {o['compliant_source']['template']} template"
    )
    reward_probe_table(result).print(con)


def reward_probe_table(result: Mapping[str, Any]) -> FitTable:
    """Per category: how often the reward model prefers the refusal, and the mean margin."""
    table = FitTable(
        [FitColumn("category", name=True), FitColumn("prefers refusal [95% CI]"), FitColumn("mean margin")],
        show_edge=False,
    )
    for cat, b in result["by_category"].items():
        table.add_row(safe_text(cat), est_cell(b["prefers_refusal"]), mean_cell(b["margin"]))
    return table


def render_policy_check(result: Mapping[str, Any], policy_name: str, con: Console) -> None:
    """The ``policy-check`` table: over- and under-refusal against the policy, per category."""
    con.print(
        Text.assemble(
            ("policy check  ", "bold"),
            f"run {_c(result['run_id'])}  ·  policy ",
            safe_text(policy_name),
            f"  ·  judge {_c(result['judge'])}",
        )
    )
    policy_table(result).print(con)
    con.print(f"{result['violations_total']} prompts break the policy")
    if result["unused"]:
        con.print(
            Text(f"policy entries that decided no prompt (typo?): {_c(', '.join(result['unused']))}", style="yellow")
        )


def policy_table(result: Mapping[str, Any]) -> FitTable:
    """Over- and under-refusal against the policy, overall and per category."""
    table = FitTable(
        [
            FitColumn("category", name=True),
            FitColumn("answer/refuse/either", drop=2),
            FitColumn("over-refusal [95% CI]"),
            FitColumn("under-refusal [95% CI]"),
            FitColumn("errors", drop=1),
        ],
        show_edge=False,
    )
    for name, b in [("(all)", result), *result["by_category"].items()]:
        e = b["expected"]
        table.add_row(
            safe_text(name),
            f"{e['answer']}/{e['refuse']}/{e['either']}",
            est_cell(b["over_refusal"]),
            est_cell(b["under_refusal"]),
            str(b["errors"]),
        )
    return table
