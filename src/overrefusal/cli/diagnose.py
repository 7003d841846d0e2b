"""Diagnosis and mitigation commands: triggers, ablate, quality, reward-probe, generate, export-training,
policy-check. Each is a thin layer over ``overrefusal.analysis`` (or ``overrefusal.policy``)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Awaitable, Callable, TypeVar

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import api
from ..backends import BackendOptions, create_backend
from ..deployment import DEFAULT_MODEL, read_text_arg
from ..errors import UserError
from ..report.terminal import ProgressBar, safe_text, stdout_console
from ._params import LIMIT, BoundedInt, CONCURRENCY, FRACTION, POSITIVE, SEED, TEMPERATURE
from ._common import json_option, parse_pairs, print_json, store_option, user_errors

T = TypeVar("T")


def _c(value: Any) -> str:
    """Untrusted text (run ids, file and model names) for the terminal: control characters neutralised."""
    return safe_text(str(value)).plain


def _est(e: dict[str, Any]) -> str:
    if not e or e.get("n", 0) == 0:
        return "–"
    return f"{100 * e['value']:.0f}% [{100 * e['low']:.0f}–{100 * e['high']:.0f}] n={e['n']}"


def _mean(e: dict[str, Any]) -> str:
    if not e or e.get("n", 0) == 0:
        return "–"
    return f"{e['value']:.2f} [{e['low']:.2f}–{e['high']:.2f}] n={e['n']}"


async def _closing(make: Callable[[], Awaitable[T]], *closables: Any) -> T:
    """Run ``make()`` then close every backend/filter given (model memory, HTTP clients)."""
    try:
        return await make()
    finally:
        for c in closables:
            close = getattr(c, "aclose", None)
            if close is not None:
                await close()


def _run_or_replay(store: Any, spec: str, flag: str) -> str:
    """A ``RUN_ID|replay/FILE`` option: a replay file (or any existing file) as given, else a run reference
    (an id, a unique prefix or ``latest``) resolved to the run's full id."""
    if spec.startswith("replay/") or Path(spec).expanduser().is_file():
        return spec
    try:
        return api.resolve_run_id(spec, store=store)
    except UserError as exc:
        raise UserError(f"'{spec}' is neither a run in the store nor a replay file ({exc.detail})", field=flag) from None


def _helper_backend(spec: str, base_url: str | None, api_key_env: str) -> Any:
    return create_backend(spec, BackendOptions(base_url=base_url, api_key_env=api_key_env))


# --- triggers -----------------------------------------------------------------------------------------


@click.command("triggers")
@click.argument("run_id")
@click.option("--rewriter", default=None, metavar="MODEL",
              help="Also ask this model (PROVIDER/NAME) to rewrite each candidate word away.")
@click.option("--no-rules", is_flag=True, help="Only the rewriter's variants (no rule-based remove/replace).")
@click.option("--judge", default=None, help="Judge the variants with this judge (default: the run's judge).")
@click.option("--base-url", default=None, help="Server URL for an openai/ rewriter.")
@click.option("--api-key-env", default="OPENAI_API_KEY", show_default=True,
              help="Variable holding the API key, for the deployment and the rewriter.")
@click.option("--concurrency", default=4, show_default=True, type=CONCURRENCY)
@click.option("--max-tokens", default=None, type=POSITIVE, help="Override the run's max tokens.")
@click.option("--top", default=15, show_default=True, type=POSITIVE, help="Words shown in the table.")
@store_option
@json_option
@user_errors
def triggers_command(run_id: str, rewriter: str | None, no_rules: bool, judge: str | None, base_url: str | None,
                     api_key_env: str, concurrency: int, max_tokens: int | None, top: int, store_path: str | None,
                     as_json: bool) -> None:
    """Which words make RUN_ID's deployment refuse its benign prompts (counterfactual variants)."""
    from ..analysis._runs import judge_for_run
    from ..analysis.triggers import find_triggers

    if no_rules and not rewriter:
        raise UserError("--no-rules needs --rewriter", field="--no-rules")
    with api.open_store(store_path) as store:
        run_id = api.resolve_run_id(run_id, store=store)
        run = store.require_run(run_id)
        j = judge_for_run(run, judge, store=store)
        rw = _helper_backend(rewriter, base_url, api_key_env) if rewriter else None
        with ProgressBar(enabled=not as_json) as bar:
            report = asyncio.run(_closing(lambda: find_triggers(
                store, run_id, rewriter=rw, rules=not no_rules, judge=j, api_key_env=api_key_env,
                concurrency=concurrency, max_tokens=max_tokens, progress=bar.update), rw))
    if as_json:
        print_json(report)
        return
    render_triggers(report, top, stdout_console())


