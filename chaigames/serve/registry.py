"""The host's tables: one process per table, a private channel per session, and the relay between them.

The host is the only one who knows who is at the other end of a session (the key's fingerprint,
or the name under `--open`), so it stamps every message it passes to a table with that identity:
a session's child never says who it is. The registry answers `hello`, `list` and `open` itself and
forwards everything else a joined session sends to its table (see `chaigames/play/wire.py`
for the messages). Standard library only: nothing here needs asyncssh.

A table nobody is connected to is closed (it saves first) after `table_idle_timeout`; the tables
found under `DATA_DIR/tables/` are started again when the host starts, so their people find them.
One identity has at most `tables_per_person` tables open at once, and when every slot is taken a
table nobody is at with no game under way (a lobby, a game over) gives its slot to the new one.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import secrets
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chaigames.play import wire
from chaigames.play.client import HOST_FD_ENV

__all__ = ["HOST_FD_ENV", "Link", "Table", "TableRegistry", "TableSettings", "table_environment"]

log = logging.getLogger("chaigames.serve")

CODE_ALPHABET = "ACDEFHJKLMNPQRTUVWXY3479"  # no 0/O, 1/I, 2/Z, 5/S, 6/G, 8/B lookalikes
CODE_LENGTH = 4
NEVER = 10**9  # seconds: "0 = never" for a limit a table takes as a number


def new_code(taken: Callable[[str], bool]) -> str:
    """A fresh table code of unambiguous letters and digits that `taken` says is free."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not taken(code):
            return code


def is_code(text: str) -> bool:
    return len(text) == CODE_LENGTH and all(c in CODE_ALPHABET for c in text)


@dataclass
class TableSettings:
    """The host's limits and defaults for every table (the `serve` command line)."""

    max_tables: int = 8
    tables_per_person: int = 2  # tables one identity may have opened at once (one person cannot take every slot)
    spectators: int = 8  # per table
    pause_limit: int = 3  # pauses per person per game
    away_to_bot: float = 60.0  # seconds a real-time seat may be away before a bot takes it
    bell: bool = True
    idle_timeout: float | None = 30 * 60.0  # a table nobody is connected to is saved and closed
    close_grace: float = 5.0  # seconds a closing table has to save and exit before SIGKILL
    command: list[str] | None = None  # the table process's command before its arguments (tests change it)


@dataclass(eq=False)
class Link:
    """One session's private channel, host side: who is at the other end and which table they are at."""

    conn: int
    identity: str  # "key:SHA256:..." or "open:<name>"
    name: str
    keyed: bool
    writer: asyncio.StreamWriter | None = None
    table: Table | None = None
    joined: bool = False  # the table said `joined` (a seat or a spectator's place), not just "connected"
    waiting_since: float | None = None  # monotonic: since when the table waits for this person
    on_table: Callable[[bool], None] | None = None  # the session hears when it joins or leaves a table
    reader: asyncio.Task[None] | None = None
    closed: bool = False

    @property
    def who(self) -> dict[str, Any]:
        return {"id": self.identity, "name": self.name, "keyed": self.keyed}

    def send(self, msg: dict[str, Any]) -> None:
        self.send_line(wire.encode(msg))

    def send_line(self, line: bytes) -> None:
        """One message already as its line (a table's, passed on as the table wrote it)."""
        if self.writer is not None and not self.closed:
            with contextlib.suppress(OSError, RuntimeError):
                self.writer.write(line)

    @functools.cached_property
    def who_json(self) -> bytes:
        """`who` as JSON, made once: every message this session sends its table carries it."""
        return wire.encode(self.who)[:-1]


@dataclass(eq=False)
class Table:
    """One running table process as the host sees it."""

    code: str
    process: asyncio.subprocess.Process
    writer: asyncio.StreamWriter
    summary: dict[str, Any] = field(default_factory=dict)
    holders: set[str] = field(default_factory=set)  # identities that hold a seat
    links: set[Link] = field(default_factory=set)
    idle: asyncio.TimerHandle | None = None
    reader: asyncio.Task[None] | None = None
    closing: bool = False
    started: float = field(default_factory=time.monotonic)
    opener: str = ""  # the identity that opened it ("" for a table restored after a restart)

    @property
    def spare(self) -> bool:
        """Nobody is at it and no game is under way there (a lobby, or a game over): its slot may go to a new table."""
        return not self.links and not self.closing and (self.summary.get("finished") or not self.summary.get("started"))

    def send(self, msg: dict[str, Any]) -> None:
        if not self.closing or msg.get("t") == "close":
            self.send_line(wire.encode(msg))

    def send_line(self, line: bytes) -> None:
        """One message already as its line (a session's in its envelope)."""
        with contextlib.suppress(OSError, RuntimeError):
            self.writer.write(line)

    def listing(self) -> dict[str, Any]:
        """The TABLE entry of `list` and `welcome`."""
        s = self.summary
        return {
            "code": self.code,
            "game": s.get("game", ""),
            "title": s.get("title", ""),
            "owner": s.get("owner", ""),
            "people": list(s.get("people", [])),
            "free": int(s.get("free", 0)),
            "started": bool(s.get("started", False)),
            "finished": bool(s.get("finished", False)),
            "spectators": int(s.get("spectators", 0)),
        }


