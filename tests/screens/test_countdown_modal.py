"""The 3-2-1 countdown under a modal: its timer dismisses only itself, and a
modal opened over it (the command palette, the keys) holds the count until it closes."""

from __future__ import annotations

from textual.command import CommandPalette

from chaigames.chai_wallah import SPEC as CW
from chaigames.engine import GameConfig, SeatConfig
from screens.curtain import CountdownScreen
from screens.keys import KeysScreen
from tests.pilot import screen_text, wait_for


def cw_vs_bots() -> tuple[str, GameConfig, int]:
    seats = (SeatConfig("Ann"), *(SeatConfig(f"Bot{i}", bot="easy") for i in range(3)))
    return ("chai-wallah", GameConfig(seats=seats), 3)


async def counting_down(pilot) -> CountdownScreen:
    """From the board with its clock stopped, Space: the countdown of 3, over the board."""
    app = pilot.app
    await wait_for(pilot, lambda: "Space: start the clock" in screen_text(app), "the board, clock stopped")
    await pilot.press("space")
    await wait_for(pilot, lambda: isinstance(app.screen, CountdownScreen), "the countdown")
    assert isinstance(app.screen, CountdownScreen)
    return app.screen


async def test_palette_over_the_countdown_holds_it_and_nothing_crashes(make_app):
    app = make_app(games=[CW], new_game=cw_vs_bots(), countdown=3)
    async with app.run_test(size=(120, 40)) as pilot:
        countdown = await counting_down(pilot)
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        left = countdown.left
        for _ in range(4):  # the countdown's timer fires while the palette is up (as after 4 s)
            countdown._tick()
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette) and countdown.left == left
        assert not app.controller.clock.running
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is countdown, "back to the countdown")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen), "the keys")
        countdown._tick()
        assert isinstance(app.screen, KeysScreen) and countdown.left == left
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is countdown, "back to the countdown")
        while countdown.left > 1:  # the seconds it holds, but the last, as its timer would count them
            countdown._tick()
        assert not app.controller.clock.running
        # the last second by its own timer: the count goes on by itself once nothing covers it, and ends
        await wait_for(pilot, lambda: app.controller.clock.running, "the countdown goes on and ends", timeout=15)
        assert "Time" in screen_text(app)


async def test_the_board_shows_with_its_clock_stopped_under_the_countdown(make_app):
    """The countdown was an opaque screen: at 80x24 it blanked the board the players were about to play."""
    app = make_app(games=[CW], new_game=cw_vs_bots(), countdown=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await counting_down(pilot)
        text = screen_text(app)
        assert "Get ready...  3" in text and "Order 1" in text and "Ann" in text and "Time   0 s" in text
        assert not app.controller.clock.running
