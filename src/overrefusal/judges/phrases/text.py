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
# and ideographic commas become the space an ASCII comma leaves behind it (see _COMMA_AFTER_HAN_RE), inverted
# Spanish marks and unusual spaces become spaces (they would otherwise glue to the next word).
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
        "\uff0c": " ",
        "\u3001": " ",
        "\u00a1": " ",
        "\u00bf": " ",
        "\u00a0": " ",
        "\u3000": " ",
        "\u2028": "\n",
        "\u2029": "\n",
    }
)


# Markdown marks a reader never sees as characters. Emphasis: a run of one to three ``*`` or ``_``, not inside a
# spaced word, that opens before a character other than a space or mark and is closed by the same run on the same
# line ("*sorry*", "_not_", "***no***").
# Only paired runs are removed, so the phrase syntax that also goes through normalise() keeps its ``*``
# prefix marks ("apologi*"), its ``_`` word wildcard and its list-marker alternatives, and "a*b" or
# "snake_case" stay as written. The span is bounded so that a line of unmatched openers costs linear time.
# A Markdown heading is read as bold is: its marks go and its text stays, a line of its own. An ATX heading
# ("## I can't help with that", closing hashes optional) and a setext one (the text over a line of "=" or "-")
# are both typeset sentences: dropping them hid a decline an assistant set as a title. A label over a body
# ("### Answer", "## Kurze Antwort", "## 回答"), one or two words (in Chinese or Japanese, up to four
# characters), is no sentence: read as one, a label over a decline was "an answer, then a decline", so it goes.
# Chinese and Japanese run their words together, so a mark touching one of their characters still opens or
# closes ("*你好！*好问题"), and a mark may open before punctuation ("*¡Hola!*"), which is why normalise() reads
# emphasis before it turns such marks into spaces.
_HAN_KANA = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
_SPACED_WORD = rf"(?![{_HAN_KANA}])\w"
_EMPHASIS_RE = re.compile(
    rf"(?<!\*)(?<!{_SPACED_WORD})([*_]{{1,3}})(?=[^\s*_])([^\n]{{0,300}}?[^\s*_])\1(?!\*)(?!{_SPACED_WORD})"
)
_HEADING_RE = re.compile(r"(?m)^[ \t]{0,3}#{1,6}[ \t]+([^\n]*?)(?:[ \t]+#+)?[ \t]*$")
# A setext heading: a line of text (not a list item) over three or more "=" or "-" alone on a line; after a blank
# line, "---" is a thematic break and stays.
_SETEXT_RE = re.compile(
    r"(?m)^(?![ \t]*(?:[-*+]|\d+\.)[ \t])[ \t]{0,3}(\S[^\n]*?)[ \t]*\n[ \t]{0,3}(?:={3,}|-{3,})[ \t]*$"
)
_LABEL_WORD = rf"[^\s{_HAN_KANA}]{{1,20}}"
_HEADING_LABEL_RE = re.compile(rf"{_LABEL_WORD}(?: {_LABEL_WORD})?|[{_HAN_KANA}]{{1,4}}[:：]?")


# Chinese and Japanese put no space between words, so a space between two of their characters is typing, not
# a word boundary: the one left where a writer typed an ASCII comma and a space for "，" would split a phrase
# ("作为人工智能, 我无法" read as "作为人工智能 我无法", where "作为人工智能，我无法" reads as one).
# Korean is left alone: it spaces its words.
_HAN_KANA_RE = re.compile(f"[{_HAN_KANA}]")
_SPACE_IN_HAN_RE = re.compile(f"(?<=[{_HAN_KANA}]) (?=[{_HAN_KANA}])")
# A comma after a Chinese or Japanese character becomes a space, so that "毒枭，20世纪" (a full-width comma) reads as
# "毒枭, 20世纪" (an ASCII comma and a space) does: dropped outright, it glued the number to the word before it, and a
# judge saw the number in one spelling only. Between two such characters the space goes again (_SPACE_IN_HAN_RE).
_COMMA_AFTER_HAN_RE = re.compile(f"(?<=[{_HAN_KANA}]),")


def without_markdown(t: str) -> str:
    """``t`` without emphasis marks and heading marks; a heading's text stays, a line of its own."""
    if "*" in t or "_" in t:
        t = _EMPHASIS_RE.sub(r"\2", t)
    if "#" in t:
        t = _without_labels(_HEADING_RE, t)
    if "==" in t or "--" in t:
        t = _without_labels(_SETEXT_RE, t)
    return t


def _without_labels(heading: re.Pattern[str], t: str) -> str:
    """``t`` with each heading that ``heading`` finds read as its text, or as nothing when it is a label."""
    body = heading.sub(_heading_text, t)
    # A reply that is nothing but a label keeps it as written: it is all there is to read.
    return body if body.strip() else t


def _heading_text(m: re.Match[str]) -> str:
    """What a heading line reads as: its text, or nothing when it is only a label."""
    text = m.group(1)
    return "" if _HEADING_LABEL_RE.fullmatch(text) else text


def normalise(text: str) -> str:
    """Lower-case and normalise a reply so that phrase lists need only one spelling per phrase.

    The result starts and ends with a space, has single spaces between words, no commas (so
    ``sorry, but`` and ``sorry but`` are one phrase), straight quotes, no markdown bold or emphasis, a
    heading's text without its marks, no space between two Chinese or Japanese characters, a space before each
    sentence mark that ends a word, and every line break standing as a word of its own (a sentence boundary
    that also starts list items).
    """
    t = text.lower()
    # Every step is one C-level pass; the rarer ones are guarded so most replies skip them.
    if "**" in t:
        t = t.replace("**", "")
    # Before the translation below, which turns opening marks such as "¡" into spaces: "*¡Hola!*" is emphasis.
    if "*" in t or "_" in t or "#" in t or "==" in t or "--" in t:
        t = without_markdown(t)
    if not t.isascii():  # O(1) in CPython
        t = t.translate(_NON_ASCII)
    # A line break stays, as a word of its own: it ends a sentence and starts list items. Keeping
    # it (rather than a printable mark) keeps English text ASCII, which later checks rely on.
    if "," in t and not t.isascii() and _HAN_KANA_RE.search(t):
        # A comma after a Chinese or Japanese character (a full-width one, which visible_text() has folded to
        # ASCII) leaves the space an ASCII comma and its space leave: see _COMMA_AFTER_HAN_RE.
        t = _COMMA_AFTER_HAN_RE.sub(" ", t)
    t = t.replace(",", "").replace("\n", " \n ")
    if "\t" in t or "\r" in t or "\x0b" in t or "\x0c" in t:
        t = t.replace("\t", " ").replace("\r", "").replace("\x0b", " ").replace("\x0c", " ")
    while "  " in t:
        t = t.replace("  ", " ")
    if not t.isascii() and _HAN_KANA_RE.search(t):
        t = _SPACE_IN_HAN_RE.sub("", t)
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
