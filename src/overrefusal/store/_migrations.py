"""Ordered, named schema migrations. Append new ones; never edit one that has shipped."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable


class PromptDigest:
    """The SQL aggregate ``prompt_digest(prompt_id, label, text)`` (migration 012) and what ``begin_run`` keeps
    in ``runs.prompt_digest``: a SHA-256 over the identities of a run's prompts, taken in no particular order.
    Two runs with the same digest hold the same prompts (id, label and exact text), so a comparison can pair
    their records by prompt id alone; a run's suite version does not prove that, since its prompts are given
    apart from it.

    The identities' hashes are added modulo 2**256 (an order-free multiset hash), not kept and sorted: a run of
    100,000 prompts would otherwise hold 100,000 hashes while it begins, and a run's memory must not grow with
    its size. Prompt ids are unique within a run, so no two identities cancel."""

    _MODULUS = 1 << 256

    def __init__(self) -> None:
        self._count = 0
        self._sum = 0

    def step(self, prompt_id: str, label: str, text: str) -> None:
        # The id and label prefixed by their lengths: no two different (id, label, text) give the same string.
        identity = f"{len(prompt_id)}:{prompt_id}{len(label)}:{label}{text}"
        self._sum = (self._sum + int.from_bytes(hashlib.sha256(identity.encode()).digest(), "big")) % self._MODULUS
        self._count += 1

    def finalize(self) -> str:
        return hashlib.sha256(f"{self._count}:{self._sum:064x}".encode()).hexdigest()


class PromptClasses:
    """The SQL aggregate ``prompt_classes(prompt_id, label, category)`` (migration 012) and what ``begin_run``
    keeps in ``run_prompt_classes``: JSON ``[labels, categories]`` of a run's prompts in prompt id order (the
    order of SQLite's BINARY collation, which Python's string order equals), whatever order they come in."""

    def __init__(self) -> None:
        self._rows: list[tuple[str, str, str]] = []

    def step(self, prompt_id: str, label: str, category: str) -> None:
        self._rows.append((prompt_id, label, category))

    def finalize(self) -> str:
        self._rows.sort()
        return classes_json((r[1], r[2]) for r in self._rows)


def classes_json(rows: Iterable[tuple[str, str]]) -> str:
    """``json.dumps([labels, categories])`` of (label, category) rows already in prompt id order, written a
    thousand rows at a time, so that ``begin_run`` can stream them from the store instead of holding a run's
    prompts (what is kept is the JSON text itself)."""
    labels: list[str] = []
    categories: list[str] = []
    chunk: list[tuple[str, str]] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == 1000:
            labels.append(", ".join(json.dumps(r[0]) for r in chunk))
            categories.append(", ".join(json.dumps(r[1]) for r in chunk))
            chunk.clear()
    if chunk:
        labels.append(", ".join(json.dumps(r[0]) for r in chunk))
        categories.append(", ".join(json.dumps(r[1]) for r in chunk))
    return f"[[{', '.join(labels)}], [{', '.join(categories)}]]"


MIGRATIONS: list[tuple[str, str]] = [
    (
        "001_initial",
        """
        CREATE TABLE runs (
            run_id          TEXT PRIMARY KEY,
            created_at      TEXT NOT NULL,
            updated_at      TEXT NOT NULL,
            status          TEXT NOT NULL,          -- running | complete
            suite_name      TEXT NOT NULL,
            suite_version   TEXT NOT NULL,
            deployment_id   TEXT NOT NULL,
            deployment_json TEXT NOT NULL,          -- never holds secrets: only env-var names
            generation_json TEXT NOT NULL,
            judge_id        TEXT NOT NULL,
            provenance_json TEXT NOT NULL
        );
        CREATE TABLE run_prompts (
            run_id    TEXT NOT NULL REFERENCES runs(run_id),
            prompt_id TEXT NOT NULL,
            position  INTEGER NOT NULL,
            text      TEXT NOT NULL,
            label     TEXT NOT NULL,
            category  TEXT NOT NULL,
            type      TEXT NOT NULL,
            pair_id   TEXT NOT NULL,
            focus     TEXT NOT NULL,
            source    TEXT NOT NULL,
            metadata_json TEXT NOT NULL,
            PRIMARY KEY (run_id, prompt_id)
        );
        -- One row per generation; also the cache (by cache_key) for successful ones.
        CREATE TABLE completions (
            completion_id     INTEGER PRIMARY KEY AUTOINCREMENT,
            cache_key         TEXT NOT NULL,
            text              TEXT NOT NULL,
            model_text        TEXT,
            finish_reason     TEXT NOT NULL,
            prompt_tokens     INTEGER NOT NULL,
            completion_tokens INTEGER NOT NULL,
            latency_s         REAL NOT NULL,
            error             TEXT,
            blocked_by        TEXT,
            created_at        TEXT NOT NULL
        );
        CREATE INDEX completions_by_key ON completions(cache_key) WHERE error IS NULL;
        -- The record: exactly one per (run, prompt, judge), replaced when an errored item is retried.
        CREATE TABLE results (
            run_id        TEXT NOT NULL REFERENCES runs(run_id),
            prompt_id     TEXT NOT NULL,
            judge_id      TEXT NOT NULL,
            completion_id INTEGER NOT NULL REFERENCES completions(completion_id),
            verdict       TEXT NOT NULL,
            confidence    REAL NOT NULL,
            evidence_json TEXT NOT NULL,
            signals_json  TEXT NOT NULL,
            judge_error   TEXT,
            created_at    TEXT NOT NULL,
            PRIMARY KEY (run_id, prompt_id, judge_id)
        );
        """,
    ),
    (
        "002_ingested_completions",
        """
        -- Completions that arrived in Parquet shards (runs on Ray), under the id their worker gave them:
        -- ingesting the same shard twice finds its ids here and adds nothing.
        CREATE TABLE ingested_completions (
            uid           TEXT PRIMARY KEY,
            run_id        TEXT NOT NULL,
            completion_id INTEGER NOT NULL REFERENCES completions(completion_id)
        );
        CREATE INDEX ingested_completions_by_run ON ingested_completions(run_id);
        """,
    ),
    (
        "003_result_counts",
        """
        -- What a summary needs, kept up to date by triggers: the number of records per run x judge x label
        -- x category x verdict x filter-blocked. A summary then reads a few dozen rows however large the
        -- run is; counting a million records through the results/run_prompts join takes seconds each time.
        -- Triggers (not the writers) maintain it, so every way of writing results is counted alike.
        CREATE TABLE result_counts (
            run_id   TEXT NOT NULL,
            judge_id TEXT NOT NULL,
            label    TEXT NOT NULL,
            category TEXT NOT NULL,
            verdict  TEXT NOT NULL,
            blocked  INTEGER NOT NULL,
            n        INTEGER NOT NULL,
            PRIMARY KEY (run_id, judge_id, label, category, verdict, blocked)
        );
        INSERT INTO result_counts
            SELECT s.run_id, s.judge_id, p.label, p.category, s.verdict, c.blocked_by IS NOT NULL, COUNT(*)
            FROM results s
            JOIN run_prompts p ON p.run_id = s.run_id AND p.prompt_id = s.prompt_id
            JOIN completions c ON c.completion_id = s.completion_id
            GROUP BY 1, 2, 3, 4, 5, 6;
        CREATE TRIGGER result_counts_insert AFTER INSERT ON results BEGIN
            INSERT INTO result_counts
                SELECT NEW.run_id, NEW.judge_id, p.label, p.category, NEW.verdict,
                       COALESCE((SELECT c.blocked_by IS NOT NULL FROM completions c
                                 WHERE c.completion_id = NEW.completion_id), 0), 1
                FROM run_prompts p WHERE p.run_id = NEW.run_id AND p.prompt_id = NEW.prompt_id
                ON CONFLICT (run_id, judge_id, label, category, verdict, blocked) DO UPDATE SET n = n + 1;
        END;
        CREATE TRIGGER result_counts_delete AFTER DELETE ON results BEGIN
            UPDATE result_counts SET n = n - 1
            WHERE run_id = OLD.run_id AND judge_id = OLD.judge_id AND verdict = OLD.verdict
              AND (label, category) = (SELECT p.label, p.category FROM run_prompts p
                                       WHERE p.run_id = OLD.run_id AND p.prompt_id = OLD.prompt_id)
              AND blocked = COALESCE((SELECT c.blocked_by IS NOT NULL FROM completions c
                                      WHERE c.completion_id = OLD.completion_id), 0);
        END;
        CREATE TRIGGER result_counts_update AFTER UPDATE OF run_id, prompt_id, judge_id, verdict, completion_id
        ON results BEGIN
            UPDATE result_counts SET n = n - 1
            WHERE run_id = OLD.run_id AND judge_id = OLD.judge_id AND verdict = OLD.verdict
              AND (label, category) = (SELECT p.label, p.category FROM run_prompts p
                                       WHERE p.run_id = OLD.run_id AND p.prompt_id = OLD.prompt_id)
              AND blocked = COALESCE((SELECT c.blocked_by IS NOT NULL FROM completions c
                                      WHERE c.completion_id = OLD.completion_id), 0);
            INSERT INTO result_counts
                SELECT NEW.run_id, NEW.judge_id, p.label, p.category, NEW.verdict,
                       COALESCE((SELECT c.blocked_by IS NOT NULL FROM completions c
                                 WHERE c.completion_id = NEW.completion_id), 0), 1
                FROM run_prompts p WHERE p.run_id = NEW.run_id AND p.prompt_id = NEW.prompt_id
                ON CONFLICT (run_id, judge_id, label, category, verdict, blocked) DO UPDATE SET n = n + 1;
        END;
        """,
    ),
    (
        "004_human_labels",
        """
        -- The replies of a run drawn for labelling by hand, with the sample design: the estimators need to
        -- know how each was drawn (a uniform sample within benign/harmful, or an inclusion probability).
        CREATE TABLE label_sample (
            run_id      TEXT NOT NULL REFERENCES runs(run_id),
            prompt_id   TEXT NOT NULL,
            position    INTEGER NOT NULL,       -- the order the labeller shows them
            strategy    TEXT NOT NULL,          -- uniform | uncertainty
            seed        INTEGER NOT NULL,
            probability REAL NOT NULL,          -- inclusion probability under the design
            judge_id    TEXT NOT NULL,          -- whose verdicts defined the population
            created_at  TEXT NOT NULL,
            PRIMARY KEY (run_id, prompt_id)
        );
        -- One human label per (run, prompt); labelling again replaces it.
        CREATE TABLE human_labels (
            run_id      TEXT NOT NULL REFERENCES runs(run_id),
            prompt_id   TEXT NOT NULL,
            label       TEXT NOT NULL,          -- full_compliance | full_refusal | partial_refusal
            labeller    TEXT NOT NULL,
            labelled_at TEXT NOT NULL,
            source      TEXT NOT NULL,          -- terminal | import | from
            PRIMARY KEY (run_id, prompt_id)
        );
        """,
    ),
    (
        "005_creation_specs",
        """
        -- How each component of a run was made (registry kind and name + options, never a secret), so that
        -- analyses rebuild the very judge or backend of a run instead of guessing it from its id. Runs stored
        -- before this migration have no rows here: readers fall back to the ids.
        CREATE TABLE run_components (
            run_id       TEXT NOT NULL REFERENCES runs(run_id),
            kind         TEXT NOT NULL,          -- backend | judge
            component_id TEXT NOT NULL,          -- the judge id, or the deployment id for the backend
            spec_json    TEXT NOT NULL,          -- {"kind", "name", "options"}
            created_at   TEXT NOT NULL,
            PRIMARY KEY (run_id, kind, component_id)
        );
        """,
    ),
    (
        "006_conversations",
        """
        -- A prompt may end a conversation: the turns before the judged request, as a JSON list of
        -- {"role", "content"} ('[]' for a single request, which every older run's prompts are).
        ALTER TABLE run_prompts ADD COLUMN history_json TEXT NOT NULL DEFAULT '[]';
        """,
    ),
    (
        "007_languages",
        """
        -- The language of each prompt and, for a translation, the id of the prompt it translates, so that
        -- summaries can break rates down by language and pair translations with their originals.
        ALTER TABLE run_prompts ADD COLUMN language TEXT NOT NULL DEFAULT '';
        ALTER TABLE run_prompts ADD COLUMN translation_of TEXT NOT NULL DEFAULT '';
        """,
    ),
]
MIGRATIONS.append(
    (
        "008_annotators",
        """
        -- Several people label the same sample: one row per (run, prompt, annotator). human_labels keeps
        -- one row per prompt, the *effective* label everything reads (report, compare, gate, label --export):
        -- the adjudicated label where there is one, else the consensus of these (see stats.agreement.consensus),
        -- written in the same transaction as the annotation or adjudication it follows from.
        CREATE TABLE annotations (
            run_id      TEXT NOT NULL REFERENCES runs(run_id),
            prompt_id   TEXT NOT NULL,
            annotator   TEXT NOT NULL,
            label       TEXT NOT NULL,          -- full_compliance | full_refusal | partial_refusal
            labelled_at TEXT NOT NULL,
            source      TEXT NOT NULL,          -- terminal | import | from | viewer
            PRIMARY KEY (run_id, prompt_id, annotator)
        );
        -- The labels given before this migration were each one person's.
        INSERT INTO annotations SELECT run_id, prompt_id, labeller, label, labelled_at, source FROM human_labels;
        -- A person's decision where the annotators disagree; it replaces their consensus.
        CREATE TABLE adjudications (
            run_id         TEXT NOT NULL REFERENCES runs(run_id),
            prompt_id      TEXT NOT NULL,
            label          TEXT NOT NULL,
            adjudicator    TEXT NOT NULL,
            adjudicated_at TEXT NOT NULL,
            PRIMARY KEY (run_id, prompt_id)
        );
        -- Who labels a run's sample and which share of it every one of them labels (the overlap that
        -- measures their agreement); the rest is split between them.
        CREATE TABLE annotation_plans (
            run_id      TEXT PRIMARY KEY REFERENCES runs(run_id),
            annotators_json TEXT NOT NULL,      -- names, in the order they joined
            overlap     REAL NOT NULL,
            created_at  TEXT NOT NULL,
            updated_at  TEXT NOT NULL
        );
        """,
    )
)
MIGRATIONS.append(
    (
        "009_run_prompts_by_position",
        """
        -- Pages of a run's replies are read in suite order (the viewer's replies page): with this index SQLite
        -- walks the run's prompts in order and stops after the page, instead of sorting the whole run.
        CREATE INDEX run_prompts_by_position ON run_prompts(run_id, position);
        """,
    )
)

MIGRATIONS.append(
    (
        "010_not_judged",
        """
        -- A judge abstains on a reply in a language it does not read (verdict 'not_judged', its reason in
        -- judge_error): the code of that language, so reports count such replies per language. NULL for
        -- every other record, and for every record written before this migration.
        ALTER TABLE results ADD COLUMN unread_language TEXT;
        """,
    )
)

MIGRATIONS.append(
    (
        "011_results_by_verdict",
        """
        -- What the report, label and summary pages ask of a run's records besides the kept counts, answered from
        -- an index instead of a walk over every record: the judge's lowest and highest confidence per verdict
        -- (two index lookups), the replies with caveat sentences (the expression is the caveat count that
        -- store/verdicts/records.py's CAVEATS computes, written the same way so that SQLite matches it: smothered
        -- answers and safe completions read only the replies that have some), the records of a rare verdict
        -- (a report section reads them, not the whole run), and the records written after a sample was drawn.
        CREATE INDEX results_by_verdict ON results(
            run_id, judge_id, verdict, confidence,
            (COALESCE(json_extract(signals_json, '$.warnings'), 0)
             + COALESCE(json_extract(signals_json, '$.disclaimers'), 0)
             + COALESCE(json_extract(signals_json, '$.moralising'), 0)
             + COALESCE(json_extract(signals_json, '$.professional_redirect'), 0)),
            created_at
        );
        -- A run's languages in suite order of first use, without walking its prompts; most suites have no
        -- language recorded, and then this index holds nothing.
        CREATE INDEX run_prompts_languages ON run_prompts(run_id, language, position) WHERE language != '';
        """,
    )
)

MIGRATIONS.append(
    (
        "012_run_prompt_digest",
        """
        -- Comparing two runs of one suite pairs each prompt with the prompt of the same id, label and exact text
        -- in the other run. When both runs hold the same prompts, their digests (PromptDigest) are equal and the
        -- pairing is by id alone: each run's verdicts read in prompt id order (the primary key's order), then
        -- lined up, instead of a join that looks up both prompts and the other record for each of 100,000
        -- records. Where two verdicts differ, the pair is counted under the prompt's label and category, kept
        -- here in prompt id order (PromptClasses): reading them from run_prompts would visit every prompt's row.
        -- No index is added: one on results that holds the verdict, or one on run_prompts that holds the label,
        -- makes SQLite pick other plans for the replies and report pages (a walk over every record of the run).
        -- NULL digest: not known (this migration computes it for every run already stored).
        ALTER TABLE runs ADD COLUMN prompt_digest TEXT;
        UPDATE runs SET prompt_digest = (
            SELECT prompt_digest(p.prompt_id, p.label, p.text) FROM run_prompts p WHERE p.run_id = runs.run_id
        );
        CREATE TABLE run_prompt_classes (
            run_id       TEXT PRIMARY KEY REFERENCES runs(run_id),
            classes_json TEXT NOT NULL  -- [labels, categories] in prompt id order
        );
        INSERT INTO run_prompt_classes
            SELECT run_id, prompt_classes(prompt_id, label, category) FROM run_prompts GROUP BY run_id;
        """,
    )
)
