"""The ``overrefusal`` command as a real subprocess against a given store, for the tests that drive it.

The package's source directory goes first on ``PYTHONPATH``, so a test runs this checkout's code even where
another copy is installed. (``tests/reliability/_rel.py`` has its own runner, with fault-injection helpers.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[1] / "src")


def cli(
    *args: str, store: Path, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``overrefusal ARGS --store STORE`` (in ``cwd``, with ``env`` added to this process's environment)."""
    environment = {**os.environ, **(env or {})}
    environment["PYTHONPATH"] = os.pathsep.join(p for p in (SRC, environment.get("PYTHONPATH")) if p)
    return subprocess.run(
        [sys.executable, "-m", "overrefusal", *args, "--store", str(store)],
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=cwd,
        env=environment,
    )
