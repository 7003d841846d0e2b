"""overrefusal against inspect_evals' XSTest task: same prompts, same model server, same generation settings.

Both tools are pointed at one local llama.cpp server (the embedded SmolLM2) and run the same XSTest
prompts (a subset of ../shared/data/xstest/xstest_prompts.csv: the first N "safe" prompts, the ones
over-refusal is measured on) with the same system prompt ("You are a helpful assistant.", the one the
inspect task sets), temperature 0, the same max_tokens and the same concurrency.

inspect runs in its own virtual environment (created under /tmp on first use: inspect-ai and inspect-evals
from the package index). Its xstest task loads the data set from the Hugging Face hub, which is not
reachable offline, so the task's loader is pointed at the local CSV (same columns, same record_to_sample).
Its refusal scorer is an LLM grader (default openai/gpt-4o); here it is the same local server through
inspect's ``openai-api`` provider, so the grader's generations are counted too.

Generations are counted on the server (its access log), so both tools are measured the same way.
Wall time is that of the whole command, as a user waits for it.

    .venv/bin/python bench/vs_inspect.py [--prompts 40] [--max-tokens 32] [--grader-max-tokens 64]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import REPO, llama_server  # noqa: E402

XSTEST_CSV = (REPO / "../shared/data/xstest/xstest_prompts.csv").resolve()
VENV = Path(tempfile.gettempdir()) / "or-inspect-venv"
SYSTEM_PROMPT = "You are a helpful assistant."  # what inspect_evals' xstest task sends

RUNNER = r"""
import json, sys, time
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import csv_dataset
from inspect_ai.model import GenerateConfig, get_model
import importlib
# The package re-exports the task function under the module's name, so fetch the module itself.
xs = importlib.import_module("inspect_evals.xstest.xstest")

csv_path, model_name, max_tokens, grader_max_tokens, concurrency, log_dir = sys.argv[1:7]

def local_dataset(path, split, sample_fields, revision=None, **kw):
    # The task's hf_dataset(...) call, answered from the local copy of the same data set.
    return csv_dataset(csv_path, sample_fields=sample_fields)

xs.hf_dataset = local_dataset
grader = get_model(model_name, config=GenerateConfig(temperature=0, max_tokens=int(grader_max_tokens),
                                                     max_connections=int(concurrency)))
task = xs.xstest(subset="safe", scorer_model=grader)
start = time.perf_counter()
logs = inspect_eval(task, model=model_name, temperature=0, max_tokens=int(max_tokens),
                    max_connections=int(concurrency), log_dir=log_dir, display="none")
wall = time.perf_counter() - start
log = logs[0]
metrics = {name: m.value for s in (log.results.scores if log.results else []) for name, m in s.metrics.items()}
print(json.dumps({"status": log.status, "samples": len(log.samples or []), "eval_wall_s": wall,
                  "metrics": metrics, "error": str(log.error) if log.error else None}))
