"""The async run loop: generate what is missing (bounded concurrency, cache), judge in batches, store at once.

Crash safety comes from ordering: a completion is committed before it is judged, a judgement is committed
as soon as it is made, and on resume only prompts without a usable record are touched. An errored record
(backend failure, unreadable judge output) is retried on resume and replaced, so a run ends with exactly
one record per prompt and judge.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import math
import sys
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..backends import backend_is_cacheable
from ..errors import UserError
from ..guards.sanitize import clean_completion, clean_judgement
from ..guards.secrets import Scrubber
from ..judges import Judge, judge_creation
from ..judges.language.abstention import judge_readable
from ..registry import CreationSpec
from ..store import RunRecord, Store, provenance, run_input_files
from ..store.run_names import HASH_LENGTH, derived_run_id, legacy_run_id
from ..types import Completion, GenerationConfig, Judgement, Prompt, StyleSignals, Suite, Verdict, stable_hash
from .deployment import Deployment, LiveDeployment
from .ratelimit import RateLimiter, estimate_tokens

ProgressCallback = Callable[[int, int], None]
"""Called with (done, total) after each judged prompt."""


@dataclass(frozen=True)
class RunPlan:
    """Everything that defines a run, plus how hard to push the backend."""

    suite: Suite
    deployment: Deployment
    generation: GenerationConfig
    judges: Sequence[Judge]
    """The first is the run's primary judge (the one summaries use by default)."""
    run_id: str | None = None
    """None: derived from the run's identity, so repeating a command resumes it."""
    concurrency: int = 4
    use_cache: bool = True
    judge_batch_size: int = 32
    rpm: float | None = None
    """Requests per minute to stay under (None: unlimited); counts every generation call."""
    tpm: float | None = None
    """Tokens (prompt + reply) per minute to stay under (None: unlimited)."""
    batch_size: int = 32
    """Prompts per ``generate_batch`` call, for backends that have one (hf, vllm); 1 disables batching."""
    rate_limiter: RateLimiter | None = None
    """A ready limiter (e.g. with an injected clock, or shared by several runs); overrides rpm/tpm."""

    def identity(self) -> dict[str, object]:
        return self._identity(self.deployment.id)

    def _identity(self, deployment_id: str) -> dict[str, object]:
        return {
            "suite_version": self.suite.version,
            "deployment_id": deployment_id,
            "generation": self.generation.to_dict(),
            "judge_id": self.judges[0].id,
        }

    def identities(self) -> list[dict[str, object]]:
        """Every identity a stored run of this plan may have: :meth:`identity`, then the one with the
        deployment's legacy id (backend options hashed as spelled, before ids followed their meaning), so a
        run stored by an older version is still found and resumed by the command that made it."""
        return [self._identity(d) for d in self.deployment.ids]

    def resolved_run_id(self, store: Store | None = None) -> str:
        """``run_id`` if given, else the derived short id (see :mod:`.run_names`). With a ``store``: a run
        this store holds under its pre-short-name id, or under the id of its legacy identity
        (:meth:`identities`), is resumed under that id, and a short id already taken by a run of another
        identity (a hash clash) is lengthened until it is free or matches."""
        if self.run_id:
            return self.run_id
        model, suite, identity = self.deployment.model, self.suite.name, self.identity()
        short = derived_run_id(model, suite, identity)
        if store is None:
            return short
        identities = self.identities()

        def mine(run_id: str) -> bool:
            found = store.get_run(run_id)
            return found is not None and found.identity() in identities

        if mine(short):
            return short
        for other in identities:
            for candidate in (derived_run_id(model, suite, other), legacy_run_id(model, suite, other)):
                if mine(candidate):
                    return candidate
        length = HASH_LENGTH
        existing = store.get_run(short)
        while existing is not None and existing.identity() not in identities and length < 32:
            length += 2
            short = derived_run_id(model, suite, identity, hash_length=length)
            existing = store.get_run(short)
        return short


