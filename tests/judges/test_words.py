"""The word tokens shared by the judges: the bounded count reads the same tokens as the full list."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overrefusal.judges.words import more_tokens_than, tokens


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "can't", " ", "  ", "x1", "_", "'", "我", "是", ".", "l'aide", "\n"])).map("".join),
    st.integers(min_value=0, max_value=8),
)
def test_more_tokens_than_is_the_length_of_the_token_list(text: str, n: int) -> None:
    assert more_tokens_than(text, n) == (len(tokens(text)) > n)


@pytest.mark.parametrize(
    ("text", "n", "more"),
    [
        ("one two three", 2, True),
        ("one two three", 3, False),
        ("", 0, False),
        ("我是", 1, True),
        ("can't stop", 2, False),
    ],
)
def test_more_tokens_than_counts_words_and_cjk_characters(text: str, n: int, more: bool) -> None:
    assert more_tokens_than(text, n) is more
