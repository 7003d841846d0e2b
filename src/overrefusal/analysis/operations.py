"""The diagnosis commands' operations, one function each, as :mod:`overrefusal.api` exports them.

Each takes plain values (run references, model specs, paths), makes the backends and judges it needs,
closes them again, and returns the command's ``--json`` object; the CLI only parses flags and renders.
``store`` is an open :class:`Store` or the path of one (None: the default store); a path is opened only
once the arguments are checked, so bad input never creates a store file.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, cast

from .. import event_loop
from ..backends import BackendOptions, aclose, create_backend
from ..errors import UserError
from ..judges import DEFAULT_JUDGE, create_judge
from ..measure.deployment import read_text_arg
from ..measure.engine import ProgressCallback
from ..results import (
    AblationResult,
    ExportResult,
    GenerateResult,
    PolicyCheckResult,
    QualityResult,
    RewardProbeResult,
    TriggersResult,
)
from ..store import Store, default_store_path
from ..types import GenerationConfig, Verdict

T = TypeVar("T")

StoreArg = Store | str | Path | None
"""An open store, or the path of one (None: ``$OVERREFUSAL_STORE`` or the user data directory's)."""


@contextlib.contextmanager
def using_store(store: StoreArg, *, read_only: bool = False, existing: bool = False) -> Iterator[Store]:
    """``store`` itself when it is open; otherwise the store at that path, opened now and closed after.

    ``existing``: a command that works on stored runs but writes (``triggers`` stores its variants) must
    not create a store: a typo in the path is an error naming it, and no empty store is left behind."""
    if isinstance(store, Store):
        yield store
        return
    with Store(Path(store) if store else default_store_path(), read_only=read_only, create=not existing) as opened:
        yield opened


async def closing(make: Callable[[], Awaitable[T]], *closables: Any) -> T:
    """Run ``make()``, then close every backend or filter given (model memory, HTTP clients), even on error."""
    try:
        return await make()
    finally:
        for c in closables:
            if c is not None:
                await aclose(c)


def _is_replay(spec: str) -> bool:
    return spec.startswith("replay/") or Path(spec).expanduser().is_file()


def run_or_replay(store: Store, spec: str, flag: str) -> str:
    """A ``RUN_ID|replay/FILE`` value: a replay file (or any existing file) as given, else a run reference
    (an id, a unique prefix or ``latest``) resolved to the run's full id."""
    if _is_replay(spec):
        return spec
    try:
        return store.resolve_run_id(spec)
    except UserError as exc:
        raise UserError(
            f"'{spec}' is neither a run in the store nor a replay file ({exc.detail})", field=flag
        ) from None


def helper_backend(spec: str, base_url: str | None, api_key_env: str) -> Any:
    """A model that helps an analysis (rewriter, grader), made from its spec."""
    return create_backend(spec, BackendOptions(base_url=base_url, api_key_env=api_key_env))


def triggers(
    store: StoreArg,
    run_ref: str,
    *,
    rewriter: str | None = None,
    rules: bool = True,
    judge: str | None = None,
    base_url: str | None = None,
    api_key_env: str = "OPENAI_API_KEY",
    concurrency: int = 4,
    max_tokens: int | None = None,
    progress: ProgressCallback | None = None,
) -> TriggersResult:
    """``overrefusal triggers``: which words make the run's deployment refuse its benign prompts."""
    from ._runs import judge_for_run
    from .triggers import find_triggers

    if not rules and not rewriter:
        raise UserError("--no-rules needs --rewriter", field="--no-rules")
    with using_store(store, existing=True) as st:
        run_id = st.resolve_run_id(run_ref)
        j = judge_for_run(st.require_run(run_id), judge, store=st)
        rw = helper_backend(rewriter, base_url, api_key_env) if rewriter else None
        # The deeper modules build plain dicts; their keys are the TypedDict's (tests/test_json_results.py).
        return cast(
            TriggersResult,
            event_loop.run(
                closing(
                    lambda: find_triggers(
                        st,
                        run_id,
                        rewriter=rw,
                        rules=rules,
                        judge=j,
                        api_key_env=api_key_env,
                        concurrency=concurrency,
                        max_tokens=max_tokens,
                        progress=progress,
                    ),
                    rw,
                )
            ),
        )


def system_prompt_variants(values: Sequence[str]) -> list[tuple[str, str]]:
    """``--system-prompt`` values (TEXT or @FILE) -> (short label, text) pairs."""
    out = []
    for sp in values:
        if sp == "@":
            raise UserError("'@' needs a file name: @FILE", field="--system-prompt")
        text = read_text_arg(sp, "--system-prompt") or ""
        if not text.strip():
            # No system prompt at all: that configuration is the bare model, compared with itself.
            where = f"the file {sp[1:]} is" if sp.startswith("@") else "it is"
            raise UserError(f"{where} empty; give the system prompt's text", field="--system-prompt")
        label = sp if sp.startswith("@") else (sp[:60] + "…" if len(sp) > 60 else sp)
        out.append((label, text))
    return out


def ablate(
    store: StoreArg,
    *,
    model: str,
    options: BackendOptions,
    system_prompts: Sequence[tuple[str, str]],
    filters: Sequence[str],
    suite: str,
    mapping: dict[str, str] | None = None,
    limit: int | None = None,
    judge: str | None = None,
    generation: GenerationConfig | None = None,
    concurrency: int = 4,
    progress: ProgressCallback | None = None,
) -> AblationResult:
    """``overrefusal ablate``: how many refusals each system prompt (label, text) and filter adds to the bare
    model, on the same suite."""
    from ..suites import load_suite, select_languages
    from .ablation import ablate as run_ablation
    from .ablation import grid

    if not system_prompts and not filters:
        raise UserError("nothing to ablate: give at least one --system-prompt or --filter", field="--filter")
    from ..backends import check_options
    from ..filters import create_filter

    # Before any configuration runs or the store is opened: a refused command leaves nothing behind.
    check_options(model, options)
    for spec in filters:
        # Built once now so that a bad spec or word file is refused before any configuration runs and
        # stores its run (the bare model's would otherwise be in the store already).
        create_filter(spec, options)
    loaded = select_languages(load_suite(suite, mapping=mapping or None), None).limited(limit)
    j = create_judge(judge or DEFAULT_JUDGE)
    with using_store(store) as st:
        return cast(
            AblationResult,
            event_loop.run(
                run_ablation(
                    st,
                    loaded,
                    grid(model, options, list(system_prompts), list(filters)),
                    generation or GenerationConfig(),
                    j,
                    concurrency=concurrency,
                    progress=progress,
                )
            ),
        )


def quality(
    store: StoreArg,
    run_ref: str,
    *,
    grader: str,
    limit: int | None = None,
    base_url: str | None = None,
    api_key_env: str = "OPENAI_API_KEY",
    concurrency: int = 4,
    seed: int = 0,
) -> QualityResult:
    """``overrefusal quality``: helpfulness (graded 1-5), verbosity, hedging and repetition of the run's
    compliant benign replies."""
    from ..judges.quality import HelpfulnessGrader
    from .quality import assess_run

    with using_store(store, read_only=True) as st:
        run_id = st.resolve_run_id(run_ref)
        backend = helper_backend(grader, base_url, api_key_env)
        g = HelpfulnessGrader(backend, concurrency=concurrency)
        return cast(
            QualityResult, event_loop.run(closing(lambda: assess_run(st, run_id, g, limit=limit, seed=seed), backend))
        )


def reward_probe(
    *,
    reward_model: str,
    suite: str,
    limit: int | None = None,
    compliant: str | None = None,
    device: str = "cpu",
    seed: int = 0,
    store: StoreArg = None,
) -> RewardProbeResult:
    """``overrefusal reward-probe``: how often a reward model scores a refusal above a compliant reply to a
    benign prompt. ``compliant`` (a run or a replay file, read through ``store``) supplies real replies."""
    from ..suites import load_suite, select_languages
    from .references import load_references
    from .reward_probe import RewardModel, probe

    if compliant is not None and not compliant.strip():
        raise UserError("is empty; give a run id or replay/FILE, or leave the flag out", field="--compliant")
    loaded = select_languages(load_suite(suite), None).limited(limit)
    refs: dict[str, Any] = {}
    if compliant and _is_replay(compliant):
        # A file of replies needs no store: reading one must not require (or create) one.
        refs = event_loop.run(
            load_references(compliant, list(loaded.prompts), store=None, judge=create_judge(DEFAULT_JUDGE))
        )
    elif compliant:
        with using_store(store, read_only=True) as st:
            compliant = run_or_replay(st, compliant, "--compliant")
            refs = event_loop.run(
                load_references(compliant, list(loaded.prompts), store=st, judge=create_judge(DEFAULT_JUDGE))
            )

    # Loaded last: a model takes seconds to load, and a bad --compliant must not wait for it.
    model = RewardModel(reward_model, device=device)

    def real(p: Any) -> str | None:
        r = refs.get(p.id)
        return r.text if r is not None and r.verdict is Verdict.COMPLIANCE else None

    result = probe(loaded.prompts, model.score, real, seed=seed)
    return cast(
        RewardProbeResult,
        {
            "reward_model": reward_model,
            "suite": {"name": loaded.name, "version": loaded.version},
            "compliant": compliant,
            **result,
        },
    )


def generate(
    *,
    seeds_path: str,
    rewriter: str,
    out: str,
    moderators: Sequence[str] = (),
    per_seed: int = 3,
    dedup_threshold: float = 0.9,
    similarity: str = "auto",
    base_url: str | None = None,
    api_key_env: str = "OPENAI_API_KEY",
    generation: GenerationConfig | None = None,
    progress: Callable[[str], None] | None = None,
) -> GenerateResult:
    """``overrefusal generate``: write new benign look-alike prompts from harmful seeds to ``out``."""
    from ..filters import ModeratorFilter, Stage
    from ..guards.safe_files import check_output_path
    from .generate import choose_similarity, generate_suite, make_moderator, read_seeds, write_suite

    # The default store is protected too: a suite written over it would take every stored run with it.
    # A replay rewriter or moderator is read from a file: writing the suite over it would destroy it.
    replayed = [m[len("replay/") :] for m in (rewriter, *moderators) if m.startswith("replay/")]
    check_output_path(out, field="--out", inputs=[seeds_path, *replayed], store=default_store_path())
    seeds = read_seeds(seeds_path)
    options = BackendOptions(base_url=base_url, api_key_env=api_key_env)
    rw = create_backend(rewriter, options)
    # The same model as rewriter and moderator is loaded once.
    mods = [ModeratorFilter(rw, Stage.INPUT) if m == rewriter else make_moderator(m, options) for m in moderators]
    sim = choose_similarity(similarity)
    config = generation or GenerationConfig(temperature=0.7, max_tokens=48 * per_seed + 32)
    records, summary = event_loop.run(
        closing(
            lambda: generate_suite(
                seeds,
                rw,
                moderators=mods,
                per_seed=per_seed,
                dedup_threshold=dedup_threshold,
                similarity=sim,
                config=config,
                progress=progress,
            ),
            rw,
            *[m for m in mods if getattr(m, "backend", None) is not rw],
        )
    )
    write_suite(out, records)
    return cast(GenerateResult, {"out": out, "records": len(records), **summary})


def export_training(
    store: StoreArg, run_ref: str, *, fmt: str, out: str, reference: str | None = None, judge: str | None = None
) -> ExportResult:
    """``overrefusal export-training``: SFT/DPO pairs from the run's over- and under-refusals, written to ``out``."""
    from ..guards.safe_files import check_output_path
    from ._runs import judge_for_run
    from .export import export_training as write_pairs

    ref_file = reference[len("replay/") :] if reference and reference.startswith("replay/") else None
    store_file = store.path if isinstance(store, Store) else Path(store) if store else default_store_path()
    check_output_path(out, field="--out", inputs=[ref_file], store=store_file)
    with using_store(store, read_only=True) as st:
        run_id = st.resolve_run_id(run_ref)
        run = st.require_run(run_id)
        check_output_path(out, field="--out", run_inputs=st.input_files([run_id]))
        if reference is not None:
            reference = run_or_replay(st, reference, "--reference")
        return cast(
            ExportResult,
            event_loop.run(
                write_pairs(
                    st, run_id, fmt=fmt, out=out, reference=reference, judge=judge_for_run(run, judge, store=st)
                )
            ),
        )


@dataclass(frozen=True)
class PolicyCheck:
    """The ``policy-check`` result and the name of the policy it used (for the table's title)."""

    result: PolicyCheckResult
    """The ``policy-check --json`` object."""
    policy_name: str


def policy_check(store: StoreArg, run_ref: str, *, policy_path: str, judge: str | None = None) -> PolicyCheck:
    """``overrefusal policy-check``: over- and under-refusal of the run against a policy file."""
    from ..estimate.policy import check_policy, load_policy
    from ..estimate.summaries import require_judge

    policy = load_policy(policy_path)
    with using_store(store, read_only=True) as st:
        run_id = st.resolve_run_id(run_ref)
        run = st.require_run(run_id)
        if judge is not None:
            require_judge(st, run_id, judge)
        rows = st.results(run_id, judge)
    result = cast(PolicyCheckResult, {"run_id": run_id, "judge": judge or run.judge_id, **check_policy(rows, policy)})
    return PolicyCheck(result, policy.name)
