"""Fixtures of the viewer tests: one store of two real runs, built once per session and copied per test, and the
viewer served on a test's copy."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from ._server import Served
from ._store import ViewStore, build_view_store


@pytest.fixture(scope="session")
def view_store_master(tmp_path_factory: pytest.TempPathFactory) -> ViewStore:
    return build_view_store(tmp_path_factory.mktemp("view_store"))


@pytest.fixture()
def view_store(view_store_master: ViewStore, tmp_path: Path) -> ViewStore:
    """A private copy (tests write labels into it)."""
    path = tmp_path / "view.db"
    shutil.copyfile(view_store_master.path, path)
    return ViewStore(path, view_store_master.baseline, view_store_master.candidate)


@pytest.fixture()
def served(view_store: ViewStore) -> Iterator[Served]:
    """The viewer on the test's copy of the store, stopped after the test."""
    s = Served(view_store.path)
    try:
        yield s
    finally:
        s.stop()
