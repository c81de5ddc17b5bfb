"""The frame and listener a table's game runs in: timers on the table's loop, bots thinking off it,
the 3-2-1 before real time, and the controller's news passed on to every connection."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

from chaigames.engine import Event
from chaigames.play import wire

from .parts import TableParts
from .timer import Timer

log = logging.getLogger("chaigames.serve.tables")

COUNTDOWN = 3  # seconds of the 3-2-1 before real time runs (again)


class TableFrame(TableParts):
    """What the game controller asks of the table (see `chaigames.play.controller.Frame`) and tells it."""

    # -- the frame the controller runs in ---------------------------------------------------------
    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return asyncio.get_running_loop()

    def set_timer(self, delay: float, callback: Any) -> Timer:
        return Timer(self.loop, delay, callback, repeat=False)

    def set_interval(self, interval: float, callback: Any) -> Timer:
        return Timer(self.loop, interval, callback, repeat=True)

    def think(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """A bot's choose() in a worker thread: the table keeps answering while it thinks."""
        future = self.loop.run_in_executor(None, work)

        def finished(f: asyncio.Future[Any]) -> None:
            done(f.exception() if f.exception() is not None else f.result())

        future.add_done_callback(finished)

    def show_curtain(self, controller: Any, seat: int) -> None:  # pragma: no cover - never at a table
        controller.curtain_lifted(seat)

    def show_countdown(self, controller: Any) -> None:
        """Real time (re)starts after a 3-2-1 everyone sees in their status line."""
        self._stop_countdown()
        self.countdown = COUNTDOWN
        self._changed([])
        self._countdown_timer = self.set_interval(self.countdown_step, self._count)

    def _count(self) -> None:
        game = self.game
        if game is None or game.paused or self.countdown is None:
            self._stop_countdown()
            self._changed([])
            return
        self.countdown -= 1
        if self.countdown > 0:
            self._changed([])
            return
        self._stop_countdown()
        game.countdown_done()

    def _stop_countdown(self) -> None:
        self.countdown = None
        if self._countdown_timer is not None:
            self._countdown_timer.stop()
            self._countdown_timer = None

    def show_results(self, controller: Any) -> None:
        """The game is over: everyone gets the result (each seated person's History got the record
        before anyone was told, in `_changed`)."""
        self.save_table()
        self._changed([], force=True)
        self._summary()

    def game_taken_over(self, controller: Any) -> None:  # pragma: no cover - a table holds no lock
        pass

    def drop_earlier_keys(self) -> None:
        pass

    def turn_changed(self) -> None:
        pass  # each person's own screen says whose turn it is

    # -- the listener -------------------------------------------------------------------------------
    def game_changed(self, events: Sequence[Event]) -> None:
        self._changed(events)

    def move_refused(self, seat: int, reason: str) -> None:
        if self._acting is not None:
            self._to(self._acting, wire.refused(reason, seat=seat))
