"""Turn a table of raw records into a validated :class:`~overrefusal.types.Suite`.

Every problem with a row is a :class:`~overrefusal.errors.UserError` naming the file, the line where the
record starts and the column: empty prompt text, missing or unknown label, duplicate id, NUL bytes,
a cell that is a list or an object where text is expected.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any, NoReturn, overload

from ..errors import UserError
from ..guards.safe_files import loads_guarded
from ..types import Label, Message, Prompt, Role, Suite, SuiteVersion
from .columns import ACCEPTED_LABELS_TEXT, Columns, parse_label, resolve_columns
from .pairing import CONTRAST_PREFIX, PairItem, follows_contrast_convention, pair_by_contrast_type
from .readers import FileRecords, Record, Table


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
    table's path). A streamed table (:class:`~.readers.FileRecords`) gives a suite of :class:`FilePrompts`,
    checked whole now but read again from the file at each pass.
    """
    cols = resolve_columns(table, mapping, kind=kind, stem=stem if stem is not None else name)
    reading = _Reading(table, cols, source if source is not None else table.path)
    if isinstance(table.records, FileRecords):
        streamed = FilePrompts.check(reading)
        if streamed is not None:
            return Suite(name=name, prompts=streamed)
    prompts: list[Prompt] = []
    first_seen: dict[str, Record] = {}

    def once(pid: str, rec: Record) -> None:
        if pid in first_seen:
            _duplicate(reading, rec, first_seen[pid], pid)
        first_seen[pid] = rec

    for rec in table.records:
        prompts.append(reading.prompt(rec, once))
    if "pair_id" not in cols.fields and follows_contrast_convention([p.type for p in prompts]):
        prompts = _apply_contrast_pairing(prompts, derive_category="category" not in cols.fields)
    return Suite(name=name, prompts=tuple(prompts))


class _Reading:
    """How the records of one table become prompts: its columns and the source the prompts name."""

    def __init__(self, table: Table, cols: Columns, source: str):
        self.table = table
        self.cols = cols
        self.source = source
        self.used = set(cols.fields.values())

    def prompt(self, rec: Record, on_id: Callable[[str, Record], None] | None = None) -> Prompt:
        """The prompt of ``rec``, every cell checked; ``on_id`` is told its id as soon as it is known (before
        the checks that follow it, so that a repeated id is the error reported, as it always was)."""
        table, cols = self.table, self.cols
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
        pid = self.prompt_id(rec, cells)
        if on_id is not None:
            on_id(pid, rec)
        metadata = _metadata(table, rec, self.used)
        prompt_type = cells.get("type", "").strip()
        if cols.layout == "or-bench" and "type" not in cols.fields:
            prompt_type = "seemingly_toxic" if label is Label.BENIGN else "toxic"
        return Prompt(
            id=pid,
            text=text,  # kept verbatim (not stripped): it is exactly what the benchmark sends
            label=label,
            category=cells.get("category", "").strip(),
            type=prompt_type,
            pair_id=cells.get("pair_id", "").strip(),
            focus=cells.get("focus", "").strip(),
            source=self.source,
            metadata=metadata,
            history=history,
            language=_language(table, rec, self.cols, cells),
            translation_of=cells.get("translation_of", "").strip(),
        )

    def prompt_id(self, rec: Record, cells: Mapping[str, str] | None = None) -> str:
        """The id of ``rec``: its id cell, or its record number where the file has no id column."""
        if "id" not in self.cols.fields:
            return str(rec.index)  # no id column: ids are record numbers, stable for an unchanged file
        column = self.cols.fields["id"]
        pid = (cells["id"] if cells is not None else _text_cell(self.table, rec, column)).strip()
        if not pid:
            _fail(self.table, rec, column, "empty id")
        return pid


def _duplicate(reading: _Reading, rec: Record, first: Record, pid: str) -> NoReturn:
    where = f"line {first.line}" if first.line is not None else f"record {first.index}"
    _fail(reading.table, rec, reading.cols.fields.get("id", "id"), f"duplicate id {pid!r} (first used at {where})")


