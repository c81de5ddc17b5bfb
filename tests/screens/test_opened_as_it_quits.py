"""A screen opened in the moment the app quits closes quietly.

Once the app stops running, the widgets mounted after that never start: a screen opened then (the app
quits as a game, a dialog or a page opens; on a loaded machine, as a test ends) still gets its Mount
and its first Resize, without the widgets inside its containers. Each screen here looked for one of
them as it opened and ended the app with `NoMatches`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.color import Color

from chaigames import chai, chai_wallah, dabba_walla
from chaigames.engine import GameConfig, SeatConfig
from screens.app import ChaiGamesApp
from screens.chai.moves import MovesScreen
from screens.confirm import SaveFailedScreen
from screens.game_base import GameScreen
from screens.game_screens import screen_class_for
from screens.generic import GenericGameScreen
from screens.history import HistoryScreen
from screens.keys import KeysScreen
from screens.menu import ContinueScreen
from screens.name import NameScreen
from screens.pause import LogScreen
from screens.rules import RulesScreen
from tests import toygame
from tests.pilot import screen_text, wait_for

GAMES = {spec.id: spec for spec in (chai.SPEC, dabba_walla.SPEC, chai_wallah.SPEC)}
NAMES = ("Asha", "Ravi", "Meera", "Kiran")

SCREENS: dict[str, Callable[[Any], Any]] = {
    "chai": lambda app: screen_class_for("chai")(app.controller),
    "dabba-walla": lambda app: screen_class_for("dabba-walla")(app.controller),
    "chai-wallah": lambda app: screen_class_for("chai-wallah")(app.controller),
    "generic game": lambda app: GenericGameScreen(app.controller),
    "Chai's moves list": lambda app: MovesScreen(["Buy", "Visit the market"], lambda _: None),
    "save failed": lambda app: SaveFailedScreen("the disk is full", 3),
    "history": lambda app: HistoryScreen([], app.library.get),
    "keys": lambda app: KeysScreen([("esc", "Pause")], "a game"),
    "keys with reading the screen": lambda app: KeysScreen([("esc", "Pause")], "a game", "# Reading\n\nThe *board*."),
    "continue": lambda app: ContinueScreen([]),
    "name": lambda app: NameScreen(),
    "game log": lambda app: LogScreen(app.controller),
    "rules": lambda app: RulesScreen("chai"),
}


def new_game(screen: str) -> tuple[str, GameConfig, int]:
    """The game under the screen: its own game for a game's screen, else the toy game."""
    spec = GAMES.get(screen, toygame.SPEC)
    seats = max(spec.min_seats, 2)
    return (
        spec.id,
        GameConfig(seats=tuple(SeatConfig(n, bot=None if i == 0 else "easy") for i, n in enumerate(NAMES[:seats]))),
        3,
    )


@pytest.mark.parametrize("screen", list(SCREENS))
async def test_a_screen_opened_as_the_app_quits_closes_quietly(screen):
    app = ChaiGamesApp(
        games=[toygame.SPEC, *GAMES.values()], new_game=new_game(screen), bot_delay=1000, countdown=0, registry=False
    )
    async with app.run_test(size=(80, 24)) as pilot:

        def in_game() -> bool:
            if type(app.screen).__name__ == "KeyCheckScreen":  # Chai Wallah's keys first
                app.screen.dismiss(None)
            return app.controller is not None and isinstance(app.screen, GameScreen)

        await wait_for(pilot, in_game, "the game")
        app.push_screen(SCREENS[screen](app))
    assert not app.return_code and app.crash_log is None  # run_test raises the app's own exception, if any


async def test_a_screen_set_up_only_while_running_keeps_its_screens_look(make_app):
    """The mixin leaves the screen a screen to Textual's CSS: the rules index hides the menu under it, and
    the rules page's viewer keeps the Markdown viewer's own styles."""
    app = make_app(games=list(GAMES.values()))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: "Real-time dice trading" in screen_text(app), "the menu")
        await pilot.press("r")
        await wait_for(pilot, lambda: app.screen.query("#rules-games"), "the rules index")
        assert "Real-time dice trading" not in screen_text(app)
        assert app.screen.styles.background.a == 1
        app.push_screen(RulesScreen("chai"))
        await wait_for(pilot, lambda: app.screen.query("#rules-md"), "the rules page")
        viewer = app.screen.query_one("#rules-md")
        assert viewer.styles.background == Color.parse(app.theme_variables["surface"])
