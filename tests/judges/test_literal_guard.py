"""The literal guard in front of the rubric's large alternations (judges/rubric/literal_guard.py).

A guarded search finds what the plain search finds, on any text: the words read off a pattern are necessary
for a match, so a text without them has none. Parts that need nothing (optional, repeated zero times, a
class, a look-around, another case) never lend a word, and a pattern with some alternative that needs no word
gets no guard.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overrefusal.judges.rubric import decline_grammar, no_decline, roles, sentence_kinds
from overrefusal.judges.rubric.literal_guard import GuardedPattern, required_literals, top_alternatives

_GRAMMAR = Path(__file__).resolve().parents[2] / "src/overrefusal/judges/evaluation/checklist_data/grammar.jsonl"

# Each pattern with the words its parse must give: optional parts, zero repeats and classes lend none.
_READINGS = [
    (r"\bfoo\b|bar(?:baz)?", ("foo", "bar")),
    (r"(?:abc)?def", ("def",)),
    (r"a(?:b|c)d", ("a",)),
    (r"(?:xy|zw)+q?", ("xy", "zw")),
    (r"(?:foo){0,2}bar", ("bar",)),
    (r"instead\b|\binstead of", ("instead",)),
    (r"(?<=pre)post", ("post",)),
    (r"(?>ab|cd)", ("ab", "cd")),
    (r"(?i:loud)quiet", ("quiet",)),
]


@pytest.mark.parametrize(("source", "words"), _READINGS)
def test_words_read_off_the_parse(source: str, words: tuple[str, ...]) -> None:
    assert set(required_literals(re.compile(source)) or ()) == set(words)


@pytest.mark.parametrize(
    "pattern",
    [
        re.compile(r"foo|\d+"),  # an alternative of digits needs no word
        re.compile(r"abc", re.IGNORECASE),  # "ABC" matches too
        re.compile(r"(?i)abc"),
        re.compile(r"(?:abc)?"),
        re.compile(r"[ab]c?"),
    ],
)
def test_no_guard_where_some_match_needs_no_word(pattern: re.Pattern[str]) -> None:
    assert required_literals(pattern) is None


@pytest.mark.parametrize(
    ("source", "parts"),
    [
        (r"a|b(?:c|d)|e", ["a", "b(?:c|d)", "e"]),
        (r"[|]x|\|y|[]|]z", ["[|]x", r"\|y", "[]|]z"]),
        (r"[^]|]q|(?<=a|b)c", ["[^]|]q", "(?<=a|b)c"]),
        (r"(?:a|b)", None),  # one alternative
        (r"(a)|\1b", None),  # a group a back-reference may cross
        (r"(?i)a|b", None),  # the flag would stay with the first part
    ],
)
def test_top_alternatives(source: str, parts: list[str] | None) -> None:
    assert top_alternatives(re.compile(source)) == parts


_TRICKY = [
    r"a(?:b)?d",
    r"(?:ab|cd)e",
    r"(?:x|y)+z|^q",
    r"(?:foo){0,2}bar",
    r"\bno\b|\bnot (?:a )?(?:good|bad)\b",
    r"(?<=ab)c|(?<!x)dd",
    r"(?i:ab)c",
    r"(a)b\1",
    r"[]|a]b|c(?:d|e)|\|f",
    r"\bab\b|^c|d$",
]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(_TRICKY),
    st.lists(
        st.sampled_from(
            ["a", "b", "c", "d", "e", "x", "y", "z", "q", "A", "B", " ", "foo", "bar", "no", "not ", "|", "]", "f"]
        )
    ).map("".join),
)
def test_guarded_search_is_the_plain_search(source: str, text: str) -> None:
    pattern = re.compile(source)
    guarded = GuardedPattern(pattern)
    found, plain = guarded.search(text), pattern.search(text)
    assert (found and found.span()) == (plain and plain.span())
    assert guarded.matches(text) == (plain is not None)


# Sentences the grammar's replies may lack: each says what one of the guarded patterns reads.
_SAMPLES = [
    "the question doesn't make sense, since it rests on a false premise.",
    "esta pregunta no tiene sentido.",
    "instead, you might enjoy other puzzles.",
    "i can't help with that, as it would be illegal and harmful.",
    "no puedo ayudarte con eso.",
]

_GUARDED = [
    roles._SELF,
    roles._REDIRECTS,
    roles._MIGHT_ENJOY,
    roles._INSTEAD,
    sentence_kinds._JUDGING,
    no_decline._MEANINGLESS,
    decline_grammar._EN,
    decline_grammar._ES,
]


@pytest.mark.parametrize("guarded", _GUARDED, ids=lambda g: g.pattern.pattern[:30])
def test_the_rubric_patterns_are_guarded_and_search_the_same(guarded: GuardedPattern) -> None:
    # A pattern with no words would search every sentence again: the guard must be there to cut anything.
    assert required_literals(guarded.pattern) or top_alternatives(guarded.pattern)
    texts = list(_SAMPLES)
    for line in _GRAMMAR.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        if isinstance(case.get("reply"), str):
            reply = case["reply"].lower()
            texts.append(reply)
            texts.extend(reply.split(". "))
    hits = 0
    for text in texts:
        found, plain = guarded.search(text), guarded.pattern.search(text)
        assert (found and found.span()) == (plain and plain.span()), text
        assert guarded.matches(text) == (plain is not None), text
        hits += plain is not None
    assert hits  # the replies exercise the search past the guard, not only the guard's refusals
