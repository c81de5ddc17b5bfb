"""A served player's folder past the host's limit: no new game starts (the words say why and what to
do), while the game under way keeps saving every move."""

from __future__ import annotations

import os

from chaigames.saves import FOLDER_LIMIT_ENV
from screens.menu import MainMenu
from screens.pause import PauseMenu
from tests.pilot import wait_for

from .conftest import notices, save_and_quit
from .games import STEPPY
from .test_save_faults import play, saved_moves, vs_bot

SIZE = (100, 30)
LIMIT = 256 * 1024


def fill(folder, size: int) -> None:
    """Real bytes on disk (not a sparse file): what old games would take."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "old-games.bin").write_bytes(os.urandom(size))


async def test_a_full_folder_refuses_a_new_game_and_keeps_saving_the_one_under_way(make_app, store, monkeypatch):
    monkeypatch.setenv(FOLDER_LIMIT_ENV, str(LIMIT))
    app = make_app(games=[STEPPY])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "menu")
        app.start_game(STEPPY, vs_bot()[1], 5)  # under the limit: a new game starts
        await wait_for(pilot, lambda: app.controller is not None, "the game")
        await play(pilot, app, 1)
        fill(store.aside, 2 * LIMIT)
        assert store.folder_bytes() > LIMIT
        await play(pilot, app, 1)
        assert saved_moves(store) == 4  # the game under way saved its moves past the limit
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "pause")
        await save_and_quit(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "menu")
        said = notices(app)
        app.start_game(STEPPY, vs_bot()[1], 6)
        await wait_for(pilot, lambda: said, "the refusal")
        assert "more than 256 KB, so no new game can start" in said[0] and "Continue" in said[0]
        assert isinstance(app.screen, MainMenu) and len(list(store.saves.glob("*.json"))) == 1


async def test_without_a_limit_a_big_folder_starts_new_games(make_app, store, monkeypatch):
    monkeypatch.delenv(FOLDER_LIMIT_ENV, raising=False)
    fill(store.aside, 2 * LIMIT)
    app = make_app(games=[STEPPY])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "menu")
        app.start_game(STEPPY, vs_bot()[1], 5)
        await wait_for(pilot, lambda: app.controller is not None, "the game")
        await play(pilot, app, 1)
        assert saved_moves(store) == 2
