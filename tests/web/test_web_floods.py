"""Hostile input through a web page: text a browser can send but no terminal would (a lone surrogate),
and floods of keys. The game stays within its memory limit and answers keys afterwards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .webplay import Page

TITLES = ("Chai Wallah (4-8 players)", "Chai (2-5 players)", "Dabba Walla (2-4 players)")


def player_pid(host_pid: int) -> int:
    """The one game process the web host has started."""
    children = Path(f"/proc/{host_pid}/task/{host_pid}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


def status_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    raise AssertionError(f"no {field}")


def address_space_limit(pid: int) -> int:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max address space"):
            return int(line.split()[3])
    raise AssertionError("no address-space limit line")


async def give_name(page: Page) -> None:
    """Enter takes whatever came through as the name, on to the menu (typed again until it does: keys
    that arrive while the game still holds a flood's last ones are dropped)."""
    await page.wait_for(lambda: "your name  " not in page.text, "something in the name field")
    await page.keys_until("\r", page.shows(*TITLES), "the menu")


@pytest.mark.skipif(not Path("/proc/self/limits").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    "messages",
    [
        pytest.param([json.dumps(["stdin", "\ud800\udfff\ud800"])], id="lone surrogates"),
        pytest.param([json.dumps(["stdin", "x" * 60_000])] * 8, id="eight 60,000-key messages"),
    ],
)
async def test_hostile_input_through_the_page_leaves_the_game_answering_keys(start_host, messages):
    host = start_host("--session-memory", "512M")
    page = await Page.open(host.url)
    try:
        await page.wait_text("What is your name?")
        pid = player_pid(host.proc.pid)
        assert address_space_limit(pid) == 512 * 1024 * 1024
        for message in messages:
            await page.ws.send_str(message)
        await give_name(page)
        assert status_kb(pid, "VmHWM") < 150_000
        assert "Traceback" not in page.text and "Error" not in page.text
    finally:
        await page.close()
