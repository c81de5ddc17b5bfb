"""The game clock a screen runs: game seconds from a real monotonic clock, stopped while paused.

The core never reads a clock; the app passes real times in (e.g. `time.monotonic()`). Game time
starts at the game's own time (0 for a new game; for a Continue, the last recorded action's time,
CW-12), runs while started and stands still while stopped (pause menu, countdown).
"""

from __future__ import annotations


class GameClock:
    def __init__(self, game_time: float = 0.0) -> None:
        self._base = game_time
        self._started_at: float | None = None  # real time when the clock last started

    @property
    def running(self) -> bool:
        return self._started_at is not None

    def now(self, real: float) -> float:
        """Game time at real time `real`."""
        if self._started_at is None:
            return self._base
        return self._base + (real - self._started_at)

    def start(self, real: float) -> None:
        if self._started_at is None:
            self._started_at = real

    def stop(self, real: float) -> float:
        """Stop the clock; returns the game time it stopped at."""
        self._base = self.now(real)
        self._started_at = None
        return self._base
