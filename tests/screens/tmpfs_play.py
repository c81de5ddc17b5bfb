"""Run inside a private mount namespace by test_tmpfs.py: the app on a real 64 KiB tmpfs data folder
that fills up, then turns read-only. Prints one line per check; exits non-zero on the first failure."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import subprocess
import sys
from pathlib import Path

from chaigames.engine import GameConfig, SeatConfig
from screens.app import ChaiGamesApp
from screens.confirm import SaveFailedScreen
from screens.menu import MainMenu
from screens.setup import SetupScreen
from tests import toygame
from tests.pilot import screen_text, wait_for
from tests.screens.games import STEPPY

HOME = Path(sys.argv[1])


def fill(path: Path) -> None:
    """Write until the disk is full."""
    with open(path, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"x" * 1024)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC, exc


def saved_entries() -> int:
    (path,) = (HOME / "saves").glob("*.json")
    return len(json.loads(path.read_text())["entries"])


async def play(pilot, app, n: int) -> None:
    for _ in range(n):
        count = app.controller.session.action_count
        await wait_for(pilot, lambda: app.controller.to_move == 0, "Ann's move")
        await pilot.press("1")
        await wait_for(pilot, lambda c=count: app.controller.session.action_count >= c + 2, "two moves")


async def full_disk() -> None:
    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0)
    app = ChaiGamesApp(
        games=[toygame.SPEC, STEPPY], registry=False, new_game=("toy", config, 5), bot_delay=0, key_guard=0
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await play(pilot, app, 1)
        assert saved_entries() == 2
        fill(HOME / "filler")
        await play(pilot, app, 2)
        await wait_for(pilot, lambda: "No space left on device" in screen_text(app), "the in-game warning")
        print("full: warned in game")
        await pilot.press("escape")
        await wait_for(pilot, lambda: "The last save failed" in screen_text(app), "the pause menu tells")
        print("full: pause menu tells the save failed")
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveFailedScreen), "the save failed dialog")
        await wait_for(pilot, lambda: "Quit and lose 4 moves" in screen_text(app), "4 moves named")
        assert saved_entries() == 2 and not [p for p in (HOME / "saves").iterdir() if p.name.endswith(".tmp")]
        print("full: save and quit refused, 4 moves named, no temporary file left")
        (HOME / "filler").unlink()
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu after a good retry")
        assert saved_entries() == 6
        print("full: retry after freeing space saved all 6 moves")


async def read_only() -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(HOME)], check=True)
    app = ChaiGamesApp(games=[toygame.SPEC], registry=False, bot_delay=0, key_guard=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "Cannot start the game" in screen_text(app), "the reason")
        assert isinstance(app.screen, SetupScreen) and app.controller is None
        print("read-only: start refused, still on setup")


os.environ["CHAIGAMES_HOME"] = str(HOME)
asyncio.run(full_disk())
asyncio.run(read_only())
print("ALL OK")
