"""`chaigames serve`: host chaigames over SSH, so anyone with an SSH client can play.

This package imports asyncssh (an optional extra) only inside functions: `players`, `keys` and
`registry` use the standard library, `host` holds the asyncssh glue. What it shares with the web
host (the session's child process, its environment, the argument types) is in `chaigames.hosting`.
The command line hooks in through `DESCRIPTION`, `add_arguments(parser)` and `run(args)`.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from chaigames.hosting import DataDirError
from chaigames.hosting.arguments import (
    add_host_arguments,
    non_negative_int,
    parse_duration,
    parse_duration_seconds,
    positive_int,
)

if TYPE_CHECKING:
    from chaigames.hosting.forks import ForkServer

    from .host import HostOptions

NEEDS_EXTRA = "chaigames serve needs asyncssh: pip install 'chaigames[serve]'"

DESCRIPTION = """\
Host chaigames over SSH: anyone with an SSH client types `ssh -p 2222 HOST` and lands on
the chaigames menu, with nothing to install.

Each session must ask for a terminal (plain `ssh` does). It gets a fresh chaigames in its
own pseudo-terminal, with the client's TERM and window size, following window-size changes.
The game runs with a fixed, minimal environment: nothing the client sends (env requests such
as PYTHONPATH, LD_PRELOAD, CHAIGAMES_HOME) reaches it. One session's crash never touches
another. There is nothing but the game: shells, commands, port forwarding, SFTP, agent and
X11 forwarding are all refused, and the app offers no command that writes files on the server.
The games are forked from a fork server that has the game loaded, started before the host
reads its key or listens: a session reaches the menu sooner and shares that memory with the
others. The log says when the fork server stops and another is started; --no-fork-server
starts every game as a process of its own.

Players and saves:
  With key authentication (the default) a player is a public key: each key's SHA-256
  fingerprint has its own save folder under DATA_DIR/players/key/. The authorized-keys file is
  read again at every login: deleting a key's line revokes it, and a missing, empty,
  comment-only or unreadable file lets nobody in (the log says why). With --open anyone gets in
  without authentication and the user name picks the folder under DATA_DIR/players/open/
  (a readable part plus a short hash of the exact name, so distinct names never share one);
  names are not authenticated, so anyone can use any name. A dropped
  connection loses nothing: the game is saved after every action, and Continue on the main
  menu picks it up at the next login.

Tables (friends at one game, each on their own terminal):
  The menu offers "Open a table" and "Join a table". Whoever opens a table chooses the game, its
  options and which seats are for people and which for bots, and gets a short code to give the
  others; they type it (or pick the table from a list) and sit down. Each person sees only their
  own seat's view. A started or full table can be watched by spectators (--table-spectators
  each). Each table runs in its own process, saved under DATA_DIR/tables/ after every move and
  started again with the host; a table nobody is connected to is closed after
  --table-idle-timeout. A dropped person keeps their seat: with keys they log in again and pick
  "Back to your table"; under --open names are not authenticated, so a seat is reclaimed only
  with the seat code shown to its holder. In Chai Wallah the game pauses while a person is away
  and a bot takes a seat away longer than --away-to-bot. Each person may pause --pause-limit
  times a game. --idle-timeout counts at a table only while the game waits for that person.
  The table's messages travel over a private channel made for each session: there is no other
  listening socket than SSH's.

Safety:
  Binds 127.0.0.1 unless --host says otherwise. The host key is generated on first start and
  kept (mode 0600) in DATA_DIR/host_key. On disconnect the game gets SIGHUP, then SIGKILL
  after a grace period; no process is left behind. Past --max-sessions a new session is
  refused with a friendly line; a session with no keys for --idle-timeout is ended. A
  connection that has no game --login-grace after connecting (or after its last game) is
  closed; past --max-pending connections from one address that have not logged in the oldest
  is closed, and a player may hold at most that many logged-in connections without a game. A player
  (a key; under --open a name at an address) runs at most --sessions-per-player games at once, and
  past --folder-limit on their saves folder starts no new game (the games under way keep saving). One log
  line per session on stderr: user, key, address, start, end and why it ended (ended=crash when
  the game crashed: the player sees one friendly line, never the error).

Needs the serve extra: pip install 'chaigames[serve]'.

