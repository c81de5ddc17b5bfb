"""Every frame screen at 80x24 (rendered-text assertions), the keys screen, the command palette,
the rules screens, simultaneous secret choices behind curtains, and the plug-in lookup."""

from __future__ import annotations

import pytest

from chaigames.engine import GameConfig, SeatConfig
from screens import game_screens
from screens.curtain import CurtainScreen
from screens.game_base import GameScreen
from screens.generic import GenericGameScreen, describe
from screens.keys import KeysScreen
from screens.menu import ContinueScreen, MainMenu
from screens.pause import LogScreen, PauseMenu
from screens.results import ResultsScreen
from screens.rules import RulesIndex, RulesScreen
from screens.setup import SetupScreen
from tests.pilot import screen_text, wait_for

from .conftest import save_and_quit
from .games import SECRET, STEPPY

SIZE = (80, 24)


def lines(app) -> list[str]:
    text = screen_text(app).splitlines()
    assert len(text) == 24 and all(len(line) <= 80 for line in text)
    return text


def footer(app) -> str:
    return lines(app)[-1]


def vs_bot() -> tuple[str, GameConfig, int]:
    return ("toy", GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0), 5)


async def test_every_frame_screen_fits_80x24_with_its_keys_in_the_footer(make_app, store):
    app = make_app(games=[STEPPY])
    async with app.run_test(size=SIZE) as pilot:
        # main menu
        text = lines(app)
        assert text[0].startswith(" chaigames: Menu")
        await wait_for(pilot, lambda: "n New game" in footer(app), "the footer")  # its keys come a frame later
        assert "n New game" in footer(app) and "q Quit" in footer(app) and "Continue" not in footer(app)
        # setup with 4 seats: every row reachable, Start on screen or scrolled to
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        app.screen.query_one("#seats").value = 4
        await pilot.pause()
        assert "^s Start" in footer(app) and "esc Back" in footer(app)
        assert "4. " in screen_text(app) and "Goal" in screen_text(app)
        await pilot.press("escape")
        # rules index and a game's rules
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "menu")
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesIndex), "rules index")
        await wait_for(
            pilot,
            lambda: "Toy Race  (2-4 players)" in screen_text(app) and "esc Back" in footer(app),
            "the rules index drawn, its keys in the footer",
        )
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "rules")
        await wait_for(pilot, lambda: "Step one or two spaces" in screen_text(app), "the markdown")
        assert "t Contents" in footer(app)
        await pilot.press("escape", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "menu again")
        # a game, its pause menu, log and keys
        app.start_game(STEPPY, vs_bot()[1], 5)
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "the game")
        text = lines(app)
        assert text[0].startswith(" chaigames: Toy Race (generic screen)") and text[1].startswith(" Ann to move")
        await wait_for(pilot, lambda: "esc Pause" in footer(app), "the footer")
        assert "1-9 Play move" in footer(app) and "? Keys" in footer(app)
        await pilot.press("?")
        await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen), "keys")
        text = screen_text(app)
        keys_at = [i for i, line in enumerate(text.splitlines()) if "Pause" in line or "Play move" in line]
        assert keys_at and keys_at[0] < 6  # the screen's own keys come first
        assert "Undo" not in text  # nothing to take back yet, so not listed
        await pilot.press("escape", "1")
        await wait_for(pilot, lambda: app.controller.session.action_count == 2 and app.controller.to_move == 0, "turn")
        await pilot.press("?")
        await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen), "keys again")
        assert "Undo" in screen_text(app)
        await pilot.press("escape", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "pause")
        lines(app)
        assert "s Save & quit" in footer(app) and "u Undo" in footer(app)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LogScreen), "log")
        assert "1  Ann steps 1" in screen_text(app) and "2  Ravi steps 1" in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "pause")
        await save_and_quit(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "menu with a save")
        assert "c Continue" in footer(app) and "Continue a saved game" in screen_text(app)
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen), "continue")
        lines(app)
        assert "(2 moves, just now)" in screen_text(app)


