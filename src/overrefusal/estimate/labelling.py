"""Human labels on a random sample of a run's replies: drawing the sample, and getting labels in and out.

The sample is what makes the corrected estimates (:mod:`overrefusal.estimate.corrected`) valid, so its design is
stored with it and never changed behind the user's back: ``label RUN`` again continues the same sample, a
larger ``--n`` extends it (each design's way, :mod:`.sample_designs` and :mod:`.verdict_sample`: it becomes
the sample that size would have drawn), and labels can only be given to sampled prompts (a label chosen by
hand elsewhere would bias the estimate). The default design is stratified by the judge's verdict
(:data:`DEFAULT_STRATEGY`).

Sampling is a pure function of the seed and the run's judged prompt ids (and, for the verdict and uncertainty
designs, the judge's verdicts and confidences), so two runs of the same suite sampled uniformly with the same
seed label the same prompts, which ``compare`` can then use on both sides. Within a stratum, prompts are taken
in an order fixed by the seed and each prompt's id alone (:func:`.sample_designs.uniform_order`): a sample of
``n`` is the first ``n``, and one drawn smaller and extended is the same sample, whatever sizes it went through.
"""

from __future__ import annotations

import difflib
import getpass
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from ..errors import UserError
from ..guards.safe_files import atomic_write_bytes, check_output_path, csv_rows, csv_text, read_input_text
from ..guards.sanitize import hidden_character
from ..stats.agreement import ConsensusRule
from ..store import ResultRow, Store
from ..store.annotations import Annotation, adjudicate, adjudications, annotations_of, put_annotations
from ..types import HUMAN_VERDICTS, HumanLabel, Prompt, SampledPrompt, SamplingStrategy, Verdict
from .sample_designs import (
    allocate,
    extend_uncertainty,
    extend_uniform,
    judged_rows,
    strata_by_label,
    uncertainty_draw,
    uniform_order,
)
from .verdict_sample import HARMFUL_WEIGHT, draw_verdict_sample

EXPORT_COLUMNS = ("id", "kind", "category", "prompt", "completion", "label", "labeller")
"""Columns of ``label --export``: fill in ``label`` (compliance / refusal / partial) and ``--import`` it back.
One row per annotator's label (a prompt labelled by three people has three rows, each naming its labeller),
and a row whose labeller reads ``adjudicated by NAME`` for an adjudicated label; one row with both cells empty
for a prompt nobody labelled yet: export then import is a lossless round trip whatever the number of
annotators."""

ADJUDICATED_BY = "adjudicated by "
"""How a labeller cell marks an adjudication (the same words the store gives the effective label)."""

DEFAULT_STRATEGY = SamplingStrategy.VERDICT
"""The design of a new sample when ``--strategy`` is left out: labels where the judge's verdict decides the rate."""

_TEXT_SIMILARITY = 0.5


def default_labeller() -> str:
    """The user name, or ``unknown`` where the system has none."""
    try:
        return getpass.getuser() or "unknown"
    except (KeyError, OSError):
        return "unknown"


MAX_LABELLER_CHARS = 100
"""A labeller is a name or an initials; anything longer is a pasted cell, not a name."""


def check_labeller(value: str, *, field: str, path: str | None = None, line: int | None = None) -> str:
    """``value`` stripped, if it can be a labeller's name: not empty, at most ``MAX_LABELLER_CHARS``
    characters, no control or bidirectional-override character (it is printed in every report)."""
    name = value.strip()
    if not name:
        raise UserError("empty labeller name", path=path, line=line, field=field)
    if len(name) > MAX_LABELLER_CHARS:
        raise UserError(
            f"labeller name of {len(name)} characters; at most {MAX_LABELLER_CHARS}", path=path, line=line, field=field
        )
    bad = hidden_character(name)
    if bad is not None:
        raise UserError(
            f"labeller name holds the control or invisible character U+{ord(bad):04X}",
            path=path,
            line=line,
            field=field,
        )
    if not name.strip("\u200c\u200d \t"):
        raise UserError("labeller name of joiners only", path=path, line=line, field=field)
    return name


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class LabelItem:
    """A sampled reply as the labeller sees it (the judge's verdict is there, but shown only after answering)."""

    sampled: SampledPrompt
    prompt: Prompt
    reply: str
    judge_verdict: Verdict
    human: HumanLabel | None


