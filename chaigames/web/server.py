"""The web host behind `chaigames web`: our page, textual-serve's terminal, one game per page.

textual-serve's own `Server` starts one app per websocket with no limit, points the page at a
`ws://` address built from the listening host (`ws://0.0.0.0:8000` behind `--host 0.0.0.0`), loads
a web font from the internet and accepts websockets from any web site. This module keeps what is
good in it, `AppService` (one app process and its packet protocol) and the browser terminal
(`textual.js`, which bundles xterm.js), and puts its own door around them:

- our page (`page.html`) with the font files bundled, and a Content-Security-Policy that lets the
  browser load nothing and connect nowhere but this host;
- the page's websocket address comes from `--public-url`, else from the address the browser used;
- a websocket whose Origin is not that page's is refused (403) before any app starts; a page
  reached by a host *name* needs `--public-url` (so a DNS-rebinding site cannot pass as us);
- at most `max_sessions` games at once, each ended after `idle_timeout` without a key;
- each game is `python -m chaigames.web.player ROOT` in its own process group with a fixed,
  minimal environment: it asks the player's name and saves only under ROOT.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gzip
import ipaddress
import json
import logging
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import IntEnum
from html import escape
from importlib.metadata import version
from pathlib import Path
from string import Template
from typing import Any
from urllib.parse import urlsplit

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from chaigames.hosting import DataDirError
from chaigames.hosting.arguments import FOLDER_LIMIT
from chaigames.hosting.child import SESSION_MEMORY, clamp_size, limit_memory
from chaigames.hosting.environment import child_environment

log = logging.getLogger("chaigames.web")

HERE = Path(__file__).resolve().parent
PAGE = Template((HERE / "page.html").read_text(encoding="utf-8"))
OUR_STATIC = HERE / "static"
TERMINAL_STATIC = Path(textual_serve.__file__).resolve().parent / "static"
TERMINAL_SCRIPT = TERMINAL_STATIC / "js" / "textual.js"

MAX_MESSAGE = 64 * 1024  # a key, a paste or a resize: nothing a player sends is larger
DEFAULT_FONT_SIZE = 16
TITLE_META = "chaigames-title"  # the game's meta packet that names the page's tab (see screens.app)
MAX_TITLE = 120


class Closed(IntEnum):
    """Why a page's game closed, as the websocket's close code: the page shows words of its own for each."""

    QUIT = 1000  # the player quit chaigames
    STOPPING = 1001  # the server is stopping
    ERROR = 1011  # the game crashed
    FULL = 1013  # every game this server allows is in use (try again later)
    IDLE = 4408  # no key for --idle-timeout; the close reason says how long, in words


@dataclass
class WebOptions:
    """Everything `chaigames web` decides; the command line fills it in."""

    data_dir: Path  # saves go to data_dir / "web" / <name folder>
    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str | None = None  # http(s)://NAME[:PORT][/PATH], as browsers reach the page
    max_sessions: int = 8
    idle_timeout: float | None = 30 * 60.0  # seconds without a key; None = never
    stop_grace: float = 5.0  # seconds a game has to quit before it is killed
    command: list[str] | None = None  # the game command; None = `python -m chaigames.web.player ROOT`
    session_memory: int | None = SESSION_MEMORY  # bytes of address space each game may take; None = no limit
    folder_limit: int | None = FOLDER_LIMIT  # bytes a name's folder may take before new games are refused

    @property
    def saves_root(self) -> Path:
        return self.data_dir / "web"


# -- addresses and origins -------------------------------------------------------------------------
def origin_of(url: str) -> str | None:
    """`scheme://host[:port]` of a URL, lower case, default port left out; None if it has no host."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if scheme not in ("http", "https", "ws", "wss") or not host:
        return None
    netloc = f"[{host}]" if ":" in host else host
    if port is not None and port != (443 if scheme in ("https", "wss") else 80):
        netloc += f":{port}"
    return f"{scheme}://{netloc}"


