"""Client-side rate limits: requests per minute and tokens per minute, as token buckets.

Hosted APIs enforce RPM and TPM limits and answer 429 when a client goes over them; the OpenAI
backend retries those, but a run that keeps hitting the limit wastes its retry budget and ends with
ERROR records. Pacing requests below the limit on the client side avoids that.

A bucket refills continuously at ``rate`` units per second up to ``capacity``. A request takes its
units before it is sent, waiting while the bucket is short. Tokens are not known before a reply
arrives, so a request first takes an *estimate* and, once the reply's usage is known, the difference
is settled: the bucket may go into debt (negative), which later requests then wait out. That keeps the
long-run rate at the limit even when estimates are off.

The clock and the sleep function are injected so that tests run in virtual time.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

Clock = Callable[[], float]
"""Monotonic seconds."""
Sleep = Callable[[float], Awaitable[None]]
"""Waits the given seconds (``asyncio.sleep`` in production)."""

_EPSILON = 1e-9

CHARS_PER_TOKEN = 4.0
"""Rough characters per token of English text, used only to estimate a prompt's tokens before sending it."""


class TokenBucket:
    """One bucket: ``capacity`` units, refilled at ``rate`` units per second. Not thread-safe: it is
    used from one event loop, where every method runs without interruption between awaits."""

    def __init__(self, rate: float, capacity: float, clock: Clock):
        """``rate`` > 0 units per second; ``capacity`` > 0 is the largest burst. Starts full."""
        if rate <= 0 or capacity <= 0:
            raise ValueError("rate and capacity must be positive")
        self.rate = float(rate)
        self.capacity = float(capacity)
        self._clock = clock
        self._level = float(capacity)
        self._stamp = clock()

    def _refill(self) -> None:
        now = self._clock()
        # max(): a clock that steps backwards must not drain the bucket.
        elapsed = max(0.0, now - self._stamp)
        self._stamp = now
        self._level = min(self.capacity, self._level + elapsed * self.rate)

    @property
    def level(self) -> float:
        """Units available now (negative while in debt)."""
        self._refill()
        return self._level

    def wait_time(self, amount: float) -> float:
        """Seconds until ``amount`` units can be taken; 0 if they can be now.

        An amount larger than the capacity could never fit, so it may be taken once the bucket is full
        (the bucket then goes into debt): a single large request is slowed, never refused."""
        self._refill()
        need = min(amount, self.capacity)
        # The tolerance absorbs float rounding: without it a bucket refilled to 0.9999999999 of a unit
        # asks for a wait so short that adding it to the clock changes nothing, and the waiter spins.
        if self._level >= need - _EPSILON:
            return 0.0
        return (need - self._level) / self.rate

    def take(self, amount: float) -> None:
        """Remove ``amount`` units now (may leave the bucket in debt)."""
        self._refill()
        self._level -= amount

    def give_back(self, amount: float) -> None:
        """Adjust by ``amount`` units (positive: return over-estimated units; negative: add debt)."""
        self._refill()
        self._level = min(self.capacity, self._level + amount)


@dataclass
class Permit:
    """What one :meth:`RateLimiter.acquire` took, so the caller can settle it with the real usage."""

    requests: int
    estimated_tokens: float


class RateLimiter:
    """Requests-per-minute and tokens-per-minute limits shared by every request of a run.

    ``burst_s`` sets the bucket sizes: a bucket holds ``burst_s`` seconds' worth of its rate (at least
    one request), so a run starts at once and then settles to the limit without a minute-long burst
    that a server counting in shorter windows would reject.
    """

    def __init__(
        self,
        rpm: float | None = None,
        tpm: float | None = None,
        *,
        burst_s: float = 1.0,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ):
        """``rpm``/``tpm``: limits per minute (None or 0: unlimited)."""
        if rpm is not None and rpm < 0 or tpm is not None and tpm < 0:
            raise ValueError("rate limits must not be negative")
        self.rpm = rpm or None
        self.tpm = tpm or None
        self._clock = clock
        self._sleep = sleep
        self._requests = TokenBucket(rpm / 60.0, max(1.0, rpm / 60.0 * burst_s), clock) if rpm else None
        self._tokens = TokenBucket(tpm / 60.0, max(1.0, tpm / 60.0 * burst_s), clock) if tpm else None
        # Waiters are served in arrival order: without the lock, a large request could starve while
        # small ones keep slipping past it.
        self._lock: asyncio.Lock | None = None
        self._lock_loop: asyncio.AbstractEventLoop | None = None
        self.waited_s = 0.0
        """Total time acquire() spent waiting (a measure of how much the limits slowed the run)."""

    @property
    def active(self) -> bool:
        """Whether any limit is set."""
        return self._requests is not None or self._tokens is not None

    def _get_lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        if self._lock is None or self._lock_loop is not loop:
            self._lock, self._lock_loop = asyncio.Lock(), loop
        return self._lock

    async def acquire(self, requests: int = 1, tokens: float = 0.0) -> Permit:
        """Wait until ``requests`` requests expected to use ``tokens`` tokens (prompt + reply) may start,
        then take them. Returns a permit for :meth:`settle`."""
        permit = Permit(requests, float(tokens))
        if not self.active:
            return permit
        async with self._get_lock():
            while True:
                wait = 0.0
                if self._requests is not None:
                    wait = max(wait, self._requests.wait_time(requests))
                if self._tokens is not None and tokens > 0:
                    wait = max(wait, self._tokens.wait_time(tokens))
                if wait <= 0:
                    break
                self.waited_s += wait
                await self._sleep(wait)
            if self._requests is not None:
                self._requests.take(requests)
            if self._tokens is not None:
                self._tokens.take(tokens)
        return permit

    def settle(self, permit: Permit, actual_tokens: float | None) -> None:
        """Correct the token bucket with the tokens the requests really used (None: unknown, keep the
        estimate). Over-estimates are returned; under-estimates become debt."""
        if self._tokens is None or actual_tokens is None or actual_tokens <= 0:
            return
        self._tokens.give_back(permit.estimated_tokens - actual_tokens)


def estimate_tokens(texts: list[str], max_tokens: int) -> float:
    """Tokens a request may use before its reply is known: the prompt's estimated tokens plus the reply's
    upper bound. Estimating high is the safe side: settle() returns the excess."""
    chars = sum(len(t) for t in texts)
    return math.ceil(chars / CHARS_PER_TOKEN) + max_tokens
