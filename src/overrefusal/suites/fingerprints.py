"""What each public benchmark's authors published, so that a file given under a benchmark's name can be checked.

A fingerprint holds, per file of a benchmark: the columns it has, the closed sets of values of the columns
that carry labels and categories, and the revisions known of it (row count and, where known, SHA-256).
Every number here says where it comes from: ``verified here`` means the SHA-256 and row count were computed
from a real copy of the file (the shared test data, or the authors' repository at the commit named); a
revision from ``published metadata`` only has the row count the authors state and no hash, so a file with
that row count is *unverified*, never *verified*. No hash here is guessed.

The checking itself is :mod:`.verify`; this module is data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Revision:
    """One published revision of a benchmark file."""

    name: str
    """How it is named in messages and provenance, e.g. ``github paul-rottger/exaggerated-safety@475f10b``."""
    rows: int
    """Records (prompts) it holds."""
    sha256: str = ""
    """SHA-256 of its bytes; empty where no real copy was seen (then a file can match it only by row count)."""
    verified_here: bool = False
    """Whether ``sha256`` and ``rows`` were computed from a real copy, rather than taken from published metadata."""


@dataclass(frozen=True)
class FileFingerprint:
    """What one published file of a benchmark looks like."""

    what: str
    """The file in words, for messages (e.g. ``CoCoNot's contrast set``)."""
    columns: tuple[str, ...]
    """Columns (lower case) every copy has."""
    revisions: tuple[Revision, ...]
    exact_columns: bool = False
    """Whether the published file has exactly ``columns`` and nothing else (a column more is another file)."""
    vocabularies: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Column (lower case) -> every value it may hold in this file (compared after stripping spaces)."""
    distinct: Mapping[str, int] = field(default_factory=dict)
    """Column -> how many distinct values the published file holds there (where the set itself is not known)."""
    functional: tuple[tuple[str, str], ...] = ()
    """(a, b): column ``a``'s value determines column ``b``'s (FalseReject: the number names one category text)."""
    role: str = ""
    """Which of the benchmark's files this is, where it has several (CoCoNot: ``contrast``, ``original``)."""

    @property
    def fewest_rows(self) -> int:
        return min((r.rows for r in self.revisions), default=0)


@dataclass(frozen=True)
class Fingerprint:
    """A benchmark's files, in the order ``--suite NAME=PATH[,PATH]`` takes them."""

    files: tuple[FileFingerprint, ...]
    pairs_by_focus: bool = False
    """XSTest: each benign prompt and its contrast share a focus word, so every pair is checked by it."""


# -- XSTest ---------------------------------------------------------------------------------------------------

XSTEST_SAFE_TYPES = frozenset(
    {
        "homonyms",
        "figurative_language",
        "safe_targets",
        "safe_contexts",
        "definitions",
        "real_group_nons_discr",
        "nons_group_real_discr",
        "historical_events",
        "privacy_public",
        "privacy_fictional",
    }
)
"""XSTest's ten kinds of safe prompt (25 each in the published file)."""
XSTEST_CONTRAST_TYPES = frozenset(
    {
        "contrast_homonyms",
        "contrast_figurative_language",
        "contrast_safe_targets",
        "contrast_safe_contexts",
        "contrast_definitions",
        "contrast_discr",
        "contrast_historical_events",
        "contrast_privacy",
    }
)
"""XSTest's eight kinds of unsafe contrast prompt (25 each)."""

XSTEST = Fingerprint(
    files=(
        FileFingerprint(
            what="XSTest's prompts",
            columns=("prompt", "type", "label", "focus"),
            vocabularies={"type": XSTEST_SAFE_TYPES | XSTEST_CONTRAST_TYPES, "label": frozenset({"safe", "unsafe"})},
            revisions=(
                Revision(
                    "github paul-rottger/exaggerated-safety@475f10b xstest_prompts.csv",
                    450,
                    "11783fb294ed017473ee53c207d71f2161c7672c8d0b037501e78387f801cb5a",
                    verified_here=True,
                ),
                # The hub's Parquet copy: its row count is published, its bytes were not seen here.
                Revision("hub walledai/XSTest", 450),
            ),
        ),
    ),
    pairs_by_focus=True,
)

# -- OR-Bench -------------------------------------------------------------------------------------------------

OR_BENCH_CATEGORIES = frozenset(
    {"deception", "harassment", "harmful", "hate", "illegal", "privacy", "self-harm", "sexual", "unethical", "violence"}
)
"""OR-Bench's ten categories (the authors' categories.csv and dataset card)."""

OR_BENCH_HARD = Fingerprint(
    files=(
        FileFingerprint(
            what="OR-Bench-Hard-1K",
            columns=("prompt", "category"),
            exact_columns=True,
            vocabularies={"category": OR_BENCH_CATEGORIES},
            revisions=(Revision("hub bench-llm/or-bench or-bench-hard-1k.csv (published metadata)", 1319),),
        ),
    )
)
OR_BENCH_TOXIC = Fingerprint(
    files=(
        FileFingerprint(
            what="OR-Bench-Toxic",
            columns=("prompt", "category"),
            exact_columns=True,
            vocabularies={"category": OR_BENCH_CATEGORIES},
            revisions=(Revision("hub bench-llm/or-bench or-bench-toxic.csv (published metadata)", 655),),
        ),
    )
)

# -- CoCoNot --------------------------------------------------------------------------------------------------

COCONOT_SAFETY = "Requests with safety concerns"
"""The CoCoNot category about safety; its other categories are declined for reasons other than harm."""

COCONOT_CONTRAST_SUBCATEGORIES: Mapping[str, str] = {
    "dangerous or sensitive topics": COCONOT_SAFETY,
    "privacy violations": COCONOT_SAFETY,
    "false presuppositions": "Incomplete requests",
    "underspecified": "Incomplete requests",
    "modality limitations": "Unsupported requests",
}
"""Subcategory -> category of CoCoNot's contrast set (verified here: 113 + 36 safety, 91 + 57 + 82 not)."""

COCONOT_ORIGINAL_SUBCATEGORIES = frozenset(
    {
        "offer advice, opinion or recommendations",
        "personal inquiry",
        "false presuppositions",
        "incomprehensible",
        "underspecified",
        "subjective questions",
        "universal unknowns",
        "copyright violations",
        "dangerous or sensitive topics",
        "misinformation",
        "privacy violations",
        "triggers for offensive language",
        "wildchats",
        "input modality limitations",
        "output modality limitations",
        "style and length limitations",
        "temporal limitations",
    }
)
"""The 17 subcategories of CoCoNot's original test set (verified here)."""
COCONOT_CATEGORIES = frozenset(
    {
        "Humanizing requests",
        "Incomplete requests",
        "Indeterminate requests",
        COCONOT_SAFETY,
        "Unsupported requests",
    }
)

COCONOT = Fingerprint(
    files=(
        FileFingerprint(
            what="CoCoNot's contrast set",
            role="contrast",
            columns=("id", "category", "subcategory", "prompt"),
            vocabularies={
                "category": frozenset(COCONOT_CONTRAST_SUBCATEGORIES.values()),
                "subcategory": frozenset(COCONOT_CONTRAST_SUBCATEGORIES),
            },
            revisions=(
                Revision(
                    "github allenai/noncompliance@25bf77c coconot_contrast_eval.jsonl",
                    379,
                    "76dccec176743ed656279f2969c51abb68bda94e5fda8397e34ff5638e021d86",
                    verified_here=True,
                ),
                Revision("hub allenai/coconot contrast/test (published metadata)", 379),
            ),
        ),
        FileFingerprint(
            what="CoCoNot's original set",
            role="original",
            columns=("id", "category", "subcategory", "prompt"),
            vocabularies={"category": COCONOT_CATEGORIES, "subcategory": COCONOT_ORIGINAL_SUBCATEGORIES},
            revisions=(
                Revision(
                    "github allenai/noncompliance@25bf77c coconot_eval.jsonl",
                    1001,
                    "df72466c477207f14a96c5940c3ef3b93b1b50c0d1e7ed7c5fb5dc6d6140c077",
                    verified_here=True,
                ),
                Revision("hub allenai/coconot original/test (published metadata)", 1001),
            ),
        ),
    )
)

# -- OKTest, PHTest, FalseReject ------------------------------------------------------------------------------

OKTEST = Fingerprint(
    files=(
        FileFingerprint(
            what="OKTest",
            columns=("prompt",),
            exact_columns=True,
            revisions=(
                Revision(
                    "github InvokerStark/OverKill@51809bb data/OKTest.csv",
                    300,
                    "1be3e8d3fe6b45a170653da63c8cf70dbf97508a48735e65db0713a44e158860",
                    verified_here=True,
                ),
            ),
        ),
    )
)

PHTEST_HARMFULNESS = frozenset({"harmless", "controversial"})
PHTEST = Fingerprint(
    files=(
        FileFingerprint(
            what="PHTest",
            columns=("id", "request", "harmfulness"),
            exact_columns=True,
            vocabularies={"harmfulness": PHTEST_HARMFULNESS},
            revisions=(
                Revision(
                    "github umd-huang-lab/FalseRefusal@b403671 PHTest/dataset_v0.1.csv (v0.1)",
                    3260,
                    "175cfb357a3d65ebf11419c6a258c5083f6fd5cb0e44c4c2ce29f4553b4f1d84",
                    verified_here=True,
                ),
                Revision("hub furonghuang-lab/PHTest PHTest.csv (published metadata)", 3269),
            ),
        ),
    )
)

FALSEREJECT_CATEGORIES = 46
"""Distinct ``category_text`` values of FalseReject's test split: 45 named ones plus ``Others`` (as counted on a
copy of the split; the dataset card speaks of 44 categories)."""

FALSEREJECT = Fingerprint(
    files=(
        FileFingerprint(
            what="FalseReject's test split",
            columns=("prompt", "category", "category_text"),
            distinct={"category_text": FALSEREJECT_CATEGORIES},
            functional=(("category", "category_text"),),
            revisions=(Revision("hub AmazonScience/FalseReject test.jsonl (published metadata)", 1187),),
        ),
    )
)

FINGERPRINTS: Mapping[str, Fingerprint] = {
    "xstest": XSTEST,
    "or-bench-hard": OR_BENCH_HARD,
    "or-bench-toxic": OR_BENCH_TOXIC,
    "coconot-contrast": COCONOT,
    "oktest": OKTEST,
    "phtest": PHTEST,
    "falsereject": FALSEREJECT,
}
"""Every public benchmark's fingerprint, by suite name (the catalogue entry in :mod:`.hub` carries it too)."""
