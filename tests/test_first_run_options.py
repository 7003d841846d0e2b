"""The argument-less first run takes the embedded model's backend options (it used to drop them silently)."""

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
