"""Terminal rendering. Model output is untrusted: it reaches the terminal only through ``safe_text``."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.text import Text

from ..judges.language.abstention import not_judged_sentence
from ._control import inert
from .cascade import cascade_lines
from .table_fit import FitColumn, FitTable, wrap_lines


def _suite_status(s: Mapping[str, Any]) -> str:
    """``, modified copy`` (or ``, unverified``) beside the suite's name when a benchmark file was not verified."""
    statuses = {f.get("status") for f in s["suite"].get("files") or []}
    for status in ("modified copy", "unverified"):
        if status in statuses:
            return f", {status}"
    return ""


def safe_text(value: str, limit: int | None = None) -> Text:
    """Plain, inert text: control and bidi characters (terminal escapes) shown as U+FFFD, no markup parsed."""
    cleaned = inert(value)
    if limit is not None and len(cleaned) > limit:
        cleaned = cleaned[: limit - 1] + "…"
    return Text(cleaned)


def stdout_console(*, honour_columns: bool = False) -> Console:
    """A console for tables on stdout. A pipe or CI log has no width; 120 columns keeps one row per line.

    ``honour_columns``: a ``$COLUMNS`` set to a number is the width even on a pipe (for output whose layout
    depends on the width, such as ``overrefusal runs``, so that it can be asked for and tested)."""
    columns = os.environ.get("COLUMNS", "").strip()
    if honour_columns and columns.isdigit() and int(columns) > 0:
        return Console(file=sys.stdout, width=int(columns))
    return Console(file=sys.stdout, width=None if sys.stdout.isatty() else 120)


def terminal_lines(lines: list[str], indent: str = "  ") -> list[str]:
    """Lines for stdout: in a terminal, wrapped at spaces to its width (a terminal's own wrapping splits
    numbers: ``(n = 2`` / ``5 pairs)``); on a pipe, as they are, one item a line for scripts and logs."""
    if not sys.stdout.isatty():
        return lines
    return wrap_lines(lines, shutil.get_terminal_size().columns, indent)


def _pct(est: dict[str, Any]) -> str:
    if not est or est.get("n", 0) == 0:
        return "–"
    return f"{100 * est['value']:.1f}% [{100 * est['low']:.0f}–{100 * est['high']:.0f}]"


class ProgressBar:
    """A progress bar on stderr (so --json on stdout stays clean)."""

    def __init__(self, enabled: bool = True, label: str = "generating and judging replies"):
        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("eta"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            disable=not enabled,
            transient=False,
        )
        self._task = self._progress.add_task(label, total=None)

        self._started = False

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._started:
            self._progress.stop()

    def stage(self, label: str) -> None:
        """Say what the work now counted is (a command of several stages: the first run's ablation, then its
        trigger search); the count starts again."""
        self._progress.update(self._task, description=label, completed=0, total=None)

    def update(self, done: int, total: int) -> None:
        # Started on the first report, so that errors found while loading stay alone on stderr.
        if not self._started:
            self._progress.start()
            self._started = True
        self._progress.update(self._task, completed=done, total=total)


def print_title(console: Console, head: str, parts: Sequence[Text | str]) -> None:
    """A title line: ``head`` in bold, then ``parts`` separated by dots; where it is wider than the terminal it
    breaks only between parts, so a part (``run <id>``, ``judge <id>``) is never split over two lines."""
    sep = "  ·  "
    lines: list[Text] = [Text(head + "  ", style="bold")]
    for k, part in enumerate(parts):
        piece = part if isinstance(part, Text) else Text(part)
        line = lines[-1]
        joined = (sep if k else "") + piece.plain
        if k and line.cell_len + len(joined) > console.width:
            lines.append(Text("  ") + piece)
        else:
            line.append_text(Text(sep if k else "") + piece)
    for line in lines:
        console.print(line, overflow="fold")