def is_literal_address(host_header: str) -> bool:
    """Whether a Host header names this machine by an IP address or `localhost`, not by a DNS name.

    A name could be anybody's: a site that points its own name at 127.0.0.1 (DNS rebinding) sends
    a matching Origin and Host. Serving a name needs `--public-url`, which says which name is ours.
    """
    try:
        host = urlsplit(f"http://{host_header}").hostname
    except ValueError:
        return False
    if not host:
        return False
    if host == "localhost":
        return True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def page_base(host_header: str | None, public_url: str | None) -> str | None:
    """The page's own URL without a trailing slash, as the browser reached it; None if we will not serve it."""
    if public_url:
        return public_url.rstrip("/")
    if not host_header or not is_literal_address(host_header):
        return None
    return f"http://{host_header}"


def websocket_url(base: str) -> str:
    """ws:// for an http page, wss:// for an https one."""
    scheme, _, rest = base.partition("://")
    return f"{'wss' if scheme.lower() == 'https' else 'ws'}://{rest}/ws"


def origin_allowed(origin: str | None, base: str | None) -> bool:
    """Only our own page may open a game: the browser's Origin must be the page's origin exactly."""
    if not origin or not base:
        return False
    ours = origin_of(base)
    return ours is not None and origin_of(origin) == ours


def content_policy(ws_url: str) -> str:
    """The page may load only our own files and connect only to our own websocket."""
    return (
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; "
        f"img-src 'self' data:; connect-src {origin_of(ws_url)}; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    )


def to_int(text: str | None, default: int) -> int:
    try:
        return int(text or "")
    except ValueError:
        return default


def duration_words(seconds: float) -> str:
    minutes = seconds / 60
    if minutes >= 1 and minutes == int(minutes):
        return f"{int(minutes)} minute{'s' if minutes != 1 else ''}"
    return f"{seconds:g} second{'s' if seconds != 1 else ''}"


# -- the game behind one page ----------------------------------------------------------------------
def player_command(saves_root: Path) -> list[str]:
    return [sys.executable, "-m", "chaigames.web.player", str(saves_root)]


def player_environment(saves_root: Path, folder_limit: int | None = None) -> dict[str, str]:
    """The whole environment of a served game, as for `serve` (nothing of the host's own leaks in),
    plus what Textual's web driver needs. HOME and the working folder are the saves root, and no
    byte code is written: the game writes nothing on the host but the player's saves. Past
    `folder_limit` bytes in a name's folder that name starts no new game."""
    env = child_environment(home=saves_root, term=None, color="truecolor", folder_limit=folder_limit)
    env.update(
        TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
        TEXTUAL_FPS="60",
        TERM_PROGRAM="textual",
        TERM_PROGRAM_VERSION=version("textual-serve"),
        PYTHONDONTWRITEBYTECODE="1",
    )
    return env


class PlayerService(AppService):
    """textual-serve's `AppService`, but the app is started without a shell, with our environment
    and working folder, in a process group of its own (so nothing it starts outlives it)."""

    def __init__(
        self,
        argv: list[str],
        env: dict[str, str],
        cwd: Path,
        memory_limit: int | None = SESSION_MEMORY,
        **kw: Any,
    ) -> None:
        super().__init__(" ".join(argv), **kw)
        self.argv = argv
        self.env = env
        self.cwd = cwd
        self.memory_limit = memory_limit
        self.process: asyncio.subprocess.Process | None = None
        self.quit_by_player = False  # the app said it exits (the player chose Quit)

    async def on_meta(self, data: bytes) -> None:
        """The game's own messages: it quits, or the tab's title changes (passed to the page as
        `["title", TEXT]`); the rest is textual-serve's."""
        try:
            meta = json.loads(data)
            kind = meta.get("type")
        except (ValueError, TypeError, AttributeError):
            return
        if kind == "exit":  # the page is closed once the game has ended: `WebSession.watch` says why
            self.quit_by_player = True
            return
        if kind == TITLE_META:
            title = meta.get("title")
            if isinstance(title, str):
                await self.remote_write_str(json.dumps(["title", title[:MAX_TITLE]]))
            return
        await super().on_meta(data)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        env = dict(self.env, COLUMNS=str(width), ROWS=str(height))
        self.process = self._process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
            cwd=self.cwd,
            start_new_session=True,
            preexec_fn=functools.partial(limit_memory, self.memory_limit),
        )
        assert self.process.stdin is not None
        self._stdin = self.process.stdin
        return self.process

    def kill(self) -> None:
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)


