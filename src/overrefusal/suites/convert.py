"""Turn a table of raw records into a validated :class:`~overrefusal.types.Suite`.

Every problem with a row is a :class:`~overrefusal.errors.UserError` naming the file, the line where the
record starts and the column: empty prompt text, missing or unknown label, duplicate id, NUL bytes,
a cell that is a list or an object where text is expected.
"""

from __future__ import annotations

from typing import Any, Mapping, NoReturn

from ..errors import UserError
from ..types import Label, Prompt, Suite
from .columns import ACCEPTED_LABELS_TEXT, Columns, parse_label, resolve_columns
from .pairing import PairItem, follows_contrast_convention, pair_by_contrast_type
from .readers import Record, Table


def table_to_suite(
    table: Table,
    *,
    name: str,
    mapping: Mapping[str, str] | None = None,
    kind: str | None = None,
    stem: str | None = None,
    source: str | None = None,
) -> Suite:
    """Build the suite ``name`` from ``table``.

    ``mapping``/``kind`` are as for :func:`~overrefusal.suites.load_suite`; ``stem`` is the file name used to
    recognise OR-Bench kinds (defaults to ``name``); ``source`` is recorded on each prompt (defaults to the
    table's path).
    """
    cols = resolve_columns(table, mapping, kind=kind, stem=stem if stem is not None else name)
    source = source if source is not None else table.path
    used = set(cols.fields.values())
    prompts: list[Prompt] = []
    first_seen: dict[str, Record] = {}
    for rec in table.records:
        cells = {f: _text_cell(table, rec, col) for f, col in cols.fields.items()}
        text = cells.get("text", "")
        raw_text = rec.values.get(cols.fields["text"])
        if raw_text is not None and not isinstance(raw_text, str):
            # A number where the prompt should be is a shifted column or a mix-up, not a prompt.
            _fail(table, rec, cols.fields["text"], f"expected text, found {type(raw_text).__name__} {_show(raw_text)}")
        if not text.strip():
            _fail(table, rec, cols.fields["text"], "empty prompt text")
        label = cols.constant_label if cols.constant_label is not None else _label(table, rec, cols)
        if "id" in cols.fields:
            pid = cells["id"].strip()
            if not pid:
                _fail(table, rec, cols.fields["id"], "empty id")
        else:
            pid = str(rec.index)  # no id column: ids are record numbers, stable for an unchanged file
        if pid in first_seen:
            prev = first_seen[pid]
            where = f"line {prev.line}" if prev.line is not None else f"record {prev.index}"
            _fail(table, rec, cols.fields.get("id", "id"), f"duplicate id {pid!r} (first used at {where})")
        first_seen[pid] = rec
        metadata = _metadata(table, rec, used)
        prompt_type = cells.get("type", "").strip()
        if cols.layout == "or-bench" and "type" not in cols.fields:
            prompt_type = "seemingly_toxic" if label is Label.BENIGN else "toxic"
        prompts.append(
            Prompt(
                id=pid,
                text=text,  # kept verbatim (not stripped): it is exactly what the benchmark sends
                label=label,
                category=cells.get("category", "").strip(),
                type=prompt_type,
                pair_id=cells.get("pair_id", "").strip(),
                focus=cells.get("focus", "").strip(),
                source=source,
                metadata=metadata,
            )
        )
    if "pair_id" not in cols.fields and follows_contrast_convention([p.type for p in prompts]):
        prompts = _apply_contrast_pairing(prompts, derive_category="category" not in cols.fields)
    return Suite(name=name, prompts=tuple(prompts))


def _apply_contrast_pairing(prompts: list[Prompt], *, derive_category: bool) -> list[Prompt]:
    """Fill pair ids (and categories, where the file has none) by the XSTest contrast-type rule."""
    pairing = pair_by_contrast_type([PairItem(p.id, p.type, p.label, p.focus) for p in prompts])
    out: list[Prompt] = []
    for p in prompts:
        category = pairing.categories.get(p.id, p.category) if derive_category else p.category
        out.append(
            Prompt(
                id=p.id,
                text=p.text,
                label=p.label,
                category=category,
                type=p.type,
                pair_id=pairing.pair_ids.get(p.id, ""),
                focus=p.focus,
                source=p.source,
                metadata=p.metadata,
            )
        )
    return out


def _label(table: Table, rec: Record, cols: Columns) -> Label:
    column = cols.fields["label"]
    raw = rec.values.get(column)
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        _fail(table, rec, column, f"missing label (use {ACCEPTED_LABELS_TEXT})")
    label = parse_label(raw)
    if label is None:
        _fail(table, rec, column, f"unknown label value {_show(raw)}; use {ACCEPTED_LABELS_TEXT}")
    return label


def _text_cell(table: Table, rec: Record, column: str) -> str:
    """A cell as text: empty for missing/null; numbers as written; lists and objects refused."""
    raw = rec.values.get(column)
    if raw is None:
        return ""
    if isinstance(raw, str):
        value = raw
    elif isinstance(raw, (bool, int, float)):
        value = str(raw)
    else:
        _fail(table, rec, column, f"expected text, found {type(raw).__name__} {_show(raw)}")
    if "\x00" in value:
        _fail(table, rec, column, "contains a NUL byte (\\x00); the file is probably binary or corrupted")
    return value


def _metadata(table: Table, rec: Record, used: set[str]) -> dict[str, Any]:
    """Columns no field uses (e.g. XSTest's ``note``), kept for reports; empty cells are dropped."""
    meta: dict[str, Any] = {}
    for key, value in rec.values.items():
        if key in used or value is None or value == "":
            continue
        if isinstance(value, str) and "\x00" in value:
            _fail(table, rec, key, "contains a NUL byte (\\x00); the file is probably binary or corrupted")
        meta[key] = value
    return meta


def _show(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _fail(table: Table, rec: Record, column: str, message: str) -> NoReturn:
    """Raise a UserError pointing at ``rec``; records without a line (Parquet) are named by index."""
    if rec.line is None:
        message = f"{message} (record {rec.index})"
    raise UserError(message, path=table.path, line=rec.line, field=column)
