"""Hostile input through a web page: text a browser can send but no terminal would (a lone surrogate),
and floods of keys. The game stays within its memory limit and answers keys afterwards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.floods import FLOOD_LIMIT, MB, survives

from .webplay import Page

TITLES = ("Chai Wallah (4-8 players)", "Chai (2-5 players)", "Dabba Walla (2-4 players)")


def player_pid(host_pid: int) -> int:
    """The one game process the web host has started."""
    children = Path(f"/proc/{host_pid}/task/{host_pid}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


@pytest.mark.skipif(not Path("/proc/self/limits").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    "messages",
    [
        pytest.param([json.dumps(["stdin", "\ud800\udfff\ud800"])], id="lone surrogates"),
        pytest.param([json.dumps(["stdin", "x" * 60_000])] * 8, id="eight 60,000-key messages"),
    ],
)
async def test_hostile_input_through_the_page_leaves_the_game_answering_keys(start_host, messages):
    host = start_host("--session-memory", f"{FLOOD_LIMIT // MB}M")
    page = await Page.open(host.url)
    try:
        await page.wait_text("What is your name?")
        pid = player_pid(host.proc.pid)

        async def flood() -> None:
            for message in messages:
                await page.ws.send_str(message)
            await page.wait_for(lambda: "your name  " not in page.text, "something in the name field")

        # Enter takes whatever came through as the name, on to the menu
        await survives(page, pid, flood, "\r", page.shows(*TITLES))
    finally:
        await page.close()