def draw_sample(
    store: Store,
    run_id: str,
    n: int,
    *,
    seed: int | None = None,
    strategy: SamplingStrategy | None = None,
    harmful_weight: float = HARMFUL_WEIGHT,
) -> list[SampledPrompt]:
    """The run's labelling sample: drawn now if the run has none, else the stored one (extended to ``n``
    prompts when it is smaller: see :func:`extend_uniform`, :func:`extend_uncertainty`). ``seed`` and
    ``strategy`` left out (None) continue the stored sample's, or draw a new one with seed 0 and
    ``DEFAULT_STRATEGY``.

    ``verdict``: stratified by the judge's verdict (:mod:`.verdict_sample`; ``harmful_weight`` scales the
    harmful strata's share of the labels left after the take-all strata, see its :data:`HARMFUL_WEIGHT`).

    ``uniform``: ``n`` prompts drawn uniformly at random without replacement, allocated to benign and
    harmful in proportion to their sizes. ``uncertainty``: each judged reply drawn independently with
    probability ``n_stratum * (UNIFORM_SHARE / N + (1 - UNIFORM_SHARE) * u / sum(u))`` (capped at 1), u the
    judge's uncertainty (1 - confidence); about ``n`` prompts. The population is the replies the run's
    primary judge gave a verdict.
    """
    if n < 1:
        raise UserError(f"the sample needs at least one prompt, got {n}", field="--n")
    run = store.require_run(run_id)
    existing = store.label_sample(run_id)
    if existing:
        first = existing[0]
        check_same_design(run_id, existing, seed=seed, strategy=strategy)
        if n <= len(existing):
            return existing  # also how `label RUN` continues: it asks for the size the sample has
        if first.strategy is SamplingStrategy.VERDICT:
            return draw_verdict_sample(
                store,
                run_id,
                judged_rows(store, run_id, first.judge_id),
                n,
                first.seed,
                first.judge_id,
                existing,
                harmful_weight,
            )
        if first.strategy is SamplingStrategy.UNCERTAINTY:
            # Its size is only about n (each reply drawn on its own), so a larger n than it holds may be the
            # n it was drawn with: extend_uncertainty leaves it as it is then.
            return extend_uncertainty(store, run_id, n, existing)
        return extend_uniform(store, run_id, n, existing)
    seed = 0 if seed is None else seed
    strategy = DEFAULT_STRATEGY if strategy is None else strategy
    rows = judged_rows(store, run_id, run.judge_id)
    if not rows:
        raise UserError(
            f"run '{run_id}' has no judged reply to label (every prompt is ERROR or not run yet)", field="RUN_ID"
        )
    if strategy is SamplingStrategy.VERDICT:
        return draw_verdict_sample(store, run_id, rows, n, seed, run.judge_id, harmful_weight=harmful_weight)
    strata = strata_by_label(rows)
    chosen: list[tuple[ResultRow, float]] = []
    if strategy is SamplingStrategy.UNIFORM:
        alloc = allocate(n, {k: len(v) for k, v in strata.items()})
        for label, members in strata.items():
            for r in uniform_order(members, seed)[: alloc[label]]:
                chosen.append((r, alloc[label] / len(members)))
    else:
        alloc = allocate(n, {k: len(v) for k, v in strata.items()})
        for label, members in strata.items():
            if not members or not alloc[label]:
                continue
            chosen += uncertainty_draw(members, alloc[label], seed, label)
    if not chosen:
        # Possible only under uncertainty sampling, where each reply is drawn on its own: storing an empty
        # sample would leave the next command saying "no sample yet; give --n", which the user just did.
        raise UserError(
            f"the uncertainty sample of about {n} prompt(s) drawn with seed {seed} chose none (each reply is drawn "
            "on its own); give a larger --n or another --seed",
            field="--n",
        )
    order = random.Random(f"{seed}:order")
    order.shuffle(chosen)
    sample = [SampledPrompt(r.prompt.id, i, strategy, seed, p, run.judge_id) for i, (r, p) in enumerate(chosen)]
    store.add_to_label_sample(run_id, sample, expected_before=0)
    return store.label_sample(run_id)


