"""The phrase compiler: every phrase list compiled into ONE regular expression, factored as a trie.

The phrase lists live as data files in ``rules/data/`` so they can be read, reviewed and extended
without touching code. This module compiles all of them (and the sentence boundaries) into one pattern,
so that :class:`~overrefusal.judges.signals.Scanner` reads a reply in a single pass. That is what makes
the rules judge fast in pure Python:

* Python's ``re`` tries the alternatives of ``a|b|c`` one after another at every position, so a flat
  alternation of hundreds of phrases is slow. The phrases are merged into a trie instead (``i can't
  help`` and ``i can't assist`` share ``i can't``), so a position costs a few character tests.
* Every phrase in a spaced script starts with a space and the text is normalised to single spaces,
  so the engine only stops at spaces and punctuation. Phrases in Chinese (no spaces) sit in a second
  pattern that is used only for text containing such script.
* ``{a|b}`` groups are not multiplied out into every spelling: "i {can't|cannot} {_ |}{help|assist}"
  would give hundreds, and a few such lines tens of thousands, which are slow to compile. A group
  becomes one regex "atom" inside a trie of tokens; only groups at the very start of a line are
  expanded, so the trie's root still branches on plain characters and the regex engine can rule out
  most positions with a single character test.
* Which list a matched span came from is looked up afterwards from the matched text (cached), so the
  big pattern needs no named groups, and ``re.split`` returns the matches without Match objects.

The phrase-line grammar is in :mod:`.syntax`, the text normalisation in :mod:`.text`. The rubric judge keeps
what this module compiles on disk, keyed by a hash of this package's source
(:mod:`overrefusal.judges.rubric.phrase_cache`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from .syntax import SPACE, WORD, parse_phrase, parse_phrase_file, spell_out
from .text import BOUNDARY_CHARS, CJK_RE, SPACED_BOUNDARIES

# One word of normalised text: anything up to a space or a sentence mark (BOUNDARY_CHARS).
_WORD_RE = "[^ .!?\n。！？；;]+"


def _atom_regex(tree: list) -> str:
    """Regex for a token sequence (a group's alternative, or a whole group as one atom).

    A group whose spellings are few is compiled as a character trie of them, which rejects a mismatch
    after one or two characters.
    """
    parts = []
    for tok in tree:
        if tok == SPACE:
            parts.append(" ")
        elif tok == WORD:
            parts.append(_WORD_RE)
        elif isinstance(tok, tuple):
            spellings = spell_out([tok], limit=_ATOM_EXPANSION_LIMIT)
            if spellings is not None and "_" not in "".join(spellings):
                parts.append(_string_trie(spellings))
            else:
                alts = sorted({_atom_regex(a) for a in tok[1]}, key=lambda a: (-len(a), a))
                parts.append("(?:" + "|".join(alts) + ")")
        else:
            parts.append(re.escape(tok))
    return "".join(parts)


# Groups with at most this many spellings become a character trie; bigger ones stay an alternation
# of their parts (still correct, just tried alternative by alternative).
_ATOM_EXPANSION_LIMIT = 400


def _string_trie(strings: Iterable[str]) -> str:
    """Regex matching any of ``strings``, factored as a character trie.

    A node's continuations come before its end, so "cannot" is tried before "can".
    """
    root: dict = {}
    for st in set(strings):
        node = root
        for ch in st:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:
        alts = []
        for ch in sorted(node, key=lambda c: (c == "", c)):
            if ch == "":
                alts.append("")
            else:
                alts.append(re.escape(ch) + emit(node[ch]))
        if len(alts) == 1:
            return alts[0]
        return "(?:" + "|".join(alts) + ")"

    return emit(root)


def _leading_expanded(tree: list, budget: int = 1) -> list[list]:
    """Expand the groups at the start of a token sequence (so the trie's root branches on plain
    characters), and further groups while the number of sequences stays within ``budget``; the rest
    stays as atoms. Spaces at the very start are dropped.

    Expanding deeper barely speeds up matching (measured) but multiplies the pattern's size, and
    Python compiles regexes in Python code: the default keeps start-up short."""
    out: list[list] = []
    # Work items: (expanded prefix, remaining tokens).
    stack: list[tuple[list, list]] = [([], list(tree))]
    while stack:
        done, rest = stack.pop()
        while rest:
            tok = rest[0]
            if tok == SPACE and not done:
                rest = rest[1:]
                continue
            if isinstance(tok, tuple) and tok[0] == "g":
                leading = not any(isinstance(t, str) for t in done)
                if leading or len(out) + len(stack) + len(tok[1]) <= budget:
                    for alt in reversed(tok[1]):
                        stack.append((list(done), alt + rest[1:]))
                    break
            done.append(tok)
            rest = rest[1:]
        else:
            out.append(done)
    return out


def _tokens(phrase: str) -> list[tuple]:
    """Trie token sequences for one phrase line (several when the line starts with a group)."""
    prefix = len(phrase) > 1 and phrase.endswith("*") and phrase[-2] not in " *"
    body = phrase[:-1] if prefix else phrase
    out = []
    for seq in _leading_expanded(parse_phrase(body)):
        while seq and seq[-1] == SPACE:
            seq = seq[:-1]
        if not seq:
            continue
        toks: list = []
        dense = isinstance(seq[0], str) and CJK_RE.match(seq[0]) is not None
        if not dense:
            toks.append(" ")  # phrases in spaced scripts start at a word start...
        for tok in seq:
            if isinstance(tok, tuple) and tok[0] == "g":
                toks.append(("re", _atom_regex([tok])))
            else:
                toks.append(tok)
        # ...and end at a word end; scripts without spaces have no word ends to check.
        toks.append(_END_PREFIX if prefix or dense else _END_WORD)
        out.append(tuple(toks))
    return out


_END_WORD = ("end", r"(?![\w'])")  # word boundary (also not before an apostrophe: "can" vs "can't")
_END_PREFIX = ("end", "")


def _token_key(tok) -> tuple:
    """Sort order of trie children: literal characters first, then spaces, wildcards, atoms, ends.

    Literal paths are tried before atoms so that a specific exception ("i can't help but") beats a
    general phrase that shares its start; a phrase's end comes last so longer matches win.
    """
    if isinstance(tok, str):
        return (0, tok)
    kind = {"sp": 1, "w": 2, "re": 3, "end": 4}[tok[0]]
    return (kind, tok[1] if len(tok) > 1 else "")


def _trie_regex(sequences: Iterable[tuple], first: Iterable[tuple] = ()) -> str:
    """One regex for many token sequences, factored as a trie so shared beginnings are tried once.

    Regex alternation takes the first alternative that matches, not the longest. Sequences in
    ``first`` (the exceptions) are therefore tried before their siblings wherever they branch off, so
    "i can't help but" is found even though "i {can't|cannot} {help|assist}" also matches its start.
    """
    root: dict = {}
    urgent: set[int] = set()  # ids of trie nodes on the path of an exception
    priority = set(first)
    for seq in list(sequences) + list(priority):
        node = root
        for tok in seq:
            node = node.setdefault(tok, {})
            if seq in priority:
                urgent.add(id(node))

    def emit(node: dict) -> str:
        alts = []
        for tok in sorted(node, key=lambda t: (id(node[t]) not in urgent, _token_key(t))):
            if isinstance(tok, str):
                head = re.escape(tok)
            elif tok == SPACE:
                head = " "
            elif tok == WORD:
                head = _WORD_RE
            else:
                head = tok[1]
            alts.append(head + emit(node[tok]) if node[tok] else head)
        if len(alts) == 1:
            return alts[0]
        return "(?:" + "|".join(alts) + ")"

    return emit(root)


@dataclass(frozen=True)
class PhraseSet:
    """All phrase lists compiled for scanning: one master pattern plus a classifier per category."""

    master: re.Pattern[str]
    """Finds every phrase (except those in scripts without spaces) and every sentence boundary, in one
    left-to-right pass."""
    dense_source: str
    """Source of the same pattern plus the phrases in scripts without spaces (Chinese). Kept apart
    because dozens of extra first characters at the pattern's root cost every position; compiled on
    first use (see :attr:`master_dense`)."""
    by_category: dict[str, re.Pattern[str]]
    """Pattern per category, used once per distinct matched text to name its categories."""
    phrase_count: int
    """Number of phrase lines compiled."""

    @property
    def master_dense(self) -> re.Pattern[str]:
        """The pattern for text in scripts without spaces (compiled once, on first use)."""
        return _compile_cached(self.dense_source)


@lru_cache(maxsize=8)
def _compile_cached(source: str) -> re.Pattern[str]:
    # Not left to re's own cache: evicted, this pattern would cost a second to compile again.
    return re.compile(source)


def compile_phrases(lists: Mapping[str, Sequence[str]]) -> PhraseSet:
    """Compile ``{category: phrase lines}`` (the phrase-file syntax) into a :class:`PhraseSet`."""
    return phrase_set_from(phrase_sources(lists), re.compile)


def phrase_set_from(sources: PhraseSources, compile: Callable[[str], re.Pattern[str]]) -> PhraseSet:
    """The :class:`PhraseSet` of ``sources``, each pattern made by ``compile`` (re.compile or a cache)."""
    by_category = {c: compile(source) for c, source in sources.by_category.items()}
    return PhraseSet(compile(sources.master), sources.dense, by_category, sources.phrase_count)


@dataclass(frozen=True)
class PhraseSources:
    """The regular expressions of a :class:`PhraseSet`, not yet compiled."""

    master: str
    """See :attr:`PhraseSet.master`."""
    dense: str
    """See :attr:`PhraseSet.dense_source`."""
    by_category: dict[str, str]
    """See :attr:`PhraseSet.by_category`."""
    phrase_count: int
    """Number of phrase lines."""


def phrase_sources(lists: Mapping[str, Sequence[str]]) -> PhraseSources:
    """The regular expressions (sources) that :func:`compile_phrases` compiles for ``lists``."""
    by_cat_tokens = {c: {t for line in lines for t in _tokens(line)} for c, lines in lists.items() if lines}
    every = set().union(*by_cat_tokens.values()) if by_cat_tokens else set()
    # Sentence boundaries are one-character "phrases" of the same trie, so one pass finds both. In
    # normalised text, Latin sentence marks and line breaks always follow a space (see normalise());
    # the full-width marks of scripts without spaces do not.
    boundaries = {(" ", b, _END_PREFIX) for b in SPACED_BOUNDARIES}
    dense_boundaries = {(b, _END_PREFIX) for b in BOUNDARY_CHARS if b not in SPACED_BOUNDARIES}
    # Exceptions and premise corrections share beginnings with commoner phrases ("i can't help but"
    # with "i can't help", "may not be meaningful" with "may not"); they are tried first.
    exceptions = by_cat_tokens.get("not_refusal", set()) | by_cat_tokens.get("correction", set())
    spaced = {t for t in every if t[0] == " "}
    # One capturing group around everything: Scanner.scan uses split(), which then returns the matches.
    master = "(" + _trie_regex(spaced | boundaries, exceptions & spaced) + ")"
    dense_source = "(" + _trie_regex(every | boundaries | dense_boundaries, exceptions) + ")"
    by_category = {c: _trie_regex(toks) for c, toks in by_cat_tokens.items()}
    return PhraseSources(master, dense_source, by_category, sum(len(set(v)) for v in lists.values()))


def phrase_file_sources(named_texts: Iterable[tuple[str, str]]) -> PhraseSources:
    """The regular expressions of several phrase files, given as (name, text) in reading order: each
    category's lines from every file, in that order (errors name the file and line)."""
    merged: dict[str, list[str]] = {}
    for name, text in named_texts:
        for cat, lines in parse_phrase_file(text, name).items():
            merged.setdefault(cat, []).extend(lines)
    return phrase_sources(merged)


@lru_cache(maxsize=1)
def default_phrases() -> PhraseSet:
    """The phrase lists shipped in ``rules/data/`` (every ``*.txt`` file), compiled once per process."""
    folder = resources.files("overrefusal.judges.rules").joinpath("data")
    entries = sorted((e for e in folder.iterdir() if e.name.endswith(".txt")), key=lambda e: e.name)
    return phrase_set_from(phrase_file_sources((e.name, e.read_text(encoding="utf-8")) for e in entries), re.compile)
