#!/usr/bin/env bash
# The README's second command: set up, then run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --dev
exec .venv/bin/python -m pytest -q "$@"
