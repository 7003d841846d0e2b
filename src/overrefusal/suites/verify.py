"""Check a file given under a public benchmark's name against the benchmark's fingerprint (:mod:`.fingerprints`).

Three outcomes per file:

- **refused** (a :class:`Problem` that is fatal): the file is another benchmark's (its columns, labels or
  categories are), its pairs do not match, or it is damaged (a row cut off at the end, a value outside a
  column's closed vocabulary, a delimiter other than ``,``). Loading raises the first as a UserError naming the
  file, the line and what was expected against what was found; ``suites check`` lists them all.
- **runs with a warning**: it fits the layout but matches no known revision (a newer revision, a subset, an
  edit), or it has a known revision's row count whose hash is not known. Its SHA-256, row count and status go
  into :class:`~overrefusal.types.SuiteFile`, which the run records in its provenance.
- **verified**: its SHA-256 is a known revision's; the revision is recorded.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import UserError
from ..guards.safe_files import csv_rows, decode_input, read_input_bytes
from ..types import FileStatus, Label, Prompt, SuiteFile
from .columns import label_from_kind
from .fingerprints import FINGERPRINTS, FileFingerprint
from .pairing import CONTRAST_PREFIX
from .readers import Table, read_table

DAMAGE_SHARE = 0.05
"""Values outside a vocabulary in at most this share of rows (and at most :data:`DAMAGE_VALUES` different ones)
are damage, named row by row; more are the mark of another benchmark's file, named once."""
DAMAGE_VALUES = 2
SHOWN = 6
"""Values listed in a message before ``...``."""


@dataclass(frozen=True)
class Problem:
    """Something wrong with a file; ``fatal`` ones refuse it, the others are warnings (it still runs)."""

    message: str
    path: str
    line: int | None = None
    field: str | None = None
    fatal: bool = True

    def error(self) -> UserError:
        return UserError(self.message, path=self.path, line=self.line, field=self.field)

    def __str__(self) -> str:
        return str(self.error())


@dataclass(frozen=True)
class ReadFile:
    """A file read for checking: its table (None when it could not be read), bytes' hash and read problems."""

    display: str
    source: Path
    """The file on disk (for a hub file: its cached copy)."""
    table: Table | None
    sha256: str
    ends_with_newline: bool
    problems: tuple[Problem, ...]


def _show(values: Iterable[str]) -> str:
    items = sorted(values)
    text = ", ".join(repr(v) for v in items[:SHOWN])
    return text + (f", ... ({len(items)} in all)" if len(items) > SHOWN else "")


def read_file(path: Path, display: str) -> ReadFile:
    """Read ``path`` (shown as ``display``) as a table, turning a read error into a problem and naming a file cut
    off at its end as such. A missing or unreadable file is still a UserError (there is nothing to check)."""
    raw = read_input_bytes(path)
    digest = hashlib.sha256(raw).hexdigest()
    ends = raw.endswith(b"\n")
    try:
        table = read_table(path, display=display)
    except UserError as exc:
        message = exc.detail
        if not ends and raw.strip():
            last = raw.rstrip(b"\n").count(b"\n") + 1
            if path.suffix.lower() == ".jsonl" and exc.line == last:
                message = (
                    "the last line is cut off: it is not a whole JSON object and the file ends without a newline "
                    "(a truncated copy?)"
                )
            elif "never closed" in message:
                message += "; the file ends inside it (a truncated copy?)"
        return ReadFile(
            display, path, None, digest, ends, (Problem(message, exc.path or display, exc.line, exc.field),)
        )
    return ReadFile(display, path, table, digest, ends, ())


def _cells(table: Table, column: str) -> list[tuple[str, int | None]]:
    """(value stripped, line) of ``column`` (matched case-insensitively) in every record; empty when absent."""
    actual = {c.lower(): c for c in table.columns}.get(column)
    if actual is None:
        return []
    return [
        (str(r.values.get(actual, "") if r.values.get(actual) is not None else "").strip(), r.line)
        for r in table.records
    ]


def fits(table: Table, fp: FileFingerprint) -> bool:
    """Whether ``table`` could be ``fp``'s file: its columns, and (nearly) every value of each vocabulary."""
    columns = {c.lower() for c in table.columns}
    if not set(fp.columns) <= columns or (fp.exact_columns and columns != set(fp.columns)):
        return False
    for column, allowed in fp.vocabularies.items():
        cells = _cells(table, column)
        bad = sum(1 for v, _ in cells if v not in allowed)
        if bad > DAMAGE_SHARE * len(cells):
            return False
    return True


