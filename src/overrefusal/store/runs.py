"""The runs of a store: their identity and provenance, their prompts, how their components were made, and
finding a run by a typed reference."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import UserError
from ..registry import CreationSpec, Kind
from ..types import Label, Message, Prompt, Verdict
from ..version import package_version
from ._migrations import PromptDigest, classes_json
from .connection import StoreConnection, translates_errors, utc_now
from .run_names import RESERVED_RUN_ID

LATEST_RUN = RESERVED_RUN_ID
"""The run reference that means the most recently created run of a store."""


def _listing(run_ids: Sequence[str], limit: int = 8) -> str:
    """A short, comma-separated list of run ids for an error message."""
    shown = ", ".join(run_ids[:limit])
    return shown + (f", ... ({len(run_ids) - limit} more)" if len(run_ids) > limit else "")


@dataclass(frozen=True)
class RunRecord:
    """A run's identity and provenance as stored."""

    run_id: str
    """Name of the run; running the same id again resumes it."""
    suite_name: str
    suite_version: str
    deployment_id: str
    """Hash of backend, model, options, system prompt and filters."""
    deployment: dict[str, Any]
    """Human-readable description of the deployment (no secrets)."""
    generation: dict[str, Any]
    judge_id: str
    """The run's primary judge."""
    provenance: dict[str, Any]
    """Package version, host, time: shown in every report."""
    created_at: str = ""
    status: str = "running"

    def identity(self) -> dict[str, Any]:
        return {
            "suite_version": self.suite_version,
            "deployment_id": self.deployment_id,
            "generation": self.generation,
            "judge_id": self.judge_id,
        }