examples:
  chaigames serve                         # key auth from ~/.ssh/authorized_keys, 127.0.0.1:2222
  chaigames serve --host 0.0.0.0 --authorized-keys players.keys
  chaigames serve --open --color truecolor
  ssh -p 2222 localhost                   # then, from any machine that may reach it
"""

COLOR_CHOICES = ("256", "truecolor", "16")


def default_data_dir() -> Path:
    """Where the host keeps its key and the players' saves: $CHAIGAMES_HOME/serve, else the user data directory."""
    home = os.environ.get("CHAIGAMES_HOME")
    if home:
        return Path(home).expanduser() / "serve"
    import platformdirs

    return platformdirs.user_data_path("chaigames") / "serve"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_host_arguments(
        parser,
        port=2222,
        data_dir="host key and players' saves (default $CHAIGAMES_HOME/serve, else chaigames/serve "
        "in the user data directory)",
        max_sessions=16,
        when_full="the next session is refused with a friendly line",
        idle="end a session",
        folder="each player's",
    )
    parser.add_argument(
        "--authorized-keys",
        metavar="FILE",
        help="public keys allowed in, OpenSSH format; read again at every login, and a missing or empty file "
        "lets nobody in (default ~/.ssh/authorized_keys)",
    )
    parser.add_argument(
        "--open",
        action="store_true",
        help="let anyone in without authentication; the user name picks the save folder and is NOT authenticated",
    )
    parser.add_argument(
        "--color",
        choices=COLOR_CHOICES,
        default="256",
        help="colours the games render: 256 (default; every SSH terminal shows it right), "
        "truecolor (opt-in: SSH does not forward COLORTERM), 16",
    )
    parser.add_argument(
        "--login-grace",
        type=parse_duration,
        default=30.0,
        metavar="TIME",
        help="close a connection that has not started a game this long after connecting or after its last "
        "game: 90s, 2m, 0 = never (default 30s)",
    )
    parser.add_argument(
        "--max-tables",
        type=positive_int,
        default=8,
        metavar="N",
        help="tables open at once; opening one more is refused with a friendly line (default 8)",
    )
    parser.add_argument(
        "--table-spectators",
        type=non_negative_int,
        default=8,
        metavar="N",
        help="spectators each table may have, 0 = none (default 8)",
    )
    parser.add_argument(
        "--pause-limit",
        type=non_negative_int,
        default=3,
        metavar="N",
        help="times each person at a table may pause one game (default 3)",
    )
    parser.add_argument(
        "--away-to-bot",
        type=parse_duration_seconds,
        default=60.0,
        metavar="TIME",
        help="a person away from a real-time table this long is replaced by a normal bot: 60s, 2m, "
        "0 = never (default 60s)",
    )
    parser.add_argument(
        "--table-idle-timeout",
        type=parse_duration,
        default=30 * 60.0,
        metavar="TIME",
        help="save and close a table nobody is connected to after this long: 30m, 1h, 0 = never (default 30m)",
    )
    parser.add_argument(
        "--no-bell",
        dest="bell",
        action="store_false",
        help="do not ring the terminal bell when the game has waited for a person and it is their turn",
    )
    parser.add_argument(
        "--max-pending",
        type=positive_int,
        default=8,
        metavar="N",
        help="connections from one address that have not logged in (past it the oldest is closed), and "
        "logged-in connections without a game per player: a key, or under --open a name at an address "
        "(default 8)",
    )
    parser.add_argument(
        "--sessions-per-player",
        type=positive_int,
        default=4,
        metavar="N",
        help="games at once per player: a key, or under --open a name at an address; the next is refused "
        "with a friendly line (default 4)",
    )
    parser.add_argument(
        "--no-fork-server",
        dest="fork_server",
        action="store_false",
        help="start each game as a process of its own instead of forking it from a process that has "
        "the game loaded already (slower to start, more memory per game)",
    )


