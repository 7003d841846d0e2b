"""The package's version, read from its installed metadata (pyproject.toml is the one place it is written)."""

from __future__ import annotations

UNKNOWN_VERSION = "0+unknown"
"""Reported when the package runs from a source tree that was never installed (no metadata to read)."""


def package_version() -> str:
    # Imported here, not at the top: ``importlib.metadata`` (with the ``email`` package it parses metadata
    # with) is about 12 ms, and the CLI imports this module for ``--version``, which most commands never read.
    from importlib import metadata

    try:
        return metadata.version("overrefusal")
    except metadata.PackageNotFoundError:
        return UNKNOWN_VERSION
