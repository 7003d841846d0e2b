"""Files the user names: inputs checked for what they are before they are read, outputs that can never
overwrite an input or the store, written atomically, and JSON parsed with guards.

* An input must be a regular file (a FIFO would block for ever, ``/dev/zero`` would fill memory, a
  directory cannot be read) no larger than a cap; symlinks are followed, so a link to a device is caught.
* An output is compared with every input and with the store (and its ``-wal``/``-shm`` files) by resolved
  path *and* by inode, so neither a relative path, a symlink nor a hard link can point it at data.
* An output is written to a temporary file in the same directory and renamed over the target, so a full
  disk or a crash leaves the old file (or none), never a truncated one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from ..errors import UserError

MAX_INPUT_BYTES = 2 * 1024**3
"""Largest input file read (2 GiB): suites, replay and label files are far smaller; more is a mistake."""
CSV_FIELD_LIMIT = 64 * 1024 * 1024
"""Largest CSV cell (64 MiB; Python's csv module stops at 128 KiB by default, which a long reply exceeds)."""
MAX_JSON_DEPTH = 64
"""Deepest nesting of arrays/objects accepted in a JSON value (records are two or three levels deep)."""
MAX_INT_DIGITS = 40
"""Longest integer literal accepted in JSON; ids and counts need far fewer digits."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_name(path: str | os.PathLike[str], *, field: str | None = None, what: str = "file") -> None:
    """A UserError for a name no file can have: one holding a NUL character (every os call raises
    ValueError on it, which escaped as a traceback; found by the property tests)."""
    if "\0" in os.fspath(path):
        raise UserError(f"a {what} name cannot hold a NUL character", path=repr(os.fspath(path)), field=field)


def check_input_file(
    path: str | os.PathLike[str], *, field: str | None = None, what: str = "file", max_bytes: int = MAX_INPUT_BYTES
) -> Path:
    """``path`` as a Path if it is a readable regular file of at most ``max_bytes``; else a UserError."""
    if not str(path).strip():
        # Path("") is the current directory: "is a directory" would not say that no name was given.
        raise UserError(f"expected the name of a {what}, got {str(path)!r}", field=field)
    check_name(path, field=field, what=what)
    p = Path(path).expanduser()
    try:
        st = os.stat(p)  # follows symlinks: a link to /dev/zero is a device
    except FileNotFoundError:
        raise UserError(f"{what} not found", path=str(path), field=field) from None
    except OSError as exc:
        raise UserError(f"cannot read {what}: {exc.strerror or exc}", path=str(path), field=field) from None
    if not stat.S_ISREG(st.st_mode):
        raise UserError(f"is {_kind(st.st_mode)}, not a regular file", path=str(path), field=field)
    if st.st_size > max_bytes:
        raise UserError(
            f"{what} is {st.st_size:,} bytes; the limit is {max_bytes:,} bytes", path=str(path), field=field
        )
    return p


def read_input_bytes(
    path: str | os.PathLike[str], *, field: str | None = None, what: str = "file", max_bytes: int = MAX_INPUT_BYTES
) -> bytes:
    """The bytes of an input file, after :func:`check_input_file`."""
    p = check_input_file(path, field=field, what=what, max_bytes=max_bytes)
    try:
        # O_NONBLOCK: should the file have been swapped for a FIFO since the check, open does not block.
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise UserError("is not a regular file", path=str(path), field=field)
            data = f.read(max_bytes + 1)
    except OSError as exc:
        raise UserError(f"cannot read {what}: {exc.strerror or exc}", path=str(path), field=field) from None
    if len(data) > max_bytes:
        raise UserError(f"{what} is larger than the limit of {max_bytes:,} bytes", path=str(path), field=field)
    return data


UTF8_BOM = b"\xef\xbb\xbf"
"""The byte-order mark spreadsheet programs and Windows editors put before UTF-8 text."""


def decode_input(data: bytes, *, path: str, what: str = "file", field: str | None = None) -> str:
    """The text of an input file's bytes, the one decoding every input of the package goes through: UTF-8,
    one leading byte-order mark dropped (spreadsheets and Windows editors write it; a reader that refused it
    while others read it surprised users). Invalid UTF-8 is a UserError naming the line and column of the
    first bad byte. Nothing else is changed: line ends are split later by :func:`input_lines`."""
    body = data[len(UTF8_BOM) :] if data.startswith(UTF8_BOM) else data
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = body.count(b"\n", 0, exc.start) + 1
        col = exc.start - (body.rfind(b"\n", 0, exc.start) + 1) + 1
        raise UserError(
            f"invalid UTF-8 in {what} (byte 0x{body[exc.start]:02x} at column {col}); save the file as UTF-8",
            path=path,
            line=line,
            field=field,
        ) from None


def read_input_text(
    path: str | os.PathLike[str], *, field: str | None = None, what: str = "file", max_bytes: int = MAX_INPUT_BYTES
) -> str:
    """The text of an input file: :func:`read_input_bytes` then :func:`decode_input`."""
    data = read_input_bytes(path, field=field, what=what, max_bytes=max_bytes)
    return decode_input(data, path=str(path), what=what, field=field)


def allow_large_csv_fields() -> None:
    """Raise the csv module's per-cell limit to :data:`CSV_FIELD_LIMIT` (a process-wide csv setting)."""
    import csv

    if csv.field_size_limit() < CSV_FIELD_LIMIT:
        csv.field_size_limit(CSV_FIELD_LIMIT)


_FORMULA_LEADS = frozenset("=+-@\uff1d\uff0b\uff0d\uff20")
"""First characters that make a spreadsheet read a cell as a formula (``=``, ``+``, ``-``, ``@`` and their
full-width forms, which some spreadsheets fold to ASCII), after any leading whitespace."""


def _formula_like(text: str) -> bool:
    return text[:1] in ("\t", "\r") or text.lstrip()[:1] in _FORMULA_LEADS


def escape_formula(cell: str) -> str:
    """``cell`` as a spreadsheet shows it as text: one ``'`` before a cell a spreadsheet would run as a formula
    (``=cmd|' /C calc'!A0``, ``@SUM(..)``, ``-2+3``, a leading tab or CR); the apostrophe is the spreadsheets'
    own "this is text" mark. Reversible (:func:`unescape_formula`): a cell already starting with apostrophes
    before such a text gets one more, every other cell is unchanged."""
    body = cell.lstrip("'")
    return "'" + cell if body and _formula_like(body) else cell


def unescape_formula(cell: str) -> str:
    """The text :func:`escape_formula` was given: one leading ``'`` removed where it put one, nothing else."""
    return cell[1:] if cell.startswith("'") and _formula_like(cell.lstrip("'")) else cell


def _csv_cell(cell: str) -> str:
    # Quoted when it holds a separator, a quote or any line break: the csv module's minimal quoting looks
    # only for the line terminator's characters, so a bare CR in a reply would end the row in a spreadsheet.
    if any(ch in cell for ch in ',"\r\n'):
        return '"' + cell.replace('"', '""') + '"'
    return cell


def csv_text(rows: Iterable[Iterable[object]]) -> str:
    """CSV text for a person to open in a spreadsheet: every cell through :func:`escape_formula` (no reply,
    prompt or id the tool writes can run as a formula), ``\n`` line ends, minimal quoting (a cell with a comma,
    a quote, a CR or an LF is quoted). Every CSV the package writes is written here; :func:`csv_rows` with
    ``formulas_escaped=True`` reads it back exactly."""
    return "".join(
        ",".join(_csv_cell(escape_formula("" if cell is None else str(cell))) for cell in row) + "\n" for row in rows
    )


def input_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) of a line-based input (JSONL, word lists, phrase files), the one line splitting
    every such reader goes through: on ``\n`` only, a ``\r`` before it dropped. Never ``str.splitlines``,
    which also splits on U+2028, U+0085, form feeds and friends: JSON allows them raw inside a string, so a
    record was cut in two, and line numbers drifted from what an editor shows."""
    for lineno, raw in enumerate(split_lines(text), 1):
        yield lineno, raw[:-1] if raw.endswith("\r") else raw


def split_lines(text: str) -> Iterator[str]:
    """``text.split("\\n")`` one piece at a time: a list of every line of a 100,000-line file costs as much
    memory again as the text."""
    start = 0
    while True:
        end = text.find("\n", start)
        if end < 0:
            yield text[start:]
            return
        yield text[start:end]
        start = end + 1


_PHYSICAL_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")
"""One line as ``io.StringIO(text, newline="")`` reads it: up to and with ``\r\n``, ``\r`` or ``\n``."""


jsonl_lines = input_lines
"""The name JSONL readers import :func:`input_lines` under."""


def csv_rows(text: str, path: str, *, formulas_escaped: bool = False) -> Iterator[tuple[int, list[str]]]:
    """(line the row starts on, its cells) for each row of the CSV ``text`` (the header first), blank
    lines left out. Every CSV input of the package is read here. ``formulas_escaped``: the file is one the
    package wrote (:func:`csv_text`), so each cell is read through :func:`unescape_formula`.

    Quoting is strict: in the csv module's lenient mode a quote that is never closed reads the rest of
    the file into one cell, so every later row vanishes without a word, and ``"a"b`` merges two cells.
    Both are a UserError naming the line the row starts on. NUL bytes reach the caller (whose checks name
    the cell): Python < 3.11's csv module refuses them outright without saying where, so they are swapped
    for a private-use character while parsing."""
    sentinel = nul_sentinel("\x00" in text, {c for c in NUL_SENTINELS if c in text})
    if sentinel is not None:
        text = text.replace("\x00", sentinel)
    # The lines of StringIO(text, newline=""), found one at a time: StringIO copies the text at 4 bytes a
    # character (30 MB for the 8 MB file of a 100,000-prompt suite).
    lines = (m.group() for m in _PHYSICAL_LINE.finditer(text))
    return csv_line_rows(lines, path, sentinel=sentinel, formulas_escaped=formulas_escaped, swapped=True)


NUL_SENTINELS = ("\ue000", "\ue001", "\ue002")
"""Private-use characters a NUL byte may stand for while the csv module parses (:func:`csv_rows`)."""


def nul_sentinel(has_nul: bool, present: set[str]) -> str | None:
    """The stand-in for NUL bytes in a CSV text that has them (``has_nul``): the first of
    :data:`NUL_SENTINELS` not ``present`` in it; None when it has no NUL (or uses every stand-in)."""
    return next((c for c in NUL_SENTINELS if c not in present), None) if has_nul else None


def csv_line_rows(
    lines: Iterable[str],
    path: str,
    *,
    sentinel: str | None = None,
    formulas_escaped: bool = False,
    swapped: bool = False,
) -> Iterator[tuple[int, list[str]]]:
    """:func:`csv_rows` of a text given as its physical lines (as ``open(..., newline="")`` reads them, so
    that a file is parsed without its text held whole). ``sentinel``: the stand-in for NUL bytes
    (:func:`nul_sentinel` of the whole text); ``swapped``: the lines have it in place of NUL already."""
    import csv

    allow_large_csv_fields()
    # Lines as newline="" reads them keep newlines inside quoted cells, as the csv module requires.
    if sentinel is not None and not swapped:
        lines = (line.replace("\x00", sentinel) for line in lines)
    reader = csv.reader(lines, strict=True)
    last_line = 0
    while True:
        start = last_line + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            if "unexpected end of data" in str(exc):
                raise UserError(
                    "malformed CSV: a quoted cell of the row starting here is never closed (a stray '\"'?), so "
                    "the rest of the file would be read into it",
                    path=path,
                    line=start,
                ) from None
            raise UserError(f"malformed CSV: {exc} (check the quoting)", path=path, line=start) from None
        last_line = reader.line_num
        if not row or (len(row) == 1 and not row[0].strip()):
            continue
        if sentinel is not None:
            row = [cell.replace(sentinel, "\x00") for cell in row]
        if formulas_escaped:
            row = [unescape_formula(cell) for cell in row]
        yield start, row


# -- outputs --------------------------------------------------------------------------------------------


def _identity(path: Path) -> tuple[str, tuple[int, int] | None]:
    resolved = os.path.realpath(path)
    try:
        st = os.stat(resolved)
        return resolved, (st.st_dev, st.st_ino)
    except OSError:
        return resolved, None


def store_files(store: str | os.PathLike[str]) -> list[Path]:
    """The store and the files SQLite keeps beside it: an output must be none of them."""
    p = Path(store)
    return [p, Path(f"{p}-wal"), Path(f"{p}-shm"), Path(f"{p}-journal"), Path(f"{p}.lock")]


def check_output_path(
    out: str | os.PathLike[str],
    *,
    field: str,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
    store: str | os.PathLike[str] | None = None,
    run_inputs: Iterable[str | os.PathLike[str]] = (),
) -> Path:
    """``out`` as a Path if writing it can destroy no input and not the store; else a UserError (nothing
    is written). Compared by resolved path and by (device, inode), so links and relative paths are caught.
    ``run_inputs``: files a stored run was read from (``Store.input_files``)."""
    p = Path(out).expanduser()
    if not str(out).strip() or p.name in ("", ".", ".."):
        raise UserError("expected a file name", path=str(out), field=field)
    check_name(out, field=field)
    try:
        os.stat(p)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            # Written "through" the link, os.replace would silently swap the user's link for a file.
            raise UserError("is a loop of symbolic links", path=str(out), field=field) from None
    target, target_id = _identity(p)
    protected: list[tuple[Path, str]] = [(Path(i), "an input of this command") for i in inputs if i]
    protected += [(Path(i), "a file a stored run was read from (a resume reads it again)") for i in run_inputs]
    if store is not None:
        protected += [(f, "the store") for f in store_files(store)]
    for other, role in protected:
        path, ident = _identity(other)
        if path == target or (ident is not None and ident == target_id):
            raise UserError(
                f"is {role} ({other}); refusing to overwrite it, choose another output file", path=str(out), field=field
            )
    if target_id is not None:
        mode = os.stat(target).st_mode
        if not stat.S_ISREG(mode):
            raise UserError(f"is {_kind(mode)}; an output must be a regular file", path=str(out), field=field)
    parent = Path(target).parent
    if not parent.is_dir():
        raise UserError(f"directory {parent} does not exist", path=str(out), field=field)
    return p


def _disk_message(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT):
        return f"disk full ({exc.strerror}); nothing was written"
    return f"cannot write: {exc.strerror or exc}; nothing was written"


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str], *, field: str | None = None, binary: bool = False) -> Iterator[IO[Any]]:
    """Write ``path`` through a temporary file renamed over it on success: a failure (a full disk, an
    exception in the caller) leaves the old content, or no file, and removes the temporary file."""
    p = Path(path).expanduser()
    directory = p.parent if str(p.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise UserError(_disk_message(exc), path=str(path), field=field) from None
    try:
        f: IO[Any] = os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="")
        with f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        # mkstemp makes the file private (0600); an output gets the usual permissions.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, p)
    except OSError as exc:
        _remove(tmp)
        raise UserError(_disk_message(exc), path=str(path), field=field) from None
    except BaseException:
        _remove(tmp)
        raise


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, field: str | None = None) -> Path:
    with atomic_writer(path, field=field) as f:
        f.write(text)
    return Path(path)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes, *, field: str | None = None) -> Path:
    with atomic_writer(path, field=field, binary=True) as f:
        f.write(data)
    return Path(path)


# -- JSON -----------------------------------------------------------------------------------------------


def _parse_int(literal: str) -> int:
    digits = len(literal.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise ValueError(f"an integer with {digits} digits (the limit is {MAX_INT_DIGITS})")
    return int(literal)


def _parse_float(literal: str) -> float:
    import math

    value = float(literal)
    if not math.isfinite(value):
        raise ValueError(f"a number out of range ({literal[:20]})")
    return value


def _parse_constant(name: str) -> Any:
    raise ValueError(f"{name}, which is not valid JSON")


def _depth(value: Any) -> int:
    """Nesting depth of a decoded value, iteratively (no recursion limit of its own)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            children = item.values() if isinstance(item, dict) else item
            stack.extend((c, level + 1) for c in children if isinstance(c, (list, dict)))
    return deepest