def run(args: argparse.Namespace) -> int:
    """`chaigames serve`: returns the exit status (2 when asyncssh is missing or an argument is wrong)."""
    try:
        import asyncssh  # noqa: F401
    except ImportError:
        print(NEEDS_EXTRA, file=sys.stderr)
        return 2
    import asyncio
    import logging

    from .host import HostOptions
    from .registry import TableSettings

    data_dir = Path(args.data_dir).expanduser() if args.data_dir else default_data_dir()
    if args.open and args.authorized_keys is not None:
        print(
            "chaigames serve: --open lets anyone in without a key, so it cannot go with --authorized-keys: choose one",
            file=sys.stderr,
        )
        return 2
    keys = Path(args.authorized_keys or "~/.ssh/authorized_keys").expanduser()
    if not args.open and not keys.is_file():
        print(
            f"chaigames serve: no authorized-keys file at {keys}: add the players' public keys there "
            "(--authorized-keys FILE), or let anyone in with --open",
            file=sys.stderr,
        )
        return 2
    options = HostOptions(
        data_dir=data_dir,
        host=args.host,
        port=args.port,
        authorized_keys=None if args.open else keys,
        open=args.open,
        color=args.color,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout,
        login_grace=args.login_grace,
        max_pending=args.max_pending,
        session_memory=args.session_memory,
        player_sessions=args.sessions_per_player,
        folder_limit=args.folder_limit,
        tables=TableSettings(
            max_tables=args.max_tables,
            spectators=args.table_spectators,
            pause_limit=args.pause_limit,
            away_to_bot=args.away_to_bot,
            bell=args.bell,
            idle_timeout=args.table_idle_timeout,
        ),
    )
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    forks = start_fork_server(options.color) if args.fork_server else None  # before the key and the socket
    try:
        asyncio.run(serve(options, forks))
    except DataDirError as exc:
        print(f"chaigames serve: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"chaigames serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # a broken key file and the like: one line, not a traceback
        print(f"chaigames serve: {exc}", file=sys.stderr)
        return 1
    finally:
        if forks is not None:
            forks.close()
    return 0


def start_fork_server(color: str) -> ForkServer | None:
    """The fork server every session's game is forked from, importing the app while the host starts;
    None (with a log line) where it cannot run: each game then starts as its own process."""
    import logging

    from chaigames.hosting.environment import child_environment
    from chaigames.hosting.forks import ForkServer, supported
    from chaigames.hosting.forkserver import PROFILE_ENV

    log = logging.getLogger("chaigames.serve")
    if not supported():
        log.info("no fork server on this system: each game starts as its own process")
        return None
    env = child_environment(home=Path(os.devnull), term=None, color=color)
    if PROFILE_ENV in os.environ:  # the host's admin asked for each session's profile
        env[PROFILE_ENV] = os.environ[PROFILE_ENV]
    try:
        return ForkServer(env)
    except OSError as exc:
        log.warning("fork server could not start (%s): each game starts as its own process", exc)
        return None


def startup_lines(options: HostOptions, port: int, fingerprint: str) -> list[str]:
    """What the host says when it starts: where to connect, how players are identified, warnings."""
    where = options.host if options.host not in ("", "0.0.0.0", "::") else "HOST"
    lines = [
        f"chaigames serve: listening on {options.host}:{port}; players connect with: ssh -p {port} {where}",
        f"host key {fingerprint} (in {options.data_dir / 'host_key'})",
        f"saves under {options.data_dir / 'players'}; colours {options.color}; at most {options.max_sessions} games",
        f"tables under {options.data_dir / 'tables'}; at most {options.tables.max_tables} open at once",
    ]
    if options.open:
        lines.append(
            "WARNING: --open: anyone who can reach this port gets in without authentication, and user "
            "names are NOT authenticated: anyone can use any name and continue that name's games."
        )
        if options.host not in ("127.0.0.1", "::1", "localhost"):
            lines.append(f"WARNING: --open on {options.host}: this is reachable from other machines.")
    else:
        lines.append(f"players: the public keys in {options.authorized_keys}")
    return lines


async def serve(options: HostOptions, forks: ForkServer | None = None) -> None:
    """Run the host until SIGINT, SIGTERM or SIGHUP, then hang up every game (each leaves its log line) and stop."""
    import asyncio
    import contextlib
    import signal

    from .host import start_host

    host = await start_host(options, forks)
    for line in startup_lines(options, host.port, host.host_key_fingerprint):
        print(line, file=sys.stderr, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # SIGHUP: the terminal it ran in closed
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        print("chaigames serve: shutting down", file=sys.stderr, flush=True)
        await host.close()
