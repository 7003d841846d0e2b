"""Judges for the API: the ones registered, choosing the default by its error on every labelled source, and
training the classifier judge's weights. (Scoring judges runs them, so that stays in :mod:`overrefusal.api`.)

Part of :mod:`overrefusal.api`, which re-exports these names."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import cast

from ..errors import UserError
from ..guards.safe_files import check_output_path
from ..judges import DEFAULT_JUDGE
from ..results import JudgeList, JudgeSelectionResult, TrainResult
from .stores import store_path


def list_judges() -> JudgeList:
    """``overrefusal judges --json``: every registered judge name and the default one."""
    from ..judges import available_judges

    return {"judges": available_judges(), "default": DEFAULT_JUDGE}


def judge_selection(
    files: Sequence[Path],
    *,
    public: bool = True,
    synthetic: bool = True,
    new_prompts: int | None = None,
    seed: int = 0,
    resamples: int | None = None,
    progress: Callable[[str], None] | None = None,
) -> JudgeSelectionResult:
    """``judge-eval --select``: every shipped judge on every human-labelled source (``files`` and, with
    ``public``, the shipped public sources, the evaluation-only one included: judged by the shipped judges,
    never trained on), each source judged by judges not trained on it, nor on any reply to its prompts
    (a source whose prompts other sources answer is judged in ``new_prompts`` parts by prompt; None: the
    default, :data:`..judges.evaluation.selection.PROMPT_PARTS`; 0: by source alone); per judge the
    three rates a user reads, their worst-source error, pooled agreement and ECE, the quantification
    experiment, and the default judge by the lowest worst-source benign rate error; beside each error its
    95% interval, and the default against each other judge, by a paired bootstrap over each source's replies
    (``resamples`` per source, None: 2000, drawn from ``seed``). Slow: the classifier and rubric judges are
    refitted once per source and part (minutes on the XSTest files)."""
    from ..judges.classifier.train import MAX_PROMPT_FOLDS
    from ..judges.evaluation.rate_intervals import RESAMPLES
    from ..judges.evaluation.selection import PROMPT_PARTS
    from ..judges.evaluation.selection import judge_selection as select

    files = list(files)
    names = [Path(f).name for f in files]
    if len(set(names)) != len(names):
        raise UserError("two label files share a name; rename one", field="--labels")
    parts = PROMPT_PARTS if new_prompts is None else new_prompts
    if parts != 0 and not 2 <= parts <= MAX_PROMPT_FOLDS:
        raise UserError(f"--new-prompts must be 2 to {MAX_PROMPT_FOLDS} parts, got {parts}", field="--new-prompts")
    draws = RESAMPLES if resamples is None else resamples
    if draws < 1:
        raise UserError(f"the bootstrap needs at least one resample, got {draws}", field="resamples")
    return cast(
        JudgeSelectionResult,
        select(
            files,
            public=public,
            synthetic=synthetic,
            heldout=public,
            new_prompts=parts,
            seed=seed,
            resamples=draws,
            progress=progress,
        ),
    )


def train_judge(
    files: Sequence[Path],
    *,
    out: str | Path,
    synthetic: bool = True,
    public: bool = True,
    seed: int = 0,
    c: float | None = None,
    partial_weight: float | None = None,
) -> TrainResult:
    """``judges train``: train the classifier judge on ``files`` (+ the shipped synthetic and public replies)
    and write reproducible weights to ``out``; returns what was trained on and the file's digest.
    ``c`` and ``partial_weight`` override the recipe's regularisation and partial-refusal weight."""
    from dataclasses import replace

    from ..judges.classifier.train import TrainConfig, train_from_files

    # The default store is protected too: weights written over it would take every stored run with them.
    check_output_path(out, field="--out", inputs=list(files), store=store_path())
    if not files and not synthetic and not public:
        raise UserError("nothing to train on: give --labels FILES or keep --synthetic or --public", field="--labels")
    config = TrainConfig(seed=seed)
    if c is not None:
        config = replace(config, C=c)
    if partial_weight is not None:
        config = replace(config, partial_weight=partial_weight)
    return cast(TrainResult, train_from_files(files, synthetic=synthetic, public=public, out=out, config=config))
