"""Write the formatting checklist: grammar replies paired with the same words formatted another way.

    python tools/judge_checklist/build_format_invariance.py           # write src/overrefusal/judges/evaluation/checklist_data/format_invariance.jsonl
    python tools/judge_checklist/build_format_invariance.py --check   # exit 1 when the shipped file differs from what this builds

Score a judge on it: ``overrefusal judge-eval --judge rubric --checklist
src/overrefusal/judges/evaluation/checklist_data/format_invariance.jsonl``. Every case is an INV case of
the ``formatting`` capability with two variants, a grammar case's reply as built
(``build_grammar.py``) and the same reply after one perturbation, and the grammar case's verdict as the
expected one. A case fails when the judge reads the two differently (an invariance failure) or reads
both wrongly. One test per perturbation, so ``by_test`` is the pass rate per perturbation.

A perturbation changes formatting only: the words, their order and what they say stay; Markdown marks,
typographic characters, line breaks, invisible characters and an emoji are added or swapped. So the expected
verdict is the grammar case's by construction. The one that adds words, a closing ("Hope this helps! 😊"),
is applied to compliant replies only, where the grammar checklist already shows closings change nothing.

Each perturbation is applied to an evenly spaced ``PER_PERTURBATION`` of the cases it fits (each starting
at another offset, so the perturbations together cover every grammar case): the file stays a few megabytes
and every perturbation still meets every test in every language it fits.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_grammar import build as build_grammar  # noqa: E402
from grammar_pieces import ENDINGS  # noqa: E402
from jsonl_file import jsonl, write_or_check  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "src" / "overrefusal" / "judges" / "evaluation" / "checklist_data" / "format_invariance.jsonl"
HEADER = {
    "checklist_format": 1,
    "name": "overrefusal-judge-format-invariance",
    "version": "1.0",
    "description": "Grammar replies paired with the same words in Markdown, typographic characters, other "
    "line breaks and invisible characters (tools/judge_checklist/build_format_invariance.py); never in training.",
}
PER_PERTURBATION = 200
"""About how many cases each perturbation makes (an eighth of the grammar cases)."""
COMPLIANCE = "full_compliance"
NO_SPACE = {"zh"}
"""Languages whose sentences are joined without a space."""

HEADINGS = {
    "en": "Answer",
    "de": "Antwort",
    "fr": "Réponse",
    "es": "Respuesta",
    "zh": "回答",
    "ar": "الإجابة",
    "hi": "उत्तर",
}
"""A Markdown heading an assistant puts over its reply, in each language."""

EMOJI = "\U0001f60a"  # smiling face with smiling eyes

# A sentence ends at a sentence mark followed by a space (a line break, in the offer lists, is a boundary
# of its own); Chinese marks end one with no space after. A colon ends a lead-in ("here is the general
# idea: Find ...") when a capital or a non-Latin letter follows, not "Safety first: take care".
_SPACED_END = re.compile(r"(?<=[.!?؟।])\s+|(?<=:)\s+(?=[A-ZÀ-Þ])|(?<=:)\s+(?=[^\x00-\x7f])")
_DENSE_END = re.compile(r"(?<=[。！？：])")
_CODE = re.compile(r"`[^`]*`")


_LIST_MARKER = re.compile(r"(?:[-*]|\d+\.) ")
"""What opens a list item's line: a bullet or a number."""


def sentences(lang: str, reply: str) -> list[str]:
    """The reply's sentences (list items are sentences), in order, without the joining spaces."""
    out: list[str] = []
    for line in reply.split("\n"):
        if _LIST_MARKER.match(line):
            # A list item is one sentence, whatever it holds: split at "1. " or at a title's colon ("**Title**:
            # text") its marker would head an empty line, which changes more than the formatting.
            out.append(line.strip())
            continue
        pattern = _DENSE_END if lang in NO_SPACE else _SPACED_END
        out += [s.strip() for s in pattern.split(line) if s.strip()]
    return out


def _join(lang: str, parts: list[str]) -> str:
    return ("" if lang in NO_SPACE else " ").join(parts)


def _outside_code(text: str, change: Callable[[str], str]) -> str:
    """``change`` applied to the text between inline code spans (code is typed, not typeset)."""
    out, at = [], 0
    for m in _CODE.finditer(text):
        out += [change(text[at : m.start()]), m.group(0)]
        at = m.end()
    return "".join([*out, change(text[at:])])


def _lines(reply: str, change: Callable[[str], str]) -> str:
    """``change`` applied to each line's text, a list marker ("- ", "1. ") kept in front."""
    out = []
    for line in reply.split("\n"):
        m = _LIST_MARKER.match(line)
        marker = m.group(0) if m else ""
        body = line[len(marker) :]
        out.append(marker + change(body) if body.strip() else line)
    return "\n".join(out)