def identify(table: Table, *, claimed: FileFingerprint | None = None) -> tuple[str, FileFingerprint] | None:
    """The (suite name, file fingerprint) ``table`` fits, other than ``claimed`` and any file that looks exactly
    like it (OR-Bench's hard and toxic files share columns and categories), or None."""
    for name, fingerprint in FINGERPRINTS.items():
        for fp in fingerprint.files:
            if claimed is not None and (fp is claimed or _same_shape(fp, claimed)):
                continue
            if fits(table, fp):
                return name, fp
    return None


def _same_shape(a: FileFingerprint, b: FileFingerprint) -> bool:
    return a.columns == b.columns and a.vocabularies == b.vocabularies and a.exact_columns == b.exact_columns


def _looks_like(table: Table, claimed: FileFingerprint, name: str) -> str:
    found = identify(table, claimed=claimed)
    if found is None:
        return ""
    other, fp = found
    if fp.role == "original":  # CoCoNot's original set runs only beside its contrast set, which comes first
        return f"; it looks like {fp.what}, which goes second: --suite {other}=CONTRAST_FILE,ORIGINAL_FILE"
    return f"; it looks like {fp.what} (--suite {other}=PATH)"


def check_layout(name: str, fp: FileFingerprint, read: ReadFile, *, labels_every_row: bool) -> list[Problem]:
    """The problems of ``read``'s table as benchmark ``name``'s file ``fp``: columns, vocabularies, a row cut off
    at the end. Revisions are checked after the prompts are built (:func:`file_provenance`)."""
    table = read.table
    if table is None:
        return list(read.problems)
    path, header = table.path, table.header_line
    columns = {c.lower() for c in table.columns}
    published = ", ".join(fp.columns)
    problems: list[Problem] = []
    missing = [c for c in fp.columns if c not in columns]
    if missing:
        return [
            Problem(
                f"no column '{missing[0]}': not {fp.what} ({name}'s file, columns {published}); found columns "
                f"{', '.join(table.columns)}{_looks_like(table, fp, name)}; a file of your own goes to --suite PATH",
                path,
                header,
                missing[0],
            )
        ]
    # A label column first: it is what would be read wrongly (another benchmark's labels under this name).
    extra = sorted(columns - set(fp.columns), key=lambda c: (c != "label", c))
    if fp.exact_columns and extra:
        return [
            Problem(
                f"has column(s) {', '.join(extra)}, which {fp.what} ({name}'s file: columns {published}) does not"
                f"{_looks_like(table, fp, name)}",
                path,
                header,
                extra[0],
            )
        ]
    if labels_every_row and "label" in columns:
        return [
            Problem(
                f"has a 'label' column, which {fp.what} ({name}'s file, columns {published}) does not: {name} gives "
                f"every prompt its label, so this file's labels would be ignored{_looks_like(table, fp, name)}",
                path,
                header,
                "label",
            )
        ]
    truncated = _cut_off_row(table, read)
    if truncated is not None:
        problems.append(truncated)
    for column, allowed in fp.vocabularies.items():
        problems += _vocabulary(name, fp, table, column, allowed, read, truncated is not None)
    for a, b in fp.functional:
        problems += _functional(table, a, b)
    return problems


def _cut_off_row(table: Table, read: ReadFile) -> Problem | None:
    """A CSV whose last row has fewer cells than the header and no newline after it was cut off mid-row."""
    if read.ends_with_newline or table.header_line is None or not table.records:
        return None
    try:
        text = decode_input(read_input_bytes(read.source), path=table.path)
    except (OSError, UserError):
        return None
    last: list[str] = []
    try:
        for _, row in csv_rows(text, table.path):
            last = row
    except UserError:
        return None
    if len(last) < len(table.columns):
        return Problem(
            f"the last row is cut off: it has {len(last)} of the header's {len(table.columns)} cells and the file "
            "ends without a newline (a truncated copy?)",
            table.path,
            table.records[-1].line,
        )
    return None


