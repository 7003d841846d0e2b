"""Fixtures of the report tests (the data and the store builder are in ``_store.py``)."""

from __future__ import annotations

import pytest

from overrefusal.store import Store

from ._store import ReportStore, build_report_store


@pytest.fixture(scope="session")
def report_store(tmp_path_factory: pytest.TempPathFactory) -> ReportStore:
    return build_report_store(tmp_path_factory.mktemp("report_store"))


@pytest.fixture()
def store(report_store: ReportStore):
    with Store(report_store.path) as st:
        yield st