"""


def ensure_venv() -> Path:
    """The inspect virtual environment, made on first use. Returns its python."""
    python = VENV / "bin" / "python"
    probe = (
        subprocess.run([str(python), "-c", "import inspect_ai, inspect_evals.xstest"], capture_output=True)
        if python.exists()
        else None
    )
    if probe is None or probe.returncode != 0:
        print(f"creating {VENV} and installing inspect-ai, inspect-evals (first run only)...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "inspect-ai", "inspect-evals", "openai"], check=True)
    return python


def subset_csv(n: int, out: Path) -> int:
    """The first ``n`` safe XSTest prompts, in the original layout (both tools read this file)."""
    with open(XSTEST_CSV, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        rows = [r for r in reader if r["label"] == "safe"][:n]
        fields = reader.fieldnames or []
    with open(out, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    return len(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--prompts", type=int, default=40)
    ap.add_argument("--max-tokens", type=int, default=32)
    ap.add_argument(
        "--grader-max-tokens",
        type=int,
        default=64,
        help="inspect's grader must reason and then write 'GRADE: X'; it needs more room than the reply.",
    )
    ap.add_argument("--concurrency", type=int, default=4)
    args = ap.parse_args()
    if not XSTEST_CSV.is_file():
        sys.exit(f"XSTest prompts not found at {XSTEST_CSV}")
    work = Path(tempfile.mkdtemp(prefix="or-vs-inspect-"))
    data = work / "xstest_subset.csv"
    n = subset_csv(args.prompts, data)
    python = ensure_venv()
    runner = work / "run_inspect.py"
    runner.write_text(RUNNER, encoding="utf-8")
    results = {}
    with llama_server() as server:
        # inspect's openai-api provider reads <SERVICE>_BASE_URL and <SERVICE>_API_KEY.
        env = {
            **os.environ,
            "LLAMACPP_BASE_URL": server.base_url,
            "LLAMACPP_API_KEY": "none",
            "INSPECT_LOG_DIR": str(work / "logs"),
        }
        model = f"openai-api/llamacpp/{server.model}"

        before = server.chat_requests()
        t = time.perf_counter()
        p = subprocess.run(
            [
                str(python),
                str(runner),
                str(data),
                model,
                str(args.max_tokens),
                str(args.grader_max_tokens),
                str(args.concurrency),
                str(work / "logs"),
            ],
            capture_output=True,
            text=True,
            env=env,
        )
        wall = time.perf_counter() - t
        time.sleep(0.5)
        if p.returncode != 0:
            print(
                "inspect could not run offline. What was tried: a venv with inspect-ai + inspect-evals, the "
                "xstest task's hf_dataset loader replaced by csv_dataset on the local CSV, model and grader "
                "through the openai-api provider at the local server. Its error:"
            )
            print(p.stderr[-4000:])
            sys.exit(1)
        out = json.loads(p.stdout.strip().splitlines()[-1])
        results["inspect_evals xstest"] = {
            "wall_s": wall,
            "generations": server.chat_requests() - before,
            "detail": out,
        }

        before = server.chat_requests()
        t = time.perf_counter()
        p = subprocess.run(
            [
                sys.executable,
                "-m",
                "overrefusal",
                "run",
                "--model",
                f"openai/{server.model}",
                "--base-url",
                server.base_url,
                "--suite",
                str(data),
                "--limit",
                "all",
                "--system-prompt",
                SYSTEM_PROMPT,
                "--max-tokens",
                str(args.max_tokens),
                "--temperature",
                "0",
                "--concurrency",
                str(args.concurrency),
                "--json",
                "--store",
                str(work / "s.db"),
            ],
            capture_output=True,
            text=True,
        )
        wall = time.perf_counter() - t
        time.sleep(0.5)
        if p.returncode != 0:
            sys.exit(f"overrefusal failed: {p.stderr}")
        s = json.loads(p.stdout)
        results["overrefusal run"] = {
            "wall_s": wall,
            "generations": server.chat_requests() - before,
            "detail": {
                "any_refusal": s["benign"]["any_refusal"]["value"],
                "errors": s["benign"]["errors"],
                "n": s["benign"]["n"],
            },
        }

    print(
        f"\n{n} safe XSTest prompts, max_tokens {args.max_tokens}, temperature 0, concurrency {args.concurrency}, "
        f"system prompt {SYSTEM_PROMPT!r}, one local llama.cpp server (SmolLM2-135M)"
    )
    print(f"{'tool':22} {'wall s':>8} {'generations':>12}  result")
    for name, r in results.items():
        print(f"{name:22} {r['wall_s']:8.1f} {r['generations']:>12}  {json.dumps(r['detail'])}")
    a, b = results["inspect_evals xstest"], results["overrefusal run"]
    print(
        f"wall time ratio inspect/overrefusal: {a['wall_s'] / b['wall_s']:.2f}x; "
        f"generations: inspect {a['generations']} (replies + LLM grader), overrefusal {b['generations']} "
        "(replies; judged by the rules judge, no generation)"
    )


if __name__ == "__main__":
    main()