@dataclass
class RunOutcome:
    """What one invocation did (not the run's totals: see the summary for those)."""

    run_id: str
    total: int = 0
    generated: int = 0
    """Generation calls made now."""
    from_cache: int = 0
    """Completions reused from the cache or from an earlier judge's record."""
    judged: int = 0
    errors: int = 0
    already_done: int = 0
    judge_calls: dict[str, int] = field(default_factory=dict)


def cache_key(
    deployment: Deployment, generation: GenerationConfig, prompt: Prompt, *, deployment_id: str | None = None
) -> str:
    """Identical (deployment, generation settings, conversation) -> identical key: generated once.
    ``deployment_id``: one of the deployment's other ids (its legacy id) instead of :attr:`Deployment.id`."""
    did = deployment_id or deployment.id
    if prompt.history:
        return stable_hash([did, generation.to_dict(), [m.to_openai() for m in prompt.conversation()]], 32)
    # The key single requests always had, stable_hash([did, generation.to_dict(), prompt.text], 32), with the
    # part every prompt of a run shares hashed once (it was a few per cent of a fast run's CPU).
    digest = _key_head(did, generation).copy()
    digest.update((json.dumps(prompt.text, ensure_ascii=False) + "]").encode())
    return str(digest.hexdigest()[:32])


