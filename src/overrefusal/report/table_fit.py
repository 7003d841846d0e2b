"""Tables that fit the terminal without cutting a number.

rich shrinks a table that is too wide by cutting its cells (``+6/−0 (+30…``) or folding them mid-number.
A :class:`FitTable` decides the layout itself instead: every column is at least as wide as the longest word
of its cells, so text wraps only at spaces and no number is ever split; when even that does not fit, whole
columns are left out, in the order each column declares (``drop``: the highest first), and a line under the
table names them. Columns with ``drop=0`` are never left out.

Only the layout is decided here; what a cell says stays the caller's (untrusted text through ``safe_text``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

Cell = str | Text

NAME_MIN = 16
"""Narrowest a text column (names: categories, words, files) shrinks to before its long names fold: names are
not numbers, and a 200-character category must not push every rate off the screen."""


@dataclass(frozen=True)
class FitColumn:
    header: str
    justify: Literal["left", "right"] = "left"
    drop: int = 0
    """0: always shown; otherwise the order in which columns are left out when the table cannot fit, the
    highest first."""
    name: bool = False
    """A text column (names) whose long words may fold at :data:`NAME_MIN`; cells of other columns never break
    inside a word."""


@dataclass
class FitTable:
    """A table whose layout is fitted to the console's width (see the module docstring)."""

    columns: Sequence[FitColumn]
    title: str | Text | None = None
    show_edge: bool = True
    header_style: str = "bold"
    rows: list[tuple[list[Cell], str, bool]] = field(default_factory=list)
    """(cells, style, a section line before it)."""
    _section_next: bool = False

    def add_row(self, *cells: Cell, style: str = "") -> None:
        if len(cells) != len(self.columns):
            raise ValueError(f"{len(cells)} cells for {len(self.columns)} columns")
        self.rows.append((list(cells), style, self._section_next))
        self._section_next = False

    def add_section(self) -> None:
        self._section_next = True

    # -- layout --------------------------------------------------------------------------------------

    def _overhead(self, n: int) -> int:
        """Characters the table costs besides its cells' content: padding of one each side of a cell, a rule
        between columns, and the two edges when drawn."""
        return 2 * n + max(n - 1, 0) + (2 if self.show_edge else 0)

    def _texts(self, i: int) -> list[str]:
        return [self.columns[i].header] + [_plain(cells[i]) for cells, _, _ in self.rows]

    def natural_width(self, i: int) -> int:
        """Column ``i`` with every cell on one line (the header may still wrap at its spaces)."""
        header_word = max((cell_len(word) for word in self.columns[i].header.split()), default=1)
        texts = self._texts(i)[1:]
        cells = (cell_len(line) for text in texts for line in (text.splitlines() or [""]))
        return max(header_word, max(cells, default=0))

    def header_width(self, i: int) -> int:
        return max(self.natural_width(i), cell_len(self.columns[i].header))

    def minimum_width(self, i: int) -> int:
        """Column ``i`` wrapped at every space: its longest word (a name column stops at :data:`NAME_MIN`)."""
        longest = max((cell_len(word) for text in self._texts(i) for word in text.split()), default=1)
        return min(longest, max(NAME_MIN, cell_len(self.columns[i].header))) if self.columns[i].name else longest

    def kept(self, width: int) -> list[int]:
        """Indexes of the columns shown at ``width``: all, or all but the highest ``drop`` ones that must go."""
        kept = list(range(len(self.columns)))
        droppable = sorted((i for i in kept if self.columns[i].drop), key=lambda i: -self.columns[i].drop)
        while droppable and sum(self.minimum_width(i) for i in kept) + self._overhead(len(kept)) > width:
            kept.remove(droppable.pop(0))
        return kept

    def widths(self, width: int) -> dict[int, int]:
        """Column index -> content width at ``width``. Every kept column starts at its minimum; the room left
        goes to the columns in order of importance (those never dropped first, the narrowest of them first,
        then the others in their keep order): first to set each cell on one line, then each header."""
        kept = self.kept(width)
        out = {i: self.minimum_width(i) for i in kept}
        spare = width - self._overhead(len(kept)) - sum(out.values())
        order = sorted(kept, key=lambda k: (self.columns[k].drop, self.natural_width(k) - out[k]))
        for target in (self.natural_width, self.header_width):
            for i in order:
                grow = max(0, min(spare, target(i) - out[i]))
                out[i] += grow
                spare -= grow
        return out

    def left_out(self, width: int) -> list[str]:
        kept = set(self.kept(width))
        return [c.header for i, c in enumerate(self.columns) if i not in kept]

    # -- rendering -----------------------------------------------------------------------------------

    def print(self, console: Console) -> None:
        width = console.width
        widths = self.widths(width)
        table = Table(
            title=self.title,
            show_edge=self.show_edge,
            header_style=self.header_style,
            title_justify="left",
        )
        for i, w in widths.items():
            column = self.columns[i]
            table.add_column(column.header, justify=column.justify, width=w, overflow="fold")
        for cells, style, section in self.rows:
            if section:
                table.add_section()
            table.add_row(*(cells[i] for i in widths), style=style)
        console.print(table)
        gone = self.left_out(width)
        if gone:
            console.print(
                Text(f"left out to fit {width} columns: {', '.join(gone)} (a wider terminal or --json shows them)"),
                style="dim",
            )


def _plain(cell: Cell) -> str:
    return cell.plain if isinstance(cell, Text) else cell


def wrap_lines(lines: Sequence[str], width: int, indent: str = "  ") -> list[str]:
    """Plain lines wrapped at spaces to ``width``, never inside a number. Only a word longer than a whole line
    (a file path, a URL) is folded, as the terminal would. Continuations are indented by ``indent`` for a line that starts at the margin,
    two more than its own indent otherwise. A line holding newlines is taken as several lines."""
    import textwrap

    out: list[str] = []
    for line in (part for text in lines for part in text.split("\n")):
        if cell_len(line) <= width or not line.strip():
            out.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip(" "))]
        out += textwrap.wrap(
            line,
            width=width,
            subsequent_indent=lead + "  " if lead else indent,
            break_long_words=True,
            break_on_hyphens=False,
        ) or [line]
    return out


def metric_cell(x: float | None, digits: int = 2) -> str:
    """A metric for a table cell, or "-" where it is undefined (no example of the class, nothing measured)."""
    return "-" if x is None else f"{x:.{digits}f}"