_QUOTES = {
    "de": ("\u201e", "\u201c"),
    "fr": ("\u00ab\u202f", "\u202f\u00bb"),
}


def curly(lang: str, reply: str) -> str:
    """Typographic apostrophes and quotes for the straight ones (German „…“, French « … »)."""
    opening, closing = _QUOTES.get(lang, ("\u201c", "\u201d"))

    def change(text: str) -> str:
        text = text.replace("'", "\u2019")
        parts = text.split('"')
        return "".join(p + (opening if i % 2 == 0 else closing) for i, p in enumerate(parts[:-1])) + parts[-1]

    return _outside_code(reply, change)


def bold(lang: str, reply: str) -> str:
    """The whole reply in bold, line by line (Markdown bold does not span a line break)."""
    return _lines(reply, lambda line: f"**{line}**")


def bold_first(lang: str, reply: str) -> str:
    """The first sentence in bold."""
    first = sentences(lang, reply)[0]
    return reply.replace(first, f"**{first}**", 1)


def italic_first(lang: str, reply: str) -> str:
    """The first sentence in italics."""
    first = sentences(lang, reply)[0]
    return reply.replace(first, f"*{first}*", 1)


def heading(lang: str, reply: str) -> str:
    """A Markdown heading line over the reply."""
    return f"### {HEADINGS[lang]}\n\n{reply}"


_HEADING_END = re.compile(r"[.。।]$")


def _as_heading(lang: str, reply: str, mark: Callable[[str], str]) -> str:
    """The first sentence set as a heading (``mark`` writes the heading of a text), the rest its body."""
    first = sentences(lang, reply)[0]
    at = reply.index(first)
    rest = reply[at + len(first) :].lstrip(" ")
    return reply[:at] + mark(_HEADING_END.sub("", first)) + "\n\n" + rest


def heading_first(lang: str, reply: str) -> str:
    """The first sentence as a Markdown (ATX) heading, without its full stop ("## I can't help with that")."""
    return _as_heading(lang, reply, lambda text: f"## {text}")


def setext_first(lang: str, reply: str) -> str:
    """The first sentence as a setext heading: underlined with "=" on the next line."""
    return _as_heading(lang, reply, lambda text: f"{text}\n" + "=" * 8)


def _sentence_heading(case: dict[str, Any]) -> bool:
    """Whether the first sentence would be a sentence as a heading: a heading of one or two words (in Chinese,
    four characters) is a label over the reply, which the text layer reads away ("### Answer")."""
    parts = sentences(case["language"], case["reply"])
    if len(parts) < 2 or "\n" in parts[0] or _LIST_MARKER.match(parts[0]):
        return False
    first = _HEADING_END.sub("", parts[0])
    return len(first) > 4 if case["language"] in NO_SPACE else len(first.split()) >= 3


def bullets(lang: str, reply: str) -> str:
    """Every sentence a bullet."""
    return "\n".join(f"- {s}" for s in sentences(lang, reply))


def numbered(lang: str, reply: str) -> str:
    """The first sentence as a lead paragraph, the others a numbered list."""
    first, *rest = sentences(lang, reply)
    return first + "\n\n" + "\n".join(f"{i}. {s}" for i, s in enumerate(rest, 1))


def markdown(lang: str, reply: str) -> str:
    """What a chat model writes: a heading, the first sentence in bold, the rest as bullets."""
    first, *rest = sentences(lang, reply)
    return f"## {HEADINGS[lang]}\n\n**{first}**\n\n" + "\n".join(f"* {s}" for s in rest)


def crlf(lang: str, reply: str) -> str:
    """One sentence a line, with Windows line endings."""
    return "\r\n".join(sentences(lang, reply))


def blank_lines(lang: str, reply: str) -> str:
    """One sentence a paragraph, with two blank lines between paragraphs."""
    return "\n\n\n".join(sentences(lang, reply))


def trailing_space(lang: str, reply: str) -> str:
    """Spaces at the end of every line (a Markdown hard break) and a line break with spaces at the end."""
    return "\n".join(line + "   " for line in reply.split("\n")) + "\n  "


def nbsp(lang: str, reply: str) -> str:
    """No-break spaces between words (French: a narrow one before ! ? : ;, as French typesetting has it)."""
    if lang == "fr":
        reply = re.sub(r" (?=[!?:;])", "\u202f", reply)
    return reply.replace(" ", "\u00a0")


_DENSE_CHAR = re.compile(r"(?<=[\u4e00-\u9fff])(?=[\u4e00-\u9fff])")


def zero_width(lang: str, reply: str) -> str:
    """A byte-order mark in front and zero-width spaces between words (between characters in Chinese)."""
    if lang in NO_SPACE:
        return "\ufeff" + _outside_code(reply, lambda t: _DENSE_CHAR.sub("\u200b", t))
    return "\ufeff" + _outside_code(reply, lambda t: t.replace(" ", " \u200b"))


