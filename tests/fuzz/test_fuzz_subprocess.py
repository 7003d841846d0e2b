"""The property tests' findings, through the real ``overrefusal`` process: what held in process (CliRunner)
holds for the installed command too (its own stdout/stderr, exit status and signal handling)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _fuzz import base_env, copy_store, store_bytes

SRC = str(Path(__file__).resolve().parents[2] / "src")
KEY = "sk-fzSUBPROCESSkey7Qx2Lm9"


def _run(args: list[str], work: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os

    environment = {k: v for k, v in {**os.environ, **base_env(work)}.items() if v is not None}
    environment["PYTHONPATH"] = os.pathsep.join(p for p in (SRC, os.environ.get("PYTHONPATH")) if p)
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "overrefusal", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=work,
        env=environment,
        stdin=subprocess.DEVNULL,
    )


CASES = {
    "a non-finite flag": ["run", "--model", "replay/{replies}", "--suite", "{suite}", "--temperature", "nan"],
    "credentials in --base-url": [
        "run",
        "--model",
        "openai/m",
        "--base-url",
        f"http://u:{KEY}@127.0.0.1:9/v1",
        "--suite",
        "{suite}",
        "--judge",
        "rules",
    ],
    "the key as --api-key-env": [
        "run",
        "--model",
        "replay/{replies}",
        "--api-key-env",
        KEY,
        "--suite",
        "{suite}",
        "--judge",
        "rules",
    ],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_refused_in_one_line_by_the_real_command(base: Any, tmp_path: Path, name: str) -> None:
    store = copy_store(base.store, tmp_path)
    subs = {"{replies}": str(base.replies), "{suite}": str(base.suite), "{work}": str(tmp_path)}
    args = []
    for a in CASES[name]:
        for k, v in subs.items():
            a = a.replace(k, v)
        args.append(a)
    before = store_bytes(store)
    p = _run([*args, "--store", str(store)], tmp_path)
    assert p.returncode == 2, p.stderr[-2000:]
    assert "Traceback" not in p.stderr
    lines = [line for line in p.stderr.splitlines() if line.strip()]
    assert lines[-1].startswith("error: "), p.stderr
    assert store_bytes(store) == before
    assert KEY not in p.stdout + p.stderr
