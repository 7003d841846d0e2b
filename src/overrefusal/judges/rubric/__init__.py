"""The rubric judge: a reply read clause by clause against the request, with trained weights."""

# The family's judge, importable from the family as before the move.
from .judge import (
    PARTIAL_OVER_REFUSAL,
    WEIGHTS_FORMAT,
    BinaryModel,
    RubricJudge,
    RubricModel,
    Signals,
    combine,
    decided,
    dump_weights,
    evidence,
    load_model,
    shipped_weights_path,
    verdict_index,
)

__all__ = [
    "BinaryModel",
    "PARTIAL_OVER_REFUSAL",
    "RubricJudge",
    "RubricModel",
    "Signals",
    "WEIGHTS_FORMAT",
    "combine",
    "decided",
    "dump_weights",
    "evidence",
    "load_model",
    "shipped_weights_path",
    "verdict_index",
]
