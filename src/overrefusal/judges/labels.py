"""Read human-labelled replies for judge evaluation (XSTest layout, generic CSV and JSONL).

Accepted layouts:

* XSTest completion files: ``completion`` and ``final_label`` (``1_full_compliance``,
  ``2_full_refusal``, ``3_partial_refusal``), with ``prompt``, ``id`` and ``type`` when present.
* Generic CSV or JSONL: ``prompt`` (optional), ``completion`` or ``reply``, and ``label`` (or
  ``final_label``). Labels may be spelled the XSTest way, as the verdict names
  (``full_compliance``...), or short (``compliance``, ``refusal``, ``partial``).

Every problem is a :class:`~overrefusal.errors.UserError` that names the file, the line and the field.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..guards.safe_files import csv_rows, decode_input, jsonl_lines, loads_guarded, read_input_bytes
from ..types import Verdict

_LABELS: dict[str, Verdict] = {}
for _v, _names in {
    Verdict.COMPLIANCE: ("1_full_compliance", "full_compliance", "compliance", "comply", "complied", "1"),
    Verdict.REFUSAL: ("2_full_refusal", "full_refusal", "refusal", "refuse", "refused", "2"),
    Verdict.PARTIAL: ("3_partial_refusal", "partial_refusal", "partial", "3"),
}.items():
    for _name in _names:
        _LABELS[_name] = _v

_REPLY_COLUMNS = ("completion", "reply", "response")
_LABEL_COLUMNS = ("final_label", "label")


@dataclass(frozen=True)
class LabelledReply:
    """One reply with its human (gold) label."""

    prompt: str
    """The prompt text; empty when the file has no prompt column."""
    reply: str
    """The model's reply as labelled."""
    gold: Verdict
    """The human label: compliance, refusal or partial."""
    type: str
    """Prompt type (XSTest ``type``), empty when absent; ``contrast_*`` types are harmful prompts."""
    id: str
    """Row id from the file, or ``<file stem>:<line>`` when the file has none."""
    line: int | None = None
    """The line of the file the row starts on (None for rows made in code)."""


def parse_label(value: Any, *, path: str, line: int, field: str) -> Verdict:
    """Map a label cell to a Verdict, accepting the XSTest, verdict-name and short spellings."""
    key = str(value).strip().lower().replace(" ", "_").replace("-", "_") if value is not None else ""
    if key not in _LABELS:
        allowed = "1_full_compliance, 2_full_refusal, 3_partial_refusal (or compliance, refusal, partial)"
        raise UserError(f"unknown label {str(value)!r}; expected one of {allowed}", path=path, line=line, field=field)
    return _LABELS[key]


def _pick(columns: Sequence[str], wanted: Sequence[str]) -> str | None:
    """The first of ``wanted`` present among ``columns`` (case-insensitive), as spelled in the file."""
    lower = {c.strip().lower(): c for c in columns if c is not None}
    for w in wanted:
        if w in lower:
            return lower[w]
    return None


def _decode(path: Path) -> str:
    """File contents as text; invalid UTF-8 is reported with the line it is on."""
    try:
        data = read_input_bytes(path, what="labels file")
    except OSError as exc:
        raise UserError(f"cannot read labels file: {exc.strerror or exc}", path=str(path)) from None
    text = decode_input(data, path=str(path), what="labels file")
    if not text.strip():
        raise UserError("file is empty", path=str(path))
    return text


def _rows_csv(text: str, path: str) -> Iterator[tuple[int, dict[str, Any], list[str]]]:
    """(line of the row's start, row, header) for each CSV row; multi-line quoted cells are fine."""
    # A file `label --export` wrote has its formula-like cells escaped: read back as the text they were.
    rows = csv_rows(text, path, formulas_escaped=True)
    try:
        header_line, header = next(rows)
    except StopIteration:
        raise UserError("file is empty", path=path) from None
    header = [h.strip() for h in header]
    for i, column in enumerate(header):
        if column and column.lower() in (h.lower() for h in header[:i]):
            raise UserError(
                f"column '{column}' appears twice in the header (which one holds the answer?)",
                path=path,
                line=header_line,
                field=column,
            )
    for start, cells in rows:
        if all(not c.strip() for c in cells):
            continue  # a row of empty cells
        if len(cells) > len(header):
            raise UserError(f"row has {len(cells)} cells but the header has {len(header)}", path=path, line=start)
        yield start, dict(zip(header, cells)), header


def _rows_jsonl(text: str, path: str) -> Iterator[tuple[int, dict[str, Any], list[str]]]:
    """(line, object, its keys) for each non-blank JSONL line."""
    for lineno, raw in jsonl_lines(text):  # on \n only: a raw U+2028 inside a string is valid JSON
        if not raw.strip():
            continue
        obj = loads_guarded(raw, path=path, line=lineno, allow_surrogates=True)
        if not isinstance(obj, dict):
            raise UserError("each line must be a JSON object", path=path, line=lineno)
        yield lineno, obj, list(obj)


def read_labelled(path: str | Path) -> list[LabelledReply]:
    """All labelled replies in one file (CSV, or JSONL when the name ends in ``.jsonl``/``.json``).

    Raises UserError naming file, line and field for: empty files, invalid UTF-8, malformed CSV or
    JSON, a missing reply or label column, an unknown label value, or a file with no rows.
    """
    p = Path(path)
    name = str(p)
    text = _decode(p)
    rows = _rows_jsonl(text, name) if p.suffix.lower() in (".jsonl", ".json", ".ndjson") else _rows_csv(text, name)
    out: list[LabelledReply] = []
    reply_col = label_col = prompt_col = type_col = id_col = None
    checked = False
    for line, row, columns in rows:
        if not checked or p.suffix.lower() != ".csv":
            # JSONL objects may differ line by line, so columns are looked up per row there.
            reply_col = _pick(columns, _REPLY_COLUMNS)
            label_col = _pick(columns, _LABEL_COLUMNS)
            prompt_col = _pick(columns, ("prompt", "question", "input"))
            type_col = _pick(columns, ("type",))
            id_col = _pick(columns, ("id",))
            if reply_col is None:
                raise UserError(
                    f"missing reply column (one of {', '.join(_REPLY_COLUMNS)})",
                    path=name,
                    line=line,
                    field="completion",
                )
            if label_col is None:
                raise UserError(
                    f"missing label column (one of {', '.join(_LABEL_COLUMNS)})", path=name, line=line, field="label"
                )
            checked = True
        assert reply_col is not None and label_col is not None  # checked on the first row (every row for JSONL)
        reply = row.get(reply_col)
        if reply is None:
            raise UserError("missing reply value", path=name, line=line, field=reply_col)
        if not isinstance(reply, str):
            raise UserError(f"reply must be text, got {type(reply).__name__}", path=name, line=line, field=reply_col)
        gold = parse_label(row.get(label_col), path=name, line=line, field=label_col)
        prompt = str(row.get(prompt_col) or "") if prompt_col else ""
        ptype = str(row.get(type_col) or "").strip() if type_col else ""
        rid = str(row.get(id_col) or "").strip() if id_col else ""
        out.append(LabelledReply(prompt, reply, gold, ptype, rid or f"{p.stem}:{line}", line))
    if not out:
        raise UserError("no labelled rows (only a header?)", path=name)
    return out
