"""A test browser without a browser: a page's websocket whose frames feed a test terminal
(tests/terminal.py), spoken as textual.js speaks it, to `chaigames web` in a subprocess (tests/hostprocess.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json

import aiohttp

from tests.terminal import WAIT, Terminal


class Page(Terminal):
    """One browser page's websocket: binary frames are the terminal, drawn on a pyte screen."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse, columns: int, lines: int):
        super().__init__(columns, lines)
        self.http = http
        self.ws = ws
        self.close_code: int | None = None  # why the host closed the page, as the page hears it
        self.close_reason = ""
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, url: str, *, origin: str | None = None, columns: int = 100, lines: int = 30) -> Page:
        http = aiohttp.ClientSession()
        try:
            ws = await http.ws_connect(
                f"{url}/ws?width={columns}&height={lines}", origin=origin if origin is not None else url
            )
        except BaseException:
            await http.close()
            raise
        return cls(http, ws, columns, lines)

    async def _read(self) -> None:
        try:
            while True:
                message = await self.ws.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.feed(message.data)
                elif message.type == aiohttp.WSMsgType.CLOSE:
                    self.close_code, self.close_reason = message.data, message.extra or ""
                    break
                elif message.type in (aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                    self.close_code = self.ws.close_code
                    break
        finally:
            self.ended()

    async def wait_closed(self, timeout: float = WAIT) -> None:
        await self.wait_for(lambda: self.closed, "the page's websocket to close", timeout)

    async def keys(self, data: str) -> None:
        """What xterm.js sends when the player types: one `stdin` message."""
        await self.ws.send_str(json.dumps(["stdin", data]))

    async def _type(self, data: str) -> None:
        await self.keys(data)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()
        self._reader.cancel()
        with contextlib.suppress(BaseException):
            await self._reader
        await self.http.close()
