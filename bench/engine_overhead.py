"""Throughput of overrefusal's engine against a minimal raw httpx client, on the same llama.cpp server.

Both send the same prompts with the same settings and the same concurrency; the engine also does
everything it does in a real run (cache lookups, store writes, judging with the rules judge, progress
accounting), with the cache off so that every prompt is generated. Rounds alternate raw / engine so that
any drift of the server (warm caches, CPU frequency) hits both alike; the medians are compared.

    .venv/bin/python bench/engine_overhead.py [--prompts 24] [--max-tokens 16] [--concurrency 4] [--rounds 3]

Target: engine / raw >= 0.95.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import Server, llama_server  # noqa: E402
from overrefusal import api  # noqa: E402
from overrefusal.backends import BackendOptions  # noqa: E402
from overrefusal.judges import create_judge  # noqa: E402
from overrefusal.measure.deployment import Deployment  # noqa: E402
from overrefusal.suites import load_suite  # noqa: E402
from overrefusal.types import GenerationConfig, Suite  # noqa: E402


async def raw_client(server: Server, suite: Suite, gen: GenerationConfig, concurrency: int) -> float:
    """The least a client can do: one pooled httpx client, a semaphore, one POST per prompt. Seconds."""
    semaphore = asyncio.Semaphore(concurrency)
    async with httpx.AsyncClient(timeout=120, limits=httpx.Limits(max_connections=concurrency)) as client:

        async def one(text: str) -> None:
            body = {
                "model": server.model,
                "messages": [{"role": "user", "content": text}],
                "temperature": gen.temperature,
                "max_tokens": gen.max_tokens,
                "top_p": gen.top_p,
                "seed": gen.seed,
            }
            async with semaphore:
                r = await client.post(f"{server.base_url}/chat/completions", json=body)
                r.raise_for_status()
                r.json()["choices"][0]["message"]["content"]

        start = time.perf_counter()
        await asyncio.gather(*(one(p.text) for p in suite.prompts))
        return time.perf_counter() - start


def engine(server: Server, suite: Suite, gen: GenerationConfig, concurrency: int, store_dir: Path, n: int) -> float:
    """One full engine run (fresh store, cache off). Seconds."""
    deployment = Deployment(f"openai/{server.model}", options=BackendOptions(base_url=server.base_url))
    with api.open_store(store_dir / f"s{n}.db") as store:
        start = time.perf_counter()
        result = api.run(
            suite,
            deployment,
            generation=gen,
            concurrency=concurrency,
            use_cache=False,
            store=store,
            run_id=f"bench-{n}",
        )
        wall = time.perf_counter() - start
    inv = result["this_invocation"]
    assert inv["generated"] == len(suite.prompts) and inv["errors"] == 0, inv
    return wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--prompts", type=int, default=24)
    ap.add_argument("--max-tokens", type=int, default=16)
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    suite = load_suite("core")
    suite = Suite(suite.name, suite.prompts[: args.prompts])
    gen = GenerationConfig(max_tokens=args.max_tokens)
    create_judge("rules")  # its one-time load is start-up cost, not throughput
    store_dir = Path(tempfile.mkdtemp(prefix="or-overhead-"))
    raw_s: list[float] = []
    eng_s: list[float] = []
    with llama_server() as server:
        asyncio.run(raw_client(server, Suite("warm", suite.prompts[:2]), gen, 1))  # warm the server up
        for r in range(args.rounds):
            raw_s.append(asyncio.run(raw_client(server, suite, gen, args.concurrency)))
            eng_s.append(engine(server, suite, gen, args.concurrency, store_dir, r))
            print(f"round {r + 1}: raw {raw_s[-1]:.2f} s, engine {eng_s[-1]:.2f} s", flush=True)
    n = len(suite.prompts)
    raw_tp, eng_tp = n / statistics.median(raw_s), n / statistics.median(eng_s)
    print(
        f"\n{n} prompts, max_tokens {args.max_tokens}, concurrency {args.concurrency}, {args.rounds} rounds (medians)"
    )
    print(f"raw httpx client : {raw_tp:6.2f} prompts/s")
    print(f"overrefusal run  : {eng_tp:6.2f} prompts/s  (generate + judge + store)")
    print(f"ratio engine/raw : {eng_tp / raw_tp:6.3f}  (target >= 0.95)")


if __name__ == "__main__":
    main()
