#!/usr/bin/env bash
# The README's second command: set up, then run the test suite and the static checks (ruff lint and
# format check, mypy, the documentation site's strict build). Every step runs even when an earlier one fails;
# the exit code is non-zero if any did.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --dev || exit $?
status=0
.venv/bin/python -m pytest -q "$@" || status=1
.venv/bin/ruff check . || status=1
.venv/bin/ruff format --check . || status=1
.venv/bin/mypy || status=1
# The site is built offline into a temporary folder (the theme fetches no fonts; no plugin downloads): a broken
# link or anchor, a page missing from the nav or an included file that is gone fails the build.
site=$(mktemp -d)
# (Not --quiet: it silences the warnings that --strict counts, and the build would pass.)
NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict --site-dir "$site" || status=1
rm -rf "$site"
exit $status
