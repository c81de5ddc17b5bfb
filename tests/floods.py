"""Hostile input, the same over SSH and through a web page: the game's process keeps its memory
limit, takes the flood, answers keys afterwards and shows no error. The hosts' flood tests
(tests/serve/test_serve_floods.py, tests/web/test_web_floods.py) differ only in how the flood is sent."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from tests.terminal import Terminal

MB = 1024 * 1024
FLOOD_LIMIT = 512 * MB  # the test hosts' limit: far below the default, still far above a game's needs
RESIDENT_KB = 150_000  # the most memory a game may have had resident after a flood (VmHWM, in kB)


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


async def survives(
    terminal: Terminal, pid: int, flood: Callable[[], Awaitable[None]], key: Any, answered: Callable[[], bool]
) -> None:
    """The game `pid` behind `terminal` has the test hosts' memory limit, takes `flood()`, then
    answers `key` (typed again while a flood's last keys are dropped) and has shown no error."""
    assert address_space_limit(pid) == FLOOD_LIMIT
    await flood()
    await terminal.keys_until(key, answered, "the game to answer a key after the flood")
    assert proc_status(pid, "VmHWM") < RESIDENT_KB
    assert b"Traceback" not in terminal.raw and b"Error" not in terminal.raw
