"""Suites: loading prompt sets (built-in, Hugging Face hub, local CSV/JSONL/JSON/Parquet files).

Re-exports only; see :mod:`.registry` for the specs, :mod:`.columns` for column mapping and labels,
:mod:`.pairing` for how XSTest-style files get their benign/harmful pairs.
"""

from .columns import DEFAULT_COLUMNS, FIELDS, LABEL_VALUES, OPTIONS
from .hub import PUBLIC_SUITES, PublicSuite, RemoteFile
from .languages import ALL_LANGUAGES, parse_languages, select_languages
from .layouts import Layout
from .registry import (
    BUILTIN_SUITES,
    available_suites,
    load_builtin,
    load_public_suite,
    load_suite,
    suite_catalogue,
)

__all__ = [
    "ALL_LANGUAGES",
    "BUILTIN_SUITES",
    "DEFAULT_COLUMNS",
    "FIELDS",
    "LABEL_VALUES",
    "OPTIONS",
    "PUBLIC_SUITES",
    "Layout",
    "PublicSuite",
    "RemoteFile",
    "available_suites",
    "load_builtin",
    "load_public_suite",
    "load_suite",
    "parse_languages",
    "select_languages",
    "suite_catalogue",
]
