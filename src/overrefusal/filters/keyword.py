"""A keyword blocklist filter: the naive safety layer whose over-refusal overrefusal makes visible.

Words are matched case-insensitively as whole words (``kill`` matches "Kill the process" but not
"skills"); a trailing ``*`` matches any ending (``hack*`` matches "hacker", "hacking"); a phrase
matches across any whitespace ("self harm" matches "self   harm").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path

from ..errors import UserError
from ..guards.safe_files import input_lines, read_input_text
from ..types import Message, Role, stable_hash
from ._base import Block, FilterSpecError, Stage

DEFAULT_MESSAGE = "This request was blocked by a content filter."
DEFAULT_OUTPUT_MESSAGE = "This reply was withheld by a content filter."
"""What the user sees instead of a reply when the filter blocks."""


def parse_word_lines(text: str) -> list[str]:
    """Words from a word-list file: one per line; blank lines and ``#`` comments are skipped."""
    words = []
    for _, line in input_lines(text):
        word = line.strip()
        if word and not word.startswith("#"):
            words.append(word)
    return words


def load_words(path: str | Path) -> list[str]:
    """Read a word-list file. UserError naming the file if it is missing, unreadable or has no words."""
    p = Path(path).expanduser()
    try:
        text = read_input_text(p, what="keyword file")
    except OSError as exc:
        raise UserError(f"cannot read keyword file: {exc.strerror}", path=str(p)) from None
    words = parse_word_lines(text)
    if not words:
        raise UserError("keyword file has no words (one word per line; # starts a comment)", path=str(p))
    return words


def default_words() -> list[str]:
    """The built-in blocklist (``filters/data/keywords.txt``)."""
    text = resources.files("overrefusal.filters").joinpath("data/keywords.txt").read_text(encoding="utf-8")
    return parse_word_lines(text)


def _pattern(word: str) -> str:
    prefix = word.endswith("*")
    core = word.rstrip("*").strip()
    if not core:
        raise UserError(f"keyword '{word}' has nothing to match")
    body = r"\s+".join(re.escape(part) for part in core.split())
    return body + (r"\w*" if prefix else "")


class KeywordFilter:
    """Blocks a prompt (input stage) or a reply (output stage) that contains any listed word."""

    def __init__(
        self,
        words: Iterable[str] | None = None,
        stage: Stage = Stage.INPUT,
        *,
        message: str | None = None,
    ):
        """``words`` defaults to the built-in list. ``message`` is what the user sees instead (a per-stage default when None)."""
        chosen = list(words) if words is not None else default_words()
        # Case and duplicates do not change what matches, so they do not change the identity.
        self.words: tuple[str, ...] = tuple(sorted({w.strip().lower() for w in chosen if w.strip()}))
        if not self.words:
            raise UserError("the keyword filter needs at least one word")
        self.stage = Stage(stage)
        self.message = (
            message
            if message is not None
            else (DEFAULT_MESSAGE if self.stage is Stage.INPUT else DEFAULT_OUTPUT_MESSAGE)
        )
        prefix = "keyword" if self.stage is Stage.INPUT else "keyword-output"
        # The hash names the list, so runs with different lists get different deployment ids.
        self.name = f"{prefix}:{stable_hash(list(self.words), 8)}"
        # Longest first, so the reported match is the most specific one.
        alternatives = sorted((_pattern(w) for w in self.words), key=len, reverse=True)
        self._regex = re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)", re.IGNORECASE)

    def __repr__(self) -> str:
        return f"KeywordFilter(name={self.name!r}, words={len(self.words)}, stage={self.stage.value!r})"

    def match(self, text: str) -> str | None:
        """The first listed word found in ``text`` (as written there), or None."""
        m = self._regex.search(text)
        return m.group(0) if m else None

    async def screen(self, messages: Sequence[Message], reply: str | None) -> Block | None:
        if self.stage is Stage.INPUT:
            # Only what the user wrote: a system prompt saying "refuse harmful requests" must not
            # trip its own filter.
            text = "\n".join(m.content for m in messages if m.role == Role.USER)
        else:
            text = reply or ""
        found = self.match(text)
        if found is None:
            return None
        return Block(filter=self.name, reason=f"matched keyword '{found}'", message=self.message)


def _from_spec(arg: str | None, stage: Stage) -> KeywordFilter:
    if arg is None:
        return KeywordFilter(stage=stage)
    if not arg.startswith("@") or len(arg) < 2:
        raise FilterSpecError("a keyword list must be given as @FILE")
    return KeywordFilter(load_words(arg[1:]), stage=stage)


def input_filter(arg: str | None, options: object = None) -> KeywordFilter:
    """``keyword`` (the built-in list) or ``keyword:@FILE`` on the user's prompt."""
    return _from_spec(arg, Stage.INPUT)


def output_filter(arg: str | None, options: object = None) -> KeywordFilter:
    """``keyword-output`` or ``keyword-output:@FILE`` on the model's reply."""
    return _from_spec(arg, Stage.OUTPUT)
