"""Human labels on a random sample of a run's replies: drawing the sample, and getting labels in and out.

The sample is what makes the corrected estimates (:mod:`overrefusal.corrected`) valid, so its design is
stored with it and never changed behind the user's back: ``label RUN`` again continues the same sample,
a larger ``--n`` extends a uniform sample with more uniformly drawn prompts (still a uniform sample), and
labels can only be given to sampled prompts (a label chosen by hand elsewhere would bias the estimate).

Sampling is a pure function of the seed and the run's judged prompt ids, so two runs of the same suite
sampled with the same seed label the same prompts, which ``compare`` can then use on both sides.
"""

from __future__ import annotations

import csv
import difflib
import getpass
import io
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .errors import UserError
from .safe_files import atomic_write_bytes, check_output_path, csv_rows, read_input_bytes
from .sanitize import hidden_character
from .store import ResultRow, Store
from .types import HUMAN_VERDICTS, HumanLabel, Label, Prompt, SampledPrompt, SamplingStrategy, Verdict

EXPORT_COLUMNS = ("id", "kind", "category", "prompt", "completion", "label", "labeller")
"""Columns of ``label --export``: fill in ``label`` (compliance / refusal / partial) and ``--import`` it back."""

UNIFORM_SHARE = 0.5
"""Under ``--strategy uncertainty``, the share of each inclusion probability spread uniformly. Keeping every
probability away from 0 bounds the 1/probability weights, so one unlucky label cannot swing the estimate
(Zrnic & Candès mix with the uniform design for the same reason)."""

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


def judged_rows(store: Store, run_id: str, judge_id: str | None = None) -> list[ResultRow]:
    """The run's replies with a verdict (not ERROR) from ``judge_id`` (default: the run's primary judge)."""
    return [r for r in store.results(run_id, judge_id) if r.judgement.verdict is not Verdict.ERROR]


def _allocate(n: int, sizes: dict[Label, int]) -> dict[Label, int]:
    """Labels per stratum, proportional to its size (largest remainders), never more than it holds."""
    total = sum(sizes.values())
    n = min(n, total)
    if total == 0:
        return {k: 0 for k in sizes}
    exact = {k: n * v / total for k, v in sizes.items()}
    out = {k: min(sizes[k], math.floor(x)) for k, x in exact.items()}
    for k in sorted(sizes, key=lambda k: exact[k] - math.floor(exact[k]), reverse=True):
        if sum(out.values()) >= n:
            break
        if out[k] < sizes[k]:
            out[k] += 1
    # A stratum too small for its share passes the rest on.
    for k in sizes:
        while sum(out.values()) < n and out[k] < sizes[k]:
            out[k] += 1
    return out


def _strata(rows: Sequence[ResultRow]) -> dict[Label, list[ResultRow]]:
    out: dict[Label, list[ResultRow]] = {Label.BENIGN: [], Label.HARMFUL: []}
    for r in sorted(rows, key=lambda r: r.prompt.id):
        out[r.prompt.label].append(r)
    return out


