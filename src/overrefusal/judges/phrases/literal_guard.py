"""A cheap test in front of a regular expression's search: the literal strings one of which every match contains.

Python's regex engine tries every alternative of a large alternation at every position of the text; for the
rubric's seven-language alternations that is several microseconds a sentence, on sentences most of which
match nothing. Most such patterns cannot match without one of a few literal words ("instead", "stattdessen",
"plutôt", ...), and ``word in text`` finds a word at the speed of a string search. :func:`required_literals`
reads those words off the pattern's parse, so they are the pattern's own and cannot drift from its source;
:class:`GuardedPattern` searches only a text that has one of them. The guard is a necessary condition of a
match, never a sufficient one: the search that follows decides, so a guarded search finds exactly what the
plain search finds (None, or the same match).

The reading is conservative: whatever it does not understand (a case-insensitive or locale pattern, classes,
optional parts, look-arounds, back-references) it treats as requiring nothing, and a pattern with some
alternative that requires nothing gets no guard at all.

Reading the words needs the pattern's parse, which is what :mod:`.pattern_cache` spares a run's start-up; the
cache therefore keeps the words with the compiled code (:func:`.pattern_cache.guarded_pattern`), and a
pattern it did not keep reads them on its first search.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

try:  # Python 3.11+ keeps the parser here; 3.10 as sre_parse.
    import re._constants as _c  # type: ignore[import-not-found, unused-ignore]
    import re._parser as _parser  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - older Pythons
    import sre_constants as _c  # type: ignore[no-redef, unused-ignore]
    import sre_parse as _parser  # type: ignore[no-redef, unused-ignore]

# Flags under which a literal in the source may match other text (another case, the locale's).
_LOOSE = re.IGNORECASE | re.LOCALE
_REPEATS = (_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", _c.MAX_REPEAT))


def _best(candidates: list[frozenset[str]]) -> frozenset[str] | None:
    # Any one candidate is necessary; the one whose shortest word is longest is the rarest in text, and fewer
    # words are fewer string searches.
    if not candidates:
        return None
    return max(candidates, key=lambda c: (min(map(len, c)), -len(c)))


def _required(items: Any) -> frozenset[str] | None:
    """Words one of which every match of the parsed sequence ``items`` contains; None when none is known."""
    candidates: list[frozenset[str]] = []
    run: list[str] = []
    for op, av in items:
        if op is _c.LITERAL:
            run.append(chr(av))
            continue
        if run:
            candidates.append(frozenset({"".join(run)}))
            run = []
        found: frozenset[str] | None = None
        if op is _c.SUBPATTERN:
            _group, add_flags, _del_flags, body = av
            if not add_flags & _LOOSE:
                found = _required(body)
        elif op is _c.BRANCH:
            alternatives = [_required(a) for a in av[1]]
            # The branch requires something only if each of its alternatives does.
            if all(alternatives):
                found = frozenset().union(*(a for a in alternatives if a))
        elif op in _REPEATS:
            low, _high, body = av
            if low >= 1:
                found = _required(body)
        elif op is getattr(_c, "ATOMIC_GROUP", None):
            found = _required(av)
        # Anything else (classes, any character, anchors, look-arounds, back-references) requires no word.
        if found:
            candidates.append(found)
    if run:
        candidates.append(frozenset({"".join(run)}))
    return _best(candidates)


def required_literals(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Words one of which every match of ``pattern`` contains (longest first), or None when the pattern's parse
    shows none (a case-insensitive pattern, or an alternative made only of classes and optional parts)."""
    if pattern.flags & _LOOSE:
        return None
    return words_of_parse(_parser.parse(pattern.pattern, pattern.flags))


def words_of_parse(parsed: Any) -> tuple[str, ...] | None:
    """:func:`required_literals` of a pattern already parsed (``re._parser.parse(source, flags)``, whose state
    holds the flags given and inline)."""
    if parsed.state.flags & _LOOSE:
        return None
    words = _required(parsed)
    if not words:
        return None
    # A word that contains another is implied by it: "instead" in the text is enough to search.
    kept = [w for w in words if not any(o != w and o in w for o in words)]
    return tuple(sorted(kept, key=lambda w: (-len(w), w)))


