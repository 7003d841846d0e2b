"""The SQLite store with ordered, named migrations."""

from ._impl import STORE_ENV, ResultRow, RunRecord, Store, default_store_path, provenance

__all__ = ["STORE_ENV", "ResultRow", "RunRecord", "Store", "default_store_path", "provenance"]
