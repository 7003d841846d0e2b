"""The argument-less first run takes the embedded model's backend options (it used to drop them silently), and a run
refused for its options or filters (and an ablation refused for its options) leaves no store behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from _cli import cli


def test_a_backend_option_reaches_the_first_run(tmp_path: Path) -> None:
    # An unknown option is refused by the llama.cpp backend itself: proof that the option got there (a dropped
    # option would start the 40-prompt demo instead).
    result = cli("run", "--backend-option", "bogus=1", store=tmp_path / "s.db")
    assert result.returncode == 2, result.stderr
    assert "unknown option 'bogus' for the llamacpp backend" in result.stderr
    assert "n_threads" in result.stderr


_SERVER = ("--model", "openai/some-model", "--base-url", "http://127.0.0.1:9/v1", "--suite", "core")
REFUSED = [
    # (arguments, what the one-line error names)
    (("run", "--backend-option", "n_ctx=many"), ("--backend-option n_ctx",)),  # the argument-less first run
    (
        ("run", *_SERVER, "--limit", "1", "--backend-option", "max_connections=0.5"),
        ("--backend-option max_connections",),
    ),
    (("run", *_SERVER, "--filter", "keyword:@{missing}"), ("keyword file not found", "--filter")),
    (
        ("ablate", *_SERVER, "--filter", "keyword", "--backend-option", "max_connections=many"),
        ("--backend-option max_connections",),
    ),
]


@pytest.mark.parametrize(("args", "named"), REFUSED, ids=["first-run", "run-option", "run-filter", "ablate-option"])
def test_a_command_refused_for_its_deployment_creates_no_store(
    tmp_path: Path, args: tuple[str, ...], named: tuple[str, ...]
) -> None:
    # The options and filters are read before the store is opened: a refused command changes nothing, not
    # even by leaving an empty store (and its lock file) where the user pointed --store.
    missing = tmp_path / "words" / "missing.txt"
    result = cli(*(a.format(missing=missing) for a in args), store=tmp_path / "s.db")
    assert result.returncode == 2, result.stderr
    assert all(part in result.stderr for part in named), result.stderr
    assert list(tmp_path.iterdir()) == []
