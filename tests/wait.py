"""The suite's one bounded wait: look at a condition until it holds, and fail saying what was awaited.

Every bound in the suite goes through `scaled`, so a slow machine can give every wait more time at
once with the environment variable CHAIGAMES_TEST_TIMEOUT_SCALE (2 doubles them). A wait ends as soon
as its condition holds: the bound only decides how long a failing test takes to say so.

    await until(lambda: "Results" in text(), "the results screen", seen=text)
    await until(lambda: app.screen.is_modal, "the question", rest=pilot.pause)   # between Textual rounds
    value = until_blocking(lambda: port_of(lines), "the port in the log")      # in a plain thread
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable, Generator
from typing import Any, TypeVar

T = TypeVar("T")

WAIT = 20.0  # seconds a condition may take before a test fails (times the scale)
EVERY = 0.02  # seconds between two looks when nothing wakes the wait sooner
SCALE_VARIABLE = "CHAIGAMES_TEST_TIMEOUT_SCALE"


class TimedOut(AssertionError):
    """A condition did not hold within its bound (an AssertionError, so pytest shows it as a failure)."""


def scale() -> float:
    """How much longer than written every bound is on this machine (1 unless the environment says)."""
    raw = os.environ.get(SCALE_VARIABLE, "").strip()
    if not raw:
        return 1.0
    value = float(raw)
    if value <= 0:
        raise ValueError(f"{SCALE_VARIABLE} must be a positive number, not {raw!r}")
    return value


def scaled(seconds: float) -> float:
    """A bound in seconds as this machine needs it: for any timeout a test passes to asyncio, a
    subprocess or a socket, so that one variable stretches all of them."""
    return seconds * scale()


def _looks(
    condition: Callable[[], T],
    what: str,
    timeout: float,
    seen: Callable[[], Any] | None,
    hopeless: Callable[[], bool] | None,
    every: float,
) -> Generator[float, None, T]:
    """The waiting loop itself, shared by the async and the blocking wait: yields how long to rest
    before the next look, returns the condition's value once it holds, raises `TimedOut` past the bound
    (or at once when `hopeless()` says nothing can change any more)."""
    deadline = time.monotonic() + scaled(timeout)
    while True:
        value = condition()
        if value:
            return value
        left = deadline - time.monotonic()
        if left <= 0 or (hopeless is not None and hopeless()):
            why = "gave up waiting" if left > 0 else f"timed out after {scaled(timeout):g} s waiting"
            message = f"{why} for {what}"
            if seen is not None:
                message += f"; seen:\n{seen()}"
            raise TimedOut(message)
        yield min(left, every)


async def until(
    condition: Callable[[], T],
    what: str,
    *,
    timeout: float = WAIT,
    seen: Callable[[], Any] | None = None,
    rest: Callable[[float], Awaitable[Any]] | None = None,
    hopeless: Callable[[], bool] | None = None,
    every: float = EVERY,
) -> T:
    """Wait until `condition()` is truthy and return its value; fail after `timeout` seconds (scaled).

    `what` names the awaited thing in the failure, `seen()` adds what was there instead (the screen,
    the last messages). `rest(seconds)` is how to wait between looks: `pilot.pause` in a Pilot test (so
    the app's messages are handled), or something that returns early when news arrives (bytes on a
    terminal); asyncio.sleep by default. `hopeless()` ends the wait early when nothing can change."""
    looks = _looks(condition, what, timeout, seen, hopeless, every)
    pause = rest or asyncio.sleep
    try:
        while True:
            await pause(next(looks))
    except StopIteration as done:
        return done.value


def until_blocking(
    condition: Callable[[], T],
    what: str,
    *,
    timeout: float = WAIT,
    seen: Callable[[], Any] | None = None,
    hopeless: Callable[[], bool] | None = None,
    every: float = EVERY,
) -> T:
    """`until` for code outside an event loop (a thread reading a pseudo-terminal or a log)."""
    looks = _looks(condition, what, timeout, seen, hopeless, every)
    try:
        while True:
            time.sleep(next(looks))
    except StopIteration as done:
        return done.value


def woken_by(event: asyncio.Event) -> Callable[[float], Awaitable[None]]:
    """A `rest` for `until` that returns as soon as `event` is set (then clears it), or after the pause:
    for helpers that own an event their reader sets whenever something arrives."""

    async def rest(seconds: float) -> None:
        try:
            await asyncio.wait_for(event.wait(), seconds)
        except TimeoutError:
            return
        event.clear()

    return rest
