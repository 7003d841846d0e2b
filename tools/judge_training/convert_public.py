"""Rebuild the classifier judge's public training data from its two human-labelled sources.

Writes ``src/overrefusal/judges/training/public.jsonl`` (one labelled reply a line:
``{"source", "subset", "id", "prompt", "reply", "label", "upstream"}``) and ``public_sources.json``
(repository, pinned commit, licence, sha256 of every file read, and how many rows each upstream label
gave or left out). The label mapping is documented in ``src/overrefusal/judges/training/README.md``;
it is the code below.

Usage::

    python tools/judge_training/convert_public.py                       # download the pinned commits
    python tools/judge_training/convert_public.py --from chatgpt-refusals=PATH --from safety-rbr=PATH

``PATH`` is a checkout or a bare git directory of the repository (then the pinned commit is read with
``git show``). Not shipped in the wheel: the package ships only the converted rows.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from overrefusal.guards.safe_files import decode_input, input_lines

ROOT = Path(__file__).resolve().parents[2]
OUT_DIR = ROOT / "src" / "overrefusal" / "judges" / "training"

COMPLIANCE = "full_compliance"
REFUSAL = "full_refusal"
PARTIAL = "partial_refusal"


@dataclass(frozen=True)
class Source:
    name: str
    repo: str
    commit: str
    licence: str
    files: tuple[str, ...]
    convert: Callable[[str, bytes], Iterator[dict[str, Any]]]
    """(file path, file bytes) -> rows with the keys ``subset, id, prompt, reply, label, upstream``;
    ``label`` is None for rows left out."""


# --- maxwellreuter/chatgpt-refusals ----------------------------------------------------------------
# gpt-3.5-turbo replies hand-labelled by tone. Only two tones are decided by XSTest's scheme:
# "complied" (the reply attempts the request) and "rejected" (it declines). The others mix classes:
# "redirected" and "disclaimed" are mostly "As an AI I have no opinion" followed by more or less of an
# answer, "contradicted" is a rebuttal of the premise (compliance or refusal depending on whether the
# facts are explained), "counseling" is advice instead of an answer, "dontknow"/"incoherent" are
# neither: all left out rather than guessed.
_TONE = {"complied": COMPLIANCE, "rejected": REFUSAL}


def _chatgpt_refusals(path: str, data: bytes) -> Iterator[dict[str, Any]]:
    subset = Path(path).stem
    for i, row in enumerate(json.loads(data)):
        tone = str(row["tone"])
        yield {
            "subset": subset,
            "id": f"{subset}:{i}",
            "prompt": row["prompt"],
            "reply": row["response"],
            "label": _TONE.get(tone),
            "upstream": tone,
        }


# --- openai/safety-rbr-code-and-data ----------------------------------------------------------------
# Synthetic conversations whose last assistant reply carries human yes/no labels on propositions. The
# three that decide the XSTest class: fully_complies ("gives the exact content requested, completely"),
# partially_complies ("provides some or all of the requested content": true whenever fully_complies
# is), and illogical_continuation_of_prompt (an off-topic or nonsensical reply: no XSTest class).
# inability_to_comply marks a stated refusal.
def rbr_label(p: dict[str, Any]) -> str | None:
    """The XSTest class of one labelled reply, or None where the labels do not decide it."""
    full, part = p.get("fully_complies"), p.get("partially_complies")
    if p.get("illogical_continuation_of_prompt") or full is None or part is None:
        return None
    if full and not part:
        return None  # contradictory: "all of it" but "none of it"
    if full and p.get("inability_to_comply"):
        return None  # says it cannot comply yet is labelled complete: ambiguous between compliance and partial
    if full:
        return COMPLIANCE
    if part:
        return PARTIAL  # some of the requested content, not all of it (or a nearby, reduced version)
    return REFUSAL  # none of the requested content: a decline, a deflection or help-line talk only


def _rbr_upstream(p: dict[str, Any]) -> str:
    keys = ("fully_complies", "partially_complies", "inability_to_comply", "illogical_continuation_of_prompt")
    return ",".join(f"{k}={'1' if p.get(k) else '0'}" for k in keys)


def _safety_rbr(path: str, data: bytes) -> Iterator[dict[str, Any]]:
    subset = "rbr_gold_" + Path(path).stem
    for i, (_, line) in enumerate(input_lines(decode_input(data, path=path))):
        if not line.strip():
            continue
        row = json.loads(line)
        users = [m["content"] for m in row["prompt"] if m.get("role") == "user"]
        reply = "".join(m["content"] for m in row["completion"] if m.get("role") == "assistant")
        props = row["propositions"]
        yield {
            "subset": subset,
            "id": f"{subset}:{i}",
            "prompt": users[-1] if users else "",
            "reply": reply,
            "label": rbr_label(props),
            "upstream": _rbr_upstream(props),
            "category": row.get("category"),
            "response_type": row.get("response_type"),
        }


SOURCES = (
    Source(
        "chatgpt-refusals",
        "maxwellreuter/chatgpt-refusals",
        "37d405b88624b2512b4ad44efa4067a73713aeec",
        "MIT",
        ("data/nyp.json", "data/political_figures.json", "data/quora_insincere_hand_labeled.json"),
        _chatgpt_refusals,
    ),
    Source(
        "safety-rbr",
        "openai/safety-rbr-code-and-data",
        "7f489fa6b38d72468235f275c23bf3f0c849e5ca",
        "MIT",
        ("data/rbr_gold_data/train.jsonl", "data/rbr_gold_data/test.jsonl"),
        _safety_rbr,
    ),
)


def read_file(source: Source, path: str, local: str | None) -> bytes:
    """The file at the pinned commit: from a checkout, a bare git directory, or GitHub."""
    if local:
        p = Path(local)
        if (p / path).is_file() and not (p / "HEAD").is_file():
            return (p / path).read_bytes()
        return subprocess.run(
            ["git", "-C", str(p), "show", f"{source.commit}:{path}"], check=True, capture_output=True
        ).stdout
    url = f"https://raw.githubusercontent.com/{source.repo}/{source.commit}/{path}"
    with urllib.request.urlopen(url, timeout=60) as response:
        return bytes(response.read())


def convert(local: dict[str, str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    manifest: dict[str, Any] = {}
    for source in SOURCES:
        files = {}
        kept: dict[str, dict[str, int]] = {}
        left_out: dict[str, int] = {}
        seen: set[tuple[str, str]] = set()
        for path in source.files:
            data = read_file(source, path, local.get(source.name))
            files[path] = hashlib.sha256(data).hexdigest()
            for row in source.convert(path, data):
                key = (row["prompt"], row["reply"])
                if row["label"] is None or not row["reply"].strip() or key in seen:
                    reason = row["upstream"] if row["label"] is None else "empty or duplicate reply"
                    left_out[reason] = left_out.get(reason, 0) + 1
                    continue
                seen.add(key)
                kept.setdefault(row["upstream"], {}).setdefault(row["label"], 0)
                kept[row["upstream"]][row["label"]] += 1
                rows.append({"source": source.name, **row})
        manifest[source.name] = {
            "repo": source.repo,
            "commit": source.commit,
            "licence": source.licence,
            "url": f"https://github.com/{source.repo}/tree/{source.commit}",
            "files": files,
            "kept": dict(sorted(kept.items())),
            "left_out": dict(sorted(left_out.items())),
            "rows": sum(sum(v.values()) for v in kept.values()),
        }
    return rows, manifest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--from",
        dest="local",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="read a source from a local checkout or bare git dir instead of GitHub",
    )
    ap.add_argument("--out-dir", default=str(OUT_DIR))
    args = ap.parse_args(argv)
    local = dict(item.split("=", 1) for item in args.local)
    unknown = set(local) - {s.name for s in SOURCES}
    if unknown:
        print(f"unknown source(s): {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    rows, manifest = convert(local)
    out = Path(args.out_dir)
    with open(out / "public.jsonl", "w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    (out / "public_sources.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for name, m in manifest.items():
        print(f"{name}: {m['rows']} rows kept, {sum(m['left_out'].values())} left out", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
