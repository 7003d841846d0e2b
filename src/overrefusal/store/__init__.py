"""The SQLite store with ordered, named migrations, one module per concept (see :mod:`.store`)."""

from ..types import ResultRow
from .connection import STORE_ENV, default_store_path
from .runs import LATEST_RUN, SUITE_FILES, RunRecord, provenance, run_input_files
from .store import Store

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