def loads_guarded(
    text: str,
    *,
    path: str | None = None,
    line: int | None = None,
    field: str | None = None,
    allow_surrogates: bool = False,
) -> Any:
    """``json.loads`` that turns nesting past :data:`MAX_JSON_DEPTH`, integers past :data:`MAX_INT_DIGITS`
    digits, NaN/Infinity and (unless allowed) lone surrogate escapes into one UserError naming path/line."""
    try:
        value = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_unique_keys,
        )
    except RecursionError:
        raise UserError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels", path=path, line=line, field=field) from None
    except json.JSONDecodeError as exc:
        raise UserError(
            f"broken JSON: {exc.msg} (column {exc.colno})", path=path, line=line or exc.lineno, field=field
        ) from None
    except ValueError as exc:
        raise UserError(f"JSON holds {exc}", path=path, line=line, field=field) from None
    if _depth(value) > MAX_JSON_DEPTH:
        raise UserError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels", path=path, line=line, field=field)
    if not allow_surrogates:
        bad = first_lone_surrogate(value)
        if bad is not None:
            raise UserError(
                f"holds a lone surrogate escape (\\u{ord(bad):04x}), which is not a character",
                path=path,
                line=line,
                field=field,
            )
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different: ``json.loads`` keeps the last of a repeated key without
    a word, so ``{"label": "refusal", "label": "compliance"}`` would be read as one of them by chance."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {key!r} twice in one object (which one holds the value?)")
            seen.add(key)
    return obj