@dataclass(eq=False)
class WebSession:
    """One page's game: its websocket, its app process, and the one log line it leaves."""

    host: WebHost
    ws: web.WebSocketResponse
    address: str
    started: float = field(default_factory=time.time)
    last_key: float = field(default_factory=time.monotonic)
    reason: str = "closed"
    pid: int | None = None
    drawn: bool = False  # whether the game has shown anything yet (a loaded host starts games slowly)

    async def run(self, columns: int, lines: int) -> None:
        options = self.host.options
        root = options.saves_root
        service = PlayerService(
            options.command or player_command(root),
            player_environment(root, options.folder_limit),
            root,
            memory_limit=options.session_memory,
            write_bytes=self.send_screen,
            write_str=self.ws.send_str,
            close=self.ws.close,
            download_manager=self.host.downloads,
        )
        await service.start(columns, lines)
        assert service.process is not None
        self.pid = service.process.pid
        watch = asyncio.create_task(self.watch(service.process))
        try:
            async for message in self.ws:
                if message.type == WSMsgType.TEXT:
                    await self.handle(message.data, service)
        finally:
            watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watch
            if service.quit_by_player:
                self.reason = "quit"
            await self.stop(service)

    async def handle(self, text: str, service: PlayerService) -> None:
        """One message of textual.js: keys, a new size, a ping, focus. Anything else is ignored."""
        try:
            envelope = json.loads(text)
            kind = envelope[0]
        except (ValueError, TypeError, LookupError):
            return
        data = envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(data, str):
            self.last_key = time.monotonic()
            await service.send_bytes(data.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(data, dict):
            columns, lines = clamp_size(to_int(str(data.get("width")), 80), to_int(str(data.get("height")), 24))
            await service.set_terminal_size(columns, lines)
        elif kind == "ping" and isinstance(data, str):
            await self.ws.send_json(["pong", data[:64]])
        elif kind == "blur":
            await service.blur()
        elif kind == "focus":
            await service.focus()

    async def send_screen(self, data: bytes) -> None:
        """What the game draws, to the page; --idle-timeout counts from its first screen."""
        if not self.drawn:
            self.drawn = True
            self.last_key = time.monotonic()
        await self.ws.send_bytes(data)

    def idle_left(self) -> float | None:
        timeout = self.host.options.idle_timeout
        if timeout is None or not self.drawn:  # nothing on the page to answer yet: a whole timeout left
            return timeout
        return timeout - (time.monotonic() - self.last_key)

    async def watch(self, process: asyncio.subprocess.Process) -> None:
        """Close the page when the game ends by itself, or after `idle_timeout` without a key."""
        exited = asyncio.ensure_future(process.wait())
        try:
            while True:
                left = self.idle_left()
                done, _ = await asyncio.wait({exited}, timeout=None if left is None else max(left, 0))
                if done:
                    quit = process.returncode == 0
                    self.reason = "quit" if quit else f"crash (status {process.returncode})"
                    code, why = (Closed.QUIT, "quit") if quit else (Closed.ERROR, "error")
                    break
                left = self.idle_left()
                if left is not None and left <= 0:
                    self.reason = "idle"
                    code, why = Closed.IDLE, duration_words(self.host.options.idle_timeout or 0)
                    break
            await self.ws.close(code=code, message=why.encode())
        finally:
            exited.cancel()

    async def stop(self, service: PlayerService) -> None:
        """Ask the game to quit (it saves after every move anyway); kill its group if it will not."""
        grace = self.host.options.stop_grace
        with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):
            await asyncio.wait_for(service.stop(), grace)
        process = service.process
        if process is not None and process.returncode is None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), grace)
        service.kill()  # the game, if still there, and anything it left in its group
        if process is not None:
            await process.wait()

    def line(self) -> str:
        def stamp(t: float) -> str:
            return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

        now = time.time()
        return (
            f"web session addr={self.address} pid={self.pid} start={stamp(self.started)} end={stamp(now)} "
            f"seconds={now - self.started:.0f} ended={self.reason}"
        )


NAME_NEEDS_PUBLIC_URL = (
    "chaigames web: this page is served by the server's address (for example http://127.0.0.1:8000/). "
    "To serve it under a name, start chaigames web with --public-url http://NAME:PORT\n"
)


