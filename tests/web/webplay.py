"""A test browser without a browser: `chaigames web` in a subprocess, and a page's websocket whose
frames feed a test terminal (tests/terminal.py), spoken as textual.js speaks it."""

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
from pathlib import Path

import aiohttp

from tests.terminal import WAIT, Terminal
from tests.wait import scaled, until_blocking

ROOT = Path(__file__).resolve().parents[2]


class WebHostProcess:
    """`python -m chaigames web --port 0 ...` on 127.0.0.1; its stderr is collected line by line."""

    def __init__(self, data_dir: Path, *args: str, port: int = 0) -> None:
        env = {k: v for k, v in os.environ.items() if k != "CHAIGAMES_HOME"}
        env["PYTHONPATH"] = str(ROOT)
        self.data_dir = data_dir
        self.cwd = data_dir.parent / "host-cwd"
        self.cwd.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "chaigames", "web", "--port", str(port), "--data-dir", str(data_dir), *args],
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
        """The first stderr line containing `text` (blocking: for start-up and plain threads)."""
        return until_blocking(
            lambda: next((line for line in list(self.lines) if text in line), None),
            f"a line with {text!r} from chaigames web",
            timeout=timeout,
            seen=lambda: "\n".join(self.lines),
            hopeless=lambda: self.proc.poll() is not None and not self._reader.is_alive(),
        )

    async def await_line(self, text: str, timeout: float = WAIT) -> str:
        return await asyncio.to_thread(self.wait_line, text, timeout)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(scaled(15))
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._reader.join(scaled(5))


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
