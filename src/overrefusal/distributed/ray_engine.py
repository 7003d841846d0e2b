"""Runs beyond one machine: suite x deployments x judges spread over a Ray cluster with Ray Data.

How a run goes:

1. The driver (this process) does what the local engine does first: checks the run's identity, opens the
   deployment once when a prompt still needs generating (so a server that is down fails the command before
   anything is written), and creates the run in the store (its prompts streamed from the suite file).
2. The tasks become a Ray Dataset read from the store (:func:`pending_prompts_datasource`):
   each read task takes a window of suite positions and reads the prompts in it that a judge still needs
   (no record, or an ERROR one) with :meth:`Store.pending_prompts`, and the completions the store already
   has for them (from an earlier judge or the generation cache), which travel with the row, so nothing is
   generated twice and completed work is never dispatched. The read tasks run on the driver's node (the
   store is a file there) and Ray Data streams their blocks, so neither the driver nor the object store
   ever holds the whole suite: the driver keeps nothing per prompt (Ray Data keeps a record per block).
   ``map_batches`` runs the rows on a pool of actors (a callable class, so each
   actor opens its deployment (loads its model) once): generate what is missing, in batches where the
   backend has ``generate_batch``, then judge with every judge that needs the reply.
   GPU path: for ``vllm/MODEL`` deployments without filters, generation runs through ``ray.data.llm``
   (a vLLM engine processor, continuous batching on each GPU worker) and the actors only judge.
3. The driver streams the result batches back (``iter_batches``) and writes each as a Parquet shard,
   then ingests the shard into the store at once (``store.ingest``), and deletes it. Writing a shard
   first means a crash between the two steps loses nothing: the next invocation ingests leftover shards
   before it works out what is left, and ingest is idempotent. Streaming through the driver (rather
   than ``Dataset.write_parquet`` on the workers) needs no storage shared by the nodes.

``ray.init()`` connects to ``RAY_ADDRESS`` when it is set (``ray start --head`` prints it), else starts a
local cluster with two CPUs. Every node needs overrefusal (and the backend's extra) installed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sys
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Any

from ..backends import backend_is_cacheable
from ..errors import MissingDependency, UserError
from ..guards.secrets import Scrubber
from ..judges import Judge
from ..measure.deployment import Deployment, LiveDeployment, conversation_messages
from ..measure.engine import (
    RunOutcome,
    RunPlan,
    _error_judgement,
    _judge_batch,
    cache_key,
    cached_completion,
    needs_generation,
    run_record,
    run_status,
    secret_env_names,
    start_run,
)
from ..measure.ratelimit import RateLimiter, estimate_tokens
from ..store import RunRecord, Store
from ..store.ingest import IngestReport, ingest_parquet, shard_schema
from ..types import Completion, GenerationConfig, Prompt, Usage, Verdict

LOCAL_NUM_CPUS = 2
"""CPUs of the local cluster started when RAY_ADDRESS is not set."""

READ_WINDOW = 512
"""Suite positions per read task of :func:`pending_prompts_datasource` (at most that many rows a block)."""


def _import_ray() -> Any:
    try:
        import ray
        import ray.data  # noqa: F401
    except ImportError as exc:
        raise MissingDependency("--engine ray", "ray", "ray[data]") from exc
    return ray


def init_ray() -> Any:
    """Connect to the cluster at RAY_ADDRESS, or start a local one (idempotent)."""
    ray = _import_ray()
    # overrefusal shows its own progress bar; Ray Data's would interleave with it (and with --json).
    context = ray.data.DataContext.get_current()
    context.enable_progress_bars = False
    context.enable_auto_log_stats = False
    logging.getLogger("ray.data").setLevel(logging.WARNING)
    if not ray.is_initialized():
        if os.environ.get("RAY_ADDRESS"):
            ray.init(log_to_driver=False)
        else:
            ray.init(num_cpus=LOCAL_NUM_CPUS, include_dashboard=False, log_to_driver=False)
    return ray


@dataclass(frozen=True)
class _WorkerSpec:
    """What an actor needs of a plan: not the suite (prompts travel in the rows)."""

    run_id: str
    deployment: Deployment
    generation: GenerationConfig
    judges: tuple[Judge, ...]
    concurrency: int
    batch_size: int
    rpm: float | None
    tpm: float | None


def _completion_fields(c: Completion) -> dict[str, Any]:
    return {
        "text": c.text,
        "model_text": c.model_text,
        "finish_reason": c.finish_reason,
        "prompt_tokens": c.usage.prompt_tokens,
        "completion_tokens": c.usage.completion_tokens,
        "latency_s": c.latency_s,
        "error": c.error,
        "blocked_by": c.blocked_by,
    }


def _completion_json(c: Completion | None) -> str:
    """A completion as one JSON string column: Ray Data turns all-null columns into floats (NaN) on the
    way through numpy batches, so optional fields travel inside a string instead."""
    return json.dumps(_completion_fields(c), ensure_ascii=False) if c is not None else ""


def _completion_from(row: dict[str, Any]) -> Completion:
    return Completion(
        text=row.get("text") or "",
        model_text=row.get("model_text"),
        finish_reason=row.get("finish_reason") or "",
        usage=Usage(int(row.get("prompt_tokens") or 0), int(row.get("completion_tokens") or 0)),
        latency_s=float(row.get("latency_s") or 0.0),
        error=row.get("error"),
        blocked_by=row.get("blocked_by"),
    )


class GenerateAndJudge:
    """The Ray Data actor: one per worker slot; keeps its deployments (models) open across batches.

    Input rows: ``plan`` (index into the specs), ``prompt`` (JSON), ``judges`` (JSON list of judge ids
    still needed), ``cached_completion_id`` (-1: generate), ``pregenerated`` (generated by the
    ray.data.llm stage) and ``completion`` (JSON of the known reply; '' when it must be generated).
    Output: a pyarrow Table in the shard schema, one row per prompt x judge.
    """

    def __init__(self, specs: Sequence[_WorkerSpec], workers: int):
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

    async def _generate(self, spec: _WorkerSpec, index: int, prompts: list[Prompt]) -> list[Completion]:
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
                    completions[k] = _completion_from(json.loads(str(r["completion"])))
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
                            **_completion_fields(c),
                            "verdict": j.verdict.value,
                            "confidence": j.confidence,
                            "evidence_json": json.dumps(list(j.evidence)),
                            "signals_json": json.dumps(j.signals.to_dict()),
                            "judge_error": j.error,
                            "unread_language": j.language or None,
                        }
                    )
        return out


# -- the rows, read from the store ------------------------------------------------------------------
class Select(Enum):
    """Which of a window's pending prompts a read task keeps."""

    ALL = "all"
    KNOWN = "known"
    """Those with a reply to reuse (the run's own, or the generation cache's): the actors only judge them."""
    FRESH = "fresh"
    """Those to generate (for the ray.data.llm stage of a vLLM plan)."""


