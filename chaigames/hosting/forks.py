"""The host's end of the fork server (`forkserver.py`): start it, ask it for sessions, hear their ends.

`ForkServer(env)` starts the server at once (a host does so before it loads its key or opens a
socket, so the server holds neither); it imports the app while the host starts. `await
fork(...)` gives the pid of a new session's app and a future of its return code. Should the
server stop, the host says so in its log and starts another; after `GIVE_UP` stops within
`GIVE_UP_WITHIN` seconds it stops trying, and `fork` raises `ForkFailed` at once, so the caller
starts the game as its own process instead. The sessions a stopped server had started play on;
their return codes are lost with it (their futures give None when they end).
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

from .forkserver import MAX_MESSAGE

# the fork server's program: the command line's, which may import the app it preloads
FORK_SERVER = "import sys; from chaigames.cli import fork_server; sys.exit(fork_server())"

log = logging.getLogger("chaigames.hosting")

GIVE_UP = 3
GIVE_UP_WITHIN = 300.0
ANSWER_WITHIN = 30.0
"""Seconds a request may wait for its answer (the server may still be importing the app on a busy
machine); past it the session is started without the server."""


Forked = tuple[int, asyncio.Future[int | None]]
"""A session the server started: its pid, and a future of its return code (None: not known)."""


def supported() -> bool:
    """Whether this system has what the fork server uses (Linux: SOCK_SEQPACKET, sigtimedwait, pidfds)."""
    return sys.platform.startswith("linux") and hasattr(signal, "sigtimedwait") and hasattr(os, "pidfd_open")


class ForkFailed(Exception):
    """No session from the fork server this time: the caller starts the game itself."""


class ForkServer:
    """A running fork server, restarted when it stops."""

    def __init__(self, env: dict[str, str]) -> None:
        """`env`: the server's whole environment (a served game's, with the host's colours)."""
        self._env = env
        self._loop: asyncio.AbstractEventLoop | None = None
        self._next_id = 0
        self._asked: dict[int, asyncio.Future[Forked]] = {}  # request id -> the child's pid and end
        self._children: dict[int, asyncio.Future[int | None]] = {}  # pid -> its return code
        self._stops: list[float] = []
        self.given_up = False
        self.closed = False
        self.ready = False
        self.threads = 0  # the server's thread count when it said it was ready (1: none but its own)
        self._start()

    @property
    def pid(self) -> int:
        return self._process.pid

    def _start(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-P", "-c", FORK_SERVER, "--fd", str(theirs.fileno())],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                env=self._env,
                cwd="/",
                pass_fds=(theirs.fileno(),),
                start_new_session=True,  # the host's terminal's signals are the host's
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        self._control = ours
        self.ready = False
        self._reading = False
        if self._loop is not None:
            self.listen()

    def listen(self) -> None:
        """Hear the server on the running loop (at once: a server that stops is replaced before a
        session needs it). `fork` does this too."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        if not self._reading:
            self._loop.add_reader(self._control, self._read)
            self._reading = True

    # -- asking for a session --------------------------------------------------------------------
    async def fork(
        self,
        argv: Sequence[str],
        *,
        env: dict[str, str],
        cwd: os.PathLike[str] | str,
        tty: int,
        keep: Sequence[int] = (),
        memory_limit: int | None = None,
    ) -> Forked:
        """Start `python ARGV` (`-m MODULE ...` or `-c CODE ...`) on the terminal `tty` with exactly
        `env`, in `cwd`, with the descriptors `keep` (under the same numbers) and RLIMIT_AS
        `memory_limit`. Returns its pid and a future of its return code (None if the server stopped
        before it ended). The caller's descriptors stay its own. ForkFailed: start it yourself."""
        if self.given_up or self.closed:
            raise ForkFailed("the fork server is not running")
        self.listen()
        assert self._loop is not None
        rid = self._next_id
        self._next_id += 1
        answer: asyncio.Future[Forked] = self._loop.create_future()
        message = {
            "t": "start",
            "id": rid,
            "argv": list(argv),
            "env": env,
            "cwd": os.fspath(cwd),
            "memory": memory_limit,
            "keep": list(keep),
        }
        data = json.dumps(message).encode()
        if len(data) > MAX_MESSAGE:
            raise ForkFailed("the request is too long for the fork server")
        fds = array.array("i", [tty, *keep])
        try:
            self._control.sendmsg([data], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)], socket.MSG_DONTWAIT)
        except OSError as exc:  # full (the server is stuck) or gone (its stop is noticed by the reader)
            raise ForkFailed(f"the fork server took no request: {exc}") from None
        self._asked[rid] = answer
        try:
            return await asyncio.wait_for(asyncio.shield(answer), ANSWER_WITHIN)
        except TimeoutError:
            self._asked.pop(rid, None)  # a late answer's child is killed when it comes
            raise ForkFailed(f"the fork server did not answer within {ANSWER_WITHIN:g} s") from None

    # -- what the server says --------------------------------------------------------------------
    def _read(self) -> None:
        while True:
            try:
                data = self._control.recv(MAX_MESSAGE, socket.MSG_DONTWAIT)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                data = b""
            if not data:
                self._stopped()
                return
            try:
                message = json.loads(data)
            except ValueError:
                continue
            self._heard(message)

    def _heard(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if kind == "ready":
            self.ready = True
            self.threads = int(message.get("threads", 0))
        elif kind == "started":
            pid = int(message["pid"])
            assert self._loop is not None
            asked = self._asked.pop(message["id"], None)
            if asked is None or asked.done():  # nobody waits for it any more
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(pid, signal.SIGKILL)
            else:
                self._children[pid] = self._loop.create_future()
                asked.set_result((pid, self._children[pid]))
        elif kind == "failed":
            asked = self._asked.pop(message["id"], None)
            if asked is not None and not asked.done():
                asked.set_exception(ForkFailed(str(message.get("error", "the fork server could not start it"))))
        elif kind == "exited":
            child = self._children.pop(int(message["pid"]), None)
            if child is not None and not child.done():
                child.set_result(int(message["returncode"]))

    def _stopped(self) -> None:
        """The server went away: say so, fail what waits, follow its orphans, start another (or give up)."""
        if self._loop is not None and self._reading and not self._loop.is_closed():
            self._loop.remove_reader(self._control)
        self._reading = False
        self._control.close()
        status = self._reap()
        for asked in self._asked.values():
            if not asked.done():
                asked.set_exception(ForkFailed("the fork server stopped"))
        self._asked.clear()
        orphans, self._children = self._children, {}
        if self._loop is not None and not self._loop.is_closed():
            for pid, child in orphans.items():
                self._follow_orphan(pid, child)
        if self.closed:
            return
        now = time.monotonic()
        self._stops = [t for t in self._stops if now - t < GIVE_UP_WITHIN] + [now]
        if len(self._stops) >= GIVE_UP:
            self.given_up = True
            log.warning(
                "fork server stopped (exit status %s), %d times in %g s: games now start as their own processes",
                status,
                len(self._stops),
                GIVE_UP_WITHIN,
            )
            return
        log.warning("fork server stopped (exit status %s): starting it again", status)
        try:
            self._start()
        except OSError as exc:
            self.given_up = True
            log.warning("fork server could not start again (%s): games now start as their own processes", exc)

    def _reap(self) -> int | None:
        """The stopped server's exit status (its socket closed: it is ending, or about to be killed)."""
        try:
            return self._process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            self._process.kill()
            return self._process.wait()

    def _follow_orphan(self, pid: int, child: asyncio.Future[int | None]) -> None:
        """A game of a stopped server plays on; its future gives None when it ends."""
        try:
            pidfd = os.pidfd_open(pid)
        except OSError:  # already gone
            child.set_result(None)
            return
        assert self._loop is not None
        loop = self._loop

        def ended() -> None:
            loop.remove_reader(pidfd)
            os.close(pidfd)
            if not child.done():
                child.set_result(None)

        loop.add_reader(pidfd, ended)

    # -- the end ---------------------------------------------------------------------------------
    def close(self) -> None:
        """Stop the server (it exits when its control socket closes) and reap it; the games it started
        that still run are left to their own hang-up (a host closes its sessions first)."""
        if self.closed:
            return
        self.closed = True
        if not self.given_up:
            if not self.ready:  # still importing (the host stopped at once): nothing to wait for
                self._process.kill()
            self._stopped()
