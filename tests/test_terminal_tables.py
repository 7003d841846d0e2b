"""Every table the CLI prints fits 80 and 120 columns without cutting a number.

Each table is rendered from real results (XSTest's human-labelled replies replayed and judged, compared,
ablated, labelled and checked against a policy; the first run of the embedded model as recorded) at both
widths, the way the CLI prints it. No line may be wider than the terminal, and every number-bearing word of
every shown column must appear whole in the output (rich, left alone, cuts a cell to ``+6/−0 (+30…`` or
folds it mid-number); a column may only be left out in the order it declares, and the line under the table
names it."""

from __future__ import annotations

import asyncio
import csv
import io
import itertools
import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from overrefusal import api
from overrefusal.report import diagnosis_tables, judge_eval_tables, terminal
from overrefusal.report.run_list import render_run_list
from overrefusal.report.table_fit import FitColumn, FitTable, wrap_lines
from overrefusal.types import Completion, GenerationConfig, Message

WIDTHS = (80, 120)
FIRST_RUN = Path(__file__).parent / "data" / "first_run.json"
"""``overrefusal run --json`` of the quick start's first run (40 prompts of core, the embedded SmolLM2), as
recorded: the bare model's summary, the ablation and the trigger words the issue found cut at 120 columns."""


def console(width: int) -> Console:
    return Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False, legacy_windows=False)


def printed(con: Console) -> str:
    file = con.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


_BOX = re.compile(r"^[\s│┃║─━═┼╋┏┓┗┛┌┐└┘├┤┬┴╇╈┡┩╞╡╤╧╪╟╢╫╬┠┨┯┷┿╂╀╁╃╄╅╆╉╊╍╏┅┇┄┆╸╺╹╻]+$")


def words(text: str) -> Counter[str]:
    """The words of rendered text: whitespace-separated, rules and borders left out."""
    return Counter(w for w in text.split() if not _BOX.match(w))


def numbers_shown(table: FitTable, width: int) -> Counter[str]:
    """Every word with a digit in the cells of the columns kept at ``width`` (name columns aside: a long
    name may fold; names are not numbers)."""
    kept = table.kept(width)
    out: Counter[str] = Counter()
    for cells, _, _ in table.rows:
        for i in kept:
            if table.columns[i].name:
                continue
            text = cells[i] if isinstance(cells[i], str) else cells[i].plain
            out.update(w for w in text.split() if any(ch.isdigit() for ch in w))
    return out


def assert_fits(table: FitTable, width: int) -> str:
    """Render ``table`` at ``width`` and check it; returns the output."""
    con = console(width)
    table.print(con)
    out = printed(con)
    too_wide = [line for line in out.splitlines() if cell_len(line) > width]
    assert not too_wide, f"lines wider than {width}: {too_wide}"
    missing = numbers_shown(table, width) - words(out)
    assert not missing, f"numbers cut or split at {width} columns: {sorted(missing)}\n{out}"
    # Columns go only in their declared order, the highest drop first, never one marked 0 ...
    kept = set(table.kept(width))
    dropped = [i for i in range(len(table.columns)) if i not in kept]
    assert all(table.columns[i].drop for i in dropped)
    if dropped:
        lowest_dropped = min(table.columns[i].drop for i in dropped)
        assert all(not table.columns[i].drop or table.columns[i].drop < lowest_dropped for i in kept)
        # ... and the line under the table says which.
        assert f"left out to fit {width} columns: " in " ".join(out.split())
        for i in dropped:
            assert table.columns[i].header in " ".join(out.split())
    else:
        assert "left out to fit" not in out
    return out


def assert_lines_fit(render: Callable[[Console], None], width: int) -> str:
    con = console(width)
    render(con)
    out = printed(con)
    too_wide = [line for line in out.splitlines() if cell_len(line) > width]
    assert not too_wide, f"lines wider than {width}: {too_wide}"
    return out


# -- real results ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Results:
    store: Path
    summary: dict[str, Any]
    labelled: dict[str, Any]
    comparison: dict[str, Any]
    gate: dict[str, Any]
    triggers: dict[str, Any]
    ablation: dict[str, Any]
    policy: dict[str, Any]
    judge_eval: dict[str, Any]
    judge_eval_run: dict[str, Any]
    quality: dict[str, Any]
    reward: dict[str, Any]


