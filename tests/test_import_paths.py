"""Every import path that worked before the package was grouped by stage and judge family still works.

The old module names answer with the very module at the new path (one object: a patch or an ``isinstance``
check through either name sees the same thing), the family packages still export their judges, and every
name of the public API is where it was: the package root's and ``api``'s tables of names imported on first use
(``_lazy.py``) each name a module that defines the name, and importing either module imports none of them."""

from __future__ import annotations

import importlib
import subprocess
import sys
from types import ModuleType

import pytest

import overrefusal
from overrefusal import _lazy, _moved, api


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


LAZY_MODULES = [overrefusal, api]
"""The modules whose exports are imported on first use (each has an ``_EXPORTS`` table)."""


def _table(module: ModuleType) -> list[tuple[str, str, str]]:
    return sorted((name, where, attribute) for name, (where, attribute) in module._EXPORTS.items())


@pytest.mark.parametrize(
    ("module", "name", "where", "attribute"),
    [(m, *entry) for m in LAZY_MODULES for entry in _table(m)],
    ids=lambda v: v.__name__ if isinstance(v, ModuleType) else str(v),
)
def test_every_lazy_export_is_the_object_its_table_names(
    module: ModuleType, name: str, where: str, attribute: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Names outside ``__all__`` too (the CLI reads some): a wrong module or spelling in the table fails here.
    defining = importlib.import_module(f"overrefusal.{where}")
    monkeypatch.delitem(vars(module), name, raising=False)  # read through the table, not what an earlier read kept
    assert getattr(module, name) is getattr(defining, attribute)
    assert vars(module)[name] is getattr(defining, attribute), "a first read must be kept"


@pytest.mark.parametrize("module", LAZY_MODULES, ids=lambda m: m.__name__)
def test_dir_lists_every_public_name_before_it_is_read(module: ModuleType) -> None:
    code = f"import {module.__name__} as m\nprint(' '.join(dir(m)))\nprint(' '.join(m.__all__))\n"
    listed, public = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.splitlines()
    assert set(public.split()) <= set(listed.split())


@pytest.mark.parametrize("module", LAZY_MODULES, ids=lambda m: m.__name__)
def test_importing_a_lazy_module_imports_none_of_its_exports(module: ModuleType) -> None:
    defining = sorted({f"overrefusal.{where}" for where, _ in module._EXPORTS.values()})
    code = f"import sys, {module.__name__}\nprint(' '.join(m for m in {defining!r} if m in sys.modules))\n"
    loaded = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    assert loaded == []


def test_a_name_no_table_holds_is_an_attribute_error() -> None:
    namespace = {"__name__": "overrefusal.example", "__package__": "overrefusal"}
    getattr_, _ = _lazy.lazy_exports(namespace, {"Suite": ("types", "Suite")})
    with pytest.raises(AttributeError, match="'overrefusal.example' has no attribute 'Suit'"):
        getattr_("Suit")
    assert getattr_("Suite") is namespace["Suite"]
