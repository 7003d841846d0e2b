"""A public benchmark read from its file(s) and checked against its fingerprint on the way.

:func:`examine` reads the files, checks each against the benchmark's fingerprint (:mod:`.verify`), builds the
suite and records every file's provenance, collecting every problem; :func:`load_checked` is the same for a
run, which stops at the first problem that refuses the file. ``overrefusal suites check`` shows what
:func:`examine` found.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import UserError
from ..types import Label, Suite, SuiteFile
from .columns import label_from_kind
from .fingerprints import FileFingerprint
from .hub import PublicSuite
from .layouts import Layout, suite_in_layout
from .verify import Problem, ReadFile, check_layout, check_pairs, file_provenance, fits, identify, read_file

LABELS_EVERY_ROW = frozenset(Layout) - {Layout.XSTEST}
"""Layouts whose prompts all take their label from the benchmark, not from a column."""


@dataclass(frozen=True)
class Examined:
    """What a benchmark's file(s) turned out to be."""

    suite: Suite | None
    """The suite as a run would read it; None when a problem stops it being built."""
    files: tuple[SuiteFile, ...]
    problems: tuple[Problem, ...]
    """Fatal ones refuse the files; the files' warnings are in ``files``."""


def examine(
    public: PublicSuite,
    paths: Sequence[Path],
    displays: Sequence[str],
    *,
    name: str | None = None,
    kind: str | None = None,
    include_non_safety: bool = False,
) -> Examined:
    """Read and check ``paths`` (shown as ``displays``) as ``public``'s files; ``name`` names the suite (default:
    the benchmark's). A missing or unreadable file is a UserError (there is nothing to examine)."""
    assert public.fingerprint is not None
    suite_name = name or public.name
    fingerprints = public.fingerprint.files
    reads = [read_file(p, d) for p, d in zip(paths, displays)]
    problems: list[Problem] = []
    for read, fp in zip(reads, fingerprints):
        problems += check_layout(public.name, fp, read, labels_every_row=public.layout in LABELS_EVERY_ROW)
    if any(p.fatal for p in problems):
        return Examined(None, (), tuple(problems))
    tables = [r.table for r in reads if r.table is not None]
    try:
        suite = suite_in_layout(
            public.layout,
            tables,
            name=suite_name,
            kind=kind if kind is not None else public.kind,
            sources=list(displays),
            include_non_safety=include_non_safety,
        )
    except UserError as exc:
        problems.append(Problem(exc.detail, exc.path or displays[0], exc.line, exc.field))
        return Examined(None, (), tuple(problems))
    files: list[SuiteFile] = []
    for read, fp, path in zip(reads, fingerprints, paths):
        assert read.table is not None
        file, refused = file_provenance(
            public.name,
            fp,
            read,
            rows=len(read.table.records),
            stem=Path(path).stem if Path(path).suffix else "",
            kind=kind if kind is not None else public.kind,
        )
        files.append(file)
        problems += refused
    if public.fingerprint.pairs_by_focus:
        problems += check_pairs(suite.prompts, tables[0])
    return Examined(dataclasses.replace(suite, files=tuple(files)), tuple(files), tuple(problems))


def load_checked(
    public: PublicSuite,
    paths: Sequence[Path],
    displays: Sequence[str],
    *,
    name: str | None = None,
    kind: str | None = None,
    include_non_safety: bool = False,
) -> Suite:
    """The suite :func:`examine` builds; UserError at its first fatal problem."""
    found = examine(public, paths, displays, name=name, kind=kind, include_non_safety=include_non_safety)
    fatal = [p for p in found.problems if p.fatal]
    if fatal:
        rest = len(fatal) - 1
        more = (
            f" (and {rest} more problem{'s' if rest > 1 else ''}: overrefusal suites check lists them)" if rest else ""
        )
        first = fatal[0]
        raise UserError(f"{public.name}: {first.message}{more}", path=first.path, line=first.line, field=first.field)
    assert found.suite is not None
    return found.suite


def split_local(suite: PublicSuite, local: str) -> tuple[list[Path], list[str]]:
    """The paths (and their names as given) of ``NAME=PATH`` (CoCoNot: ``CONTRAST[,ORIGINAL]``)."""
    displays = [p.strip() for p in local.split(",")] if len(suite.files) > 1 else [local]
    if not all(displays) or len(displays) > len(suite.files):
        expected = "PATH" if len(suite.files) == 1 else "CONTRAST[,ORIGINAL]"
        raise UserError(
            f"--suite {suite.name}={local}: expected {suite.name}={expected} ({suite.local_files})", field="--suite"
        )
    return [Path(d).expanduser() for d in displays], displays


def coconot_role(read: ReadFile, contrast: FileFingerprint) -> str:
    """``original`` when a lone CoCoNot file is the original set (requests to decline), else ``contrast``."""
    if read.table is None or fits(read.table, contrast):  # a small contrast file may fit both
        return "contrast"
    found = identify(read.table, claimed=contrast)
    return found[1].role if found is not None and found[1].role else "contrast"


def examine_spec(spec: str, *, include_non_safety: bool = True) -> tuple[PublicSuite, Examined]:
    """What ``spec`` is, for ``overrefusal suites check``: ``NAME=PATH[,PATH]`` (the files as benchmark NAME's),
    ``NAME`` (the cached or downloaded files) or ``PATH`` (the benchmark whose fingerprint it fits). CoCoNot's
    non-safety contrast prompts are counted by default here (the check shows them apart)."""
    from .hub import PUBLIC_SUITES, download_all

    text = spec.strip()
    name, equals, local = text.partition("=")
    public = PUBLIC_SUITES.get(name.strip().lower())
    if equals and public is not None and not Path(text).expanduser().is_file():
        paths, displays = split_local(public, local.strip())
    elif public is not None and not equals:
        paths, displays = list(download_all(public)), [f.address for f in public.files]
    else:
        path = Path(text).expanduser()
        read = read_file(path, text)
        found = identify(read.table) if read.table is not None else None
        if found is None:
            names = ", ".join(PUBLIC_SUITES)
            detail = read.problems[0].message if read.problems else "it fits none of their fingerprints"
            raise UserError(
                f"not a file of any named benchmark ({names}): {detail}; name the benchmark with NAME=PATH to see "
                "what differs",
                path=text,
            )
        public = PUBLIC_SUITES[found[0]]
        if public.kind is not None and label_from_kind(path.stem) is Label.HARMFUL:
            public = PUBLIC_SUITES["or-bench-toxic"]  # OR-Bench's two files look alike; the name tells them apart
        if found[1].role == "original":
            raise UserError(
                "this is CoCoNot's original set, checked beside its contrast set: "
                f"overrefusal suites check {public.name}=CONTRAST_FILE,{text}",
                path=text,
            )
        paths, displays = [path], [text]
    return public, examine(public, paths, displays, include_non_safety=include_non_safety)
