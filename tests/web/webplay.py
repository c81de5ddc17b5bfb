"""A test browser without a browser: `chaigames web` in a subprocess, and a page's websocket whose
frames feed a pyte screen, spoken as textual.js speaks it, with bounded waits."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import aiohttp
import pyte

WAIT = 20.0  # upper bound of any wait, in seconds; waits end as soon as their condition holds
ROOT = Path(__file__).resolve().parents[2]


class WebHostProcess:
    """`python -m chaigames web --port 0 ...` on 127.0.0.1; its stderr is collected line by line."""

    def __init__(self, data_dir: Path, *args: str) -> None:
        env = {k: v for k, v in os.environ.items() if k != "CHAIGAMES_HOME"}
        env["PYTHONPATH"] = str(ROOT)
        self.data_dir = data_dir
        self.cwd = data_dir.parent / "host-cwd"
        self.cwd.mkdir(exist_ok=True)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "chaigames", "web", "--port", "0", "--data-dir", str(data_dir), *args],
            cwd=self.cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        started = self.wait_line("serving on")
        match = re.search(r"serving on 127\.0\.0\.1:(\d+)", started)
        assert match, started
        self.port = int(match.group(1))
        self.url = f"http://127.0.0.1:{self.port}"

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line.rstrip("\n"))

    def wait_line(self, text: str, timeout: float = WAIT) -> str:
        """The first stderr line containing `text` (polled, bounded)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for line in list(self.lines):
                if text in line:
                    return line
            if self.proc.poll() is not None and not self._reader.is_alive():
                break
            time.sleep(0.02)
        raise AssertionError(f"no line with {text!r} from chaigames web:\n" + "\n".join(self.lines))

    async def await_line(self, text: str, timeout: float = WAIT) -> str:
        return await asyncio.to_thread(self.wait_line, text, timeout)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._reader.join(5)


class Page:
    """One browser page's websocket: binary frames are the terminal, drawn on a pyte screen."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse, columns: int, lines: int):
        self.http = http
        self.ws = ws
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.closed = False
        self.close_code: int | None = None  # why the host closed the page, as the page hears it
        self.close_reason = ""
        self._changed = asyncio.Event()
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
                    self.raw += message.data
                    self.stream.feed(message.data)
                    self._changed.set()
                elif message.type == aiohttp.WSMsgType.CLOSE:
                    self.close_code, self.close_reason = message.data, message.extra or ""
                    break
                elif message.type in (aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                    self.close_code = self.ws.close_code
                    break
        finally:
            self.closed = True
            self._changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, condition: Any, what: str, timeout: float = WAIT) -> None:
        end = time.monotonic() + timeout
        while not condition():
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {what}; the page shows:\n{self.text()}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(left, 0.5))

    def shows(self, *texts: str) -> Any:
        """A condition: every one of `texts` is on the page."""
        return lambda: all(t in self.text() for t in texts)

    async def wait_text(self, *texts: str, timeout: float = WAIT) -> None:
        await self.wait_for(lambda: all(t in self.text() for t in texts), f"{texts!r}", timeout)

    async def wait_closed(self, timeout: float = WAIT) -> None:
        await self.wait_for(lambda: self.closed, "the page's websocket to close", timeout)

    async def keys(self, data: str) -> None:
        """What xterm.js sends when the player types: one `stdin` message."""
        await self.ws.send_str(json.dumps(["stdin", data]))

    async def keys_until(self, data: str, condition: Any, what: str, timeout: float = WAIT) -> None:
        """Type `data` until `condition()` holds. A screen that has just opened ignores keys for
        half a second (so a key meant for the last screen does not act on it), and nothing on the
        page says when that ends: keys that were dropped are typed again, so `data` must be safe to
        repeat (start a menu walk with Home)."""
        end = time.monotonic() + timeout
        while True:
            await self.keys(data)
            try:
                await self.wait_for(condition, what, timeout=min(1.0, max(end - time.monotonic(), 0.01)))
                return
            except AssertionError:
                if time.monotonic() > end:
                    raise

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()
        self._reader.cancel()
        with contextlib.suppress(BaseException):
            await self._reader
        await self.http.close()
