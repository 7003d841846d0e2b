"""The classifier's weights file: its format tag and its canonical bytes (shared by training and inference)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

WEIGHTS_FORMAT = "overrefusal-classifier/1"
"""The ``format`` field of a weights file the classifier can read."""


def dump_weights(obj: Mapping[str, Any]) -> bytes:
    """The canonical bytes of a weights object: sorted keys, compact separators, UTF-8, final newline."""
    return (json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")
