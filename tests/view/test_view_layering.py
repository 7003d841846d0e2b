"""The viewer's place in the layering (DESIGN.md), checked from the source with the layering test's own import
reader: the web stack stays inside ``overrefusal.view``, which the rest reaches only inside a function (so the
core imports without the ``view`` extra), and the view reads the store and the report code, never the engine."""

from __future__ import annotations

from test_layering import ROOT, _in, all_imports

WEB = ("starlette", "uvicorn")


def test_the_web_stack_is_imported_only_in_the_view() -> None:
    bad = [
        f"{i.where()}: {i.module} imports {i.target}"
        for i in all_imports()
        if i.target.split(".")[0] in WEB and not _in(i.module, "view")
    ]
    assert bad == []


def test_the_view_is_imported_only_inside_functions() -> None:
    bad = [
        f"{i.where()}: {i.module} imports {i.target} at module level"
        for i in all_imports()
        if _in(i.target, "view") and not _in(i.module, "view") and i.top_level
    ]
    assert bad == []


def test_the_view_never_imports_the_engine_backends_api_or_cli() -> None:
    banned = ("backends", "engine", "deployment", "distributed", "api", "facade", "cli", "judges")
    bad = [
        f"{i.where()}: {i.module} imports {i.target}"
        for i in all_imports()
        if _in(i.module, "view") and (_in(i.target, *banned) or i.target == ROOT)
    ]
    assert bad == []


def test_the_checks_can_fail() -> None:
    imports = all_imports()
    assert any(_in(i.module, "view") and i.target.startswith("starlette") for i in imports)
    # The API reaches the viewer through its viewer part (overrefusal.facade.viewer), inside a function.
    assert any(_in(i.module, "api", "facade") and _in(i.target, "view") and not i.top_level for i in imports)