class TableRegistry:
    """Every table of one host, every session channel, and the relay between them."""

    def __init__(self, data_dir: Path, settings: TableSettings, env: dict[str, str]) -> None:
        self.root = data_dir / "tables"
        self.data_dir = data_dir
        self.settings = settings
        self.env = env  # the table processes' whole environment
        self.tables: dict[str, Table] = {}
        self.links: dict[int, Link] = {}
        self._next_conn = 1
        self._closing = False
        self._opening: dict[str, int] = {}  # identity -> its tables being started now (not yet in `tables`)

    # -- sessions -------------------------------------------------------------------------------
    def channel(self, identity: str, name: str, keyed: bool) -> tuple[Link, socket.socket]:
        """A new session's channel: the host's Link and the child's end (pass its fd, then close it)."""
        ours, theirs = socket.socketpair()
        link = Link(self._next_conn, identity, name, keyed)
        self._next_conn += 1
        self.links[link.conn] = link
        link.reader = asyncio.get_running_loop().create_task(self._serve_link(link, ours))
        return link, theirs

    async def _serve_link(self, link: Link, sock: socket.socket) -> None:
        try:
            reader, link.writer = await wire.open_stream(sock)
            while not link.closed:
                try:
                    line = await wire.read_line(reader)
                    if line is None:
                        break
                    msg = wire.decode(line)
                except wire.Malformed as exc:  # not a JSON object, or over a line's limit: refused, and on
                    log.info("session conn=%d sent a malformed message: %s", link.conn, exc)
                    link.send({"t": "refused", "reason": "That message could not be read."})
                    continue
                self._from_session(link, msg, line)
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            self.detach(link)

    def detach(self, link: Link) -> None:
        """The session ended (or its channel closed): its table sees it dropped."""
        if link.closed:
            return
        link.closed = True
        self.links.pop(link.conn, None)
        self._unbind(link, tell_table=True)
        if link.writer is not None:
            with contextlib.suppress(Exception):
                link.writer.close()
        if link.reader is not None and link.reader is not asyncio.current_task():
            link.reader.cancel()

    def _from_session(self, link: Link, msg: dict[str, Any], line: bytes) -> None:
        """One message from a session (`line` as it came, `msg` decoded from it): the host's own
        answered here, the rest passed on to the session's table as they came, in their envelope."""
        kind = msg.get("t")
        if kind == "hello":
            mine = [t.listing() for t in self.tables.values() if link.identity in t.holders and not t.closing]
            link.send({"t": "welcome", "name": link.name, "keyed": link.keyed, "mine": mine})
        elif kind == "list":
            tables = [t.listing() for t in self.tables.values() if not t.closing and t.summary]
            link.send({"t": "tables", "tables": tables})
        elif kind == "open":
            self._open(link, msg)
        elif kind == "join":
            code = str(msg.get("code", "")).strip().upper()
            table = self.tables.get(code)
            if table is None or table.closing:
                link.send({"t": "refused", "reason": f"There is no table {code or 'with that code'} on this host."})
                return
            self._bind(link, table)
            table.send({"from": link.conn, "who": link.who, "msg": {**msg, "code": code}})
        elif link.table is None:
            link.send({"t": "refused", "reason": "You are not at a table."})
        else:
            table = link.table
            if not table.closing:
                try:
                    table.send_line(wire.envelope_from(link.conn, link.who_json, line))
                except wire.Malformed:
                    link.send({"t": "refused", "reason": "That message could not be read."})
                    return
            if kind == "leave":
                self._unbind(link, tell_table=False)

    def _bind(self, link: Link, table: Table) -> None:
        if link.table is table:
            return
        self._unbind(link, tell_table=True)
        link.table = table
        table.links.add(link)
        if table.idle is not None:
            table.idle.cancel()
            table.idle = None
        table.send({"t": "connected", "conn": link.conn, "who": link.who})
        if link.on_table is not None:
            link.on_table(True)

    def _unbind(self, link: Link, *, tell_table: bool) -> None:
        table = link.table
        if table is None:
            return
        link.table = None
        link.joined = False
        link.waiting_since = None
        table.links.discard(link)
        if tell_table:
            table.send({"t": "dropped", "conn": link.conn})
        if not table.links:
            self._start_idle(table)
        if link.on_table is not None:
            link.on_table(False)

    def waiting_for(self, link: Link) -> float | None:
        """Since when the table has waited for this session's person (None: it is not waiting for them)."""
        return link.waiting_since if link.table is not None else None

    # -- tables ---------------------------------------------------------------------------------
    def _taken(self, code: str) -> bool:
        return code in self.tables or (self.root / code).exists()

    def _open(self, link: Link, msg: dict[str, Any]) -> None:
        if self._closing:
            link.send({"t": "refused", "reason": "The host is shutting down."})
            return
        live = [t for t in self.tables.values() if not t.closing]
        mine = sum(t.opener == link.identity for t in live) + self._opening.get(link.identity, 0)
        if mine >= self.settings.tables_per_person:
            reason = f"You have {mine} tables open here already: go back to one of them, or leave one first."
            link.send({"t": "refused", "reason": reason})
            return
        if len(live) + sum(self._opening.values()) >= self.settings.max_tables:
            spare = sorted((t for t in live if t.spare), key=lambda t: t.started)
            if not spare:
                reason = f"This host has {len(live)} tables open, its most. Join one, or try again later."
                link.send({"t": "refused", "reason": reason})
                return
            log.info("table %s closed to make room: nobody was at it and no game was under way", spare[0].code)
            self.close_table(spare[0])
        code = new_code(self._taken)
        self._opening[link.identity] = self._opening.get(link.identity, 0) + 1
        asyncio.get_running_loop().create_task(self._open_table(link, code, msg))

    async def _open_table(self, link: Link, code: str, msg: dict[str, Any]) -> None:
        try:
            table = await self._spawn(code)
        except OSError as exc:
            log.warning("table %s could not start: %s", code, exc)
            link.send({"t": "refused", "reason": "The table could not be opened. Please try again later."})
            return
        finally:
            self._opening[link.identity] -= 1
            if not self._opening[link.identity]:
                del self._opening[link.identity]
        table.opener = link.identity
        if link.closed:
            table.send({"t": "close"})
            return
        self._bind(link, table)
        limit = msg.get("pause_limit")
        if not isinstance(limit, int) or not 0 <= limit <= self.settings.pause_limit:
            msg = {**msg, "pause_limit": self.settings.pause_limit}  # the host's --pause-limit is the most
        away = self.settings.away_to_bot or NEVER  # --away-to-bot is the host's word, not the owner's
        msg = {**msg, "away_limit": away}
        table.send({"from": link.conn, "who": link.who, "msg": msg})  # the table answers `opened` itself
        log.info("table %s opened by %r (%s)", code, link.name[:64], msg.get("game"))

    def command(self, code: str, fd: int) -> list[str]:
        """The table process's command line. A table whose folder holds a `table.json` restores itself."""
        s = self.settings
        base = list(s.command) if s.command else [sys.executable, "-m", "chaigames.serve.tables.process"]
        args = ["--fd", str(fd), "--code", code, "--data-dir", str(self.data_dir), "--spectators", str(s.spectators)]
        return base + args

    async def _spawn(self, code: str) -> Table:
        ours, theirs = socket.socketpair()
        try:
            process = await asyncio.create_subprocess_exec(
                *self.command(code, theirs.fileno()),
                pass_fds=(theirs.fileno(),),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                env=self.env,
                cwd=self.data_dir,
                start_new_session=True,  # a Ctrl-C at the host's terminal reaches the host, which closes tables
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        reader, writer = await wire.open_stream(ours)
        table = Table(code, process, writer)
        self.tables[code] = table
        table.reader = asyncio.get_running_loop().create_task(self._serve_table(table, reader))
        self._start_idle(table)
        return table

    async def _serve_table(self, table: Table, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                try:
                    line = await wire.read_line(reader)
                    if line is None:
                        break
                    msg = wire.decode(line)
                except wire.Malformed as exc:
                    log.warning("table %s sent a malformed message: %s", table.code, exc)
                    continue
                self._from_table(table, msg, line)
        except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
            log.warning("table %s channel failed: %s", table.code, exc)
        finally:
            await self._table_gone(table)

    def _from_table(self, table: Table, msg: dict[str, Any], line: bytes) -> None:
        """One message from a table (`line` as it came, `msg` decoded from it). A message for a session
        reaches it as the table wrote it, byte for byte (`wire.inner_line`), encoded once for all."""
        if "to" in msg:
            link = self.links.get(msg["to"]) if isinstance(msg.get("to"), int) else None
            inner = msg.get("msg")
            if link is None or link.table is not table or not isinstance(inner, dict):
                return  # that session left meanwhile
            kind = inner.get("t")
            passed = wire.inner_line(line, msg)
            if kind == "update" or kind == "changes":
                self._note_waiting(link, inner if kind == "update" else inner.get("fields", {}))
                if inner.get("turn_bell") and not self.settings.bell:
                    inner, passed = {**inner, "turn_bell": False}, None  # --no-bell
            if passed is not None:
                link.send_line(passed)
            else:
                link.send(inner)
            if kind == "joined":
                link.joined = True
            elif kind in ("taken_over", "closed"):
                self._unbind(link, tell_table=False)
            elif kind == "refused" and "seat" not in inner and not link.joined:
                self._unbind(link, tell_table=True)  # a join the table said no to: not at that table after all
            return
        kind = msg.get("t")
        if kind == "summary":
            table.summary = {k: v for k, v in msg.items() if k != "t"}
            holders = msg.get("holders")
            if isinstance(holders, list):
                table.holders = {h for h in holders if isinstance(h, str)}
        elif kind == "seated":
            conn = msg.get("conn")
            link = self.links.get(conn) if isinstance(conn, int) else None
            if link is not None and link.table is table and isinstance(msg.get("seat"), int):
                table.holders.add(msg["id"] if isinstance(msg.get("id"), str) else link.identity)

    def _note_waiting(self, link: Link, update: dict[str, Any]) -> None:
        """Whether the table waits for this person now, from an update or the fields a `changes` changed."""
        if "seat" not in update and not isinstance(update.get("your_turn"), bool):
            return  # changes that leave the turn as it was
        seat = update.get("seat")
        actors = update.get("actors") or []
        waiting = seat is not None and seat in actors and not update.get("paused") and not update.get("finished")
        if isinstance(update.get("your_turn"), bool):
            waiting = update["your_turn"]  # the table's own word: it waits for this seat now
        if not waiting:
            link.waiting_since = None
        elif link.waiting_since is None:
            link.waiting_since = time.monotonic()

    async def _table_gone(self, table: Table) -> None:
        """The table process ended (closed, crashed or killed): its sessions go back to their menus."""
        if table.idle is not None:
            table.idle.cancel()
        if self.tables.get(table.code) is table:
            del self.tables[table.code]
        with contextlib.suppress(Exception):
            table.writer.close()
        returncode = await table.process.wait()
        for link in list(table.links):
            link.send({"t": "closed", "reason": "The table has closed."})
            self._unbind(link, tell_table=False)
        if returncode != 0 and not self._closing:
            log.warning("table %s ended with status %s", table.code, returncode)
        else:
            log.info("table %s closed", table.code)

    def _start_idle(self, table: Table) -> None:
        timeout = self.settings.idle_timeout
        if timeout and table.idle is None and not table.closing:
            table.idle = asyncio.get_running_loop().call_later(timeout, self._idle_over, table)

    def _idle_over(self, table: Table) -> None:
        table.idle = None
        if not table.links:
            log.info("table %s closed: nobody connected for a while", table.code)
            self.close_table(table)

    def close_table(self, table: Table) -> None:
        if not table.closing:
            table.send({"t": "close"})
            table.closing = True

    # -- start and stop ---------------------------------------------------------------------------
    def saved_codes(self) -> list[str]:
        """The tables kept under DATA_DIR/tables/ (a folder per code with its `table.json`)."""
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir() if is_code(p.name) and (p / "table.json").is_file())

    async def restore(self) -> None:
        """Start every saved table again: its people find it under "Back to your table"."""
        for code in self.saved_codes():
            if code in self.tables:
                continue
            try:
                await self._spawn(code)
            except OSError as exc:
                log.warning("table %s could not be restored: %s", code, exc)

    async def close(self) -> None:
        """Close every table (each saves first), SIGKILL any that has not exited after the grace."""
        self._closing = True
        for link in list(self.links.values()):
            self.detach(link)
        tables = list(self.tables.values())
        for table in tables:
            self.close_table(table)
        for table in tables:
            try:
                await asyncio.wait_for(table.process.wait(), self.settings.close_grace)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    table.process.kill()
                await table.process.wait()
            if table.reader is not None:
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(table.reader, 2)

    @property
    def pids(self) -> list[int]:
        """Process ids of the running tables (tests and the benchmark look at them)."""
        return [t.process.pid for t in self.tables.values() if t.process.returncode is None]


def table_environment(env: dict[str, str]) -> dict[str, str]:
    """A table process's environment: the fixed one a served game gets, without terminal or colours."""
    keep = ("PATH", "LANG", "LC_ALL", "PYTHONPATH")
    out = {k: env[k] for k in keep if k in env}
    out["HOME"] = os.devnull
    return out
