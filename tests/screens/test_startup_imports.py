"""Start-up imports what the first screen needs and nothing else.

The main menu lists the three games from the catalogue without importing their rules or bots, or
even the rules engine (it loads with the first save read or game set up); the screens of a game,
the setup, the rules, Textual's Markdown (the rules pages), asyncssh (serve) and the web server
load when first used; so do the quit question, the setups memory and the standard library's
`hashlib` and `secrets` (a name's folder hash, a game's id).
Checked in a fresh interpreter, since this test session has imported everything already, for the
app and for the `chaigames` command that starts it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.wait import SCALE_VARIABLE

ROOT = Path(__file__).resolve().parents[2]

MENU = """
from screens.menu import MainMenu
from tests.wait import until

async def show_menu(app):
    async with app.run_test(size=(120, 40)) as pilot:
        menu = lambda: isinstance(app.screen, MainMenu) and app.screen.query("#menu-options")
        await until(menu, "the main menu", rest=pilot.pause)
        options = app.screen.query_one("#menu-options")
        return " ".join(str(options.get_option_at_index(i).prompt) for i in range(options.option_count))
"""

APP = """
import asyncio, json, sys
from screens.app import ChaiGamesApp

shown = asyncio.run(show_menu(ChaiGamesApp()))
print(json.dumps({"modules": sorted(sys.modules), "menu": shown}))
"""

ENTRY = """
import asyncio, json, sys
from chaigames import cli
from screens import app as frame

shown = []
frame.ChaiGamesApp.run = lambda app: shown.append(asyncio.run(show_menu(app)))  # headless, the rest as `chaigames`
cli.main([])
print(json.dumps({"modules": sorted(sys.modules), "menu": shown[0]}))
"""

LATER = (
    "chaigames.engine",
    "chaigames.play.controller",
    "screens.game_base",
    "screens.setup",
    "screens.rules",
    "screens.results",
    "screens.replay",
    "chaigames.play.replay",
    "chaigames.chai",
    "chaigames.chai_wallah",
    "chaigames.dabba_walla",
    "chaigames.web",
    "chaigames.setups",
    "screens.confirm",
    "hashlib",  # a name's folder hash (OpenSSL loads with it)
    "secrets",
    "textual.widgets._markdown",
    "markdown_it",
    "asyncssh",
    "textual_serve",
    "aiohttp",
)


def bounds() -> dict[str, str]:
    """The suite's scale of its bounded waits, for the wait in the fresh interpreter."""
    return {SCALE_VARIABLE: os.environ[SCALE_VARIABLE]} if SCALE_VARIABLE in os.environ else {}


def menu_start(script: str, home: Path) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", MENU + script],
        cwd=ROOT,
        env={"CHAIGAMES_HOME": str(home), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **bounds()},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    data = json.loads(out.splitlines()[-1])
    assert all(title in data["menu"] for title in ("Chai Wallah", "Chai (", "Dabba Walla"))  # the menu is up
    return data


def early(modules: list[str], allowed: tuple[str, ...] = ()) -> list[str]:
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in LATER) and m not in allowed]


# The table wire (imported at start, for the tables a hosted session may join) checks its messages with
# the engine's validation kinds: that small module, beside the errors it raises, and the engine's
# package, which loads the rest of the engine only when asked.
WIRE = ("chaigames.engine", "chaigames.engine.errors", "chaigames.engine.validate")


def test_the_menu_imports_no_game_markdown_or_server(tmp_path):
    assert early(menu_start(APP, tmp_path)["modules"], allowed=WIRE) == []


def test_the_chaigames_command_builds_no_parser_for_its_menu(tmp_path):
    """`chaigames` itself (the command line, then the app): no command's arguments are built, so
    neither the engine's registry (the bot levels in `new`'s help) nor `web` is imported. The
    engine's errors are: the command line turns them into one line."""
    assert early(menu_start(ENTRY, tmp_path)["modules"], allowed=WIRE) == []
