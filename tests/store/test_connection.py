"""The connection owner alone: migrations, read-only opening, transactions and errors naming the store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from overrefusal.errors import UserError
from overrefusal.store._migrations import MIGRATIONS
from overrefusal.store.connection import StoreConnection

INSERT = (
    "INSERT INTO completions (cache_key, text, finish_reason, prompt_tokens, completion_tokens, latency_s, created_at)"
    " VALUES ('k', 't', 'stop', 1, 1, 0.1, 'now')"
)


def test_a_new_file_gets_every_migration_in_order(tmp_path: Path) -> None:
    with StoreConnection(tmp_path / "s.db") as conn:
        assert conn.applied_migrations() == sorted(name for name, _ in MIGRATIONS)
        assert conn.quick_check() == []


def test_read_only_never_creates_a_file(tmp_path: Path) -> None:
    path = tmp_path / "typo.db"
    with pytest.raises(UserError, match="no store at this path"):
        StoreConnection(path, read_only=True)
    assert not path.exists()


def test_create_false_never_creates_a_file_and_opens_an_existing_store_for_writing(tmp_path: Path) -> None:
    path = tmp_path / "typo.db"
    with pytest.raises(UserError, match="no store at this path"):
        StoreConnection(path, create=False)
    assert not path.exists()
    with StoreConnection(path):
        pass
    with StoreConnection(path, create=False) as conn:
        assert not conn.read_only
        conn.db.execute("CREATE TABLE IF NOT EXISTS scratch (x)")  # writable


def test_a_foreign_database_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (x)")
    before = path.read_bytes()
    with pytest.raises(UserError, match="not an overrefusal store"):
        StoreConnection(path)
    assert path.read_bytes() == before


def test_a_transaction_is_all_or_nothing(tmp_path: Path) -> None:
    with StoreConnection(tmp_path / "s.db") as conn:
        with pytest.raises(RuntimeError), conn.transaction():
            conn._write(INSERT)
            raise RuntimeError("abandon")
        assert conn.count("completions") == 0
        with conn.transaction():
            conn._write(INSERT)
        assert conn.count("completions") == 1


def test_a_read_only_connection_refuses_writes_naming_the_store(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    StoreConnection(path).close()
    with StoreConnection(path, read_only=True) as conn, pytest.raises(UserError) as err:
        conn._write(INSERT)
    assert str(path) in str(err.value) and "read-only" in str(err.value)


def test_a_damaged_file_is_one_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    path.write_bytes(b"this is not a database at all" * 200)
    with pytest.raises(UserError) as err:
        StoreConnection(path)
    assert str(path) in str(err.value)