def check_same_design(
    run_id: str, existing: Sequence[SampledPrompt], *, seed: int | None, strategy: SamplingStrategy | None
) -> None:
    """A ``--seed`` or ``--strategy`` that contradicts the stored sample's is a UserError: labels belong to that
    sample, which is continued, never replaced or silently kept under flags that say otherwise."""
    if not existing:
        return
    first = existing[0]
    if seed is not None and seed != first.seed:
        raise UserError(
            f"run '{run_id}' already has a labelling sample drawn with seed {first.seed}; labels "
            "belong to that sample, so it is continued (leave out --seed, or give the same one)",
            field="--seed",
        )
    if strategy is not None and strategy is not first.strategy:
        raise UserError(
            f"run '{run_id}' already has a labelling sample drawn with --strategy "
            f"{first.strategy.value}; it is continued, not replaced (leave out --strategy, or give that one)",
            field="--strategy",
        )


def sample_items(store: Store, run_id: str) -> list[LabelItem]:
    """The run's sampled replies in labelling order, each with its stored human label (if any)."""
    sample = store.label_sample(run_id)
    if not sample:
        return []
    rows = {r.prompt.id: r for r in store.results(run_id, sample[0].judge_id, prompt_ids=[s.prompt_id for s in sample])}
    labels = store.human_labels(run_id)
    return [
        LabelItem(
            s,
            rows[s.prompt_id].prompt,
            rows[s.prompt_id].completion.text,
            rows[s.prompt_id].judgement.verdict,
            labels.get(s.prompt_id),
        )
        for s in sample
        if s.prompt_id in rows
    ]


def record_label(
    store: Store, run_id: str, prompt_id: str, verdict: Verdict, *, labeller: str, source: str = "terminal"
) -> HumanLabel:
    """Store (or replace) one label of a sampled prompt."""
    if verdict not in HUMAN_VERDICTS:
        raise UserError(f"a human label is compliance, refusal or partial, not {verdict.value}", field="label")
    if prompt_id not in {s.prompt_id for s in store.label_sample(run_id)}:
        raise UserError(f"prompt '{prompt_id}' is not in the labelling sample of run '{run_id}'", field="id")
    label = HumanLabel(prompt_id, verdict, labeller, _now(), source)
    put_annotations(store, run_id, [label])
    return label


def _require_sample(store: Store, run_id: str) -> list[SampledPrompt]:
    store.require_run(run_id)
    sample = store.label_sample(run_id)
    if not sample:
        raise UserError(
            f"run '{run_id}' has no labelling sample yet; `overrefusal label {run_id} --n 60` draws one", field="--n"
        )
    return sample


# -- spreadsheet round trip ------------------------------------------------------------------------------


def export_csv(store: Store, run_id: str) -> str:
    """The sample as CSV text (``EXPORT_COLUMNS``), labels filled in where they exist. No judge verdict:
    a labeller who sees it anchors on it."""
    _require_sample(store, run_id)
    # csv_text: a reply, prompt, id or labeller a spreadsheet would run as a formula is written as text.
    # Each person's own label, never the effective one: its labeller is a description ("majority of a, b, c"),
    # not a person, and importing it back added a phantom annotator (or was refused as too long a name).
    by_prompt: dict[str, list[Annotation]] = {}
    for a in annotations_of(store, run_id):
        by_prompt.setdefault(a.prompt_id, []).append(a)
    adjudicated = adjudications(store, run_id)
    rows: list[Sequence[str]] = [EXPORT_COLUMNS]
    for item in sample_items(store, run_id):
        p = item.prompt
        given = [(a.verdict.value, a.annotator) for a in by_prompt.get(p.id, [])]
        if p.id in adjudicated:
            given.append((adjudicated[p.id].verdict.value, ADJUDICATED_BY + adjudicated[p.id].adjudicator))
        given = given or [("", "")]
        rows.extend([p.id, p.label.value, p.category, p.text, item.reply, label, who] for label, who in given)
    return csv_text(rows)


def export_labels(store: Store, run_id: str, path: str | Path) -> int:
    """Write :func:`export_csv` to ``path`` (UTF-8); returns the number of sampled prompts."""
    check_output_path(path, field="--export", run_inputs=store.input_files([run_id]), store=store.path)
    text = export_csv(store, run_id)
    atomic_write_bytes(path, text.encode("utf-8"), field="--export")
    return len(sample_items(store, run_id))


