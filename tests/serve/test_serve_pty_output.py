"""What a game draws in one write reaches its player in one piece, not in the pty's 4 KB reads."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from chaigames.hosting.child import GameProcess
from tests.wait import until, until_blocking

# Draws a screen in one write (8000 bytes: two of the 4 KB reads a pty's master gives, and little enough to wait
# unread in the pty whole), says so in a file, then waits to be hung up.
ONE_WRITE = """
import os, sys, time, tty
tty.setraw(0)
os.write(1, b"x" * 8000)
open(sys.argv[1], "w").close()
time.sleep(60)
"""


async def test_a_screen_drawn_in_one_write_is_passed_on_in_one_piece(tmp_path: Path):
    drawn = tmp_path / "drawn"
    pieces: list[bytes] = []
    game = GameProcess(
        command=[sys.executable, "-c", ONE_WRITE, str(drawn)],
        env={"PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
        columns=80,
        lines=24,
        on_output=pieces.append,
        on_exit=lambda status: None,
        memory_limit=None,
    )
    try:
        # The loop does not run until the whole screen waits in the pty: then it is read at one wake.
        until_blocking(drawn.exists, "the game's one write done")
        await until(lambda: sum(map(len, pieces)) >= 8000, "the whole screen passed on")
        assert [len(piece) for piece in pieces] == [8000]
    finally:
        await asyncio.wait_for(game.hang_up(grace=1.0), 30)
