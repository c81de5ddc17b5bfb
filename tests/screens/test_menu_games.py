"""The main menu of the real app lists the three games, with seat ranges and a line each."""

from __future__ import annotations

from chaigames import games
from screens.app import ChaiGamesApp
from tests.pilot import screen_text, wait_for


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


async def test_the_menu_shown_again_with_the_same_lines_keeps_its_list():
    """Back at the menu with the same lines (no save made, no table), its list is not filled and laid out again."""
    from textual.widgets import OptionList

    from screens.menu import MainMenu

    app = ChaiGamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "Dabba Walla" in screen_text(app), "the menu")
        menu = app.screen
        assert isinstance(menu, MainMenu)
        options = menu.query_one("#menu-options", OptionList)
        first = options.get_option_at_index(0)
        options.highlighted = 3
        menu.reload()
        await pilot.pause()
        assert options.get_option_at_index(0) is first
        assert options.highlighted == 0  # the menu still opens at its first line


async def test_the_footer_is_not_rebuilt_for_keys_it_does_not_show(monkeypatch):
    """A widget taking or losing the focus brings or takes its own keys; keys the footer does not show (the
    menu list's arrows and Enter) leave it as it is: rebuilt, it was laid out again as a session started."""
    from textual.widgets import OptionList

    from screens.widgets import Footer

    rebuilt: list[Footer] = []
    recompose = Footer.recompose

    async def counted(self: Footer) -> None:
        rebuilt.append(self)
        await recompose(self)

    monkeypatch.setattr(Footer, "recompose", counted)
    app = ChaiGamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(
            pilot, lambda: "Dabba Walla" in screen_text(app) and "? Keys" in screen_text(app), "the menu and its keys"
        )
        await pilot.pause()
        before = len(rebuilt)
        shown = screen_text(app).splitlines()[-1]
        app.set_focus(None)
        await pilot.pause()
        app.screen.query_one("#menu-options", OptionList).focus()
        await pilot.pause()
        assert len(rebuilt) == before
        assert screen_text(app).splitlines()[-1] == shown
