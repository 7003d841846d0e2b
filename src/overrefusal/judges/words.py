"""Word tokens and content words of a text, shared by the classifier's features and the rubric's signals.

A module of its own (it imports only ``re`` and ``itertools``) so that the rubric judge, the default judge, reads
words without importing the classifier package: that pulled in the classifier judge, its features and the rules
judge, about 20 ms of every run's start-up for two small functions.
"""

from __future__ import annotations

import re
from itertools import islice

# A CJK character is a token of its own (no spaces in those scripts); other words are runs of letters
# and digits, with inner apostrophes ("can't", "l'aide").
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
_TOKEN_RE = re.compile(rf"[{_CJK}]|[^\W_{_CJK}]+(?:'[^\W_{_CJK}]+)*")
_STOP = frozenset(
    """a an the and or but if of to in on at by for with from as is are was were be been being do does did
    how what why when where which who whom whose can could would should will shall may might must i you he
    she it we they me my your his her its our their this that these those there here about into than then
    so not no yes any some all get got make made way ways best good tell give explain please want need
    someone something anyone anything thing things one people person""".split()
)


def tokens(text: str) -> list[str]:
    """Word tokens of already lower-cased text; CJK characters one by one."""
    return _TOKEN_RE.findall(text)


def more_tokens_than(text: str, n: int) -> bool:
    """``len(tokens(text)) > n``, reading no further than the token after the ``n``-th: asked of a whole reply
    whether it is longer than a few words, a list of all its tokens cost tens of microseconds a reply."""
    return sum(1 for _ in islice(_TOKEN_RE.finditer(text), n + 1)) > n


def content_words(text: str, shortest: int = 4) -> set[str]:
    """Lower-cased words of ``text`` worth matching against a reply: not stop words, ``shortest``+ letters (or CJK)."""
    out = set()
    for t in tokens(text.lower()):
        if t in _STOP:
            continue
        if len(t) >= shortest:
            out.add(t[:6])  # a crude stem: "poisoning" and "poison" meet at "poison"
        elif len(t) == 1 and "\u3040" <= t <= "\ud7af":
            out.add(t)
    return out
