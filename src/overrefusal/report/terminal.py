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

from ._control import inert
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
    # Imported here, not at the top: the judges package brings asyncio and the backends with it, and every
    # command (``--help`` too) imports this module for its tables while only a summary needs the sentence.
    from ..judges.language.abstention import not_judged_sentence

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
