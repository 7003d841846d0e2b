"""The package's version, read from its installed metadata (pyproject.toml is the one place it is written)."""

from __future__ import annotations

from importlib import metadata

UNKNOWN_VERSION = "0+unknown"
"""Reported when the package runs from a source tree that was never installed (no metadata to read)."""


def package_version() -> str:
    try:
        return metadata.version("overrefusal")
    except metadata.PackageNotFoundError:
        return UNKNOWN_VERSION
