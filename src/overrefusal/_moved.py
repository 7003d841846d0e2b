"""Import paths from before the package was grouped by stage and judge family, kept working.

``overrefusal.engine`` became ``overrefusal.measure.engine``, ``overrefusal.judges.rubric_signals`` became
``overrefusal.judges.rubric.signals``, and so on (docs/architecture.md draws the new rooms). Code written
against the old paths still imports: a finder on ``sys.meta_path`` answers an old name with the module at
its new one, the very same module object, so patches and ``isinstance`` checks see one thing. Modules whose
old name is now a family package (``judges.rules``, ``judges.classifier``, ``judges.rubric``,
``judges.encoder``) re-export their judge's names from the package instead.
"""

from __future__ import annotations

import importlib
import sys
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.abc import Loader as _LoaderBase
else:
    _LoaderBase = object

MOVED: dict[str, str] = {
    "annotation": "estimate.annotation",
    "cli.ablate": "cli.diagnose.ablate",
    "cli.compare": "cli.estimate.compare",
    "cli.export": "cli.diagnose.export",
    "cli.gate": "cli.estimate.gate",
    "cli.generate": "cli.diagnose.generate",
    "cli.label": "cli.estimate.label",
    "cli.policy": "cli.estimate.policy",
    "cli.quality": "cli.diagnose.quality",
    "cli.reward_probe": "cli.diagnose.reward_probe",
    "cli.triggers": "cli.diagnose.triggers",
    "compare": "estimate.compare",
    "corrected": "estimate.corrected",
    "deployment": "measure.deployment",
    "engine": "measure.engine",
    "gate": "estimate.gate",
    "judges.checklist": "judges.evaluation.checklist",
    "judges.crossval": "judges.evaluation.crossval",
    "judges.encoder_cascade": "judges.encoder.cascade",
    "judges.evaluate": "judges.evaluation.evaluate",
    "judges.features": "judges.classifier.features",
    "judges.rubric_clauses": "judges.rubric.clauses",
    "judges.rubric_request": "judges.rubric.request",
    "judges.rubric_signals": "judges.rubric.signals",
    "judges.rubric_train": "judges.rubric.train",
    "judges.train": "judges.classifier.train",
    "judges.weights_file": "judges.classifier.weights_file",
    "labelling": "estimate.labelling",
    "languages": "estimate.languages",
    "metrics": "estimate.metrics",
    "policy": "estimate.policy",
    "ratelimit": "measure.ratelimit",
    "run_names": "store.run_names",
    "safe_files": "guards.safe_files",
    "sanitize": "guards.sanitize",
    "secrets": "guards.secrets",
    "summaries": "estimate.summaries",
}
"""Old module name -> new, both relative to the package."""


# The loader and the finder are plain classes (the import system asks only for these methods), not subclasses
# of ``importlib.abc``'s: on Python 3.11 importing ``importlib.abc`` imports ``importlib.resources`` too, about
# 10 ms that every command, ``--help`` included, paid for the package root alone.
class _Alias(_LoaderBase):
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.target)
        self.own_spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The module was executed under its new name already; registering it under the old one is all. The
        # import system has just set its __spec__ to the alias's: give it back its own.
        module.__spec__ = self.own_spec


class MovedModuleFinder:
    """Finds ``overrefusal.<old>`` for every old name in :data:`MOVED`."""

    def __init__(self, package: str) -> None:
        self.package = package

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        prefix = self.package + "."
        if not fullname.startswith(prefix):
            return None
        new = MOVED.get(fullname[len(prefix) :])
        if new is None:
            return None
        # What importlib.util.spec_from_loader makes of a loader with no file and no is_package, without
        # importing importlib.util (with importlib._abc, about 0.3 ms of every start-up, for this line alone).
        return ModuleSpec(fullname, _Alias(prefix + new))


def install(package: str) -> None:
    """Put the finder on ``sys.meta_path`` once (importing the package twice must not add a second)."""
    if not any(isinstance(f, MovedModuleFinder) and f.package == package for f in sys.meta_path):
        sys.meta_path.append(MovedModuleFinder(package))
