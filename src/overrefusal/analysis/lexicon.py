"""The trigger-word lexicon: words that look dangerous out of context, and plain replacements for some.

Read from ``analysis/data/lexicon.txt`` (format described in the file), merged with the default
keyword filter's word list and any keyword lists a deployment uses, so that whatever a filter blocks on
is a candidate trigger too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from ..errors import UserError
from ..guards.safe_files import input_lines

_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*[A-Za-z]|[A-Za-z]")
"""A word of a prompt: letters with inner apostrophes or hyphens ("self-harm", "don't")."""


@dataclass(frozen=True)
class Lexicon:
    """Dangerous-looking words (exact, lower-case), prefixes (from ``kill*`` keyword entries) and synonyms."""

    words: frozenset[str]
    prefixes: tuple[str, ...] = ()
    synonyms: dict[str, str] = field(default_factory=dict)

    def is_scary(self, word: str) -> bool:
        w = word.lower()
        if w.endswith("'s"):
            w = w[:-2]
        return w in self.words or any(w.startswith(p) for p in self.prefixes)

    def synonym(self, word: str) -> str | None:
        """A plain replacement in the case of ``word`` (``Kill`` -> ``Stop``), or None."""
        rep = self.synonyms.get(word.lower())
        if rep is None:
            return None
        if word.isupper() and len(word) > 1:
            return rep.upper()
        if word[:1].isupper():
            return rep[:1].upper() + rep[1:]
        return rep

    def extended(self, entries: Iterable[str]) -> Lexicon:
        """This lexicon plus keyword-list entries (``kill*`` becomes a prefix; phrases are skipped:
        triggers are single words)."""
        words = set(self.words)
        prefixes = list(self.prefixes)
        for raw in entries:
            e = raw.strip().lower()
            if not e or " " in e:
                continue
            if e.endswith("*"):
                if e[:-1] and e[:-1] not in prefixes:
                    prefixes.append(e[:-1])
            else:
                words.add(e)
        return Lexicon(frozenset(words), tuple(prefixes), dict(self.synonyms))


def parse_lexicon(text: str, name: str) -> Lexicon:
    """Parse the lexicon format (see the data file); UserError naming file and line on bad lines."""
    words: set[str] = set()
    synonyms: dict[str, str] = {}
    for lineno, raw in input_lines(text):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, arrow, rep = line.partition("->")
        word = word.strip().lower()
        if not word or " " in word or not _WORD.fullmatch(word):
            raise UserError(f"expected one word, got {word!r}", path=name, line=lineno)
        words.add(word)
        if arrow:
            rep = rep.strip()
            if not rep:
                raise UserError(f"'{word} ->' has no replacement", path=name, line=lineno)
            synonyms[word] = rep
    return Lexicon(frozenset(words), (), synonyms)


@lru_cache(maxsize=1)
def default_lexicon() -> Lexicon:
    """The shipped lexicon merged with the default keyword filter's list."""
    from ..filters.keyword import default_words

    text = resources.files("overrefusal.analysis").joinpath("data/lexicon.txt").read_text(encoding="utf-8")
    return parse_lexicon(text, "overrefusal/analysis/data/lexicon.txt").extended(default_words())


def keyword_entries_of(filters: Iterable[str]) -> list[str]:
    """The words of every ``keyword``/``keyword:@FILE`` filter spec (input or output) in a deployment."""
    from ..filters.keyword import default_words, load_words

    out: list[str] = []
    for spec in filters:
        kind, sep, arg = spec.strip().partition(":")
        if kind.strip() not in ("keyword", "keyword-output"):
            continue
        arg = arg.strip()
        out.extend(load_words(arg[1:]) if sep and arg.startswith("@") else default_words())
    return out


def words_with_spans(text: str) -> list[tuple[str, int, int]]:
    """(word, start, end) for every word of ``text``."""
    return [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