def provenance(input_files: Sequence[str] = (), suite_files: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """Where a run comes from: package version, host, start time and (when given) its input files and what its
    benchmark's files were checked to be (``SuiteFile.to_dict()``: hash, rows, verified or modified copy)."""
    out: dict[str, Any] = {"package_version": package_version(), "host": socket.gethostname(), "started_at": utc_now()}
    if input_files:
        out[INPUT_FILES] = list(input_files)
    if suite_files:
        out[SUITE_FILES] = [dict(f) for f in suite_files]
    return out


SUITE_FILES = "suite_files"
"""The provenance key of a named benchmark's files as checked: path, sha256, rows, status, revision, role."""


INPUT_FILES = "input_files"
"""The provenance key of a run's input files, absolute (see :meth:`Store.input_files`)."""


def _input_candidates(model: str, sources: Iterable[str]) -> list[str]:
    """The paths a run may have been read from, as given: a replay model's file, then the prompts' sources."""
    found = [model[len("replay/") :]] if model.startswith("replay/") else []
    return found + [s for s in sources if s]


def run_input_files(model: str, sources: Iterable[str]) -> list[str]:
    """The files a run of ``model`` over prompts from ``sources`` reads, resolved against the current
    directory now, when the run is created (a later command may run anywhere); only those that are files."""
    return [str(Path(f).resolve()) for f in dict.fromkeys(_input_candidates(model, sources)) if os.path.isfile(f)]


PROMPT_COLUMNS = (
    "prompt_id", "text", "label", "category", "type", "pair_id", "focus", "source", "metadata_json", "history_json",
    "language", "translation_of",
)  # fmt: skip
"""The columns of ``run_prompts`` that make a :class:`Prompt`, in the order :func:`prompt_from_row` reads."""


_LABELS = {label.value: label for label in Label}


def prompt_from_row(r: Sequence[Any]) -> Prompt:
    """A prompt from the :data:`PROMPT_COLUMNS` of one ``run_prompts`` row."""
    return Prompt(
        id=r[0],
        text=r[1],
        label=_LABELS[r[2]],
        category=r[3],
        type=r[4],
        pair_id=r[5],
        focus=r[6],
        source=r[7],
        metadata={} if r[8] == "{}" else json.loads(r[8]),
        history=() if r[9] == "[]" else tuple(Message.from_dict(m) for m in json.loads(r[9])),
        language=r[10],
        translation_of=r[11],
    )


class PendingPrompt(NamedTuple):
    """A prompt of a run that some of its judges have no usable record of yet."""

    position: int
    """Its place in the suite (``run_prompts.position``)."""
    prompt: Prompt
    judges: tuple[int, ...]
    """Indexes (into the judge ids asked about) of the judges with no record of it, or an ERROR one."""
    reusable: int | None
    """A successful completion of it already stored by this run (any judge's record), to judge again for free."""


_PENDING_PAGE = 512
"""Prompts read per page by :meth:`Runs.pending_prompts`."""

_NO_POSITION = 2**62
"""Above every suite position: the upper bound of a :meth:`Runs.pending_prompts` page without ``before``."""


def _lacking(judge_ids: Sequence[str]) -> tuple[str, list[str]]:
    """SQL true for a run prompt ``p`` without a done (non-ERROR) record of one of ``judge_ids``, and its
    parameters."""
    sql = " OR ".join(
        "NOT EXISTS (SELECT 1 FROM results s WHERE s.run_id = p.run_id AND s.prompt_id = p.prompt_id"
        " AND s.judge_id = ? AND s.verdict != ?)"
        for _ in judge_ids
    )
    return sql, [v for judge_id in judge_ids for v in (judge_id, Verdict.ERROR.value)]


@translates_errors
class Runs(StoreConnection):
    """The runs part of the store (see :class:`~overrefusal.store.Store`)."""

    def check_identity(self, run: RunRecord) -> RunRecord | None:
        """The stored run of that id, if any; UserError if it was made with another configuration."""
        existing = self.get_run(run.run_id)
        if existing is not None and existing.identity() != run.identity():
            diff = [k for k, v in run.identity().items() if existing.identity()[k] != v]
            raise UserError(
                f"run '{run.run_id}' already exists with a different {', '.join(diff)}; "
                "choose another --run-id to start a new run",
                field="--run-id",
            )
        return existing

    def begin_run(self, run: RunRecord, prompts: Sequence[Prompt]) -> RunRecord:
        """Create the run, or check that an existing run of that id has the same identity (resume)."""
        existing = self.check_identity(run)
        if existing is not None:
            return existing
        now = utc_now()
        digest = PromptDigest()
        for p in prompts:
            digest.step(p.id, p.label.value, p.text)
        self._write("BEGIN IMMEDIATE")
        try:
            if self.get_run(run.run_id) is not None:
                # Another process created it between our check and our lock: resume it.
                self._write("COMMIT")
                existing = self.check_identity(run)
                assert existing is not None
                return existing
            self._write(
                "INSERT INTO runs VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    run.run_id,
                    now,
                    now,
                    "running",
                    run.suite_name,
                    run.suite_version,
                    run.deployment_id,
                    json.dumps(run.deployment),
                    json.dumps(run.generation),
                    run.judge_id,
                    json.dumps(run.provenance),
                    digest.finalize(),
                ),
            )
            self.db.executemany(
                "INSERT INTO run_prompts (run_id, prompt_id, position, text, label, category, type, pair_id, focus,"
                " source, metadata_json, history_json, language, translation_of) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (  # a generator: a list of 100,000 rows would be built whole before the first insert
                    (
                        run.run_id,
                        p.id,
                        i,
                        p.text,
                        p.label.value,
                        p.category,
                        p.type,
                        p.pair_id,
                        p.focus,
                        p.source,
                        json.dumps(dict(p.metadata), default=str),
                        json.dumps([m.to_openai() for m in p.history]),
                        p.language,
                        p.translation_of,
                    )
                    for i, p in enumerate(prompts)
                ),
            )
            # Read back in prompt id order (the primary key's) and written as read: nothing per prompt is held.
            ordered = self.db.execute(
                "SELECT label, category FROM run_prompts WHERE run_id = ? ORDER BY prompt_id", (run.run_id,)
            )
            self._write("INSERT INTO run_prompt_classes VALUES (?, ?)", (run.run_id, classes_json(ordered)))
            self._write("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise self._error("cannot write to the store", exc) from None
        except BaseException:
            self._rollback()
            raise
        return self.get_run(run.run_id)  # type: ignore[return-value]

    def set_status(self, run_id: str, status: str) -> None:
        self._write("UPDATE runs SET status = ?, updated_at = ? WHERE run_id = ?", (status, utc_now(), run_id))

    def get_run(self, run_id: str) -> RunRecord | None:
        row = self.db.execute(
            "SELECT run_id, suite_name, suite_version, deployment_id, deployment_json, generation_json, judge_id,"
            " provenance_json, created_at, status FROM runs WHERE run_id = ?",
            (run_id,),
        ).fetchone()
        if row is None:
            return None
        return RunRecord(
            run_id=row[0],
            suite_name=row[1],
            suite_version=row[2],
            deployment_id=row[3],
            deployment=json.loads(row[4]),
            generation=json.loads(row[5]),
            judge_id=row[6],
            provenance=json.loads(row[7]),
            created_at=row[8],
            status=row[9],
        )

    def input_files(self, run_ids: Sequence[str]) -> list[str]:
        """The files on this machine that the runs were read from: a replay backend's replies and the suite
        files named as the prompts' source (only those that are files here). Commands that write a file
        refuse to write over them: a run resumed or re-run later reads them again. A run records them
        resolved when it is created (``provenance["input_files"]``, :func:`run_input_files`), so this holds
        from any directory; for a run stored before that they are resolved from the current directory."""
        found: list[str] = []
        for run_id in run_ids:
            run = self.get_run(run_id)
            recorded = run.provenance.get(INPUT_FILES) if run is not None else None
            if isinstance(recorded, list):
                found += [str(f) for f in recorded if isinstance(f, str)]
                continue
            model = str(run.deployment.get("model", "")) if run is not None else ""
            sources = [
                str(r[0])
                for r in self.db.execute("SELECT DISTINCT source FROM run_prompts WHERE run_id = ?", (run_id,))
                if r[0]
            ]
            found += _input_candidates(model, sources)
        return [f for f in dict.fromkeys(found) if os.path.isfile(f)]

    def require_run(self, run_id: str) -> RunRecord:
        run = self.get_run(run_id)
        if run is None:
            raise UserError(
                f"no run '{run_id}' in the store {self.path}; `overrefusal runs` lists them", field="RUN_ID"
            )
        return run

    def resolve_run_id(self, ref: str) -> str:
        """The full id of the run ``ref`` names: the id itself, ``latest`` (the most recently created run)
        or a prefix that starts exactly one run's id. An exact id wins over both, so a run named
        ``latest`` or ``abc`` beside ``abcd`` stays reachable. UserError (listing candidates) otherwise."""
        ref = ref.strip()
        if not ref:
            raise UserError("empty run id; `overrefusal runs` lists the runs", field="RUN_ID")
        if self.get_run(ref) is not None:
            return ref
        if ref == LATEST_RUN:
            row = self.db.execute("SELECT run_id FROM runs ORDER BY created_at DESC, rowid DESC LIMIT 1").fetchone()
            if row is None:
                raise UserError(
                    f"'latest': the store {self.path} holds no run yet; start one with `overrefusal run`",
                    field="RUN_ID",
                )
            return str(row[0])
        # substr, not LIKE: run ids may contain '%' or '_', which LIKE would read as wildcards.
        matches = [
            r[0]
            for r in self.db.execute(
                "SELECT run_id FROM runs WHERE substr(run_id, 1, length(?)) = ? ORDER BY created_at DESC, rowid DESC",
                (ref, ref),
            )
        ]
        if len(matches) == 1:
            return str(matches[0])
        if matches:
            raise UserError(
                f"'{ref}' starts {len(matches)} run ids: {_listing(matches)}; type more of the id", field="RUN_ID"
            )
        every = [r[0] for r in self.db.execute("SELECT run_id FROM runs ORDER BY created_at DESC, rowid DESC")]
        if not every:
            raise UserError(f"no run '{ref}': the store {self.path} holds no run yet", field="RUN_ID")
        import unicodedata

        # The same letters in another Unicode normal form ("é" as one code point or as e + U+0301, as a
        # macOS terminal or a copied id may give it) look identical in every message: they name the run.
        nfc = unicodedata.normalize("NFC", ref)
        for found in (
            [r for r in every if unicodedata.normalize("NFC", r) == nfc],
            [r for r in every if unicodedata.normalize("NFC", r).startswith(nfc)],
        ):
            if len(found) == 1:
                return str(found[0])
            if found:
                raise UserError(
                    f"'{ref}' starts {len(found)} run ids: {_listing(found)}; type more of the id", field="RUN_ID"
                )
        import difflib

        # Compared with each id's start, since a user types the start of an id (a typo in a prefix).
        score = {r: difflib.SequenceMatcher(None, ref, r[: len(ref) + 1]).ratio() for r in every}
        close = sorted((r for r in every if score[r] >= 0.6), key=lambda r: -score[r])[:5]
        hint = f"closest: {_listing(close)}" if close else f"most recent: {_listing(every)}"
        raise UserError(
            f"no run '{ref}' in the store {self.path} (neither an id nor the start of one); {hint}; "
            "`overrefusal runs` lists them all",
            field="RUN_ID",
        )

    def list_runs(self) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT r.run_id, r.created_at, r.status, r.suite_name, r.deployment_json, r.judge_id,"
            " (SELECT COUNT(*) FROM run_prompts p WHERE p.run_id = r.run_id),"
            # Judged and errors from the counts the triggers keep (migration 003), not a walk over each run.
            " (SELECT COALESCE(SUM(k.n), 0) FROM result_counts k WHERE k.run_id = r.run_id AND k.judge_id = r.judge_id),"
            " (SELECT COALESCE(SUM(k.n), 0) FROM result_counts k WHERE k.run_id = r.run_id AND k.judge_id = r.judge_id"
            "   AND k.verdict = 'error')"
            " FROM runs r ORDER BY r.created_at, r.run_id"
        ).fetchall()
        return [
            {
                "run_id": r[0],
                "created_at": r[1],
                "status": r[2],
                "suite": r[3],
                "model": json.loads(r[4]).get("model", ""),
                "judge": r[5],
                "prompts": r[6],
                "judged": r[7],
                "errors": r[8],
            }
            for r in rows
        ]

    def has_prompt(self, run_id: str, prompt_id: str) -> bool:
        """Whether ``prompt_id`` is one of the run's prompts."""
        row = self.db.execute(
            "SELECT 1 FROM run_prompts WHERE run_id = ? AND prompt_id = ?", (run_id, prompt_id)
        ).fetchone()
        return row is not None

    def prompt_count(self, run_id: str) -> int:
        """How many prompts the run has (judged or not)."""
        return int(self.db.execute("SELECT COUNT(*) FROM run_prompts WHERE run_id = ?", (run_id,)).fetchone()[0])

    def same_prompts(self, run_id: str, other_run: str) -> int | None:
        """How many prompts the two runs hold when they hold the same ones (id, label and exact text), by the
        digests kept when each began (migration 012); None when they may differ."""
        digests = [
            self.db.execute("SELECT prompt_digest FROM runs WHERE run_id = ?", (run,)).fetchone()
            for run in (run_id, other_run)
        ]
        if any(d is None or d[0] is None for d in digests) or digests[0] != digests[1]:
            return None
        return self.prompt_count(run_id)

    def prompt_classes_by_id(self, run_id: str) -> tuple[list[str], list[str]] | None:
        """(labels, categories) of the run's prompts in prompt id order, as stored, kept when it began
        (migration 012); None for a run without them."""
        row = self.db.execute("SELECT classes_json FROM run_prompt_classes WHERE run_id = ?", (run_id,)).fetchone()
        if row is None:
            return None
        labels, categories = json.loads(row[0])
        return labels, categories

    def run_prompts(self, run_id: str) -> list[Prompt]:
        rows = self.db.execute(
            f"SELECT {', '.join(PROMPT_COLUMNS)} FROM run_prompts WHERE run_id = ? ORDER BY position", (run_id,)
        )
        return [prompt_from_row(r) for r in rows]

    def pending_prompts(
        self,
        run_id: str,
        judge_ids: Sequence[str],
        *,
        after: int = -1,
        limit: int = _PENDING_PAGE,
        before: int | None = None,
    ) -> tuple[list[PendingPrompt], int | None]:
        """One page of the run's prompts that a judge of ``judge_ids`` has no record of, or only an ERROR one
        (which a resume retries): those among the ``limit`` prompts after suite position ``after`` (and, with
        ``before``, below that position), in suite order, and the position to ask for the next page after
        (None: no prompt is left). A run of 100,000 prompts is fed to the engine a page at a time, never held
        whole; the Ray engine's readers each take the window of positions ``after < position < before``."""
        verdicts = ", ".join(
            "(SELECT s.verdict FROM results s WHERE s.run_id = p.run_id AND s.prompt_id = p.prompt_id"
            " AND s.judge_id = ?)"
            for _ in judge_ids
        )
        rows = self.db.execute(
            f"SELECT p.position, {', '.join('p.' + c for c in PROMPT_COLUMNS)},"
            " (SELECT MAX(s.completion_id) FROM results s JOIN completions c ON c.completion_id = s.completion_id"
            "  WHERE s.run_id = p.run_id AND s.prompt_id = p.prompt_id AND c.error IS NULL),"
            f" {verdicts} FROM run_prompts p WHERE p.run_id = ? AND p.position > ? AND p.position < ?"
            " ORDER BY p.position LIMIT ?",
            (*judge_ids, run_id, after, _NO_POSITION if before is None else before, limit),
        ).fetchall()
        page: list[PendingPrompt] = []
        first_verdict = 2 + len(PROMPT_COLUMNS)
        for r in rows:
            missing = tuple(
                i for i, verdict in enumerate(r[first_verdict:]) if verdict is None or verdict == Verdict.ERROR.value
            )
            if missing:
                page.append(
                    PendingPrompt(
                        r[0], prompt_from_row(r[1 : 1 + len(PROMPT_COLUMNS)]), missing, r[-1 - len(judge_ids)]
                    )
                )
        return page, (rows[-1][0] if len(rows) == limit else None)

    def done_records(self, run_id: str, judge_ids: Sequence[str]) -> int:
        """How many (prompt, judge) records of the run, over ``judge_ids``, are done (not ERROR)."""
        return sum(
            int(
                self.db.execute(
                    "SELECT COUNT(*) FROM results s JOIN run_prompts p ON p.run_id = s.run_id"
                    " AND p.prompt_id = s.prompt_id WHERE s.run_id = ? AND s.judge_id = ? AND s.verdict != ?",
                    (run_id, judge_id, Verdict.ERROR.value),
                ).fetchone()[0]
            )
            for judge_id in judge_ids
        )

    def last_position(self, run_id: str) -> int:
        """The suite position of the run's last prompt; -1 for a run without prompts."""
        row = self.db.execute("SELECT MAX(position) FROM run_prompts WHERE run_id = ?", (run_id,)).fetchone()
        return -1 if row[0] is None else int(row[0])

    def pending_count(self, run_id: str, judge_ids: Sequence[str]) -> int:
        """How many of the run's prompts lack a done (non-ERROR) record of one of ``judge_ids``: what
        :meth:`pending_prompts` pages through, counted without reading a prompt."""
        if not judge_ids:
            return 0
        lacking, params = _lacking(judge_ids)
        return int(
            self.db.execute(
                f"SELECT COUNT(*) FROM run_prompts p WHERE p.run_id = ? AND ({lacking})", (run_id, *params)
            ).fetchone()[0]
        )

    def has_pending(self, run_id: str, judge_ids: Sequence[str]) -> bool:
        """Whether a prompt of the run lacks a done (non-ERROR) record of one of ``judge_ids``."""
        if not judge_ids:
            return False
        lacking, params = _lacking(judge_ids)
        row = self.db.execute(
            f"SELECT 1 FROM run_prompts p WHERE p.run_id = ? AND ({lacking}) LIMIT 1", (run_id, *params)
        ).fetchone()
        return row is not None

    def run_languages(self, run_id: str) -> list[str]:
        """The languages of a run's prompts (empty strings left out), in suite order of first use."""
        rows = self.db.execute(
            "SELECT language FROM run_prompts WHERE run_id = ? AND language != '' GROUP BY language"
            " ORDER BY MIN(position)",
            (run_id,),
        )
        return [r[0] for r in rows]

    def record_components(self, run_id: str, components: Sequence[tuple[str, CreationSpec]]) -> None:
        """Remember how the run's components were made: (component id, spec) pairs; the first record of a
        component stays (a resumed run was made the same way)."""
        if not components:
            return
        now = utc_now()
        with self.transaction():
            for component_id, spec in components:
                self._write(
                    "INSERT OR IGNORE INTO run_components VALUES (?,?,?,?,?)",
                    (run_id, spec.kind.value, component_id, json.dumps(spec.to_dict(), sort_keys=True), now),
                )

    def component_spec(self, run_id: str, kind: Kind, component_id: str) -> CreationSpec | None:
        """How a component of the run was made, if recorded (runs made before 0.2 have no record)."""
        row = self.db.execute(
            "SELECT spec_json FROM run_components WHERE run_id = ? AND kind = ? AND component_id = ?",
            (run_id, kind.value, component_id),
        ).fetchone()
        return CreationSpec.from_dict(json.loads(row[0])) if row is not None else None
