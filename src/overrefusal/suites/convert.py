"""Turn a table of raw records into a validated :class:`~overrefusal.types.Suite`.

Every problem with a row is a :class:`~overrefusal.errors.UserError` naming the file, the line where the
record starts and the column: empty prompt text, missing or unknown label, duplicate id, NUL bytes,
a cell that is a list or an object where text is expected.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NoReturn

from ..errors import UserError
from ..guards.safe_files import loads_guarded
from ..types import Label, Message, Prompt, Role, Suite
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
        cells = {f: _text_cell(table, rec, col) for f, col in cols.fields.items() if f != "messages"}
        text = cells.get("text", "")
        text_column = cols.fields.get("text", "")
        raw_text = rec.values.get(text_column) if text_column else None
        if raw_text is not None and not isinstance(raw_text, str):
            # A number where the prompt should be is a shifted column or a mix-up, not a prompt.
            _fail(table, rec, text_column, f"expected text, found {type(raw_text).__name__} {_show(raw_text)}")
        history: tuple[Message, ...] = ()
        if "messages" in cols.fields and rec.values.get(cols.fields["messages"]) not in (None, ""):
            history, last = _conversation(table, rec, cols.fields["messages"])
            if not text_column or not text.strip():
                text = last
            elif text.strip() != last.strip():
                _fail(table, rec, text_column, "differs from the last user turn of 'messages' (they must be equal)")
        if not text.strip():
            _fail(table, rec, text_column or cols.fields["messages"], "empty prompt text")
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
                history=history,
                language=_language(table, rec, cols, cells),
                translation_of=cells.get("translation_of", "").strip(),
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
        out.append(replace(p, category=category, pair_id=pairing.pair_ids.get(p.id, "")))
    return out


MAX_TURNS = 1_000
"""The most messages (system, user and assistant turns together) one conversation may hold. Real multi-turn
scenarios have a handful; a thousand is far beyond any chat template's context, so a longer one is a
generated or corrupted file, refused before every turn is checked, stored and sent to a model."""


def _conversation(table: Table, rec: Record, column: str) -> tuple[tuple[Message, ...], str]:
    """A ``messages`` cell (a list of {"role", "content"}; in CSV, that list as JSON text) as the earlier
    turns and the last user turn. A system turn may only open the conversation; the last turn is the user's."""
    raw = rec.values.get(column)
    if isinstance(raw, str):
        # The guards every JSON input gets: nesting depth (a deeply nested cell crashed the parser), huge
        # integers, repeated keys.
        try:
            raw = loads_guarded(raw, path=table.path, line=rec.line, field=column)
        except UserError as e:
            _fail(table, rec, column, f"not a JSON list of messages: {e.detail}")
    if not isinstance(raw, list) or not raw:
        _fail(table, rec, column, 'expected a non-empty list of {"role", "content"} messages')
    if len(raw) > MAX_TURNS:
        _fail(table, rec, column, f"{len(raw):,} messages; a conversation has at most {MAX_TURNS:,}")
    roles = ", ".join(r.value for r in Role)
    turns: list[Message] = []
    for i, item in enumerate(raw, start=1):
        if not isinstance(item, dict) or not isinstance(item.get("content"), str):
            _fail(table, rec, column, f"message {i} is not an object with a text 'content'")
        try:
            role = Role(str(item.get("role", "")).strip().lower())
        except ValueError:
            _fail(table, rec, column, f"message {i} has role {_show(item.get('role'))}; use {roles}")
        if not item["content"].strip():
            _fail(table, rec, column, f"message {i} has empty content")
        if "\x00" in item["content"]:
            _fail(table, rec, column, f"message {i} contains a NUL byte (\\x00)")
        if role is Role.SYSTEM and i != 1:
            _fail(table, rec, column, f"message {i} is a system turn; only the first message may be one")
        turns.append(Message(role, item["content"]))
    if turns[-1].role is not Role.USER:
        _fail(table, rec, column, f"the last message is a {turns[-1].role.value} turn; it must be the user request")
    return tuple(turns[:-1]), turns[-1].content


def _label(table: Table, rec: Record, cols: Columns) -> Label:
    column = cols.fields["label"]
    raw = rec.values.get(column)
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        _fail(table, rec, column, f"missing label (use {ACCEPTED_LABELS_TEXT})")
    label = parse_label(raw)
    if label is None:
        _fail(table, rec, column, f"unknown label value {_show(raw)}; use {ACCEPTED_LABELS_TEXT}")
    return label


_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(-[a-z0-9]{1,8})*")
"""A language tag as BCP 47 writes it, lower case (``de``, ``pt-br``, ``zh-hans``): it is shown in every
report and chosen with ``--language``."""


def _language(table: Table, rec: Record, cols: Columns, cells: Mapping[str, str]) -> str:
    code = cells.get("language", "").strip().lower()
    if code and not _LANGUAGE_CODE.fullmatch(code):
        _fail(table, rec, cols.fields["language"], f"not a language code: {_show(code)} (expected e.g. de or pt-br)")
    return code


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