def render_triggers(report: dict[str, Any], top: int, con: Console) -> None:
    """The ``triggers`` table: the words whose removal or replacement flips a refusal, best supported first."""
    examined = report.get("examined", report["refused"])
    shown = f"{report['refused']} refused benign prompts" + (
        f" (the first {examined} varied)" if examined < report["refused"] else "")
    con.print(Text.assemble(("trigger words  ", "bold"), f"run {_c(report['run_id'])}  ·  {shown}  ·  "
                            f"{report['variants']} variants  ·  judge {_c(report['judge'])}  ·  "
                            f"stored as {_c(report['variants_run_id'])}"))
    for note in report["notes"]:
        con.print(Text(f"note: {_c(note)}", style="yellow"))
    table = Table(show_edge=False)
    for col in ("word", "flips/trials", "flip rate [95% CI]", "prompts", "as focus", "remove", "replace", "rewrite"):
        table.add_column(col)
    def cell(kinds: dict[str, Any], k: str) -> str:
        return f"{kinds[k]['flips']}/{kinds[k]['trials']}" if k in kinds else "–"

    for w in report["words"][:top]:
        kinds = w["by_kind"]
        table.add_row(safe_text(w["word"]), f"{w['flips']}/{w['trials']}", _est(w["flip_rate"]), str(w["prompts"]),
                      str(w["as_focus"]), cell(kinds, "remove"), cell(kinds, "replace"), cell(kinds, "rewrite"))
    con.print(table)
    tail = f"errors {report['errors']}  ·  prompts without candidate words {report['no_candidates']}"
    if report["rewriter"]:
        tail += f"  ·  rewriter {_c(report['rewriter'])}: {report['rewrite_failures']} rewrite failures"
    con.print(Text(tail))


# --- ablate -------------------------------------------------------------------------------------------


@click.command("ablate")
@click.option("--model", "-m", default=DEFAULT_MODEL, show_default=True, help="PROVIDER/NAME of the bare model.")
@click.option("--system-prompt", "system_prompts", multiple=True, help="A system prompt TEXT or @FILE (repeatable).")
@click.option("--filter", "filters", multiple=True, help="A filter spec (repeatable), e.g. keyword:@words.txt.")
@click.option("--suite", "-s", required=True, help="core, a public benchmark (`overrefusal suites`), NAME=PATH (a local copy of one), or a CSV/JSONL/JSON/Parquet file.")
@click.option("--column", "columns", multiple=True, metavar="FIELD=COLUMN", help="Column mapping for suite files.")
@click.option("--limit", default=None, type=LIMIT, help="First N prompts, pairs kept together ('all' for every prompt).")
@click.option("--judge", default=None, help="Judge (default: the default judge).")
@click.option("--base-url", default=None)
@click.option("--api-key-env", default="OPENAI_API_KEY", show_default=True)
@click.option("--backend-option", "backend_options", multiple=True, metavar="KEY=VALUE")
@click.option("--concurrency", default=4, show_default=True, type=CONCURRENCY)
@click.option("--max-tokens", default=128, show_default=True, type=POSITIVE)
@click.option("--temperature", default=0.0, show_default=True, type=TEMPERATURE)
@click.option("--seed", default=0, show_default=True, type=SEED)
@store_option
@json_option
@user_errors
def ablate_command(model: str, system_prompts: tuple[str, ...], filters: tuple[str, ...], suite: str,
                   columns: tuple[str, ...], limit: int | None, judge: str | None, base_url: str | None,
                   api_key_env: str, backend_options: tuple[str, ...], concurrency: int, max_tokens: int,
                   temperature: float, seed: int, store_path: str | None, as_json: bool) -> None:
    """How many refusals each system prompt and filter adds to the bare model, on the same suite."""
    from ..analysis.ablation import ablate, grid
    from ..judges import DEFAULT_JUDGE, create_judge
    from ..suites import load_suite, select_languages
    from ..types import GenerationConfig

    if not system_prompts and not filters:
        raise UserError("nothing to ablate: give at least one --system-prompt or --filter", field="--filter")
    prompts = []
    for sp in system_prompts:
        text = read_text_arg(sp, "--system-prompt") or ""
        label = sp if sp.startswith("@") else (sp[:60] + "…" if len(sp) > 60 else sp)
        prompts.append((label, text))
    options = BackendOptions(base_url=base_url, api_key_env=api_key_env,
                             extra=parse_pairs(backend_options, "--backend-option"))
    loaded = select_languages(load_suite(suite, mapping=parse_pairs(columns, "--column") or None), None).limited(
        limit)
    generation = GenerationConfig(temperature=temperature, max_tokens=max_tokens, seed=seed)
    j = create_judge(judge or DEFAULT_JUDGE)
    with api.open_store(store_path) as store, ProgressBar(enabled=not as_json) as bar:
        result = asyncio.run(ablate(store, loaded, grid(model, options, prompts, list(filters)), generation, j,
                                    concurrency=concurrency, progress=bar.update))
    if as_json:
        print_json(result)
        return
    render_ablation(result, [label for label, _ in prompts], stdout_console())