def _row_schema() -> Any:
    import pyarrow as pa

    return pa.schema(
        [
            ("plan", pa.int64()),
            ("prompt", pa.string()),
            ("judges", pa.string()),
            ("cached_completion_id", pa.int64()),
            ("pregenerated", pa.bool_()),
            ("completion", pa.string()),
        ]
    )


@dataclass(frozen=True)
class _Reader:
    """What a read task needs to read one window of a plan's pending prompts (pickled into each task)."""

    store_path: str
    plan: int
    run_id: str
    judge_ids: tuple[str, ...]
    deployment: Deployment
    generation: GenerationConfig
    use_cache: bool
    select: Select
    cache_horizon: int
    """The newest completion when the run was dispatched: a generation cache hit counts only up to it, so a
    prompt is known or fresh whenever its window is read (a reply to the same text generated by this run
    meanwhile does not move it: a vLLM plan reads its known and its fresh prompts in two passes), as when the
    driver built every row before dispatching."""

    def read(self, after: int, before: int) -> Iterator[Any]:
        """The rows of the prompts at positions ``after < position < before`` that a judge still needs: one
        table (none when every prompt there is done or not selected)."""
        import pyarrow as pa

        rows: list[dict[str, Any]] = []
        # Read-only: the driver writes the store meanwhile (SQLite's WAL lets both go on).
        with Store(self.store_path, read_only=True) as store:
            page, _ = store.pending_prompts(
                self.run_id, self.judge_ids, after=after, before=before, limit=max(1, before - after - 1)
            )
            for w in page:
                cid = w.reusable
                completion = store.completion(cid) if cid is not None else None
                if cid is None and self.use_cache:
                    hit = cached_completion(store, self.deployment, self.generation, w.prompt, up_to=self.cache_horizon)
                    if hit is not None:
                        cid, completion = hit
                if (self.select is Select.KNOWN and cid is None) or (self.select is Select.FRESH and cid is not None):
                    continue
                rows.append(
                    {
                        "plan": self.plan,
                        "prompt": json.dumps(w.prompt.to_dict(), ensure_ascii=False),
                        "judges": json.dumps([self.judge_ids[i] for i in w.judges]),
                        "cached_completion_id": -1 if cid is None else cid,
                        "pregenerated": False,
                        "completion": _completion_json(completion),
                    }
                )
        if rows:
            yield pa.Table.from_pylist(rows, schema=_row_schema())


