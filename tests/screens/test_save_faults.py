"""Saves that fail, through a patched writer that raises what a full or
read-only disk raises, so the behaviour is tested everywhere (tests/screens/test_tmpfs.py does the
same on a real 64 KiB tmpfs where the machine allows it)."""

from __future__ import annotations

import errno
import json
import os

import pytest

from chaigames import saves
from chaigames.engine import GameConfig, SeatConfig
from chaigames.saves import locks, store
from screens.confirm import ConfirmScreen, SaveFailedScreen
from screens.game_base import GameScreen
from screens.menu import ContinueScreen, MainMenu
from screens.pause import PauseMenu
from screens.setup import SetupScreen
from tests.pilot import screen_text, wait_for

from .games import STEPPY

SIZE = (80, 24)


def vs_bot() -> tuple[str, GameConfig, int]:
    return ("toy", GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0), 5)


class Disk:
    """Patches the atomic writer: `full` makes every write fail as ENOSPC (or `code`)."""

    def __init__(self, monkeypatch, code: int = errno.ENOSPC) -> None:
        self.full = False
        self.code = code
        real = saves.write_atomic

        def write(path, text):
            if self.full:
                raise OSError(self.code, os.strerror(self.code))
            real(path, text)

        for module in (store, locks):  # every writer of the store: saves, history, locks
            monkeypatch.setattr(module, "write_atomic", write)


async def play(pilot, app, n: int) -> None:
    """Ann steps 1, n times (the bot replies each time)."""
    for _ in range(n):
        count = app.controller.session.action_count
        await wait_for(pilot, lambda: app.controller.to_move == 0, "Ann's move")
        await pilot.press("1")
        await wait_for(pilot, lambda c=count: app.controller.session.action_count >= c + 2, "Ann and the bot move")


def saved_moves(store) -> int:
    (path,) = store.saves.glob("*.json")
    return len(json.loads(path.read_text())["entries"])


async def test_save_and_quit_on_a_full_disk_says_so_and_offers_retry_or_losing_named_moves(
    make_app, store, monkeypatch
):
    disk = Disk(monkeypatch)
    app = make_app(games=[STEPPY], new_game=vs_bot())
    async with app.run_test(size=SIZE) as pilot:
        await play(pilot, app, 1)
        assert saved_moves(store) == 2
        disk.full = True
        await play(pilot, app, 2)
        await wait_for(pilot, lambda: "No space left on device" in screen_text(app), "the in-game warning")
        await pilot.press("escape")
        await wait_for(pilot, lambda: "Save and quit" in screen_text(app), "pause")
        text = screen_text(app)
        assert "saved after every move" not in text and "The last save failed" in text and "4 moves" in text
        await pilot.press("s")
        await wait_for(pilot, lambda: "Quit and lose" in screen_text(app), "the save failed dialog")
        text = screen_text(app)
        assert "Could not save the game: No space left on device" in text and "Quit and lose 4 moves" in text
        await pilot.press("r")  # still full
        await wait_for(pilot, lambda: isinstance(app.screen, SaveFailedScreen), "still failing")
        await pilot.press("q")
        await wait_for(pilot, lambda: "The last 4 moves of" in screen_text(app), "are you sure")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveFailedScreen), "not lost")
        assert app.controller is not None and saved_moves(store) == 2
        await pilot.press("escape")  # back to the game, which goes on
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and not app.controller.paused, "the game")
        disk.full = False  # space freed: Save and quit now saves everything
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "pause")
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        assert saved_moves(store) == 6


async def test_quit_anyway_after_confirming_keeps_the_last_good_save(make_app, store, monkeypatch):
    disk = Disk(monkeypatch)
    app = make_app(games=[STEPPY], new_game=vs_bot())
    async with app.run_test(size=SIZE) as pilot:
        await play(pilot, app, 1)
        disk.full = True
        await play(pilot, app, 1)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "pause")
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveFailedScreen), "the save failed dialog")
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "are you sure")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        assert app.controller is None and saved_moves(store) == 2
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen), "continue")
        await wait_for(pilot, lambda: "(2 moves" in screen_text(app), "the game at its last good save")


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
async def test_starting_a_game_on_a_full_or_read_only_folder_stays_on_setup(make_app, store, monkeypatch, code):
    disk = Disk(monkeypatch, code)
    disk.full = True
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "Cannot start the game" in screen_text(app), "the reason")
        assert isinstance(app.screen, SetupScreen) and app.controller is None
        assert "read-only" in screen_text(app).lower() or "space" in screen_text(app).lower()
        assert not list(store.saves.glob("*.lock")) if store.saves.is_dir() else True


def test_a_failed_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    def no_space(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(OSError):
        saves.write_atomic(tmp_path / "g.json", "x" * 1000)
    assert list(tmp_path.iterdir()) == []


async def test_results_say_the_end_of_the_game_was_not_saved_and_try_again(make_app, store, monkeypatch):
    from screens.results import ResultsScreen

    disk = Disk(monkeypatch)
    app = make_app(games=[STEPPY], new_game=vs_bot())
    async with app.run_test(size=SIZE) as pilot:
        await play(pilot, app, 1)
        disk.full = True

        def over() -> bool:
            return isinstance(app.screen, ResultsScreen)

        while not over():  # Ann steps 2 until the race is over (the disk full all along)
            await wait_for(pilot, lambda: over() or app.controller.to_move == 0, "Ann's move or the results")
            if not over():
                count = app.controller.session.action_count
                await pilot.press("2")
                await wait_for(pilot, lambda c=count: over() or app.controller.session.action_count > c, "the step")
        await wait_for(pilot, lambda: "was not saved" in screen_text(app), "the results' warning")
        assert "No space left on device" in screen_text(app) and not list(store.history.glob("*.json"))
        await pilot.press("m")  # leaving first asks: the end would be lost
        await wait_for(pilot, lambda: isinstance(app.screen, SaveFailedScreen), "the save failed choice")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results again")
        disk.full = False
        await pilot.press("t")
        await wait_for(pilot, lambda: list(store.history.glob("*.json")), "the finished record in History")
        assert not list(store.saves.glob("*.json")) and "was not saved" not in screen_text(app)
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