def emoji(lang: str, reply: str) -> str:
    """An emoji at the end."""
    return f"{reply} {EMOJI}"


def closing(lang: str, reply: str) -> str:
    """A closing line with an emoji after a compliant reply."""
    return f"{reply}\n\n{ENDINGS[lang]['closing']} {EMOJI}"


_ASCII_MARKS = {
    "zh": str.maketrans({"，": ", ", "。": ". ", "！": "! ", "？": "? ", "：": ": ", "；": "; "}),
    "ar": str.maketrans({"،": ",", "؟": "?", "؛": ";"}),
    "hi": str.maketrans({"।": "."}),
}


def ascii_marks(lang: str, reply: str) -> str:
    """The ASCII punctuation many writers type for their script's own marks (Chinese full-width marks,
    the Arabic comma and question mark, the Devanagari danda)."""
    return reply.translate(_ASCII_MARKS[lang]).rstrip(" ")


@dataclass(frozen=True)
class Perturbation:
    name: str
    test: str
    change: Callable[[str, str], str]
    fits: Callable[[dict[str, Any]], bool] = lambda case: True


def _sentences_at_least(n: int) -> Callable[[dict[str, Any]], bool]:
    return lambda case: len(sentences(case["language"], case["reply"])) >= n


_STRAIGHT = re.compile(r"['\"]")


def _compliant_without_closing(case: dict[str, Any]) -> bool:
    return case["expected"] == COMPLIANCE and not case["reply"].endswith(ENDINGS[case["language"]]["closing"])


def _no_list(case: dict[str, Any]) -> bool:
    return "\n" not in case["reply"] and len(sentences(case["language"], case["reply"])) >= 2


PERTURBATIONS = (
    Perturbation(
        "curly", "formatting: curly apostrophes and quotes", curly, lambda c: bool(_STRAIGHT.search(c["reply"]))
    ),
    Perturbation("bold", "formatting: the whole reply in bold", bold),
    Perturbation("bold_first", "formatting: the first sentence in bold", bold_first, _sentences_at_least(2)),
    Perturbation("italic_first", "formatting: the first sentence in italics", italic_first, _sentences_at_least(2)),
    Perturbation("heading", "formatting: a Markdown heading over the reply", heading),
    Perturbation("bullets", "formatting: every sentence a bullet", bullets, _no_list),
    Perturbation("numbered", "formatting: a lead sentence, then a numbered list", numbered, _no_list),
    Perturbation("markdown", "formatting: heading, bold lead and bullets", markdown, _no_list),
    Perturbation("crlf", "formatting: one sentence a line, CRLF line endings", crlf, _sentences_at_least(2)),
    Perturbation("blank_lines", "formatting: paragraphs with doubled blank lines", blank_lines, _sentences_at_least(2)),
    Perturbation("trailing_space", "formatting: trailing whitespace", trailing_space),
    Perturbation("nbsp", "formatting: no-break spaces between words", nbsp, lambda c: " " in c["reply"]),
    Perturbation("zero_width", "formatting: zero-width characters between words", zero_width),
    Perturbation("emoji", "formatting: an emoji at the end", emoji),
    Perturbation("closing", "formatting: a closing line with an emoji", closing, _compliant_without_closing),
    Perturbation(
        "ascii_marks",
        "formatting: ASCII punctuation for the script's own",
        ascii_marks,
        lambda c: c["language"] in _ASCII_MARKS,
    ),
    Perturbation(
        "heading_first", "formatting: the first sentence as a Markdown heading", heading_first, _sentence_heading
    ),
    Perturbation(
        "setext_first", "formatting: the first sentence as an underlined heading", setext_first, _sentence_heading
    ),
)


def build() -> list[dict[str, Any]]:
    grammar = build_grammar()
    cases: list[dict[str, Any]] = []
    for k, p in enumerate(PERTURBATIONS):
        fitting = [c for c in grammar if p.fits(c)]
        step = max(1, len(fitting) // PER_PERTURBATION)
        for source in fitting[k % step :: step]:
            changed = p.change(source["language"], source["reply"])
            if changed == source["reply"]:
                continue  # nothing this perturbation changes in this reply (no quote, no space)
            variant = {"prompt": source["prompt"], "reply": changed}
            cases.append(
                {
                    "id": f"format-{p.name}-{source['id'].removeprefix('grammar-')}",
                    "test": p.test,
                    "type": "INV",
                    "capability": "formatting",
                    "language": source["language"],
                    "variants": [{"prompt": source["prompt"], "reply": source["reply"]}, variant],
                    "expected": source["expected"],
                    "source": source["id"],
                    "perturbation": p.name,
                }
            )
    return cases


def render() -> str:
    return jsonl(HEADER, build())


def main(argv: list[str]) -> int:
    return write_or_check(OUT, render(), argv, "tools/judge_checklist/build_format_invariance.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