def pending_prompts_datasource(reader: _Reader, last_position: int, window: int = READ_WINDOW) -> Any:
    """A Ray Data datasource of ``reader``'s plan's prompts still to run, read from the store: one read task
    per window of ``window`` suite positions up to ``last_position``. A task holds its window's bounds, not
    its prompts; what it reads is decided when it runs (Ray is imported here: it is an optional extra)."""
    from ray.data.block import BlockMetadata
    from ray.data.datasource import Datasource, ReadTask

    class _PendingPrompts(Datasource):
        def estimate_inmemory_data_size(self) -> int | None:
            return None

        def get_name(self) -> str:
            return "PendingPrompts"

        @property
        def supports_distributed_reads(self) -> bool:
            # The store is a file on the driver's disk: Ray runs the read tasks on the driver's node.
            return False

        def get_read_tasks(
            self, parallelism: int, per_task_row_limit: int | None = None, data_context: Any = None
        ) -> list[Any]:
            return [
                ReadTask(
                    partial(reader.read, lo - 1, lo + window),
                    BlockMetadata(num_rows=None, size_bytes=None, exec_stats=None, input_files=None),
                    schema=_row_schema(),
                )
                for lo in range(0, last_position + 1, window)
            ]

    return _PendingPrompts()


# -- the GPU path: ray.data.llm with vLLM ------------------------------------------------------------
def llm_preprocess_row(row: dict[str, Any], system_prompt: str | None, sampling: dict[str, Any]) -> dict[str, Any]:
    """ray.data.llm input row: the chat messages and sampling parameters, plus the task's own columns."""
    prompt = Prompt.from_dict(json.loads(row["prompt"]))
    messages = [m.to_openai() for m in conversation_messages(system_prompt, prompt)]
    return {**row, "messages": messages, "sampling_params": dict(sampling)}


def llm_postprocess_row(row: dict[str, Any]) -> dict[str, Any]:
    """Back from ray.data.llm: the task's columns plus the completion, marked as pregenerated."""
    keep: dict[str, Any] = {k: row[k] for k in ("plan", "prompt", "judges", "cached_completion_id") if k in row}
    error = row.get("__inference_error__") or None
    completion = Completion(
        text="" if error else str(row.get("generated_text") or ""),
        finish_reason="" if error else "stop",
        usage=Usage(int(row.get("num_input_tokens") or 0), int(row.get("num_generated_tokens") or 0)),
        error=f"vLLM inference failed: {error}" if error else None,
    )
    return {**keep, "pregenerated": True, "completion": _completion_json(completion)}


def _vllm_stage(ds: Any, spec: _WorkerSpec, workers: int) -> Any:
    """Generation of ``ds``'s rows through a ray.data.llm vLLM processor (one engine per GPU worker)."""
    from functools import partial

    from ray.data.llm import build_processor, vLLMEngineProcessorConfig

    from ..backends.vllm import engine_kwargs, sampling_kwargs

    name = spec.deployment.model.split("/", 1)[1]
    kwargs = engine_kwargs(name, spec.deployment.options.extra)
    kwargs.pop("model")
    config = vLLMEngineProcessorConfig(
        model_source=name,
        engine_kwargs=kwargs,
        concurrency=workers,
        batch_size=max(1, spec.batch_size),
        should_continue_on_error=True,
    )
    processor = build_processor(
        config,
        preprocess=partial(
            llm_preprocess_row, system_prompt=spec.deployment.system_prompt, sampling=sampling_kwargs(spec.generation)
        ),
        postprocess=llm_postprocess_row,
    )
    return processor(ds)


def _uses_ray_llm(spec: _WorkerSpec) -> bool:
    return (
        spec.deployment.model.startswith("vllm/")
        and not spec.deployment.filters
        and os.environ.get("OVERREFUSAL_RAY_LLM", "1") != "0"
    )


# -- the driver -------------------------------------------------------------------------------------
def default_shard_root(store: Store) -> Path:
    """Where a store's Parquet shards go while they wait to be ingested: beside the SQLite file."""
    return store.path.parent / f"{store.path.stem}.shards"


