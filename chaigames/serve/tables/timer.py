"""A call on the table's loop, once or again and again, with the `stop()` the game controller expects."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("chaigames.serve.tables")


class Timer:
    """A one-shot or repeating call on the loop, with the `stop()` the controller expects."""

    def __init__(self, loop: asyncio.AbstractEventLoop, delay: float, callback: Callable[[], Any], repeat: bool):
        self._loop, self._delay, self._callback, self._repeat = loop, delay, callback, repeat
        self._handle: asyncio.TimerHandle | None = loop.call_later(delay, self._fire)

    def _fire(self) -> None:
        self._handle = self._loop.call_later(self._delay, self._fire) if self._repeat else None
        try:
            self._callback()
        except Exception:
            log.exception("table timer failed")

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
