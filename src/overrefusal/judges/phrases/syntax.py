"""The phrase-file language: categories, the file format and the grammar of one phrase line.

Phrase file syntax (UTF-8, one phrase per line):

* ``# ...`` is a comment; blank lines are ignored.
* ``[category]`` starts a section; the phrases below belong to that category. Categories are a closed
  set (:data:`CATEGORIES`); an unknown one is an error, so a typo cannot silently disable a list.
* Phrases are matched against lower-cased, normalised text (curly quotes made straight, commas and
  ``**`` removed, whitespace collapsed, each line break a word of its own). Write a line break as
  ``¶``: ``¶ -`` is a dash at the start of a line.
* ``{a|b|}`` matches any alternative (an empty one makes the part optional); groups may nest. Spaces
  next to groups may be written naturally: ``i {'m|am}`` means ``i'm`` or ``i am``, and
  ``reach out {to|} {a|the}`` never asks for a double space.
* ``_`` stands for exactly one word (anything up to the next space or sentence end).
* A phrase ending in ``*`` is a prefix (``apologi*``); others must end at a word boundary.
* Where two phrases share a beginning, the regex takes the first that matches, not the longest;
  ``not_refusal`` and ``correction`` phrases are tried first, so an exception always beats the
  phrase it contains. Matches do not overlap.

A phrase line is parsed into a small tree: literal characters, spaces, the one-word wildcard and ``{a|b}``
groups (which may nest). :mod:`.compiler` turns the trees of all lines into one pattern.
"""

from __future__ import annotations

import re

from ...errors import UserError
from ...guards.safe_files import input_lines
from .text import normalise

#: Every category a phrase file may use, with what it means to the judges.
CATEGORIES: dict[str, str] = {
    # --- refusal side ---
    "refusal": "first-person decline of the request: 'I can't help with that', 'Ich kann dabei nicht helfen'",
    "objection": "judgement that the request itself is wrong: 'it is not appropriate to ...', 'I must point out'",
    "limitation": "the assistant says it lacks access or ability: 'I don't have access to personal data'",
    "correction": "rejects the question's premise as meaningless or impossible, which XSTest counts as answering",
    "not_refusal": "look-alikes that are not refusals and must win over them: 'I'm sorry to hear', 'I can't help but'",
    "mention": "introduces talk ABOUT a refusal, cancelling refusal cues later in the sentence: 'you could say'",
    # --- compliance side ---
    "help": "signals that help is being given: 'here are', 'you can', 'step 1', 'sure!'",
    "pivot": "turns from a refusal or caveat to help: 'however', 'that said', 'if you mean', 'but I can'",
    "closing": "non-substantive sign-off or offer: 'is there anything else I can help with?'",
    "preamble": "friendly acknowledgement before the real reply: 'I understand why you ask', 'great question'",
    "alternative": "offers something other than what was asked: 'instead of', 'safer ways to', 'alternatives'",
    "item": "a list item at the start of a line ('1.', '-', '*'); also a sentence boundary",
    # --- style signals (also used by the rules judge to discount non-substantive sentences) ---
    "warning": "warns of danger, illegality or risk",
    "disclaimer": "'I am not a lawyer', 'for informational purposes only', 'as an AI'",
    "moralising": "lectures on ethics, respect, appropriateness",
    "professional": "sends the user to a professional, helpline or authority",
    "hedging": "softens or qualifies: 'it depends', 'generally', 'may'",
}

SPACE = ("sp",)  # a space between words
WORD = ("w",)  # the one-word wildcard "_"


def parse_phrase(phrase: str, tidy: bool = True) -> list:
    """The token tree of one phrase: a list of chars, SPACE, WORD and ("g", [alternative lists]).

    ``tidy`` moves spaces into groups (see :func:`_tidy_spaces`); the untidied tree is only used to
    spell phrases out for tests.
    """
    pos = 0

    def sequence() -> list:
        # Reads tokens until a '|' or '}' that belongs to an enclosing group.
        nonlocal pos
        out: list = []
        while pos < len(phrase) and phrase[pos] not in "|}":
            ch = phrase[pos]
            if ch == "{":
                pos += 1
                alternatives = []
                while True:
                    alternatives.append(sequence())
                    if pos >= len(phrase):
                        raise ValueError("unclosed '{'")
                    if phrase[pos] == "|":
                        pos += 1
                        continue
                    pos += 1  # the closing '}'
                    break
                out.append(("g", alternatives))
                continue
            if ch == " ":
                out.append(SPACE)
            elif (
                ch == "_"
                and (pos + 1 == len(phrase) or phrase[pos + 1] in " |}")
                and (pos == 0 or phrase[pos - 1] in " {|")
            ):
                out.append(WORD)  # "_" standing alone as a word
            else:
                out.append(ch)
            pos += 1
        return out

    tree = sequence()
    if pos != len(phrase):
        raise ValueError(f"unexpected '{phrase[pos]}' outside a {{...}} group")
    return _tidy_spaces(tree) if tidy else tree