def execute_on_ray(
    plans: Sequence[RunPlan],
    store: Store,
    *,
    progress: Any = None,
    shard_root: str | os.PathLike[str] | None = None,
    workers: int | None = None,
    rows_per_task: int | None = None,
) -> list[RunOutcome]:
    """Run (or resume) several plans (deployments) on a Ray cluster; results end in ``store``.

    ``workers``: actors in the pool (default: the cluster's CPUs, at most one per task row).
    ``rows_per_task``: prompts per ``map_batches`` batch (default: each plan's batch_size, at most 32),
    also the granularity of shards, so of what a crash can lose.
    """
    if not plans:
        return []
    # Every string a worker's backend or judge returned is scrubbed of the keys of every plan on ingest.
    scrub = Scrubber.from_env({name for plan in plans for name in secret_env_names(plan)})
    root = Path(shard_root) if shard_root is not None else default_shard_root(store)
    leftovers = sorted(root.rglob("*.parquet")) if root.is_dir() else []
    if leftovers:
        # A previous invocation stopped between writing and ingesting these: keep their work.
        ingest_parquet(store, leftovers, scrub=scrub)
        for f in leftovers:
            f.unlink()

    outcomes: list[RunOutcome] = []
    records: list[RunRecord] = []
    specs: list[_WorkerSpec] = []
    generating: list[bool] = []
    total = done_total = 0
    for plan in plans:
        run_id = plan.resolved_run_id(store)
        record = run_record(plan, run_id, store)
        stored = store.check_identity(record) is not None
        outcome = RunOutcome(run_id=run_id, total=len(plan.suite.prompts) * len(plan.judges))
        if stored:
            outcome.already_done = store.done_records(run_id, [j.id for j in plan.judges])
        # As the local engine does: a server that is down or a bad model file fails the command before
        # anything is written, instead of filling the run with ERROR records on the workers. Whether any
        # prompt needs generating is read as a stream (the suite, or the stored run a page at a time).
        generating.append(needs_generation(plan, store, run_id, stored))
        if generating[-1]:
            asyncio.run(_preflight(plan.deployment))
        records.append(record)
        outcomes.append(outcome)
        total += outcome.total
        done_total += outcome.already_done
        specs.append(
            _WorkerSpec(
                run_id,
                plan.deployment,
                plan.generation,
                tuple(plan.judges),
                plan.concurrency,
                plan.batch_size,
                plan.rpm,
                plan.tpm,
            )
        )
    for plan, record in zip(plans, records):
        start_run(store, plan, record)  # once every plan's deployment is checked: a failed check writes nothing
    if progress:
        progress(done_total, total)
    # Counted in the store, not read: what is left is read by the dataset's tasks as the run goes.
    pending = [store.pending_count(o.run_id, [j.id for j in plan.judges]) for plan, o in zip(plans, outcomes)]
    if sum(pending):
        horizon = store.last_completion_id()
        readers = [
            (
                _Reader(
                    str(store.path.resolve()),
                    index,
                    outcome.run_id,
                    tuple(j.id for j in plan.judges),
                    plan.deployment,
                    plan.generation,
                    plan.use_cache and backend_is_cacheable(plan.deployment.model),
                    Select.ALL,
                    horizon,
                ),
                store.last_position(outcome.run_id),
            )
            for index, (plan, outcome) in enumerate(zip(plans, outcomes))
            if pending[index]
        ]
        _dispatch(
            specs, readers, generating, sum(pending), store, root, outcomes, progress, done_total, total, workers,
            rows_per_task, scrub,
        )  # fmt: skip
    for plan, outcome in zip(plans, outcomes):
        store.set_status(outcome.run_id, run_status(plan, store, outcome.run_id))
    return outcomes


async def _preflight(deployment: Deployment) -> None:
    """Open the deployment here once and let it check itself; a dependency missing on the driver only
    is left to the workers (a cluster's nodes may have extras the driver lacks)."""
    try:
        live = await deployment.open_checked()
    except MissingDependency:
        return
    await live.aclose()


