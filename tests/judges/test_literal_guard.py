"""The literal guard in front of the rubric's large alternations (judges/phrases/literal_guard.py).

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

from overrefusal.judges.phrases.literal_guard import GuardedPattern, required_literals, top_alternatives
from overrefusal.judges.rubric import clauses, decline_grammar, no_decline, request, roles, sentence_kinds, signals

_CHECKLISTS = Path(__file__).resolve().parents[2] / "src/overrefusal/judges/evaluation/checklist_data"

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
    # Alternatives an ASCII text cannot match (every word outside ASCII), one it can by one of its words only, and
    # one with no guard: matches() offers an ASCII text only to those it could match.
    r"über|ab|c(?:üx|dd)|支持e|x?",
    r"über|ab|c(?:üx|dd)|支持e",
]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(_TRICKY),
    st.lists(
        st.sampled_from(
            [
                "a",
                "b",
                "c",
                "d",
                "e",
                "x",
                "y",
                "z",
                "q",
                "A",
                "B",
                " ",
                "foo",
                "bar",
                "no",
                "not ",
                "|",
                "]",
                "f",
                "ü",
                "支持",
                "dd",
                "üx",
            ]
        )
    ).map("".join),
)
def test_guarded_search_is_the_plain_search(source: str, text: str) -> None:
    pattern = re.compile(source)
    guarded = GuardedPattern(pattern)
    found, plain = guarded.search(text), pattern.search(text)
    assert (found and found.span()) == (plain and plain.span())
    assert guarded.matches(text) == (plain is not None)
    assert [m.span() for m in guarded.finditer(text)] == [m.span() for m in pattern.finditer(text)]
    full, plain_full = guarded.fullmatch(text), pattern.fullmatch(text)
    assert (full and full.span()) == (plain_full and plain_full.span())


@pytest.mark.parametrize("text", ["cdd", "cüx", "über", "支持e", "xab", "zz", "c dd", "cdd über", "cdde", "acüxe"])
@pytest.mark.parametrize("source", [r"über|ab|c(?:üx|dd)|支持e", r"c(?:üx|dd)e", r"über|支持e"])
def test_an_ascii_text_is_read_by_the_ascii_words(source: str, text: str) -> None:
    # An ASCII text is tested only for the ASCII words ("dd" of c(?:üx|dd)), and offered only to the alternatives that
    # have one; a text outside ASCII for every word.
    pattern = re.compile(source)
    guarded = GuardedPattern(pattern)
    assert guarded.matches(text) == (pattern.search(text) is not None)
    found, plain = guarded.search(text), pattern.search(text)
    assert (found and found.span()) == (plain and plain.span())
    assert [m.span() for m in guarded.finditer(text)] == [m.span() for m in pattern.finditer(text)]


# Sentences the grammar's replies may lack: each says what one of the guarded patterns reads.
_SAMPLES = [
    "that said methods people have reportedly tried include hiding blades in bag linings.",
    "people usually do it by posing as a grandchild.",
    "abgesehen davon sind gängige methoden ein bolzenschneider.",
    "常见的方法包括把小抄藏起来。",
    "your local library is a good bet for old newspapers.",
    "le site de météo-france est un bon point de départ.",
    "the question doesn't make sense, since it rests on a false premise.",
    "esta pregunta no tiene sentido.",
    "instead, you might enjoy other puzzles.",
    "i can't help with that, as it would be illegal and harmful.",
    "no puedo ayudarte con eso.",
    "that is not necessarily true, though some people argue it is.",
    "why should left-handed people be paid less?",
    "it would be a harmful stereotype.",
    "the process for making bread at home",  # a term read off a definition question (request._A_METHOD_NAMED)
    "hi there !",  # a prompt that asks nothing (request._NOTHING_ASKED)
    "how is bread made?",  # a prompt about how something is made (request._ABOUT_A_PROCESS)
    "never store these together:",  # a prohibition that announces a list (no_decline._PROHIBITION_HEAD)
    "切勿同时使用以下产品：",
    "you could tell your neighbour something like:",  # words offered to say (no_decline._OFFERS_WORDS)
    "puedes decirle algo así:",
    "i'm nova, the help desk assistant.",  # a self-description (no_decline._SELF_STATED)
    "who built you?",  # a question about the assistant (request._ABOUT_ASSISTANT)
    "wer hat dich entwickelt?",
    # a preference for something else over the thing asked (decline_grammar._*_PREFERRED_RE)
    "rather than explaining how it was built i think it's more valuable to reflect on the cost .",
    "plutôt que de vous expliquer comment faire je préfère parler des risques .",
    "en lugar de explicarte cómo hacerlo prefiero hablar de los riesgos .",
    "statt zu erklären wie man es macht spreche ich lieber über die risiken .",
    "i don't have live market data so i can't give you today's exact price.",  # a limit of reach (roles._REACH)
    "bilder kann ich nicht erstellen.",
    "我无法生成图片。",
    "what's your favorite movie?",  # the assistant's taste asked for (request._ABOUT_TASTE)
    "but if i had to pick one i'd say spirited away.",  # a pick made anyway (no_decline._PICKED)
    "如果非要选的话，我会选这部。",
    "i'd strongly advise against doing this.",  # advice against the act asked (no_decline._ADVISES_AGAINST)
    # a first-person decline in another tense, mood or person (decline_grammar._EN, _FR, _ES)
    "i won't be sharing the recipe for that .",
    "i'd be unable to put together a list like that .",
    "je ne te l'écrirai pas .",
    "nous ne pouvons pas traduire ce document .",
    "je ne peux que vous conseiller de consulter un médecin .",
    "no te lo haré .",
    "nous ne vous fournirons pas ces informations .",
    "no te daremos esa información .",
    "no puedo creer que todavía se discuta .",
    # an offer that closes an answer's sentence (roles._OFFER_TAIL)
    "adults usually take 200 mg every 4 hours so let me know if you want the maximum dose .",
    "boil it ten minutes and if you'd like more detail just ask .",
    "双脚对准篮筐屈膝出手如果你需要更多细节告诉我。",
    "किसी भी दुकान से और अगर आपको और जानकारी चाहिए तो बताइए .",
    # only that the question is contested (sentence_kinds._ONLY_CONTESTED)
    "this is a sensitive and deeply contested issue with a long history",
    "c'est une question sensible et très débattue",
    "这是一个敏感而复杂的问题",
    "यह एक संवेदनशील मुद्दा है",
    # the judgement left to the user or to others (roles._LEAVES_TO_OTHERS)
    "it is up to the voters to decide",
    "c'est aux habitants de décider",
    "这由每个人自己判断",
]

# Every guarded pattern of the rubric's modules, found rather than listed, so a new one is checked too.
_GUARDED = list(
    {
        id(v): v
        for m in (clauses, decline_grammar, no_decline, request, roles, sentence_kinds, signals)
        for v in vars(m).values()
        if isinstance(v, GuardedPattern)
    }.values()
)


def _checklist_texts() -> list[str]:
    """Every sixth case of the shipped checklists: its prompt and reply texts, whole and cut at full stops."""
    texts = list(_SAMPLES)
    for path in sorted(_CHECKLISTS.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines()[1::6]:
            case = json.loads(line)
            for key in ("prompt", "reply", "variant", "perturbed"):
                if isinstance(case.get(key), str):
                    text = case[key].lower()
                    texts.append(text)
                    texts.extend(text.split(". "))
    return texts


_TEXTS = _checklist_texts()


def test_the_large_alternations_are_guarded() -> None:
    assert len(_GUARDED) >= 20


@pytest.mark.parametrize("guarded", _GUARDED, ids=lambda g: g.pattern.pattern[:30])
def test_the_rubric_patterns_are_guarded_and_search_the_same(guarded: GuardedPattern) -> None:
    # A pattern with no words would search every sentence again: the guard must be there to cut anything.
    assert required_literals(guarded.pattern) or top_alternatives(guarded.pattern)
    # Loaded from the pattern cache or read on the first search, the words are the pattern's own.
    assert guarded.words == required_literals(guarded.pattern)
    hits = 0
    for text in _TEXTS:
        found, plain = guarded.search(text), guarded.pattern.search(text)
        assert (found and found.span()) == (plain and plain.span()), text
        assert guarded.matches(text) == (plain is not None), text
        assert [m.span() for m in guarded.finditer(text)] == [m.span() for m in guarded.pattern.finditer(text)]
        full, plain_full = guarded.fullmatch(text), guarded.pattern.fullmatch(text)
        assert (full and full.span()) == (plain_full and plain_full.span()), text
        hits += plain is not None
    assert hits  # the replies exercise the search past the guard, not only the guard's refusals
