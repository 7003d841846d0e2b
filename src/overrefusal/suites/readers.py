"""Read a suite file into a table of raw records, whatever its format.

This layer knows file formats (CSV, JSON Lines, JSON, Parquet) and nothing about prompts: it turns bytes
into records that remember where they came from, so that every later error can name the file and the
line. Everything the user can get wrong about the *file* (missing, empty, not UTF-8, broken JSON, ragged
CSV rows) is reported here as a :class:`~overrefusal.errors.UserError`.
"""

from __future__ import annotations

import codecs
import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

from ..errors import UserError
from ..guards.safe_files import (
    NUL_SENTINELS,
    check_input_file,
    csv_line_rows,
    csv_rows,
    decode_input,
    input_lines,
    loads_guarded,
    nul_sentinel,
    read_input_bytes,
)

SUPPORTED_SUFFIXES: tuple[str, ...] = (".csv", ".jsonl", ".json", ".parquet")
"""File extensions a suite spec may end with to be read as a file."""


@dataclass(frozen=True, slots=True)
class Record:
    """One raw row of a suite file."""

    values: Mapping[str, Any]
    """Column name to cell value (strings for CSV; any JSON/Parquet scalar otherwise)."""
    index: int
    """1-based position among the file's records (used for generated ids and where lines are unknown)."""
    line: int | None
    """Physical line where the record starts (CSV, JSONL, JSON arrays); None for Parquet."""


@dataclass(frozen=True)
class Table:
    """A file's records plus what is needed to report errors about them."""

    path: str
    """The file as the user named it; every error message starts with it."""
    columns: tuple[str, ...]
    """Column names in file order (for JSON formats: keys in order of first appearance)."""
    records: Sequence[Record]
    """The data rows, in file order: a tuple, or for a streamed file (:func:`read_table` with ``stream``) a
    :class:`FileRecords` that reads them again from the file at each pass."""
    header_line: int | None = None
    """Line of the header (CSV) that column errors point at; None where there is no header."""


class RepeatedCells:
    """One string object for each repeated value of a column that holds few distinct values (labels,
    categories, languages): 100,000 rows otherwise hold 100,000 copies of ``benign``, about 5 MB a column.
    A column is given up once it shows more than :attr:`LIMIT` distinct values (ids, prompt texts), so the
    lookup tables stay small."""

    LIMIT = 1_000

    def __init__(self, columns: tuple[str, ...]):
        self._seen: dict[str, dict[str, str] | None] = {name: {} for name in columns}

    def shared(self, column: str, value: str) -> str:
        """``value``, or the equal string already met in ``column``."""
        seen = self._seen.get(column)
        if seen is None:
            return value
        kept = seen.setdefault(value, value)
        if len(seen) > self.LIMIT:
            self._seen[column] = None
        return kept


STREAMED_SUFFIXES: tuple[str, ...] = (".csv", ".jsonl")
"""File types :func:`read_table` can stream (their records are parsed one at a time, in order)."""


class FileRecords(Sequence[Record]):
    """The records of a CSV or JSON Lines file, read again from the file at each pass instead of kept.

    :meth:`scan` reads the file through once and raises every error of the file's format that
    :func:`read_table` would; each later pass reads it again, a line at a time, and yields its records one
    at a time, so no pass holds more than one record (nor the file's bytes or text). The file's SHA-256 is
    taken at the scan and checked at the start of each pass: a file changed since is a UserError, never
    other records under the suite's version. Indexing reads the whole file (for the rare caller that needs
    it)."""

    def __init__(self, path: Path, shown: str, digest: str, count: int, sentinel: str | None):
        self._path = path
        self._shown = shown
        self._digest = digest
        self._count = count
        self._sentinel = sentinel
        """The stand-in for NUL bytes while the csv module parses (:func:`~..guards.safe_files.nul_sentinel`)."""

    @classmethod
    def scan(cls, path: Path, shown: str) -> Table:
        """Read ``path`` once: its columns, its record count and its hash; the records are not kept."""
        digest, sentinel = _check_text_file(path, shown)
        header_line: int | None = None
        if path.suffix.lower() == ".csv":
            columns, header_line, body = _csv_parts(_csv_file_rows(path, shown, sentinel), shown)
            count = sum(1 for _ in body)
            if not count:
                raise UserError("file has a header but no prompts", path=shown, line=header_line)
        else:
            keys: dict[str, None] = {}  # ordered set of keys by first appearance
            count = 0
            for rec in _jsonl_body(_jsonl_file_lines(path, shown), shown):
                keys.update(dict.fromkeys(rec.values))
                count += 1
            if not count:
                raise UserError("file is empty", path=shown)
            columns = tuple(keys)
        # Absolute: a later pass reads the same file whatever the current directory has become.
        records = cls(path.absolute(), shown, digest, count, sentinel)
        return Table(path=shown, columns=columns, records=records, header_line=header_line)

    def __iter__(self) -> Iterator[Record]:
        if _check_text_file(self._path, self._shown)[0] != self._digest:
            raise UserError("the file changed since it was read; run the command again", path=self._shown)
        if self._path.suffix.lower() == ".csv":
            yield from _csv_parts(_csv_file_rows(self._path, self._shown, self._sentinel), self._shown)[2]
        else:
            yield from _jsonl_body(_jsonl_file_lines(self._path, self._shown), self._shown)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Record: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Record]: ...

    def __getitem__(self, index: int | slice) -> Record | Sequence[Record]:
        return tuple(self)[index]

    def __repr__(self) -> str:
        return f"FileRecords({self._shown!r}, {self._count} records)"


