"""The first run: what over-refusal looks like, and where it comes from, in one argument-less command.

A small model answers almost everything, so its own over-refusal on the quick sample is near zero and
teaches little. What a newcomer needs to see is how a *deployment* makes a model over-refuse. So the first
run evaluates the embedded model twice: as it is, and behind a typical naive deployment layer (the default
keyword filter plus a cautious system prompt shipped as data, ``data/cautious_system_prompt.txt``); the
deployment ablation (:mod:`.ablation`) says what each layer adds on the same prompts, and the trigger-word
analysis (:mod:`.triggers`) on the naive deployment's run says which words it refuses for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..backends import BackendOptions
from ..judges import Judge
from ..measure.engine import ProgressCallback
from ..store import Store
from ..types import GenerationConfig, Suite
from .ablation import ablate, grid
from .triggers import find_triggers

NAIVE_FILTER = "keyword"
"""The filter of the naive deployment layer: the default keyword blocklist."""
CAUTIOUS_LABEL = "cautious"
"""How the shipped cautious system prompt is named in the ablation table."""


def cautious_system_prompt() -> str:
    """The cautious system prompt of the naive deployment layer (a typical over-cautious instruction)."""
    resource = resources.files("overrefusal.analysis").joinpath("data").joinpath("cautious_system_prompt.txt")
    return resource.read_text(encoding="utf-8").strip()


@dataclass(frozen=True)
class FirstRunSettings:
    """What the first run evaluates, and how much work it may do."""

    model: str
    options: BackendOptions
    generation: GenerationConfig
    judge: Judge
    concurrency: int = 4
    max_trigger_prompts: int = 6
    """Refused benign prompts whose trigger words are looked for (the first in suite order): each costs a
    few generations, and the first run must stay quick."""


STAGES = (
    "1/2 bare model and naive layer: generating and judging replies",
    "2/2 trigger words: generating and judging prompt variants",
)
"""What the first run's progress bar says in each of its stages."""


async def first_run(
    store: Store,
    suite: Suite,
    settings: FirstRunSettings,
    progress: ProgressCallback | None = None,
    stage: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Ablate the naive layer on ``suite`` (bare, + filter, + system prompt, + both; stored runs, resumable)
    and find the naive deployment's trigger words.

    ``stage`` is told what each stage is before its progress is counted (:data:`STAGES`).

    Returns ``{"ablation": <ablate --json>, "triggers": <triggers --json>, "bare_run": id, "naive_run": id}``.
    """
    configurations = grid(
        settings.model, settings.options, [(CAUTIOUS_LABEL, cautious_system_prompt())], [NAIVE_FILTER]
    )
    if stage is not None:
        stage(STAGES[0])
    ablation = await ablate(
        store,
        suite,
        configurations,
        settings.generation,
        settings.judge,
        concurrency=settings.concurrency,
        progress=progress,
    )
    runs = {(c["system_prompt"], c["filter"]): c["run_id"] for c in ablation["configurations"]}
    naive = runs[(CAUTIOUS_LABEL, NAIVE_FILTER)]
    if stage is not None:
        stage(STAGES[1])
    triggers = await find_triggers(
        store,
        naive,
        judge=settings.judge,
        concurrency=settings.concurrency,
        progress=progress,
        max_prompts=settings.max_trigger_prompts,
    )
    return {"ablation": ablation, "triggers": triggers, "bare_run": runs[(None, None)], "naive_run": naive}
