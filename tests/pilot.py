"""Reading an app that a Pilot drives: its screen as text, and the suite's bounded wait between Textual's
message rounds (for screen tests and for the hosts' tests that run the app in process)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from textual.geometry import Region
from textual.pilot import Pilot
from textual.strip import Strip

from screens.app import ChaiGamesApp
from tests.screens.keys import key_event, settled
from tests.wait import WAIT, scale, until


def screen_text(app: ChaiGamesApp) -> str:
    """The screen as a player sees it now: every line of the top screen (with what shows behind it).

    The one private read of the suite's screen tests: Textual 8 has no public way to get the composed
    screen as text (`export_screenshot` gives SVG, drawn with the same compositor, at many times the
    cost), so the screen's compositor is asked for its lines here (and in `bottom_line`) and nowhere else."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def bottom_line(app: ChaiGamesApp) -> str:
    """The screen's last line (the footer's keys) as `screen_text` reads it, rendering that line alone:
    a test that waits for a key to be offered reads it many times, and a whole screen costs many lines
    of widgets to render ('' while the screen has no size yet)."""
    compositor = app.screen._compositor
    width, height = compositor.size
    if not height:
        return ""
    row = height - 1
    chops = compositor._render_chops(Region(0, row, width, 1), lambda y: y == row)
    return Strip.join(chops[row].values()).text


async def wait_for(pilot: Any, condition: Callable[[], Any], what: str = "condition", timeout: float = WAIT) -> Any:
    """`until` while the app runs, showing the screen if `condition` never holds.

    It returns as Pilot's `pause` leaves the app before each of its looks: every widget of the screen has
    handled what was queued for it and the screen is drawn, and `condition` holds then. Between looks the
    app simply runs (its own timer draws the screen): Pilot's `pause` before every look would send a message
    to each widget of the screen every 20 ms for as long as a bot or a clock takes, where only the look that
    ends the wait needs that."""
    value = condition()
    if value:
        return value
    started = time.monotonic()
    while True:
        left = max(timeout - (time.monotonic() - started) / scale(), 0.0)
        await until(condition, what, timeout=left, seen=lambda: screen_text(pilot.app), rest=asyncio.sleep)
        if pilot.app.is_running:  # (an app that has quit has nothing left to handle or draw)
            await pilot.pause(0)  # handled and drawn, as before a look of Pilot's own
        value = condition()
        if value:
            return value


async def drawn(pilot: Pilot) -> str:
    """The screen once it has settled: drawn after each round in which the app and every widget of its
    screen handled all they had queued (`settled`), until two rounds in a row read the same (a new size or
    a new viewer takes a few rounds of layout, each queueing the next). Pilot's `pause()` waits for the
    same by watching the process go idle: at least 20 ms a round however little is left to do."""
    reads: list[str] = []

    async def next_round(_: float = 0.0) -> None:
        await settled(pilot.app)
        await pilot.pause(0)  # the screen drawn, as at a frame

    def read_twice_alike() -> bool:
        reads[:] = [*reads[-1:], screen_text(pilot.app)]
        return len(reads) == 2 and reads[0] == reads[1]

    await next_round()
    await until(read_twice_alike, "the screen to settle", seen=lambda: reads[-1], rest=next_round)
    return reads[-1]


class SettledPilot(Pilot):
    """Textual's Pilot, whose `press` waits for what each key set going by condition rather than by time.

    Textual's `press` waits after each key until the process has used under 1 ms of CPU in a 20 ms nap,
    twice: at least 40 ms a key, and a nap more each time the app is still drawing. Here each key is
    posted as the terminal driver would and waited for until the app and every widget of its screen have
    nothing queued (`settled`); then the screen is drawn (`pause(0)`, as Textual's `press` ends), what
    waits for a drawing runs (the footer's keys for a new focus) and is drawn in turn. A bot's move in its
    thread or a clock is part of neither's wait for a key: a test waits for those with `wait_for`."""

    async def press(self, *keys: str) -> None:
        if not keys:
            return
        for key in keys:
            event = key_event(key)
            event.set_sender(self.app)
            self.app.post_message(event)
            await settled(self.app)
        await self.pause(0)
        await settled(self.app)
        await self.pause(0)


@asynccontextmanager
async def _run_settled(app: ChaiGamesApp, **kwargs: Any) -> AsyncIterator[SettledPilot]:
    async with ChaiGamesApp.run_test(app, **kwargs) as pilot:
        yield SettledPilot(pilot.app)


def settled_keys(app: ChaiGamesApp) -> ChaiGamesApp:
    """`app`, whose `run_test` gives a `SettledPilot`."""
    app.run_test = partial(_run_settled, app)  # type: ignore[method-assign]
    return app
