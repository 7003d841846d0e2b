"""One registry for everything that can be added to overrefusal: backends, judges, filters, suites and
CLI command groups.

Every entry is a reference ``"module:attribute"`` to the object that makes the thing (a class or a small
factory function). The built-ins are listed in :data:`BUILTINS` in exactly the form a plugin's entry point
takes, and both are loaded the same way: nothing is imported until it is used, so this module imports
no concrete implementation, a broken plugin breaks only itself, and a source checkout run with
``PYTHONPATH=src`` (no installed metadata) has every built-in.

Third-party packages add entries through entry points, one group per kind (see :attr:`Kind.group`)::

    [project.entry-points."overrefusal.backends"]
    mybackend = "my_package.backend:MyBackend"

A built-in name cannot be taken over by a plugin. Code (tests, notebooks) may also call
:func:`register` with an object, and :func:`unregister` to take it away again.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import UserError
from .guards.secrets import MASK, looks_like_secret, looks_like_secret_value


class Kind(str, enum.Enum):
    """What an entry makes."""

    BACKEND = "backend"
    """``--model NAME/...``: a class or factory called as ``factory(model_name, BackendOptions)``."""
    JUDGE = "judge"
    """``--judge NAME``: called with keyword options (``factory(**options)``)."""
    FILTER = "filter"
    """``--filter NAME[:ARG]``: called as ``factory(arg_or_None, BackendOptions)``."""
    SUITE = "suite"
    """``--suite NAME``: called as ``factory(mapping=..., kind=...)`` and returns a Suite."""
    COMMAND = "command"
    """A click command (or group) added to the ``overrefusal`` command line."""

    @property
    def group(self) -> str:
        """The entry-point group third-party packages register under, e.g. ``overrefusal.backends``."""
        return f"overrefusal.{self.value}s"


BUILTINS: Mapping[Kind, Mapping[str, str]] = {
    Kind.BACKEND: {
        "hf": "overrefusal.backends.hf:HFBackend",
        "llamacpp": "overrefusal.backends.llamacpp:LlamaCppBackend",
        "openai": "overrefusal.backends.openai:OpenAIBackend",
        "replay": "overrefusal.backends.replay:ReplayBackend",
        "vllm": "overrefusal.backends.vllm:VLLMBackend",
    },
    Kind.JUDGE: {
        "cascade": "overrefusal.judges.ensemble:CascadeJudge",
        "classifier": "overrefusal.judges.classifier.judge:ClassifierJudge",
        "classifier+encoder": "overrefusal.judges.encoder.cascade:ClassifierEncoderJudge",
        "encoder": "overrefusal.judges.encoder.judge:EncoderJudge",
        "llm": "overrefusal.judges.llm:LLMJudge",
        "rubric": "overrefusal.judges.rubric.judge:RubricJudge",
        "rules": "overrefusal.judges.rules.judge:RulesJudge",
        "vote": "overrefusal.judges.ensemble:VoteJudge",
        "wildguard": "overrefusal.judges.wildguard:WildGuardJudge",
    },
    Kind.FILTER: {
        "keyword": "overrefusal.filters.keyword:input_filter",
        "keyword-output": "overrefusal.filters.keyword:output_filter",
        "moderator": "overrefusal.filters.moderator:input_filter",
        "moderator-output": "overrefusal.filters.moderator:output_filter",
    },
    Kind.SUITE: {
        "core": "overrefusal.suites.registry:load_core",
        # The public benchmarks (overrefusal.suites.hub.PUBLIC_SUITES), downloaded on first use.
        "coconot-contrast": "overrefusal.suites.registry:load_coconot_contrast",
        "falsereject": "overrefusal.suites.registry:load_falsereject",
        "oktest": "overrefusal.suites.registry:load_oktest",
        "or-bench-hard": "overrefusal.suites.registry:load_or_bench_hard",
        "or-bench-toxic": "overrefusal.suites.registry:load_or_bench_toxic",
        "phtest": "overrefusal.suites.registry:load_phtest",
        "xstest": "overrefusal.suites.registry:load_xstest",
    },
    Kind.COMMAND: {},
}
"""The built-in catalog: kind -> name -> ``module:attribute``."""


@dataclass(frozen=True)
class Entry:
    """One registered name."""

    kind: Kind
    name: str
    reference: str
    """``module:attribute``, or ``<object>`` for an object registered from code."""
    origin: str
    """``builtin``, ``entry point (DISTRIBUTION)`` or ``registered``."""
    obj: Any = None
    """The object itself once loaded (or as registered from code)."""


@dataclass(frozen=True)
class CreationSpec:
    """How a component was made: its registered name and the options it was called with, so that it can
    be made again exactly (stored with each run; see :func:`creation_spec`)."""

    kind: Kind
    name: str
    options: Mapping[str, Any]
    """JSON values only, never a secret (an option naming a secret's *environment variable* is kept)."""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "name": self.name, "options": dict(self.options)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CreationSpec:
        return cls(Kind(data["kind"]), str(data["name"]), dict(data.get("options") or {}))


def creation_spec(kind: Kind, name: str, options: Mapping[str, Any]) -> CreationSpec | None:
    """The record of a component made by ``name`` with ``options``; None when an option cannot be stored
    (a Python object passed by a caller, e.g. a ready backend) so the component cannot be rebuilt from it.
    Options that may hold a secret value are dropped at any depth (see :func:`.secrets.looks_like_secret`:
    ``max_tokens`` stays, ``api_key`` goes, ``api_key_env``, a variable's name, stays), and text shaped like a
    credential (``sk-...``, ``Bearer ...``) is masked, whatever its option is called."""
    kept = _storable(dict(options))
    return CreationSpec(kind, name, kept) if isinstance(kept, dict) else None


class _NotStorable(Exception):
    pass


def _storable(value: Any) -> Any:
    """``value`` as JSON-able data with secret-looking keys removed, at any depth; _NotStorable inside."""
    try:
        return _clean(value)
    except _NotStorable:
        return None


def _clean(value: Any) -> Any:
    if isinstance(value, str) and looks_like_secret_value(value):
        return MASK  # a credential given under an innocent name (``{"note": "sk-..."}``) is not stored either
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    if isinstance(value, Mapping) and all(isinstance(k, str) for k in value):
        return {k: _clean(v) for k, v in value.items() if not looks_like_secret(k)}
    raise _NotStorable


_entries: dict[Kind, dict[str, Entry]] = {kind: {} for kind in Kind}
_plugins_loaded: set[Kind] = set()


def _ensure(kind: Kind) -> dict[str, Entry]:
    table = _entries[kind]
    if kind in _plugins_loaded:
        return table
    _plugins_loaded.add(kind)
    for name, ref in BUILTINS[kind].items():
        table.setdefault(name, Entry(kind, name, ref, "builtin"))
    # Imported here, not at the top: ``importlib.metadata`` is about 12 ms, and the CLI imports this module
    # for every command while only the help and a plugin's command read the entry points.
    from importlib import metadata

    for ep in metadata.entry_points(group=kind.group):
        if ep.name not in table:
            dist = getattr(getattr(ep, "dist", None), "name", None) or "?"
            table[ep.name] = Entry(kind, ep.name, ep.value, f"entry point ({dist})")
    return table


def register(kind: Kind, name: str, obj: Any, *, replace: bool = False) -> Any:
    """Register ``obj`` (a class or factory) under ``name``; returns it, so it works as a decorator body."""
    table = _ensure(kind)
    if name in table and not replace and table[name].obj is not obj:
        if table[name].origin == "builtin":
            raise ValueError(f"{kind.value} '{name}' is built in and cannot be replaced")
    table[name] = Entry(kind, name, "<object>", "registered", obj)
    return obj


def unregister(kind: Kind, name: str) -> None:
    """Remove a name registered from code (tests use this to leave the registry as they found it)."""
    table = _ensure(kind)
    entry = table.get(name)
    if entry is None:
        return
    if entry.origin == "builtin":
        raise ValueError(f"{kind.value} '{name}' is built in and cannot be removed")
    del table[name]


def names(kind: Kind) -> list[str]:
    """Every registered name of a kind, sorted."""
    return sorted(_ensure(kind))


def has(kind: Kind, name: str) -> bool:
    return _find(kind, name) is not None


def entry(kind: Kind, name: str) -> Entry | None:
    return _find(kind, name)


def _find(kind: Kind, name: str) -> Entry | None:
    """The entry of ``name``. A built-in name is found without reading the entry points: no plugin can take
    it over, and reading them is about 5 ms a kind plus 4 ms to import ``importlib.metadata``, paid by every
    run for the built-in judge and backend it names."""
    table = _entries[kind]
    found = table.get(name)
    if found is None and kind not in _plugins_loaded and name in BUILTINS[kind]:
        found = table.setdefault(name, Entry(kind, name, BUILTINS[kind][name], "builtin"))
    return found if found is not None else _ensure(kind).get(name)


def load(kind: Kind, name: str, *, field: str | None = None) -> Any:
    """The object registered under ``name``, importing its module on first use.

    An unknown name is a UserError listing the known ones; a plugin that fails to import is a UserError
    naming the plugin (the rest of the registry keeps working)."""
    found = _find(kind, name)
    if found is None:
        raise UserError(f"unknown {kind.value} '{name}'; available: {', '.join(names(kind))}", field=field)
    if found.obj is not None:
        return found.obj
    obj = resolve_reference(found.reference, what=f"{kind.value} '{name}' ({found.origin})", field=field)
    _entries[kind][name] = Entry(kind, name, found.reference, found.origin, obj)
    return obj


def resolve_reference(reference: str, *, what: str, field: str | None = None) -> Any:
    """``module:attribute`` (the entry-point form; the attribute may be dotted) -> the object."""
    module_name, _, attr = reference.partition(":")
    try:
        obj: Any = importlib.import_module(module_name.strip())
        for part in attr.strip().split(".") if attr.strip() else []:
            obj = getattr(obj, part)
    except UserError:
        raise
    except Exception as exc:  # noqa: BLE001 - a broken plugin is a clear error, not a traceback
        raise UserError(f"cannot load {what} from '{reference}': {type(exc).__name__}: {exc}", field=field) from None
    return obj
