"""Names of runs a person can read and type: ``llama2orig-xstest_prompts-092e1c``.

A run started without ``--run-id`` is named after what it measures: the model's short name, the suite's
name and a 6-character hash of the run's identity (suite version, deployment, generation settings,
judge), so the same command names the same run (and resumes it) while a changed setting names a new
one. The model's short name drops what every name in a family of files shares, e.g. a replay file
``xstest_v2_completions_mistralguard.csv`` run on the suite ``xstest_prompts`` is ``mistralguard``.

Stores written before these names keep their older, longer ids (:func:`legacy_run_id`); the engine
resumes such a run under its old id rather than starting a duplicate.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..errors import UserError
from ..guards.sanitize import hidden_character
from ..types import stable_hash

MAX_RUN_ID_CHARS = 200
"""Longer ids are a pasted value, not a name (and every table prints the id whole)."""

RESERVED_RUN_ID = "latest"
"""The word that names the most recent run in every command (``store.LATEST_RUN``)."""


def check_run_id(text: str, *, field: str = "--run-id") -> str:
    """``text`` if it can name a new run that every other command can address: not empty, no surrounding
    whitespace (run ids are looked up stripped, so `` base`` could never be reported), no control or
    invisible character (``gpt4`` and ``gpt4`` + U+200B would be two runs that look the same), not
    ``latest``, at most ``MAX_RUN_ID_CHARS`` characters. UserError naming ``field`` otherwise."""
    if not text.strip():
        raise UserError("empty run id (leave the flag out for a name derived from model and suite)", field=field)
    if text != text.strip():
        raise UserError(f"{text!r} starts or ends with whitespace", field=field)
    if len(text) > MAX_RUN_ID_CHARS:
        raise UserError(f"a run id of {len(text)} characters; at most {MAX_RUN_ID_CHARS}", field=field)
    bad = hidden_character(text)
    if bad is not None:
        raise UserError(f"a run id cannot hold the control or invisible character U+{ord(bad):04X}", field=field)
    if text == RESERVED_RUN_ID:
        raise UserError(
            f"'{RESERVED_RUN_ID}' names the most recent run in every command; choose another id", field=field
        )
    return text


HASH_LENGTH = 6
"""Hex digits of the identity hash in a derived id: 16.7 million values, unique within any real store
given that model and suite are in the name too; a clash is detected and lengthened (see the engine)."""

MAX_PART_LENGTH = 32
"""Longest model or suite part of a derived id, so that an id fits a terminal column."""

_FILE_SUFFIXES = (".csv", ".jsonl", ".json", ".parquet", ".gguf", ".bin", ".safetensors", ".txt")
_NOISE_WORDS = frozenset(
    {
        "completions",
        "completion",
        "responses",
        "response",
        "replies",
        "reply",
        "outputs",
        "output",
        "answers",
        "generations",
        "results",
        "predictions",
        "preds",
    }
)
"""Words that name what a replay file holds rather than which model wrote it."""
_VERSION_WORD = re.compile(r"v\d+", re.IGNORECASE)
_UNSAFE_CHARS = re.compile(r"[^A-Za-z0-9._-]+")


def _clean(text: str) -> str:
    """Only characters that need no quoting in a shell or a URL; runs of others become one '-'."""
    return re.sub(r"-{2,}", "-", _UNSAFE_CHARS.sub("-", text)).strip("-.") or "run"


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[_\-.\s]+", text.lower()) if w]


def model_short_name(model: str, suite_name: str = "") -> str:
    """The part of a model spec a person recognises: ``replay/../x/xstest_v2_completions_llama2orig.csv``
    with suite ``xstest_prompts`` gives ``llama2orig``; ``openai/llama-3-8b`` gives ``llama-3-8b``."""
    last = model.rstrip("/").split("/")[-1] or model
    lowered = last.lower()
    for suffix in _FILE_SUFFIXES:
        if lowered.endswith(suffix) and len(last) > len(suffix):
            last = last[: -len(suffix)]
            break
    suite_words = set(_words(suite_name))
    # Split keeping the separators, so that what is kept reads as it was written ("llama-3-8b").
    pieces = re.split(r"([_\-.]+)", last)
    kept: list[str] = []
    for i in range(0, len(pieces), 2):
        word = pieces[i]
        drop = word.lower() in _NOISE_WORDS or _VERSION_WORD.fullmatch(word) is not None or word.lower() in suite_words
        if word and not drop:
            if kept:
                kept.append(pieces[i - 1] if i > 0 else "-")
            kept.append(word)
    short = "".join(kept) if kept else last
    return _clean(short)[:MAX_PART_LENGTH].strip("-.") or "run"


def derived_run_id(model: str, suite_name: str, identity: Mapping[str, Any], hash_length: int = HASH_LENGTH) -> str:
    """``<model>-<suite>-<hash>``: the id of a run started without ``--run-id``."""
    suite = _clean(suite_name)[:MAX_PART_LENGTH].strip("-.") or "suite"
    return f"{model_short_name(model, suite_name)}-{suite}-{stable_hash(dict(identity), hash_length)}"


def legacy_run_id(model: str, suite_name: str, identity: Mapping[str, Any]) -> str:
    """The id the same run got before short names (kept so that old stores resume, not duplicate)."""
    slug = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in model.split("/")[-1])
    return f"{slug[:40]}-{suite_name}-{stable_hash(dict(identity), 8)}"
