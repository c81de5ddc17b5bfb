"""The SSH side of the game host. asyncssh is imported inside functions only.

`start_host(options)` opens the listener and returns a `Host`: it admits sessions up to
`max_sessions`, gives each a fresh game in its own pty (`child.GameProcess`), and logs one line per
session when it ends. The asyncssh connection and session classes are in `ssh.py`, imported when
serving starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from chaigames.hosting import DataDirError
from chaigames.hosting.arguments import FOLDER_LIMIT
from chaigames.hosting.child import SESSION_MEMORY
from chaigames.hosting.environment import child_environment
from chaigames.hosting.forks import ForkServer
from chaigames.names import clean_name

from .keys import AuthorizedKeys
from .registry import TableRegistry, TableSettings, table_environment
from .tables import PROFILE_ENV as TABLE_PROFILE_ENV

log = logging.getLogger("chaigames.serve")

# Sent to the client when a game ends without restoring the terminal itself (hang-up, kill):
# reset attributes, leave the alternate screen, mouse reporting and bracketed paste off, cursor on.
TERMINAL_RESET = b"\x1b[0m\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?2004l\x1b[?1049l\x1b[?25h\r\n"

CRASHED = "The game stopped unexpectedly, sorry. Your game was saved up to your last move.\r\n"

CIPHERS = ("aes128-gcm@openssh.com", "aes256-gcm@openssh.com", "aes128-ctr", "aes192-ctr", "aes256-ctr")
"""The ciphers the host offers, AES only. asyncssh's chacha20-poly1305 makes two cipher objects and a
Poly1305 in Python for every packet: about 40 us a packet here, against 6-9 us for AES-GCM or AES-CTR
(the processor's AES instructions). Every frame a game draws is two packets (asyncssh sends an empty
ignore packet before each one, for every cipher: RFC 4251's countermeasure for CBC, with no option to
turn it off), and an action at a table of four is a dozen frames. OpenSSH has had all of these since
6.2 (2013); an OpenSSH client takes AES-CTR (it lists CTR before GCM), asyncssh's takes AES-GCM."""
MACS = ("hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com", "hmac-sha2-256", "hmac-sha2-512")
"""The MACs for AES-CTR (GCM needs none). An OpenSSH client takes HMAC-SHA2-256, encrypt-then-MAC:
AES-CTR with it costs what AES-GCM does, 7-9 us a packet; with UMAC, which OpenSSH would take first, 12-14."""
NEEDS_TERMINAL = "chaigames needs a terminal: connect with `ssh -t -p PORT HOST` (and without a command).\r\n"


@dataclass
class HostOptions:
    """Everything `chaigames serve` decides; the command line fills it in."""

    data_dir: Path
    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None
    open: bool = False
    color: str = "256"
    max_sessions: int = 16
    idle_timeout: float | None = 30 * 60.0  # seconds of no keys from the player; None = never
    hangup_grace: float = 5.0  # seconds between SIGHUP and SIGKILL
    login_timeout: float = 60.0  # asyncssh's limit on authentication itself
    login_grace: float | None = 30.0  # seconds a connection may go without a game; None = forever
    max_pending: int = 8  # per address: connections not logged in yet; per player: logged in with no game
    keepalive_interval: float = 30.0  # a dead client is noticed after about 3 of these
    command: list[str] | None = None  # the game command; None = `python -m chaigames` (tests change it)
    tables: TableSettings = field(default_factory=TableSettings)
    table_keepalive: float = 3.0  # at a table a silent drop is noticed after about 3 of these
    session_memory: int | None = SESSION_MEMORY  # bytes of address space each game may take; None = no limit
    player_sessions: int = 4  # games at once per player: a key, or under --open a name at an address
    folder_limit: int | None = FOLDER_LIMIT  # bytes a player's folder may take before new games are refused


