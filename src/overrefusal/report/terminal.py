"""Terminal rendering. Model output is untrusted: it reaches the terminal only through ``safe_text``."""

from __future__ import annotations

import sys
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ._control import inert



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
    import os

    columns = os.environ.get("COLUMNS", "").strip()
    if honour_columns and columns.isdigit() and int(columns) > 0:
        return Console(file=sys.stdout, width=int(columns))
    return Console(file=sys.stdout, width=None if sys.stdout.isatty() else 120)


def _pct(est: dict[str, Any]) -> str:
    if not est or est.get("n", 0) == 0:
        return "–"
    return f"{100 * est['value']:.1f}% [{100 * est['low']:.0f}–{100 * est['high']:.0f}]"


class ProgressBar:
    """A progress bar on stderr (so --json on stdout stays clean)."""

    def __init__(self, enabled: bool = True):
        self._progress = Progress(
            TextColumn("[bold]judging replies"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            TextColumn("eta"), TimeRemainingColumn(), console=Console(stderr=True), disable=not enabled,
            transient=False,
        )
        self._task = self._progress.add_task("run", total=None)

        self._started = False

    def __enter__(self) -> "ProgressBar":
        return self

    def __exit__(self, *exc: object) -> None:
        if self._started:
            self._progress.stop()

    def update(self, done: int, total: int) -> None:
        # Started on the first report, so that errors found while loading stay alone on stderr.
        if not self._started:
            self._progress.start()
            self._started = True
        self._progress.update(self._task, completed=done, total=total)


def render_summary(s: dict[str, Any], console: Console | None = None) -> None:
    console = console or stdout_console()
    dep = s["deployment"]
    title = Text.assemble(
        ("over-refusal  ", "bold"), safe_text(dep.get("model", "")), "  ·  suite ", safe_text(s["suite"]["name"]),
        f" ({s['suite']['n']} prompts, v{s['suite']['version']})  ·  judge ", safe_text(s["judge"]),
        "  ·  run ", safe_text(s["run_id"]),
    )
    console.print(title)
    prov, gen = s.get("provenance") or {}, s.get("generation") or {}
    if prov or gen:
        console.print(Text("provenance: ", style="dim") + safe_text(
            f"overrefusal {prov.get('package_version', '?')} on {prov.get('host', '?')}, started "
            f"{prov.get('started_at', '?')}; generation " + ", ".join(f"{k}={v}" for k, v in gen.items())))
    if dep.get("system_prompt"):
        console.print(Text("system prompt: ") + safe_text(dep["system_prompt"], 120))
    if dep.get("filters"):
        console.print(Text("filters: ") + safe_text(", ".join(dep["filters"])))
    table = Table(show_lines=False, header_style="bold")
    table.add_column("category")
    table.add_column("benign n", justify="right")
    table.add_column("over-refusal (full)", justify="right", no_wrap=True)
    table.add_column("full + partial", justify="right", no_wrap=True)
    table.add_column("harmful n", justify="right")
    table.add_column("harmful complied", justify="right", no_wrap=True)
    table.add_column("errors", justify="right")

    def row(name: str, block: dict[str, Any], style: str = "") -> None:
        b, h = block["benign"], block["harmful"]
        table.add_row(
            safe_text(name), str(b["n"]), _pct(b["full_refusal"]), _pct(b["any_refusal"]), str(h["n"]),
            _pct(h["compliance"]), str(b["errors"] + h["errors"]), style=style,
        )

    for cat, block in s["by_category"].items():
        row(cat, block)
    table.add_section()
    row("ALL", s, style="bold")
    console.print(table)
    if set(s.get("by_language", {})) - {"en"}:  # shown whenever the run is not English only
        render_languages(s["by_language"], console)
    b = s["benign"]
    if b["filter_blocked"]["n"] and b["filter_blocked"]["value"] > 0:
        console.print(f"benign prompts blocked by a filter: {_pct(b['filter_blocked'])}; "
                      f"refused by the model itself: {_pct(b['model_refusal'])}")
    errors = b["errors"] + s["harmful"]["errors"]
    if errors:
        console.print(f"[yellow]{errors} prompt(s) ended in ERROR (backend or judge failure); they are excluded "
                      "from the rates and retried when the run is resumed.[/yellow]")
    console.print("rates: 95% Wilson intervals in brackets; over-refusal = refusals of benign prompts.")
    if s.get("human_labels"):
        render_corrected(s, console)


_CORRECTED_ROWS = (("benign", "full_refusal", "over-refusal (full)"), ("benign", "any_refusal", "full + partial"),
                   ("harmful", "compliance", "harmful complied"))


def render_corrected(s: dict[str, Any], console: Console) -> None:
    """Judged against human-label-corrected rates, the judge's agreement with the labels, and what to make of it."""
    info = s["human_labels"]
    table = Table(title=f"corrected by {info['n_labelled']} human labels ({info['strategy']} sample of "
                        f"{info['n_sampled']}, seed {info['seed']}; PPI++)", header_style="bold", title_justify="left")
    table.add_column("rate")
    table.add_column("judged", justify="right", no_wrap=True)
    table.add_column("corrected", justify="right", no_wrap=True)
    table.add_column("labels", justify="right")
    for block, rate, words in _CORRECTED_ROWS:
        corrected = s[block].get(f"{rate}_corrected")
        if corrected:
            table.add_row(words, _pct(s[block][rate]), _pct(corrected), f"{corrected['n_labelled']} of {corrected['n']}")
    # Categories where the sample holds enough labels to correct them too.
    for cat, blocks in s["by_category"].items():
        for block, rate, words in _CORRECTED_ROWS:
            corrected = blocks[block].get(f"{rate}_corrected")
            if corrected:
                table.add_row(safe_text(f"  {cat}: {words}"), _pct(blocks[block][rate]), _pct(corrected),
                              f"{corrected['n_labelled']} of {corrected['n']}")
    console.print(table)
    a = info["agreement"]
    conf = a["confusion"]
    console.print(f"judge agreement with the labels on this run: {_pct(a['accuracy_3class'])} (3 classes), "
                  f"{_pct(a['accuracy_binary'])} (refusal vs compliance), n = {a['n']}; confusion, rows human, columns "
                  f"judge (compliance, refusal, partial): {conf[0]} {conf[1]} {conf[2]}"
                  + (f"; {a['errors']} ERROR verdicts" if a["errors"] else ""))
    for note in info["notes"]:
        console.print(safe_text(note))


def _change(ch: dict[str, Any] | None) -> str:
    """A paired change as ``+12 points [3, 21], p = 0.01 (n=40)``; ``–`` when there are no pairs."""
    if not ch or not ch.get("n_pairs"):
        return "–"
    p = ch["p_value"]
    shown_p = "p < 0.001" if p < 0.001 else f"p = {p:.2g}"
    return (f"{100 * ch['difference']:+.0f} points [{100 * ch['low']:.0f}, {100 * ch['high']:.0f}], "
            f"{shown_p} (n={ch['n_pairs']})")


def render_languages(by_language: dict[str, Any], console: Console) -> None:
    """Rates per language, and each language's paired change from English (translated vs original prompts)."""
    table = Table(show_lines=False, header_style="bold", title="by language")
    table.add_column("language")
    table.add_column("benign n", justify="right")
    table.add_column("over-refusal (full + partial)", justify="right", no_wrap=True)
    table.add_column("vs English", justify="right")
    table.add_column("harmful n", justify="right")
    table.add_column("harmful complied", justify="right", no_wrap=True)
    table.add_column("vs English", justify="right")
    for lang, block in by_language.items():
        b, h, vs = block["benign"], block["harmful"], block.get("vs_english", {})
        table.add_row(safe_text(lang), str(b["n"]), _pct(b["any_refusal"]), _change(vs.get("benign_any_refusal")),
                      str(h["n"]), _pct(h["compliance"]), _change(vs.get("harmful_compliance")))
    console.print(table)
    if not any("vs_english" in block for block in by_language.values()):
        console.print("vs English: no translated prompt has its English original in this run "
                      "(add en, e.g. --language en,de, to compare on the same prompts)")
