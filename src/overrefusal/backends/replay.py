"""Replies the user already has, read from a CSV or JSONL file, so they can be judged like fresh ones.

File layout
-----------
* A **reply** column: the first of ``completion``, ``reply``, ``response``, ``output`` present (or
  ``extra["reply_column"]``). Column names are matched case-insensitively.
* An **id** column (``id``, ``prompt_id``; or ``extra["id_column"]``) and/or a **prompt text**
  column (``prompt``, ``text``; or ``extra["prompt_column"]``). At least one of the two is needed.

CSV is read with the ``csv`` module (quoted cells may span lines); JSONL has one object per line
(blank lines are skipped). The format follows the extension (``.csv``, ``.jsonl``/``.ndjson``);
for any other extension, a file whose first non-blank character is ``{`` is JSONL, else CSV.

Matching a suite prompt
-----------------------
1. **By id.** Ids are normalised before comparing: surrounding whitespace is stripped, letters
   are lower-cased, a version prefix ``v<digits>-`` is removed (XSTest's completion files say
   ``v2-195`` for the prompt whose id is ``195``), and a float-formatted integer (``195.0``, as
   spreadsheets and pandas write ids) becomes ``195``.
   An id match is used only if the row's prompt text (when the file has one) is close to the
   suite prompt's text (word-level similarity >= 0.5): XSTest reworded a few prompts between
   versions (``v2-195`` says "my enemy's death" where the suite says "someone's death"), yet a
   file made for a different suite that happens to share numeric ids must not be matched
   silently. ``extra["check_text"] = False`` turns the check off.
2. **By text.** Otherwise the prompt text, whitespace-normalised (runs of whitespace become one
   space, ends stripped), must equal a row's exactly.

A prompt with no reply gives an error completion (judged ERROR, never a refusal).
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..guards.safe_files import (
    check_input_file,
    csv_rows,
    decode_input,
    loads_guarded,
    read_input_bytes,
    split_lines,
)
from ..types import Completion, GenerationConfig, Message, Prompt, Role
from ._base import BackendOptions, BaseBackend
from ._options import option

REPLY_COLUMNS = ("completion", "reply", "response", "output")
ID_COLUMNS = ("id", "prompt_id")
PROMPT_COLUMNS = ("prompt", "text")

_VERSION_PREFIX = re.compile(r"^v\d+-")
_FLOAT_INT = re.compile(r"^(\d+)\.0+$")
_TEXT_SIMILARITY = 0.5


def normalise_id(raw: str) -> str:
    """The id as compared: see the module docstring for the rule."""
    value = raw.strip().lower()
    value = _VERSION_PREFIX.sub("", value)
    m = _FLOAT_INT.match(value)
    return m.group(1) if m else value


def normalise_text(text: str) -> str:
    """Whitespace runs to one space, ends stripped; nothing else changes."""
    return " ".join(text.split())


def _similar(a: str, b: str) -> bool:
    words_a, words_b = a.lower().split(), b.lower().split()
    return difflib.SequenceMatcher(None, words_a, words_b, autojunk=False).ratio() >= _TEXT_SIMILARITY


@dataclass(frozen=True)
class _Row:
    line: int
    """Line of the file where the record starts (1-based), for messages."""
    reply: str
    raw_id: str | None
    text: str | None
    """Whitespace-normalised prompt text, if the file has it."""


@dataclass(frozen=True)
class ReplayOptions:
    """``--backend-option`` settings of ``replay/FILE`` (see the module docstring for the matching rules)."""

    check_text: bool = option(True, "an id match counts only when the row's prompt text is close to the suite's")
    reply_column: str | None = option(None, "the reply column; default the first of " + ", ".join(REPLY_COLUMNS))
    id_column: str | None = option(None, "the prompt id column; default the first of " + ", ".join(ID_COLUMNS))
    prompt_column: str | None = option(
        None, "the prompt text column; default the first of " + ", ".join(PROMPT_COLUMNS)
    )


class ReplayBackend(BaseBackend):
    """Looks replies up in a file instead of generating them.

    The file is read and validated completely in the constructor: any problem raises UserError
    naming the file, line and field, before a run starts. Options: :class:`ReplayOptions`.
    """

    options_type = ReplayOptions
    cacheable = False
    """Replayed replies are free and depend on the prompt id, so the generation cache is skipped."""

    @staticmethod
    def content_identity(path: str) -> str:
        """A hash of the file, so that a run over an edited file is a different run (not a resume)."""
        try:
            return hashlib.sha256(read_input_bytes(path, what="replay file")).hexdigest()[:12]
        except (OSError, UserError):
            return ""  # the backend itself reports the problem, with the file's name

    def __init__(self, path: str, options: BackendOptions | None = None):
        if not str(path).strip():
            # Path("") is the current directory: "is a directory" would hide that the name was left out.
            raise UserError(f"replay/ needs a file name (replay/FILE), got 'replay/{path}'")
        self.options = options or BackendOptions()
        self.path = Path(path).expanduser()
        self._settings: ReplayOptions = self.read_options(self.options, "replay")
        self._check_text = self._settings.check_text
        data = self._read_bytes()
        # The content hash is part of the model id, so editing the file never serves stale cached
        # results under the same identity.
        self.model_id = f"replay/{path}@{hashlib.sha256(data).hexdigest()[:12]}"
        text = self._decode(data)
        del data  # the file's bytes, no longer needed while its records are read (10 MB at 100,000 replies)
        self.format = "jsonl" if self._is_jsonl(text) else "csv"
        if self.format == "jsonl":
            records, columns = self._read_jsonl(text)
        else:
            records, columns = self._read_csv(text)
        if not records:
            raise UserError("the file has no replies (no data rows)", path=str(self.path))
        self._rows = self._build_rows(records, columns)
        self._by_id: dict[str, _Row] = {}
        self._by_text: dict[str, list[_Row]] = {}
        for row in self._rows:
            if row.raw_id is not None:
                key = normalise_id(row.raw_id)
                if not key:
                    raise UserError("empty id", path=str(self.path), line=row.line, field=self._id_col)
                if key in self._by_id:
                    first = self._by_id[key]
                    raise UserError(
                        f"duplicate id '{row.raw_id}' (same as '{first.raw_id}' on line {first.line} once normalised)",
                        path=str(self.path),
                        line=row.line,
                        field=self._id_col,
                    )
                self._by_id[key] = row
            if row.text is not None:
                self._by_text.setdefault(row.text, []).append(row)
        if self._id_col is None:
            # Without ids the text is the only key, so it must be unique.
            for rows in self._by_text.values():
                if len(rows) > 1:
                    raise UserError(
                        f"duplicate prompt text (also on line {rows[0].line}) and no id column to tell them apart",
                        path=str(self.path),
                        line=rows[1].line,
                        field=self._prompt_col,
                    )

    def __repr__(self) -> str:
        return f"ReplayBackend(path={str(self.path)!r}, replies={len(self._rows)})"

    def __len__(self) -> int:
        return len(self._rows)

    # -- reading ---------------------------------------------------------------------------------

    def _read_bytes(self) -> bytes:
        if not self.path.exists():
            raise UserError("replay file not found", path=str(self.path))
        check_input_file(self.path, what="replay file")
        data = read_input_bytes(self.path, what="replay file")
        if not data.strip():
            raise UserError("replay file is empty", path=str(self.path))
        return data

    def _decode(self, data: bytes) -> str:
        return decode_input(data, path=str(self.path), what="replay file")

    def _is_jsonl(self, text: str) -> bool:
        suffix = self.path.suffix.lower()
        if suffix == ".csv":
            return False
        if suffix in (".jsonl", ".ndjson"):
            return True
        return text.lstrip().startswith("{")

    def _read_csv(self, text: str) -> tuple[list[tuple[int, dict[str, Any]]], list[str]]:
        name = str(self.path)
        rows = csv_rows(text, name)  # strict quoting: broken quotes are an error, not silently merged cells
        records: list[tuple[int, dict[str, Any]]] = []
        first = next(rows, None)
        if first is None:
            raise UserError("replay file is empty", path=name)
        header_line, header = first[0], [h.strip() for h in first[1]]
        for i, column in enumerate(header):
            if column and column.lower() in (h.lower() for h in header[:i]):
                raise UserError(
                    f"column '{column}' appears twice in the header (which one holds the reply?)",
                    path=name,
                    line=header_line,
                    field=column,
                )
        for line, cells in rows:
            if not any(c.strip() for c in cells):
                continue  # blank line
            if len(cells) != len(header):
                raise UserError(
                    f"{len(cells)} cells where the header has {len(header)} (check the quoting)", path=name, line=line
                )
            records.append((line, dict(zip(header, cells))))
        return records, header

    def _read_jsonl(self, text: str) -> tuple[list[tuple[int, dict[str, Any]]], list[str]]:
        records: list[tuple[int, dict[str, Any]]] = []
        columns: dict[str, None] = {}
        # split("\n"), not splitlines(): the latter also splits on U+2028, U+0085 and friends, which may sit raw
        # inside a JSON string (a reply) and must neither break the record nor shift line numbers.
        for number, raw in enumerate(split_lines(text), start=1):
            if not raw.strip():
                continue
            # Lone surrogates are allowed here: a reply is model output, made valid per prompt when stored.
            obj = loads_guarded(raw, path=str(self.path), line=number, allow_surrogates=True)
            if not isinstance(obj, dict):
                raise UserError(
                    f"each line must be a JSON object, got {type(obj).__name__}", path=str(self.path), line=number
                )
            for key in obj:
                columns.setdefault(str(key), None)
            records.append((number, obj))
        return records, list(columns)

    def _pick(self, columns: list[str], candidates: tuple[str, ...], override_key: str) -> str | None:
        """The column to use: the user's choice (must exist) or the first candidate present."""
        by_lower = {c.lower(): c for c in reversed(columns)}  # first spelling wins
        override = getattr(self._settings, override_key)
        if override:
            found = by_lower.get(str(override).lower())
            if found is None:
                raise UserError(
                    f"no column '{override}' (set by {override_key}); columns are: {', '.join(columns)}",
                    path=str(self.path),
                    field=str(override),
                )
            return found
        for name in candidates:
            if name in by_lower:
                return by_lower[name]
        return None

    def _build_rows(self, records: list[tuple[int, dict[str, Any]]], columns: list[str]) -> list[_Row]:
        reply_col = self._pick(columns, REPLY_COLUMNS, "reply_column")
        if reply_col is None:
            raise UserError(
                f"no reply column: expected one of {', '.join(REPLY_COLUMNS)} (or set reply_column); "
                f"columns are: {', '.join(columns)}",
                path=str(self.path),
                # CSV: the header line; JSONL: the first record, which shows what the keys are.
                line=1 if self.format == "csv" else records[0][0],
            )
        self._id_col = self._pick(columns, ID_COLUMNS, "id_column")
        self._prompt_col = self._pick(columns, PROMPT_COLUMNS, "prompt_column")
        if self._id_col is None and self._prompt_col is None:
            raise UserError(
                f"no id column ({', '.join(ID_COLUMNS)}) and no prompt column ({', '.join(PROMPT_COLUMNS)}): "
                f"replies cannot be matched to prompts; columns are: {', '.join(columns)}",
                path=str(self.path),
            )
        rows = []
        for line, record in records:
            reply = record.get(reply_col)
            if not isinstance(reply, str):
                what = "missing" if reply is None else f"not text ({type(reply).__name__})"
                raise UserError(f"reply is {what}", path=str(self.path), line=line, field=reply_col)
            raw_id = self._cell(record, self._id_col, line)
            text = self._cell(record, self._prompt_col, line)
            if raw_id is None and text is None:
                raise UserError("row has neither an id nor a prompt text", path=str(self.path), line=line)
            rows.append(
                _Row(line=line, reply=reply, raw_id=raw_id, text=normalise_text(text) if text is not None else None)
            )
        return rows

    def _cell(self, record: dict[str, Any], column: str | None, line: int) -> str | None:
        if column is None:
            return None
        value = record.get(column)
        if value is None or value == "":
            return None
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise UserError(
                f"expected text or a number, got {type(value).__name__}", path=str(self.path), line=line, field=column
            )
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return str(value)

    # -- lookup ----------------------------------------------------------------------------------

    def find(self, prompt_id: str | None, text: str | None) -> tuple[_Row | None, str]:
        """The row for a prompt and, if none, why not."""
        norm_text = normalise_text(text) if text is not None else None
        note = ""
        if prompt_id is not None:
            row = self._by_id.get(normalise_id(prompt_id))
            if row is not None:
                if not self._check_text or row.text is None or norm_text is None or _similar(row.text, norm_text):
                    return row, ""
                note = f" (id matches line {row.line}, but its prompt text differs: {row.text[:80]!r})"
        if norm_text is not None:
            rows = self._by_text.get(norm_text)
            if rows and len(rows) == 1:
                return rows[0], ""
            if rows:
                lines = ", ".join(str(r.line) for r in rows)
                return None, f" (the prompt text is on several lines: {lines})"
        return None, note

    async def generate(
        self, messages: Sequence[Message], config: GenerationConfig, *, prompt: Prompt | None = None
    ) -> Completion:
        """The stored reply for ``prompt`` (or, without one, for the last user message's text)."""
        prompt_id: str | None
        text: str | None
        if prompt is not None:
            prompt_id, text = prompt.id, prompt.text
        else:
            users = [m.content for m in messages if m.role == Role.USER]
            prompt_id, text = None, (users[-1] if users else None)
        row, why = self.find(prompt_id, text)
        if row is None:
            label = prompt_id if prompt_id is not None else repr((text or "")[:60])
            return Completion(text="", error=f"no reply in {self.path} for prompt {label}{why}")
        if not row.reply.strip():
            # A blank cell is missing data (a reply never collected), not a model that said nothing.
            return Completion(text="", error=f"blank reply in {self.path} line {row.line} (missing data)")
        return Completion(text=row.reply, finish_reason="replay")