def render_ablation(result: dict[str, Any], system_prompt_labels: list[str], con: Console) -> None:
    """The ``ablate`` table: each configuration's refusals against the bare model's, on the same prompts."""
    con.print(Text.assemble(("deployment ablation  ", "bold"), safe_text(result["model"]),
                            f"  ·  suite {_c(result['suite']['name'])} ({result['suite']['n']} prompts)  ·  "
                            f"judge {_c(result['judge'])}"))
    # Short names keep the table narrow; the legend below says what each system prompt is.
    short = {label: f"sys{i}" for i, label in enumerate(system_prompt_labels, 1)}
    table = Table(show_edge=False)
    for col in ("configuration", "benign refused", "+/−", "Δ vs bare [95% CI]", "p", "from deployment",
                "harmful refused", "harmful Δ"):
        table.add_column(col, no_wrap=col in ("configuration", "Δ vs bare [95% CI]"))
    for c in result["configurations"]:
        b, h = c["benign"], c["harmful"]
        d, dh = b["difference"], h["difference"]
        parts = [short[c["system_prompt"]] if c["system_prompt"] else "", _short_filter(c["filter"])]
        name = " + ".join(p for p in parts if p) or "bare model"
        bare = c["system_prompt"] is None and c["filter"] is None
        table.add_row(
            safe_text(name), _est(b["refusal"]),
            "–" if bare else f"+{b['added']}/−{b['removed']}",
            "–" if bare else f"{100 * d['value']:+.0f} pts [{100 * d['low']:+.0f}, {100 * d['high']:+.0f}]",
            "–" if bare else f"{d['p_value']:.2g}",
            "–" if bare else _est(b["caused_by_deployment"]), _est(h["refusal"]),
            "–" if bare or not h["n_pairs"] else f"+{h['added']}/−{h['removed']} ({100 * dh['value']:+.0f} pts)",
        )
    con.print(table)
    for label, name in short.items():
        con.print(Text.assemble(f"{name} = ", safe_text(label, 100)))


def _short_filter(spec: str | None) -> str:
    """``keyword:@/long/path/kill.txt`` -> ``keyword:@kill.txt`` for the table."""
    if not spec:
        return ""
    kind, sep, arg = spec.partition(":")
    if sep and arg.startswith("@"):
        return f"{kind}:@{arg[1:].replace(chr(92), '/').rsplit('/', 1)[-1]}"
    return spec


# --- quality ------------------------------------------------------------------------------------------


