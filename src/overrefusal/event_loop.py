"""The event loop the package's async work runs on: uvloop when it is installed, else asyncio's own.

uvloop implements asyncio's loop on libuv, in C: the same sockets, timers and callbacks for less CPU. The
tool spends a good part of a fast run in the loop and in aiohttp's transport (``docs/performance.md``,
"Throughput"), so this is where uvloop pays. It changes no behaviour the package promises: timeouts,
cancellation, ``Ctrl-C`` (asyncio's runner cancels the main task on the first SIGINT on either loop),
threads (``asyncio.to_thread``) and executors work as on asyncio's loop.

``$OVERREFUSAL_EVENT_LOOP`` chooses: ``auto`` (the default: uvloop if it can be imported), ``uvloop`` (an
error when it cannot be) or ``asyncio`` (asyncio's own loop, e.g. to rule the loop out when chasing a
problem). It is read at each :func:`run`, like the package's other ``OVERREFUSAL_`` variables, and a caller
may pass ``loop=`` instead.
"""

from __future__ import annotations

import asyncio
import enum
import importlib.util
import os
from collections.abc import Coroutine
from typing import Any, TypeVar

from .errors import UserError

T = TypeVar("T")

EVENT_LOOP_ENV = "OVERREFUSAL_EVENT_LOOP"


class EventLoop(str, enum.Enum):
    """Which event loop :func:`run` uses."""

    AUTO = "auto"
    """uvloop when it can be imported, else asyncio's own loop."""
    UVLOOP = "uvloop"
    """uvloop; an error when it is not installed."""
    ASYNCIO = "asyncio"
    """What ``asyncio.run`` gives: the standard library's loop (``SelectorEventLoop`` on Unix), or the loop of
    an event-loop policy the program has set."""


def uvloop_available() -> bool:
    """Whether uvloop can be imported here (it has no Windows or PyPy build)."""
    return importlib.util.find_spec("uvloop") is not None


def requested_loop() -> EventLoop:
    """``$OVERREFUSAL_EVENT_LOOP`` as an :class:`EventLoop` (``auto`` when unset or blank); a UserError naming
    the variable for any other value."""
    raw = os.environ.get(EVENT_LOOP_ENV, "").strip().lower()
    if not raw:
        return EventLoop.AUTO
    try:
        return EventLoop(raw)
    except ValueError:
        expected = ", ".join(e.value for e in EventLoop)
        raise UserError(f"expected one of {expected}, got {raw!r}", field=EVENT_LOOP_ENV) from None


def resolve(choice: EventLoop | None = None) -> EventLoop:
    """The loop :func:`run` would use for ``choice`` (None: the environment's): ``UVLOOP`` or ``ASYNCIO``,
    never ``AUTO``. A UserError when uvloop is asked for and not installed."""
    choice = requested_loop() if choice is None else EventLoop(choice)
    if choice is EventLoop.AUTO:
        return EventLoop.UVLOOP if uvloop_available() else EventLoop.ASYNCIO
    if choice is EventLoop.UVLOOP and not uvloop_available():
        raise UserError(
            f"uvloop is not installed: `pip install uvloop`, or set {EVENT_LOOP_ENV}=asyncio", field=EVENT_LOOP_ENV
        )
    return choice


def run(main: Coroutine[Any, Any, T], *, loop: EventLoop | None = None) -> T:
    """``asyncio.run(main)`` on the loop chosen by ``loop`` (None: ``$OVERREFUSAL_EVENT_LOOP``, see the module)."""
    try:
        chosen = resolve(loop)
    except BaseException:
        main.close()  # never awaited: no "coroutine was never awaited" warning on top of the error
        raise
    if chosen is EventLoop.UVLOOP:
        import uvloop

        # uvloop.run is asyncio.run with uvloop's loop: on 3.11+ the same asyncio.Runner (its SIGINT handling,
        # task cancellation and shutdown of async generators and the default executor), on 3.10 the same steps.
        return uvloop.run(main)
    return asyncio.run(main)
