"""The game clock of a real-time game: lives in the screen, never in the rules core.

Game time starts at `start_at` (0 for a new game, the last recorded timestamp on resume),
runs on time.monotonic, and stands still while paused, so a pause costs nobody time.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

SHOWN_STEP = 1.0  # the clock is shown in whole seconds: a screen redraws it when the second turns


def time_shown(t: float) -> str:
    """Game time `t` as every screen and status line shows it: whole seconds, so a running clock changes
    what is on screen once a second (tenths moved ten times a second, and every move redrew a line)."""
    return f"Time {math.floor(t + 1e-9):3d} s"


def next_turn(t: float) -> float:
    """Seconds from game time `t` until the shown second turns (a moment past it, so it has turned)."""
    return (math.floor(t / SHOWN_STEP + 1e-9) + 1) * SHOWN_STEP - t + 0.001


class GameClock:
    def __init__(self, start_at: float = 0.0, source: Callable[[], float] = time.monotonic) -> None:
        self._source = source
        self._base = start_at  # game time when the clock last started running
        self._since: float | None = None  # source time when it last started running; None = stopped

    @property
    def running(self) -> bool:
        return self._since is not None

    def now(self) -> float:
        if self._since is None:
            return self._base
        return self._base + (self._source() - self._since)

    def start(self) -> None:
        if self._since is None:
            self._since = self._source()

    def stop(self) -> None:
        if self._since is not None:
            self._base = self.now()
            self._since = None
