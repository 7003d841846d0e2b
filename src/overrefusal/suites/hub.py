"""The public over-refusal benchmarks by name: where each is published, and fetching it once.

A named suite is the benchmark's own file(s), downloaded over HTTPS from the Hugging Face hub (or, for
a benchmark only on GitHub, from its repository at a fixed commit) into the user's cache directory,
stored under the SHA-256 of their content, and then read by exactly the code that reads a local file
in the same layout (:mod:`.layouts`). So ``--suite or-bench-hard`` and
``--suite or-bench-hard=or-bench-hard-1k.csv`` give the same suite, with the same version.

Once a file is cached it is used without the network; delete the cache folder (``overrefusal suites``
prints it) to fetch a newer release. ``$OVERREFUSAL_OFFLINE=1`` (or ``$HF_HUB_OFFLINE=1``) never touches
the network; ``$HF_ENDPOINT`` points hub downloads at a mirror. Offline without a cached copy, loading
a named suite fails with one line: it needs the network, or a local copy through ``--suite NAME=PATH``.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import UserError
from .fingerprints import (
    COCONOT,
    FALSEREJECT,
    OKTEST,
    OR_BENCH_HARD,
    OR_BENCH_TOXIC,
    PHTEST,
    XSTEST,
    Fingerprint,
)
from .layouts import Layout

CACHE_ENV = "OVERREFUSAL_CACHE_DIR"
"""Overrides the cache folder (default: the user cache directory's ``overrefusal``)."""
OFFLINE_ENVS = ("OVERREFUSAL_OFFLINE", "HF_HUB_OFFLINE")
"""Set to 1 (or true/yes): never download, use the cache or a local file."""
DOWNLOAD_TIMEOUT_S = 60.0


@dataclass(frozen=True)
class RemoteFile:
    """One published data file of a named suite."""

    filename: str
    """Path inside the hub repository, or the file's name in the URL."""
    repo_id: str = ""
    """Hugging Face dataset repository; empty when the file is fetched from ``url``."""
    revision: str = "main"
    """Hub branch or commit."""
    url: str = ""
    """Direct address (a GitHub file at a fixed commit), for benchmarks that are not on the hub."""

    @property
    def address(self) -> str:
        """Where the file is, as shown to users and recorded as each prompt's source."""
        return self.url or f"hf://datasets/{self.repo_id}/{self.filename}"

    def download_url(self) -> str:
        if self.url:
            return self.url
        endpoint = os.environ.get("HF_ENDPOINT", "").strip().rstrip("/") or "https://huggingface.co"
        return f"{endpoint}/datasets/{self.repo_id}/resolve/{self.revision}/{self.filename}"


@dataclass(frozen=True)
class PublicSuite:
    """A public benchmark that ``--suite NAME`` loads."""

    name: str
    """What users type."""
    description: str
    """One line: what it is and what it measures."""
    layout: Layout
    """How its file(s) are read."""
    files: tuple[RemoteFile, ...]
    """Its file(s); the CoCoNot suite has two (contrast set, original set)."""
    licence: str
    size: str
    """Prompts it holds, in words (benign/harmful)."""
    citation: str
    homepage: str
    kind: str | None = None
    """OR-Bench kind (``hard`` benign, ``toxic`` harmful) for files that carry no label."""
    local_files: str = ""
    """What ``--suite NAME=PATH`` expects, in words, for the offline message."""
    fingerprint: Fingerprint | None = None
    """What its authors published (columns, vocabularies, revisions): every file given under its name is checked
    against it (:mod:`.verify`)."""

    @property
    def source(self) -> str:
        return ", ".join(f.address for f in self.files)


PUBLIC_SUITES: Mapping[str, PublicSuite] = {
    s.name: s
    for s in (
        PublicSuite(
            name="xstest",
            fingerprint=XSTEST,
            description="XSTest: benign prompts that look unsafe (10 kinds), each kind with harmful contrasts",
            layout=Layout.XSTEST,
            files=(RemoteFile("data/train-00000-of-00001.parquet", repo_id="walledai/XSTest"),),
            licence="CC-BY-4.0",
            size="450 prompts: 250 benign, 200 harmful (200 pairs)",
            citation="Röttger et al., XSTest: A Test Suite for Identifying Exaggerated Safety Behaviours in Large "
            "Language Models, NAACL 2024 (arXiv:2308.01263)",
            homepage="https://github.com/paul-rottger/exaggerated-safety",
            local_files="xstest_prompts.csv from github.com/paul-rottger/exaggerated-safety",
        ),
        PublicSuite(
            name="or-bench-hard",
            fingerprint=OR_BENCH_HARD,
            description="OR-Bench-Hard-1K: seemingly toxic prompts that most aligned models refuse",
            layout=Layout.OR_BENCH,
            files=(RemoteFile("or-bench-hard-1k.csv", repo_id="bench-llm/or-bench"),),
            licence="CC-BY-4.0",
            size="1,319 prompts, all benign, 10 categories",
            citation="Cui et al., OR-Bench: An Over-Refusal Benchmark for Large Language Models, ICML 2025 "
            "(arXiv:2405.20947)",
            homepage="https://huggingface.co/datasets/bench-llm/or-bench",
            kind="hard",
            local_files="or-bench-hard-1k.csv from huggingface.co/datasets/bench-llm/or-bench",
        ),
        PublicSuite(
            name="or-bench-toxic",
            fingerprint=OR_BENCH_TOXIC,
            description="OR-Bench-Toxic: genuinely toxic prompts, the control for OR-Bench-Hard-1K",
            layout=Layout.OR_BENCH,
            files=(RemoteFile("or-bench-toxic.csv", repo_id="bench-llm/or-bench"),),
            licence="CC-BY-4.0",
            size="655 prompts, all harmful, 10 categories",
            citation="Cui et al., OR-Bench: An Over-Refusal Benchmark for Large Language Models, ICML 2025 "
            "(arXiv:2405.20947)",
            homepage="https://huggingface.co/datasets/bench-llm/or-bench",
            kind="toxic",
            local_files="or-bench-toxic.csv from huggingface.co/datasets/bench-llm/or-bench",
        ),
        PublicSuite(
            name="coconot-contrast",
            fingerprint=COCONOT,
            description="CoCoNot contrast set: requests about safety to comply with that resemble ones to decline, "
            "beside CoCoNot's original unsafe requests of the same subcategories",
            layout=Layout.COCONOT,
            files=(
                RemoteFile("contrast/test-00000-of-00001.parquet", repo_id="allenai/coconot"),
                RemoteFile("original/test-00000-of-00001.parquet", repo_id="allenai/coconot"),
            ),
            licence="ODC-BY",
            size="149 benign contrast prompts about safety (dangerous or sensitive topics 113, privacy violations "
            "36) + 170 harmful: the original set's safety requests of those subcategories (82 + 88); the other 230 "
            "contrast prompts are not about safety (false presuppositions 91, underspecified 57, modality "
            "limitations 82) and are left out unless --include-non-safety",
            citation="Brahman et al., The Art of Saying No: Contextual Noncompliance in Language Models, "
            "NeurIPS 2024 Datasets and Benchmarks (arXiv:2407.12043)",
            homepage="https://huggingface.co/datasets/allenai/coconot",
            local_files="CONTRAST[,ORIGINAL]: the contrast and original test files of huggingface.co/datasets/"
            "allenai/coconot (or coconot_contrast_eval.jsonl, coconot_eval.jsonl from "
            "github.com/allenai/noncompliance)",
        ),
        PublicSuite(
            name="oktest",
            fingerprint=OKTEST,
            description="OKTest: benign questions containing harmful-looking words (over-kill); each prompt stripped of the "
            "newline its cell ends in",
            layout=Layout.OKTEST,
            files=(
                RemoteFile(
                    "OKTest.csv",
                    url="https://raw.githubusercontent.com/InvokerStark/OverKill/"
                    "51809bb9e7c029d7cc1247389e0578da92e784e2/data/OKTest.csv",
                ),
            ),
            licence="none stated by the authors (research use)",
            size="300 prompts, all benign",
            citation="Shi et al., Navigating the OverKill in Large Language Models, ACL 2024 (arXiv:2401.17633)",
            homepage="https://github.com/InvokerStark/OverKill",
            local_files="data/OKTest.csv from github.com/InvokerStark/OverKill",
        ),
        PublicSuite(
            name="phtest",
            fingerprint=PHTEST,
            description="PHTest: automatically generated pseudo-harmful prompts, harmless and controversial",
            layout=Layout.PHTEST,
            files=(RemoteFile("PHTest.csv", repo_id="furonghuang-lab/PHTest"),),
            licence="MIT",
            size="3,269 prompts in the hub's PHTest.csv (v0.1 on GitHub: 3,260, 2,069 harmless and 1,191 "
            "controversial), all benign; category harmless or controversial",
            citation="An et al., Automatic Pseudo-Harmful Prompt Generation for Evaluating False Refusals in Large "
            "Language Models, COLM 2024 (arXiv:2409.00598)",
            homepage="https://huggingface.co/datasets/furonghuang-lab/PHTest",
            local_files="PHTest.csv from huggingface.co/datasets/furonghuang-lab/PHTest",
        ),
        PublicSuite(
            name="falsereject",
            fingerprint=FALSEREJECT,
            description="FalseReject test set: human-annotated benign prompts that look sensitive, 46 categories",
            layout=Layout.FALSEREJECT,
            files=(RemoteFile("test.jsonl", repo_id="AmazonScience/FalseReject"),),
            licence="CC-BY-NC-4.0",
            size="1,187 prompts, all benign; 46 categories in the test split (45 named and Others; the dataset card "
            "speaks of 44)",
            citation="Zhang et al., FalseReject: A Resource for Improving Contextual Safety and Mitigating "
            "Over-Refusals in LLMs via Structured Reasoning, COLM 2025 (arXiv:2505.08054)",
            homepage="https://huggingface.co/datasets/AmazonScience/FalseReject",
            local_files="test.jsonl from huggingface.co/datasets/AmazonScience/FalseReject",
        ),
    )
}
"""The named public suites, by name, in the order ``overrefusal suites`` lists them."""


def cache_dir() -> Path:
    """Where downloaded suite files are kept: ``$OVERREFUSAL_CACHE_DIR/suites`` or the user cache directory."""
    env = os.environ.get(CACHE_ENV, "").strip()
    if env:
        return Path(env).expanduser() / "suites"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("overrefusal", appauthor=False)) / "suites"