def render_summary(s: Mapping[str, Any], console: Console | None = None) -> None:
    console = console or stdout_console()
    dep = s["deployment"]
    print_title(
        console,
        "over-refusal",
        [
            safe_text(dep.get("model", "")),
            Text.assemble(
                "suite ",
                safe_text(s["suite"]["name"]),
                f" ({s['suite']['n']} prompts, v{s['suite']['version']}{_suite_status(s)})",
            ),
            Text("judge ") + safe_text(s["judge"]),
            Text("run ") + safe_text(s["run_id"]),
        ],
    )
    prov, gen = s.get("provenance") or {}, s.get("generation") or {}
    if prov or gen:
        console.print(
            Text("provenance: ", style="dim")
            + safe_text(
                f"overrefusal {prov.get('package_version', '?')} on {prov.get('host', '?')}, started "
                f"{prov.get('started_at', '?')}; generation " + ", ".join(f"{k}={v}" for k, v in gen.items())
            )
        )
    for f in s["suite"].get("files") or []:
        # A named benchmark's file: verified (its revision) or a modified copy (its hash and rows), never silent.
        matched = f"revision {f['revision']}" if f.get("revision") else "no known revision"
        style = "bold yellow" if f.get("status") == "modified copy" else "dim"
        console.print(
            Text("suite file: ", style=style)
            + safe_text(
                f"{f.get('path', '')}: {f.get('status', '?')}, {matched}; {int(f.get('rows', 0)):,} rows, "
                f"sha256 {f.get('sha256', '?')}"
            )
        )
    if dep.get("system_prompt"):
        console.print(Text("system prompt: ") + safe_text(dep["system_prompt"], 120))
    if dep.get("filters"):
        console.print(Text("filters: ") + safe_text(", ".join(dep["filters"])))
    summary_table(s).print(console)
    if set(s.get("by_language", {})) - {"en"}:  # shown whenever the run is not English only
        render_languages(s["by_language"], console)
    b = s["benign"]
    if b["filter_blocked"]["n"] and b["filter_blocked"]["value"] > 0:
        console.print(
            f"benign prompts blocked by a filter: {_pct(b['filter_blocked'])}; "
            f"refused by the model itself: {_pct(b['model_refusal'])}"
        )
    safe = s["harmful"].get("safe_completion")
    if safe and safe["n"]:
        console.print(
            f"safe completions: {_pct(safe)} of harmful prompts complied with only at a safe, general level "
            "(a style signal; they stay in 'harmful complied')"
        )
    errors = b["errors"] + s["harmful"]["errors"]
    if errors:
        console.print(
            f"[yellow]{errors} prompt(s) ended in ERROR (backend or judge failure); they are excluded "
            "from the rates and retried when the run is resumed.[/yellow]"
        )
    abstained = not_judged_sentence(s.get("not_judged") or {})
    if abstained:
        console.print(Text(abstained, style="yellow"))
    console.print("rates: 95% Wilson intervals in brackets; over-refusal = refusals of benign prompts.")
    if s.get("human_labels"):
        render_corrected(s, console)


def summary_table(s: Mapping[str, Any]) -> FitTable:
    """Per category and overall: benign over-refusal (full; full + partial) and harmful compliance. In a
    narrow terminal the counts go first (the errors are also said under the table), the rates stay."""
    table = FitTable(
        [
            FitColumn("category", name=True),
            FitColumn("benign n", "right", drop=2),
            FitColumn("over-refusal (full)", "right", drop=1),
            FitColumn("full + partial", "right"),
            FitColumn("harmful n", "right", drop=3),
            FitColumn("harmful complied", "right"),
            FitColumn("errors", "right", drop=4),
        ]
    )

    def row(name: str, block: Mapping[str, Any], style: str = "") -> None:
        b, h = block["benign"], block["harmful"]
        table.add_row(
            safe_text(name),
            str(b["n"]),
            _pct(b["full_refusal"]),
            _pct(b["any_refusal"]),
            str(h["n"]),
            _pct(h["compliance"]),
            str(b["errors"] + h["errors"]),
            style=style,
        )

    for cat, block in s["by_category"].items():
        row(cat, block)
    table.add_section()
    row("ALL", s, style="bold")
    return table


_CORRECTED_ROWS = (
    ("benign", "full_refusal", "over-refusal (full)"),
    ("benign", "any_refusal", "full + partial"),
    ("harmful", "compliance", "harmful complied"),
)


def render_corrected(s: Mapping[str, Any], console: Console) -> None:
    """Judged against human-label-corrected rates, the judge's agreement with the labels, and what to make of it."""
    info = s["human_labels"]
    corrected_table(s).print(console)
    a = info["agreement"]
    conf = a["confusion"]
    console.print(
        f"judge agreement with the labels on this run: {_pct(a['accuracy_3class'])} (3 classes), "
        f"{_pct(a['accuracy_binary'])} (refusal vs compliance), n = {a['n']}; confusion, rows human, columns "
        f"judge (compliance, refusal, partial): {conf[0]} {conf[1]} {conf[2]}"
        + (f"; {a['errors']} ERROR verdicts" if a["errors"] else "")
    )
    for note in info["notes"]:
        console.print(safe_text(note))


def corrected_table(s: Mapping[str, Any]) -> FitTable:
    """The judged and the corrected rates, overall and for categories with enough labels."""
    info = s["human_labels"]
    table = FitTable(
        [
            FitColumn("rate", name=True),
            FitColumn("judged", "right"),
            FitColumn("corrected", "right"),
            FitColumn("labels", "right", drop=1),
        ],
        title=f"corrected by {info['n_labelled']} human labels ({info['strategy']} sample of "
        f"{info['n_sampled']}, seed {info['seed']}; PPI++)",
    )
    for block, rate, words in _CORRECTED_ROWS:
        corrected = s[block].get(f"{rate}_corrected")
        if corrected:
            table.add_row(
                words, _pct(s[block][rate]), _pct(corrected), f"{corrected['n_labelled']} of {corrected['n']}"
            )
    # Categories where the sample holds enough labels to correct them too.
    for cat, blocks in s["by_category"].items():
        for block, rate, words in _CORRECTED_ROWS:
            corrected = blocks[block].get(f"{rate}_corrected")
            if corrected:
                table.add_row(
                    safe_text(f"  {cat}: {words}"),
                    _pct(blocks[block][rate]),
                    _pct(corrected),
                    f"{corrected['n_labelled']} of {corrected['n']}",
                )
    return table


