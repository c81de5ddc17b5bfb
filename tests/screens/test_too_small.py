"""A screen too small to play on (below 80x24, a phone's browser) says so in its top line."""

from __future__ import annotations

from screens.menu import MainMenu
from tests.pilot import screen_text, wait_for


async def test_below_80x24_the_title_bar_says_the_screen_is_too_small(make_app):
    app = make_app()
    async with app.run_test(size=(43, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        await wait_for(pilot, lambda: "Too small to play" in screen_text(app), "the warning")
        await pilot.resize_terminal(80, 23)
        await wait_for(pilot, lambda: "(this is 80x23)" in screen_text(app), "the warning, redrawn")
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: "chaigames: Menu" in screen_text(app), "the title again")
        assert "Too small" not in screen_text(app)