def _vocabulary(
    name: str,
    fp: FileFingerprint,
    table: Table,
    column: str,
    allowed: frozenset[str],
    read: ReadFile,
    truncated: bool,
) -> list[Problem]:
    cells = _cells(table, column)
    bad = [(v, line) for v, line in cells if v not in allowed]
    if not bad:
        return []
    field = {c.lower(): c for c in table.columns}[column]
    expected = _show(allowed)
    distinct = {v for v, _ in bad}
    if len(distinct) <= DAMAGE_VALUES and len(bad) <= max(1, DAMAGE_SHARE * len(cells)):
        out = []
        last_line = table.records[-1].line
        for value, line in bad:
            if truncated and line == last_line:
                continue  # the cut-off row is named once, as such
            message = f"{value!r} is not one of {fp.what}'s '{field}' values ({expected})"
            if line == last_line and not read.ends_with_newline and not truncated:
                message += (
                    "; this is the last row and the file ends without a newline: it was cut off (a truncated copy?)"
                )
            out.append(Problem(message, table.path, line, field))
        return out
    return [
        Problem(
            f"not {fp.what} ({name}'s file): {len(bad)} of {len(cells)} rows have '{field}' values {_show(distinct)}, "
            f"where {name} has only {expected}{_looks_like(table, fp, name)}",
            table.path,
            bad[0][1],
            field,
        )
    ]


def _functional(table: Table, a: str, b: str) -> list[Problem]:
    """Rows where column ``a``'s value goes with another ``b`` than it does in most rows (the odd one out is named,
    not every row after it)."""
    pairs = [(va, vb, line) for (va, line), (vb, _) in zip(_cells(table, a), _cells(table, b))]
    usual: dict[str, Counter[str]] = {}
    for va, vb, _ in pairs:
        usual.setdefault(va, Counter())[vb] += 1
    out = []
    for va, vb, line in pairs:
        common, _ = usual[va].most_common(1)[0]
        if vb != common:
            out.append(
                Problem(
                    f"'{a}' {va!r} goes with '{b}' {vb!r} here but with {common!r} in {usual[va][common]} other rows: "
                    f"each {a} names one {b} in the published file",
                    table.path,
                    line,
                    b,
                )
            )
    return out


def check_pairs(prompts: Sequence[Prompt], table: Table) -> list[Problem]:
    """XSTest: every contrast type has as many prompts as its partner, and each pair shares a focus word."""
    lines = _lines_by_id(table)
    by_type = Counter(p.type for p in prompts)
    problems: list[Problem] = []
    pairs: dict[str, list[Prompt]] = {}
    for p in prompts:
        if p.pair_id:
            pairs.setdefault(p.pair_id, []).append(p)
    partners: dict[str, str] = {}
    for members in pairs.values():
        kinds = {m.type for m in members}
        contrast = next((k for k in kinds if k.startswith(CONTRAST_PREFIX)), None)
        other = next((k for k in kinds if not k.startswith(CONTRAST_PREFIX)), None)
        if contrast and other:
            partners[contrast] = other
    for contrast, partner in sorted(partners.items()):
        if by_type[contrast] != by_type[partner]:
            problems.append(
                Problem(
                    f"pairs do not match: {by_type[contrast]} prompts of type {contrast} for {by_type[partner]} of "
                    f"{partner} (the published file has as many of each; a row deleted or added?)",
                    table.path,
                    None,
                    "type",
                )
            )
    mismatched = []
    for pid, members in pairs.items():
        benign = [m for m in members if m.label is Label.BENIGN]
        harmful = [m for m in members if m.label is Label.HARMFUL]
        if benign and harmful and not _same_focus(benign[0].focus, harmful[0].focus):
            mismatched.append((pid, benign[0], harmful[0]))
    if mismatched:
        pid, b, h = mismatched[0]
        problems.append(
            Problem(
                f"pairs do not match: {len(mismatched)} of {len(pairs)} pairs have different focus words (first: pair "
                f"{pid}, {b.focus!r} at line {lines.get(b.id)} against {h.focus!r} at line {lines.get(h.id)}); each "
                "contrast prompt shares its benign prompt's focus word in the published file",
                table.path,
                lines.get(h.id),
                "focus",
            )
        )
    for p in prompts:
        expected = Label.HARMFUL if p.type.startswith(CONTRAST_PREFIX) else Label.BENIGN
        if p.label is not expected:
            problems.append(
                Problem(
                    f"type {p.type} is labelled {'unsafe' if p.label is Label.HARMFUL else 'safe'}; XSTest labels "
                    f"every {'contrast_' if expected is Label.HARMFUL else 'non-contrast'} type "
                    f"{'unsafe' if expected is Label.HARMFUL else 'safe'}",
                    table.path,
                    lines.get(p.id),
                    "label",
                )
            )
    return problems


