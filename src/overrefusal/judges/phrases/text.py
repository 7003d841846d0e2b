"""Text normalisation: the one spelling of a reply (and of a phrase line) that phrases are matched against.

Replies and phrase lines go through the same :func:`normalise`, so a phrase list needs only one spelling per
phrase. The sentence marks kept here are the ones the phrase compiler turns into sentence boundaries.
"""

from __future__ import annotations

import re

#: Characters that end a sentence (a line break too). In phrase files a line break is written ``¶``.
BOUNDARY_CHARS = ".!?\n。！？；;"
SPACED_BOUNDARIES = ".!?;\n"

#: Chinese, Japanese and Korean script: no spaces between words, so no word boundaries to check.
CJK_RE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]")


# Non-ASCII characters that normalise() rewrites: typographic quotes become straight ones, full-width
# and ideographic commas disappear like ASCII commas, inverted Spanish marks and unusual spaces become
# spaces (they would otherwise glue to the next word).
_NON_ASCII = str.maketrans(
    {
        "\u2019": "'",
        "\u2018": "'",
        "\u02bc": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\uff0c": None,
        "\u3001": None,
        "\u00a1": " ",
        "\u00bf": " ",
        "\u00a0": " ",
        "\u3000": " ",
        "\u2028": "\n",
        "\u2029": "\n",
    }
)


def normalise(text: str) -> str:
    """Lower-case and normalise a reply so that phrase lists need only one spelling per phrase.

    The result starts and ends with a space, has single spaces between words, no commas (so
    ``sorry, but`` and ``sorry but`` are one phrase), straight quotes, no markdown bold, a space before
    each sentence mark that ends a word, and every line break standing as a word of its own (a
    sentence boundary that also starts list items).
    """
    t = text.lower()
    # Every step is one C-level pass; the rarer ones are guarded so most replies skip them.
    if not t.isascii():  # O(1) in CPython
        t = t.translate(_NON_ASCII)
    if "**" in t:
        t = t.replace("**", "")
    # A line break stays, as a word of its own: it ends a sentence and starts list items. Keeping
    # it (rather than a printable mark) keeps English text ASCII, which later checks rely on.
    t = t.replace(",", "").replace("\n", " \n ")
    if "\t" in t or "\r" in t or "\x0b" in t or "\x0c" in t:
        t = t.replace("\t", " ").replace("\r", "").replace("\x0b", " ").replace("\x0c", " ")
    while "  " in t:
        t = t.replace("  ", " ")
    t = " " + t.strip(" ") + " "
    # Sentence ends get a space in front: then every phrase and every boundary starts with a space,
    # so the pattern has a one-character literal prefix and the regex engine skips to the next space
    # with a tight loop. Only marks followed by a space end a sentence ("3.5", "e.g" stay whole).
    for mark in ".!?;":
        if mark in t:
            t = t.replace(mark + " ", " " + mark + " ")
    return t


def has_dense_script(text: str) -> bool:
    """Whether ``text`` contains Chinese, Japanese or Korean script (which has no spaces between words)."""
    # isascii() is O(1). Normalised English text is ASCII even when the reply had typographic quotes
    # (normalise() straightens them), so the character scan runs only for other scripts.
    return not text.isascii() and CJK_RE.search(text) is not None
