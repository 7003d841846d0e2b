"""Tests of reports, comparisons and the CI gate (a package, so its conftest never shadows tests/conftest.py)."""
