"""Values from a backend or a judge made safe to store: valid UTF-8 text, finite bounded numbers, no key.

A backend is untrusted. A lone surrogate (``"\\ud800"`` in a server's JSON, or in a replay file) cannot be
encoded as UTF-8, so SQLite would refuse the row and the run would crash on every resume; a usage count of
``Infinity`` or ``1e30`` overflows an SQLite INTEGER. Each is fixed here, for one prompt, instead of
stopping the run: bad characters become U+FFFD (and the completion's ``finish_reason`` says how many),
numbers out of range become 0 ("unknown"), and every string is passed through the key scrubber.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..types import Completion, Judgement, StyleSignals, Usage

_JOINERS = frozenset("\u200c\u200d")
"""Zero-width (non-)joiners: invisible, yet part of how Persian, Indic scripts and emoji are written."""


def hidden_character(text: str) -> str | None:
    """The first character of ``text`` that a reader cannot see or that changes how the text around it is
    shown: control characters, line and paragraph separators, and format characters (zero-width space,
    bidirectional marks, overrides and isolates, the byte-order mark), joiners aside. A name holding one
    can look exactly like another name, or like nothing at all."""
    for ch in text:
        if ch in _JOINERS:
            continue
        if ch in "\u2028\u2029" or unicodedata.category(ch) in ("Cc", "Cf"):
            return ch
    return None


MAX_TOKEN_COUNT = 2**31 - 1
"""Usage counts above this are not real counts: they are stored as 0 (unknown)."""

MAX_FINISH_REASON = 100
"""Finish reasons are short words (stop, length, content_filter); a longer one is cut, not stored whole."""

Scrub = Callable[[str], str]


def valid_text(text: str) -> tuple[str, int]:
    """``text`` with every lone surrogate replaced by U+FFFD, and how many were replaced."""
    if text.isascii():
        return text, 0
    try:
        text.encode("utf-8")
        return text, 0
    except UnicodeEncodeError:
        pass
    # UTF-16 with surrogatepass joins the surrogate pairs that are real characters; the lone ones
    # come back as U+FFFD on decoding.
    fixed = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    replaced = sum(1 for ch in text if "\ud800" <= ch <= "\udfff") - 2 * _pairs(text)
    return fixed, max(replaced, 0)


def _pairs(text: str) -> int:
    n, i = 0, 0
    while i < len(text) - 1:
        if "\ud800" <= text[i] <= "\udbff" and "\udc00" <= text[i + 1] <= "\udfff":
            n += 1
            i += 2
        else:
            i += 1
    return n


def _count(value: Any) -> int:
    """A token count as a backend reported it -> an int in [0, MAX_TOKEN_COUNT]; anything else is 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0
    if isinstance(value, float) and not math.isfinite(value):
        return 0
    return int(value) if 0 <= value <= MAX_TOKEN_COUNT else 0


def _seconds(value: Any) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return 0.0
    return number if math.isfinite(number) and number >= 0 else 0.0


def clean_completion(c: Completion, scrub: Scrub | None = None) -> Completion:
    """``c`` with valid text in every field, the key scrubbed from each, and numbers in range."""
    fixed = 0

    def text(value: str | None) -> str | None:
        nonlocal fixed
        if value is None:
            return None
        value = str(value)
        value, n = valid_text(value)
        fixed += n
        return scrub(value) if scrub is not None else value

    out = Completion(
        text=text(c.text) or "",
        finish_reason=(text(c.finish_reason) or "")[:MAX_FINISH_REASON],
        usage=Usage(_count(c.usage.prompt_tokens), _count(c.usage.completion_tokens)),
        latency_s=_seconds(c.latency_s),
        error=text(c.error),
        blocked_by=text(c.blocked_by),
        model_text=text(c.model_text),
    )
    if fixed:
        note = f"{fixed} invalid character(s) replaced with U+FFFD"
        out = replace(out, finish_reason=f"{out.finish_reason} ({note})" if out.finish_reason else note)
    return out


def clean_judgement(j: Judgement, scrub: Scrub | None = None) -> Judgement:
    """``j`` with valid, scrubbed evidence and error text and a confidence in [0, 1]."""

    def text(value: str) -> str:
        value = valid_text(str(value))[0]
        return scrub(value) if scrub is not None else value

    confidence = j.confidence if isinstance(j.confidence, (int, float)) and math.isfinite(j.confidence) else 0.0
    signals = j.signals
    if not isinstance(signals, StyleSignals):
        signals = StyleSignals()
    return replace(
        j,
        confidence=min(1.0, max(0.0, float(confidence))),
        evidence=tuple(text(e) for e in j.evidence),
        error=None if j.error is None else text(j.error),
        signals=signals,
    )
