"""Suites for the API: the catalogue, loading one, checking a benchmark's file, and the ``--language`` values.

Part of :mod:`overrefusal.api`, which re-exports these names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import cast

from ..results import SuiteCheck, SuiteFileInfo, SuiteList
from ..types import Suite


def list_suites() -> SuiteList:
    """The named suites (``core`` and the public benchmarks) with source, licence, size and citation, and
    the folder downloads are cached in."""
    from ..suites import suite_catalogue
    from ..suites.hub import cache_dir

    return {"suites": suite_catalogue(), "cache_dir": str(cache_dir())}


def load_suite(spec: str, *, mapping: Mapping[str, str] | None = None, include_non_safety: bool = False) -> Suite:
    """The suite ``spec`` names: ``core``, a public benchmark, ``NAME=PATH`` or a prompt file (``mapping``:
    field -> column of a generic file). A public benchmark's file is checked against its fingerprint; what it
    turned out to be is in ``Suite.files`` (with warnings for a modified copy). ``include_non_safety``: CoCoNot's
    contrast prompts that are not about safety run too."""
    from ..suites import load_suite as load

    return load(spec, mapping=mapping, include_non_safety=include_non_safety)


def check_suite(spec: str) -> SuiteCheck:
    """``overrefusal suites check SPEC``: what a file given under a benchmark's name is (``NAME=PATH``, ``NAME``
    for the cached download, or a ``PATH`` whose benchmark is recognised): the revision it matches, its counts by
    label, category and type, its pairs, and every problem. Runs nothing and opens no store; a file that cannot be
    read at all is a UserError."""
    from collections import Counter

    from ..suites.layouts import NON_SAFETY_CONTRAST_TYPE
    from ..suites.named import examine_spec
    from ..types import FileStatus, Label

    public, found = examine_spec(spec)
    prompts = found.suite.prompts if found.suite is not None else ()
    by_category: dict[str, dict[str, int]] = {}
    for p in prompts:
        counts = by_category.setdefault(p.category, {"benign": 0, "harmful": 0})
        counts[p.label.value] += 1
    fatal = [str(p) for p in found.problems if p.fatal]
    order = [FileStatus.MODIFIED, FileStatus.UNVERIFIED, FileStatus.VERIFIED]
    statuses = {f.status for f in found.files}
    status = "refused" if fatal else next((s.value for s in order if s in statuses), FileStatus.MODIFIED.value)
    files: list[SuiteFileInfo] = [cast(SuiteFileInfo, f.to_dict()) for f in found.files]
    return {
        "suite": public.name,
        "ok": not fatal,
        "status": status,
        "files": files,
        "prompts": len(prompts),
        "by_label": {label.value: sum(1 for p in prompts if p.label is label) for label in Label},
        "by_category": dict(sorted(by_category.items())),
        "by_type": dict(sorted(Counter(p.type for p in prompts).items())),
        "pairs": len({p.pair_id for p in prompts if p.pair_id}),
        "left_out_by_default": sum(1 for p in prompts if p.type == NON_SAFETY_CONTRAST_TYPE),
        "problems": fatal,
        "warnings": [str(p) for p in found.problems if not p.fatal] + [w for f in found.files for w in f.warnings],
    }


def parse_languages(values: Iterable[str]) -> tuple[str, ...] | None:
    """``--language`` values (repeatable, comma lists) as codes for :func:`run`'s ``languages``."""
    from ..suites import parse_languages as parse

    return parse(values)