def draw_sample(
    store: Store, run_id: str, n: int, *, seed: int | None = None, strategy: SamplingStrategy | None = None
) -> list[SampledPrompt]:
    """The run's labelling sample: drawn now if the run has none, else the stored one (extended to ``n``
    prompts when it is uniform and smaller). ``seed`` and ``strategy`` left out (None) continue the stored
    sample's, or draw a new one with seed 0 and the uniform design.

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
        if seed is not None and seed != first.seed:
            raise UserError(
                f"run '{run_id}' already has a labelling sample drawn with seed {first.seed}; labels "
                "belong to that sample, so it is continued (leave out --seed, or give the same one)",
                field="--seed",
            )
        if strategy is not None and strategy is not first.strategy:
            raise UserError(
                f"run '{run_id}' already has a labelling sample drawn with --strategy "
                f"{first.strategy.value}; it is continued, not replaced",
                field="--strategy",
            )
        if n <= len(existing) or first.strategy is SamplingStrategy.UNCERTAINTY:
            return existing
        return _extend_uniform(store, run_id, n, existing)
    seed = 0 if seed is None else seed
    strategy = SamplingStrategy.UNIFORM if strategy is None else strategy
    rows = judged_rows(store, run_id, run.judge_id)
    if not rows:
        raise UserError(
            f"run '{run_id}' has no judged reply to label (every prompt is ERROR or not run yet)", field="RUN_ID"
        )
    strata = _strata(rows)
    chosen: list[tuple[ResultRow, float]] = []
    if strategy is SamplingStrategy.UNIFORM:
        alloc = _allocate(n, {k: len(v) for k, v in strata.items()})
        for label, members in strata.items():
            if alloc[label]:
                rng = random.Random(f"{seed}:{label.value}")
                for r in rng.sample(members, alloc[label]):
                    chosen.append((r, alloc[label] / len(members)))
    else:
        alloc = _allocate(n, {k: len(v) for k, v in strata.items()})
        for label, members in strata.items():
            if not members or not alloc[label]:
                continue
            rng = random.Random(f"{seed}:{label.value}:uncertainty")
            unsure = [max(0.0, 1.0 - r.judgement.confidence) for r in members]
            total_u = math.fsum(unsure)
            for r, u in zip(members, unsure):
                share = UNIFORM_SHARE / len(members) + (1 - UNIFORM_SHARE) * (
                    u / total_u if total_u > 0 else 1 / len(members)
                )
                p = min(1.0, alloc[label] * share)
                if rng.random() < p:
                    chosen.append((r, p))
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


def _extend_uniform(store: Store, run_id: str, n: int, existing: list[SampledPrompt]) -> list[SampledPrompt]:
    """Add uniformly drawn prompts to a uniform sample until it holds ``n`` (a uniform sample plus a uniform
    draw from the rest is again a uniform sample)."""
    first = existing[0]
    have = {s.prompt_id for s in existing}
    strata = _strata(judged_rows(store, run_id, first.judge_id))
    sizes = {k: len(v) for k, v in strata.items()}
    target = _allocate(n, sizes)
    added: list[tuple[ResultRow, float]] = []
    for label, members in strata.items():
        already = [r for r in members if r.prompt.id in have]
        rest = [r for r in members if r.prompt.id not in have]
        want = max(0, target[label] - len(already))
        if want and rest:
            rng = random.Random(f"{first.seed}:{label.value}:extend:{len(existing)}")
            for r in rng.sample(rest, min(want, len(rest))):
                added.append((r, target[label] / len(members)))
    random.Random(f"{first.seed}:order:{len(existing)}").shuffle(added)
    start = max(s.position for s in existing) + 1
    store.add_to_label_sample(
        run_id,
        [
            SampledPrompt(r.prompt.id, start + i, first.strategy, first.seed, p, first.judge_id)
            for i, (r, p) in enumerate(added)
        ],
        expected_before=len(existing),
    )
    return store.label_sample(run_id)


def sample_items(store: Store, run_id: str) -> list[LabelItem]:
    """The run's sampled replies in labelling order, each with its stored human label (if any)."""
    sample = store.label_sample(run_id)
    if not sample:
        return []
    rows = {r.prompt.id: r for r in store.results(run_id, sample[0].judge_id)}
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
    store.put_human_labels(run_id, [label])
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
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(EXPORT_COLUMNS)
    for item in sample_items(store, run_id):
        p = item.prompt
        writer.writerow(
            [
                p.id,
                p.label.value,
                p.category,
                p.text,
                item.reply,
                item.human.verdict.value if item.human else "",
                item.human.labeller if item.human else "",
            ]
        )
    return out.getvalue()


def export_labels(store: Store, run_id: str, path: str | Path) -> int:
    """Write :func:`export_csv` to ``path`` (UTF-8); returns the number of sampled prompts."""
    check_output_path(path, field="--export", run_inputs=store.input_files([run_id]), store=store.path)
    text = export_csv(store, run_id)
    atomic_write_bytes(path, text.encode("utf-8"), field="--export")
    return len(sample_items(store, run_id))


def _read_text(path: Path) -> str:
    data = read_input_bytes(path, what="labels file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UserError(
            f"invalid UTF-8 (byte {exc.start})", path=str(path), line=data[: exc.start].count(b"\n") + 1
        ) from None


@dataclass(frozen=True)
class ImportOutcome:
    labelled: int
    """Labels stored (new or replacing earlier ones)."""
    blank: int
    """Rows left without a label (they stay unlabelled)."""


def import_labels(store: Store, run_id: str, path: str | Path, *, labeller: str | None = None) -> ImportOutcome:
    """Read labels from a CSV written by :func:`export_labels` (``id`` and ``label`` are required; a
    ``labeller`` cell overrides ``labeller``). Every row is checked before anything is written: an unknown
    id, a prompt outside the sample, a repeated id or an unknown label is a UserError naming file, line and
    field, and then nothing is stored."""
    from .judges.labels import parse_label

    sample = {s.prompt_id for s in _require_sample(store, run_id)}
    run_ids = {p.id for p in store.run_prompts(run_id)}
    p = Path(path)
    name = str(p)
    rows = csv_rows(_read_text(p), name)
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
    seen: dict[str, int] = {}
    blank = 0
    now = _now()
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
        if pid in seen:
            raise UserError(
                f"prompt {pid!r} appears twice (first on line {seen[pid]})", path=name, line=start, field="id"
            )
        seen[pid] = start
        if not cells[i_label].strip():
            blank += 1
            continue
        verdict = parse_label(cells[i_label], path=name, line=start, field="label")
        cell = cells[i_who].strip() if i_who is not None else ""
        who = check_labeller(cell, field="labeller", path=name, line=start) if cell else labeller or default_labeller()
        labels.append(HumanLabel(pid, verdict, who, now, "import"))
    store.put_human_labels(run_id, labels)
    return ImportOutcome(len(labels), blank)


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
    from .backends.replay import normalise_id
    from .judges.labels import LabelledReply, read_labelled

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
    who = labeller or default_labeller()
    now = _now()
    labels: list[HumanLabel] = []
    missing: list[str] = []
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
        labels.append(HumanLabel(prompt.id, row.gold, who, now, "from"))
    if missing:
        raise UserError(
            f"no label for {len(missing)} sampled prompt(s), e.g. id {missing[0]!r} (matched by id, then "
            "by prompt text); nothing was stored",
            path=str(path),
            field="label",
        )
    store.put_human_labels(run_id, labels)
    return len(labels)
