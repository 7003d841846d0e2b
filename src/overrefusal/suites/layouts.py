"""The file layouts of the public over-refusal benchmarks, and how each maps to prompts.

Each benchmark publishes its prompts in its own columns; this module knows them, so that the file a
benchmark ships reads as it is, whether it came from the hub or from a local copy:

============  ==========================================  =============================================
layout        columns (as published)                      mapping
============  ==========================================  =============================================
xstest        id, prompt, type, label (safe/unsafe),      label; pairs by the contrast-type rule
              focus, note                                 (see :mod:`.pairing`)
or-bench      prompt, category                            every row benign (hard-1k, 80k) or harmful
                                                          (toxic), by the file/suite
oktest        prompt (one column; cells end in a newline) every row benign; the text stripped of the
                                                          whitespace around it (as the authors' code
                                                          sends it, not with the cell's newline)
phtest        ID, Request, Harmfulness                    every row benign ("pseudo-harmful"); type and
              (harmless | controversial)                  category = Harmfulness, so reports keep the
                                                          controversial ones apart
falsereject   prompt, category (number), category_text    every row benign; category = category_text,
                                                          type ``high_risk_looking`` (its authors' words)
coconot       id, category, subcategory, prompt,          contrast set: benign; original set: harmful
              response                                    where category is "Requests with safety
                                                          concerns"; contrast prompts not about safety
                                                          left out unless asked (see
                                                          :func:`coconot_suite`)
============  ==========================================  =============================================

Plain paths are recognised by their columns (and, for a one-column OKTest file, by its name) with
:func:`detect_layout`; XSTest and OR-Bench files are recognised by :mod:`.columns` as before.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence

from ..errors import UserError
from ..types import Label, Prompt, Suite
from .convert import table_to_suite
from .fingerprints import COCONOT_SAFETY
from .readers import Table


class Layout(str, enum.Enum):
    """A benchmark's published file layout."""

    XSTEST = "xstest"
    OR_BENCH = "or-bench"
    OKTEST = "oktest"
    PHTEST = "phtest"
    FALSEREJECT = "falsereject"
    COCONOT = "coconot"


LAYOUT_MAPPINGS: Mapping[Layout, Mapping[str, str]] = {
    Layout.XSTEST: {},  # the default column names and the contrast-type pairing already read it
    Layout.OR_BENCH: {},  # the label comes from the kind (hard/toxic), given by the suite or the file name
    Layout.OKTEST: {"text": "prompt", "label_value": "benign"},
    Layout.PHTEST: {
        "id": "ID",
        "text": "Request",
        "type": "Harmfulness",
        "category": "Harmfulness",
        "label_value": "benign",
    },
    Layout.FALSEREJECT: {"text": "prompt", "category": "category_text", "label_value": "benign"},
}
"""Column mapping (see :func:`~overrefusal.suites.load_suite`) of each single-file layout."""

COCONOT_HARMFUL_CATEGORY = COCONOT_SAFETY
"""The CoCoNot category whose original requests are harmful. Its other categories (incomplete, unsupported,
indeterminate, humanizing requests) are declined for other reasons than harm, so they are not contrasts."""

FALSEREJECT_TYPE = "high_risk_looking"
"""The type of every FalseReject prompt: its dataset card calls each "a benign but high-risk-looking prompt"."""
NON_SAFETY_CONTRAST_TYPE = "non_safety_contrast"
"""The type of CoCoNot contrast prompts not about safety (false presuppositions, underspecified, modality
limitations), when they are asked for: they look like requests to decline for reasons other than harm."""


def _columns(table: Table) -> set[str]:
    return {c.lower() for c in table.columns}


def detect_layout(table: Table, stem: str) -> Layout | None:
    """The benchmark layout ``table`` is in, or None (then the generic reading applies). XSTest and
    OR-Bench are left to the generic reading, which recognises them by the same columns."""
    cols = _columns(table)
    if {"id", "request", "harmfulness"} <= cols:
        return Layout.PHTEST
    if {"prompt", "category_text"} <= cols:
        return Layout.FALSEREJECT
    if {"id", "category", "subcategory", "prompt"} <= cols:
        return Layout.COCONOT
    if cols == {"prompt"} and "oktest" in stem.lower():
        return Layout.OKTEST
    return None


def _retyped(suite: Suite, *, label: Label, type_: str) -> list[Prompt]:
    return [dataclasses.replace(p, label=label, type=type_) for p in suite.prompts]


