"""Frame flaws fixed on the way: `n` opens the highlighted game's setup, Start stays in sight at 80x24,
the focused field stands out, and a simultaneous step names its thinking bots briefly."""

from __future__ import annotations

from textual.color import Color
from textual.widgets import OptionList, Select

from chaigames import chai, chai_wallah, dabba_walla
from screens import palette
from screens.setup import SetupScreen
from tests.pilot import screen_text, wait_for


async def test_n_on_a_highlighted_game_opens_that_games_setup(make_app):
    app = make_app(games=[chai_wallah.SPEC, chai.SPEC])
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.query("#menu-options"), "the menu")
        options = app.screen.query_one("#menu-options", OptionList)
        options.highlighted = next(
            i for i in range(options.option_count) if options.get_option_at_index(i).id == "game:chai"
        )
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        assert app.screen.spec.id == "chai"


async def test_start_is_in_sight_at_80x24_with_the_most_seats_and_options(make_app):
    app = make_app(games=[dabba_walla.SPEC])
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup("dabba-walla")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#seats"), "setup")
        app.screen.query_one("#seats", Select).value = 4
        await wait_for(pilot, lambda: any(row.display for row in app.screen.query("#seat-3")), "4 seats")
        await pilot.pause()
        assert "Start  ^s" in screen_text(app)


async def test_the_focused_field_has_the_palettes_focus_colour(make_app):
    app = make_app(games=[dabba_walla.SPEC])
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup("dabba-walla")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#seats"), "setup")
        seats = app.screen.query_one("#seats", Select)
        await wait_for(pilot, lambda: seats.has_focus, "the seats field focused")
        await pilot.pause()
        current = seats.query_one("SelectCurrent")
        assert current.styles.background == Color.parse(palette.FOCUS)