@click.command("quality")
@click.argument("run_id")
@click.option("--grader", required=True, metavar="MODEL", help="PROVIDER/NAME of the model that grades 1-5.")
@click.option("--limit", default=None, type=LIMIT, help="Grade only the first N compliant benign replies.")
@click.option("--base-url", default=None, help="Server URL for an openai/ grader.")
@click.option("--api-key-env", default="OPENAI_API_KEY", show_default=True)
@click.option("--concurrency", default=4, show_default=True, type=CONCURRENCY)
@click.option("--seed", default=0, show_default=True, type=SEED, help="Seed of the bootstrap.")
@store_option
@json_option
@user_errors
def quality_command(run_id: str, grader: str, limit: int | None, base_url: str | None, api_key_env: str,
                    concurrency: int, seed: int, store_path: str | None, as_json: bool) -> None:
    """Helpfulness (graded 1-5), verbosity, hedging and repetition of RUN_ID's compliant benign replies."""
    from ..analysis.quality import assess_run
    from ..judges.quality import HelpfulnessGrader

    n = limit
    with api.open_store(store_path, read_only=True) as store:
        run_id = api.resolve_run_id(run_id, store=store)
        backend = _helper_backend(grader, base_url, api_key_env)
        g = HelpfulnessGrader(backend, concurrency=concurrency)
        result = asyncio.run(_closing(lambda: assess_run(store, run_id, g, limit=n, seed=seed), backend))
    if as_json:
        print_json(result)
        return
    con = stdout_console()
    con.print(Text.assemble(("answer quality  ", "bold"), f"run {_c(run_id)}  ·  grader ", safe_text(result["grader"]),
                            f"  ·  {result['overall']['n']} of {result['compliant_benign']} compliant benign replies"
                            f"  ·  median length {result['median_length']:.0f} chars"))
    table = Table(show_edge=False)
    for col in ("category", "n", "helpfulness 1-5 [95% CI]", "grader errors", "verbosity", "hedging/reply",
                "hedged", "repetition"):
        table.add_column(col)
    groups = [("(all)", result["overall"]), *result["by_category"].items()]
    for name, s in groups:
        table.add_row(safe_text(name), str(s["n"]), _mean(s["helpfulness"]), str(s["grader_errors"]),
                      f"{s['verbosity']:.2f}x", f"{s['hedging']:.2f}", _est(s["hedged"]), f"{s['repetition']:.3f}")
    con.print(table)


# --- reward-probe -------------------------------------------------------------------------------------


@click.command("reward-probe")
@click.option("--reward-model", required=True, type=click.Path(), help="Local folder of a sequence-classification "
              "reward model (save_pretrained layout). Needs the [hf] extra.")
@click.option("--suite", "-s", required=True, help="core, a public benchmark (`overrefusal suites`), NAME=PATH (a local copy of one), or a CSV/JSONL/JSON/Parquet file.")
@click.option("--limit", default=None, type=LIMIT, help="First N prompts, pairs kept together.")
@click.option("--compliant", default=None, metavar="RUN_ID|replay/FILE",
              help="Where real compliant replies come from (default: a generic helpful template).")
@click.option("--device", default="cpu", show_default=True)
@click.option("--seed", default=0, show_default=True, type=SEED, help="Seed of the bootstrap.")
@store_option
@json_option
@user_errors
def reward_probe_command(reward_model: str, suite: str, limit: int | None, compliant: str | None, device: str,
                         seed: int, store_path: str | None, as_json: bool) -> None:
    """How often a reward model scores a refusal above a compliant reply to a benign prompt."""
    from ..analysis.references import load_references
    from ..analysis.reward_probe import RewardModel, probe
    from ..judges import DEFAULT_JUDGE, create_judge
    from ..suites import load_suite, select_languages
    from ..types import Verdict

    loaded = select_languages(load_suite(suite), None).limited(limit)
    model = RewardModel(reward_model, device=device)
    refs: dict[str, Any] = {}
    if compliant:
        with api.open_store(store_path, read_only=True) as store:
            compliant = _run_or_replay(store, compliant, "--compliant")
            refs = asyncio.run(load_references(compliant, list(loaded.prompts), store=store,
                                               judge=create_judge(DEFAULT_JUDGE)))

    def real(p: Any) -> str | None:
        r = refs.get(p.id)
        return r.text if r is not None and r.verdict is Verdict.COMPLIANCE else None

    result = probe(loaded.prompts, model.score, real, seed=seed)
    result = {"reward_model": reward_model, "suite": {"name": loaded.name, "version": loaded.version},
              "compliant": compliant, **result}
    if as_json:
        print_json(result)
        return
    con = stdout_console()
    o = result["overall"]
    con.print(Text.assemble(("reward-model probe  ", "bold"), safe_text(reward_model), f"  ·  suite {_c(loaded.name)}"))
    con.print(f"prefers the refusal on {_est(o['prefers_refusal'])} benign prompts (ties {o['ties']}); mean margin "
              f"refusal − compliant {_mean(o['margin'])}; compliant replies: {o['compliant_source']['reference']} "
              f"real, {o['compliant_source']['template']} template")
    table = Table(show_edge=False)
    for col in ("category", "prefers refusal [95% CI]", "mean margin"):
        table.add_column(col)
    for cat, b in result["by_category"].items():
        table.add_row(safe_text(cat), _est(b["prefers_refusal"]), _mean(b["margin"]))
    con.print(table)


