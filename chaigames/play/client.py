"""The app's end of its private channel to the game host (and, through the host, to a table).

Under `chaigames serve` each SSH session's app is started with `CHAIGAMES_HOST_FD=N`: its end of
a socketpair the host made for this session alone. The app never says who it is (the host knows
and stamps every message); it sends the messages of `wire` and gets answers and table news back.

Use it on the app's own asyncio loop (Textual's):

    client = await TableClient.connect()            # from CHAIGAMES_HOST_FD
    client.on("lobby", lobby_screen.lobby_changed)  # callbacks for news, one per message type
    welcome = await client.request(wire.hello(), {"welcome"})
    joined = await client.request(wire.join("K7QD"), {"joined"})   # or raises Refused
    client.send(wire.act(seat, spec.actions.to_json(action)))      # answers come as "update"/"refused"

Callbacks run on the loop, in the order messages came. The last message of each type stays in
`client.last` (a screen shown after its lobby arrived reads `client.last["lobby"]`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Callable, Iterable
from typing import Any

from . import changes, wire

HOST_FD_ENV = "CHAIGAMES_HOST_FD"
GONE = "The game host went away."

Handler = Callable[[dict[str, Any]], None]
log = logging.getLogger(__name__)


class Refused(Exception):
    """A request the host or table said no to; `str(exc)` is its reason, for the player."""


class ChannelClosed(ConnectionError):
    """The channel ended (the host went away or closed it) before an answer came."""


def host_fd() -> int | None:
    """The channel's fd from the environment, or None when not running under `serve` with tables."""
    value = os.environ.get(HOST_FD_ENV, "")
    return int(value) if value.isdigit() else None


class TableClient:
    """One channel: `send` messages, `request` an answer, callbacks for everything else.

    News a session gets (each to the callback registered with `on` for its type):
    - "joined": `{"code", "seat", "seat_code", "owner"}` (after `join`, also after `open`);
    - "lobby": the table's seats and who is there, after every lobby change;
    - "update": the whole snapshot for this session's seat (or the public one for a spectator); the
      table's `changes` arrive here as the whole update they make of the last one (`changes.rebuild`);
    - "refused": `{"reason", "seat"?}`: an action (it has "seat") or a message the table would not take;
    - "taken_over": another login took this seat: go back to the menu;
    - "closed": `{"reason"}`: the table (or the host) closed; also sent here when the channel ends.
    """

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._reader = reader
        self._writer = writer
        self._handlers: dict[str, Handler] = {}
        self._pending: list[tuple[frozenset[str], asyncio.Future[dict[str, Any]]]] = []
        self.last: dict[str, dict[str, Any]] = {}
        self.closed = False
        self._task = asyncio.get_running_loop().create_task(self._read_all())

    @classmethod
    async def connect(cls, fd: int | None = None, *, sock: socket.socket | None = None) -> TableClient:
        """Open the channel: `sock` (tests), else the fd given, else CHAIGAMES_HOST_FD."""
        if sock is None:
            fd = host_fd() if fd is None else fd
            if fd is None:
                raise ChannelClosed(f"no {HOST_FD_ENV}: not a table session")
            sock = socket.socket(fileno=fd)
        sock.setblocking(False)
        reader, writer = await wire.open_stream(sock)
        return cls(reader, writer)

    # -- callbacks ---------------------------------------------------------------------------------
    def on(self, t: str, handler: Handler | None) -> None:
        """Call `handler(msg)` for each message of type `t` that is not a request's answer
        (None: stop). One handler a type: a screen that takes over a type replaces the last one."""
        if handler is None:
            self._handlers.pop(t, None)
        else:
            self._handlers[t] = handler

    def off(self, t: str, handler: Handler) -> None:
        """Forget `handler` for `t` if it is still the one registered (a screen going away)."""
        if self._handlers.get(t) == handler:
            del self._handlers[t]

    # -- sending -----------------------------------------------------------------------------------
    def send(self, msg: dict[str, Any]) -> None:
        """Send one message (checked first: a bad one raises wire.Malformed here, not at the table)."""
        if self.closed:
            raise ChannelClosed(GONE)
        self._writer.write(wire.encode(wire.check(msg)))

    async def request(
        self, msg: dict[str, Any], answers: Iterable[str], timeout: float | None = 30.0
    ) -> dict[str, Any]:
        """Send `msg` and wait for the first message of a type in `answers` (or a `refused` that is
        not about an action). A refusal raises `Refused(reason)`; the channel ending raises
        `ChannelClosed`; no answer in `timeout` seconds raises TimeoutError."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        entry = (frozenset(answers), future)
        self._pending.append(entry)
        try:
            self.send(msg)
            answer = await asyncio.wait_for(asyncio.shield(future), timeout)
        finally:
            with contextlib.suppress(ValueError):
                self._pending.remove(entry)
        if answer["t"] == "refused":
            raise Refused(answer["reason"])
        return answer

    async def close(self) -> None:
        """Close the channel (the host sees EOF and treats it as this session leaving)."""
        if not self.closed:
            self.closed = True
            self._writer.close()
            with contextlib.suppress(Exception):
                await self._writer.wait_closed()
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._task

    # -- receiving ---------------------------------------------------------------------------------
    async def _read_all(self) -> None:
        reason = GONE
        try:
            while True:
                try:
                    msg = await wire.read_message(self._reader)
                    if msg is None:
                        break
                    wire.check(msg)
                except wire.Malformed as exc:
                    log.warning("ignored a malformed message from the host: %s", exc)
                    continue
                if msg["t"] == "closed":
                    reason = msg["reason"]
                self._dispatch(msg)
        except (ConnectionError, OSError) as exc:
            log.info("channel to the host ended: %s", exc)
        finally:
            self._end(reason)

    def _dispatch(self, msg: dict[str, Any]) -> None:
        t = msg["t"]
        if t == "changes":  # what changed since the last update: handled as the whole update it makes
            try:
                msg = changes.rebuild(self.last.get("update"), msg)
            except wire.Malformed as exc:
                log.warning("could not apply the table's changes (%s): asking for the whole update", exc)
                if not self.closed:
                    self.send(wire.sync())
                return
            t = "update"
        self.last[t] = msg
        is_answer_refusal = t == "refused" and "seat" not in msg
        for types, future in self._pending:
            if not future.done() and (t in types or is_answer_refusal):
                future.set_result(msg)
                return
        handler = self._handlers.get(t)
        if handler is not None:
            try:
                handler(msg)
            except Exception:  # a screen's bug must not stop the channel
                log.exception("handler for %r failed", t)

    def _end(self, reason: str) -> None:
        was_closed = self.closed
        self.closed = True
        for _, future in self._pending:
            if not future.done():
                future.set_exception(ChannelClosed(reason))
        if not was_closed and "closed" not in self.last:
            self._dispatch({"t": "closed", "reason": reason})
