"""The ``overrefusal runs`` table: the run id is the one column a user copies, so it is never cut.

Whatever the terminal's width, every run id is printed whole. The other columns give way in a fixed
order: first they are shortened (with an ellipsis), then dropped, least useful first; in a terminal too
narrow for the longest id itself, each run becomes a block of lines headed by its id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .terminal import safe_text

_CELL_OVERHEAD = 3
"""Characters a column costs besides its content in rich's default box: two of padding, one border."""
_TABLE_OVERHEAD = 1
"""The table's closing border."""


@dataclass(frozen=True)
class _Column:
    header: str
    cell: Callable[[Mapping[str, Any]], str]
    min_width: int
    """Narrowest useful width; below it the column is dropped rather than shortened."""
    keep_end: bool = False
    """Shorten by cutting the start (file paths: the end names the model), not the end."""


def _created(run: Mapping[str, Any]) -> str:
    # "2026-12-01T09:09:10+00:00" -> "2026-12-01 09:09": minutes are enough to tell runs apart by eye.
    text = str(run.get("created_at", ""))
    return text[:16].replace("T", " ")


_OTHER_COLUMNS: tuple[_Column, ...] = (
    # In the order they are kept: the last one is the first to go.
    _Column("model", lambda r: str(r.get("model", "")), 10, keep_end=True),
    _Column("suite", lambda r: str(r.get("suite", "")), 8),
    _Column("judged", lambda r: f"{r.get('judged', 0)}/{r.get('prompts', 0)}", 6),
    _Column("errors", lambda r: str(r.get("errors", 0)), 6),
    _Column("status", lambda r: str(r.get("status", "")), 6),
    _Column("created", _created, 16),
    _Column("judge", lambda r: str(r.get("judge", "")), 8),
)


def _fit(width: int, id_width: int, columns: Sequence[tuple[_Column, int]]) -> list[tuple[_Column, int]]:
    """The columns that fit beside the id column, each with its width (natural, or shortened)."""
    budget = width - _TABLE_OVERHEAD - (id_width + _CELL_OVERHEAD)
    kept = list(columns)
    while kept and sum(min(c.min_width, nat) + _CELL_OVERHEAD for c, nat in kept) > budget:
        kept.pop()  # least useful first
    widths = [min(c.min_width, nat) for c, nat in kept]
    spare = budget - sum(w + _CELL_OVERHEAD for w in widths)
    # Narrow columns grow back whole first: a complete status beats three more characters of a model path.
    for i in sorted(range(len(kept)), key=lambda k: kept[k][1]):
        grow = min(spare, kept[i][1] - widths[i])
        widths[i] += grow
        spare -= grow
    return [(c, w) for (c, _), w in zip(kept, widths)]


def render_run_list(runs: Sequence[Mapping[str, Any]], console: Console) -> None:
    """Print ``runs`` (``Store.list_runs()`` rows) to ``console`` within its width, ids whole."""
    if not runs:
        console.print("no runs in this store yet; start one with `overrefusal run`")
        return
    ids = [safe_text(str(r["run_id"])).plain for r in runs]
    # Terminal cells, not characters: an id in CJK script takes two cells a character.
    id_width = max(len("run id"), *(cell_len(i) for i in ids))
    if id_width + _CELL_OVERHEAD + _TABLE_OVERHEAD > console.width:
        _render_blocks(runs, ids, console)
        return
    naturals = [(c, max(len(c.header), *(cell_len(safe_text(c.cell(r)).plain) for r in runs))) for c in _OTHER_COLUMNS]
    chosen = _fit(console.width, id_width, naturals)
    table = Table(header_style="bold")
    table.add_column("run id", no_wrap=True, min_width=id_width, max_width=id_width)
    for column, width in chosen:
        table.add_column(column.header, no_wrap=True, width=width)
    for run, run_id in zip(runs, ids):
        cells = [Text(run_id)]
        cells += [_shortened(column, column.cell(run), width) for column, width in chosen]
        table.add_row(*cells)
    console.print(table)


def _shortened(column: _Column, value: str, width: int) -> Text:
    if column.keep_end and len(value) > width:
        return safe_text("…" + value[len(value) - width + 1 :])
    return safe_text(value, limit=width)


def _render_blocks(runs: Sequence[Mapping[str, Any]], ids: Sequence[str], console: Console) -> None:
    """One block per run for terminals narrower than an id: the id alone on its line, never cut (the
    terminal wraps it, which keeps it whole when copied), then the other fields indented."""
    for run, run_id in zip(runs, ids):
        console.print(Text(run_id, style="bold"), soft_wrap=True)
        for column in _OTHER_COLUMNS:
            line = Text("  " + column.header + ": ") + safe_text(column.cell(run))
            console.print(line)
