"""One game in its own pseudo-terminal: start it, relay its bytes, follow the window, hang it up.

Standard library only, so the plumbing is testable without SSH. The child is a session leader
(`start_new_session`) whose controlling terminal is the pty's slave side: resizing the pty sends
it SIGWINCH through the kernel, and if the server itself dies the closed master hangs it up too.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import functools
import logging
import os
import resource
import signal
import struct
import subprocess
import sys
import termios
from collections.abc import Callable, Sequence
from pathlib import Path

from .forks import ForkFailed, ForkServer

log = logging.getLogger("chaigames.hosting")

MAX_COLUMNS = 1000
MAX_LINES = 500
READ_CHUNK = 65536
WRITE_HIGH_WATER = 65536


def game_command() -> list[str]:
    """A fresh `chaigames` on the server's own interpreter."""
    return [sys.executable, "-m", "chaigames"]


def python_command(command: Sequence[str]) -> bool:
    """Whether `command` is `python -m MODULE ...` or `python -c CODE ...` on this interpreter: what a
    fork server (which is this interpreter, with the app loaded) can run."""
    return len(command) >= 3 and command[0] == sys.executable and command[1] in ("-m", "-c")


def clamp_size(columns: int, lines: int) -> tuple[int, int]:
    """A window size a pty accepts; 0 (unknown) becomes the 80x24 the game needs at least."""
    columns = columns if columns > 0 else 80
    lines = lines if lines > 0 else 24
    return min(columns, MAX_COLUMNS), min(lines, MAX_LINES)


def set_window_size(fd: int, columns: int, lines: int) -> None:
    columns, lines = clamp_size(columns, lines)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))


def group_alive(pgid: int) -> bool:
    """Whether a process group still has a live member. Zombies do not count: they are dead, only
    waiting for whoever inherited them to reap them (which some container inits do slowly)."""
    proc = Path("/proc")
    if not proc.is_dir():
        try:
            os.killpg(pgid, 0)
        except (ProcessLookupError, PermissionError):
            return False
        return True
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        # fields: state, ppid, pgrp, ...
        if len(fields) > 2 and fields[2] == str(pgid) and fields[0] not in ("Z", "X"):
            return True
    return False


SESSION_MEMORY = 1024 * 1024 * 1024
"""The address space one served game may take (RLIMIT_AS), in bytes. A whole game against hard bots
peaks near 300 MB of address space (most of it reserved, not used), so a game only meets the limit
when something has gone wrong: it then fails alone, saved up to its last move, and the host goes on."""


