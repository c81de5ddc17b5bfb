"""A test host for one table: a real table process on a socketpair, with bounded waits.

The test plays the host's part: it says who connected, relays each session's messages in the
host's envelope, and reads what the table sends (every line is kept, so a test can check the
JSON each seat was sent).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chaigames.play import changes, wire
from tests.wait import scaled, until, woken_by

WAIT = 15.0  # upper bound of any wait, in seconds; waits end as soon as their condition holds


def who(name: str, keyed: bool = True) -> dict[str, Any]:
    return {"id": f"key:{name.lower()}" if keyed else f"open:{name}", "name": name, "keyed": keyed}


def whole(last: dict[str, Any] | None, msg: dict[str, Any]) -> dict[str, Any]:
    """A message as the app handles it: `changes` as the whole update they make of the last one."""
    return changes.rebuild(last, wire.check(msg)) if msg.get("t") == "changes" else msg


class TableHost:
    """One table process and the lines it sent (`lines`: raw bytes; `got`: parsed objects)."""

    def __init__(self, code: str, data_dir: Path) -> None:
        self.code = code
        self.data_dir = data_dir
        self.proc: asyncio.subprocess.Process | None = None
        self.got: list[dict[str, Any]] = []
        self.lines: list[bytes] = []
        self._to: dict[int, list[tuple[bytes, dict[str, Any]]]] = {}  # conn -> (line, msg) sent to it
        self._last: dict[tuple[int, str], dict[str, Any]] = {}
        self._count: dict[tuple[int, str], int] = {}
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self.eof = False

    async def start(self, *extra: str) -> TableHost:
        mine, theirs = socket.socketpair()
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "chaigames.serve.tables.process",
            "--fd",
            str(theirs.fileno()),
            "--code",
            self.code,
            "--data-dir",
            str(self.data_dir),
            "--bot-delay",
            "0",
            "--countdown",
            "0.05",
            *extra,
            pass_fds=(theirs.fileno(),),
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        theirs.close()
        mine.setblocking(False)
        self._reader, self._writer = await wire.open_stream(mine)
        self.eof = False
        self._news = asyncio.Event()
        self._task = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        assert self._reader is not None
        while True:
            try:
                line = await self._reader.readuntil(b"\n")
            except (asyncio.IncompleteReadError, ConnectionError):
                self.eof = True
                return
            self._news.set()
            obj = json.loads(line)
            self.lines.append(line)
            self.got.append(obj)
            if "to" in obj:
                msg = whole(self._last.get((obj["to"], "update")), obj["msg"])
                self._to.setdefault(obj["to"], []).append((line, msg))
                self._last[obj["to"], msg["t"]] = msg
                self._count[obj["to"], msg["t"]] = self._count.get((obj["to"], msg["t"]), 0) + 1

    # -- the host's side --------------------------------------------------------------------------
    def raw(self, data: bytes) -> None:
        assert self._writer is not None
        self._writer.write(data)

    def send(self, obj: dict[str, Any]) -> None:
        self.raw(wire.encode(obj))

    def connect(self, conn: int, person: dict[str, Any]) -> None:
        self.send({"t": "connected", "conn": conn, "who": person})

    def say(self, conn: int, person: dict[str, Any], msg: dict[str, Any]) -> None:
        self.send(wire.wrap_from(conn, person, msg))

    def drop(self, conn: int) -> None:
        self.send({"t": "dropped", "conn": conn})

    # -- what came back ------------------------------------------------------------------------------
    def to(self, conn: int, t: str | None = None) -> list[dict[str, Any]]:
        """Every message sent to `conn` (of type `t`), oldest first."""
        return [msg for _, msg in self._to.get(conn, []) if t is None or msg["t"] == t]

    def raw_to(self, conn: int) -> list[bytes]:
        return [line for line, _ in self._to.get(conn, [])]

    def count(self, conn: int, t: str) -> int:
        return self._count.get((conn, t), 0)

    def last(self, conn: int, t: str) -> dict[str, Any] | None:
        return self._last.get((conn, t))

    async def news(self, timeout: float = 0.05) -> None:
        """Until the table sends something (or `timeout` passes): a rest for loops that play."""
        await woken_by(self._news)(timeout)

    async def wait(self, condition: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
        """Wait until `condition()` is truthy, looking again whenever the table sends something."""
        return await until(
            condition, what, timeout=timeout, seen=lambda: f"last messages: {self.got[-5:]}", rest=woken_by(self._news)
        )

    async def next(self, conn: int, t: str, after: int = 0, what: str = "") -> dict[str, Any]:
        """The first message of type `t` to `conn` among those after the first `after` sent to it."""
        found = await self.wait(lambda: [m for m in self.to(conn)[after:] if m["t"] == t], what or t)
        return found[0]

    async def update(self, conn: int, condition: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        """The newest update to `conn` once it meets `condition`."""

        def ok() -> dict[str, Any] | None:
            last = self.last(conn, "update")
            return last if last is not None and condition(last) else None

        return await self.wait(ok, what)

    # -- the end -------------------------------------------------------------------------------------
    async def kill(self) -> None:
        """kill -9: no goodbye, no last save."""
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        await self._close_stream()

    async def close(self) -> None:
        if self.proc is None:
            return
        if self.proc.returncode is None:
            with contextlib.suppress(Exception):
                self.send({"t": "close"})
            try:
                await asyncio.wait_for(self.proc.wait(), scaled(5))
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        await self._close_stream()

    async def _close_stream(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(Exception):
                await self._writer.wait_closed()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task


class InProcessTable:
    """A table running on this loop (no process) behind a tiny relay, for Pilot tests: connection 1
    is a real `TableClient` on a socketpair (the app's side); other connections are the test's own,
    as with `TableHost` (`say`, `to`, `last`)."""

    def __init__(self, code: str, data_dir: Path, me: dict[str, Any], bot_delay: float = 0.0) -> None:
        self.code, self.data_dir, self.me = code, data_dir, me
        self.bot_delay = bot_delay  # seconds before each bot move (none: bots play at once)
        self.got: dict[int, list[dict[str, Any]]] = {}
        self._sent: list[dict[str, Any]] = []
        self._tasks: list[asyncio.Task[Any]] = []

    async def start(self) -> socket.socket:
        """Start the table and the relay; the socket to give `TableClient.connect(sock=...)`."""
        from chaigames.serve.tables.process import run_table

        table_mine, table_theirs = socket.socketpair()
        client_mine, client_theirs = socket.socketpair()
        self._tasks.append(
            asyncio.create_task(
                run_table(table_theirs, self.code, self.data_dir, bot_delay=self.bot_delay, countdown=0.02)
            )
        )
        for sock in (table_mine, client_mine):
            sock.setblocking(False)
        self._t_reader, self._t_writer = await wire.open_stream(table_mine)
        self._c_reader, self._c_writer = await wire.open_stream(client_mine)
        self._tasks.append(asyncio.create_task(self._from_table()))
        self._tasks.append(asyncio.create_task(self._from_client()))
        self.say_host({"t": "connected", "conn": 1, "who": self.me})
        return client_theirs

    def say_host(self, obj: dict[str, Any]) -> None:
        self._t_writer.write(wire.encode(obj))

    def say(self, conn: int, person: dict[str, Any], msg: dict[str, Any]) -> None:
        self.say_host(wire.wrap_from(conn, person, msg))

    def to(self, conn: int, t: str) -> list[dict[str, Any]]:
        return [m for m in self.got.get(conn, []) if m["t"] == t]

    def last(self, conn: int, t: str) -> dict[str, Any] | None:
        found = self.to(conn, t)
        return found[-1] if found else None

    def sent(self, conn: int) -> list[dict[str, Any]]:
        """What the app's channel (connection 1) sent the table."""
        return list(self._sent) if conn == 1 else []

    async def _from_client(self) -> None:
        while (msg := await wire.read_message(self._c_reader)) is not None:
            self._sent.append(msg)
            self.say(1, self.me, msg)

    async def _from_table(self) -> None:
        while (obj := await wire.read_message(self._t_reader)) is not None:
            if "to" not in obj:
                continue
            self.got.setdefault(obj["to"], []).append(whole(self.last(obj["to"], "update"), obj["msg"]))
            if obj["to"] == 1:
                self._c_writer.write(wire.encode(obj["msg"]))

    async def close(self) -> None:
        self.say_host({"t": "close"})
        await asyncio.sleep(0)
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for writer in (self._t_writer, self._c_writer):
            writer.close()
