"""The argument-less first run takes the embedded model's backend options (it used to drop them silently), and a run
refused for its options or filters (and an ablation refused for its options) leaves no store behind."""

from __future__ import annotations

from pathlib import Path

from _cli import cli


def test_a_backend_option_reaches_the_first_run(tmp_path: Path) -> None:
    # An unknown option is refused by the llama.cpp backend itself: proof that the option got there (a dropped
    # option would start the 40-prompt demo instead).
    result = cli("run", "--backend-option", "bogus=1", store=tmp_path / "s.db")
    assert result.returncode == 2, result.stderr
    assert "unknown option 'bogus' for the llamacpp backend" in result.stderr
    assert "n_threads" in result.stderr


def test_a_refused_first_run_creates_no_store(tmp_path: Path) -> None:
    # The options are read before the store is opened: a refused command changes nothing, not even by
    # leaving an empty store (and its lock file) where the user pointed --store.
    result = cli("run", "--backend-option", "n_ctx=many", store=tmp_path / "s.db")
    assert result.returncode == 2, result.stderr
    assert "--backend-option n_ctx" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_run_refused_for_a_backend_option_creates_no_store(tmp_path: Path) -> None:
    args = ("run", "--model", "openai/some-model", "--base-url", "http://127.0.0.1:9/v1", "--suite", "core")
    result = cli(*args, "--limit", "1", "--backend-option", "max_connections=0.5", store=tmp_path / "s.db")
    assert result.returncode == 2, result.stderr
    assert "--backend-option max_connections" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_run_refused_for_a_filter_creates_no_store(tmp_path: Path) -> None:
    args = ("run", "--model", "openai/some-model", "--base-url", "http://127.0.0.1:9/v1", "--suite", "core")
    missing = tmp_path / "words" / "missing.txt"
    result = cli(*args, "--filter", f"keyword:@{missing}", store=tmp_path / "s.db")
    assert result.returncode == 2, result.stderr
    assert "keyword file not found" in result.stderr and "--filter" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_ablate_refused_for_a_backend_option_creates_no_store(tmp_path: Path) -> None:
    args = ("ablate", "--model", "openai/some-model", "--base-url", "http://127.0.0.1:9/v1", "--suite", "core")
    result = cli(*args, "--filter", "keyword", "--backend-option", "max_connections=many", store=tmp_path / "s.db")
    assert result.returncode == 2, result.stderr
    assert "--backend-option max_connections" in result.stderr
    assert list(tmp_path.iterdir()) == []