class FilePrompts(Sequence[Prompt]):
    """The prompts of a streamed file (:class:`~.readers.FileRecords`), made again from it at each pass and
    never all held: a 100,000-prompt suite costs the memory of its file's text during a pass and of one
    prompt at a time. :meth:`check` goes through every record once, with every check a suite's loading
    makes, so a bad row late in a big file fails the command before any run starts, naming file, line and
    field, and the suite's :attr:`~overrefusal.types.Suite.version` is taken in the same pass. Indexing
    makes every prompt (for the rare caller that needs it)."""

    def __init__(self, reading: _Reading, count: int, version: str, translated: bool):
        self._reading = reading
        self._count = count
        self.version = version
        """The suite's version (:class:`~overrefusal.types.SuiteVersion` of these prompts), taken when checked."""
        self.sources = (reading.source,) if reading.source else ()
        """Where every prompt comes from (:meth:`~overrefusal.types.Suite.sources`): the one file."""
        self.translated = translated
        """Whether a prompt translates another (:meth:`~overrefusal.types.Suite.has_translations`)."""

    @classmethod
    def check(cls, reading: _Reading) -> FilePrompts | None:
        """The prompts of ``reading``'s streamed table, every record checked now; None when they cannot be
        streamed (a file paired by XSTest's contrast types: the pairing needs every prompt at once)."""
        # Ids are checked for repeats through a bitmap of their hashes (4 bytes an id, not a set of 100,000
        # strings): an id whose bit is already set may repeat one (or share a bit with it), and only those
        # suspects are compared, by the file read again, when any turns up.
        seen = _HashBits(len(reading.table.records))
        versions = SuiteVersion()
        contrast = translated = False
        failure: UserError | None = None
        checked = 0

        def note(pid: str, _: Record) -> None:
            nonlocal checked
            seen.add(hash(pid))
            checked += 1

        try:
            for rec in reading.table.records:
                p = reading.prompt(rec, note)
                versions.add(p)
                contrast = contrast or p.type.startswith(CONTRAST_PREFIX)
                translated = translated or bool(p.translation_of)
        except UserError as exc:
            failure = exc
        # A repeated id among the records before the failing one (or at it, when its id was reached) is the
        # error the loading always reported first.
        _raise_repeated_id(reading, seen, checked)
        if failure is not None:
            raise failure
        if contrast and "pair_id" not in reading.cols.fields:
            return None
        return cls(reading, checked, versions.hexdigest(), translated)

    def __iter__(self) -> Iterator[Prompt]:
        prompt = self._reading.prompt
        for rec in self._reading.table.records:
            yield prompt(rec)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Prompt: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Prompt]: ...

    def __getitem__(self, index: int | slice) -> Prompt | Sequence[Prompt]:
        return tuple(self)[index]

    def __repr__(self) -> str:
        return f"FilePrompts({self._reading.table.path!r}, {self._count} prompts)"


class _HashBits:
    """Which hashes have been seen, as bits (32 a member, so about 3% of new ones find their bit set), and the
    hashes that found theirs set: every repeat is among those suspects, with a few that only share a bit."""

    def __init__(self, members: int):
        self._size = max(1 << 16, members * 32)
        self._bits = bytearray(self._size // 8 + 1)
        self.suspects: set[int] = set()

    def add(self, h: int) -> None:
        bit = h % self._size
        byte, mask = bit >> 3, 1 << (bit & 7)
        if self._bits[byte] & mask:
            self.suspects.add(bit)
        self._bits[byte] |= mask

    def suspected(self, h: int) -> bool:
        return h % self._size in self.suspects


def _raise_repeated_id(reading: _Reading, seen: _HashBits, checked: int) -> None:
    """The duplicate-id error of the first record (in file order) whose id an earlier record had, among the
    first ``checked`` records (those whose id was read); nothing when no id repeats."""
    if not seen.suspects:
        return
    first_seen: dict[str, Record] = {}
    for rec, _ in zip(reading.table.records, range(checked)):
        pid = reading.prompt_id(rec)
        if not seen.suspected(hash(pid)):
            continue
        if pid in first_seen:
            _duplicate(reading, rec, first_seen[pid], pid)
        first_seen[pid] = rec


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
