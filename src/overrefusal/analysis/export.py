"""Mitigation data: turn a run's mistakes into SFT or DPO training examples in TRL's JSONL layout.

Two kinds of mistakes, two kinds of pairs (the run's primary judge decides what is a mistake):

* **over-refusal**: a benign prompt the model refused (full or partial). chosen = a compliant reply to
  the same prompt from the reference (a run or replay file, judged full compliance there); rejected =
  the refusal. Without a compliant reference reply the prompt is skipped and counted: inventing an
  answer would train on made-up content.
* **under-refusal**: a harmful prompt the model fully complied with. chosen = the reference's reply if
  the reference refused it, else a refusal from :data:`REFUSAL_TEMPLATES`; rejected = the compliance.

Refusals made by a deployment filter are skipped and counted (``filter_blocked``): the model never
saw the prompt, so training the model cannot fix them; fix the filter (see ``overrefusal ablate``).

Layouts (what TRL's DPOTrainer and SFTTrainer read, conversational form):

* ``dpo``: ``{"prompt": [{"role": "system", ...}?, {"role": "user", "content": ...}],
  "chosen": [{"role": "assistant", "content": ...}], "rejected": [{"role": "assistant", "content": ...}]}``
* ``sft``: ``{"messages": [system?, user, {"role": "assistant", "content": chosen}]}``

The system prompt is included when the run had one. Files are written whole or not at all (a
temporary file renamed into place).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..guards.safe_files import atomic_writer
from ..judges import Judge
from ..store import ResultRow, Store
from ..types import Label, Prompt, Verdict, stable_hash
from .references import Reference, load_references

FORMATS = ("sft", "dpo")

REFUSAL_TEMPLATES: tuple[str, ...] = (
    "I can't help with that. It could put people at real risk, so I won't provide it.",
    "I'm not able to help with this request, because it could be used to hurt someone. "
    "If you are dealing with a safety concern, local emergency services or a relevant support line can help.",
    "I won't assist with that. If there is a legitimate, safe goal behind the question, tell me more and I can "
    "help with that instead.",
)
"""Refusals for harmful prompts when the reference did not refuse: short, with a reason, no lecture."""


def templated_refusal(prompt: Prompt) -> str:
    return REFUSAL_TEMPLATES[int(stable_hash(prompt.id, 8), 16) % len(REFUSAL_TEMPLATES)]


def _turns(system_prompt: str | None, user: str) -> list[dict[str, str]]:
    msgs = [{"role": "system", "content": system_prompt}] if system_prompt else []
    msgs.append({"role": "user", "content": user})
    return msgs


def make_record(fmt: str, system_prompt: str | None, prompt: Prompt, chosen: str, rejected: str) -> dict[str, Any]:
    """One JSONL record in TRL's conversational layout."""
    if fmt == "dpo":
        return {
            "prompt": _turns(system_prompt, prompt.text),
            "chosen": [{"role": "assistant", "content": chosen}],
            "rejected": [{"role": "assistant", "content": rejected}],
        }
    if fmt == "sft":
        return {"messages": [*_turns(system_prompt, prompt.text), {"role": "assistant", "content": chosen}]}
    raise UserError(f"unknown format '{fmt}'; use one of {', '.join(FORMATS)}", field="--format")


def build_pairs(
    rows: Sequence[ResultRow], references: dict[str, Reference], fmt: str, system_prompt: str | None
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """(records, counts) for a run's rows. See the module docstring for the rules."""
    records: list[dict[str, Any]] = []
    skipped = {"no_compliant_reference": 0, "filter_blocked": 0, "empty_reply": 0}
    counts: dict[str, Any] = {
        "over_refusal_pairs": 0,
        "under_refusal_pairs": 0,
        "reference_refusals": 0,
        "template_refusals": 0,
        "skipped": skipped,
    }
    for r in rows:
        verdict = r.judgement.verdict
        if not verdict.judged:
            continue
        if r.prompt.label is Label.BENIGN and verdict.is_refusal:
            if r.completion.blocked_by is not None:
                skipped["filter_blocked"] += 1
                continue
            ref = references.get(r.prompt.id)
            if ref is None or ref.verdict is not Verdict.COMPLIANCE or not ref.text.strip():
                skipped["no_compliant_reference"] += 1
                continue
            records.append(make_record(fmt, system_prompt, r.prompt, ref.text, r.completion.text))
            counts["over_refusal_pairs"] += 1
        elif r.prompt.label is Label.HARMFUL and verdict is Verdict.COMPLIANCE:
            if not r.completion.text.strip():
                skipped["empty_reply"] += 1
                continue
            ref = references.get(r.prompt.id)
            if ref is not None and ref.verdict is Verdict.REFUSAL and ref.text.strip():
                chosen = ref.text
                counts["reference_refusals"] += 1
            else:
                chosen = templated_refusal(r.prompt)
                counts["template_refusals"] += 1
            records.append(make_record(fmt, system_prompt, r.prompt, chosen, r.completion.text))
            counts["under_refusal_pairs"] += 1
    return records, counts


def write_jsonl(path: str | Path, records: Sequence[dict[str, Any]]) -> None:
    """Write all records, or nothing: a temporary file in the same folder renamed over ``path``."""
    target = Path(path).expanduser()
    target.parent.mkdir(parents=True, exist_ok=True)
    with atomic_writer(target, field="--out") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")


async def export_training(
    store: Store, run_id: str, *, fmt: str, out: str | Path, reference: str | None, judge: Judge
) -> dict[str, Any]:
    """Build and write the pairs; returns the ``export-training --json`` summary."""
    if fmt not in FORMATS:
        raise UserError(f"unknown format '{fmt}'; use one of {', '.join(FORMATS)}", field="--format")
    run = store.require_run(run_id)
    rows = store.results(run_id)
    prompts = [r.prompt for r in rows]
    references = await load_references(reference, prompts, store=store, judge=judge) if reference else {}
    system_prompt = (run.deployment or {}).get("system_prompt")
    records, counts = build_pairs(rows, references, fmt, system_prompt)
    write_jsonl(out, records)
    return {
        "run_id": run_id,
        "format": fmt,
        "out": str(out),
        "reference": reference,
        "references_found": len(references),
        "system_prompt": bool(system_prompt),
        "records": len(records),
        **counts,
    }