class _LengthGrader:
    """A grading backend for the layout of ``quality``'s table only: the grade follows the reply's length."""

    model_id = "length-grader"

    async def generate(self, messages: Sequence[Message], config: GenerationConfig, **_: Any) -> Completion:
        return Completion(text=str(1 + len(messages[-1].content) % 5))


@pytest.fixture(scope="session")
def results(xstest_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Results:
    from overrefusal.analysis.quality import assess_run
    from overrefusal.analysis.reward_probe import probe
    from overrefusal.judges.quality import HelpfulnessGrader

    tmp = tmp_path_factory.mktemp("tables")
    store_path = tmp / "store.db"
    suite = str(xstest_dir / "xstest_prompts.csv")
    files = xstest_dir / "model_completions"
    replay = {name: f"replay/{files}/xstest_v2_completions_{name}.csv" for name in ("llama2orig", "gpt4")}
    policy = tmp / "policy.json"
    policy.write_text(json.dumps({"default": {"benign": "answer", "harmful": "refuse"}}), encoding="utf-8")
    # Human labels for the first run: the XSTest file's own, in the layout `label --from` reads.
    labels = tmp / "labels.csv"
    with (files / "xstest_v2_completions_llama2orig.csv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    with labels.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    with api.open_store(store_path) as store:
        runs = {
            name: api.run(suite, api.Deployment(spec), judges=["rules"], store=store, run_id=f"xstest-{name}")
            for name, spec in replay.items()
        }
        base, cand = runs["llama2orig"]["run_id"], runs["gpt4"]["run_id"]
        api.label(base, store=store, n=120, seed=0, from_path=labels)
        labelled = api.summary(base, store=store)
        comparison = api.compare_runs(store, base, cand)
        gate = api.gate_runs(store, base, cand, max_increase=0.02)
        triggers = api.triggers(store, base, judge="rules")
        ablation = api.ablate(
            store,
            model=replay["llama2orig"],
            options=api.BackendOptions(),
            system_prompts=[],
            filters=["keyword", "keyword-output"],
            suite=suite,
            judge="rules",
        )
        judge_eval_run = api.judge_eval_run(base, ["rules", "classifier"], store=store)
        quality = asyncio.run(assess_run(store, cand, HelpfulnessGrader(_LengthGrader()), seed=0))  # type: ignore[arg-type]
        prompts = api.load_suite(suite).prompts
    policy_result = api.policy_check(store_path, base, policy_path=str(policy)).result
    judge_eval = api.judge_eval("rules", sorted(files.glob("*.csv")))
    reward = {
        "reward_model": "rm/length",
        "suite": {"name": "xstest_prompts", "n": len(prompts)},
        "compliant": None,
        **probe(prompts, lambda pairs: [float(len(reply) % 7) for _, reply in pairs], seed=0),
    }
    return Results(
        store_path,
        runs["llama2orig"],
        dict(labelled),
        dict(comparison),
        dict(gate),
        dict(triggers),
        dict(ablation),
        dict(policy_result),
        dict(judge_eval),
        dict(judge_eval_run),
        quality,
        reward,
    )


@pytest.fixture(scope="session")
def first_run() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIRST_RUN.read_text(encoding="utf-8"))
    return data


# -- the tables -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_the_first_runs_tables_fit(first_run: dict[str, Any], width: int) -> None:
    """The quick start's three tables, from the recorded first run: the one the issue found cut."""
    parts = first_run["first_run"]
    assert_fits(terminal.summary_table(first_run), width)
    ablation = assert_fits(diagnosis_tables.ablation_table(parts["ablation"], ["cautious"]), width)
    assert_fits(diagnosis_tables.triggers_table(parts["triggers"], 10), width)
    # The ablation table's last column, cut to "+6/−0 (+30" before, is whole at 120 columns.
    if width == 120:
        assert "left out" not in ablation
        last = [c["harmful"] for c in parts["ablation"]["configurations"] if c["harmful"]["n_pairs"]]
        assert last and all(f"{100 * h['difference']['value']:+.0f}" in ablation for h in last)
    # And the whole first-run output, titles and legends included, stays within the width.
    assert_lines_fit(lambda con: terminal.render_summary(first_run, con), width)
    assert_lines_fit(lambda con: diagnosis_tables.render_ablation(parts["ablation"], ["cautious"], con), width)
    assert_lines_fit(lambda con: diagnosis_tables.render_triggers(parts["triggers"], 10, con), width)


@pytest.mark.parametrize("width", WIDTHS)
def test_run_and_report_tables_fit(results: Results, width: int) -> None:
    assert len(results.summary["by_category"]) >= 8  # XSTest's long category names
    assert_fits(terminal.summary_table(results.summary), width)
    assert_fits(terminal.corrected_table(results.labelled), width)
    assert_lines_fit(lambda con: terminal.render_summary(results.labelled, con), width)


@pytest.mark.parametrize("width", WIDTHS)
def test_language_table_fits(results: Results, width: int) -> None:
    # Per-language blocks in the summary's own shape, with the change from English that `compare` makes.
    change = results.comparison["overall"]
    by_language = {
        lang: {
            "benign": results.summary["benign"],
            "harmful": results.summary["harmful"],
            **({} if lang == "en" else {"vs_english": change}),
        }
        for lang in ("en", "de", "fr", "zh-Hant")
    }
    assert_fits(terminal.languages_table(by_language), width)
    assert_lines_fit(lambda con: terminal.render_languages(by_language, con), width)


@pytest.mark.parametrize("width", WIDTHS)
def test_diagnosis_tables_fit(results: Results, width: int) -> None:
    assert results.triggers["words"], "the replayed llama2orig run refuses benign prompts"
    assert_fits(diagnosis_tables.triggers_table(results.triggers, 10), width)
    assert_fits(diagnosis_tables.ablation_table(results.ablation, []), width)
    assert_fits(diagnosis_tables.quality_table(results.quality), width)
    assert_fits(diagnosis_tables.reward_probe_table(results.reward), width)
    assert_fits(diagnosis_tables.policy_table(results.policy), width)
    for render in (
        lambda con: diagnosis_tables.render_triggers(results.triggers, 10, con),
        lambda con: diagnosis_tables.render_ablation(results.ablation, [], con),
        lambda con: diagnosis_tables.render_quality(results.quality, con),
        lambda con: diagnosis_tables.render_reward_probe(results.reward, con),
        lambda con: diagnosis_tables.render_policy_check(results.policy, "policy.json", con),
    ):
        assert_lines_fit(render, width)


@pytest.mark.parametrize("width", WIDTHS)
def test_judge_eval_tables_fit(results: Results, width: int) -> None:
    assert len(results.judge_eval["files"]) == 4
    assert_fits(judge_eval_tables.judge_eval_table(results.judge_eval), width)
    assert_fits(judge_eval_tables.judge_eval_run_table(results.judge_eval_run), width)
    # The leave-one-source-out layout: the same metrics with the rate error and its population.
    by_source = {**results.judge_eval, "mode": "leave_one_source_out"}
    for m in by_source["files"].values():
        m["rate_error_points"], m["rate_population"] = -2.0, "benign"
    assert_fits(judge_eval_tables.judge_eval_table(by_source), width)
    assert_lines_fit(lambda con: judge_eval_tables.render_judge_eval(results.judge_eval, con), width)
    assert_lines_fit(lambda con: judge_eval_tables.render_judge_eval_run(results.judge_eval_run, con), width)


@pytest.mark.parametrize("width", WIDTHS)
def test_runs_table_fits_and_keeps_every_id(results: Results, width: int) -> None:
    listing = api.list_runs(results.store)["runs"]
    out = assert_lines_fit(lambda con: render_run_list(listing, con), width)
    assert all(run["run_id"] in words(out) for run in listing)


@pytest.mark.parametrize("width", WIDTHS)
def test_compare_gate_and_listing_lines_fit_when_wrapped(results: Results, width: int) -> None:
    """``compare``, ``gate`` and ``suites`` print lines, not tables: in a terminal they are wrapped at spaces,
    never inside a number."""
    compare = terminal.comparison_lines(results.comparison)
    gate = [terminal.gate_ok_line(results.gate["summary"], 0.02, 0.01, 0.05)]
    assert any(len(line) > 80 for line in compare + gate), "the check needs a line longer than 80 columns"
    for lines in (compare, gate):
        wrapped = wrap_lines(lines, width)
        assert all(cell_len(line) <= width for line in wrapped)
        assert words("\n".join(wrapped)) == words("\n".join(lines))


# -- the layout itself ----------------------------------------------------------------------------------


def test_the_fit_check_sees_what_rich_does_to_a_table_left_alone() -> None:
    """Without the fitting, rich cuts the ablation's last cell at 120 columns: the check would catch it."""
    from rich.table import Table

    cells = ["sys1 + keyword", "64% [43–80] n=22", "+6/−0", "+27 pts [+9, +46]", "0.031", "38% [19–59] n=16"]
    cells += ["90% [70–97] n=20", "+6/−0 (+30 pts)"]
    headers = ["configuration", "benign refused", "+/−", "Δ vs bare [95% CI]", "p", "from deployment"]
    headers += ["harmful refused", "harmful Δ"]
    con = console(100)
    table = Table(show_edge=False)
    for h in headers:
        table.add_column(h, no_wrap=True)
    table.add_row(*cells)
    con.print(table)
    expected = Counter(w for c in cells for w in c.split() if any(ch.isdigit() for ch in w))
    assert expected - words(printed(con)), "rich no longer cuts: the fitting may be unnecessary"
    fitted = FitTable(
        [FitColumn(h, drop=0 if i in (0, 1, 3) else 8 - i) for i, h in enumerate(headers)], show_edge=False
    )
    fitted.add_row(*cells)
    assert_fits(fitted, 100)
    assert_fits(fitted, 60)


def test_columns_go_in_declared_order_and_never_below_the_longest_number() -> None:
    table = FitTable(
        [
            FitColumn("name", name=True),
            FitColumn("rate", "right"),
            FitColumn("extra", drop=2),
            FitColumn("other", drop=1),
        ]
    )
    table.add_row("a very long category name indeed", "12.5% [8–17]", "123456789012", "42 [40–44]")
    assert table.kept(200) == [0, 1, 2, 3]
    assert table.kept(45) == [0, 1, 3]  # "extra" (drop 2) goes before "other" (drop 1)
    assert table.kept(20) == [0, 1]
    widths = table.widths(45)
    assert widths[1] >= len("[8–17]") and widths[3] >= len("[40–44]")
    out = assert_fits(table, 45)
    assert "left out to fit 45 columns: extra" in " ".join(out.split())


def test_wrap_lines_breaks_numbers_only_at_spaces() -> None:
    line = "over-refusal on nonsense_group_discrimination: 4% -> 0%, -4 points [-20, 0], p = 1 (n = 25 pairs)"
    wrapped = wrap_lines([line, "short"], 40)
    assert wrapped[-1] == "short" and len(wrapped) > 2
    assert all(cell_len(w) <= 40 for w in wrapped)
    assert words("\n".join(wrapped)) == words(line + " short")
    assert all(w.startswith("  ") for w in wrapped[1:-1])
    # Only a word longer than a whole line (a path, a URL) is folded, as the terminal would.
    folded = wrap_lines(["see /a/very/long/path/to/a/file/of/replies.csv now"], 20)
    assert all(cell_len(w) <= 20 for w in folded)
    assert "".join(folded).replace(" ", "") == "see/a/very/long/path/to/a/file/of/replies.csvnow"


def test_a_table_too_narrow_for_its_kept_columns_is_still_no_wider_than_asked() -> None:
    table = FitTable([FitColumn("name", name=True), FitColumn("rate", "right")])
    table.add_row("x" * 300, "12.5% [8–17]")
    assert_fits(table, 80)


# -- through the CLI, in a real terminal ------------------------------------------------------------------


def in_terminal(args: Sequence[str], width: int) -> tuple[int, str]:
    """``python -m overrefusal ARGS`` with stdout on a pseudo-terminal ``width`` columns wide: the CLI sizes
    its tables and wraps its lines to the terminal it finds."""
    import fcntl
    import os
    import pty
    import struct
    import subprocess
    import sys
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, width, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "OVERREFUSAL_STORE")}
    env["TERM"] = "dumb"  # no colour codes in what is read back
    proc = subprocess.Popen(
        [sys.executable, "-m", "overrefusal", *args], stdout=slave, stderr=subprocess.PIPE, env=env, close_fds=True
    )
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    proc.wait(timeout=120)
    text = b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")
    return proc.returncode, re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_cli_fits_the_terminal_it_runs_in(results: Results, width: int) -> None:
    store = ("--store", str(results.store))
    base, cand = "xstest-llama2orig", "xstest-gpt4"
    for args in (
        ("report", base, *store),
        ("compare", base, cand, *store),
        ("gate", "--baseline", base, "--candidate", cand, "--max-increase", "0.02", *store),
        ("suites",),
    ):
        code, out = in_terminal(args, width)
        assert code == 0, (args, out)
        too_wide = [line for line in out.splitlines() if cell_len(line) > width]
        assert not too_wide, (args, too_wide)
    # The report's numbers are all there, whole: the same words as at a width that needs no wrapping.
    _, narrow = in_terminal(("report", base, *store), width)
    _, wide = in_terminal(("report", base, *store), 250)
    numbers = Counter(w for w in words(wide).elements() if any(ch.isdigit() for ch in w) and "T" not in w)
    left_out = "errors" if "left out to fit" in narrow else None
    missing = numbers - words(narrow)
    if left_out:  # the errors column (all zero here) is the one the narrow terminal left out
        missing -= Counter({"0": missing["0"]})
    assert not missing, missing


