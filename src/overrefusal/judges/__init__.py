"""Judges: read a reply and say full compliance, full refusal or partial refusal."""

from ..defaults import DEFAULT_JUDGE
from ._base import (
    Judge,
    available_judges,
    create_judge,
    judge_creation,
    parse_judge_options,
    recreate_judge,
    register_judge,
)

__all__ = [
    "DEFAULT_JUDGE",
    "Judge",
    "available_judges",
    "create_judge",
    "judge_creation",
    "parse_judge_options",
    "recreate_judge",
    "register_judge",
]
