"""`chaigames web`: serve chaigames to web browsers, one game per page, with Textual's textual-serve.

The command line hooks in through `DESCRIPTION`, `add_arguments(parser)` and `run(args)`; this
module uses the standard library only. textual-serve and aiohttp (the `web` extra) are imported
inside `run`, and the Textual front end only by the served game (`player`).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from chaigames.hosting import DataDirError
from chaigames.hosting.arguments import add_host_arguments

if TYPE_CHECKING:
    from .server import WebOptions

NEEDS_EXTRA = "chaigames web needs textual-serve: pip install 'chaigames[web]'"

DESCRIPTION = """\
Serve chaigames to web browsers: anyone who can reach the page plays any of the three games
with the keyboard, with nothing to install. Each page gets a fresh chaigames of its own.

Players and saves:
  The page asks for the player's name first; that name's saves are kept in a folder of its
  own under DATA_DIR/web/. Names are NOT authenticated: anyone who types a name can continue
  that name's games. The game writes nothing else on this machine and opens no browser here.

Safety:
  Binds 127.0.0.1 unless --host says otherwise. The page loads nothing from the internet (its
  font is bundled) and games open only from this server's own page: a websocket from another
  web site is refused. Behind --host 0.0.0.0, browsers reach the page by this machine's
  address; to serve it under a name, or behind a proxy with https, give --public-url. Past
  --max-sessions a new page is told every game is in use; a game with no key for
  --idle-timeout is closed (it is saved after every move). One log line per game on stderr.

Needs the web extra: pip install 'chaigames[web]'.

examples:
  chaigames web                           # http://127.0.0.1:8000/ on this machine
  chaigames web --host 0.0.0.0 --port 8080 --max-sessions 4
  chaigames web --host 0.0.0.0 --public-url https://games.example.org
"""


def default_data_dir() -> Path:
    """$CHAIGAMES_HOME, else the user data directory: the saves go to its `web` folder."""
    home = os.environ.get("CHAIGAMES_HOME")
    if home:
        return Path(home).expanduser()
    import platformdirs

    return platformdirs.user_data_path("chaigames")


def public_url(text: str) -> str:
    """An http(s) URL with a host, as browsers reach the page: no query, no fragment."""
    try:
        parts = urlsplit(text.strip())
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a URL: {text!r}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise argparse.ArgumentTypeError(
            f"--public-url must look like http://NAME:PORT or https://NAME/PATH, got {text!r}"
        )
    return parts.geturl().rstrip("/")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_host_arguments(
        parser,
        port=8000,
        data_dir="saves go to DIR/web/ (default $CHAIGAMES_HOME, else chaigames in the user data directory)",
        max_sessions=8,
        when_full="the next page is told every game is in use",
        idle="close a game",
        folder="each name's",
    )
    parser.add_argument(
        "--public-url",
        type=public_url,
        metavar="URL",
        help="the page's address as browsers reach it (a name, a proxy, https); "
        "default: whatever address the browser used",
    )


def run(args: argparse.Namespace) -> int:
    """`chaigames web`: returns the exit status (2 when the web extra is missing)."""
    try:
        import aiohttp  # noqa: F401
        import textual_serve  # noqa: F401
    except ImportError:
        print(NEEDS_EXTRA, file=sys.stderr)
        return 2
    import asyncio
    import logging

    from .server import WebOptions

    options = WebOptions(
        data_dir=Path(args.data_dir).expanduser() if args.data_dir else default_data_dir(),
        host=args.host,
        port=args.port,
        public_url=args.public_url,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout,
        session_memory=args.session_memory,
        folder_limit=args.folder_limit,
    )
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("aiohttp").setLevel(logging.WARNING)
    try:
        asyncio.run(serve(options))
    except DataDirError as exc:
        print(f"chaigames web: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"chaigames web: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


def startup_lines(options: WebOptions, port: int) -> list[str]:
    """What the host says when it starts: the address to open, where saves go, warnings."""
    everywhere = options.host in ("", "0.0.0.0", "::")
    if options.public_url:
        address = options.public_url + "/"
    else:
        shown = "THIS-MACHINE'S-ADDRESS" if everywhere else options.host
        shown = f"[{shown}]" if ":" in shown else shown
        address = f"http://{shown}:{port}/"
    lines = [
        f"chaigames web: serving on {options.host}:{port}; players open {address} in a browser",
        f"saves under {options.saves_root}; at most {options.max_sessions} games at once",
        "WARNING: names are NOT authenticated: anyone who can open the page can play under any "
        "name and continue that name's games.",
    ]
    if everywhere and not options.public_url:
        lines.append(
            "players reach the page by this machine's IP address; to serve it under a name, "
            "or behind an https proxy, give --public-url"
        )
    if options.host not in ("127.0.0.1", "::1", "localhost"):
        lines.append(f"WARNING: on {options.host} the page is reachable from other machines, over plain http.")
    return lines


async def serve(options: WebOptions) -> None:
    """Run the web host until SIGINT, SIGTERM or SIGHUP, then close every game (each leaves its log line) and stop."""
    import asyncio
    import contextlib
    import signal

    from .server import start_web

    host = await start_web(options)
    for line in startup_lines(options, host.port):
        print(line, file=sys.stderr, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # SIGHUP: the terminal it ran in closed
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        print("chaigames web: shutting down", file=sys.stderr, flush=True)
        await host.close()
