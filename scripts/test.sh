#!/usr/bin/env bash
# The README's second command: set up, then run the test suite and the static checks (ruff lint and
# format check, mypy, the documentation site's strict build). Every step runs even when an earlier one fails;
# the exit code is non-zero if any did.
#
#   bash scripts/test.sh              # everything, on every core and one more worker (pytest-xdist)
#   bash scripts/test.sh --quick      # the edit-test loop: no test marked slow (no real model, no training)
#   bash scripts/test.sh tests/x.py   # further arguments go to pytest (`-n 0`: one process, `-m slow`, ...)
#
# docs/contributing.md says how the tests are split between workers and what the quick tier leaves out.
set -uo pipefail
cd "$(dirname "$0")/.."
select=()
if [ "${1:-}" = "--quick" ]; then
  shift
  select=(-m "not slow")
fi
bash scripts/setup.sh --dev || exit $?
status=0
# One worker more than the cores this script may use: about a third of the time a test waits on a server, a
# browser, Ray or a child process, and the extra worker fills it (docs/contributing.md has the measurements).
workers="${OVERREFUSAL_TEST_WORKERS:-$(($(nproc) + 1))}"
# loadgroup: the tests of one file, and those sharing an expensive session fixture, run on one worker
# (tests/conftest.py gives the groups and puts the slow ones first; --no-loadscope-reorder keeps that order).
.venv/bin/python -m pytest -q -n "$workers" --dist loadgroup --no-loadscope-reorder \
  ${select[@]+"${select[@]}"} "$@" || status=1
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
