"""The shared guards of issue 20 as units: the reversible formula escape of every CSV the tool writes, JSONL
lines split on ``\\n`` only, nesting-bounded TOML, and the secret finder that looks at every depth of an
option's value (by name and by shape). The CLI cases are in ``tests/reliability/test_hostile_round6.py``."""

from __future__ import annotations

import csv
import io
import itertools

import pytest

from overrefusal.errors import UserError
from overrefusal.guards.safe_files import (
    csv_rows,
    csv_text,
    escape_formula,
    jsonl_lines,
    load_toml_guarded,
    unescape_formula,
)
from overrefusal.guards.secrets import env_references, find_secret, looks_like_secret, resolve_env_references

LEADS = ["=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20", " =", "\u3000@", "'", "''", "a", ""]


def _cells() -> list[str]:
    """Every short combination of leading apostrophes, whitespace and formula characters, plus plain text."""
    out = {"", "'", "plain", "it's", "'quoted'", "-", "=", "'-"}
    for a, b in itertools.product(LEADS, repeat=2):
        out.add(a + b + "x")
    return sorted(out)


def _runs_as_formula(cell: str) -> bool:
    lead = cell.lstrip()[:1]
    return cell[:1] in ("\t", "\r") or (lead != "" and lead in "=+-@\uff1d\uff0b\uff0d\uff20")


@pytest.mark.parametrize("cell", _cells())
def test_formula_escape_is_reversible_and_inert(cell: str) -> None:
    escaped = escape_formula(cell)
    assert unescape_formula(escaped) == cell
    assert not _runs_as_formula(escaped), repr(escaped)
    # Text that needs no escape is written as it is (a spreadsheet user sees their own text).
    if not _runs_as_formula(cell.lstrip("'")):
        assert escaped == cell


def test_csv_text_reads_back_exactly_through_csv_rows_and_the_csv_module() -> None:
    rows = [["id", "text"], *[[f"r{i}", c] for i, c in enumerate(_cells())], ["q", 'say "hi",\r\nthen\rgo']]
    text = csv_text(rows)
    back = [cells for _, cells in csv_rows(text, "x.csv", formulas_escaped=True)]
    # Blank rows are skipped by csv_rows: compare the rows that hold text.
    assert back == [r for r in rows if any(c.strip() for c in r)]
    raw = list(csv.reader(io.StringIO(text, newline="")))
    assert len(raw) == len(rows) and all(len(r) == 2 for r in raw)


def test_jsonl_lines_split_on_newline_only() -> None:
    text = '{"a": "x\u2028y\u0085z"}\r\n{"b": 1}\n'
    assert list(jsonl_lines(text)) == [(1, '{"a": "x\u2028y\u0085z"}'), (2, '{"b": 1}'), (3, "")]


@pytest.mark.parametrize(
    "text", ["x = " + "[" * 5000 + "]" * 5000, "x = " + "{a = " * 2000 + "1" + "}" * 2000, "x = " + "[" * 80 + "]" * 80]
)
def test_deep_toml_is_one_user_error(text: str) -> None:
    with pytest.raises(UserError, match="nested deeper"):
        load_toml_guarded(text, path="p.toml")


def test_shallow_toml_parses() -> None:
    assert load_toml_guarded('[default]\nbenign = "answer"\n', path="p.toml") == {"default": {"benign": "answer"}}


@pytest.mark.parametrize(
    ("value", "where"),
    [
        ({"metadata": {"api_key": "hunter2"}}, "extra_body.metadata.api_key"),
        ({"a": [{"b": [{"client_secret": 12345}]}]}, "extra_body.a[0].b[0].client_secret"),
        ({"x": {"apiKey": "v"}}, "extra_body.x.apiKey"),
        ({"x": {"X-Api-Key": "v"}}, "extra_body.x.X-Api-Key"),
        ({"note": "use sk-abcdefghijklmnopqrstu"}, "extra_body.note"),
        ({"h": ["Bearer abcdefgh12345"]}, "extra_body.h[0]"),
        ({"t": "ghp_" + "a" * 36}, "extra_body.t"),
        ('{"nested": {"password": "p"}}', "extra_body.nested.password"),
    ],
)
def test_secrets_are_found_at_any_depth(value: object, where: str) -> None:
    assert find_secret(value, "extra_body") == where


@pytest.mark.parametrize(
    "value",
    [
        {"max_tokens": 3, "repetition_penalty": 1.1, "keyword_list": ["a"]},
        {"response_format": {"type": "json_schema", "schema": {"properties": {"token": {"type": "string"}}}}},
        {"metadata": {"api_key": {"$env": "MY_KEY"}}},
        {"api_key_env": "MY_KEY", "key": ""},
        {"text": "a skeleton key is fine, so is sk-short"},
    ],
)
def test_plain_options_are_not_secrets(value: object) -> None:
    assert find_secret(value, "extra_body") is None


def test_a_deeply_nested_value_is_searched_without_recursion() -> None:
    value: object = {"api_key": "x"}
    for _ in range(50_000):
        value = {"a": [value]}
    assert find_secret(value) is not None and find_secret(value).endswith(".api_key")  # type: ignore[union-attr]


def test_secret_names_by_word_parts() -> None:
    for name in ("api_key", "apiKey", "accessToken", "Authorization", "x.api.key", "client-secret", "PASSWORD"):
        assert looks_like_secret(name), name
    for name in ("max_tokens", "keyword_list", "api_key_env", "tokenizer", "monkey", "authority"):
        assert not looks_like_secret(name), name


def test_environment_references_are_resolved_only_when_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    body = {"metadata": {"api_key": {"$env": "R6_UNIT_KEY"}}, "tags": [{"$env": "R6_UNIT_KEY"}]}
    assert env_references(body) == ["R6_UNIT_KEY", "R6_UNIT_KEY"]
    monkeypatch.delenv("R6_UNIT_KEY", raising=False)
    with pytest.raises(UserError, match="R6_UNIT_KEY"):
        resolve_env_references(body, field="f")
    monkeypatch.setenv("R6_UNIT_KEY", " s3cret\n")
    assert resolve_env_references(body, field="f") == {"metadata": {"api_key": "s3cret"}, "tags": ["s3cret"]}
    assert body["metadata"] == {"api_key": {"$env": "R6_UNIT_KEY"}}  # the stored form is untouched