# --- generate -----------------------------------------------------------------------------------------


@click.command("generate")
@click.option("--from", "seeds_path", required=True, type=click.Path(), help="JSONL of harmful seed requests.")
@click.option("--rewriter", required=True, metavar="MODEL", help="PROVIDER/NAME of the model that writes look-alikes.")
@click.option("--out", required=True, type=click.Path(dir_okay=False), help="Suite JSONL to write.")
@click.option("--moderator", "moderators", multiple=True, metavar="MODEL_OR_FILTER",
              help="PROVIDER/NAME asked SAFE/UNSAFE, or a filter spec; repeatable (all must pass).")
@click.option("--per-seed", default=3, show_default=True, type=BoundedInt(1, 20))
@click.option("--dedup-threshold", default=0.9, show_default=True, type=FRACTION)
@click.option("--similarity", type=click.Choice(["auto", "embedding", "tfidf"]), default="auto", show_default=True)
@click.option("--base-url", default=None, help="Server URL for openai/ rewriter or moderators.")
@click.option("--api-key-env", default="OPENAI_API_KEY", show_default=True)
@click.option("--max-tokens", default=None, type=POSITIVE, help="Rewriter reply length (default scales with --per-seed).")
@click.option("--temperature", default=0.7, show_default=True, type=TEMPERATURE)
@click.option("--seed", default=0, show_default=True, type=SEED)
@json_option
@user_errors
def generate_command(seeds_path: str, rewriter: str, out: str, moderators: tuple[str, ...], per_seed: int,
                     dedup_threshold: float, similarity: str, base_url: str | None, api_key_env: str,
                     max_tokens: int | None, temperature: float, seed: int, as_json: bool) -> None:
    """Write new benign look-alike prompts from harmful seeds (rewrite, moderate, deduplicate)."""
    from ..analysis.generate import choose_similarity, generate_suite, make_moderator, read_seeds, write_suite
    from ..filters import ModeratorFilter, Stage
    from ..types import GenerationConfig

    api.check_output_path(out, field="--out", inputs=[seeds_path])
    seeds = read_seeds(seeds_path)
    options = BackendOptions(base_url=base_url, api_key_env=api_key_env)
    rw = create_backend(rewriter, options)
    # The same model as rewriter and moderator is loaded once.
    mods = [ModeratorFilter(rw, Stage.INPUT) if m == rewriter else make_moderator(m, options) for m in moderators]
    sim = choose_similarity(similarity)
    config = GenerationConfig(temperature=temperature, max_tokens=max_tokens or 48 * per_seed + 32, seed=seed)
    progress = None if as_json else (lambda msg: click.echo(msg, err=True))
    records, summary = asyncio.run(_closing(
        lambda: generate_suite(seeds, rw, moderators=mods, per_seed=per_seed, dedup_threshold=dedup_threshold,
                               similarity=sim, config=config, progress=progress),
        rw, *[m for m in mods if getattr(m, "backend", None) is not rw]))
    write_suite(out, records)
    summary = {"out": out, "records": len(records), **summary}
    if as_json:
        print_json(summary)
        return
    click.echo(f"wrote {summary['kept']} benign prompts (+ their seeds as harmful contrasts) to {_c(out)}")
    click.echo(f"seeds {summary['seeds']} · candidates {summary['candidates']} · parse failures "
               f"{summary['parse_failures']} · rewriter errors {summary['rewriter_errors']} · no trigger word "
               f"{summary['no_trigger_word']} · moderated unsafe {summary['moderated_unsafe']} · moderation errors "
               f"{summary['moderation_errors']} · duplicates {summary['duplicates']} · too close to seed "
               f"{summary['too_close_to_seed']}")
    note = f" ({summary['similarity_note']})" if summary["similarity_note"] else ""
    click.echo(f"similarity: {summary['similarity']}{note}, threshold {dedup_threshold}; moderated: "
               f"{', '.join(summary['moderators']) or 'no (no --moderator given)'}")


# --- export-training ----------------------------------------------------------------------------------


