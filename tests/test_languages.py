"""Languages: tags on core, --language selection, translated data files, rates by language with a paired
comparison against English, and trigger words found in translated prompts."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

import overrefusal
from _cli import cli
from overrefusal.analysis.lexicon import default_lexicon
from overrefusal.analysis.triggers import candidates, rule_variants
from overrefusal.errors import UserError
from overrefusal.stats import paired_difference
from overrefusal.suites import load_suite, parse_languages, select_languages

DATA = Path(overrefusal.__file__).parent / "suites/data"
TRANSLATIONS = sorted(DATA.glob("core-??.jsonl"))


def test_parse_languages() -> None:
    assert parse_languages([]) is None
    assert parse_languages(["de, FR", "de"]) == ("de", "fr")
    assert parse_languages(["all", "ALL"]) == ("all",)
    # 'all' beside a code asks for two selections at once: one clear error, not one of them silently.
    for values in (["de", "all"], ["all,de"]):
        with pytest.raises(UserError, match="already selects every language") as info:
            parse_languages(values)
        assert info.value.field == "--language"


def test_core_default_is_the_originals_and_language_selects() -> None:
    core = load_suite("core")
    default = select_languages(core, None)
    assert not any(p.translation_of for p in default.prompts)
    assert len(default.prompts) == sum(1 for p in core.prompts if not p.translation_of)
    # The 13 pairs written in other languages are tagged with their language, the rest is English.
    native = Counter(p.language for p in default.prompts if p.language != "en")
    assert sum(native.values()) == 26 and set(native) <= {"de", "fr", "es", "zh"}
    assert select_languages(core, ("all",)) == core
    for lang in {p.language for p in core.prompts} - {"en"}:
        chosen = select_languages(core, (lang,)).prompts
        assert chosen and all(p.language == lang for p in chosen)
    with pytest.raises(UserError, match="no prompts in xx"):
        select_languages(core, ("xx",))


def test_english_and_a_translation_interleave_so_a_limit_takes_both() -> None:
    core = load_suite("core")
    translated = {p.language for p in core.prompts if p.translation_of}
    if not translated:
        pytest.skip("no translated core file")
    lang = sorted(translated)[0]
    picked = select_languages(core, ("en", lang)).limited(20).prompts
    ids = {p.id for p in picked}
    assert {p.language for p in picked} == {"en", lang}
    assert all(p.translation_of in ids for p in picked if p.translation_of)


@pytest.mark.parametrize("path", TRANSLATIONS, ids=lambda p: p.name)
def test_translated_files(path: Path) -> None:
    lang = path.stem.split("-")[1]
    english = {p.id: p for p in load_suite("core").prompts if not p.translation_of}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    lexicon = default_lexicon()
    pairs: dict[str, set[str]] = {}
    for r in rows:
        assert r["language"] == lang and r["id"].startswith(f"core-{lang}-"), r["id"]
        original = english.get(r["translation_of"])
        assert original is not None and original.language == "en", r["id"]
        assert r["label"] == original.label.value, r["id"]
        assert r["focus"].lower() in r["text"].lower(), f"{r['id']}: focus {r['focus']!r} is not in the text"
        pairs.setdefault(r["pair_id"], set()).add(r["label"])
    assert all(labels == {"benign", "harmful"} for labels in pairs.values())
    # `triggers` finds every translated focus word and can take it out of the prompt.
    for p in load_suite("core").prompts:
        if p.language == lang and p.translation_of and p.focus:
            assert any(c.is_focus for c in candidates(p, lexicon)), p.id
            assert any(v.is_focus and v.kind == "remove" for v in rule_variants(p, lexicon)), p.id


def _suite_and_replies(tmp_path: Path) -> tuple[Path, Path, list[bool], list[bool]]:
    """6 English benign/harmful pairs and their German translations; replies chosen so that German is
    refused more. Returns the files and the benign refusal flags (English, German) in pair order."""
    rows, replies = [], []
    en_refused = [False, False, False, True, False, False]
    de_refused = [True, True, True, True, False, True]
    refusal, answer = "I'm sorry, but I can't help with that.", "Sure: here is how it works, step by step."
    for i in range(6):
        for lang, refused in (("en", en_refused[i]), ("de", de_refused[i])):
            suffix = "" if lang == "en" else f"-{lang}"
            for label in ("benign", "harmful"):
                pid = f"{label[0]}{i}{suffix}"
                rows.append(
                    {
                        "id": pid,
                        "text": f"Question {pid} about kill?",
                        "label": label,
                        "category": "c",
                        "pair_id": f"p{i}{suffix}",
                        "focus": "kill",
                        "language": lang,
                        "translation_of": f"{label[0]}{i}" if lang != "en" else "",
                    }
                )
                reply = refusal if (refused if label == "benign" else lang == "en") else answer
                replies.append({"id": pid, "reply": reply})
    suite, rep = tmp_path / "multi.jsonl", tmp_path / "replies.jsonl"
    suite.write_text("".join(json.dumps(r) + "\n" for r in rows))
    rep.write_text("".join(json.dumps(r) + "\n" for r in replies))
    return suite, rep, en_refused, de_refused


def test_rates_by_language_with_paired_comparison_against_english(tmp_path: Path) -> None:
    suite, replies, en_refused, de_refused = _suite_and_replies(tmp_path)
    store = tmp_path / "s.db"
    p = cli(
        "run",
        "--model",
        f"replay/{replies}",
        "--suite",
        str(suite),
        "--language",
        "all",
        "--judge",
        "rules",
        "--run-id",
        "multi",
        "--json",
        store=store,
    )
    assert p.returncode == 0, p.stderr
    s = json.loads(p.stdout)
    by = s["by_language"]
    assert list(by) == ["en", "de"]
    assert by["en"]["benign"]["any_refusal"]["value"] == pytest.approx(sum(en_refused) / 6)
    assert by["de"]["benign"]["any_refusal"]["value"] == pytest.approx(sum(de_refused) / 6)
    assert "vs_english" not in by["en"]
    change = by["de"]["vs_english"]["benign_any_refusal"]
    expected = paired_difference(en_refused, de_refused)
    assert change["n_pairs"] == 6 and change["difference"] == pytest.approx(expected.difference)
    assert change["p_value"] == pytest.approx(expected.p_value) and change["low"] < change["difference"]
    harm = by["de"]["vs_english"]["harmful_compliance"]
    assert harm["baseline"]["value"] == 0.0 and harm["candidate"]["value"] == 1.0 and harm["n_pairs"] == 6
    # The same in the terminal and in both reports.
    term = cli("report", "multi", store=store)
    assert "by language" in term.stdout and f"{100 * expected.difference:+.0f} points" in term.stdout
    html, md = tmp_path / "r.html", tmp_path / "r.md"
    rep = cli("report", "multi", "--html", str(html), "--markdown", str(md), store=store)
    assert rep.returncode == 0, rep.stderr
    assert "By language" in html.read_text() and "vs English" in html.read_text()
    assert "## By language" in md.read_text() and "over-refusal vs English" in md.read_text()


def test_unknown_language_is_one_line_exit_2(tmp_path: Path) -> None:
    p = cli("run", "--model", "replay/nowhere.csv", "--suite", "core", "--language", "kl", store=tmp_path / "s.db")
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1 and "kl" in p.stderr, p.stderr


def test_german_core_on_the_embedded_model(embedded_gguf: Path, tmp_path: Path) -> None:
    store = tmp_path / "s.db"
    args = ["run", "--suite", "core", "--language", "de", "--limit", "4", "--max-tokens", "8"]
    p = cli(*args, "--json", store=store)
    assert p.returncode == 0, p.stderr
    s = json.loads(p.stdout)
    assert list(s["by_language"]) == ["de"] and s["benign"]["n"] + s["harmful"]["n"] >= 4
    assert s["benign"]["errors"] + s["harmful"]["errors"] == 0
    term = cli(*args, store=store)  # resumes: nothing generated again
    assert term.returncode == 0 and "by language" in term.stdout and re.search(r"\bde\b", term.stdout)
