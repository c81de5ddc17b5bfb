"""The served game asks who is playing before anything else, and keeps that name's saves apart."""

from __future__ import annotations

from pathlib import Path

from chaigames.folders import name_folder
from screens.app import ChaiGamesApp
from screens.menu import MainMenu
from screens.name import NameScreen
from tests import toygame
from tests.pilot import screen_text, wait_for


def served_app(root: Path) -> ChaiGamesApp:
    return ChaiGamesApp(games=[toygame.SPEC], registry=False, bot_delay=0, countdown=0, saves_by_name=root)


async def test_the_name_comes_first_and_picks_the_save_folder(tmp_path: Path):
    app = served_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NameScreen), "the name screen")
        assert "Names are not checked" in screen_text(app)
        await pilot.press("enter")  # no name yet
        await wait_for(pilot, lambda: "Type a name first." in screen_text(app), "the refusal")
        assert isinstance(app.screen, NameScreen)
        await pilot.press("A", "n", "n")
        name_input = app.screen.query_one("#player-name")
        await wait_for(pilot, lambda: name_input.value == "Ann", "the typed name")
        # What a keyboard cannot type into the box but a paste can: markup, an escape, a bidi override.
        name_input.value = "  [bold]Ann[/]\x1b[31m\u202e  "
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        assert app.store.root == name_folder(tmp_path, "[bold]Ann[/]")  # cleaned: no escape, no bidi
        assert not tmp_path.exists() or list(tmp_path.iterdir()) == []  # nothing written before a save


async def test_without_a_saves_root_the_app_starts_at_the_menu(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("CHAIGAMES_HOME", str(tmp_path))
    app = ChaiGamesApp(games=[toygame.SPEC], registry=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")


async def test_the_pages_name_plays_seat_1_and_no_bot_takes_it(tmp_path: Path):
    from screens.setup import SetupScreen

    app = ChaiGamesApp(games=[toygame.SPEC], registry=False, key_guard=0, saves_by_name=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NameScreen), "the name screen")
        await pilot.press("A", "s", "h", "a", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        assert "Playing as Asha" in screen_text(app)
        await pilot.press("n")  # a new game of the first game: the toy
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup")
        setup = app.screen
        setup.query_one("#seats").value = toygame.SPEC.max_seats  # every seat, bots' names too
        await wait_for(pilot, lambda: setup.query(f"#name-{toygame.SPEC.max_seats - 1}"), "every seat")
        names = [setup.query_one(f"#name-{i}").value for i in range(toygame.SPEC.max_seats)]
        assert names[0] == "Asha"
        assert "Asha" not in names[1:] and len(set(names)) == len(names)


async def test_ctrl_c_in_the_name_box_copies_the_name(tmp_path: Path):
    app = served_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NameScreen), "the name screen")
        await pilot.press("A", "s", "h", "a")
        await wait_for(pilot, lambda: app.screen.query_one("#player-name").value == "Asha", "the typed name")
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: app.clipboard == "Asha", "the name copied")
        assert "to quit" not in screen_text(app)
