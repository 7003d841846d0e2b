"""Deployment ablation: how many refusals the system prompt and each filter add to the bare model.

The same suite runs under every combination of (no system prompt | each system prompt) x (no filter |
each filter). Each configuration is an ordinary stored run (its id derived from its identity, so a
second invocation resumes, and generations shared between configurations come from the cache: an
input filter that lets a prompt through sends the model exactly what the bare deployment sent).

Against the bare model (no system prompt, no filter), per configuration and per label:

* ``added``: prompts refused under the configuration but not by the bare model; ``removed``: the reverse;
* ``difference``: paired change in the refusal rate (configuration - bare) with Newcombe's interval
  and the exact McNemar p-value (``stats.paired_difference``), over prompts judged in both runs;
* ``caused_by_deployment``: of the prompts the configuration refuses, the share the bare model
  answered (Wilson): the part of that deployment's over-refusal that the deployment, not the model,
  is responsible for.

A refusal here is any refusal (full or partial); ERROR records leave the prompt out of that pair.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..backends import BackendOptions
from ..judges import Judge
from ..measure.deployment import Deployment
from ..measure.engine import ProgressCallback, RunPlan, execute
from ..stats import paired_difference, wilson
from ..store import Store
from ..types import GenerationConfig, Label, Suite


@dataclass(frozen=True)
class Configuration:
    """One cell of the ablation grid."""

    system_prompt: str | None
    """Label of the system prompt (``@file`` or a short preview), None for none."""
    filter: str | None
    """Filter spec, None for none."""
    deployment: Deployment

    @property
    def is_bare(self) -> bool:
        return self.system_prompt is None and self.filter is None

    @property
    def label(self) -> str:
        parts = [
            f"system={self.system_prompt}" if self.system_prompt else "",
            f"filter={self.filter}" if self.filter else "",
        ]
        return " + ".join(p for p in parts if p) or "bare model"


def grid(
    model: str, options: BackendOptions, system_prompts: Sequence[tuple[str, str]], filters: Sequence[str]
) -> list[Configuration]:
    """Every (system prompt or none) x (filter or none), the bare model first.

    ``system_prompts`` are (label, text) pairs.
    """
    out = []
    for sp_label, sp_text in [(None, None), *system_prompts]:
        for f in [None, *filters]:
            dep = Deployment(model=model, options=options, system_prompt=sp_text, filters=(f,) if f else ())
            out.append(Configuration(sp_label, f, dep))
    return out


def _refusals(store: Store, run_id: str, judge_id: str) -> dict[str, tuple[Label, bool, bool]]:
    """prompt id -> (label, refused, blocked by a filter) for the prompts with a verdict."""
    out = {}
    for r in store.results(run_id, judge_id):
        if not r.judgement.verdict.judged:
            continue
        out[r.prompt.id] = (r.prompt.label, r.judgement.verdict.is_refusal, r.completion.blocked_by is not None)
    return out


def _compare(
    bare: dict[str, tuple[Label, bool, bool]], cfg: dict[str, tuple[Label, bool, bool]], label: Label
) -> dict[str, Any]:
    ids = [pid for pid, v in cfg.items() if v[0] is label and pid in bare]
    base = [bare[i][1] for i in ids]
    cand = [cfg[i][1] for i in ids]
    comp = paired_difference(base, cand)
    added = sum(1 for b, c in zip(base, cand) if c and not b)
    removed = sum(1 for b, c in zip(base, cand) if b and not c)
    refused = sum(cand)
    return {
        "n_pairs": len(ids),
        "refusal": comp.candidate.to_dict(),
        "bare_refusal": comp.baseline.to_dict(),
        "filter_blocked": sum(1 for i in ids if cfg[i][2]),
        "added": added,
        "removed": removed,
        "difference": {"value": comp.difference, "low": comp.low, "high": comp.high, "p_value": comp.p_value},
        "caused_by_deployment": wilson(added, refused).to_dict(),
    }


async def ablate(
    store: Store,
    suite: Suite,
    configurations: Sequence[Configuration],
    generation: GenerationConfig,
    judge: Judge,
    *,
    concurrency: int = 4,
    progress: ProgressCallback | None = None,
) -> dict[str, Any]:
    """Run every configuration (resuming stored ones) and compare each with the bare model.

    Returns the ``ablate --json`` object: ``suite``, ``judge``, ``configurations`` (each with
    ``system_prompt``, ``filter``, ``run_id``, ``benign`` and ``harmful`` blocks; the bare one has only
    its rates).
    """
    if not configurations or not configurations[0].is_bare:
        raise ValueError("the first configuration must be the bare model")
    runs: list[tuple[Configuration, str]] = []
    for cfg in configurations:
        plan = RunPlan(
            suite=suite, deployment=cfg.deployment, generation=generation, judges=[judge], concurrency=concurrency
        )
        outcome = await execute(plan, store, progress)
        runs.append((cfg, outcome.run_id))
    bare = _refusals(store, runs[0][1], judge.id)
    out: list[dict[str, Any]] = []
    for cfg, rid in runs:
        cur = _refusals(store, rid, judge.id)
        entry: dict[str, Any] = {
            "label": cfg.label,
            "system_prompt": cfg.system_prompt,
            "filter": cfg.filter,
            "run_id": rid,
        }
        for label in (Label.BENIGN, Label.HARMFUL):
            entry[label.value] = _compare(bare, cur, label)
        out.append(entry)
    return {
        "suite": {"name": suite.name, "version": suite.version, "n": len(suite.prompts)},
        "judge": judge.id,
        "model": configurations[0].deployment.model,
        "configurations": out,
    }