_DESCRIPTIONS = tuple(f"{rule.value} of " for rule in ConsensusRule)
"""How the store describes an effective label made of several annotations (``majority of a, b, c``): a
labeller cell starting so names no person."""


def _read_text(path: Path) -> str:
    return read_input_text(path, what="labels file")


@dataclass(frozen=True)
class ImportOutcome:
    labelled: int
    """Labels the file gives that the store now holds (new, replacing a labeller's earlier label, or the same
    label already held, which is left as it was)."""
    blank: int
    """Rows left without a label (they stay unlabelled)."""


def import_labels(store: Store, run_id: str, path: str | Path, *, labeller: str | None = None) -> ImportOutcome:
    """Read labels from a CSV written by :func:`export_labels` (``id`` and ``label`` are required; a
    ``labeller`` cell overrides ``labeller``). A prompt may have one row per labeller. Every row is checked
    before anything is written: an unknown id, a prompt outside the sample, a labeller's second row for one
    prompt or an unknown label is a UserError naming file, line and field, and then nothing is stored. A
    label the store already holds from that labeller is left as it is (its time and source kept), so
    importing an export changes nothing."""
    from ..judges.labels import parse_label

    sample = {s.prompt_id for s in _require_sample(store, run_id)}
    run_ids = {p.id for p in store.run_prompts(run_id)}
    p = Path(path)
    name = str(p)
    rows = csv_rows(_read_text(p), name, formulas_escaped=True)
    try:
        header_line, cells = next(rows)
    except StopIteration:
        raise UserError("file is empty", path=name) from None
    header = [h.strip().lower() for h in cells]
    for i, column in enumerate(header):
        if column and column in header[:i]:
            raise UserError(
                f"column '{column}' appears twice in the header (which one holds the answer?)",
                path=name,
                line=header_line,
                field=column,
            )
    for needed in ("id", "label"):
        if needed not in header:
            raise UserError(
                f"missing column '{needed}' (the columns of --export: {', '.join(EXPORT_COLUMNS)})",
                path=name,
                line=header_line,
                field=needed,
            )
    i_id, i_label = header.index("id"), header.index("label")
    i_who = header.index("labeller") if "labeller" in header else None
    labels: list[HumanLabel] = []
    read = 0
    seen: dict[tuple[str, str], int] = {}
    blank = 0
    now = _now()
    held = {(a.prompt_id, a.annotator): a.verdict for a in annotations_of(store, run_id)}
    held_adjudications = {pid: (a.verdict, a.adjudicator) for pid, a in adjudications(store, run_id).items()}
    rulings: list[tuple[str, Verdict, str]] = []
    for start, cells in rows:
        if all(not c.strip() for c in cells):
            continue
        if any(c.strip() for c in cells[len(header) :]):
            raise UserError(
                f"row has {len(cells)} cells but the header has {len(header)} (a cell with an unquoted comma?)",
                path=name,
                line=start,
            )
        cells += [""] * (len(header) - len(cells))
        pid = cells[i_id].strip()
        if pid not in run_ids:
            raise UserError(
                f"unknown prompt id {pid!r}: not a prompt of run '{run_id}'", path=name, line=start, field="id"
            )
        if pid not in sample:
            raise UserError(
                f"prompt {pid!r} is not in the run's labelling sample (a label chosen outside the random "
                "sample would bias the corrected estimate)",
                path=name,
                line=start,
                field="id",
            )
        cell = cells[i_who].strip() if i_who is not None else ""
        who = check_labeller(cell, field="labeller", path=name, line=start) if cell else labeller or default_labeller()
        if who.startswith(_DESCRIPTIONS):
            raise UserError(
                f"labeller {who!r} describes several people's labels (an export of an earlier version wrote the "
                "effective label); list each person's label on a row of its own, or leave the cell empty",
                path=name,
                line=start,
                field="labeller",
            )
        if (pid, who) in seen:
            raise UserError(
                f"prompt {pid!r} appears twice for labeller {who!r} (first on line {seen[pid, who]})",
                path=name,
                line=start,
                field="id",
            )
        seen[pid, who] = start
        if not cells[i_label].strip():
            blank += 1
            continue
        verdict = parse_label(cells[i_label], path=name, line=start, field="label")
        read += 1
        if who.startswith(ADJUDICATED_BY):
            judge = check_labeller(who[len(ADJUDICATED_BY) :], field="labeller", path=name, line=start)
            if any(r[0] == pid for r in rulings):
                raise UserError(f"prompt {pid!r} is adjudicated twice", path=name, line=start, field="labeller")
            if held_adjudications.get(pid) != (verdict, judge):
                rulings.append((pid, verdict, judge))
        elif held.get((pid, who)) is not verdict:
            labels.append(HumanLabel(pid, verdict, who, now, "import"))
    if labels:
        put_annotations(store, run_id, labels)
    for pid, verdict, judge in rulings:
        adjudicate(store, run_id, pid, verdict, judge)
    return ImportOutcome(read, blank)


