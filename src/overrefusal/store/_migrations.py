"""Ordered, named schema migrations. Append new ones; never edit one that has shipped."""

from __future__ import annotations

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
]