def _check_text_file(path: Path, shown: str) -> tuple[str, str | None]:
    """Read ``path`` through a megabyte at a time, keeping nothing: its SHA-256 and the stand-in for NUL bytes
    its CSV parsing needs, after the checks :func:`read_table` makes of a whole file's bytes (a regular file
    under the size limit, UTF-8 (the error is :func:`decode_utf8`'s, naming the line), not blank)."""
    check_input_file(path)
    digest = hashlib.sha256()
    decoder = codecs.getincrementaldecoder("utf-8-sig")()  # one leading byte-order mark dropped, as decode_input
    blank, has_nul = True, False
    present: set[str] = set()
    try:
        with open(path, "rb") as f:
            while True:
                chunk = f.read(1 << 20)
                digest.update(chunk)
                text = decoder.decode(chunk, final=not chunk)
                blank = blank and not text.strip()
                has_nul = has_nul or "\x00" in text
                present.update(c for c in NUL_SENTINELS if c in text)
                if not chunk:
                    break
    except UnicodeDecodeError:
        decode_utf8(read_input_bytes(path), shown)
        raise
    except OSError as exc:
        raise UserError(f"cannot read file: {exc.strerror or exc}", path=shown) from None
    if blank:
        raise UserError("file is empty", path=shown)
    return digest.hexdigest(), nul_sentinel(has_nul, present)


def _file_lines(path: Path, shown: str, newline: str) -> Iterator[str]:
    """The lines of the text file ``path`` as ``open(..., newline=newline)`` reads them, one at a time."""
    try:
        with open(path, encoding="utf-8-sig", newline=newline) as f:
            yield from f
    except UnicodeDecodeError:
        raise UserError("the file changed since it was read; run the command again", path=shown) from None
    except OSError as exc:
        raise UserError(f"cannot read file: {exc.strerror or exc}", path=shown) from None


def _csv_file_rows(path: Path, shown: str, sentinel: str | None) -> Iterator[tuple[int, list[str]]]:
    """:func:`csv_rows` of the file, read a line at a time (newline="": \\r\\n, \\r or \\n end a line)."""
    return csv_line_rows(_file_lines(path, shown, ""), shown, sentinel=sentinel)


def _jsonl_file_lines(path: Path, shown: str) -> Iterator[tuple[int, str]]:
    """:func:`input_lines` of the file, read a line at a time: split on \\n only, a \\r before it dropped."""
    for number, line in enumerate(_file_lines(path, shown, "\n"), 1):
        line = line[:-1] if line.endswith("\n") else line
        yield number, line[:-1] if line.endswith("\r") else line


def is_suite_file(spec: str) -> bool:
    """Whether a suite spec names a file by its extension (case-insensitive)."""
    return spec.lower().endswith(SUPPORTED_SUFFIXES)


def read_table(path: str | Path, *, display: str | None = None, stream: bool = False) -> Table:
    """Read ``path`` by its extension.

    ``display`` is the name used in error messages (defaults to ``path``); built-in suites pass a
    friendlier one than their install location. ``stream``: a CSV or JSON Lines file is read through once
    here (every error it would raise, raised now) but its records are not kept: the table's records are a
    :class:`FileRecords`, read again from the file at each pass, so a 100,000-row file costs memory for
    one record at a time, not for all of them.
    """
    p = Path(path)
    shown = display if display is not None else str(path)
    suffix = p.suffix.lower()
    if suffix not in SUPPORTED_SUFFIXES:
        raise UserError(
            f"unsupported suite file type '{p.suffix or '(none)'}'; use one of {', '.join(SUPPORTED_SUFFIXES)}",
            path=shown,
        )
    if not p.exists():
        raise UserError("file not found", path=shown)
    if p.is_dir():
        raise UserError("is a directory, not a suite file", path=shown)
    # A FIFO, a device (a link to /dev/zero) or an oversized file is refused before it is opened.
    check_input_file(p)
    if suffix == ".parquet":
        return _read_parquet(p, shown)
    if stream and suffix in STREAMED_SUFFIXES:
        return FileRecords.scan(p, shown)
    # The bytes are dropped once decoded, not kept alive while the records are parsed.
    text = decode_utf8(read_input_bytes(p), shown)
    if not text.strip():
        raise UserError("file is empty", path=shown)
    if suffix == ".csv":
        return parse_csv(text, shown)
    if suffix == ".jsonl":
        return parse_jsonl(text, shown)
    return parse_json(text, shown)


