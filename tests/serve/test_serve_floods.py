"""Hostile input over SSH: bytes that are not UTF-8, floods of keys and pastes, a game that wants more
memory than its limit. The session survives (or fails alone) and the game answers keys afterwards."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from screens.compat import PASTE_END, PASTE_START
from tests.floods import FLOOD_LIMIT, MB, survives
from tests.serve.sshplay import MENU_TITLES, Player, connect


@pytest.mark.skipif(not Path("/proc/self/limits").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    "attack",
    [
        pytest.param(b"\xe9\xff", id="bytes that are not UTF-8"),
        pytest.param(b"x" * 300_000, id="300 KB of keys"),
        pytest.param(PASTE_START.encode() + b"y" * 4_000_000 + PASTE_END.encode(), id="a 4 MB paste"),
    ],
)
async def test_hostile_input_over_ssh_leaves_the_game_answering_keys(make_host, attack):
    host = await make_host(session_memory=FLOOD_LIMIT)
    conn = await connect(host.port)
    player = await Player.open(conn)
    try:
        await player.wait_text(*MENU_TITLES)
        [pid] = host.children

        async def flood() -> None:
            player.send(attack)
            await player.process.stdin.drain()  # the game has read everything (SSH flow control holds the rest)

        await survives(player, pid, flood, b"r", player.shows("chaigames: Rules"))  # r: the rules
        assert host.children == [pid]
    finally:
        await player.close()
        conn.close()


async def test_a_game_past_its_memory_limit_fails_alone_and_the_host_goes_on(make_host, caplog):
    greedy = [sys.executable, "-c", "block = bytearray(300 * 1024 * 1024)"]
    host = await make_host(session_memory=128 * MB, command=greedy)
    conn = await connect(host.port)
    player = await Player.open(conn)
    try:
        status = await player.wait_closed()
        assert status == 1
        assert b"stopped unexpectedly" in player.raw and b"MemoryError" not in player.raw
        assert any("ended=crash" in r.message and "MemoryError" in r.message for r in caplog.records)
    finally:
        await player.close()
        conn.close()
    host.options.command = None
    host.options.session_memory = FLOOD_LIMIT
    conn = await connect(host.port)
    player = await Player.open(conn)
    try:
        await player.wait_text(*MENU_TITLES)
    finally:
        await player.close()
        conn.close()
