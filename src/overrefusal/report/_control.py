"""The one definition of the characters untrusted text (model output, file contents) may not carry to a
terminal or into a report: C0/C1 controls (terminal escapes start with ESC) and bidi overrides (which
reorder what is shown). Tab and newline are kept where text may span lines; :func:`one_line` removes
line breaks too, for messages that must stay on one line."""

from __future__ import annotations

import re

CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
LINE_BREAKS = re.compile(r"[\n\u2028\u2029]")
REPLACEMENT = "\ufffd"


def inert(text: str) -> str:
    """``text`` with every control and bidi character shown as U+FFFD (line breaks kept)."""
    return CONTROL_CHARACTERS.sub(REPLACEMENT, text)


def one_line(text: str) -> str:
    """:func:`inert`, and line breaks shown as U+FFFD too: the text stays on one line."""
    return LINE_BREAKS.sub(REPLACEMENT, inert(text))
