"""Judges: read a reply and say full compliance, full refusal or partial refusal."""

from ._base import (
    Judge,
    available_judges,
    create_judge,
    judge_creation,
    parse_judge_options,
    recreate_judge,
    register_judge,
)

DEFAULT_JUDGE = "rubric"

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
