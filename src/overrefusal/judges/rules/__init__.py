"""The rules judge: phrase lists read sentence by sentence, with the matched evidence (``data/``)."""

# The family's judge, importable from the family as before the move.
from .judge import (
    RulesJudge,
    classify,
    decide,
)

__all__ = [
    "RulesJudge",
    "classify",
    "decide",
]
