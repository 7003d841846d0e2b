"""What a judge reads of a text: the characters a person sees, in one canonical spelling.

Every judge (rules, rubric, classifier, encoder, the LLM judge, the style and quality signals) reads a reply
and its prompt through :func:`visible_text` before it matches anything, so two replies that look the same on
screen get the same verdict:

* Unicode format characters (category ``Cf``: zero-width space and joiners, the byte-order mark, the soft
  hyphen, bidirectional marks, the invisible "tag" characters) are removed. They render as nothing, yet
  one inside "I can't help with that." split the phrase and turned a refusal into compliance.
* The rest is brought to NFKC, so compatibility spellings (full-width letters, ligatures such as ``ﬁ``,
  presentation forms) read as the letters they show.

Nothing else changes. Evidence spans a judge shows are quoted from the text it read, that is from this
normalised text (the rules and rubric judges also lower-case it); the stored reply itself is never changed,
so a report shows the original beside them.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=1)
def _format_characters() -> dict[int, None]:
    """A ``str.translate`` table deleting every Cf character of this Python's Unicode database, built on the
    first non-ASCII text. Only the planes that hold format characters are scanned (0 and 1, and 14 with the
    tag characters; 2, 3 and 15-16 hold ideographs and private use), a tenth of the code space."""
    planes = (range(0x80, 0x20000), range(0xE0000, 0xE1000))
    return {cp: None for plane in planes for cp in plane if unicodedata.category(chr(cp)) == "Cf"}


def visible_text(text: str) -> str:
    """``text`` without format (Cf) characters, then in NFKC. ASCII text (no Cf character is ASCII, and
    NFKC leaves ASCII alone) is returned as it is, at no cost."""
    if text.isascii():
        return text
    return unicodedata.normalize("NFKC", text.translate(_format_characters()))
