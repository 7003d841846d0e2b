"""Runs beyond one machine: suite x deployments x judges spread over a Ray cluster with Ray Data.

How a run goes:

1. The driver (this process) does what the local engine does first: checks the run's identity, opens the
   deployment once when a prompt still needs generating (so a server that is down fails the command before
   anything is written), and creates the run in the store (its prompts streamed from the suite file).
2. The tasks become a Ray Dataset read from the store (:func:`pending_prompts_datasource`, in ``pending``):
   each read task takes a window of suite positions and reads the prompts in it that a judge still needs
   (no record, or an ERROR one) with :meth:`Store.pending_prompts`, and the completions the store already
   has for them (from an earlier judge or the generation cache), which travel with the row, so nothing is
   generated twice and completed work is never dispatched. The read tasks run on the driver's node (the
   store is a file there) and Ray Data streams their blocks, so neither the driver nor the object store
   ever holds the whole suite: the driver keeps nothing per prompt (Ray Data keeps a record per block).
   ``map_batches`` runs the rows (``rows``) on a pool of actors (``actor``: a callable class, so each
   actor opens its deployment (loads its model) once): generate what is missing, in batches where the
   backend has ``generate_batch``, then judge with every judge that needs the reply.
   GPU path: for ``vllm/MODEL`` deployments without filters, generation runs through ``ray.data.llm``
   (``ray_llm``: a vLLM engine processor, continuous batching on each GPU worker) and the actors only judge.
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
import logging
import os
import sys
import uuid
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..backends import backend_is_cacheable
from ..errors import MissingDependency, UserError
from ..guards.secrets import Scrubber
from ..measure.deployment import Deployment
from ..measure.engine import (
    RunOutcome,
    RunPlan,
    needs_generation,
    run_record,
    run_status,
    secret_env_names,
    start_run,
)
from ..store import RunRecord, Store
from ..store.ingest import IngestReport, ingest_parquet
from ..types import Verdict
from .actor import GenerateAndJudge, WorkerSpec
from .pending import READ_WINDOW, PendingReader, Select, pending_prompts_datasource
from .ray_llm import llm_postprocess_row, llm_preprocess_row, uses_ray_llm, vllm_stage

LOCAL_NUM_CPUS = 2
"""CPUs of the local cluster started when RAY_ADDRESS is not set."""


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
    specs: list[WorkerSpec] = []
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
            WorkerSpec(
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
                PendingReader(
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
    specs: list[WorkerSpec],
    readers: list[tuple[PendingReader, int]],
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

        def read(reader: PendingReader, last: int, select: Select) -> Any:
            # The read tasks run on the driver's node (the datasource says so) and take no CPU from the
            # actors; two at a time, so what is read waits in a few blocks, never the whole suite.
            source = pending_prompts_datasource(replace(reader, select=select), last)
            windows = last // READ_WINDOW + 1
            return ray.data.read_datasource(source, num_cpus=0, concurrency=min(2, windows))

        # Rows the actors generate themselves (or only judge), plus, per vLLM plan, the rows that
        # ray.data.llm generates first; the actors then judge everything.
        parts = []
        for reader, last in readers:
            if not uses_ray_llm(specs[reader.plan]):
                parts.append(read(reader, last, Select.ALL))
                continue
            parts.append(read(reader, last, Select.KNOWN))
            if generating[reader.plan]:
                parts.append(vllm_stage(read(reader, last, Select.FRESH), specs[reader.plan], n_workers))
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
    "READ_WINDOW",
    "GenerateAndJudge",
    "Select",
    "default_shard_root",
    "execute_on_ray",
    "init_ray",
    "llm_postprocess_row",
    "llm_preprocess_row",
    "pending_prompts_datasource",
]
