"""Start-up imports what the first screen needs and nothing else (issue: fast start).

The main menu lists the three games from the catalogue without importing their rules or bots, or
even the rules engine (it loads with the first save read or game set up); the screens of a game,
the setup, the rules, Textual's Markdown (the rules pages), asyncssh (serve) and the web server
load when first used.
Checked in a fresh interpreter, since this test session has imported everything already.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import asyncio, json, sys
from screens.app import ChaiGamesApp
from screens.menu import MainMenu

async def main():
    app = ChaiGamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(100):
            if isinstance(app.screen, MainMenu) and app.screen.query("#menu-options"):
                break
            await pilot.pause(0.05)
        options = app.screen.query_one("#menu-options")
        shown = " ".join(str(options.get_option_at_index(i).prompt) for i in range(options.option_count))
    print(json.dumps({"modules": sorted(sys.modules), "menu": shown}))

asyncio.run(main())
"""

LATER = (
    "chaigames.engine",
    "screens.controller",
    "screens.game_base",
    "screens.setup",
    "screens.rules",
    "screens.results",
    "screens.replay",
    "chaigames.chai",
    "chaigames.chai_wallah",
    "chaigames.dabba_walla",
    "textual.widgets._markdown",
    "markdown_it",
    "asyncssh",
    "textual_serve",
    "aiohttp",
)


def test_the_menu_imports_no_game_markdown_or_server(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env={"CHAIGAMES_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    data = json.loads(out.splitlines()[-1])
    assert all(title in data["menu"] for title in ("Chai Wallah", "Chai (", "Dabba Walla"))  # the menu is up
    early = [m for m in data["modules"] if any(m == p or m.startswith(p + ".") for p in LATER)]
    assert early == []
