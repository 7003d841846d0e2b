#!/usr/bin/env bash
# The README's first command: set up, then run the built-in suite against the embedded model.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/overrefusal run "$@"
