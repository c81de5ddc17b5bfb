"""Hostile input over SSH: bytes that are not UTF-8, floods of keys and pastes, a game that wants more
memory than its limit. The session survives (or fails alone) and the game answers keys afterwards."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from screens.compat import PASTE_END, PASTE_START
from tests.serve.sshplay import MENU_TITLES, Player, connect

MB = 1024 * 1024
FLOOD_LIMIT = 512 * MB  # the test host's limit: far below the default, still far above a game's needs


def proc_status(pid: int, field: str) -> int:
    """A `/proc/PID/status` figure in kB (VmHWM: the most resident memory the process ever had)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    raise AssertionError(f"no {field}")


def address_space_limit(pid: int) -> int:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max address space"):
            return int(line.split()[3])
    raise AssertionError("no address-space limit line")


async def answers_rules(player: Player) -> None:
    """`r` on the menu opens the rules, typed again each second while a flood's last keys are dropped."""
    for _ in range(20):
        player.send(b"r")
        try:
            await player.wait_text("chaigames: Rules", timeout=1.0)
            return
        except AssertionError:
            continue
    await player.wait_text("chaigames: Rules")


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
        assert address_space_limit(pid) == FLOOD_LIMIT
        player.send(attack)
        await player.process.stdin.drain()  # the game has read everything (SSH flow control holds the rest)
        await answers_rules(player)
        assert host.children == [pid]
        assert proc_status(pid, "VmHWM") < 150_000
        assert b"Traceback" not in player.raw and b"Error" not in player.raw
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
