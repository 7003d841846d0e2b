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

import bisect
import codecs
import difflib
import hashlib
import os
import re
import stat
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from ..errors import UserError
from ..guards.safe_files import (
    MAX_INPUT_BYTES,
    UTF8_BOM,
    check_input_file,
    csv_rows,
    decode_input,
    loads_guarded,
    read_input_bytes,
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
_PHYSICAL_LINE_BYTES = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")
"""One physical line of a CSV file's bytes, as the csv reader counts them (see ``safe_files.csv_rows``)."""


class _FileChanged(Exception):
    """The replay file is no longer the one indexed, so its offsets cannot be trusted."""


def normalise_id(raw: str) -> str:
    """The id as compared: see the module docstring for the rule."""
    value = raw.strip().lower()
    value = _VERSION_PREFIX.sub("", value)
    m = _FLOAT_INT.match(value)
    return m.group(1) if m else value


class _OpenFile:
    """A reply file's bytes read from disk as the indexing asks for them (a slice, the next newline), so
    that they are never all held."""

    def __init__(self, f: BinaryIO, size: int):
        self._f = f
        self.size = size

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, part: slice) -> bytes:
        start, stop = part.start or 0, self.size if part.stop is None else part.stop
        self._f.seek(start)
        return self._f.read(max(0, stop - start))

    def find(self, sub: bytes, start: int) -> int:
        """Where the next ``\n`` at or after ``start`` is, or -1 (the only search the indexing makes)."""
        assert sub == b"\n"
        self._f.seek(start)
        line = self._f.readline()
        return start + len(line) - 1 if line.endswith(b"\n") else -1

    def close(self) -> None:
        self._f.close()


_JSONL_SUFFIXES = (".jsonl", ".ndjson")
"""Extensions of a reply file that is JSON Lines whatever its first character."""