def top_alternatives(pattern: re.Pattern[str]) -> list[str] | None:
    """The sources of ``pattern``'s top-level alternatives (``a|b(?:c|d)`` gives ``a`` and ``b(?:c|d)``), or None
    where a part could not stand alone: a pattern with groups (a back-reference may cross the parts), flags
    (an inline ``(?i)`` would stay with the first part) or a single alternative."""
    if pattern.groups or pattern.flags & ~re.UNICODE:
        return None
    source = pattern.pattern
    parts: list[str] = []
    start = depth = class_start = 0
    i = 0
    in_class = False
    while i < len(source):
        c = source[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            # "]" right after "[" or "[^" is a member, not the end of the class.
            if c == "]" and i > class_start:
                in_class = False
        elif c == "[":
            in_class = True
            class_start = i + 2 if source.startswith("^", i + 1) else i + 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            parts.append(source[start:i])
            start = i + 1
        i += 1
    parts.append(source[start:])
    if len(parts) < 2:
        return None
    return parts


def _ascii_only(words: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """Of a pattern's required ``words``, those an ASCII text can contain: a word with a letter outside ASCII
    ("plutôt", "相反", "बजाय") is in no ASCII text, and most sentences are ASCII, so testing it there is only time lost
    (about a third of the words of the rubric's seven-language patterns). None stays None (no guard); no ASCII word at
    all is ``()``: an ASCII text cannot match."""
    return None if words is None else tuple(w for w in words if w.isascii())


class GuardedPattern:
    """A compiled pattern searched only in texts that contain one of its :func:`required_literals`."""

    __slots__ = ("_alternatives", "_ascii_alternatives", "_ascii_words", "_read", "_split", "_words", "pattern")

    def __init__(self, pattern: re.Pattern[str], words: tuple[str, ...] | None = None, *, read: bool = False) -> None:
        """``words``: the pattern's :func:`required_literals` where they are known already (``read``); else they
        are read on the first search, not at import, where the parse would cost what the pattern cache saves."""
        self.pattern = pattern
        self._read = read
        self._words = words
        self._ascii_words = _ascii_only(words)
        self._split = False
        # Each top-level alternative's words and search (:meth:`matches`), for any text and for an ASCII one.
        self._alternatives: list[tuple[tuple[str, ...], re.Pattern[str]]] | None = None
        self._ascii_alternatives: list[tuple[tuple[str, ...], re.Pattern[str]]] = []

    @property
    def words(self) -> tuple[str, ...] | None:
        """The words one of which a text needs for a match (:func:`required_literals`); None: no guard."""
        if not self._read:
            self._words = required_literals(self.pattern)
            self._ascii_words = _ascii_only(self._words)
            self._read = True
        return self._words

    def _may_match(self, text: str) -> bool:
        """False only where ``text`` has none of the words every match needs, so no match at all."""
        words = self.words
        if text.isascii():
            words = self._ascii_words
        if words is None:
            return True
        for word in words:
            if word in text:
                return True
        return False

    def search(self, text: str) -> re.Match[str] | None:
        """``pattern.search(text)``: the same match or None, with no search where no required word occurs."""
        # _may_match written out: the rubric calls this some eighty times a reply, and a Python call costs what
        # several of the word tests do.
        words = self._ascii_words if text.isascii() else self._words
        if words is None:
            if self._read:
                return self.pattern.search(text)
            return self.pattern.search(text) if self._may_match(text) else None
        for word in words:
            if word in text:
                return self.pattern.search(text)
        return None

    def fullmatch(self, text: str) -> re.Match[str] | None:
        """``pattern.fullmatch(text)``: a full match is a match, so it needs the same words."""
        return self.pattern.fullmatch(text) if self._may_match(text) else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """``pattern.finditer(text)``: no matches at all where no required word occurs."""
        return self.pattern.finditer(text) if self._may_match(text) else iter(())

    def matches(self, text: str) -> bool:
        """``bool(pattern.search(text))``, read alternative by alternative, each behind its own guard.

        An alternation matches somewhere exactly when one of its alternatives does, so the answer is the
        search's; only which match would be found is lost, hence a boolean. Each alternative needs its own
        words, far fewer than the whole pattern's, and a small alternation is searched faster than a large one.
        An ASCII text is offered only to the alternatives it could match (:meth:`_split_alternatives`).
        """
        if not self._split:
            self._split_alternatives()
        alternatives = self._alternatives
        if alternatives is None:
            return self.search(text) is not None
        if text.isascii():
            alternatives = self._ascii_alternatives
        # Each alternative's guard written out, as in search(): a call per alternative would cost more than its words.
        for words, alternative in alternatives:
            for word in words:
                if word in text:
                    if alternative.search(text) is not None:
                        return True
                    break
        return False

    def _split_alternatives(self) -> None:
        """Compile the top-level alternatives (:meth:`matches`), each with the words one of which it needs, and those
        an ASCII text could match."""
        parts = top_alternatives(self.pattern)
        try:
            compiled = None if parts is None else [re.compile(p) for p in parts]
        except re.error:  # a part that does not stand alone: the whole pattern's search answers
            compiled = None
        self._split = True
        if compiled is None:
            self._alternatives = None
            return
        # "" is in every text: an alternative that needs no word is always searched.
        guarded = [(required_literals(p) or ("",), p) for p in compiled]
        self._alternatives = guarded
        # Most sentences are ASCII, and many alternatives of the seven-language patterns need a word with a letter
        # outside ASCII ("unterstütze", "支持"), which no ASCII text contains: such an alternative's guard would
        # refuse the search anyway, so an ASCII text is not offered to it; those kept are guarded by their ASCII
        # words only, for the same reason.
        ascii_guarded = [(_ascii_only(words) or (), p) for words, p in guarded]
        self._ascii_alternatives = [(words, p) for words, p in ascii_guarded if words]
