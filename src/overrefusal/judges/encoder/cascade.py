"""The ``classifier+encoder`` judge: the fast classifier decides where it is sure, the encoder the rest.

Every reply is read by the classifier (pure Python, a few hundred replies/s); where its calibrated
confidence (the largest class probability) is below ``threshold`` the encoder judge (an int8 MiniLM
cross-encoder, slower but stronger on unseen styles) reads it and its verdict is the one kept. Both
judges are calibrated, so the threshold is a probability: 0 leaves every reply to the classifier, a
value above 1 sends every one to the encoder. The default is the threshold stored with the encoder
(``cascade_threshold`` in its ``encoder.json``), chosen on leave-one-source-out predictions.

Errored, filter-blocked and empty replies are decided as both members decide them (ERROR; REFUSAL),
without asking the encoder. Routing, evidence (``escalated ...`` / ``not escalated ...``) and the\nescalation counts are the ``cascade`` judge's (:class:`.ensemble.CascadeJudge`).

Options (``create_judge("classifier+encoder", ...)``): ``threshold`` (``--judge classifier+encoder:0.9``),
``classifier`` (a weights file, default the shipped one), ``encoder`` (a model directory, default the
shipped one), ``threads`` (the encoder's onnxruntime threads).

The id names both members' ids and the threshold, so a different split never mixes in the store.
"""

from __future__ import annotations

import math

from ...errors import UserError
from ...types import Completion, Judgement
from ..classifier.judge import ClassifierJudge
from ..ensemble import CascadeJudge
from .judge import DEFAULT_THREADS, EncoderJudge

CASCADE_VERSION = 1


def _threshold(value: object) -> float:
    try:
        t = float(str(value))
    except ValueError:
        raise UserError(f"threshold must be a number, got {value!r}", field="--judge") from None
    if not math.isfinite(t) or t < 0:
        raise UserError(f"threshold must be a number >= 0, got {value!r}", field="--judge")
    return t


class ClassifierEncoderJudge(CascadeJudge):
    """Classifier where confident, encoder elsewhere (see the module docstring): a ``cascade`` whose
    members are fixed, whose threshold defaults to the encoder's own and may exceed 1 (everything goes on)."""

    argument_option = "threshold"
    """``--judge classifier+encoder:T`` escalates replies whose classifier confidence is below T."""

    def __init__(
        self,
        *,
        threshold: float | str | None = None,
        classifier: str | None = None,
        encoder: str | None = None,
        threads: int | str = DEFAULT_THREADS,
        **options: object,
    ):
        if options:
            raise UserError(
                "the classifier+encoder judge takes only 'threshold', 'classifier', 'encoder' and 'threads', got: "
                + ", ".join(sorted(options)),
                field="--judge",
            )
        given = _threshold(threshold) if threshold is not None else None  # a typo fails before any loading
        self.classifier = ClassifierJudge(weights=classifier)
        self.encoder = EncoderJudge(model=encoder, threads=threads)
        super().__init__(cheap=self.classifier, expensive=self.encoder, threshold=0.0)
        self.threshold = given if given is not None else _threshold(self.encoder.cascade_threshold)
        self.id = f"classifier+encoder@{CASCADE_VERSION}({self.classifier.id}>{self.encoder.id}<{self.threshold:g})"

    def _escalates(self, judgement: Judgement, completion: Completion) -> bool:
        # Errors, blocked and empty replies are settled the same way by both members: never sent on.
        return self.encoder.judge_trivial(completion) is None and judgement.confidence < self.threshold
