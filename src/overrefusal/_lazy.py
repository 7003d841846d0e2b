"""Names a module exports but imports only when first read (the package root's and ``api``'s).

``import overrefusal.api`` must stay cheap: the CLI imports it for every command, ``--help`` included, and
what it re-exports (the engine, backends, store, estimators) costs most of a command's start-up. So each of
those modules keeps a table, public name -> (defining module, its name there), and lets the module-level
``__getattr__`` and ``__dir__`` made here (PEP 562) import a name the first time it is read.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

Exports = Mapping[str, tuple[str, str]]
"""Public name -> (the module that defines it, relative to the package; its name there)."""


def lazy_exports(namespace: dict[str, Any], exports: Exports) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module-level ``__getattr__`` and ``__dir__`` of the module whose ``globals()`` is ``namespace``.

    ``__getattr__`` imports an exported name on first use and keeps it in ``namespace``, so later reads never
    reach it again; any other name is the usual AttributeError. ``__dir__`` lists the module's globals and
    its ``__all__`` (read when called: a module may define ``__all__`` below this call), exported names not
    yet read included."""
    module = namespace["__name__"]
    package = namespace["__package__"]

    def __getattr__(name: str) -> Any:
        if name not in exports:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        where, attribute = exports[name]
        value = getattr(importlib.import_module(f".{where}", package), attribute)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *namespace.get("__all__", ())})

    return __getattr__, __dir__
