"""A test player: an asyncssh client session whose bytes feed a pyte screen, with bounded waits."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from tests.wait import scaled, until, woken_by

WAIT = 20.0  # upper bound of any wait, in seconds; waits end as soon as their condition holds


async def connect(port: int, *, user: str = "player", key: Any = None, **kwargs: Any) -> Any:
    """A client connection to the test host: no agent, no ~/.ssh config or keys, host key unchecked."""
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=user,
        client_keys=[key] if key is not None else None,
        known_hosts=None,
        agent_path=None,
        config=None,
        **kwargs,
    )


class Player:
    """One terminal session: what the server draws lands on a pyte screen of the same size."""

    def __init__(self, process: Any, columns: int, lines: int) -> None:
        self.process = process
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.closed = False
        self._changed = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, conn: Any, *, columns: int = 80, lines: int = 24, term: str = "xterm-256color", **kw: Any):
        process = await conn.create_process(term_type=term, term_size=(columns, lines), encoding=None, **kw)
        return cls(process, columns, lines)

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.raw += data
                self.stream.feed(data)
                self._changed.set()
        except (asyncssh.Error, OSError, asyncio.CancelledError):
            pass
        finally:
            self.closed = True
            self._changed.set()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def row_of(self, needle: str) -> int | None:
        for i, line in enumerate(self.screen.display):
            if needle in line:
                return i
        return None

    def last_text_row(self) -> int:
        """The index of the last line with anything on it (the footer, once the app is drawn)."""
        rows = [i for i, line in enumerate(self.screen.display) if line.strip()]
        return rows[-1] if rows else -1

    def backgrounds(self) -> dict[int, str]:
        """The background colour of each row between the header and the footer, at column 3."""
        return {row: self.screen.buffer[row][3].bg for row in range(1, self.screen.lines - 1)}

    def row_style(self, row: int) -> tuple[tuple[str, str, bool], ...]:
        """The colours and reverse flag of every cell in a row: what a highlight changes."""
        line = self.screen.buffer[row]
        return tuple((line[x].fg, line[x].bg, line[x].reverse) for x in range(self.screen.columns))

    async def wait_for(self, condition: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
        """Wait until `condition()` is truthy, looking again whenever bytes arrive; fail after `timeout`
        (at once if the session has closed)."""
        return await until(
            condition,
            what,
            timeout=timeout,
            seen=lambda: self.text,
            rest=woken_by(self._changed),
            hopeless=lambda: self.closed,
            every=0.5,
        )

    async def wait_text(self, *needles: str, timeout: float = WAIT) -> None:
        await self.wait_for(lambda: all(n in self.text for n in needles), f"{needles!r} on screen", timeout)

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)

    def resize(self, columns: int, lines: int) -> None:
        self.screen.resize(lines, columns)
        self.process.change_terminal_size(columns, lines)

    async def wait_closed(self, timeout: float = WAIT) -> int | None:
        """Wait for the server to end the session; returns its exit status."""
        await asyncio.wait_for(self._reader, scaled(timeout))
        await asyncio.wait_for(self.process.wait_closed(), scaled(timeout))
        return self.process.exit_status

    async def close(self) -> None:
        self.process.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.process.wait_closed(), scaled(5))
        self._reader.cancel()
        with contextlib.suppress(BaseException):
            await self._reader


def highlight_move(before: dict[int, str], after: dict[int, str]) -> tuple[list[int], list[int]]:
    """Which rows lost the highlight and which gained it between two `backgrounds()` snapshots.

    The highlight colour is the one that both leaves some rows and arrives on others, and of those
    the rarest on screen (an option list's own background covers more rows than its highlight)."""
    changed = [row for row in before if before[row] != after[row]]
    candidates = {before[r] for r in changed} & {after[r] for r in changed}
    if not candidates:
        return [], []
    colour = min(candidates, key=lambda c: sum(1 for bg in before.values() if bg == c))
    left = [r for r in changed if before[r] == colour]
    arrived = [r for r in changed if after[r] == colour]
    return left, arrived


MENU_TITLES = ("Chai Wallah", "Chai", "Dabba Walla")


def alive(pid: int) -> bool:
    """True while the process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] != "Z"
    except FileNotFoundError:
        return False


def child_env(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(item.split("=", 1) for item in raw.decode().split("\0") if "=" in item)