def offline() -> bool:
    return any(os.environ.get(k, "").strip().lower() in {"1", "true", "yes", "on"} for k in OFFLINE_ENVS)


def _pointer(suite: PublicSuite, file: RemoteFile) -> Path:
    """The small file naming the cached copy of ``file`` (content-addressed, so versions never mix)."""
    key = hashlib.sha256(file.download_url().encode()).hexdigest()[:16]
    return cache_dir() / suite.name / f"{key}.current"


def cached(suite: PublicSuite, file: RemoteFile) -> Path | None:
    """The cached copy of ``file``, if one was downloaded before."""
    pointer = _pointer(suite, file)
    try:
        target = pointer.parent / pointer.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return target if target.is_file() else None


def download(suite: PublicSuite, file: RemoteFile) -> Path:
    """The local path of ``file``: the cached copy, else downloaded now (UserError when that cannot be)."""
    hit = cached(suite, file)
    if hit is not None:
        return hit
    if offline():
        raise _needs_network(suite, "offline mode is set")
    import urllib.error
    import urllib.request

    folder = cache_dir() / suite.name
    try:
        folder.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256()
        request = urllib.request.Request(file.download_url(), headers={"User-Agent": "overrefusal"})
        with tempfile.NamedTemporaryFile(dir=folder, delete=False, suffix=".part") as tmp:
            try:
                with urllib.request.urlopen(request, timeout=DOWNLOAD_TIMEOUT_S) as response:
                    while chunk := response.read(1 << 20):
                        digest.update(chunk)
                        tmp.write(chunk)
            except BaseException:
                Path(tmp.name).unlink(missing_ok=True)
                raise
        name = Path(file.filename).name
        target = folder / digest.hexdigest()[:16] / name
        target.parent.mkdir(exist_ok=True)
        os.replace(tmp.name, target)  # atomic: a killed download never leaves a half file under a real name
        pointer = _pointer(suite, file)
        pointer.write_text(str(target.relative_to(folder)), encoding="utf-8")
        return target
    except urllib.error.HTTPError as exc:  # reached the server, which refused: not a network problem
        raise UserError(
            f"could not download suite '{suite.name}' from {file.address}: HTTP {exc.code} {exc.reason}; "
            f"use --suite {suite.name}=PATH with a local copy of {suite.local_files}"
        ) from None
    except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
        reason = getattr(exc, "reason", None) or exc
        raise _needs_network(suite, f"{file.address}: {reason}") from None
    except OSError as exc:
        raise UserError(f"cannot write the suite cache: {exc.strerror or exc}", path=str(folder)) from None


def _needs_network(suite: PublicSuite, why: str) -> UserError:
    return UserError(
        f"suite '{suite.name}' needs network; use --suite {suite.name}=PATH with a local copy of "
        f"{suite.local_files} (could not download: {why[:200]})"
    )


def download_all(suite: PublicSuite) -> Sequence[Path]:
    """Every file of ``suite``, cached or downloaded, in the order of ``suite.files``."""
    return [download(suite, f) for f in suite.files]
