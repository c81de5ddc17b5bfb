"""A test player: an asyncssh client session whose bytes feed a test terminal (tests/terminal.py)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import asyncssh

from tests.terminal import WAIT, Terminal
from tests.wait import scaled


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


class Player(Terminal):
    """One terminal session: what the server draws lands on a pyte screen of the same size."""

    def __init__(self, process: Any, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self.process = process
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
                self.feed(data)
        except (asyncssh.Error, OSError, asyncio.CancelledError):
            pass
        finally:
            self.ended()

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)

    async def _type(self, data: bytes) -> None:
        self.send(data)

    def resize(self, columns: int, lines: int) -> None:
        super().resize(columns, lines)
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