@pytest.fixture(scope="session")
def checklist() -> dict[str, Any]:
    """The shipped behavioural checklist, judged by two real judges."""
    return dict(api.judge_checklist(["rules", "classifier"]))


@pytest.mark.parametrize("width", WIDTHS)
def test_checklist_tables_fit(checklist: dict[str, Any], width: int) -> None:
    out = assert_lines_fit(lambda con: judge_eval_tables.render_checklist(checklist, 10, con), width)
    # Every judge's pass rate on every test is there whole ("0.83 5/6").
    for judge in checklist["judges"].values():
        overall = judge["overall"]
        assert f"{overall['passed']}/{overall['n']}" in words(out)
        for block in judge["by_type"].values():
            assert f"{block['pass_rate']:.2f}" in words(out)


def test_the_first_run_at_120_columns_keeps_ids_whole_and_a_row_a_line(
    first_run: dict[str, Any], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The argument-less ``overrefusal run`` as printed at COLUMNS=120: the run ids stand whole on a line (a
    title breaks between its parts only) and each configuration of the ablation is one line, every column
    shown (its rows wrapped to three lines before)."""
    from overrefusal.cli.run import render_first_run

    monkeypatch.setenv("COLUMNS", "120")
    render_first_run(first_run, terminal.stdout_console(honour_columns=True))
    lines = capsys.readouterr().out.splitlines()
    assert lines and max(cell_len(line) for line in lines) <= 120
    parts = first_run["first_run"]
    for run_id in (first_run["run_id"], parts["triggers"]["run_id"], parts["triggers"]["variants_run_id"]):
        assert any(run_id in line for line in lines), run_id
    header = next(i for i, line in enumerate(lines) if "configuration" in line)
    table = list(itertools.takewhile(lambda line: "│" in line, lines[header + 2 :]))
    assert len(table) == len(parts["ablation"]["configurations"]), table  # no row continues on a second line
    for row in table:
        cells = [cell.strip() for cell in row.split("│")]
        assert len(cells) == 8 and all(cells), row  # every column, each cell whole on the row's one line
    assert "left out" not in "\n".join(lines)


def test_the_progress_bar_says_which_stage_it_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """The first run's bar names its stage (replies of the four configurations, then the trigger search's
    prompt variants) instead of one fixed label for both."""
    from overrefusal.analysis.first_run import STAGES

    with terminal.ProgressBar() as bar:
        bar.stage(STAGES[1])
        bar.update(3, 7)
    err = " ".join(capsys.readouterr().err.split())
    assert STAGES[1] in err and "3/7" in err
