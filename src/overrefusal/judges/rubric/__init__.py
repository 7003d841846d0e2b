"""The rubric judge: a reply read clause by clause against the request, with trained weights."""

# The family's judge, importable from the family as before the move.
from .judge import (
    PARTIAL_OVER_REFUSAL,
    WEIGHTS_FORMAT,
    BinaryModel,
    ComplianceConfidence,
    RubricJudge,
    RubricModel,
    Signals,
    clause_verdict,
    combine,
    decided,
    dump_weights,
    evidence,
    load_model,
    rubric_verdict,
    shipped_weights_path,
    shown_probabilities,
    verdict_index,
)

__all__ = [
    "BinaryModel",
    "ComplianceConfidence",
    "PARTIAL_OVER_REFUSAL",
    "RubricJudge",
    "RubricModel",
    "Signals",
    "WEIGHTS_FORMAT",
    "clause_verdict",
    "combine",
    "decided",
    "dump_weights",
    "evidence",
    "load_model",
    "rubric_verdict",
    "shipped_weights_path",
    "shown_probabilities",
    "verdict_index",
]
