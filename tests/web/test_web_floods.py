"""Hostile input through a web page: text a browser can send but no terminal would (a lone surrogate),
and floods of keys. The game stays within its memory limit and answers keys afterwards."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.floods import FLOOD_LIMIT, MB, survives
from tests.hostprocess import HostProcess

from .webplay import Page

TITLES = ("Chai Wallah (4-8 players)", "Chai (2-5 players)", "Dabba Walla (2-4 players)")


def children(host_pid: int) -> set[int]:
    """The game processes the web host has started and not yet reaped."""
    return {int(pid) for pid in Path(f"/proc/{host_pid}/task/{host_pid}/children").read_text().split()}


@pytest.fixture(scope="module")
def flood_host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    """One host for every flood (each test only opens a page on it)."""
    host = HostProcess("web", tmp_path_factory.mktemp("floods") / "data", "--session-memory", f"{FLOOD_LIMIT // MB}M")
    yield host
    host.stop()


@pytest.mark.skipif(not Path("/proc/self/limits").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    "messages",
    [
        pytest.param([json.dumps(["stdin", "\ud800\udfff\ud800"])], id="lone surrogates"),
        pytest.param([json.dumps(["stdin", "x" * 60_000])] * 8, id="eight 60,000-key messages"),
    ],
)
async def test_hostile_input_through_the_page_leaves_the_game_answering_keys(flood_host, messages):
    before = children(flood_host.proc.pid)  # an earlier test's game may still be ending
    page = await Page.open(flood_host.url)
    try:
        await page.wait_text("What is your name?")
        [pid] = children(flood_host.proc.pid) - before

        async def flood() -> None:
            for message in messages:
                await page.ws.send_str(message)
            await page.wait_for(lambda: "your name  " not in page.text, "something in the name field")

        # Enter takes whatever came through as the name, on to the menu
        await survives(page, pid, flood, "\r", page.shows(*TITLES))
    finally:
        await page.close()
