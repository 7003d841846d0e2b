"""The token-bucket limiter in virtual time, and the engine honouring it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from overrefusal.backends import BackendOptions
from overrefusal.judges import create_judge
from overrefusal.measure.deployment import Deployment
from overrefusal.measure.engine import RunPlan, execute
from overrefusal.measure.ratelimit import RateLimiter, TokenBucket, estimate_tokens
from overrefusal.registry import Kind
from overrefusal.store import Store
from overrefusal.types import Completion, GenerationConfig, Label, Message, Prompt, Suite, Usage


class VirtualClock:
    """A clock that only moves when someone sleeps on it."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)


def test_bucket_refills_at_its_rate_and_caps_at_capacity():
    clock = VirtualClock()
    bucket = TokenBucket(rate=2.0, capacity=4.0, clock=clock)
    assert bucket.level == 4.0
    bucket.take(4.0)
    assert bucket.wait_time(1.0) == pytest.approx(0.5)
    clock.now = 10.0
    assert bucket.level == 4.0  # capped
    # A request larger than the capacity waits for a full bucket, then goes into debt.
    assert bucket.wait_time(10.0) == 0.0
    bucket.take(10.0)
    assert bucket.level == -6.0
    assert bucket.wait_time(1.0) == pytest.approx(3.5)


def test_rpm_paces_requests_to_the_limit():
    clock = VirtualClock()
    limiter = RateLimiter(rpm=60, clock=clock, sleep=clock.sleep)  # 1 request/s, burst of 1

    async def go() -> list[float]:
        starts = []
        for _ in range(5):
            await limiter.acquire()
            starts.append(clock.now)
        return starts

    starts = asyncio.run(go())
    assert starts == pytest.approx([0.0, 1.0, 2.0, 3.0, 4.0])


def test_concurrent_waiters_are_served_in_order_without_exceeding_the_rate():
    clock = VirtualClock()
    limiter = RateLimiter(rpm=600, clock=clock, sleep=clock.sleep)  # 10/s, burst 10

    async def go() -> list[float]:
        starts: list[float] = []

        async def one() -> None:
            await limiter.acquire()
            starts.append(clock.now)

        await asyncio.gather(*(one() for _ in range(40)))
        return starts

    starts = asyncio.run(go())
    assert len(starts) == 40
    # 10 at once (the burst), then 10 a second: the 40th starts at 3 s.
    assert starts[9] == 0.0 and max(starts) == pytest.approx(3.0)
    # After the burst, one request every 0.1 s: never faster than the rate.
    gaps = [b - a for a, b in zip(starts[9:], starts[10:])]
    assert gaps == pytest.approx([0.1] * 30)


def test_tpm_charges_the_estimate_then_settles_the_real_usage():
    clock = VirtualClock()
    limiter = RateLimiter(tpm=6000, clock=clock, sleep=clock.sleep)  # 100 tokens/s, burst 100

    async def go() -> None:
        permit = await limiter.acquire(1, 100)
        assert clock.now == 0.0
        limiter.settle(permit, 20)  # used far less: 80 tokens come back
        await limiter.acquire(1, 100)  # needs 100, has 80 -> waits 0.2 s
        assert clock.now == pytest.approx(0.2)
        p3 = await limiter.acquire(1, 50)  # waits for 50 more
        assert clock.now == pytest.approx(0.7)
        limiter.settle(p3, 250)  # used 200 more than estimated: debt the next request waits out
        await limiter.acquire(1, 10)
        assert clock.now == pytest.approx(0.7 + 2.1)

    asyncio.run(go())


def test_no_limits_never_waits():
    clock = VirtualClock()
    limiter = RateLimiter(clock=clock, sleep=clock.sleep)
    assert not limiter.active

    async def go() -> None:
        for _ in range(100):
            await limiter.acquire(1, 1e9)

    asyncio.run(go())
    assert clock.sleeps == []


def test_estimate_counts_prompt_and_reply_budget():
    assert estimate_tokens(["a" * 40], 16) == 10 + 16


STARTS: list[float] = []


class TimedBackend:
    """Records when each request starts; answers at once with a known usage."""

    def __init__(self, model: str, options: BackendOptions):
        self.model_id = f"ratetest/{model}"

    async def generate(
        self, messages: Sequence[Message], config: GenerationConfig, *, prompt: Prompt | None = None
    ) -> Completion:
        STARTS.append(time.monotonic())
        return Completion(text="Sure, here it is.", finish_reason="stop", usage=Usage(10, 5))


@pytest.fixture(autouse=True)
def _test_doubles(register_plugin: Callable[[Kind, str, Any], None]) -> None:
    """This module's fake backends and judges, registered for each of its tests only."""
    register_plugin(Kind.BACKEND, "ratetest", TimedBackend)


def _suite(n: int) -> Suite:
    return Suite("rl", tuple(Prompt(f"p{i}", f"question {i}", Label.BENIGN, category="c") for i in range(n)))


def test_engine_applies_rpm_around_generation(tmp_path):
    """Real clock: 6 requests at 240 rpm (4/s, burst 4) with concurrency 6 cannot finish in under 0.5 s."""
    STARTS.clear()
    plan = RunPlan(
        suite=_suite(6),
        deployment=Deployment("ratetest/m"),
        generation=GenerationConfig(max_tokens=8),
        judges=[create_judge("rules")],
        concurrency=6,
        rpm=240,
    )
    with Store(tmp_path / "s.db") as store:
        outcome = asyncio.run(execute(plan, store))
    assert outcome.generated == 6
    span = max(STARTS) - min(STARTS)
    assert span >= 0.45, span


def test_engine_uses_an_injected_limiter_with_estimates_and_usage(tmp_path):
    clock = VirtualClock()
    limiter = RateLimiter(tpm=60 * 40, clock=clock, sleep=clock.sleep)  # 40 tokens/s, burst 40
    plan = RunPlan(
        suite=_suite(3),
        deployment=Deployment("ratetest/m"),
        generation=GenerationConfig(max_tokens=8),
        judges=[create_judge("rules")],
        concurrency=1,
        rate_limiter=limiter,
    )
    with Store(tmp_path / "s.db") as store:
        asyncio.run(execute(plan, store))
    # Each request is estimated at ceil(len("question N") / 4) + 8 = 11 tokens and really uses 15 (the
    # backend's usage): after two requests 40 - 30 = 10 tokens are left, short of the third's 11, so the
    # third waits 1/40 s; the bucket ends at 40 - 45 + 1 (refilled during the wait) = -4.
    assert limiter.waited_s == pytest.approx(0.025)
    assert limiter._tokens.level == pytest.approx(-4.0)  # type: ignore[union-attr]
