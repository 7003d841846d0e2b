"""Scanning a reply for phrases, sentence by sentence, and the style signals every judgement carries.

:class:`Scanner` splits a normalised reply into sentences with one pass of the compiled phrase pattern and
tags each with the categories of the phrases in it; :func:`style_signals` counts the caveat sentences any
judge reports. The phrase lists themselves (the text they are matched against, the phrase-file syntax and the
compiler) are the package :mod:`overrefusal.judges.phrases`; their names are re-exported here so the judges
keep one import for phrases and scanning.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import accumulate

from ..types import StyleSignals
from .phrases.compiler import (
    PhraseSet,
    PhraseSources,
    compile_phrases,
    default_phrases,
    phrase_set_from,
    phrase_sources,
)
from .phrases.syntax import CATEGORIES, expand_phrase, parse_phrase_file
from .phrases.text import BOUNDARY_CHARS, has_dense_script, normalise
from .visible import visible_text

# The phrase names come from judges/phrases/ and are re-exported: the judges, tests and tools import phrases and
# scanning from this one module.
__all__ = [
    "BOUNDARY_CHARS",
    "CATEGORIES",
    "PhraseSet",
    "PhraseSources",
    "Scanner",
    "Sentence",
    "compile_phrases",
    "default_phrases",
    "default_scanner",
    "expand_phrase",
    "has_dense_script",
    "iter_hits",
    "normalise",
    "parse_phrase_file",
    "phrase_set_from",
    "phrase_sources",
    "signals_from_sentences",
    "style_signals",
]


class Sentence:
    """One sentence (or list item) of a reply with the phrase categories found in it.

    A plain slotted class rather than a dataclass: a reply has a dozen of these and the judge builds
    them for tens of thousands of replies a second.
    """

    __slots__ = ("start", "end", "cats", "hits", "item")

    def __init__(self, start: int, end: int, cats: frozenset, hits: list, item: bool):
        self.start = start
        """Offset in the normalised text."""
        self.end = end
        """End offset (exclusive)."""
        self.cats = cats
        """Categories of the phrases found in it."""
        self.hits = hits
        """(categories, matched phrase) pairs in reply order."""
        self.item = item
        """Starts with a list marker."""

    @property
    def length(self) -> int:
        """Length in normalised characters."""
        return self.end - self.start

    def __repr__(self) -> str:
        return f"Sentence({self.start}, {self.end}, {sorted(self.cats)}, {self.hits}, item={self.item})"


_EMPTY: frozenset = frozenset()
_BOUNDARY, _ITEM, _PHRASE = 0, 1, 2


class Scanner:
    """Splits normalised text into sentences and tags each with the phrase categories it contains."""

    def __init__(self, phrases: PhraseSet):
        self.phrases = phrases
        # matched span -> (kind, categories, phrase as shown in evidence, hit); filled on first sight.
        self._info: dict[str, tuple[int, frozenset, str, tuple[frozenset, str]]] = {}

    def categories_of(self, span: str) -> frozenset[str]:
        """Which categories a matched span belongs to (boundaries have none)."""
        return self._learn(span)[1]

    def _learn(self, span: str) -> tuple[int, frozenset, str, tuple[frozenset, str]]:
        info = self._info.get(span)
        if info is None:
            cats = frozenset(c for c, rx in self.phrases.by_category.items() if rx.fullmatch(span))
            kind = _ITEM if "item" in cats else _PHRASE if cats else _BOUNDARY
            # (kind, categories, phrase, the (categories, phrase) hit recorded in a Sentence)
            info = (kind, cats, span.strip(), (cats, span.strip()))
            if len(self._info) > 100_000:  # wildcard phrases make the key space open; bound memory
                self._info.clear()
            self._info[span] = info
        return info

    def scan(self, norm: str, dense: bool | None = None) -> list[Sentence]:
        """Sentences of an already normalised text (see :func:`normalise`), empty ones dropped.

        ``dense``: whether the text contains Chinese/Japanese/Korean script (computed when None); only
        then is the slower pattern with those phrases used.
        """
        if dense is None:
            dense = has_dense_script(norm)
        pattern = self.phrases.master_dense if dense else self.phrases.master
        info_get = self._info.get
        learn = self._learn
        sentences: list[Sentence] = []
        # split() with one capturing group returns [gap, match, gap, match, ..., gap] in C, without a
        # Match object per phrase; the end offset of every part comes from one accumulate() in C.
        parts = pattern.split(norm)
        ends = list(accumulate(map(len, parts)))
        start = 0
        cats: frozenset = _EMPTY
        hits: list = []
        item = False
        # Each match with the offsets where it starts and ends.
        for span, at, after in zip(parts[1::2], ends[0::2], ends[1::2]):
            info = info_get(span) or learn(span)
            if info[0] == _PHRASE:
                cats = cats | info[1]
                hits.append(info[3])
                continue
            # A boundary, or a list marker (which also starts a new sentence).
            if at - start > 2 or hits:
                sentences.append(Sentence(start, at, cats, hits, item))
            start = after
            if info[0] == _ITEM:
                cats, hits, item = info[1], [info[3]], True
            else:
                cats, hits, item = _EMPTY, [], False
        end = ends[-1]
        if end - start > 2 or hits:
            sentences.append(Sentence(start, end, cats, hits, item))
        return sentences


def signals_from_sentences(sentences: Sequence[Sentence], length: int) -> StyleSignals:
    """Style signals from an existing scan: the number of sentences showing each kind of caveat."""
    warnings = disclaimers = moralising = professional = hedging = 0
    for s in sentences:
        cats = s.cats
        if cats:
            warnings += "warning" in cats
            disclaimers += "disclaimer" in cats
            moralising += "moralising" in cats
            professional += "professional" in cats
            hedging += "hedging" in cats
    return StyleSignals(warnings, disclaimers, moralising, professional, hedging, length)


@lru_cache(maxsize=1)
def default_scanner() -> Scanner:
    """A scanner over the shipped phrase lists, shared by every judge in the process."""
    return Scanner(default_phrases())


def style_signals(text: str) -> StyleSignals:
    """Count warning, disclaimer, moralising, professional-redirect and hedging sentences in ``text``.

    Each count is a number of sentences (a sentence with two warnings counts once); ``length`` is the
    reply's length in characters. Any judge may call this so that signals mean the same everywhere.
    """
    text = visible_text(text)
    return signals_from_sentences(default_scanner().scan(normalise(text)), len(text))


def iter_hits(sentences: Sequence[Sentence], categories: Iterable[str]) -> Iterator[str]:
    """Matched phrases of the given categories, in reply order (for evidence)."""
    wanted = frozenset(categories)
    for s in sentences:
        for cats, span in s.hits:
            if not wanted.isdisjoint(cats):
                yield span
