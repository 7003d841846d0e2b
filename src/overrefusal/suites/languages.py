"""Choosing prompts by language (``--language``), and the default for suites that ship translations.

A suite with translations (``core``: its prompts translated into several languages, each translated prompt
naming its original in ``translation_of``) would grow several-fold if every language ran by default, so the
default keeps the *original* prompts (those that translate nothing): for ``core`` that is the English
prompts, the 13 pairs written in other languages, and the conversations. ``--language de`` keeps the
German prompts only (originals and translations alike); ``--language en,de`` both, each translation right
after its English original; ``all`` everything.
A suite without language tags is never narrowed by the default.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import UserError
from ..types import Prompt, Suite

ALL_LANGUAGES = "all"
"""The ``--language`` value that keeps every prompt."""


def parse_languages(values: Iterable[str]) -> tuple[str, ...] | None:
    """``--language`` values (repeatable, each possibly a comma list) as lower-case codes; None for the
    default selection (no value given) and for ``all`` (see :func:`select_languages`)."""
    codes: list[str] = []
    for value in values:
        parts = [c.strip().lower() for c in value.split(",")]
        if not all(parts):
            # "" or "en,,de" is a slip (an unset shell variable, a doubled comma), not a request for the
            # default selection, which leaving the flag out already gives.
            raise UserError(
                f"empty language code in {value!r}; give codes such as de or en,de, or 'all'", field="--language"
            )
        codes += parts
    if not codes:
        return None
    if ALL_LANGUAGES in codes:
        if len(set(codes)) > 1:
            # "all,de" asks for two different selections; taking either one silently hides the slip.
            raise UserError(
                f"'{ALL_LANGUAGES}' already selects every language; give it alone or list the codes",
                field="--language",
            )
        return (ALL_LANGUAGES,)
    return tuple(dict.fromkeys(codes))


def check_translations(suite: Suite) -> Suite:
    """``suite`` if every ``translation_of`` names another prompt of it with the same label (benign or
    harmful); else a UserError naming the prompt's file and id. A translation is compared with its original
    (``vs_english``), so a dangling, circular or mislabelled link would pair prompts that are not one request."""
    # Two passes that keep only the translations and the labels of what they name, not every prompt: a
    # suite streamed from its file (100,000 prompts, none translated) costs nothing here.
    if not suite.has_translations():
        return suite
    links = {p.id: (p.translation_of, p.label, p.source) for p in suite.prompts if p.translation_of}
    if not links:
        return suite
    named = {of for of, _, _ in links.values()}
    labels = {p.id: p.label for p in suite.prompts if p.id in named}
    for pid, (of, label, source) in links.items():
        original = labels.get(of)
        problem = (
            "names itself"
            if of == pid
            else "names no prompt of the suite"
            if original is None
            else f"names a {original.value} prompt, but this one is {label.value}"
            if original is not label
            else ""
        )
        if problem:
            raise UserError(
                f"prompt {pid!r}: translation_of {of!r} {problem}",
                path=source or None,
                field="translation_of",
            )
    return suite


def select_languages(suite: Suite, languages: Iterable[str] | None) -> Suite:
    """The prompts of ``suite`` in ``languages`` (see the module docstring for None and ``all``).

    Pairs stay whole because a pair is always written in one language. An unknown language is a
    UserError that lists the languages the suite has."""
    wanted = tuple(languages) if languages is not None else None
    if wanted == (ALL_LANGUAGES,):
        return suite
    if wanted is None:
        if not suite.has_translations():
            return suite
        return Suite(suite.name, tuple(p for p in suite.prompts if not p.translation_of), suite.files)
    present = suite.languages()
    missing = [code for code in wanted if code not in present]
    if missing:
        have = ", ".join(present) if present else "none (its prompts carry no language)"
        raise UserError(
            f"suite {suite.name!r} has no prompts in {', '.join(missing)}; its languages: {have}", field="--language"
        )
    return _beside_originals(Suite(suite.name, tuple(p for p in suite.prompts if p.language in wanted), suite.files))


def _beside_originals(suite: Suite) -> Suite:
    """Each translation moved right after its original when both are selected, so that ``--limit`` takes
    prompts with their translations (and a comparison with English has pairs) instead of English only."""
    ids = {p.id for p in suite.prompts}
    translations: dict[str, list[Prompt]] = {}
    for p in suite.prompts:
        if p.translation_of in ids:
            translations.setdefault(p.translation_of, []).append(p)
    if not translations:
        return suite
    ordered: list[Prompt] = []
    for p in suite.prompts:
        if p.translation_of in ids:
            continue
        ordered.append(p)
        ordered += translations.get(p.id, [])
    # A translation of a translation (none ships) would be dropped above; keep anything left over.
    placed = {p.id for p in ordered}
    ordered += [p for p in suite.prompts if p.id not in placed]
    return Suite(suite.name, tuple(ordered), suite.files)
