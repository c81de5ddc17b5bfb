"""A pause the app sets always ends, however late the timer first looks at the clock."""

from __future__ import annotations

import itertools
import types

import textual.timer

from tests.wait import until

from .games import STEPPY


def held_up_clock(monkeypatch) -> None:
    """The timers' clock as a loaded machine shows it: 50 ms pass between any two reads."""
    ticks = itertools.count()
    clock = types.SimpleNamespace(get_time=lambda: next(ticks) * 0.05)
    monkeypatch.setattr(textual.timer, "_time", clock)


async def test_a_short_timer_fires_when_the_machine_was_held_up(make_app, monkeypatch):
    app = make_app(games=[STEPPY])
    fired: list[str] = []
    async with app.run_test() as pilot:
        held_up_clock(monkeypatch)
        app.set_timer(0.001, lambda: fired.append("bot's pause over"))  # a bot's pause when bots do not wait
        await until(lambda: fired, "the timer's callback", timeout=5, rest=pilot.pause)
    assert fired == ["bot's pause over"]
