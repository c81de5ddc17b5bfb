"""The main menu of the real app lists the three games, with seat ranges and a line each."""

from __future__ import annotations

from chaigames import games
from screens.app import ChaiGamesApp

from .conftest import screen_text, wait_for


async def test_the_menu_shows_the_three_games_at_80x24():
    app = ChaiGamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "Dabba Walla" in screen_text(app), "the menu")
        text = screen_text(app)
        for g in games.CATALOGUE:
            assert g.title in text
            assert f"{g.seats} players" in text
            assert g.blurb in text
        assert "not built yet" not in text  # all three rules cores are in this build