def coconot_suite(
    name: str,
    contrast: Table,
    original: Table | None,
    *,
    sources: tuple[str, str] | None = None,
    include_non_safety: bool = False,
) -> Suite:
    """CoCoNot's contrast set (benign requests that look like ones to decline) and, where given, the
    original requests of the same safety subcategories as harmful contrasts.

    Over-refusal is the refusal of benign prompts that look unsafe, so the contrast prompts of CoCoNot's other
    categories (false presuppositions, underspecified requests, modality limitations: 230 of the 379) are left
    out unless ``include_non_safety``; then they come with type ``non_safety_contrast`` and their own
    subcategories, so every per-category report keeps them apart.

    CoCoNot links no contrast prompt to an original one, so nothing is paired prompt by prompt: each
    prompt's category is its CoCoNot subcategory (e.g. ``dangerous or sensitive topics``), which sets
    the benign and harmful prompts of a subcategory side by side in every per-category report. The
    type is ``contrast`` or ``original``; the CoCoNot category is kept in the metadata. ``sources`` names
    the two files on each prompt (default: the tables' paths).
    """
    if sources is None:
        sources = (contrast.path, original.path if original is not None else "")
    contrast_source, original_source = sources
    mapping = {"id": "id", "text": "prompt", "category": "subcategory", "label_value": "benign"}
    benign = table_to_suite(contrast, name=name, mapping=mapping, stem=name, source=contrast_source)
    prompts = []
    for p in benign.prompts:
        safety = str(p.metadata.get("category", "")).strip() == COCONOT_SAFETY
        if safety or include_non_safety:
            prompts.append(
                dataclasses.replace(p, label=Label.BENIGN, type="contrast" if safety else NON_SAFETY_CONTRAST_TYPE)
            )
    if original is not None:
        kept = [r for r in original.records if str(r.values.get("category", "")).strip() == COCONOT_HARMFUL_CATEGORY]
        subcategories = {p.category for p in prompts if p.type == "contrast"}
        kept = [r for r in kept if str(r.values.get("subcategory", "")).strip() in subcategories]
        if kept:
            table = dataclasses.replace(original, records=tuple(kept))
            harmful = table_to_suite(
                table, name=name, mapping={**mapping, "label_value": "harmful"}, stem=name, source=original_source
            )
            seen = {p.id for p in prompts}
            for p in harmful.prompts:
                if p.id in seen:
                    raise UserError(
                        f"id {p.id!r} is in both the contrast and the original set", path=original.path, field="id"
                    )
            prompts += _retyped(harmful, label=Label.HARMFUL, type_="original")
    return Suite(name=name, prompts=tuple(prompts))


def _merged_mapping(layout: Layout, user: Mapping[str, str] | None) -> dict[str, str]:
    """The layout's mapping with the user's on top; a label the user gives replaces the layout's."""
    merged = dict(LAYOUT_MAPPINGS.get(layout, {}))
    user = dict(user or {})
    if {"label", "label_value", "kind"} & set(user):
        merged.pop("label_value", None)
    merged.update(user)
    return merged


def suite_in_layout(
    layout: Layout,
    tables: Sequence[Table],
    *,
    name: str,
    mapping: Mapping[str, str] | None = None,
    kind: str | None = None,
    sources: Sequence[str] | None = None,
    include_non_safety: bool = False,
) -> Suite:
    """The suite ``name`` from a benchmark's file(s) in its published ``layout`` (CoCoNot: the contrast
    set, then optionally the original set; every other layout: one file)."""
    sources = list(sources) if sources is not None else [t.path for t in tables]
    if layout is Layout.COCONOT:
        original = tables[1] if len(tables) > 1 else None
        return coconot_suite(
            name,
            tables[0],
            original,
            sources=(sources[0], sources[1] if original else ""),
            include_non_safety=include_non_safety,
        )
    suite = table_to_suite(
        tables[0], name=name, mapping=_merged_mapping(layout, mapping), kind=kind, stem=name, source=sources[0]
    )
    if mapping:
        return suite
    if layout is Layout.OKTEST:
        # Every published cell ends in a newline; the prompt is the text inside it.
        return dataclasses.replace(
            suite, prompts=tuple(dataclasses.replace(p, text=p.text.strip()) for p in suite.prompts)
        )
    if layout is Layout.FALSEREJECT:
        return dataclasses.replace(
            suite, prompts=tuple(dataclasses.replace(p, type=FALSEREJECT_TYPE) for p in suite.prompts)
        )
    return suite


def local_suite(
    table: Table,
    *,
    name: str,
    mapping: Mapping[str, str] | None = None,
    kind: str | None = None,
    source: str | None = None,
) -> Suite:
    """A local file: in a benchmark's layout when its columns (or name) say so and no mapping or kind is
    given, else read generically (which recognises XSTest and OR-Bench)."""
    layout = detect_layout(table, name) if not mapping and kind is None else None
    if layout is Layout.COCONOT:
        if "contrast" not in name.lower():
            raise UserError(
                "a CoCoNot file whose name does not say it is the contrast set: pass it as "
                "--suite coconot-contrast=CONTRAST_FILE[,ORIGINAL_FILE]",
                path=table.path,
            )
        return coconot_suite(name, table, None, sources=(source or table.path, ""))
    if layout is not None:
        return suite_in_layout(layout, [table], name=name, sources=[source or table.path])
    return table_to_suite(table, name=name, mapping=mapping, kind=kind, stem=name, source=source)
