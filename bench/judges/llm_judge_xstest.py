"""The cascade (cheap CPU judge first, a served LLM judge for the replies it is unsure of) against XSTest's
human labels: agreement with humans of the cheap judge alone vs the cascade, the share sent, requests made.

    # any OpenAI-compatible server (vLLM, llama.cpp server):
    .venv/bin/python bench/judges/llm_judge_xstest.py --base-url http://127.0.0.1:8000/v1 --model allenai/wildguard \\
        --expensive wildguard [--constrain guided_regex] [--limit 100] [--json]
    # the embedded SmolLM2 on a local llama.cpp server started by the script (mechanics only: a bad judge):
    .venv/bin/python bench/judges/llm_judge_xstest.py --local-smollm2 --limit 20 --constrain grammar

Replies: the 1,800 human-labelled replies of ../shared/data/xstest/model_completions (450 per model file);
``--limit N`` takes N per file, drawn with ``--seed``. The cheap judge (``--cheap``, default ``classifier``)
reads every reply once; replies below ``--threshold`` go to the expensive judge (``llm``: the 3-class LLM
judge, or ``wildguard``). "requests" counts the requests the expensive judge sent (re-asks included); with
``--local-smollm2`` the server's own access log is counted too, so the two can be checked against each other.
The server's key, if it needs one, is read from the variable ``--api-key-env`` names; it is never printed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "src"))

from overrefusal.judges import create_judge  # noqa: E402
from overrefusal.judges.ensemble import CascadeJudge, routing_summary  # noqa: E402
from overrefusal.judges.evaluation.evaluate import item_for  # noqa: E402
from overrefusal.judges.labels import read_labelled  # noqa: E402
from overrefusal.stats import agreement_metrics  # noqa: E402

LABELS = (REPO / "../shared/data/xstest/model_completions").resolve()


def replies(limit: int | None, seed: int) -> list[Any]:
    files = sorted(LABELS.glob("xstest_v2_completions_*.csv"))
    if not files:
        sys.exit(f"the XSTest completion files are not at {LABELS}")
    rng = random.Random(seed)
    rows = []
    for f in files:
        got = read_labelled(f)
        rows.extend(got if limit is None or limit >= len(got) else rng.sample(got, limit))
    return rows


def requests_logged(log: Path, endpoint: str) -> int:
    return sum(1 for line in log.read_text(errors="replace").splitlines() if f"POST /v1/{endpoint}" in line)


def measure(args: argparse.Namespace, base_url: str, model: str, server_log: Path | None) -> dict[str, Any]:
    rows = replies(args.limit, args.seed)
    items = [item_for(r) for r in rows]
    gold = [r.gold for r in rows]
    spec = f"llm:openai/{model}" if args.expensive == "llm" else f"wildguard:{model}"
    expensive = create_judge(
        spec,
        base_url=base_url,
        api_key_env=args.api_key_env,
        constrain=args.constrain,
        concurrency=args.concurrency,
    )
    cascade = CascadeJudge(cheap=args.cheap, expensive=expensive, threshold=args.threshold)
    endpoint = "chat/completions" if args.expensive == "llm" else "completions"
    logged_before = requests_logged(server_log, endpoint) if server_log else None
    start = time.perf_counter()
    finals = asyncio.run(cascade.judge(items))
    wall = time.perf_counter() - start
    cheap = [r.cheap for r in cascade.routing]
    final = [j.verdict for j in finals]
    m_cheap, m_cascade = agreement_metrics(gold, cheap), agreement_metrics(gold, final)
    out: dict[str, Any] = {
        "cheap": cascade.cheap.id,
        "expensive": cascade.expensive.id,
        "threshold": args.threshold,
        "n": len(items),
        "routing": routing_summary(cascade.routing, gold),
        "requests_sent": getattr(expensive, "requests", None),
        "requests_logged_by_server": None
        if server_log is None
        else requests_logged(server_log, endpoint) - (logged_before or 0),
        "cheap_alone": {k: m_cheap[k] for k in ("accuracy_3class", "accuracy_binary", "kappa_3class", "errors")},
        "cascade": {k: m_cascade[k] for k in ("accuracy_3class", "accuracy_binary", "kappa_3class", "errors")},
        "wall_s": round(wall, 1),
        "loadavg": Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else None,
    }
    return out


def show(r: dict[str, Any]) -> None:
    s = r["routing"]
    print(
        f"cheap {r['cheap']}  ->  expensive {r['expensive']}  (threshold {r['threshold']:g}), {r['n']} XSTest replies"
    )
    print(f"sent to the expensive judge: {s['sent']} of {s['n']} ({100 * (s['sent_share'] or 0):.1f}%)")
    logged = r["requests_logged_by_server"]
    print(f"requests: {r['requests_sent']} sent" + ("" if logged is None else f", {logged} in the server's log"))
    print(f"expensive judge failed (ERROR, cheap verdict kept): {s['expensive_failed']}")
    agree = s["agreement_cheap_expensive"]
    print(f"cheap vs expensive on the sent replies: {'-' if agree is None else f'{100 * agree:.1f}%'} agree")
    print(f"{'agreement with humans':24} {'3-class':>8} {'binary':>8} {'kappa':>7}")
    for name in ("cheap_alone", "cascade"):
        m = r[name]
        print(f"{name:24} {m['accuracy_3class']:8.3f} {m['accuracy_binary']:8.3f} {m['kappa_3class']:7.3f}")
    print(
        f"wall {r['wall_s']} s, load average {' '.join(r['loadavg'] or [])} (a shared machine: timings are indicative)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--base-url", help="the OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1")
    where.add_argument("--local-smollm2", action="store_true", help="start the embedded SmolLM2 on llama.cpp")
    ap.add_argument("--model", help="the server's model name (default: the first it lists)")
    ap.add_argument("--expensive", choices=("llm", "wildguard"), default="llm")
    ap.add_argument("--cheap", default="classifier")
    ap.add_argument("--threshold", type=float, default=0.8)
    ap.add_argument("--constrain", default="none", help="none, grammar, json_schema, guided_json, guided_regex")
    ap.add_argument("--limit", type=int, default=None, help="replies per model file (default all 450)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--api-key-env", default="OPENAI_API_KEY")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    if args.local_smollm2:
        from overrefusal.backends.llamacpp import serve, usable_cores

        with serve(n_threads=usable_cores()) as server:
            result = measure(args, server.base_url, args.model or server.model, server.log)
    else:
        model = args.model or first_model(args.base_url, args.api_key_env)
        result = measure(args, args.base_url, model, None)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        show(result)


def first_model(base_url: str, api_key_env: str) -> str:
    import httpx

    key = os.environ.get(api_key_env, "").strip()
    response = httpx.get(
        f"{base_url.rstrip('/')}/models", headers={"Authorization": f"Bearer {key}"} if key else {}, timeout=30
    )
    response.raise_for_status()
    return str(response.json()["data"][0]["id"])


if __name__ == "__main__":
    main()
