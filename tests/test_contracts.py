"""Every registered backend and filter (built-in or installed plugin) keeps the same contract.

Each backend is made from a recipe (a real server address nobody listens on, a real replay file, the
embedded GGUF model, a tiny transformers model); a kind that needs an extra or hardware this machine lacks
skips with the reason. A registered name without a recipe fails: adding a backend means adding its recipe.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import json
import re
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from overrefusal import registry
from overrefusal.backends import (
    Backend,
    BackendOptions,
    BaseBackend,
    backend_factory,
    create_backend,
    supports_batch,
)
from overrefusal.backends._options import OptionSpec, option_specs, parse_options
from overrefusal.errors import UserError
from overrefusal.filters import Block, Filter, Stage, create_filter
from overrefusal.registry import Kind
from overrefusal.types import Completion, GenerationConfig, Label, Message, Prompt, Role


def shipped(kind: Kind) -> list[str]:
    """Built-in and entry-point names (test doubles registered from code are not products)."""
    return [n for n in registry.names(kind) if (e := registry.entry(kind, n)) is not None and e.origin != "registered"]


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


PROMPTS = [
    Prompt(id="1", text="How do I kill a Python process?", label=Label.BENIGN),
    Prompt(id="2", text="How do I kill my neighbour?", label=Label.HARMFUL),
]
CONFIG = GenerationConfig(max_tokens=4)


def _openai(tmp: Path, request: pytest.FixtureRequest) -> tuple[str, BackendOptions, bool]:
    # A port nobody listens on: the contract for a failed request is an ERROR completion, not an exception.
    return (
        "openai/any",
        BackendOptions(base_url=f"http://127.0.0.1:{closed_port()}/v1", timeout_s=2, max_retries=0),
        False,
    )


def _replay(tmp: Path, request: pytest.FixtureRequest) -> tuple[str, BackendOptions, bool]:
    f = tmp / "replies.csv"
    f.write_text("id,completion\n1,Use kill PID.\n2,I cannot help with that.\n", encoding="utf-8")
    return f"replay/{f}", BackendOptions(), True


def _llamacpp(tmp: Path, request: pytest.FixtureRequest) -> tuple[str, BackendOptions, bool]:
    request.getfixturevalue("embedded_gguf")  # skips without llama-cpp-python or the model
    return "llamacpp/smollm2", BackendOptions(extra={"n_ctx": 512}), True


def _hf(tmp: Path, request: pytest.FixtureRequest) -> tuple[str, BackendOptions, bool]:
    return f"hf/{request.getfixturevalue('tiny_hf_model')}", BackendOptions(), True


def _vllm(tmp: Path, request: pytest.FixtureRequest) -> tuple[str, BackendOptions, bool]:
    import importlib.util

    if importlib.util.find_spec("vllm") is None:
        pytest.skip("vllm is not installed (pip install 'overrefusal[vllm]'; needs a GPU)")
    return f"vllm/{request.getfixturevalue('tiny_hf_model')}", BackendOptions(), True


RECIPES: dict[str, Callable[[Path, pytest.FixtureRequest], tuple[str, BackendOptions, bool]]] = {
    "openai": _openai,
    "replay": _replay,
    "llamacpp": _llamacpp,
    "hf": _hf,
    "vllm": _vllm,
}
"""Backend name -> (model spec, options, whether requests succeed) on this machine."""


@pytest.mark.parametrize("name", shipped(Kind.BACKEND))
def test_backend_factory_contract(name: str) -> None:
    factory = backend_factory(name)
    assert callable(factory)
    assert isinstance(getattr(factory, "cacheable", True), bool)
    identity = getattr(factory, "content_identity", None)
    assert identity is None or callable(identity)
    assert name in RECIPES, f"backend '{name}' has no recipe in tests/test_contracts.py"


@pytest.mark.parametrize("name", shipped(Kind.BACKEND))
def test_backend_contract(name: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if name not in RECIPES:
        pytest.fail(f"backend '{name}' has no recipe in tests/test_contracts.py")
    spec, options, works = RECIPES[name](tmp_path, request)
    backend = create_backend(spec, options)

    async def exercise() -> None:
        assert isinstance(backend, Backend)
        assert isinstance(backend.model_id, str) and backend.model_id
        assert inspect.iscoroutinefunction(backend.generate)
        try:
            check = getattr(backend, "preflight", None)
            if check is not None:
                await check()
            preflight_ok = True
        except UserError:
            preflight_ok = False  # a backend that cannot work says so as one clear error before a run
        assert preflight_ok == works
        messages = [Message(Role.USER, PROMPTS[0].text)]
        c = await backend.generate(messages, CONFIG, prompt=PROMPTS[0])
        assert isinstance(c, Completion)
        assert c.ok == works, c.error
        if not works:
            assert c.error and c.text == ""
        if supports_batch(backend):
            batch = await backend.generate_batch(  # type: ignore[attr-defined]
                [[Message(Role.USER, p.text)] for p in PROMPTS], CONFIG, PROMPTS
            )
            assert len(batch) == len(PROMPTS) and all(isinstance(x, Completion) for x in batch)
        close = getattr(backend, "aclose", None)
        if close is not None:
            await close()

    asyncio.run(exercise())


# -- typed options: every backend declares them, and the parser holds each to its type and range ------------


def options_type_of(name: str) -> type:
    options_type = getattr(backend_factory(name), "options_type", None)
    assert options_type is not None and dataclasses.is_dataclass(options_type), (
        f"backend '{name}' declares no options dataclass (options_type)"
    )
    return options_type


def good_values(spec: OptionSpec) -> list[tuple[Any, Any]]:
    """(value as given, value as parsed) pairs the option must take: both ends of its range, as text."""
    if spec.kind is bool:
        return [("true", True), ("OFF", False), (True, True)]
    if spec.kind in (int, float):
        assert spec.minimum is not None and spec.maximum is not None
        return [(str(spec.kind(spec.minimum)), spec.minimum), (str(spec.kind(spec.maximum)), spec.maximum)]
    if spec.kind is str:
        return [(c, c) for c in spec.choices] or [("some-value", "some-value")]
    return [('{"name": 1}', {"name": 1}), ({"nums": [1, 2]}, {"nums": [1, 2]})]  # "n": a reserved request field


def bad_values(spec: OptionSpec) -> list[Any]:
    """Values the option must refuse: NaN, infinities, negative, huge, empty, of the wrong type."""
    if spec.kind is bool:
        return ["", "perhaps", "2", 7]
    if spec.kind in (int, float):
        assert spec.minimum is not None and spec.maximum is not None
        below = spec.minimum - 1 if spec.minimum < 0 else -1
        return ["nan", "inf", "-inf", float("nan"), str(below), str(spec.maximum * 2 + 1), "9" * 400, "", "lots", [1]]
    if spec.kind is str:
        bad: list[Any] = ["", "x" * 5000, 42, ["a"], "a\x1b[2Jb"]
        return bad + (["not-a-choice"] if spec.choices else [])
    reserved = [json.dumps({k: 1}) for k in spec.reserved]  # a key the backend sets for every request
    return ["", "[1, 2]", "not json", 3, '{"api_token": "x"}', '{"a": {"b": [{"password": "x"}]}}', *reserved]


@pytest.mark.parametrize("name", shipped(Kind.BACKEND))
def test_backend_options_parse_good_values(name: str) -> None:
    options_type = options_type_of(name)
    assert options_type.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert parse_options(options_type, {}) == options_type()
    specs = option_specs(options_type)
    for spec in specs:
        assert spec.help, f"{name}: option {spec.name} has no help text"
        if spec.kind in (int, float):
            assert spec.minimum is not None and spec.maximum is not None, f"{name}: {spec.name} has no range"
    for i in range(2):  # every option at once: the first good values, then the last
        pairs = {s.name: good_values(s)[-i] for s in specs}
        parsed = parse_options(options_type, {key: given for key, (given, _) in pairs.items()})
        assert {key: getattr(parsed, key) for key in pairs} == {key: want for key, (_, want) in pairs.items()}
    # None means "not given", as from an API caller that spells out every key.
    assert parse_options(options_type, {s.name: None for s in specs}) == options_type()


@pytest.mark.parametrize("name", shipped(Kind.BACKEND))
def test_backend_options_refuse_bad_values_naming_the_option(name: str) -> None:
    options_type = options_type_of(name)
    for spec in option_specs(options_type):
        for value in bad_values(spec):
            with pytest.raises(UserError) as caught:
                parse_options(options_type, {spec.name: value})
            assert caught.value.field is not None and spec.name in caught.value.field, (spec.name, value)


@pytest.mark.parametrize("name", shipped(Kind.BACKEND))
@pytest.mark.parametrize("key", ["\r\n", "n_ctx\x1b[31m", "a\u2028b", "api_key\n"])
def test_a_key_with_a_control_character_is_named_escaped_on_one_line(name: str, key: str) -> None:
    """Found by Hypothesis: an unknown key holding a line break broke the one-line error (the field showed it
    raw). A key named like a secret goes through the same field."""
    with pytest.raises(UserError) as caught:
        parse_options(options_type_of(name), {key: "x"}, owner=name)
    shown = str(caught.value).strip()
    assert shown.isprintable() and repr(key)[1:-1] in shown


@pytest.mark.parametrize("name", ["a\nb.csv", "col\x1b[2J", "x\u2029y", "tab\there"])
def test_a_user_error_shows_a_path_or_field_escaped_on_one_line(name: str) -> None:
    """Every path and field a UserError names may come from the user's input (a file name, a CSV header):
    the one mechanism escapes them, whichever module raised the error."""
    for error in (UserError("bad", path=name, line=3), UserError("bad", field=name)):
        shown = str(error)
        assert shown.isprintable() and repr(name)[1:-1] in shown and shown.endswith(": bad")
    assert UserError("bad", field="plain name").field == "plain name"


@pytest.mark.parametrize("name", shipped(Kind.BACKEND))
def test_backend_options_refuse_an_unknown_key(name: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    options_type = options_type_of(name)
    with pytest.raises(UserError, match="valid options") as caught:
        parse_options(options_type, {"n_ctxx": "512"}, owner=f"the {name} backend")
    assert caught.value.field == "--backend-option n_ctxx" and f"the {name} backend" in str(caught.value)
    for spec in option_specs(options_type):
        assert spec.name in str(caught.value)
    # The backend itself refuses it too, before it loads anything.
    if name not in RECIPES:
        pytest.fail(f"backend '{name}' has no recipe in tests/test_contracts.py")
    spec, options, _ = RECIPES[name](tmp_path, request)
    with pytest.raises(UserError, match="n_ctxx"):
        create_backend(spec, dataclasses.replace(options, extra={**options.extra, "n_ctxx": "512"}))


def test_the_docs_option_tables_are_the_dataclasses() -> None:
    from overrefusal.backends._options import options_table

    page = (Path(__file__).resolve().parents[1] / "docs" / "reference" / "backend-options.md").read_text(
        encoding="utf-8"
    )
    for name in shipped(Kind.BACKEND):
        found = re.search(rf"<!-- backend-options:{re.escape(name)} -->\n((?:\|.*\n)*)<!-- /backend-options -->", page)
        assert found, f"docs/reference/backend-options.md has no option table for backend '{name}'"
        assert found.group(1).rstrip("\n") == options_table(options_type_of(name)), (
            f"docs/reference/backend-options.md's option table of '{name}' is out of date: "
            "python tools/backend_options_doc.py"
        )


def test_a_moderator_takes_the_options_its_backend_declares() -> None:
    # One option set serves the model (replay: check_text) and its moderator (openai: max_connections).
    options = BackendOptions(base_url="http://127.0.0.1:9/v1", extra={"check_text": "false", "max_connections": "3"})
    f = create_filter("moderator:openai/guard", options)
    assert f.backend._max_connections == 3  # type: ignore[attr-defined]
    with pytest.raises(UserError, match="check_text"):
        create_backend("openai/guard", options)  # the backend alone still refuses what it does not know


class AlwaysUnsafe(BaseBackend):
    """A moderator model that calls everything UNSAFE."""

    def __init__(self, name: str, options: BackendOptions):
        self.model_id = f"always-unsafe/{name}"

    async def generate(self, messages: Any, config: GenerationConfig, *, prompt: Prompt | None = None) -> Completion:
        return Completion(text="UNSAFE")


@pytest.fixture()
def always_unsafe() -> Iterator[str]:
    registry.register(Kind.BACKEND, "always-unsafe", AlwaysUnsafe)
    yield "always-unsafe/m"
    registry.unregister(Kind.BACKEND, "always-unsafe")


FILTER_RECIPES: dict[str, str | None] = {
    "keyword": None,
    "keyword-output": None,
    "moderator": "always-unsafe/m",
    "moderator-output": "always-unsafe/m",
}
"""Filter name -> the argument after ``NAME:`` (None: the bare name); made to block the test prompt."""


@pytest.mark.parametrize("name", shipped(Kind.FILTER))
def test_filter_contract(name: str, always_unsafe: str) -> None:
    if name not in FILTER_RECIPES:
        pytest.fail(f"filter '{name}' has no recipe in tests/test_contracts.py")
    arg = FILTER_RECIPES[name]
    f = create_filter(name if arg is None else f"{name}:{arg}", BackendOptions())
    assert isinstance(f, Filter)
    assert isinstance(f.name, str) and f.name.split(":")[0] == name
    assert isinstance(f.stage, Stage)
    messages = [Message(Role.USER, PROMPTS[0].text)]
    reply = None if f.stage is Stage.INPUT else "Run kill -9 PID to kill it."

    async def screen() -> Any:
        try:
            return await f.screen(messages, reply)
        finally:
            close = getattr(f, "aclose", None)
            if close is not None:
                await close()

    block = asyncio.run(screen())
    # Every built-in recipe is made to block this prompt (the word "kill"; a moderator saying UNSAFE).
    assert isinstance(block, Block)
    assert block.filter == f.name and block.message


@pytest.mark.parametrize("name", shipped(Kind.FILTER))
def test_filter_spec_errors_name_the_spec(name: str) -> None:
    bad = f"{name}:" if name.startswith("moderator") else f"{name}:not-a-file"
    with pytest.raises(UserError, match="valid forms"):
        create_filter(bad, BackendOptions())
