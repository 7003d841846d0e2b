"""The encoder judge (a small sentence encoder on CPU) and its cascade behind the classifier."""

# The family's judge, importable from the family as before the move.
from .judge import (
    DEFAULT_THREADS,
    ENCODER_FORMAT,
    ENCODER_VERSION,
    SETTINGS_FILE,
    EncoderJudge,
    EncoderModel,
    Settings,
    encode_pair,
    load_encoder,
    parse_settings,
    shipped_model_dir,
    softmax,
    token_types,
)

__all__ = [
    "DEFAULT_THREADS",
    "ENCODER_FORMAT",
    "ENCODER_VERSION",
    "EncoderJudge",
    "EncoderModel",
    "SETTINGS_FILE",
    "Settings",
    "encode_pair",
    "load_encoder",
    "parse_settings",
    "shipped_model_dir",
    "softmax",
    "token_types",
]
