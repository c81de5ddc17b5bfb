"""The asyncssh glue of the game host: one SSH connection (`GameServer`) and its session channels
(`GameSession`, one game each in its own pty).

asyncssh is imported at the top of this module: `host.start_host` imports it only when serving, so
importing the rest of `chaigames.serve` needs no asyncssh.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import asyncssh

from chaigames.hosting.child import GameProcess, exit_status
from chaigames.hosting.environment import child_environment

from .host import CRASHED, NEEDS_TERMINAL, TERMINAL_RESET, Host, Player, SessionRecord, log, plural
from .offscreen import OffScreen
from .players import adopt_old_folder, key_id, player_folder
from .registry import HOST_FD_ENV, Link

USER_NAME_REFUSED = "That user name cannot be used here: letters, digits and simple punctuation only."
USER_NAME_TOO_LONG = "That user name is too long to be used here."


def readable_refusals(conn: Any) -> None:
    """Say a refused user name in words. asyncssh checks the name (SASLprep: an emoji, a control
    character, a name that is not UTF-8) before any `SSHServer` callback and disconnects with the
    checker's own message (`Unassigned character: '\\360\\237...'`); no public hook sees it first, so
    the one disconnect of that kind is reworded on its way out. Should asyncssh change, the refusal
    still happens, in its words."""
    send = getattr(conn, "_send_disconnect", None)
    if send is None:
        return

    def send_in_words(code: int, reason: str, lang: str) -> None:
        if code == asyncssh.DISC_ILLEGAL_USER_NAME:
            reason = USER_NAME_TOO_LONG if "too long" in reason else USER_NAME_REFUSED
        send(code, reason, lang)

    conn._send_disconnect = send_in_words


class GameServer(asyncssh.SSHServer):
    """One SSH connection: who the player is; games only, nothing else."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.conn: Any = None
        self.ip = "?"
        self.address = "?"
        self.user = ""
        self.key_fingerprint: str | None = None
        self.key_folder: str | None = None
        self.games = 0  # games running on this connection
        self.authenticated = False
        self.keys_refused = 0  # keys offered that the authorized-keys file does not hold
        self._grace: asyncio.TimerHandle | None = None

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        readable_refusals(conn)
        self.host.connections.add(conn)
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.ip = str(peer[0])
        self.address = f"{peer[0]}:{peer[1]}"
        oldest = self.host.arrive(self)
        if oldest is not None:
            cap = self.host.options.max_pending
            log.info(
                "connection addr=%s closed: %d newer connections from this address have not logged in",
                oldest.address,
                cap,
            )
            reason = "too many connections from your address that have not logged in"
            asyncio.get_running_loop().call_soon(oldest._drop, asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)
        self._start_grace()

    @property
    def player_key(self) -> tuple[str, ...]:
        """Who this connection is, for the cap on connections without a game: its key; under --open,
        where nobody is authenticated, its name at its address."""
        if self.key_fingerprint is not None:
            return ("key", self.key_fingerprint)
        return ("open", self.user, self.ip)

    def auth_completed(self) -> None:
        self.authenticated = True
        self.host.logged_in(self)
        if self.games or self.host.hold(self):
            return
        cap = self.host.options.max_pending
        log.info(
            "connection user=%r addr=%s refused: %d connections of this player have no game",
            self.user[:64],
            self.address,
            cap,
        )
        reason = "too many of your connections without a game"
        asyncio.get_running_loop().call_soon(self._drop, asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.authenticated and self.user:  # a login that was tried and refused leaves its line
            why = f"{self.keys_refused} key(s) not authorized" if self.keys_refused else "no authorized key offered"
            log.info("login user=%r addr=%s refused: %s", self.user[:64], self.address, why)
        elif isinstance(exc, asyncssh.IllegalUserName):  # refused before begin_auth, so self.user is unset
            log.info("login addr=%s refused: a user name that cannot be used: %r", self.address, exc.reason[:80])
        self.host.connections.discard(self.conn)
        self.host.unhold(self)
        self._stop_grace()

    # -- a connection must play: login grace and the per-address cap -------------------------
    def _start_grace(self) -> None:
        grace = self.host.options.login_grace
        if grace:
            self._grace = asyncio.get_running_loop().call_later(grace, self._grace_over)

    def _stop_grace(self) -> None:
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None

    def _grace_over(self) -> None:
        self._grace = None
        if self.games:
            return
        grace = self.host.options.login_grace or 0
        said = plural(grace, "second")
        log.info("connection user=%r addr=%s closed: no game within %s", self.user[:64], self.address, said)
        self._drop(asyncssh.DISC_BY_APPLICATION, f"no game started within {said}")

    def _drop(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            self.conn.disconnect(code, reason)

    def game_started(self) -> None:
        self.games += 1
        self.host.unhold(self)
        self._stop_grace()

    def game_ended(self) -> None:
        self.games -= 1
        if self.games == 0 and self.conn in self.host.connections:
            self.host.hold(self, limit=False)  # it is here already; it has the grace to start another
            self._start_grace()

    def begin_auth(self, username: str) -> bool:
        self.user = username
        return not self.host.options.open  # --open: no authentication at all

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return not self.host.options.open

    def validate_public_key(self, username: str, key: Any) -> bool:
        authorized = self.host.authorized
        if authorized is None or not authorized.allows(key, self.address.rpartition(":")[0]):
            self.keys_refused += 1
            return False
        # The last key accepted before auth completes is the one that signed: it names the player.
        self.key_fingerprint = key.get_fingerprint("sha256")
        self.key_folder = key_id(key.public_data)
        return True

    def validate_ca_key(self, username: str, key: Any) -> bool:
        return False

    def session_requested(self) -> Any:
        opts = self.host.options
        if not opts.open and self.key_folder is None:
            return False  # cannot happen after key auth; never fall back to a shared folder
        if opts.open:
            folder = player_folder(opts.data_dir, user=self.user)
        else:
            folder = player_folder(opts.data_dir, key=self.key_folder)
        player = Player(self.user, None if opts.open else self.key_fingerprint, folder, self.address)
        return GameSession(self.host, self, player)

    # Nothing but the game: no port forwarding either way, no Unix sockets, no tunnels.
    def connection_requested(self, *args: Any) -> bool:
        return False

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False

    def tun_requested(self, *args: Any) -> bool:
        return False

    def tap_requested(self, *args: Any) -> bool:
        return False


class GameSession(asyncssh.SSHServerSession):
    """One SSH session channel = one game in its own pty."""

    def __init__(self, host: Host, server: GameServer, player: Player) -> None:
        self.host = host
        self.server = server
        self.player = player
        self.offscreen = OffScreen()
        self.record = SessionRecord(player)
        self.chan: Any = None
        self.term: str | None = None
        self.size = (80, 24)
        self.game: GameProcess | None = None
        self.link: Link | None = None  # the private channel to the host's tables
        self.admitted = False
        self.finished = False
        self.logged = False
        self.last_input = time.monotonic()
        self.drawn = False  # whether the game has shown anything yet (a loaded host starts games slowly)
        self._idle_timer: asyncio.TimerHandle | None = None
        self._ending: asyncio.Task[None] | None = None

    # -- requests --------------------------------------------------------------------------
    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.term = term_type or ""
        self.size = (term_size[0], term_size[1])
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width, height)
        if self.game is not None:
            self.game.resize(width, height)

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.record.reason = "refused: exec request"
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        self.record.reason = f"refused: subsystem {subsystem[:20]!r}"
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """The client may not signal the game."""

    def eof_received(self) -> bool:
        return True  # keep the channel; the game decides when it is over

    # -- the game --------------------------------------------------------------------------
    def session_started(self) -> None:
        if self.term is None:
            self.refuse("refused: no terminal", NEEDS_TERMINAL)
            return
        if self.host.player_full(self):
            cap = plural(self.host.options.player_sessions, "game")
            self.refuse(
                f"refused: this player has {cap} running",
                f"You already have {cap} running on this host, the most one player may have. "
                "Finish or leave one of them, then connect again.\r\n",
            )
            return
        if not self.host.admit(self):
            limit = self.host.options.max_sessions
            self.refuse(
                "refused: host full",
                f"The chaigames host is full ({limit} game{'s' if limit != 1 else ''} running). "
                "Please try again in a few minutes.\r\n",
            )
            return
        self.admitted = True
        opts = self.host.options
        self.link, theirs = self.host.registry.channel(*self.player.identity())
        self.link.on_table = self._at_table
        try:
            if opts.open:
                self._adopt_old_folder()
            self.player.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            env = child_environment(
                home=self.player.folder, term=self.term, color=opts.color, folder_limit=opts.folder_limit
            )
            env[HOST_FD_ENV] = str(theirs.fileno())
            self.game = GameProcess(
                env=env,
                cwd=self.player.folder,
                columns=self.size[0],
                lines=self.size[1],
                on_output=self._output,
                on_exit=self._game_exited,
                command=opts.command,
                pass_fds=(theirs.detach(),),  # the game's now: closed once the child has its copy
                memory_limit=opts.session_memory,
                forks=self.host.forks,
                on_start_failed=self._start_failed,
            )
        except Exception as exc:  # a full disk, no ptys left, a broken interpreter: this session only
            log.warning("game failed to start for %s: %s", self.player.address, exc)
            self.host.registry.detach(self.link)
            self.host.release(self)
            self.refuse(f"game failed to start: {exc}", "The game could not start. Please try again later.\r\n")
            return
        finally:
            theirs.close()  # unless the game took it: the host keeps only its end
        self.game.on_input_drained = self._input_drained
        self.server.game_started()
        if opts.idle_timeout:
            self._idle_timer = asyncio.get_running_loop().call_later(opts.idle_timeout, self._check_idle)

    def _start_failed(self, exc: Exception) -> None:
        """The game could not start after all (its fork server failed, and so did a process of its own)."""
        log.warning("game failed to start for %s: %s", self.player.address, exc)
        self.record.reason = f"game failed to start: {exc}"
        self._send(b"The game could not start. Please try again later.\r\n")
        self._finish(1)

    def _adopt_old_folder(self) -> None:
        """A folder under the old --open naming becomes this player's, saves and all (see players.py)."""
        try:
            moved = adopt_old_folder(self.host.options.data_dir, self.player.user)
        except OSError as exc:
            log.warning("could not move the old folder of user %r: %s", self.player.user[:64], exc)
            return
        if moved is not None:
            log.info("user %r: old save folder moved to %s", self.player.user[:64], moved.name)

    def refuse(self, reason: str, message: str) -> None:
        self.record.reason = reason
        self._send(message.encode())
        with contextlib.suppress(Exception):
            self.chan.exit(1)
        self._log()

    def _send(self, data: bytes) -> None:
        """Write to the client unless its channel is already closing (then the bytes have nowhere to go)."""
        with contextlib.suppress(OSError, asyncssh.Error):
            self.chan.write(data)

    def _output(self, data: bytes) -> None:
        if not self.finished:
            shown = self.offscreen.feed(data)
            if shown:
                if not self.drawn:  # --idle-timeout counts from the first screen the player can answer
                    self.drawn = True
                    self.last_input = time.monotonic()
                self._send(shown)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self.game is not None and not self.game.write(data):
            self.chan.pause_reading()

    def _input_drained(self) -> None:
        if not self.finished:
            self.chan.resume_reading()

    def pause_writing(self) -> None:
        if self.game is not None:
            self.game.pause_output()

    def resume_writing(self) -> None:
        if self.game is not None:
            self.game.resume_output()

    def _at_table(self, seated: bool) -> None:
        """At a table, keepalives every few seconds: a silent drop must free the seat for a bot soon."""
        opts = self.host.options
        with contextlib.suppress(Exception):
            self.server.conn.set_keepalive(opts.table_keepalive if seated else opts.keepalive_interval, 3)

    def _check_idle(self) -> None:
        """No keys for --idle-timeout ends the session; at a table only while the table waits for this person."""
        timeout = self.host.options.idle_timeout or 0
        since = self.last_input
        if not self.drawn:  # nothing on screen to answer yet: look again soon
            self._idle_timer = asyncio.get_running_loop().call_later(min(timeout, 5.0), self._check_idle)
            return
        if self.link is not None and self.link.table is not None:
            waiting = self.host.registry.waiting_for(self.link)
            if waiting is None:  # watching, or waiting for others: not idle; look again soon
                self._idle_timer = asyncio.get_running_loop().call_later(min(timeout, 5.0), self._check_idle)
                return
            since = max(since, waiting)
        left = since + timeout - time.monotonic()
        if left > 0:
            self._idle_timer = asyncio.get_running_loop().call_later(left, self._check_idle)
            return
        said = plural(timeout / 60, "minute") if timeout >= 60 else plural(timeout, "second")
        self.end("idle timeout", f"\r\nNo keys for {said}: goodbye. Your game is saved.\r\n")

    def _game_exited(self, returncode: int) -> None:
        if self._ending is not None:
            return  # we hung it up; end() finishes the session
        if returncode == 0:
            self.record.reason = "player quit"
            self._send(self.offscreen.release())
        else:  # what it printed after leaving its screen (a traceback, a crash log's path) stays here
            self.record.reason = "crash"
            status = f"signal {-returncode}" if returncode < 0 else str(returncode)
            error = self.offscreen.last_line()
            self.record.detail = f"exit={status}" + (f" error={error!r}" if error else "")
            self._send(TERMINAL_RESET + CRASHED.encode())
        self._finish(exit_status(returncode))

    def end(self, reason: str, message: str | None = None) -> None:
        """End the session from our side: hang up the game, tell the player why, close."""
        if self._ending is not None or self.finished:
            return
        self.record.reason = reason
        self._ending = asyncio.get_running_loop().create_task(self._hang_up(message))
        self.host.track(self._ending)

    async def _hang_up(self, message: str | None) -> None:
        if self.game is not None:
            await self.game.hang_up(self.host.options.hangup_grace)
        if message is not None and not self.finished:
            self._send(TERMINAL_RESET + message.encode())
        self._finish(1)

    def _finish(self, status: int) -> None:
        if self.finished:
            return
        self.finished = True
        if self._idle_timer is not None:
            self._idle_timer.cancel()
        if self.game is not None:
            self.server.game_ended()
        if self.link is not None:
            self.host.registry.detach(self.link)
        with contextlib.suppress(Exception):
            self.chan.exit(status)
        self.host.release(self)
        self._log()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.admitted and not self.finished:
            self.end("client disconnected")
        elif not self.admitted:
            self.record.reason = self.record.reason or "closed before a game started"
            self._log()

    def _log(self) -> None:
        if not self.logged:
            self.logged = True
            self.record.ended = time.time()
            log.info(self.record.line())
