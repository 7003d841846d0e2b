"""Rebuilding what a stored run was made with: its deployment, generation settings and judge.

A run stores a secret-free description of its deployment (``Deployment.describe()``). The analyses
that re-query "the same deployment" (triggers) rebuild a :class:`Deployment` from it; the API key is
never stored, only read at request time from the variable named by ``api_key_env`` (default
``OPENAI_API_KEY``, the same default as ``overrefusal run``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from ..backends import BackendOptions
from ..errors import UserError
from ..judges import Judge, create_judge, recreate_judge
from ..measure.deployment import Deployment
from ..registry import Kind
from ..store import RunRecord, Store
from ..types import GenerationConfig


def deployment_from_run(
    run: RunRecord,
    *,
    api_key_env: str = "OPENAI_API_KEY",
    timeout_s: float | None = None,
    max_retries: int | None = None,
) -> Deployment:
    """The deployment a run was made with, rebuilt from its stored description."""
    d = run.deployment
    if not isinstance(d, Mapping) or "model" not in d:
        raise UserError(f"run '{run.run_id}' has no usable deployment description", field="RUN_ID")
    opts: Mapping[str, Any] = d.get("options") or {}
    kwargs: dict[str, Any] = {
        "base_url": opts.get("base_url"),
        "api_key_env": api_key_env,
        "extra": dict(opts.get("extra") or {}),
    }
    if timeout_s is not None:
        kwargs["timeout_s"] = timeout_s
    if max_retries is not None:
        kwargs["max_retries"] = max_retries
    return Deployment(
        model=str(d["model"]),
        options=BackendOptions(**kwargs),
        system_prompt=d.get("system_prompt"),
        filters=tuple(str(f) for f in d.get("filters") or ()),
    )


def deployment_matches(run: RunRecord, deployment: Deployment) -> bool:
    """Whether the rebuilt deployment hashes to the stored id. It does not when, e.g., a replay file or
    a keyword file changed since the run: the analysis then measures today's deployment, and says so."""
    return run.deployment_id in deployment.ids  # a run stored before ids followed option meaning: legacy_id


def generation_from_run(run: RunRecord, *, max_tokens: int | None = None) -> GenerationConfig:
    """The run's generation settings (unknown keys from newer versions are ignored)."""
    names = {f.name for f in dataclasses.fields(GenerationConfig)}
    values = {k: v for k, v in (run.generation or {}).items() if k in names}
    if "stop" in values:
        values["stop"] = tuple(values["stop"] or ())
    if max_tokens is not None:
        values["max_tokens"] = max_tokens
    return GenerationConfig(**values)


def judge_name(judge_id: str) -> str:
    """``rules@1`` -> ``rules``: judge ids are NAME@VERSION."""
    return judge_id.split("@", 1)[0]


def judge_for_run(run: RunRecord, override: str | None = None, *, store: Store | None = None) -> Judge:
    """The run's primary judge made again: exactly as it was made (its registry name and options, e.g. an
    LLM judge's model or a vote's members, as stored with the run), or by the name in its id for runs
    stored before creation specs were; ``override`` (a judge spec) replaces it."""
    spec = None if override or store is None else store.component_spec(run.run_id, Kind.JUDGE, run.judge_id)
    name = override or (spec.name if spec is not None else judge_name(run.judge_id))
    try:
        return recreate_judge(spec) if spec is not None else create_judge(name)
    except UserError as exc:
        raise UserError(
            f"cannot recreate the judge of run '{run.run_id}' ({run.judge_id}): {exc.detail}; pass --judge NAME",
            field="--judge",
        ) from None


def free_run_id(store: Store, wanted: str, identities: Sequence[Mapping[str, Any]]) -> str:
    """``wanted`` if it is free or holds a run of one of ``identities`` (so it resumes; the first is the
    plan's, the others what older versions stored: :meth:`RunPlan.identities`); otherwise ``wanted`` with a
    short hash of the identity appended, so a changed variant set never clashes with an old one."""
    from ..types import stable_hash

    existing = store.get_run(wanted)
    if existing is None or existing.identity() in [dict(i) for i in identities]:
        return wanted
    for identity in identities:
        suffixed = f"{wanted}-{stable_hash(dict(identity), 8)}"
        found = store.get_run(suffixed)
        if found is not None and found.identity() == dict(identity):
            return suffixed
    return f"{wanted}-{stable_hash(dict(identities[0]), 8)}"