def decode_utf8(raw: bytes, path: str) -> str:
    """Decode ``raw`` as UTF-8 (a leading BOM is dropped), naming the line of the first bad byte."""
    return decode_input(raw, path=path, what="suite file")


def parse_csv(text: str, path: str) -> Table:
    """Parse CSV text with a header row. Each record's line is the physical line where it *starts*,
    which matters because quoted cells may span several lines."""
    columns, header_line, records = csv_records(text, path)
    kept = tuple(records)
    if not kept:
        raise UserError("file has a header but no prompts", path=path, line=header_line)
    return Table(path=path, columns=columns, records=kept, header_line=header_line)


def csv_records(text: str, path: str) -> tuple[tuple[str, ...], int, Iterator[Record]]:
    """The header's columns and line of CSV ``text`` (checked now), and its records, parsed one at a time
    as they are asked for (a ragged row is an error when it is reached)."""
    return _csv_parts(csv_rows(text, path), path)


def _csv_parts(rows: Iterator[tuple[int, list[str]]], path: str) -> tuple[tuple[str, ...], int, Iterator[Record]]:
    try:
        header_line, header = next(rows)
    except StopIteration:
        raise UserError("file is empty", path=path) from None
    columns = tuple(h.strip() for h in header)
    if not any(columns):
        raise UserError("header row has no column names", path=path, line=header_line)
    if len(columns) == 1:
        # One column whose name holds another separator: the file is separated by it (a spreadsheet's export in
        # a locale that writes ';'), and every row would be refused as having too many fields, or read whole.
        for delimiter in (";", "\t", "|"):
            names = [n.strip() for n in columns[0].split(delimiter)]
            if len(names) > 1 and all(names):
                shown = "\\t" if delimiter == "\t" else delimiter
                raise UserError(
                    f"delimiter '{shown}': the header separates its columns ({', '.join(names[:6])}) with '{shown}', "
                    "but suite files are comma-separated; save it as CSV with ',' between cells",
                    path=path,
                    line=header_line,
                )
    seen: set[str] = set()
    for name in columns:
        if not name:
            raise UserError("header has an empty column name", path=path, line=header_line)
        if name in seen:
            raise UserError(f"header repeats column '{name}'", path=path, line=header_line, field=name)
        seen.add(name)
    return columns, header_line, _csv_body(rows, columns, path)


def _csv_body(rows: Iterator[tuple[int, list[str]]], columns: tuple[str, ...], path: str) -> Iterator[Record]:
    repeats = RepeatedCells(columns)
    index = 0
    for line, row in rows:
        if len(row) > len(columns):
            raise UserError(
                f"row has {len(row)} fields but the header has {len(columns)} (an unquoted comma?)",
                path=path,
                line=line,
            )
        # Short rows are padded: a trailing empty cell is often simply left off, and the required-field
        # checks downstream still catch a missing prompt or label with the right line.
        values = {name: repeats.shared(name, row[i]) if i < len(row) else "" for i, name in enumerate(columns)}
        index += 1
        yield Record(values=values, index=index, line=line)


def parse_jsonl(text: str, path: str) -> Table:
    """Parse JSON Lines: one object per non-blank line."""
    columns: dict[str, None] = {}  # ordered set of keys by first appearance
    records: list[Record] = []
    for rec in jsonl_records(text, path):
        for key in rec.values:
            columns.setdefault(key, None)
        records.append(rec)
    if not records:
        raise UserError("file is empty", path=path)
    return Table(path=path, columns=tuple(columns), records=tuple(records))


def jsonl_records(text: str, path: str) -> Iterator[Record]:
    """The records of JSON Lines ``text``, parsed one at a time as they are asked for."""
    return _jsonl_body(input_lines(text), path)