def _dispatch(
    specs: list[_WorkerSpec],
    readers: list[tuple[_Reader, int]],
    generating: list[bool],
    pending: int,
    store: Store,
    root: Path,
    outcomes: list[RunOutcome],
    progress: Any,
    done: int,
    total: int,
    workers: int | None,
    rows_per_task: int | None,
    scrub: Scrubber,
) -> None:
    """Run ``pending`` prompts (``readers``: each plan's reader of them and its last suite position)."""
    # Ray's driver prints the cluster's error messages (a lost node, a task retried: "(raylet) Task ...
    # failed") to sys.stdout from a background thread, and stdout is the command's --json output: while the
    # cluster works on this run they go to stderr (found by the two-node kill test, tests/scale).
    with contextlib.redirect_stdout(sys.stderr):
        connected_here = not _import_ray().is_initialized()
        ray = init_ray()
        import pyarrow.parquet as pq
        from ray.util.client import ray as ray_client

        if ray_client.is_connected():
            raise UserError(
                "--engine ray reads the run's prompts from the store on the driver's node, which a Ray Client"
                " (ray://) connection does not have: run the command on a node of the cluster, with"
                " RAY_ADDRESS=HEAD_IP:6379",
                field="RAY_ADDRESS",
            )

        cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
        n_workers = max(1, min(workers or cpus, pending))
        per_task = rows_per_task or max(1, min(32, min(s.batch_size for s in specs)))
        # Enough rows per task to fill a batch, few enough that every worker gets some.
        per_task = max(1, min(per_task, -(-pending // n_workers)))

        def read(reader: _Reader, last: int, select: Select) -> Any:
            # The read tasks run on the driver's node (the datasource says so) and take no CPU from the
            # actors; two at a time, so what is read waits in a few blocks, never the whole suite.
            source = pending_prompts_datasource(replace(reader, select=select), last)
            windows = last // READ_WINDOW + 1
            return ray.data.read_datasource(source, num_cpus=0, concurrency=min(2, windows))

        # Rows the actors generate themselves (or only judge), plus, per vLLM plan, the rows that
        # ray.data.llm generates first; the actors then judge everything.
        parts = []
        for reader, last in readers:
            if not _uses_ray_llm(specs[reader.plan]):
                parts.append(read(reader, last, Select.ALL))
                continue
            parts.append(read(reader, last, Select.KNOWN))
            if generating[reader.plan]:
                parts.append(_vllm_stage(read(reader, last, Select.FRESH), specs[reader.plan], n_workers))
        ds = parts[0] if len(parts) == 1 else parts[0].union(*parts[1:])
        ds = ds.map_batches(
            GenerateAndJudge,
            fn_constructor_kwargs={"specs": specs, "workers": n_workers},
            batch_size=per_task,
            compute=ray.data.ActorPoolStrategy(size=n_workers),
            num_cpus=1,
            batch_format="numpy",
        )
        shard_dir = root / uuid.uuid4().hex
        shard_dir.mkdir(parents=True, exist_ok=True)
        by_run = {o.run_id: o for o in outcomes}
        try:
            for n, table in enumerate(ds.iter_batches(batch_format="pyarrow", batch_size=None)):
                if table.num_rows == 0:
                    continue
                shard = shard_dir / f"shard-{n:06d}.parquet"
                pq.write_table(table, shard)
                report: IngestReport = ingest_parquet(store, shard, scrub=scrub)
                shard.unlink()  # ingested: the store has it now
                _account(table, report, by_run)
                done += table.num_rows
                if progress:
                    progress(min(done, total), total)
        except Exception as exc:
            cause = getattr(exc, "cause", None)
            if isinstance(cause, UserError):
                raise UserError(cause.detail, path=cause.path, line=cause.line, field=cause.field) from None
            raise
        finally:
            if shard_dir.is_dir() and not any(shard_dir.iterdir()):
                shard_dir.rmdir()
            if connected_here and os.environ.get("RAY_ADDRESS"):
                # Disconnected from a cluster this process did not start, inside the redirection: the
                # listener that prints its messages stops here, so none reaches stdout after the run.
                ray.shutdown()


def _account(table: Any, report: IngestReport, by_run: dict[str, RunOutcome]) -> None:
    """Add a shard's rows to the invocation counts of their runs (a prompt's rows, one per judge it needed,
    come back in the same shard)."""
    seen: set[str] = set()
    reused: set[tuple[str, str]] = set()
    for row in table.select(["run_id", "prompt_id", "judge_id", "completion_uid", "verdict"]).to_pylist():
        outcome = by_run[row["run_id"]]
        outcome.judged += 1
        outcome.errors += row["verdict"] == Verdict.ERROR.value
        outcome.judge_calls[row["judge_id"]] = outcome.judge_calls.get(row["judge_id"], 0) + 1
        uid = row["completion_uid"]
        if uid and uid not in seen:
            seen.add(uid)
            outcome.generated += 1
        elif not uid and (row["run_id"], row["prompt_id"]) not in reused:
            # No new completion: the reply came with the row (this run's own or the generation cache's).
            reused.add((row["run_id"], row["prompt_id"]))
            outcome.from_cache += 1


__all__ = [
    "GenerateAndJudge",
    "default_shard_root",
    "execute_on_ray",
    "init_ray",
    "llm_postprocess_row",
    "llm_preprocess_row",
    "pending_prompts_datasource",
]