# -- the host --------------------------------------------------------------------------------------
class WebHost:
    """The listening web server and its games. `await start_web(options)` makes one."""

    def __init__(self, options: WebOptions) -> None:
        self.options = options
        self.sessions: set[WebSession] = set()
        self.downloads = DownloadManager()  # required by AppService; our app delivers no files
        self.port = options.port
        self.terminal_script_gz: bytes | None = None
        app = web.Application()
        app.add_routes(
            [
                web.get("/", self.handle_page),
                web.get("/ws", self.handle_websocket),
                web.get("/static/textual/js/textual.js", self.handle_terminal_script),
                web.static("/static/chaigames", OUR_STATIC),
                web.static("/static/textual", TERMINAL_STATIC),
            ]
        )
        self.runner = web.AppRunner(app, access_log=None, shutdown_timeout=2.0)

    async def start(self) -> None:
        try:
            self.options.saves_root.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:  # before listening, so it is never taken for a port problem
            reason = exc.strerror or str(exc)
            raise DataDirError(f"cannot use the data folder {self.options.data_dir}: {reason}") from None
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.options.host, self.options.port)
        await site.start()
        self.port = self.runner.addresses[0][1]

    async def close(self) -> None:
        """Close every page's game, then stop listening."""
        for session in list(self.sessions):
            session.reason = "host closed"
            with contextlib.suppress(Exception):
                await session.ws.close(code=Closed.STOPPING, message=b"server stopping")
        deadline = time.monotonic() + self.options.stop_grace * 2 + 1
        while self.sessions and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await self.runner.cleanup()

    async def handle_page(self, request: web.Request) -> web.Response:
        base = page_base(request.host, self.options.public_url)
        if base is None:
            return web.Response(status=421, text=NAME_NEEDS_PUBLIC_URL)
        ws_url = websocket_url(base)
        font_size = min(max(to_int(request.query.get("fontsize"), DEFAULT_FONT_SIZE), 8), 48)
        body = PAGE.substitute(websocket_url=escape(ws_url, quote=True), font_size=font_size)
        return web.Response(
            text=body,
            content_type="text/html",
            charset="utf-8",
            headers={
                "Content-Security-Policy": content_policy(ws_url),
                "X-Content-Type-Options": "nosniff",
                "Referrer-Policy": "no-referrer",
                "Cache-Control": "no-store",
            },
        )

    async def handle_terminal_script(self, request: web.Request) -> web.Response:
        """textual.js (half a megabyte, xterm.js inside), gzip-compressed for a browser that takes gzip:
        compressed once, the first time a page asks."""
        headers = {"Vary": "Accept-Encoding", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"}
        if "gzip" not in request.headers.get("Accept-Encoding", "").lower():
            return web.Response(body=TERMINAL_SCRIPT.read_bytes(), content_type="text/javascript", headers=headers)
        if self.terminal_script_gz is None:
            self.terminal_script_gz = await asyncio.to_thread(gzip.compress, TERMINAL_SCRIPT.read_bytes(), 9, mtime=0)
        headers["Content-Encoding"] = "gzip"
        return web.Response(body=self.terminal_script_gz, content_type="text/javascript", headers=headers)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or "-"
        origin = request.headers.get("Origin")
        if not origin_allowed(origin, page_base(request.host, self.options.public_url)):
            log.info("web refused addr=%s origin=%r host=%r: not our page", address, origin, request.host)
            return web.Response(status=403, text="chaigames web: games open only from this server's own page\n")
        ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_MESSAGE)
        if len(self.sessions) >= self.options.max_sessions:
            log.info(
                "web refused addr=%s: full (%d of %d at once)", address, len(self.sessions), self.options.max_sessions
            )
            await ws.prepare(request)
            await ws.close(code=Closed.FULL, message=b"full")
            return ws
        # The table is taken before the handshake is answered: no page can slip in between.
        session = WebSession(self, ws, address)
        self.sessions.add(session)
        try:
            await ws.prepare(request)
            columns, lines = clamp_size(to_int(request.query.get("width"), 80), to_int(request.query.get("height"), 24))
            await session.run(columns, lines)
        except Exception:
            session.reason = "error"
            log.exception("web session addr=%s failed", address)
        finally:
            self.sessions.discard(session)
            log.info("%s", session.line())
        return ws


async def start_web(options: WebOptions) -> WebHost:
    host = WebHost(options)
    await host.start()
    return host