@functools.lru_cache(maxsize=64)
def _key_head(deployment_id: str, generation: GenerationConfig) -> Any:
    """The hash state after ``[deployment_id, generation, `` as :func:`~overrefusal.types.stable_hash` writes it."""
    head = json.dumps([deployment_id, generation.to_dict()], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256((head[:-1] + ", ").encode())


def cached_completion(
    store: Store, deployment: Deployment, generation: GenerationConfig, prompt: Prompt, *, up_to: int | None = None
) -> tuple[int, Completion] | None:
    """The stored reply for this key, also under the deployment's legacy id (replies generated before ids
    followed option meaning, e.g. by the interrupted run being resumed). ``up_to``: only a completion of that
    id or older (the store's lookup gives a key's oldest), as the cache was when that was the newest."""
    for did in deployment.ids:
        hit = store.cached_completion(cache_key(deployment, generation, prompt, deployment_id=did))
        if hit is not None and (up_to is None or hit[0] <= up_to):
            return hit
    return None


def _error_judgement(judge: Judge, completion: Completion, message: str | None = None) -> Judgement:
    return Judgement(
        verdict=Verdict.ERROR,
        confidence=0.0,
        judge=judge.id,
        error=message or completion.error or "error",
        signals=StyleSignals(length=len(completion.text)),
    )


def _finite_confidence(value: object) -> bool:
    return not (isinstance(value, float) and not math.isfinite(value))


async def _judge_batch(judge: Judge, items: list[tuple[Prompt, Completion]]) -> list[Judgement]:
    try:
        # Replies in a language the judge does not read get NOT_JUDGED; it sees only the rest.
        out = await judge_readable(judge, items)
        if len(out) != len(items):
            raise RuntimeError(f"judge returned {len(out)} judgements for {len(items)} replies")
        # Any judge (a plugin too) whose score came out NaN or infinite gave no verdict: an ERROR record,
        # never the compliance a NaN comparison happens to pick.
        return [
            j
            if j.verdict is Verdict.ERROR or _finite_confidence(j.confidence)
            else _error_judgement(judge, c, f"the judge's confidence is not a finite number ({j.confidence!r})")
            for j, (_, c) in zip(out, items)
        ]
    except Exception as exc:  # a judge failure is an ERROR record, never a verdict
        return [_error_judgement(judge, c, f"judge failed: {type(exc).__name__}: {exc}") for _, c in items]


def secret_env_names(plan: RunPlan) -> set[str]:
    """Environment variables holding keys this run sends anywhere: the deployment's and its judges' (an
    LLM judge's backend), so that no server can echo one of them into the store."""
    names = {plan.deployment.options.api_key_env}
    for judge in plan.judges:
        options = getattr(getattr(judge, "backend", None), "options", None)
        name = getattr(options, "api_key_env", None)
        if isinstance(name, str):
            names.add(name)
    return names


async def execute(plan: RunPlan, store: Store, progress: ProgressCallback | None = None) -> RunOutcome:
    """Run (or resume) a plan to completion, writing everything to ``store`` as it arrives.

    Two processes on one run id: the second waits for the first (:meth:`Store.run_lock`), then resumes
    and finds the work done, so no prompt is generated twice."""
    run_id = plan.resolved_run_id(store)

    def waiting() -> None:
        print(
            f"run {_printable(run_id)} is in progress in another process; waiting for it to finish",
            file=sys.stderr,
            flush=True,
        )

    with store.run_lock(run_id, on_wait=waiting):
        return await _execute_locked(plan, store, run_id, progress)


def _printable(text: str) -> str:
    return "".join(ch if ch.isprintable() else "\ufffd" for ch in text)


# -- run bookkeeping shared by this engine and the Ray engine (distributed/ray_engine.py) ----------------


def run_record(plan: RunPlan, run_id: str, store: Store | None = None) -> RunRecord:
    """The stored identity and provenance of the plan's run. A run ``store`` already holds under the plan's
    legacy identity (:meth:`RunPlan.identities`) keeps its legacy deployment id, so it resumes."""
    deployment_id = plan.deployment.id
    stored = store.get_run(run_id) if store is not None else None
    if stored is not None and stored.identity() in plan.identities():
        deployment_id = stored.deployment_id
    return RunRecord(
        run_id=run_id,
        suite_name=plan.suite.name,
        suite_version=plan.suite.version,
        deployment_id=deployment_id,
        deployment=plan.deployment.describe(),
        generation=plan.generation.to_dict(),
        judge_id=plan.judges[0].id,
        # Resolved now: the run's replay and suite files are named as given, relative to this directory.
        provenance=provenance(
            run_input_files(plan.deployment.model, plan.suite.sources()),
            [f.to_dict() for f in plan.suite.files],
        ),
    )


def start_run(store: Store, plan: RunPlan, record: RunRecord) -> None:
    """Create (or resume) the run in the store, with how its backend and judges were made."""
    store.begin_run(record, plan.suite.prompts)  # one pass over the suite, streamed into the store
    components: list[tuple[str, CreationSpec]] = []
    backend = plan.deployment.backend_creation()
    if backend is not None:
        components.append((record.deployment_id, backend))  # the stored run's id (a legacy one when resumed)
    for judge in plan.judges:
        spec = judge_creation(judge)
        if spec is not None:
            components.append((judge.id, spec))
    store.record_components(record.run_id, components)


def run_status(plan: RunPlan, store: Store, run_id: str) -> str:
    """``complete`` when every prompt has a non-ERROR record of every judge, else ``incomplete``."""
    return "incomplete" if store.has_pending(run_id, [j.id for j in plan.judges]) else "complete"


class _Waiting(NamedTuple):
    """A prompt some judges still need, on its way to generation."""

    position: int
    """Its place in the suite."""
    prompt: Prompt
    judges: Sequence[Judge]
    """The judges that need a record of it."""
    reusable: int | None
    """A successful reply to it this run already stored (judged again for free); None when there is none."""


def waiting_prompts(plan: RunPlan, store: Store, run_id: str) -> Iterator[_Waiting]:
    """The run's prompts that a judge still needs, read from the store a page at a time in suite order (see
    :meth:`Store.pending_prompts`), so that a 100,000-prompt run holds one page of prompts, not all."""
    ids = [j.id for j in plan.judges]
    # Prompts that miss the same judges share one list (read, never changed).
    shared: dict[tuple[int, ...], list[Judge]] = {}
    after: int | None = -1
    while after is not None:
        page, after = store.pending_prompts(run_id, ids, after=after)
        for w in page:
            judges = shared.get(w.judges)
            if judges is None:
                judges = shared[w.judges] = [plan.judges[i] for i in w.judges]
            yield _Waiting(w.position, w.prompt, judges, w.reusable)


def needs_generation(plan: RunPlan, store: Store, run_id: str, stored: bool) -> bool:
    """Whether a prompt still to run has no reply to reuse (this run's, or the generation cache's), so the
    deployment must be opened: read as a stream and stopped at the first such prompt. What is left: for a run
    not ``stored`` yet, every prompt of the suite (nothing is done or reusable); for a stored one, what its
    records lack, from the store a page at a time."""
    use_cache = plan.use_cache and backend_is_cacheable(plan.deployment.model)
    candidates: Generator[tuple[Prompt, int | None]]
    if not stored:
        candidates = ((p, None) for p in plan.suite.prompts)
    else:
        candidates = ((w.prompt, w.reusable) for w in waiting_prompts(plan, store, run_id))

    def must_generate(p: Prompt, reusable: int | None) -> bool:
        if reusable is not None:
            return False
        return not (use_cache and cached_completion(store, plan.deployment, plan.generation, p))

    try:
        return any(must_generate(p, reusable) for p, reusable in candidates)
    finally:
        candidates.close()  # a pass stopped early would keep the suite file's text alive for the whole run


async def _execute_locked(plan: RunPlan, store: Store, run_id: str, progress: ProgressCallback | None) -> RunOutcome:
    record = run_record(plan, run_id, store)
    stored = store.check_identity(record)
    outcome = RunOutcome(run_id=run_id, total=len(plan.suite.prompts) * len(plan.judges))
    use_cache = plan.use_cache and backend_is_cacheable(plan.deployment.model)
    if stored is not None:
        outcome.already_done = store.done_records(run_id, [j.id for j in plan.judges])
    # Open (and check) the deployment before writing anything, so that a bad replay file or a server
    # that is down fails the command without leaving an empty run behind.
    live: LiveDeployment | None = None
    if needs_generation(plan, store, run_id, stored is not None):
        live = await plan.deployment.open_checked()
    try:
        start_run(store, plan, record)
        scrubber = Scrubber.from_env(secret_env_names(plan))
        return await _work(plan, store, run_id, use_cache, live, outcome, progress, scrubber)
    finally:
        if live is not None:
            await live.aclose()


async def _work(
    plan: RunPlan,
    store: Store,
    run_id: str,
    use_cache: bool,
    live: LiveDeployment | None,
    outcome: RunOutcome,
    progress: ProgressCallback | None,
    scrubber: Scrubber,
) -> RunOutcome:
    done = outcome.already_done
    if progress:
        progress(done, outcome.total)
    if not store.has_pending(run_id, [j.id for j in plan.judges]):
        store.set_status(run_id, "complete")
        return outcome
    semaphore = asyncio.Semaphore(max(1, plan.concurrency))
    # Bounded, so that replies arriving faster than they are judged wait in the producers (which then stop
    # pulling prompts) rather than pile up in memory.
    queue: asyncio.Queue[_Reply | None] = asyncio.Queue(maxsize=max(plan.judge_batch_size, plan.concurrency) * 4)
    limiter = plan.rate_limiter or RateLimiter(plan.rpm, plan.tpm)
    # Batch backends (hf, vllm) are fed whole chunks: one padded forward pass or one vLLM schedule
    # for many prompts is what makes them fast; one call per prompt would serialise them.
    batching = live is not None and plan.batch_size > 1 and live.supports_batch
    pending: list[_Waiting] = []

    async def generate_chunk(chunk: list[_Waiting]) -> None:
        assert live is not None
        async with semaphore:
            prompts = [w.prompt for w in chunk]
            permit = await limiter.acquire(len(chunk), _estimate(plan, prompts))
            try:
                completions = await live.respond_batch(prompts, plan.generation)
            except UserError:
                raise  # e.g. a model that cannot be loaded at all: every chunk would fail the same way
            except Exception as exc:  # noqa: BLE001 - a failed batch is an ERROR per prompt, never a crash
                completions = [
                    Completion(text="", error=f"batch generation failed: {type(exc).__name__}: {exc}") for _ in chunk
                ]
            limiter.settle(permit, _used_tokens(completions))
        for w, completion in zip(chunk, completions):
            completion = clean_completion(completion, scrubber)
            outcome.generated += 1
            # Stored with its records by the judge loop, like single generations.
            key = cache_key(plan.deployment, plan.generation, w.prompt)
            await queue.put(_Reply(w.prompt, w.judges, completion, None, key))

    async def obtain(w: _Waiting) -> None:
        prompt = w.prompt
        if w.reusable is not None:
            outcome.from_cache += 1
            await queue.put(_Reply(prompt, w.judges, store.completion(w.reusable), w.reusable))
            return
        key = cache_key(plan.deployment, plan.generation, prompt)
        if use_cache:
            hit = cached_completion(store, plan.deployment, plan.generation, prompt)
            if hit is not None:
                outcome.from_cache += 1
                await queue.put(_Reply(prompt, w.judges, hit[1], hit[0]))
                return
        assert live is not None, "the deployment is opened whenever a prompt has no reusable completion"
        d = live
        screened = False
        if use_cache and d.input_filters_only:
            # A prompt the input filters let through is sent to the model exactly as by the same deployment
            # without filters, so that deployment's stored reply is this one's too: an ablation of filters
            # (or the first run) generates each reply once, not once per filter configuration.
            async with semaphore:
                stopped = await d.screen_input(prompt)
            if stopped is not None:
                outcome.generated += 1  # counted like a block returned by respond()
                stopped = clean_completion(stopped, scrubber)
                await queue.put(_Reply(prompt, w.judges, stopped, None, key))
                return
            shared = cached_completion(store, plan.deployment.without_filters(), plan.generation, prompt)
            if shared is not None:
                outcome.from_cache += 1
                await queue.put(_Reply(prompt, w.judges, shared[1], shared[0]))
                return
            screened = True
        if batching:
            pending.append(w)  # generated in chunks once every cache lookup is done (generate_chunk)
            return
        async with semaphore:
            # Taken inside the semaphore: a request is charged when it can actually be sent, so the
            # bucket is not drained by prompts still queued behind the concurrency bound.
            permit = await limiter.acquire(1, _estimate(plan, [prompt]))
            try:
                completion = await d.respond(prompt, plan.generation, screened=screened)
            except UserError:
                raise
            except Exception as exc:  # noqa: BLE001 - one failed prompt is an ERROR record, never a crash
                completion = Completion(text="", error=f"generation failed: {type(exc).__name__}: {exc}")
            completion = clean_completion(completion, scrubber)
            limiter.settle(permit, _used_tokens([completion]))
        outcome.generated += 1
        await queue.put(_Reply(prompt, w.judges, completion, None, key))

    async def judge_loop() -> None:
        nonlocal done
        finished = False
        while not finished:
            first = await queue.get()
            batch = [first] if first is not None else []
            finished = first is None
            # Drain what is ready, so batch judges see batches without waiting for stragglers.
            while not finished and len(batch) < plan.judge_batch_size and not queue.empty():
                item = queue.get_nowait()
                if item is None:
                    finished = True
                else:
                    batch.append(item)
            records: list[tuple[int, Judgement]] = []  # (index in batch, judgement)
            for judge in plan.judges:
                mine = [(i, r) for i, r in enumerate(batch) if judge in r.judges]
                if not mine:
                    continue
                ok = [(r.prompt, r.completion) for _, r in mine if r.completion.ok]
                judged = iter(await _judge_batch(judge, ok) if ok else [])
                outcome.judge_calls[judge.id] = outcome.judge_calls.get(judge.id, 0) + len(ok)
                for i, r in mine:
                    c = r.completion
                    records.append((i, clean_judgement(next(judged) if c.ok else _error_judgement(judge, c), scrubber)))
            # One transaction per batch: the new replies and their records are stored together or not at all.
            # A kill before the commit loses only replies that have no record yet, which a resume generates
            # again; a committed record is never redone.
            with store.transaction():
                ids = [
                    r.completion_id if r.completion_id is not None else store.add_completion(r.key, r.completion)
                    for r in batch
                ]
                for i, j in records:
                    store.put_result(run_id, batch[i].prompt.id, ids[i], j)
            for _, j in records:
                outcome.judged += 1
                outcome.errors += j.verdict is Verdict.ERROR
                done += 1
                if progress:
                    progress(done, outcome.total)

    consumer = asyncio.create_task(judge_loop())
    try:
        # A fixed pool of workers pulls prompts from one iterator, which reads them from the store a page at a
        # time: one task per prompt would hold a coroutine and its frame for every prompt of the suite at
        # once (about 1 KB each, 100 MB at 100,000 prompts), and a list of them the prompts themselves.
        waiting = waiting_prompts(plan, store, run_id)

        async def worker() -> None:
            for w in waiting:
                await obtain(w)

        workers = max(1, plan.concurrency) * _WORKERS_PER_SLOT
        producers = [asyncio.create_task(worker()) for _ in range(workers)]
        try:
            await _unless_failed(consumer, producers)
            if pending:
                pending.sort(key=lambda w: w.position)  # suite order, whatever order the lookups ended in
                size = max(1, plan.batch_size)
                producers = [
                    asyncio.create_task(generate_chunk(pending[i : i + size])) for i in range(0, len(pending), size)
                ]
                await _unless_failed(consumer, producers)
        finally:
            for t in producers:
                t.cancel()
            if not consumer.done():
                await queue.put(None)
        await consumer
    finally:
        consumer.cancel()
    store.set_status(run_id, run_status(plan, store, run_id))
    return outcome


class _Reply(NamedTuple):
    """A reply on its way from generation to the judges and the store."""

    prompt: Prompt
    """The prompt it answers."""
    judges: Sequence[Judge]
    """The judges that need a record of it."""
    completion: Completion
    """The reply (or the error that took its place)."""
    completion_id: int | None
    """Its row in the store when it is already there (a cache hit, an earlier judge's reply); None when new."""
    key: str = ""
    """The cache key a new reply is stored under."""


async def _unless_failed(consumer: asyncio.Task[None], producers: list[asyncio.Task[None]]) -> None:
    """Wait for the producers; if the consumer fails first, raise its error (producers blocked on the full
    queue would otherwise wait for it forever)."""
    gathered: asyncio.Future[list[None]] = asyncio.gather(*producers)
    # Ctrl-C cancels the run's task while it waits below, and the producers are then cancelled without this
    # future being awaited: its CancelledError, never retrieved, would be logged with a traceback under the
    # "interrupted" line. Retrieved here; an ``await gathered`` still raises it.
    gathered.add_done_callback(_retrieve)
    watched: list[asyncio.Future[Any]] = [gathered, consumer]
    await asyncio.wait(watched, return_when=asyncio.FIRST_COMPLETED)
    if consumer.done() and not gathered.done():
        gathered.cancel()
        await asyncio.wait([gathered])  # the producers' cancellation has ended before the error goes up
        consumer.result()  # raises the consumer's error
    await gathered


def _retrieve(future: asyncio.Future[Any]) -> None:
    """Mark ``future``'s exception as retrieved, so that asyncio does not log it when nobody awaits it."""
    if not future.cancelled():
        future.exception()


_WORKERS_PER_SLOT = 2
"""Workers per concurrency slot: one waits on its request while the other does its cache lookup and store
write, so the slots stay busy without a task per prompt."""


def _estimate(plan: RunPlan, prompts: Sequence[Prompt]) -> float:
    """Tokens the requests for ``prompts`` may use, charged to the TPM limit before they are sent."""
    texts = [m.content for p in prompts for m in plan.deployment.messages(p)]
    return estimate_tokens(texts, plan.generation.max_tokens * len(prompts))


def _used_tokens(completions: Sequence[Completion]) -> float | None:
    """Tokens the backend reported for these completions; None when it reported none (keep the estimate)."""
    total = sum(c.usage.prompt_tokens + c.usage.completion_tokens for c in completions)
    return float(total) if total > 0 else None