def limit_memory(limit: int | None) -> None:  # pragma: no cover - runs in the child between fork and exec
    """This process and what it starts may map at most `limit` bytes (None: no limit)."""
    if limit is not None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _take_terminal(memory_limit: int | None) -> None:  # pragma: no cover - runs in the child between fork and exec
    """Make the pty (already on fds 0-2) the controlling terminal; default signal dispositions; the
    session's memory limit."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    for sig in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM, signal.SIGQUIT, signal.SIGWINCH):
        signal.signal(sig, signal.SIG_DFL)
    limit_memory(memory_limit)


class GameProcess:
    """A child process on a pty, relayed through callbacks on the running asyncio loop.

    `on_output(bytes)` receives what the game draws; `on_exit(returncode)` is called once, after the
    child has been reaped and its last output delivered. With a fork server the game is forked from
    it (the pid comes a moment later: `launched` is the task that brings it); without one, or when
    the server cannot, the game is started as its own process. Keys and window sizes sent before
    the game is up wait in the pty.
    """

    def __init__(
        self,
        *,
        env: dict[str, str],
        cwd: Path,
        columns: int,
        lines: int,
        on_output: Callable[[bytes], None],
        on_exit: Callable[[int], None],
        command: Sequence[str] | None = None,
        pass_fds: Sequence[int] = (),
        memory_limit: int | None = SESSION_MEMORY,
        forks: ForkServer | None = None,
        on_start_failed: Callable[[Exception], None] | None = None,
    ) -> None:
        """`pass_fds`: descriptors the child inherits under the same numbers (the session's private
        channel to the host); they are the game's from here on, closed once the child has its copies.
        `memory_limit`: its address space in bytes (None: unlimited). `forks`: the fork server to
        start a Python command from. `on_start_failed(exc)`: the game could not be started after
        all (a fork server's failure falls back to a process of its own, which failed too); without
        it such a failure is reported as an exit with status 1."""
        self._loop = asyncio.get_running_loop()
        self._on_output = on_output
        self._on_exit = on_exit
        self._on_start_failed = on_start_failed
        self._pending = bytearray()
        self._reading = False
        self._writing = False
        self._output_closed = False
        self._exit_reported = False
        self.returncode: int | None = None
        self._status: int | None = None  # the return code once reaped, before the last output is in
        self.exited = asyncio.Event()
        self.on_input_drained: Callable[[], None] | None = None
        self.pid: int | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.launched: asyncio.Task[None] | None = None

        self._handed = list(pass_fds)
        try:
            master, slave = os.openpty()
        except BaseException:
            self._close_handed()
            raise
        self._handed.append(slave)
        self._slave = slave
        command = list(command or game_command())
        try:
            set_window_size(master, columns, lines)
            if forks is not None and not forks.given_up and python_command(command):
                self.launched = self._loop.create_task(
                    self._fork(forks, command, env, cwd, tuple(pass_fds), memory_limit)
                )
            else:
                try:
                    self._spawn(command, env, cwd, tuple(pass_fds), memory_limit)
                finally:
                    self._close_handed()
        except BaseException:
            os.close(master)
            self._close_handed()
            raise
        self.master = master
        os.set_blocking(master, False)
        self._resume_output()

    def _close_handed(self) -> None:
        """Close our copies of what the child was given (its pty side, the kept descriptors)."""
        for fd in self._handed:
            with contextlib.suppress(OSError):
                os.close(fd)
        self._handed.clear()

    def _spawn(
        self, command: list[str], env: dict[str, str], cwd: Path, pass_fds: tuple[int, ...], memory_limit: int | None
    ) -> None:
        self.process = subprocess.Popen(
            command,
            stdin=self._slave,
            stdout=self._slave,
            stderr=self._slave,
            cwd=cwd,
            env=env,
            start_new_session=True,
            close_fds=True,
            pass_fds=pass_fds,
            # only an ioctl, signal resets and a setrlimit between fork and exec
            preexec_fn=functools.partial(_take_terminal, memory_limit),
        )
        self.pid = self.process.pid
        self._watch_exit()

    @property
    def reading(self) -> bool:
        """Whether the game's output is read now (False while its client is too slow to take more)."""
        return self._reading

    @property
    def keys_waiting(self) -> int:
        """How many bytes of keys wait for the game to read them."""
        return len(self._pending)

    async def _fork(
        self,
        forks: ForkServer,
        command: list[str],
        env: dict[str, str],
        cwd: Path,
        pass_fds: tuple[int, ...],
        memory_limit: int | None,
    ) -> None:
        try:
            try:
                pid, ended = await forks.fork(
                    command[1:], env=env, cwd=cwd, tty=self._slave, keep=pass_fds, memory_limit=memory_limit
                )
            except ForkFailed as exc:
                log.warning("fork server: %s; the game starts as its own process", exc)
                self._spawn(command, env, cwd, pass_fds, memory_limit)
            else:
                self.pid = pid
                ended.add_done_callback(self._fork_ended)
        except Exception as exc:  # no process at all: no ptys, no processes left, a broken interpreter
            self._start_failed(exc)
        finally:
            self._close_handed()

    def _start_failed(self, exc: Exception) -> None:
        self._status = 1
        self.returncode = 1
        self._close_output()
        self._exit_reported = True
        with contextlib.suppress(OSError):
            os.close(self.master)
        self.exited.set()
        if self._on_start_failed is not None:
            self._on_start_failed(exc)
        else:
            self._on_exit(1)

    def _fork_ended(self, ended: asyncio.Future[int | None]) -> None:
        """The fork server reaped the game (having killed its process group); None: it stopped first,
        and the game's status is not known (taken as a normal end)."""
        status = ended.result()
        if status is None:
            log.info("game pid=%s ended after its fork server stopped: exit status not known", self.pid)
        self._status = 0 if status is None else status
        self._reaped()

    # -- output: child -> client ---------------------------------------------------------------
    def _resume_output(self) -> None:
        if not self._reading and not self._output_closed:
            self._loop.add_reader(self.master, self._read_output)
            self._reading = True

    def pause_output(self) -> None:
        """The client is slow: stop reading, so the child blocks on a full pty instead of us buffering."""
        if self._reading:
            self._loop.remove_reader(self.master)
            self._reading = False

    def resume_output(self) -> None:
        self._resume_output()

    def _read_output(self) -> None:
        try:
            data = os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: every slave end is closed, the child is gone
            data = b""
        if data:
            self._on_output(self._read_more(data))
            return
        self._close_output()
        self._maybe_report_exit()

    def _read_more(self, data: bytes) -> bytes:
        """`data` and what else the pty holds now, up to READ_CHUNK in all. One read of a pty's master gives
        at most 4095 bytes (its line discipline's buffer), so a screen the game draws in one write (20-30 KB
        for a whole Chai screen) went on as 7-10 SSH packets, each encrypted apart and preceded by the empty
        packet asyncssh sends before each; read together it goes as one or two. Nothing waits: only what is
        there is read."""
        chunks = [data]
        total = len(data)
        while total < READ_CHUNK:
            try:
                more = os.read(self.master, READ_CHUNK - total)
            except OSError:  # nothing more now (or the game is gone: the next read says so)
                break
            if not more:
                break
            chunks.append(more)
            total += len(more)
        return b"".join(chunks)

    def _close_output(self) -> None:
        self.pause_output()
        self._output_closed = True

    # -- input: client -> child ----------------------------------------------------------------
    def write(self, data: bytes) -> bool:
        """Queue keys for the child. Returns False when the queue is long: the caller should pause."""
        if self.returncode is not None or self._output_closed:
            return True
        self._pending += data
        self._flush_input()
        return len(self._pending) < WRITE_HIGH_WATER

    def _flush_input(self) -> None:
        while self._pending:
            try:
                n = os.write(self.master, self._pending)
            except BlockingIOError:
                break
            except OSError:
                self._pending.clear()
                break
            del self._pending[:n]
        if self._pending and not self._writing:
            self._loop.add_writer(self.master, self._flush_input)
            self._writing = True
        elif not self._pending:
            if self._writing:
                self._loop.remove_writer(self.master)
                self._writing = False
            if self.on_input_drained is not None:
                self.on_input_drained()

    # -- window --------------------------------------------------------------------------------
    def resize(self, columns: int, lines: int) -> None:
        """Set the pty's size; the kernel sends SIGWINCH to the child's foreground process group."""
        if self.returncode is None and not self._output_closed:
            with contextlib.suppress(OSError):
                set_window_size(self.master, columns, lines)

    # -- exit ----------------------------------------------------------------------------------
    def _watch_exit(self) -> None:
        assert self.pid is not None
        try:
            self._pidfd: int | None = os.pidfd_open(self.pid)
        except (AttributeError, OSError):  # not Linux >= 5.3: poll instead
            self._pidfd = None
            self._poller = self._loop.create_task(self._poll_exit())
            return
        self._loop.add_reader(self._pidfd, self._reap)

    async def _poll_exit(self) -> None:
        assert self.process is not None
        while self.process.poll() is None:
            await asyncio.sleep(0.1)
        self._status = self.process.returncode
        self._reaped()

    def _reap(self) -> None:
        if self._pidfd is not None:
            self._loop.remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None
        # The child is a zombie now, so its pid (= its process group id) is still reserved: kill
        # anything the game left behind in its group (it should have none), then reap.
        assert self.process is not None and self.pid is not None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGKILL)
        self._status = self.process.wait()
        self._reaped()

    def _reaped(self) -> None:
        self._after = self._loop.create_task(self._after_reap())

    async def _after_reap(self) -> None:
        await self._group_gone()
        self.returncode = self._status
        if self._output_closed:
            self._maybe_report_exit()
        else:
            # Deliver what is still in the pty, then report; EIO ends the reading.
            self._resume_output()
            self._loop.call_later(1.0, self._give_up_output)

    async def _group_gone(self, timeout: float = 3.0) -> None:
        """Wait (bounded) until no live process of the game's group is left, killing any that are."""
        assert self.pid is not None
        deadline = self._loop.time() + timeout
        while self._loop.time() < deadline and group_alive(self.pid):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, signal.SIGKILL)
            await asyncio.sleep(0.01)

    def _give_up_output(self) -> None:
        if not self._output_closed:
            self._close_output()
            self._maybe_report_exit()

    def _maybe_report_exit(self) -> None:
        if self.returncode is None or not self._output_closed or self._exit_reported:
            return
        self._exit_reported = True
        if self._writing:
            self._loop.remove_writer(self.master)
            self._writing = False
        with contextlib.suppress(OSError):
            os.close(self.master)
        self.exited.set()
        self._on_exit(self.returncode)

    def signal_group(self, sig: int) -> None:
        if self.returncode is None and self.pid is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, sig)

    async def hang_up(self, grace: float) -> int:
        """SIGHUP to the child's process group, SIGKILL after `grace` seconds; returns once it is reaped."""
        if self.launched is not None:
            await self.launched  # it reports its own failures: never raises
        if self.returncode is None:
            self.signal_group(signal.SIGHUP)
            self.signal_group(signal.SIGCONT)
            try:
                await asyncio.wait_for(self.exited.wait(), grace)
            except TimeoutError:
                self.signal_group(signal.SIGKILL)
        try:
            await asyncio.wait_for(self.exited.wait(), grace + 5.0)
        except TimeoutError:  # the pty never reported; give up on its output
            self._give_up_output()
            await self.exited.wait()
        assert self.returncode is not None
        return self.returncode


def exit_status(returncode: int) -> int:
    """A process's return code as an SSH exit status (128 + signal number when killed)."""
    return 128 - returncode if returncode < 0 else returncode & 0xFF
