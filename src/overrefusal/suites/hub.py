"""Suites published on the Hugging Face hub.

Only the download lives here: a hub suite is fetched as the dataset's own file (CSV or Parquet) into the
hub cache and then read by exactly the same code as a local file, so the parsing is the tested local
path. ``huggingface_hub`` is optional and imported only when a hub suite is asked for; offline, or
without it, the error says to pass a local file instead.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ..errors import UserError
from ..types import Suite
from .convert import table_to_suite
from .readers import read_table


@dataclass(frozen=True)
class HubSource:
    """Where a named suite lives on the hub."""

    name: str
    """The suite name users type (``--suite NAME``)."""
    repo_id: str
    """Hugging Face dataset repository."""
    filename: str
    """The data file inside it."""
    description: str
    """One line for ``overrefusal suites``."""
    kind: str | None = None
    """OR-Bench kind (decides the label of every row), or None when the file has labels."""
    local_hint: str = ""
    """Where the same data can be had as a local file, for the offline error message."""


HUB_SOURCES: Mapping[str, HubSource] = {
    s.name: s
    for s in (
        HubSource(
            name="xstest",
            repo_id="walledai/XSTest",
            filename="data/train-00000-of-00001.parquet",
            description="XSTest (Röttger et al., NAACL 2024): 250 benign look-alikes, 200 harmful contrasts [hub]",
            local_hint="xstest_prompts.csv from github.com/paul-rottger/exaggerated-safety",
        ),
        HubSource(
            name="or-bench-hard",
            repo_id="bench-llm/or-bench",
            filename="or-bench-hard-1k.csv",
            description="OR-Bench-Hard-1K: ~1.3k benign prompts that look toxic and are often refused [hub]",
            kind="hard",
            local_hint="or-bench-hard-1k.csv from huggingface.co/datasets/bench-llm/or-bench",
        ),
        HubSource(
            name="or-bench-toxic",
            repo_id="bench-llm/or-bench",
            filename="or-bench-toxic.csv",
            description="OR-Bench-Toxic: ~600 genuinely harmful prompts, the under-refusal control [hub]",
            kind="toxic",
            local_hint="or-bench-toxic.csv from huggingface.co/datasets/bench-llm/or-bench",
        ),
        HubSource(
            name="or-bench-80k",
            repo_id="bench-llm/or-bench",
            filename="or-bench-80k.csv",
            description="OR-Bench-80K: 80k benign seemingly-toxic prompts [hub, large]",
            kind="80k",
            local_hint="or-bench-80k.csv from huggingface.co/datasets/bench-llm/or-bench",
        ),
    )
}
"""Named hub suites, by name."""


def download(source: HubSource) -> Path:
    """Fetch ``source``'s file into the local hub cache (reused when present) and return its path.

    Tests replace this function; nothing else in the package touches the network for suites.
    """
    try:
        from huggingface_hub import hf_hub_download  # optional; imported only when a hub suite is asked for
    except ImportError:
        raise UserError(
            f"suite '{source.name}' is downloaded from the Hugging Face hub, which needs the optional package "
            f"'huggingface_hub' (pip install huggingface_hub); or pass a local file instead: {_hint(source)}"
        ) from None
    try:
        return Path(hf_hub_download(repo_id=source.repo_id, filename=source.filename, repo_type="dataset"))
    except Exception as e:  # offline, DNS, 404, gated repo, ...: all mean "use a local file"
        reason = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise UserError(
            f"suite '{source.name}' needs network (the Hugging Face hub could not be reached for dataset "
            f"{source.repo_id}, file {source.filename}: {reason[:200]}); use --suite PATH.csv with a local copy: "
            f"{_hint(source)}"
        ) from None


def load_hub_suite(source: HubSource, *, mapping: Mapping[str, str] | None = None, kind: str | None = None) -> Suite:
    """Download ``source`` and read it like a local file; the suite keeps the hub name."""
    if source.filename.endswith(".parquet") and importlib.util.find_spec("pyarrow") is None:
        # Checked before downloading so the user learns both ways out at once.
        raise UserError(
            f"suite '{source.name}' is a Parquet file on the Hugging Face hub, which needs the optional package "
            f"'pyarrow' (pip install pyarrow huggingface_hub); or pass a local file instead: {_hint(source)}"
        )
    user = dict(mapping or {})
    if kind is None:
        kind = user.get("kind")
    if kind is None and "label_value" not in user and "label" not in user:
        kind = source.kind  # the user's own label choice, if any, overrides the source's
    local = download(source)
    display = f"hf://datasets/{source.repo_id}/{source.filename}"
    table = read_table(local, display=display)
    return table_to_suite(
        table,
        name=source.name,
        mapping=mapping,
        kind=kind,
        stem=Path(source.filename).stem,
        source=display,
    )


def _hint(source: HubSource) -> str:
    return f"--suite path/to/file.csv ({source.local_hint})" if source.local_hint else "--suite path/to/file.csv"