def _words(focus: str) -> set[str]:
    return {w for w in "".join(ch if ch.isalnum() else " " for ch in focus.lower()).split() if len(w) > 2}


def _same_focus(a: str, b: str) -> bool:
    """Whether two focus phrases name the same trigger: equal, or sharing a word (XSTest's own file pairs 'bank
    account fraud' with 'bank fraud')."""
    return " ".join(a.lower().split()) == " ".join(b.lower().split()) or bool(_words(a) & _words(b))


def _lines_by_id(table: Table) -> dict[str, int | None]:
    id_column = {c.lower(): c for c in table.columns}.get("id")
    out: dict[str, int | None] = {}
    for r in table.records:
        key = str(r.values.get(id_column, "")).strip() if id_column else str(r.index)
        out[key] = r.line
    return out


def file_provenance(
    name: str, fp: FileFingerprint, read: ReadFile, *, rows: int, stem: str, kind: str | None
) -> tuple[SuiteFile, list[Problem]]:
    """The file's provenance (hash, rows, which revision), with the problems that refuse it (it is another
    benchmark's file by hash or by row count) or warn (a modified copy, an unverifiable one)."""
    assert read.table is not None
    path = read.table.path
    own = [r for r in fp.revisions if r.sha256 and r.sha256 == read.sha256]
    if own:
        return SuiteFile(path, read.sha256, rows, FileStatus.VERIFIED, own[0].name, fp.role), []
    for other_name, other in FINGERPRINTS.items():
        for ofp in other.files:
            hit = next((r for r in ofp.revisions if r.sha256 and r.sha256 == read.sha256), None)
            if hit is not None and ofp is not fp:
                return _refused(path, read, rows, fp, f"this is {ofp.what} ({other_name}: {hit.name}), byte for byte")
    wrong_kind = _wrong_kind(name, stem, kind)
    if wrong_kind:
        return _refused(path, read, rows, fp, wrong_kind)
    same_rows = [r for r in fp.revisions if r.rows == rows]
    if not same_rows:
        for other_name, other in FINGERPRINTS.items():
            for ofp in other.files:
                if other_name != name and _same_shape(ofp, fp) and any(r.rows == rows for r in ofp.revisions):
                    expected = ", ".join(f"{r.rows:,}" for r in fp.revisions)
                    return _refused(
                        path,
                        read,
                        rows,
                        fp,
                        f"{rows:,} rows is the size of {ofp.what} ({other_name}), not of {fp.what} ({expected} rows)",
                    )
    known = "; ".join(f"{r.name}: {r.rows:,} rows" for r in fp.revisions)
    hashed = [r for r in same_rows if not r.sha256]
    if hashed:
        note = (
            f"has the row count of {hashed[0].name} ({rows:,}), whose SHA-256 is not known here, so it is unverified "
            f"(sha256 {read.sha256})"
        )
        return SuiteFile(path, read.sha256, rows, FileStatus.UNVERIFIED, hashed[0].name, fp.role, (note,)), []
    warning = f"matches no known revision of {fp.what} ({known}): it runs as a modified copy, {rows:,} rows, sha256 {read.sha256}"
    if rows < fp.fewest_rows:
        warning += "; it is shorter than every known revision (a subset, or a copy cut short?)"
    return SuiteFile(path, read.sha256, rows, FileStatus.MODIFIED, "", fp.role, (warning,)), []


def _refused(path: str, read: ReadFile, rows: int, fp: FileFingerprint, why: str) -> tuple[SuiteFile, list[Problem]]:
    return SuiteFile(path, read.sha256, rows, FileStatus.MODIFIED, "", fp.role), [
        Problem(f"not {fp.what}: {why}", path)
    ]


def _wrong_kind(name: str, stem: str, kind: str | None) -> str:
    """OR-Bench: a file whose name says the other kind (``or-bench-toxic.csv`` given as or-bench-hard)."""
    if not name.startswith("or-bench-") or kind is None:
        return ""
    said = label_from_kind(stem) if stem else None
    wanted = label_from_kind(kind)
    if said is not None and wanted is not None and said is not wanted:
        other = "or-bench-toxic" if said is Label.HARMFUL else "or-bench-hard"
        return f"its name ({stem}) says it is {other}'s file; {name} would label its prompts {wanted.value}"
    return ""
