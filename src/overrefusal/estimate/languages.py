"""Rates by language, and each translated language set against English on the same prompts.

A translated prompt names its English original (``translation_of``). Where a run holds both, each
translated prompt is paired with its original and the change from English is the paired comparison of
``compare`` (Newcombe interval, exact McNemar p): benign over-refusal (full + partial) and harmful
compliance, baseline = English, candidate = the language. Pairs with an ERROR on either side are left out.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..store import ResultRow, Store
from .compare import METRICS, Pair, change_dict, paired_change
from .metrics import summarize_counts

ENGLISH = "en"
"""The language translations are compared against."""


def language_breakdown(store: Store, run_id: str, judge_id: str) -> dict[str, Any]:
    """``{language: {"benign", "harmful"[, "vs_english"]}}`` for a run whose prompts carry languages; {} else.

    ``vs_english`` (only for a language with translated prompts whose English originals are in the run) is
    ``{"benign_any_refusal": Change, "harmful_compliance": Change}``, as in ``compare --json``."""
    languages = store.run_languages(run_id)
    if not languages:
        return {}
    blocks = summarize_counts(store.language_counts(run_id, judge_id))["by_category"]
    out: dict[str, Any] = {lang: blocks.get(lang) or summarize_counts([]) for lang in languages}
    for lang in out:
        out[lang] = {k: out[lang][k] for k in ("benign", "harmful")}
    if len(languages) > 1:
        for lang, changes in english_comparisons(store.verdict_rows(run_id, judge_id)).items():
            if lang in out:
                out[lang]["vs_english"] = changes
    return out


def english_comparisons(rows: list[ResultRow]) -> dict[str, dict[str, Any]]:
    """Per language: each metric's paired Change from the English originals to their translations."""
    originals = {r.prompt.id: r for r in rows if r.prompt.language == ENGLISH}
    pairs: dict[str, list[Pair]] = defaultdict(list)
    for r in rows:
        original = originals.get(r.prompt.translation_of)
        if original is not None and r.prompt.language != ENGLISH:
            pairs[r.prompt.language].append(Pair(original, r, "translation_of"))
    out: dict[str, dict[str, Any]] = {}
    for lang, lang_pairs in pairs.items():
        changes = {}
        for metric in METRICS:
            comparison, _ = paired_change(lang_pairs, metric)
            if comparison.n_pairs:
                changes[metric] = change_dict(comparison)
        if changes:
            out[lang] = changes
    return out