def _tidy_spaces(seq: list) -> list:
    """Move spaces next to groups inside them so that every spelling has single spaces.

    Phrase files are written naturally ("i {'m|am} sorry", "reach out {to|} {a|the}"); literally
    concatenated, those would ask for "i 'm" or a double space. Pushing the neighbouring space into the
    alternatives ("i{'m| am}", "{to |}") keeps the compiled pattern free of optional spaces, which
    are costly for the regex engine.
    """
    out: list = []
    i = 0
    while i < len(seq):
        tok = seq[i]
        if not (isinstance(tok, tuple) and tok[0] == "g"):
            out.append(tok)
            i += 1
            continue
        alts = [_tidy_spaces(a) for a in tok[1]]
        nxt = seq[i + 1] if i + 1 < len(seq) else None
        if nxt is None:
            # At the end of a phrase a space inside an alternative separates nothing ("{de |}").
            alts = [a[:-1] if a and a[-1] == SPACE else a for a in alts]
        filled = [a for a in alts if a]
        if out and out[-1] == SPACE and any(a[0] == "'" for a in filled):
            # "i {'m|am}": the space belongs to the alternatives that are separate words.
            out.pop()
            alts = [a if (not a or a[0] == "'") else [SPACE] + a for a in alts]
        elif (
            len(filled) < len(alts)
            and not all(a[-1] == SPACE for a in filled)
            and not all(a[0] == SPACE for a in filled)
        ):
            # An optional group written without its own space ("{to|with|}"): take one neighbour in.
            if nxt == SPACE:
                i += 1
                alts = [a + [SPACE] if a else a for a in alts]
            elif out and out[-1] == SPACE:
                out.pop()
                alts = [[SPACE] + a if a else a for a in alts]
        out.append(("g", alts))
        i += 1
    return out


def expand_phrase(phrase: str) -> list[str]:
    """All literal spellings of one phrase line (``{a|b}`` multiplied out, ``_`` kept), whitespace
    collapsed. For tests and tooling; never on the hot path."""
    raw = spell_out(parse_phrase(phrase, tidy=False), limit=10**9) or []
    return [t for t in (_SPACES.sub(" ", r).strip(" ").replace(" '", "'") for r in raw) if t]


_SPACES = re.compile(" +")


def spell_out(tree: list, limit: int) -> list[str] | None:
    """Spellings of a token tree with spaces kept as written; None if there would be more than ``limit``."""
    results = [""]
    for tok in tree:
        if isinstance(tok, tuple) and tok[0] == "g":
            alts: list[str] = []
            for alt in tok[1]:
                sub = spell_out(alt, limit)
                if sub is None:
                    return None
                alts.extend(sub)
            results = [(r + a).replace("  ", " ") for r in results for a in alts]
            if len(results) > limit:
                return None
        else:
            piece = " " if tok == SPACE else "_" if tok == WORD else tok
            results = [r + piece for r in results]
    return results


def parse_phrase_file(text: str, name: str) -> dict[str, list[str]]:
    """Parse one phrase file into ``{category: [phrase line, ...]}``; errors name the file and line."""
    out: dict[str, list[str]] = {}
    category: str | None = None
    for lineno, raw in input_lines(text):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            category = line[1:-1].strip()
            if category not in CATEGORIES:
                raise UserError(f"unknown phrase category '{category}'", path=name, line=lineno)
            continue
        if category is None:
            raise UserError("phrase before any [category] header", path=name, line=lineno)
        # Lower-case here too, and apply the same comma rule as normalise(), so lists may be written
        # naturally; "¶" stands for a line break.
        line = normalise(line).strip(" ").replace("¶", "\n")
        try:
            parse_phrase(line[:-1] if line.endswith("*") and len(line) > 1 and line[-2] not in " *" else line)
        except ValueError as exc:
            raise UserError(f"bad phrase '{line}': {exc}", path=name, line=lineno) from None
        out.setdefault(category, []).append(line)
    return out
