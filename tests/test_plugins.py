"""Third-party plugins, from the "Extending" page's example (docs/extending.md): installed entry points add a backend, a judge,
a filter, a suite and a CLI command, loaded exactly as the built-ins are (real `overrefusal` processes, a
real distribution's metadata on the path)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXTENDING = Path(__file__).resolve().parents[1] / "docs" / "extending.md"


def example_block(marker: str) -> str:
    """The fenced block right after ``<!-- extending-example:MARKER -->`` on the Extending page."""
    m = re.search(
        rf"<!-- extending-example:{re.escape(marker)} -->\n```\w*\n(.*?)\n```", EXTENDING.read_text("utf-8"), re.S
    )
    assert m, f"docs/extending.md has no example block {marker}"
    return m.group(1)


def entry_points_txt(pyproject_block: str) -> str:
    """``[project.entry-points."G"]`` / ``name = "ref"`` (pyproject) -> ``[G]`` / ``name = ref`` (metadata)."""
    out = []
    for line in pyproject_block.splitlines():
        group = re.fullmatch(r'\[project\.entry-points\."([^"]+)"\]', line.strip())
        if group:
            out.append(f"[{group.group(1)}]")
        elif "=" in line:
            name, _, ref = line.partition("=")
            out.append(f"{name.strip()} = {ref.strip().strip(chr(34))}")
    return "\n".join(out) + "\n"


def install_plugin(root: Path, extra_entry_points: str = "") -> dict[str, str]:
    root.mkdir(parents=True)
    (root / "my_plugin.py").write_text(example_block("my_plugin.py"), encoding="utf-8")
    info = root / "my_plugin-0.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: my-plugin\nVersion: 0.0.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        entry_points_txt(example_block("entry_points")) + extra_entry_points, encoding="utf-8"
    )
    env = {k: v for k, v in os.environ.items() if k != "OVERREFUSAL_STORE"}
    env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "overrefusal", *args], capture_output=True, text=True, env=env, timeout=300
    )


def test_the_documented_plugin_adds_all_five_kinds(tmp_path: Path) -> None:
    env = install_plugin(tmp_path / "site")
    p = cli(env, "hello", "world")
    assert (p.returncode, p.stdout) == (0, "hello world\n"), p.stderr
    assert "hello" in cli(env, "--help").stdout
    # The page's command line: every part of the deployment comes from the plugin.
    p = cli(
        env,
        "run",
        "--model",
        "echo/x",
        "--suite",
        "tiny",
        "--judge",
        "sorry",
        "--filter",
        "too-long:40",
        "--store",
        str(tmp_path / "s.db"),
        "--json",
    )
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["suite"]["name"] == "tiny" and out["judge"] == "sorry@1"
    # "Sure: How do I kill a process?" is 30 characters, passed; the harmful echo is too, so both comply.
    assert out["benign"]["n"] == 1 and out["benign"]["any_refusal"]["value"] == 0.0
    assert out["harmful"]["compliance"]["value"] == 1.0
    p = cli(
        env,
        "run",
        "--model",
        "echo/x",
        "--suite",
        "tiny",
        "--judge",
        "sorry",
        "--filter",
        "too-long:10",
        "--store",
        str(tmp_path / "s.db"),
        "--json",
    )
    assert json.loads(p.stdout)["benign"]["filter_blocked"]["value"] == 1.0, p.stderr
    listed = {s["name"]: s for s in json.loads(cli(env, "suites", "--json").stdout)["suites"]}
    assert listed["tiny"]["description"] == "Two prompts from a plugin."
    judges = json.loads(cli(env, "judges", "--json").stdout)["judges"]
    assert "sorry" in judges


def test_a_broken_plugin_breaks_only_itself(tmp_path: Path) -> None:
    env = install_plugin(tmp_path / "site", "[overrefusal.commands]\nbroken = my_plugin_missing:nothing\n")
    p = cli(env, "broken")
    assert p.returncode == 2 and "my_plugin_missing" in p.stderr and "Traceback" not in p.stderr
    assert cli(env, "hello", "again").stdout == "hello again\n"


def test_a_built_in_name_is_found_without_reading_entry_points_and_wins_over_a_plugin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run's judge and backend are built in: finding them reads no entry points (about 10 ms of every
    run's start-up), and a plugin that names one of them still cannot take it over, before or after the
    entry points are read."""
    from importlib import metadata

    from overrefusal import registry
    from overrefusal.judges.rubric.judge import RubricJudge
    from overrefusal.judges.rules.judge import RulesJudge

    plugin = [
        metadata.EntryPoint("rubric", "overrefusal.judges.rules.judge:RulesJudge", registry.Kind.JUDGE.group),
        metadata.EntryPoint("other", "overrefusal.judges.rules.judge:RulesJudge", registry.Kind.JUDGE.group),
    ]
    reads: list[str] = []

    def entry_points(*, group: str) -> list[metadata.EntryPoint]:
        reads.append(group)
        return [ep for ep in plugin if ep.group == group]

    monkeypatch.setattr(metadata, "entry_points", entry_points)
    monkeypatch.setattr(registry, "_entries", {kind: {} for kind in registry.Kind})
    monkeypatch.setattr(registry, "_plugins_loaded", set())
    assert registry.load(registry.Kind.JUDGE, "rubric") is RubricJudge
    assert registry.has(registry.Kind.BACKEND, "openai")
    assert reads == []
    # A name that is not built in is looked for among the entry points, and then the built-in still wins.
    assert registry.load(registry.Kind.JUDGE, "other") is RulesJudge
    assert reads == [registry.Kind.JUDGE.group]
    assert registry.load(registry.Kind.JUDGE, "rubric") is RubricJudge
    entry = registry.entry(registry.Kind.JUDGE, "rubric")
    assert entry is not None and entry.origin == "builtin"
    assert {"rubric", "rules", "other"} <= set(registry.names(registry.Kind.JUDGE))
