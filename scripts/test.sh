#!/usr/bin/env bash
# The README's second command: set up, then run the test suite and the static checks (ruff lint and
# format check, mypy). Every step runs even when an earlier one fails; the exit code is non-zero if any did.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --dev || exit $?
status=0
.venv/bin/python -m pytest -q "$@" || status=1
.venv/bin/ruff check . || status=1
.venv/bin/ruff format --check . || status=1
.venv/bin/mypy || status=1
exit $status
