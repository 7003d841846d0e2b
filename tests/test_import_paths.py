"""Every import path that worked before the package was grouped by stage and judge family still works.

The old module names answer with the very module at the new path (one object: a patch or an ``isinstance``
check through either name sees the same thing), the family packages still export their judges, and every
name of the public API is where it was."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from overrefusal import _moved, api


@pytest.mark.parametrize(("old", "new"), sorted(_moved.MOVED.items()))
def test_an_old_module_path_is_the_module_at_its_new_one(old: str, new: str) -> None:
    assert importlib.import_module(f"overrefusal.{old}") is importlib.import_module(f"overrefusal.{new}")


def test_a_moved_module_keeps_its_own_name_and_spec() -> None:
    module = importlib.import_module("overrefusal.compare")
    assert module.__name__ == "overrefusal.estimate.compare"
    assert module.__spec__ is not None and module.__spec__.name == "overrefusal.estimate.compare"


@pytest.mark.parametrize(
    ("family", "judge"),
    [
        ("overrefusal.judges.rules", "RulesJudge"),
        ("overrefusal.judges.classifier", "ClassifierJudge"),
        ("overrefusal.judges.rubric", "RubricJudge"),
        ("overrefusal.judges.encoder", "EncoderJudge"),
    ],
)
def test_a_family_package_exports_its_judge(family: str, judge: str) -> None:
    module = importlib.import_module(family)
    assert getattr(module, judge) is getattr(importlib.import_module(f"{family}.judge"), judge)


def test_an_old_path_imports_in_a_fresh_interpreter() -> None:
    # In a new process nothing is imported yet: the old name alone must find the module, with `from` too.
    code = (
        "from overrefusal.engine import RunPlan\n"
        "from overrefusal.judges.rubric_signals import rubric_scanner\n"
        "import overrefusal.safe_files, overrefusal.measure.engine as m\n"
        "assert RunPlan is m.RunPlan\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_an_unknown_module_is_still_an_import_error() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("overrefusal.no_such_module")


@pytest.mark.parametrize("name", sorted(api.__all__))
def test_every_public_api_name_imports(name: str) -> None:
    assert getattr(api, name) is not None


@pytest.mark.parametrize("name", sorted(importlib.import_module("overrefusal").__all__))
def test_every_package_root_name_imports(name: str) -> None:
    assert getattr(importlib.import_module("overrefusal"), name) is not None
