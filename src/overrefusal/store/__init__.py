"""The SQLite store with ordered, named migrations."""

from ..types import ResultRow
from ._impl import (
    LATEST_RUN,
    STORE_ENV,
    SUITE_FILES,
    RunRecord,
    Store,
    default_store_path,
    provenance,
    run_input_files,
)

__all__ = [
    "LATEST_RUN",
    "STORE_ENV",
    "SUITE_FILES",
    "ResultRow",
    "RunRecord",
    "Store",
    "default_store_path",
    "provenance",
    "run_input_files",
]
