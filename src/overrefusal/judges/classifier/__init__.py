"""The classifier judge: features of a reply, a small linear model and how it is trained."""

# The family's judge, importable from the family as before the move.
from .judge import (
    ClassifierJudge,
    Model,
    load_model,
    shipped_weights_path,
    softmax,
    weights_digest,
)

__all__ = [
    "ClassifierJudge",
    "Model",
    "load_model",
    "shipped_weights_path",
    "softmax",
    "weights_digest",
]
