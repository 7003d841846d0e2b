"""overrefusal: measure, explain and reduce over-refusal in language-model deployments.

The public API re-exports from the modules below; see ``overrefusal.api`` for the functions the CLI uses.
Names are imported on first use, so ``import overrefusal`` (or any submodule) stays cheap and no module
below the CLI ever needs the package root.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._moved import install as _install_moved_paths

_install_moved_paths(__name__)

if TYPE_CHECKING:
    from .api import open_store, run, summary
    from .measure.deployment import Deployment
    from .types import (
        Comparison,
        Completion,
        Estimate,
        Expectation,
        GenerationConfig,
        Judgement,
        Label,
        Message,
        Prompt,
        Role,
        StyleSignals,
        Suite,
        Verdict,
    )

_EXPORTS: dict[str, str] = {
    **{name: "api" for name in ("open_store", "run", "summary")},
    "Deployment": "measure.deployment",
    **{
        name: "types"
        for name in (
            "Comparison",
            "Completion",
            "Estimate",
            "Expectation",
            "GenerationConfig",
            "Judgement",
            "Label",
            "Message",
            "Prompt",
            "Role",
            "StyleSignals",
            "Suite",
            "Verdict",
        )
    },
}
"""Public name -> the module (relative to this package) that defines it."""

__all__ = [
    "Comparison",
    "Completion",
    "Deployment",
    "Estimate",
    "Expectation",
    "GenerationConfig",
    "Judgement",
    "Label",
    "Message",
    "Prompt",
    "Role",
    "StyleSignals",
    "Suite",
    "Verdict",
    "__version__",
    "open_store",
    "run",
    "summary",
]


def __getattr__(name: str) -> Any:
    if name == "__version__":
        from .version import package_version

        return package_version()
    if name in _EXPORTS:
        value = getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
        globals()[name] = value  # later lookups skip this function
        return value
    raise AttributeError(f"module 'overrefusal' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