def _jsonl_body(lines: Iterable[tuple[int, str]], path: str) -> Iterator[Record]:
    index = 0
    for line_no, line in lines:
        if not line.strip():
            continue
        if "\x00" in line:
            # A raw NUL would otherwise surface as an opaque "invalid control character".
            raise UserError(
                "contains a NUL byte (\\x00); the file is probably binary or corrupted", path=path, line=line_no
            )
        obj = loads_guarded(line, path=path, line=line_no)
        if not isinstance(obj, dict):
            raise UserError(f"expected a JSON object, found {_json_kind(obj)}", path=path, line=line_no)
        index += 1
        yield Record(values={str(k): v for k, v in obj.items()}, index=index, line=line_no)


def parse_json(text: str, path: str) -> Table:
    """Parse a JSON array of objects (or an object whose ``prompts``/``data``/``rows`` key holds one).

    Array elements are decoded one by one so each record keeps the line it starts on.
    """
    loads_guarded(text, path=path)  # depth, integer size, lone surrogates: one clear error before the walk below
    decoder = json.JSONDecoder()
    pos = _skip_ws(text, 0)
    if text.startswith("[", pos):
        items = _decode_array(text, pos, decoder, path)
    else:
        try:
            whole = json.loads(text)
        except json.JSONDecodeError as e:
            raise UserError(f"broken JSON: {e.msg} (column {e.colno})", path=path, line=e.lineno) from None
        inner = None
        if isinstance(whole, dict):
            for key in ("prompts", "data", "rows"):
                if isinstance(whole.get(key), list):
                    inner = whole[key]
                    break
        if inner is None:
            raise UserError("expected a JSON array of objects (or an object with a 'prompts' list)", path=path, line=1)
        # Positions inside a wrapped list are not tracked; records are then named by their index.
        items = [(None, item) for item in inner]
    records: list[Record] = []
    columns: dict[str, None] = {}
    for line, obj in items:
        if not isinstance(obj, dict):
            where = "" if line is not None else f" (record {len(records) + 1})"
            raise UserError(f"expected a JSON object, found {_json_kind(obj)}{where}", path=path, line=line)
        for key in obj:
            columns.setdefault(str(key), None)
        records.append(Record(values={str(k): v for k, v in obj.items()}, index=len(records) + 1, line=line))
    if not records:
        raise UserError("file has no prompts (empty array)", path=path)
    return Table(path=path, columns=tuple(columns), records=tuple(records))


def _decode_array(text: str, pos: int, decoder: json.JSONDecoder, path: str) -> list[tuple[int | None, Any]]:
    """Decode the top-level array starting at ``text[pos] == '['``, keeping each element's line."""
    items: list[tuple[int | None, Any]] = []
    pos = _skip_ws(text, pos + 1)
    if text.startswith("]", pos):
        return items
    while True:
        line = text.count("\n", 0, pos) + 1
        try:
            obj, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as e:
            raise UserError(f"broken JSON: {e.msg} (column {e.colno})", path=path, line=e.lineno) from None
        items.append((line, obj))
        pos = _skip_ws(text, pos)
        if text.startswith(",", pos):
            pos = _skip_ws(text, pos + 1)
            continue
        if text.startswith("]", pos):
            if _skip_ws(text, pos + 1) != len(text):
                raise UserError("broken JSON: extra data after the array", path=path, line=text.count("\n", 0, pos) + 1)
            return items
        raise UserError(
            "broken JSON: expected ',' or ']' between array elements", path=path, line=text.count("\n", 0, pos) + 1
        )


def _skip_ws(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def _json_kind(obj: Any) -> str:
    return {list: "an array", str: "a string", bool: "a boolean", type(None): "null"}.get(type(obj), "a number")


def _read_parquet(p: Path, shown: str) -> Table:
    """Read a Parquet file with pyarrow, which is optional: without it, say how to get it."""
    try:
        import pyarrow.parquet as pq  # optional dependency, imported only when a Parquet file is read
    except ImportError:
        raise UserError(
            "reading Parquet files needs the optional package 'pyarrow' (pip install pyarrow); "
            "or convert the file to CSV or JSONL",
            path=shown,
        ) from None
    try:
        table = pq.read_table(p)
    except Exception as e:  # pyarrow raises several unrelated types for unreadable files
        raise UserError(f"not a readable Parquet file: {e}", path=shown) from None
    columns = tuple(str(c) for c in table.column_names)
    rows = table.to_pylist()
    if not rows:
        raise UserError("file has no prompts", path=shown)
    records = tuple(Record(values=row, index=i, line=None) for i, row in enumerate(rows, start=1))
    return Table(path=shown, columns=columns, records=records)
