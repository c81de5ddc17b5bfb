"""`chaigames web` end to end, without a browser: the real command in a subprocess, spoken to over
textual-serve's websocket as textual.js speaks it, its frames drawn on a pyte screen.

The page draws the terminal on a canvas, so the page's HTML holds no game text: only the
websocket's frames show that the menu is there, that keys change it and that a game starts.
"""

from __future__ import annotations

import os
from pathlib import Path

import aiohttp
import pytest

from chaigames.folders import name_folder
from chaigames.web.server import Closed
from tests.terminal import highlight_move

from .webplay import Page

DOWN = "\x1b[B"
HOME = "\x1b[H"
CTRL_S = "\x13"
TITLES = ("Chai Wallah (4-8 players)", "Chai (2-5 players)", "Dabba Walla (2-4 players)")


async def test_a_page_plays_from_name_to_menu_to_a_game(start_host, tmp_path: Path):
    host = start_host("--max-sessions", "2")
    page = await Page.open(host.url)
    try:
        await page.wait_text("What is your name?", "Names are not checked")
        assert not any(title in page.text for title in TITLES)
        await page.keys("Asha\r")
        await page.wait_text(*TITLES)  # the menu's three games
        shows = page.shows
        await page.keys_until("r", lambda: "Chai Wallah (4-8 players)" not in page.text, "the rules index")
        await page.keys_until("\x1b", shows(*TITLES), "the menu")
        # New game, Rules, History, Quit, Chai Wallah, Chai: the walk is typed again until the menu takes
        # it (it ignores its first half second), Enter once it has (again, it could land on the setup)
        first = page.backgrounds()

        def chai_highlighted() -> bool:
            _, arrived = highlight_move(first, page.backgrounds())
            return bool(arrived) and "Chai (2-5 players)" in page.lines[arrived[0]]

        await page.keys_until(HOME + DOWN * 5, chai_highlighted, "Chai highlighted in the menu")
        await page.keys("\r")
        await page.wait_text("New game: Chai")
        await page.keys_until(CTRL_S, shows("chaigames: Chai", "Market bag", " Asha "), "the game's screen")
        assert "Player 1" not in page.text  # the page's name plays seat 1
        folder = name_folder(host.data_dir / "web", "Asha")
        await page.wait_for(lambda: any((folder / "saves").glob("chai-*.json")), "the game's save")
        await page.keys_until("\x1b", shows("Save and quit"), "the pause menu")
        await page.keys_until("s", shows("Save and quit to the menu?"), "the question")
        await page.keys_until("y", shows(*TITLES), "the menu")
        await page.keys_until("q", shows("Quit chaigames?"), "the question")
        await page.keys_until("y", lambda: page.closed, "the game to end")
        await page.wait_closed()  # the game ended: the page's websocket is closed by the host
        assert (page.close_code, page.close_reason) == (Closed.QUIT, "quit")  # the page says: you left
    finally:
        await page.close()
    await host.await_line("ended=quit")
    # The served game wrote nothing on the host but the player's saves.
    assert [p.name for p in host.data_dir.iterdir()] == ["web"]
    assert [p.name for p in (host.data_dir / "web").iterdir()] == [folder.name]
    assert list(host.cwd.iterdir()) == []


async def test_the_door_refuses_other_sites_holds_the_cap_and_closes_idle_games(start_host):
    """One host (to keep the suite fast): foreign Origins are refused before any game starts; past
    --max-sessions a page is told the tables are full; an idle game is closed and frees its table."""
    host = start_host("--max-sessions", "1", "--idle-timeout", "1s")
    for origin in ("http://evil.example", f"http://evil.example:{host.port}", "null", ""):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await Page.open(host.url, origin=origin)
        assert refused.value.status == 403
    await host.await_line("origin='http://evil.example'")
    assert not any("web session" in line for line in host.lines)  # no game was started for them

    first = await Page.open(host.url)  # its table is taken before its handshake is answered
    try:
        second = await Page.open(host.url)
        try:
            await second.wait_closed()
            assert second.close_code == Closed.FULL  # the page says: every game here is in use
            assert not second.raw  # no game, and no words in the terminal: the page has its own
        finally:
            await second.close()
        await host.await_line("full (1 of 1 at once)")
        await first.wait_closed(timeout=15)  # no key for 1 s after its first screen
        assert (first.close_code, first.close_reason) == (Closed.IDLE, "1 second")  # said as a person says it
    finally:
        await first.close()
    await host.await_line("ended=idle")
    third = await Page.open(host.url)  # the idle game's table is free again
    try:
        await third.wait_text("What is your name?")
    finally:
        await third.close()


async def test_the_host_stops_on_sigint_and_leaves_no_game_behind(start_host):
    host = start_host()
    page = await Page.open(host.url)
    try:
        await page.wait_text("What is your name?")
        host.stop()
        assert host.proc.returncode == 0
        await page.wait_closed()
        assert page.close_code == Closed.STOPPING  # the page says: the server is stopping
        pid = int(host.wait_line("ended=host closed").split("pid=")[1].split()[0])
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    finally:
        await page.close()