def first_lone_surrogate(value: Any) -> str | None:
    """The first lone surrogate in any string of a decoded JSON value (keys included), else None."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            for ch in item:
                if "\ud800" <= ch <= "\udfff":
                    return ch
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def load_json_bytes(data: bytes, *, path: str, what: str, field: str | None = None) -> Any:
    """A JSON file's bytes decoded (UTF-8, a byte-order mark allowed) and parsed by :func:`loads_guarded`:
    invalid UTF-8, broken JSON, nesting past :data:`MAX_JSON_DEPTH` and non-finite numbers are one UserError
    naming the file (and line) and ``what`` it was meant to be."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise UserError(f"{what} is not UTF-8 JSON (byte {exc.start})", path=path, line=line, field=field) from None
    return loads_guarded(text, path=path, field=field)


def load_large_json_bytes(data: bytes, *, path: str, what: str, field: str | None = None) -> Any:
    """Like :func:`load_json_bytes` for a large file of numbers whose shape the caller then checks in full
    (classifier weights: 200,000 numbers), at the speed of plain ``json.loads``: NaN and Infinity literals,
    broken JSON and nesting too deep for the parser are one UserError; a number literal out of range (``1e999``)
    reads as infinity, which the caller's finiteness check refuses."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise UserError(f"{what} is not UTF-8 JSON (byte {exc.start})", path=path, line=line, field=field) from None
    try:
        return json.loads(text, parse_constant=_parse_constant)
    except RecursionError:
        raise UserError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels", path=path, field=field) from None
    except json.JSONDecodeError as exc:
        raise UserError(
            f"broken JSON: {exc.msg} (column {exc.colno})", path=path, line=exc.lineno, field=field
        ) from None
    except ValueError as exc:
        raise UserError(f"JSON holds {exc}", path=path, field=field) from None


def load_toml_guarded(text: str, *, path: str, field: str | None = None) -> Any:
    """``tomllib.loads`` with the guards of :func:`loads_guarded`: nesting past :data:`MAX_JSON_DEPTH` (which
    would otherwise be a RecursionError deep in the parser) is one UserError naming the file."""
    import re

    import tomllib

    try:
        value = tomllib.loads(text)
    except RecursionError:
        raise UserError(f"TOML nested deeper than {MAX_JSON_DEPTH} levels", path=path, field=field) from None
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise UserError(f"invalid TOML: {exc}", path=path, line=int(m.group(1)) if m else None, field=field) from None
    if _depth(value) > MAX_JSON_DEPTH:
        raise UserError(f"TOML nested deeper than {MAX_JSON_DEPTH} levels", path=path, field=field)
    return value
