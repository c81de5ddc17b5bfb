"""Opening a screen does its work once: it is styled as it is composed, not again as it is first shown, and
the New game form gives the focus straight to its seats (not to the form's scroll first, which restyled
the whole form as it took the focus and again as it gave it away), and a footer's keys are styled as they
are made, not twice more as they take their footer's size; a game's screen is styled with its own stylesheet
however early it is composed."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import App
from textual.geometry import Spacing
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Select

from chaigames import chai
from chaigames.engine import GameConfig
from screens.app import ChaiGamesApp
from screens.menu import MainMenu
from screens.setup import SetupScreen
from tests.pilot import wait_for

from .test_clipping import played, seats
from .test_snapshots import asha_to_move, resumed


async def open_new_game(pilot) -> None:
    """From the menu, the New game form, once it has given the focus away."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
    app.open_setup(None)
    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.focused, "the form")


async def test_new_game_gives_the_focus_to_the_seats_first(monkeypatch):
    focused: list[str] = []
    set_focus = Screen.set_focus

    def recorded(self: Screen, widget, scroll_visible: bool = True):  # type: ignore[no-untyped-def]
        if isinstance(self, SetupScreen) and widget is not None:
            focused.append(f"{type(widget).__name__}#{widget.id}")
        return set_focus(self, widget, scroll_visible)

    monkeypatch.setattr(Screen, "set_focus", recorded)
    app = ChaiGamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(pilot)
        assert focused and set(focused) == {"Select#seats"}
        assert isinstance(app.screen.focused, Select) and app.screen.focused.id == "seats"


async def test_a_screen_is_not_restyled_as_it_is_first_shown_but_is_after(monkeypatch):
    restyled: list[Screen] = []
    update_node_styles = Screen.update_node_styles

    def counted(self: Screen, animate: bool = True) -> None:
        restyled.append(self)
        update_node_styles(self, animate=animate)

    monkeypatch.setattr(Screen, "update_node_styles", counted)
    app = ChaiGamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(pilot)
        form = app.screen
        await pilot.pause()
        assert form not in restyled
        shown = form.stack_updates
        form.post_message(events.ScreenResume())  # shown again under the same styles: not restyled
        await wait_for(pilot, lambda: form.stack_updates > shown, "the form shown again")
        assert form not in restyled
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        form.post_message(events.ScreenResume())  # shown again after the theme changed: restyled, as Textual does
        await wait_for(pilot, lambda: form in restyled, "the form restyled")


async def test_a_footers_keys_are_styled_once_as_they_are_made(monkeypatch):
    restyled: list[str] = []
    update_styles = App.update_styles

    def counted(self: App, node, **kwargs) -> None:  # type: ignore[no-untyped-def]
        restyled.append(type(node).__name__)
        update_styles(self, node, **kwargs)

    monkeypatch.setattr(App, "update_styles", counted)
    app = ChaiGamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.screen.query("FooterKey"), "the footer")
        await pilot.pause()
        assert app.screen.query("FooterKey") and "FooterKey" not in restyled


def test_a_game_opened_under_app_run_is_styled_by_its_own_stylesheet(tmp_path: Path):
    """`App.run` (the terminal, the hosts) runs new tasks eagerly from Python 3.12 on: a screen pushed then
    composes and styles its widgets as it starts, and its own stylesheet (`CSS_PATH`) must be there by then.
    Chai's game at 80x24 has no class of its own that would restyle it later."""
    session = played(chai.SPEC, GameConfig(seats=seats(chai.SPEC, 2), start_player=0), 3, asha_to_move)
    app, run_before = resumed(session, tmp_path)

    async def open_the_game(pilot: Pilot) -> None:
        await run_before(pilot)
        left, right = app.screen.query_one("#chai-left"), app.screen.query_one("#chai-right")
        app.exit((left.styles.padding, right.styles.border_left[0]))

    assert app.run(headless=True, size=(80, 24), auto_pilot=open_the_game) == (Spacing(0, 1, 0, 1), "vkey")