def _id_hash(key: str) -> int:
    """A normalised id as a signed 64-bit number (the same in every process, unlike ``hash``)."""
    digest = hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=8).digest()
    return int.from_bytes(digest, "little", signed=True)


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
    naming the file, line and field, before a run starts. Only where each record lies is kept in
    memory; a reply is read back from the file when its prompt asks for it, and a file changed since
    (size or modification time) gives an error completion instead. Options: :class:`ReplayOptions`.
    """

    options_type = ReplayOptions
    cacheable = False
    """Replayed replies are free and depend on the prompt id, so the generation cache is skipped."""

    @staticmethod
    def content_identity(path: str) -> str:
        """A hash of the file, so that a run over an edited file is a different run (not a resume)."""
        # Hashed a megabyte at a time (the same digest as of the whole bytes): the file is read whole once
        # more by the backend, and two copies at once would add its size to the run's peak memory.
        digest = hashlib.sha256()
        try:
            checked = check_input_file(path, what="replay file")
            fd = os.open(checked, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "rb") as f:
                if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                    return ""
                read = 0
                while chunk := f.read(1 << 20):
                    read += len(chunk)
                    if read > MAX_INPUT_BYTES:
                        return ""
                    digest.update(chunk)
        except (OSError, UserError):
            return ""  # the backend itself reports the problem, with the file's name
        return digest.hexdigest()[:12]

    def __init__(self, path: str, options: BackendOptions | None = None):
        if not str(path).strip():
            # Path("") is the current directory: "is a directory" would hide that the name was left out.
            raise UserError(f"replay/ needs a file name (replay/FILE), got 'replay/{path}'")
        self.options = options or BackendOptions()
        self.path = Path(path).expanduser()
        self._settings: ReplayOptions = self.read_options(self.options, "replay")
        self._check_text = self._settings.check_text
        data: bytes | _OpenFile
        text: str | None = None
        if self.path.suffix.lower() in _JSONL_SUFFIXES:
            # Indexed from the file as it is read, not from its bytes held whole (10 MB at 100,000 replies,
            # and as much again for their text).
            data, digest = self._open_checked_utf8()
            self.format = "jsonl"
        else:
            data = self._read_bytes()
            digest = hashlib.sha256(data).hexdigest()
            text = self._decode(data)  # validates the whole file's UTF-8, naming the line of a bad byte
            self.format = "jsonl" if self._is_jsonl(text) else "csv"
        stat_now = os.stat(self.path)
        self._identity = (stat_now.st_size, stat_now.st_mtime_ns)
        """Size and modification time when indexed: replies are read back from the file on demand."""
        # The content hash is part of the model id, so editing the file never serves stale cached
        # results under the same identity.
        self.model_id = f"replay/{path}@{digest[:12]}"
        try:
            self._body = len(UTF8_BOM) if data[0 : len(UTF8_BOM)] == UTF8_BOM else 0
            """Offset of the text in the file, after a byte-order mark."""
            # Only where each record lies is kept, not its reply: the replies of a 100,000-line file
            # held as objects cost 45 MB and twice that while read. A reply is read back when asked for.
            self._lines = array("q")
            """Per record: the line of the file where it starts (1-based), for messages."""
            self._starts = array("q")
            """Per record: the byte offset in the file where it starts."""
            self._ends = array("q")
            """Per record: the byte offset in the file just after it."""
            if self.format == "jsonl":
                del text
                columns = self._index_jsonl(data)
            else:
                assert text is not None and isinstance(data, bytes)
                columns = self._index_csv(text, data)
                del text
            self._index_rows(data, columns)
        finally:
            if isinstance(data, _OpenFile):
                data.close()
        if isinstance(data, _OpenFile) and data.size != self._identity[0]:
            raise UserError("the replay file changed while it was read; run the command again", path=str(self.path))

    def _index_rows(self, data: bytes | _OpenFile, columns: list[str]) -> None:
        """Check every record as a row (reply, id, text) and index the ids' hashes and the texts."""
        if not self._lines:
            raise UserError("the file has no replies (no data rows)", path=str(self.path))
        self._choose_columns(columns)
        # Ids are kept as 8-byte hashes, sorted, beside the record each one is (two arrays): a dict of
        # 100,000 id strings cost 20 MB. A lookup bisects the hashes and checks the id of the record it lands
        # on, read back from the file, so two ids with one hash are told apart.
        hashes = array("q")
        self._by_text: dict[str, int | list[int]] = {}
        failure: UserError | None = None
        try:
            for index in range(len(self._lines)):
                row = self._row(index, data)
                if row.raw_id is not None:
                    key = normalise_id(row.raw_id)
                    if not key:
                        raise UserError("empty id", path=str(self.path), line=row.line, field=self._id_col)
                    hashes.append(_id_hash(key))
                if row.text is not None:
                    seen = self._by_text.get(row.text)
                    if seen is None:
                        self._by_text[row.text] = index
                    elif isinstance(seen, int):
                        self._by_text[row.text] = [seen, index]
                    else:
                        seen.append(index)
        except UserError as exc:
            failure = exc
        order = sorted(range(len(hashes)), key=hashes.__getitem__)
        self._id_records = array("q", order)
        """Record numbers, in the order of their ids' hashes."""
        self._id_hashes = array("q", (hashes[i] for i in order))
        """The ids' hashes (:func:`_id_hash` of the normalised id), sorted."""
        del order, hashes
        # A repeated id before the record that failed (or at it) is the error this file always reported first.
        self._raise_repeated_id(data)
        if failure is not None:
            raise failure
        if self._id_col is None:
            # Without ids the text is the only key, so it must be unique.
            for seen in self._by_text.values():
                if isinstance(seen, list):
                    raise UserError(
                        f"duplicate prompt text (also on line {self._lines[seen[0]]}) and no id column to tell "
                        "them apart",
                        path=str(self.path),
                        line=self._lines[seen[1]],
                        field=self._prompt_col,
                    )

    def __repr__(self) -> str:
        return f"ReplayBackend(path={str(self.path)!r}, replies={len(self._lines)})"

    def __len__(self) -> int:
        return len(self._lines)

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

    def _open_checked_utf8(self) -> tuple[_OpenFile, str]:
        """The file, open, after one pass a megabyte at a time that takes its SHA-256 and checks that it is
        UTF-8 (nothing kept; the error, naming the line of the first bad byte, is :meth:`_decode`'s)."""
        if not self.path.exists():
            raise UserError("replay file not found", path=str(self.path))
        check_input_file(self.path, what="replay file")
        try:
            f = open(self.path, "rb")  # noqa: SIM115 - closed by the constructor once the file is indexed
        except OSError as exc:
            raise UserError(f"cannot read replay file: {exc.strerror or exc}", path=str(self.path)) from None
        try:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise UserError("is not a regular file", path=str(self.path))
            digest = hashlib.sha256()
            decoder = codecs.getincrementaldecoder("utf-8")()
            size, blank = 0, True
            try:
                while chunk := f.read(1 << 20):
                    size += len(chunk)
                    if size > MAX_INPUT_BYTES:
                        raise UserError(
                            f"replay file is larger than the limit of {MAX_INPUT_BYTES:,} bytes", path=str(self.path)
                        )
                    digest.update(chunk)
                    decoder.decode(chunk)
                    blank = blank and not chunk.strip()
                decoder.decode(b"", final=True)
            except UnicodeDecodeError:
                self._decode(self._read_bytes())
                raise
            if blank:
                raise UserError("replay file is empty", path=str(self.path))
            return _OpenFile(f, size), digest.hexdigest()
        except BaseException:
            f.close()
            raise

    def _is_jsonl(self, text: str) -> bool:
        suffix = self.path.suffix.lower()
        if suffix == ".csv":
            return False
        if suffix in _JSONL_SUFFIXES:
            return True
        return text.lstrip().startswith("{")

    def _index_csv(self, text: str, data: bytes) -> list[str]:
        """Checks every row and notes where each lies; the header's columns."""
        name = str(self.path)
        # Where each physical line starts, as the csv reader counts lines (\r\n, \r or \n end one); these
        # bytes are never inside a multi-byte UTF-8 character, so byte and text lines are the same lines.
        line_starts = array("q", (m.start() for m in _PHYSICAL_LINE_BYTES.finditer(data, self._body)))
        rows = csv_rows(text, name)  # strict quoting: broken quotes are an error, not silently merged cells
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
            self._lines.append(line)
            self._starts.append(line_starts[line - 1])
        # A record ends where the next starts (blank lines between are read past) or at the end of the file.
        self._ends = array("q", self._starts[1:])
        self._ends.append(len(data))
        self._header = header
        return header

    def _index_jsonl(self, data: bytes | _OpenFile) -> list[str]:
        """Checks every line and notes where each record lies; the keys met, in order of first use."""
        columns: dict[str, None] = {}
        # Split on "\n" only, not splitlines(): the latter also splits on U+2028, U+0085 and friends, which
        # may sit raw inside a JSON string (a reply) and must neither break the record nor shift line numbers.
        start, number = self._body, 0
        while start <= len(data):
            end = data.find(b"\n", start)
            if end < 0:
                end = len(data)
            number += 1
            raw = data[start:end]
            if raw.strip():
                obj = self._parse_jsonl(raw, number)
                for key in obj:
                    columns.setdefault(str(key), None)
                self._lines.append(number)
                self._starts.append(start)
                self._ends.append(end)
            start = end + 1
        self._header = []
        return list(columns)

    def _parse_jsonl(self, raw: bytes, number: int) -> dict[str, Any]:
        # Lone surrogates are allowed here: a reply is model output, made valid per prompt when stored.
        obj = loads_guarded(raw.decode("utf-8"), path=str(self.path), line=number, allow_surrogates=True)
        if not isinstance(obj, dict):
            raise UserError(
                f"each line must be a JSON object, got {type(obj).__name__}", path=str(self.path), line=number
            )
        return obj

    def _record(self, index: int, data: bytes | _OpenFile | None) -> dict[str, Any]:
        """Record ``index`` parsed again from ``data`` (the file's bytes) or, without it, from the file."""
        start, end, line = self._starts[index], self._ends[index], self._lines[index]
        if data is not None:
            raw = data[start:end]
        else:
            with open(self.path, "rb") as f:
                stat_now = os.fstat(f.fileno())
                if (stat_now.st_size, stat_now.st_mtime_ns) != self._identity:
                    raise _FileChanged
                f.seek(start)
                raw = f.read(end - start)
        if self.format == "jsonl":
            return self._parse_jsonl(raw, line)
        cells = next(csv_rows(raw.decode("utf-8"), str(self.path)))[1]
        return dict(zip(self._header, cells))

    def _choose_columns(self, columns: list[str]) -> None:
        reply_col = self._pick(columns, REPLY_COLUMNS, "reply_column")
        if reply_col is None:
            raise UserError(
                f"no reply column: expected one of {', '.join(REPLY_COLUMNS)} (or set reply_column); "
                f"columns are: {', '.join(columns)}",
                path=str(self.path),
                # CSV: the header line; JSONL: the first record, which shows what the keys are.
                line=1 if self.format == "csv" else self._lines[0],
            )
        self._reply_col = reply_col
        self._id_col = self._pick(columns, ID_COLUMNS, "id_column")
        self._prompt_col = self._pick(columns, PROMPT_COLUMNS, "prompt_column")
        if self._id_col is None and self._prompt_col is None:
            raise UserError(
                f"no id column ({', '.join(ID_COLUMNS)}) and no prompt column ({', '.join(PROMPT_COLUMNS)}): "
                f"replies cannot be matched to prompts; columns are: {', '.join(columns)}",
                path=str(self.path),
            )

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

    def _row(self, index: int, data: bytes | _OpenFile | None = None) -> _Row:
        """Record ``index`` as a row, checked (see :meth:`_record` for ``data``)."""
        line = self._lines[index]
        record = self._record(index, data)
        reply = record.get(self._reply_col)
        if not isinstance(reply, str):
            what = "missing" if reply is None else f"not text ({type(reply).__name__})"
            raise UserError(f"reply is {what}", path=str(self.path), line=line, field=self._reply_col)
        raw_id = self._cell(record, self._id_col, line)
        text = self._cell(record, self._prompt_col, line)
        if raw_id is None and text is None:
            raise UserError("row has neither an id nor a prompt text", path=str(self.path), line=line)
        return _Row(line=line, reply=reply, raw_id=raw_id, text=normalise_text(text) if text is not None else None)

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

    def _by_id(self, key: str) -> _Row | None:
        """The row whose normalised id is ``key`` (read back from the file), or None."""
        hashes, h = self._id_hashes, _id_hash(key)
        i = bisect.bisect_left(hashes, h)
        while i < len(hashes) and hashes[i] == h:
            row = self._row(self._id_records[i])
            if row.raw_id is not None and normalise_id(row.raw_id) == key:
                return row
            i += 1
        return None

    def _raise_repeated_id(self, data: bytes | _OpenFile) -> None:
        """The duplicate-id error of the first record, in file order, whose id an earlier one had (among the
        records whose id was indexed); nothing when no id repeats. Only ids whose hash repeats are compared."""
        hashes = self._id_hashes
        clashing = {a for a, b in zip(hashes, hashes[1:]) if a == b}
        if not clashing:
            return
        first_seen: dict[str, int] = {}
        for index in range(len(self._lines)):
            row = self._row(index, data)
            if row.raw_id is None:
                continue
            key = normalise_id(row.raw_id)
            if not key:
                return  # the empty id that stopped the indexing: no repeat came before it
            if _id_hash(key) not in clashing:
                continue
            if key in first_seen:
                first = self._row(first_seen[key], data)
                raise UserError(
                    f"duplicate id '{row.raw_id}' (same as '{first.raw_id}' on line {first.line} once normalised)",
                    path=str(self.path),
                    line=row.line,
                    field=self._id_col,
                )
            first_seen[key] = index

    def find(self, prompt_id: str | None, text: str | None) -> tuple[_Row | None, str]:
        """The row for a prompt and, if none, why not. The reply is read back from the file here."""
        norm_text = normalise_text(text) if text is not None else None
        note = ""
        if prompt_id is not None:
            row = self._by_id(normalise_id(prompt_id))
            if row is not None:
                if not self._check_text or row.text is None or norm_text is None or _similar(row.text, norm_text):
                    return row, ""
                note = f" (id matches line {row.line}, but its prompt text differs: {row.text[:80]!r})"
        if norm_text is not None:
            seen = self._by_text.get(norm_text)
            if isinstance(seen, int):
                return self._row(seen), ""
            if seen:
                lines = ", ".join(str(self._lines[i]) for i in seen)
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
        try:
            row, why = self.find(prompt_id, text)
        except (_FileChanged, OSError, UserError) as exc:
            # The replies are read back from the file: one edited, moved or unreadable since the run began
            # gives no reply at all (ERROR), never a reply from a different version of the file.
            why = "it changed since it was read" if isinstance(exc, _FileChanged) else str(exc)
            return Completion(text="", error=f"cannot read the reply from {self.path}: {why}")
        if row is None:
            label = prompt_id if prompt_id is not None else repr((text or "")[:60])
            return Completion(text="", error=f"no reply in {self.path} for prompt {label}{why}")
        if not row.reply.strip():
            # A blank cell is missing data (a reply never collected), not a model that said nothing.
            return Completion(text="", error=f"blank reply in {self.path} line {row.line} (missing data)")
        return Completion(text=row.reply, finish_reason="replay")