def _change(ch: dict[str, Any] | None) -> str:
    """A paired change as ``+12 points [3, 21], p = 0.01 (n=40)``; ``–`` when there are no pairs."""
    if not ch or not ch.get("n_pairs"):
        return "–"
    p = ch["p_value"]
    shown_p = "p < 0.001" if p < 0.001 else f"p = {p:.2g}"
    return (
        f"{100 * ch['difference']:+.0f} points [{100 * ch['low']:.0f}, {100 * ch['high']:.0f}], "
        f"{shown_p} (n={ch['n_pairs']})"
    )


def render_languages(by_language: dict[str, Any], console: Console) -> None:
    """Rates per language, and each language's paired change from English (translated vs original prompts)."""
    languages_table(by_language).print(console)
    if not any("vs_english" in block for block in by_language.values()):
        console.print(
            "vs English: no translated prompt has its English original in this run "
            "(add en, e.g. --language en,de, to compare on the same prompts)"
        )


def languages_table(by_language: dict[str, Any]) -> FitTable:
    """Per language: over-refusal and harmful compliance, and each one's paired change from English."""
    table = FitTable(
        [
            FitColumn("language", name=True),
            FitColumn("benign n", "right", drop=2),
            FitColumn("over-refusal (full + partial)", "right"),
            FitColumn("vs English", "right"),
            FitColumn("harmful n", "right", drop=3),
            FitColumn("harmful complied", "right"),
            FitColumn("harmful vs English", "right", drop=1),
        ],
        title="by language",
    )
    for lang, block in by_language.items():
        b, h, vs = block["benign"], block["harmful"], block.get("vs_english", {})
        table.add_row(
            safe_text(lang),
            str(b["n"]),
            _pct(b["any_refusal"]),
            _change(vs.get("benign_any_refusal")),
            str(h["n"]),
            _pct(h["compliance"]),
            _change(vs.get("harmful_compliance")),
        )
    return table


# -- diagnosis tables ---------------------------------------------------------------------------------


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


_CLASSES = ("full_compliance", "full_refusal", "partial_refusal")
"""The three verdict classes, in the order of judge-eval's recall column and confusion matrix."""


def render_judge_eval(result: Mapping[str, Any], console: Console | None = None) -> None:
    """The ``judge-eval --labels`` table: per file (and style, language), overall, and the confusion matrix.
    Its columns outnumber 120 (leave-one-source-out), so ``$COLUMNS`` widens it on a pipe too."""
    console = console or stdout_console(honour_columns=True)
    judge_eval_table(result).print(console)
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
        recalls = "/".join(_num(m["per_class"][c]["recall"]) for c in _CLASSES)
        tail: tuple[Any, ...]
        if by_source:
            err = m.get("rate_error_points")
            tail = (
                _num(m["per_class"]["partial_refusal"]["precision"]),
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
            _num(m["kappa_3class"], 3),
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


def _num(x: Any, digits: int = 2) -> str:
    """A metric, or "-" where it is undefined (no example of the class)."""
    return "-" if x is None else f"{x:.{digits}f}"


def comparison_lines(result: Mapping[str, Any]) -> list[str]:
    """The body of ``compare``: each paired change in plain words, how to read them, and the estimator of
    each overall metric; untrusted text (categories, judge ids) neutralised."""
    from ..estimate.compare import METRIC_WORDS, describe

    lines = [safe_text(line).plain for line in describe(result)]
    lines.append(
        "\nrates are on the paired prompts; points = percentage points, candidate - baseline, with a 95% "
        "interval (Newcombe) and the exact McNemar p-value, unless corrected by human labels (PPI++)."
    )
    lines += [
        safe_text(f"estimator for {METRIC_WORDS[metric]} overall: {how}").plain
        for metric, how in result.get("estimator", {}).items()
    ]
    return lines


def gate_ok_line(changes: list[str], max_increase: float, max_harmful_increase: float | None, alpha: float) -> str:
    """The line ``gate`` prints when the candidate is within limits: the changes in words and the limits."""
    from ..estimate.gate import pts

    return safe_text(
        f"OK: {'; '.join(changes)}; within limits (max increase {pts(max_increase)}"
        + (f", harmful {pts(max_harmful_increase)}" if max_harmful_increase is not None else "")
        + f", alpha {alpha:g})"
    ).plain