async def test_curtain_and_results_fit_80x24(make_app):
    config = GameConfig(seats=(SeatConfig("Annapurna"), SeatConfig("Bhagyashree"), SeatConfig("Chandrasekhar")))
    app = make_app(games=[SECRET], new_game=("secret", config, 1))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "Show my screen" in footer(app), "the curtain")
        lines(app)
        assert "Pass the keyboard to Annapurna." in screen_text(app)
        for seat in range(3):
            await wait_for(pilot, lambda seat=seat: app.controller.curtain_for == seat, f"curtain {seat}")
            await pilot.press("enter")
            await wait_for(pilot, lambda seat=seat: app.controller.to_move == seat, f"seat {seat} picks")
            await pilot.press("1")
        await wait_for(pilot, lambda: "n Rematch" in footer(app), "results")
        lines(app)
        assert "Shared win: Annapurna, Bhagyashree and Chandrasekhar" in screen_text(app)
        assert "n Rematch" in footer(app) and "m Menu" in footer(app)


async def test_simultaneous_secret_choices_are_taken_one_seat_at_a_time_then_revealed(make_app):
    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Ravi", bot="easy")))
    app = make_app(games=[SECRET], new_game=("secret", config, 1))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Ann's curtain")
        assert app.controller.session.action_count == 1  # the bot picked first, in secret
        assert "Ravi picks" not in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller.to_move == 0, "Ann picks")
        text = screen_text(app)
        assert "1. Pick 1" in text and "mine: None" in text and "Ravi has picked" in text and "Ravi picks 3" not in text
        await pilot.press("2")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Bob's curtain")
        assert "Ann picks" not in screen_text(app) and "mine: 2" not in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller.to_move == 1, "Bob picks")
        text = screen_text(app)
        assert "mine: None" in text and "Ann has picked" in text and "Ann picks 2" not in text
        await pilot.press("1")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), "revealed together")
        assert "Winner: Ravi" in screen_text(app)
        await pilot.press("l")  # zone 3's milk key, still pressed by a Chai Wallah player: not the log
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, LogScreen), "log")
        assert "Revealed: Ann 2, Bob 1, Ravi 3" in screen_text(app)


async def test_command_palette_offers_the_menu_and_game_commands(make_app):
    app = make_app(games=[STEPPY])
    async with app.run_test(size=SIZE) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert {"New game", "Rules", "Main menu", "Quit"} <= set(titles) and "Continue" not in titles
        app.start_game(STEPPY, vs_bot()[1], 5)
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "the game")
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert {"Pause menu", "Game log", "Rules of this game", "Save and quit to the menu"} <= set(titles)
        assert "Undo" not in titles
        await pilot.press("1")
        await wait_for(pilot, lambda: app.controller.session.action_count == 2 and app.controller.to_move == 0, "turn")
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        commands["Undo"].callback()
        await wait_for(pilot, lambda: app.controller.session.action_count == 0, "undone from the palette")
        commands["Save and quit to the menu"].callback()
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "menu")
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Continue" in titles


async def test_menu_lists_games_not_built_yet_without_offering_them(make_app, monkeypatch):
    from chaigames import games

    def not_built(game_id):
        raise games.GameNotBuilt(f"{game_id} is not built yet")

    monkeypatch.setattr(games, "get", not_built)
    monkeypatch.setattr(games, "is_built", lambda game_id: False)
    app = make_app(registry=True)
    async with app.run_test(size=SIZE) as pilot:
        text = screen_text(app)
        assert "Dabba Walla (2-4 players) (not built yet)" in text and "Toy Race (2-4 players)" in text
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesIndex), "rules index")
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: "not in this build yet" in screen_text(app), "a note instead of rules")


def test_each_game_gets_its_own_screen_or_the_generic_one(monkeypatch):
    assert game_screens.screen_class_for("toy") is GenericGameScreen
    from screens.dabba_walla import DabbaWallaScreen

    assert game_screens.screen_class_for("dabba-walla") is DabbaWallaScreen

    class Mine(GameScreen):
        pass

    import types

    module = types.ModuleType("screens.test_mine")
    module.Mine = Mine
    monkeypatch.setitem(__import__("sys").modules, "screens.test_mine", module)
    monkeypatch.setitem(game_screens.GAME_SCREENS, "toy", "screens.test_mine:Mine")
    assert game_screens.screen_class_for("toy") is Mine


def test_a_broken_game_screen_is_not_hidden(monkeypatch):
    monkeypatch.setitem(game_screens.GAME_SCREENS, "toy", "screens.generic:NoSuchScreen")
    with pytest.raises(AttributeError):
        game_screens.screen_class_for("toy")


def test_generic_description_falls_back_to_json():
    assert describe(lambda v: None, {"b": [1], "a": 2}) == '{\n  "a": 2,\n  "b": [\n    1\n  ]\n}'
    assert describe(SECRET.describe_view, {"picked": [True], "mine": 2}) == "mine: 2\npicked: [True]"
