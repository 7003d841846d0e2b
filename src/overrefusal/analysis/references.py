"""Reference replies: what another deployment answered to the same prompts, with a verdict for each.

A reference is named by a spec: a run id in the store (its primary judge's verdicts are used), or a
replay file (``replay/FILE`` or a path to an existing file), whose replies are matched to prompts the
way the replay backend matches them (by id, else by text) and judged here with the given judge.
Export uses references for the "chosen" side of training pairs; the reward probe for real
compliant replies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..backends import BackendOptions
from ..backends.replay import ReplayBackend
from ..errors import UserError
from ..judges import Judge
from ..judges.language.abstention import judge_readable
from ..store import Store
from ..types import Completion, Prompt, Verdict


@dataclass(frozen=True)
class Reference:
    """A reply to a prompt and its verdict."""

    text: str
    verdict: Verdict


def _replay_path(spec: str) -> str | None:
    if spec.startswith("replay/"):
        return spec[len("replay/") :]
    if Path(spec).expanduser().is_file():
        return spec
    return None


async def load_references(
    spec: str, prompts: Sequence[Prompt], *, store: Store | None, judge: Judge
) -> dict[str, Reference]:
    """prompt id -> reference reply, for the prompts the reference has a usable reply to (``store`` may be
    None when ``spec`` is a replay file)."""
    run = store.get_run(spec) if store is not None else None
    if run is not None:
        out: dict[str, Reference] = {}
        assert store is not None
        rows = store.results(spec)
        by_id = {r.prompt.id: r for r in rows}
        by_text = {" ".join(r.prompt.text.split()): r for r in rows}
        for p in prompts:
            r = by_id.get(p.id) or by_text.get(" ".join(p.text.split()))
            if r is not None and r.completion.ok and r.judgement.verdict.judged:
                out[p.id] = Reference(r.completion.text, r.judgement.verdict)
        return out
    path = _replay_path(spec)
    if path is None:
        raise UserError(f"'{spec}' is neither a run in the store nor a replay file", field="--reference")
    # check_text stays on: a reply is only taken when its prompt text matches (see the replay backend).
    replay = ReplayBackend(path, BackendOptions())
    found: list[tuple[Prompt, Completion]] = []
    for p in prompts:
        row, _ = replay.find(p.id, p.text)
        if row is not None:
            found.append((p, Completion(text=row.reply, finish_reason="replay")))
    judgements = await judge_readable(judge, found) if found else []
    return {p.id: Reference(c.text, j.verdict) for (p, c), j in zip(found, judgements) if j.verdict.judged}
