"""The ``classifier+encoder`` judge: the fast classifier decides where it is sure, the encoder the rest.

Every reply is read by the classifier (pure Python, a few hundred replies/s); where its calibrated
confidence (the largest class probability) is below ``threshold`` the encoder judge (an int8 MiniLM
cross-encoder, slower but stronger on unseen styles) reads it and its verdict is the one kept. Both
judges are calibrated, so the threshold is a probability: 0 leaves every reply to the classifier, a
value above 1 sends every one to the encoder. The default is the threshold stored with the encoder
(``cascade_threshold`` in its ``encoder.json``), chosen on leave-one-source-out predictions.

Errored, filter-blocked and empty replies are decided as both members decide them (ERROR; REFUSAL),
without asking the encoder. Each judgement's evidence starts with which judge decided and why.

Options (``create_judge("classifier+encoder", ...)``): ``threshold`` (``--judge classifier+encoder:0.9``),
``classifier`` (a weights file, default the shipped one), ``encoder`` (a model directory, default the
shipped one), ``threads`` (the encoder's onnxruntime threads).

The id names both members' ids and the threshold, so a different split never mixes in the store.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..errors import UserError
from ..types import Completion, Judgement, Prompt, Verdict
from .classifier import ClassifierJudge
from .encoder import DEFAULT_THREADS, EncoderJudge

CASCADE_VERSION = 1


def _threshold(value: object) -> float:
    try:
        t = float(str(value))
    except ValueError:
        raise UserError(f"threshold must be a number, got {value!r}", field="--judge") from None
    if not math.isfinite(t) or t < 0:
        raise UserError(f"threshold must be a number >= 0, got {value!r}", field="--judge")
    return t


class ClassifierEncoderJudge:
    """Classifier where confident, encoder elsewhere (see the module docstring)."""

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
        self.threshold = given if given is not None else _threshold(self.encoder.cascade_threshold)
        self.id = f"classifier+encoder@{CASCADE_VERSION}({self.classifier.id}>{self.encoder.id}<{self.threshold:g})"
        self.escalated = 0
        """Replies the encoder decided in the last batch."""
        self.escalated_total = 0
        """Replies the encoder decided over this judge's lifetime."""
        self.judged_total = 0

    async def judge(self, items: Sequence[tuple[Prompt, Completion]]) -> list[Judgement]:
        first = await self.classifier.judge(items)
        # Only replies the classifier actually read can go on: errors, blocked and empty replies are settled.
        unsure = [
            k
            for k, (j, (_p, c)) in enumerate(zip(first, items))
            if self.encoder.judge_trivial(c) is None and j.confidence < self.threshold
        ]
        second = await self.encoder.judge([items[k] for k in unsure]) if unsure else []
        self.escalated = len(unsure)
        self.escalated_total += len(unsure)
        self.judged_total += len(items)
        replaced = dict(zip(unsure, second))
        out = []
        for k, cheap in enumerate(first):
            enc = replaced.get(k)
            if enc is None:
                note = f"decided by {self.classifier.id}"
                if cheap.verdict != Verdict.ERROR:
                    note += f" (confidence {cheap.confidence:.2f}"
                    note += f" >= {self.threshold:g})" if cheap.confidence >= self.threshold else ")"
                out.append(
                    Judgement(
                        cheap.verdict,
                        cheap.confidence,
                        self.id,
                        (note, *cheap.evidence),
                        cheap.signals,
                        error=cheap.error,
                    )
                )
            else:
                note = (
                    f"decided by {self.encoder.id} ({self.classifier.id} said {cheap.verdict.value} "
                    f"with confidence {cheap.confidence:.2f} < {self.threshold:g})"
                )
                out.append(Judgement(enc.verdict, enc.confidence, self.id, (note, *enc.evidence), cheap.signals))
        return out
