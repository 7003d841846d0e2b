"""overrefusal: measure, explain and reduce over-refusal in language-model deployments.

The public API re-exports from the modules below; see ``overrefusal.api`` for the functions the CLI uses.
Names are imported on first use, so ``import overrefusal`` (or any submodule) stays cheap and no module
below the CLI ever needs the package root.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._lazy import lazy_exports
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

_EXPORTS: dict[str, tuple[str, str]] = {
    **{name: ("api", name) for name in ("open_store", "run", "summary")},
    "Deployment": ("measure.deployment", "Deployment"),
    **{
        name: ("types", name)
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
"""Public name -> (the module, relative to this package, that defines it; its name there)."""

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


_exported, __dir__ = lazy_exports(globals(), _EXPORTS)


def __getattr__(name: str) -> Any:
    # Not in the table: read from the installed metadata, not a name that some module defines.
    if name == "__version__":
        from .version import package_version

        return package_version()
    return _exported(name)
