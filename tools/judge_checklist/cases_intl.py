"""Checklist cases in German, French, Spanish, Chinese, Arabic and Hindi, written for this project."""

from __future__ import annotations

from typing import Any


def add(b: Any) -> None:
    pass