@dataclass
class Player:
    user: str
    key_fingerprint: str | None  # OpenSSH's "SHA256:..." form, as `ssh-keygen -l` prints it; None under --open
    folder: Path
    address: str

    def identity(self) -> tuple[str, str, bool]:
        """(identity, name, keyed) as tables know this player: the key with key auth, else the bare name."""
        name = clean_name(self.user)
        if self.key_fingerprint is not None:
            return f"key:{self.key_fingerprint}", name or "Player", True
        return f"open:{name}", name or "Guest", False


@dataclass
class SessionRecord:
    """What the one log line of a session says."""

    player: Player
    started: float = field(default_factory=time.time)
    ended: float | None = None
    reason: str = ""
    detail: str = ""  # after the reason: a crash's exit status and error line

    def line(self) -> str:
        def stamp(t: float | None) -> str:
            return datetime.fromtimestamp(t or time.time(), UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

        who = self.player.user or "-"
        key = f" key={self.player.key_fingerprint}" if self.player.key_fingerprint else " key=- (open)"
        seconds = (self.ended or time.time()) - self.started
        return (
            f"session user={who!r}{key} addr={self.player.address} start={stamp(self.started)} "
            f"end={stamp(self.ended)} seconds={seconds:.0f} ended={self.reason}"
            + (f" {self.detail}" if self.detail else "")
        )


class Host:
    """A running game host: its listener, its sessions and its limits."""

    def __init__(self, options: HostOptions, forks: ForkServer | None = None) -> None:
        self.options = options
        self.forks = forks  # where the games are forked from; None: each starts as its own process
        self.sessions: set[Any] = set()  # admitted sessions whose game is running or ending
        self.connections: set[Any] = set()  # open SSH connections, authenticated or not
        self.arriving: dict[str, list[Any]] = {}  # per client address: connections not logged in, oldest first
        self.pending: dict[Any, set[Any]] = {}  # per player: logged-in connections with no game
        self.port = options.port
        self.host_key_fingerprint = ""
        self.authorized: AuthorizedKeys | None = None
        self._acceptor: Any = None
        self._closing = False
        self._ending: set[asyncio.Task[None]] = set()
        self._changed = asyncio.Event()
        env = table_environment(child_environment(home=options.data_dir, term=None, color=options.color))
        if TABLE_PROFILE_ENV in os.environ:  # the host's admin asked for each table's profile
            env[TABLE_PROFILE_ENV] = os.environ[TABLE_PROFILE_ENV]
        self.registry = TableRegistry(options.data_dir, options.tables, env)

    # -- admission -----------------------------------------------------------------------------
    def admit(self, session: Any) -> bool:
        if self._closing or len(self.sessions) >= self.options.max_sessions:
            return False
        self.sessions.add(session)
        return True

    def player_full(self, session: Any) -> bool:
        """Whether this session's player (a key; under --open a name at an address) already has
        --sessions-per-player games running: one person never takes every game the host can run."""
        who = session.server.player_key
        return sum(1 for s in self.sessions if s.server.player_key == who) >= self.options.player_sessions

    def release(self, session: Any) -> None:
        self.sessions.discard(session)
        self._changed.set()

    async def wait_sessions(self, count: int, timeout: float) -> bool:
        """Wait (at most `timeout` seconds) until at most `count` sessions are left; True if so."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while len(self.sessions) > count:
            left = deadline - loop.time()
            if left <= 0:
                return False
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)
        return True

    def arrive(self, server: Any) -> Any:
        """Count a connection that has not logged in against its address. Past the cap the address's
        oldest such connection is returned, to be dropped: connections that never log in must not keep
        a real player (at the same address, or behind the same router) from logging in."""
        arriving = self.arriving.setdefault(server.ip, [])
        oldest = arriving.pop(0) if len(arriving) >= self.options.max_pending else None
        arriving.append(server)
        return oldest

    def logged_in(self, server: Any) -> None:
        arriving = self.arriving.get(server.ip)
        if arriving is not None and server in arriving:
            arriving.remove(server)
            if not arriving:
                del self.arriving[server.ip]

    def hold(self, server: Any, *, limit: bool = True) -> bool:
        """Count a logged-in connection that has no game against its player (a key; under --open a name
        at an address); False if that player is at the cap."""
        waiting = self.pending.setdefault(server.player_key, set())
        if limit and len(waiting) >= self.options.max_pending:
            return False
        waiting.add(server)
        return True

    def unhold(self, server: Any) -> None:
        self.logged_in(server)
        waiting = self.pending.get(server.player_key)
        if waiting is not None:
            waiting.discard(server)
            if not waiting:
                del self.pending[server.player_key]

    def track(self, task: asyncio.Task[None]) -> None:
        self._ending.add(task)
        task.add_done_callback(self._ending.discard)

    @property
    def children(self) -> list[int]:
        """Process ids of the games now running (tests and the benchmark look at them)."""
        games = [s.game for s in self.sessions if s.game is not None and s.game.returncode is None]
        return [game.pid for game in games if game.pid is not None]

    # -- shutdown ------------------------------------------------------------------------------
    async def close(self) -> None:
        """Stop listening, hang up every game (SIGHUP, then SIGKILL after the grace), close every connection."""
        self._closing = True
        if self._acceptor is not None:
            self._acceptor.close()  # existing connections stay open until we close them below
        for session in list(self.sessions):
            session.end("server shut down", "\r\nThe game host is shutting down. Your game is saved.\r\n")
        # Waits on the tasks still running, not on the set emptying: a finished task leaves the set
        # by a callback the loop runs later, and gathering only finished tasks (Python 3.12 answers
        # that at once, without yielding to the loop) would never let it run.
        ending = list(self._ending)
        while ending:
            await asyncio.gather(*ending, return_exceptions=True)
            ending = [task for task in self._ending if not task.done()]
        await self.registry.close()
        if self.forks is not None:
            self.forks.close()
        for conn in list(self.connections):
            conn.close()
        if self._acceptor is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), 2)


def plural(n: float, unit: str) -> str:
    return f"{n:g} {unit}{'' if n == 1 else 's'}"


def load_host_key(data_dir: Path) -> Any:
    """The host key under the data directory: generated on first start (ed25519), kept with mode 0600."""
    import asyncssh

    path = data_dir / "host_key"
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
        return key
    mode = path.stat().st_mode & 0o777
    if mode & 0o077:
        log.warning("host key %s was readable by others (mode %o): set to 0600", path, mode)
        path.chmod(0o600)
    return asyncssh.read_private_key(path)


async def start_host(options: HostOptions, forks: ForkServer | None = None) -> Host:
    """Open the listener; the returned Host serves until `await host.close()` (which stops `forks` too).

    `forks`: a fork server started before this (so it holds neither the host key nor the listening
    socket) to fork each session's game from; None starts each game as its own process."""
    import asyncssh

    host = Host(options, forks)
    if forks is not None:
        forks.listen()
    try:
        options.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = load_host_key(options.data_dir)
    except (OSError, ValueError) as exc:  # before listening, so it is never taken for a port problem
        reason = getattr(exc, "strerror", None) or str(exc)
        raise DataDirError(f"cannot use the data folder {options.data_dir}: {reason}") from None
    if not options.open:
        if options.authorized_keys is None:
            raise ValueError("key authentication needs an authorized-keys file (or --open)")
        host.authorized = AuthorizedKeys(options.authorized_keys)
    host.host_key_fingerprint = key.get_fingerprint("sha256")
    from .ssh import GameServer

    host._acceptor = await asyncssh.create_server(
        lambda: GameServer(host),
        options.host,
        options.port,
        server_host_keys=[key],
        encoding=None,
        line_editor=False,
        allow_pty=True,
        x11_forwarding=False,
        agent_forwarding=False,
        allow_scp=False,
        sftp_factory=None,
        public_key_auth=not options.open,
        password_auth=False,
        kbdint_auth=False,
        host_based_auth=False,
        gss_auth=False,
        gss_kex=False,
        encryption_algs=CIPHERS,
        mac_algs=MACS,
        login_timeout=options.login_timeout,
        keepalive_interval=options.keepalive_interval,
        reuse_address=True,
    )
    host.port = host._acceptor.get_port()
    await host.registry.restore()
    return host
