"""The Ray Data actor of a Ray run: generates the replies a task row lacks, then judges every row.

One actor per worker slot; each opens its deployments (loads its models) once and keeps them across batches.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import UserError
from ..judges import Judge
from ..measure.deployment import Deployment, LiveDeployment
from ..measure.engine import _error_judgement, _judge_batch, cache_key
from ..measure.ratelimit import RateLimiter, estimate_tokens
from ..store.ingest import shard_schema
from ..types import Completion, GenerationConfig, Prompt
from .rows import completion_fields, completion_from


@dataclass(frozen=True)
class WorkerSpec:
    """What an actor needs of a plan: not the suite (prompts travel in the rows)."""

    run_id: str
    deployment: Deployment
    generation: GenerationConfig
    judges: tuple[Judge, ...]
    concurrency: int
    batch_size: int
    rpm: float | None
    tpm: float | None


class GenerateAndJudge:
    """The Ray Data actor: one per worker slot; keeps its deployments (models) open across batches.

    Input rows: the task rows of :mod:`overrefusal.distributed.rows`, ``plan`` indexing into the specs.
    Output: a pyarrow Table in the shard schema, one row per prompt x judge.
    """

    def __init__(self, specs: Sequence[WorkerSpec], workers: int):
        self.specs = list(specs)
        self.live: dict[int, LiveDeployment] = {}
        # Each actor gets its share of the limits, so the cluster as a whole stays under them.
        self.limiters = [
            RateLimiter((s.rpm or 0) / workers or None, (s.tpm or 0) / workers or None) for s in self.specs
        ]
        self.loop = asyncio.new_event_loop()

    def __call__(self, batch: dict[str, Any]) -> Any:
        import pyarrow as pa

        columns = list(batch)
        rows = [dict(zip(columns, values)) for values in zip(*(list(batch[c]) for c in columns))]
        out = self.loop.run_until_complete(self._process(rows))
        return pa.Table.from_pylist(out, schema=shard_schema())

    def _open(self, index: int) -> LiveDeployment:
        # Opened once per actor and kept: loading a model per batch would dominate the run.
        if index not in self.live:
            self.live[index] = self.specs[index].deployment.open()
        return self.live[index]

    async def _generate(self, spec: WorkerSpec, index: int, prompts: list[Prompt]) -> list[Completion]:
        live = self._open(index)
        limiter = self.limiters[index]
        semaphore = asyncio.Semaphore(max(1, spec.concurrency))

        def estimate(ps: list[Prompt]) -> float:
            texts = [m.content for p in ps for m in spec.deployment.messages(p)]
            return estimate_tokens(texts, spec.generation.max_tokens * len(ps))

        async def settle(permit: Any, cs: list[Completion]) -> None:
            used = sum(c.usage.prompt_tokens + c.usage.completion_tokens for c in cs)
            limiter.settle(permit, float(used) if used else None)

        if live.supports_batch and spec.batch_size > 1:
            out: list[Completion] = []
            for i in range(0, len(prompts), spec.batch_size):
                chunk = prompts[i : i + spec.batch_size]
                permit = await limiter.acquire(len(chunk), estimate(chunk))
                try:
                    got = await live.respond_batch(chunk, spec.generation)
                except UserError:
                    raise
                except Exception as exc:  # noqa: BLE001 - a failed batch is an ERROR per prompt
                    got = [
                        Completion(text="", error=f"batch generation failed: {type(exc).__name__}: {exc}")
                        for _ in chunk
                    ]
                await settle(permit, got)
                out.extend(got)
            return out

        async def one(p: Prompt) -> Completion:
            async with semaphore:
                permit = await limiter.acquire(1, estimate([p]))
                c = await live.respond(p, spec.generation)
                await settle(permit, [c])
                return c

        return list(await asyncio.gather(*(one(p) for p in prompts)))

    async def _process(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        by_plan: dict[int, list[dict[str, Any]]] = {}
        for row in rows:
            by_plan.setdefault(int(row["plan"]), []).append(row)
        out: list[dict[str, Any]] = []
        for index, items in by_plan.items():
            spec = self.specs[index]
            prompts = [Prompt.from_dict(json.loads(r["prompt"])) for r in items]
            completions: list[Completion | None] = [None] * len(items)
            uids: list[str | None] = [None] * len(items)
            missing = []
            for k, r in enumerate(items):
                if int(r["cached_completion_id"]) >= 0 or bool(r.get("pregenerated")):
                    completions[k] = completion_from(json.loads(str(r["completion"])))
                    uids[k] = None if int(r["cached_completion_id"]) >= 0 else uuid.uuid4().hex
                else:
                    missing.append(k)
            if missing:
                generated = await self._generate(spec, index, [prompts[k] for k in missing])
                for k, c in zip(missing, generated):
                    completions[k], uids[k] = c, uuid.uuid4().hex
            ready: list[Completion] = []
            for c_or_none in completions:
                assert c_or_none is not None, "every item is either cached, pregenerated or generated above"
                ready.append(c_or_none)
            for judge in spec.judges:
                mine = [k for k, r in enumerate(items) if judge.id in json.loads(r["judges"])]
                ok = [k for k in mine if ready[k].ok]
                verdicts = iter(await _judge_batch(judge, [(prompts[k], ready[k]) for k in ok]) if ok else [])
                for k in mine:
                    c = ready[k]
                    j = next(verdicts) if c.ok else _error_judgement(judge, c)
                    r = items[k]
                    out.append(
                        {
                            "run_id": spec.run_id,
                            "prompt_id": prompts[k].id,
                            "judge_id": judge.id,
                            "cache_key": cache_key(spec.deployment, spec.generation, prompts[k]),
                            "completion_uid": uids[k],
                            "cached_completion_id": int(r["cached_completion_id"]) if uids[k] is None else None,
                            **completion_fields(c),
                            "verdict": j.verdict.value,
                            "confidence": j.confidence,
                            "evidence_json": json.dumps(list(j.evidence)),
                            "signals_json": json.dumps(j.signals.to_dict()),
                            "judge_error": j.error,
                            "unread_language": j.language or None,
                        }
                    )
        return out