@click.command("export-training")
@click.argument("run_id")
@click.option("--format", "fmt", type=click.Choice(["sft", "dpo"]), required=True)
@click.option("--out", required=True, type=click.Path(dir_okay=False), help="JSONL file to write.")
@click.option("--reference", default=None, metavar="RUN_ID|replay/FILE",
              help="Replies to take as 'chosen': a stored run or a replay file with the same prompts.")
@click.option("--judge", default=None, help="Judge for replay references (default: the run's judge).")
@store_option
@json_option
@user_errors
def export_training_command(run_id: str, fmt: str, out: str, reference: str | None, judge: str | None,
                            store_path: str | None, as_json: bool) -> None:
    """Training pairs (TRL SFT/DPO JSONL) from RUN_ID's over-refusals and under-refusals."""
    from ..analysis._runs import judge_for_run
    from ..analysis.export import export_training

    ref_file = reference[len("replay/"):] if reference and reference.startswith("replay/") else None
    api.check_output_path(out, field="--out", inputs=[ref_file], store=api.store_path(store_path))
    with api.open_store(store_path, read_only=True) as store:
        run_id = api.resolve_run_id(run_id, store=store)
        run = store.require_run(run_id)
        if reference is not None:
            reference = _run_or_replay(store, reference, "--reference")
        result = asyncio.run(export_training(store, run_id, fmt=fmt, out=out, reference=reference,
                                             judge=judge_for_run(run, judge, store=store)))
    if as_json:
        print_json(result)
        return
    s = result["skipped"]
    click.echo(f"wrote {result['records']} {fmt} records to {_c(out)}: {result['over_refusal_pairs']} over-refusal "
               f"pairs, {result['under_refusal_pairs']} under-refusal pairs ({result['reference_refusals']} "
               f"reference refusals, {result['template_refusals']} templated)")
    click.echo(f"skipped: {s['no_compliant_reference']} refusals without a compliant reference reply, "
               f"{s['filter_blocked']} filter blocks (fix the filter, not the model), {s['empty_reply']} empty")


# --- policy-check -------------------------------------------------------------------------------------


@click.command("policy-check")
@click.argument("run_id")
@click.option("--policy", "policy_path", required=True, type=click.Path(dir_okay=False),
              help="Policy file (TOML or JSON): expected behaviour per category/type.")
@click.option("--judge", default=None, help="Another judge's verdicts (default: the run's primary judge).")
@store_option
@json_option
@user_errors
def policy_check_command(run_id: str, policy_path: str, judge: str | None, store_path: str | None,
                         as_json: bool) -> None:
    """Over- and under-refusal of RUN_ID against a policy of expected behaviour."""
    from ..policy import check_policy, load_policy

    policy = load_policy(policy_path)
    with api.open_store(store_path, read_only=True) as store:
        run_id = api.resolve_run_id(run_id, store=store)
        run = store.require_run(run_id)
        if judge is not None:
            api.require_judge(store, run_id, judge)
        rows = store.results(run_id, judge)
        judge_id = judge or run.judge_id
    result = {"run_id": run_id, "judge": judge_id, **check_policy(rows, policy)}
    if as_json:
        print_json(result)
        return
    con = stdout_console()
    con.print(Text.assemble(("policy check  ", "bold"), f"run {_c(run_id)}  ·  policy ", safe_text(policy.name),
                            f"  ·  judge {_c(judge_id)}"))
    table = Table(show_edge=False)
    for col in ("category", "answer/refuse/either", "over-refusal [95% CI]", "under-refusal [95% CI]", "errors"):
        table.add_column(col)
    for name, b in [("(all)", result), *result["by_category"].items()]:
        e = b["expected"]
        table.add_row(safe_text(name), f"{e['answer']}/{e['refuse']}/{e['either']}", _est(b["over_refusal"]),
                      _est(b["under_refusal"]), str(b["errors"]))
    con.print(table)
    con.print(f"{result['violations_total']} prompts break the policy")
    if result["unused"]:
        con.print(Text(f"policy entries that decided no prompt (typo?): {_c(', '.join(result['unused']))}",
                       style="yellow"))


COMMANDS = (triggers_command, ablate_command, quality_command, reward_probe_command, generate_command,
            export_training_command, policy_check_command)
"""Every command of this module, for registration in ``cli/__init__.py``."""
