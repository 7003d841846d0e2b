"""Which column of a suite file feeds which prompt field, and how label values are read.

A user's ``mapping`` names columns explicitly; without one, common column names are tried. Two option
keys give a label when the file has no label column: ``label_value`` (a constant for every row) and
``kind`` (OR-Bench: ``hard``/``80k`` are benign "seemingly toxic" prompts, ``toxic`` is harmful). An
OR-Bench file (columns ``prompt`` and ``category``, no label) with neither option is labelled from its
file name (``or-bench-toxic.csv`` is harmful; ``or-bench-hard-1k.csv``, ``or-bench-80k.csv`` benign).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import UserError
from ..types import Label
from .readers import Table

FIELDS: tuple[str, ...] = (
    "id",
    "text",
    "label",
    "category",
    "type",
    "pair_id",
    "focus",
    "messages",
    "language",
    "translation_of",
)
"""Prompt fields a mapping may assign a column to."""

OPTIONS: tuple[str, ...] = ("label_value", "kind")
"""Mapping keys that are settings rather than column names."""

DEFAULT_COLUMNS: Mapping[str, tuple[str, ...]] = {
    "id": ("id", "prompt_id", "uid"),
    "text": ("text", "prompt", "question", "instruction", "query"),
    "label": ("label",),
    "category": ("category", "domain"),
    "type": ("type",),
    "pair_id": ("pair_id", "pair"),
    "focus": ("focus", "trigger"),
    "messages": ("messages",),
    "language": ("language", "lang"),
    "translation_of": ("translation_of",),
}
"""Column names tried, in order, for each field the mapping leaves out (matched case-insensitively)."""

LABEL_VALUES: Mapping[str, Label] = {
    "benign": Label.BENIGN,
    "safe": Label.BENIGN,
    "0": Label.BENIGN,
    "harmful": Label.HARMFUL,
    "unsafe": Label.HARMFUL,
    "1": Label.HARMFUL,
}
"""Accepted label cell values (case-insensitive, surrounding spaces ignored): 0 means benign, 1 harmful."""

ACCEPTED_LABELS_TEXT = "benign/harmful, safe/unsafe or 0/1"


def parse_label(value: Any) -> Label | None:
    """The label a cell value stands for, or None when it is not one of :data:`LABEL_VALUES`."""
    if isinstance(value, bool):
        return None  # true/false is ambiguous (is_harmful? is_safe?), so it is refused rather than guessed
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # Parquet/pandas often store 0/1 labels as floats
    return LABEL_VALUES.get(str(value).strip().lower())


def label_from_kind(kind: str) -> Label | None:
    """The label an OR-Bench kind (or any file name containing one) implies, or None if it names none.

    ``toxic`` means harmful; ``hard`` and ``80k`` mean benign; plain label words are accepted too.
    """
    k = kind.strip().lower()
    if k in LABEL_VALUES:
        return LABEL_VALUES[k]
    if "toxic" in k and "seemingly" not in k:
        return Label.HARMFUL
    if "hard" in k or "80k" in k:
        return Label.BENIGN
    return None


@dataclass(frozen=True)
class Columns:
    """The resolved plan for reading one table."""

    fields: Mapping[str, str]
    """Prompt field -> column name, for the fields the file provides."""
    constant_label: Label | None
    """The label of every row when it does not come from a column."""
    layout: str
    """``xstest``, ``or-bench`` or ``generic``: what the file looked like (reported and used for defaults)."""


def resolve_columns(table: Table, mapping: Mapping[str, str] | None, *, kind: str | None, stem: str) -> Columns:
    """Decide which column feeds which field, checking ``mapping`` against the table's columns.

    ``kind`` is the OR-Bench kind given by the caller (it wins over ``mapping['kind']``); ``stem`` is the
    file name without extension, used to recognise OR-Bench files.
    """
    mapping = dict(mapping or {})
    for key in mapping:
        if key not in FIELDS and key not in OPTIONS:
            raise UserError(
                f"unknown mapping key '{key}'; use one of {', '.join(FIELDS + OPTIONS)}", path=table.path, field=key
            )
    available = ", ".join(table.columns) or "(none)"
    lower = {c.lower(): c for c in reversed(table.columns)}  # reversed: the first spelling wins
    fields: dict[str, str] = {}
    for name in FIELDS:
        if name in mapping:
            col = str(mapping[name])
            if col not in table.columns:
                raise UserError(
                    f"mapping {name}={col!r} names no column; available columns: {available}",
                    path=table.path,
                    line=table.header_line,
                    field=name,
                )
            fields[name] = col
            continue
        for candidate in DEFAULT_COLUMNS[name]:
            if candidate in table.columns:
                fields[name] = candidate
                break
            if candidate in lower:
                fields[name] = lower[candidate]
                break
    if "text" not in fields and "messages" not in fields:
        raise UserError(
            f"no prompt text column (tried {', '.join(DEFAULT_COLUMNS['text'])}); "
            f"name it with a mapping text=COLUMN; available columns: {available}",
            path=table.path,
            line=table.header_line,
            field="text",
        )

    # FalseReject's files have prompt and category too, but a category_text beside them: not OR-Bench.
    is_orbench = {"prompt", "category"} <= set(lower) and "label" not in fields and "category_text" not in lower
    constant = _constant_label(table, mapping, kind)
    if constant is not None:
        if "label" in mapping:
            raise UserError(
                "give either a label column or a constant label (label_value/kind), not both",
                path=table.path,
                field="label",
            )
        fields.pop("label", None)  # an explicit constant outranks a column found only by its default name
    elif "label" not in fields:
        if is_orbench:
            constant = label_from_kind(stem)
            if constant is None:
                raise UserError(
                    "OR-Bench file without a label: cannot tell hard (benign) from toxic (harmful) by its name; "
                    "pass the suite kind (hard|toxic) or a mapping label_value=benign|harmful",
                    path=table.path,
                    field="label",
                )
        else:
            raise UserError(
                "no label column; name it with a mapping label=COLUMN or give a constant label_value=benign|harmful; "
                f"available columns: {available}",
                path=table.path,
                line=table.header_line,
                field="label",
            )
    if is_orbench:
        layout = "or-bench"
    elif {"prompt", "type", "label"} <= set(lower):
        layout = "xstest"
    else:
        layout = "generic"
    return Columns(fields=fields, constant_label=constant, layout=layout)


def _constant_label(table: Table, mapping: Mapping[str, str], kind: str | None) -> Label | None:
    """The label every row gets from an explicit option, if one was given."""
    if kind is None and "kind" in mapping:
        kind = mapping["kind"]
    if kind is not None and "label_value" in mapping:
        raise UserError("give either a suite kind or a label_value, not both", path=table.path, field="label_value")
    if kind is not None:
        label = label_from_kind(str(kind))
        if label is None:
            raise UserError(f"unknown suite kind {kind!r}; use hard, 80k or toxic", path=table.path, field="kind")
        return label
    if "label_value" in mapping:
        label = parse_label(mapping["label_value"])
        if label is None:
            raise UserError(
                f"unknown label_value {mapping['label_value']!r}; use {ACCEPTED_LABELS_TEXT}",
                path=table.path,
                field="label_value",
            )
        return label
    return None