# -- answers from a file of labels ---------------------------------------------------------------------


def _norm_text(text: str) -> str:
    return " ".join(text.casefold().split())


def _similar(a: str, b: str) -> bool:
    wa, wb = _norm_text(a).split(), _norm_text(b).split()
    return wa == wb or difflib.SequenceMatcher(None, wa, wb, autojunk=False).ratio() >= _TEXT_SIMILARITY


def labels_from_file(store: Store, run_id: str, path: str | Path, *, labeller: str | None = None) -> int:
    """Label exactly the sampled prompts with the answers in a labels file (XSTest layout, or
    ``prompt,completion,label`` CSV/JSONL), matched by prompt id (``v2-195`` matches ``195``) when the
    file's prompt text, if any, is close to the run's, else by prompt text. A sampled prompt without an
    answer in the file is a UserError, and then nothing is stored. Returns the number of labels stored."""
    from ..backends.replay import normalise_id
    from ..judges.labels import LabelledReply, read_labelled

    sample = _require_sample(store, run_id)
    rows = read_labelled(path)
    by_id: dict[str, LabelledReply] = {}
    by_text: dict[str, LabelledReply] = {}
    conflicts: dict[int, LabelledReply] = {}  # id() of a row -> a row that answers the same prompt otherwise
    for r in rows:
        for index, key in ((by_id, normalise_id(r.id) if r.id else ""), (by_text, _norm_text(r.prompt or ""))):
            if not key:
                continue
            first = index.setdefault(key, r)
            if first is not r and first.gold is not r.gold:
                conflicts.setdefault(id(first), r)
    prompts = {p.id: p for p in store.run_prompts(run_id)}
    replies = {r.prompt.id: r.completion.text for r in store.results(run_id, sample[0].judge_id)}
    who = labeller or default_labeller()
    now = _now()
    labels: list[HumanLabel] = []
    missing: list[str] = []
    other_reply: list[tuple[str, int | None]] = []
    for s in sample:
        prompt = prompts[s.prompt_id]
        row = by_id.get(normalise_id(prompt.id))
        if row is not None and row.prompt and not _similar(row.prompt, prompt.text):
            row = None
        if row is None:
            row = by_text.get(_norm_text(prompt.text))
        if row is None:
            missing.append(prompt.id)
            continue
        if id(row) in conflicts:
            other = conflicts[id(row)]
            raise UserError(
                f"sampled prompt {prompt.id!r} has two different labels in the file ({row.gold.value} "
                f"and {other.gold.value}); keep one",
                path=str(path),
                field="label",
            )
        if _norm_text(row.reply) != _norm_text(replies.get(prompt.id, "")):
            # A label belongs to a reply: the file's label of another reply to the same prompt (another model,
            # another run) says nothing about this one.
            other_reply.append((prompt.id, row.line))
            continue
        labels.append(HumanLabel(prompt.id, row.gold, who, now, "from"))
    if other_reply:
        shown = ", ".join(f"{pid!r}" + (f" (line {line})" if line else "") for pid, line in other_reply[:5])
        more = f" and {len(other_reply) - 5} more" if len(other_reply) > 5 else ""
        raise UserError(
            f"{len(other_reply)} row(s) label a reply other than the run's stored reply to the same prompt: "
            f"{shown}{more}; a label belongs to the reply it was given to, so nothing was stored",
            path=str(path),
            field="completion",
            line=other_reply[0][1],
        )
    if missing:
        raise UserError(
            f"no label for {len(missing)} sampled prompt(s), e.g. id {missing[0]!r} (matched by id, then "
            "by prompt text); nothing was stored",
            path=str(path),
            field="label",
        )
    put_annotations(store, run_id, labels)
    return len(labels)
