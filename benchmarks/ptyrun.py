"""A program on a real pseudo-terminal, read into a pyte screen: what the benchmarks measure with.

Pilot runs headless and never writes frames, so start-up and key latency are measured here the
way a player sees them: the app's bytes arrive on a pty, a terminal emulator (pyte) draws them,
and the clock stops when the screen shows what we wait for. Every wait is bounded.
"""

from __future__ import annotations

import contextlib
import os
import pty
import select
import signal
import struct
import termios
import time
from collections.abc import Callable, Sequence
from fcntl import ioctl
from pathlib import Path

import pyte


def proc_cpu_seconds(pid: int) -> float:
    """User + system CPU time of a live process, from /proc (0.0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def proc_peak_kib(pid: int) -> int:
    """Peak resident memory (VmHWM) of a live process, in KiB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0


class PtyApp:
    """A child process on a pty of a fixed size, its output fed into a pyte screen."""

    def __init__(self, argv: Sequence[str], *, columns: int = 120, lines: int = 40, env: dict | None = None) -> None:
        self.columns, self.lines = columns, lines
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: becomes the program
            os.execvpe(argv[0], list(argv), {**os.environ, **(env or {})})
        self.pid, self.fd = pid, fd
        ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        self.bytes_in = 0

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def pump(self, timeout: float) -> bool:
        """Read what is there (waiting at most `timeout`); False when the program closed the pty."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:
            return False
        if not data:
            return False
        self.bytes_in += len(data)
        self.stream.feed(data)
        return True

    def wait_for(self, condition: Callable[[str], bool], limit: float = 20.0) -> float:
        """Seconds until `condition(screen text)` holds; raises TimeoutError past `limit`."""
        start = time.perf_counter()
        while not condition(self.text()):
            left = limit - (time.perf_counter() - start)
            if left <= 0:
                raise TimeoutError(f"not on screen after {limit}s:\n{self.text()}")
            if not self.pump(min(left, 0.05)):
                raise RuntimeError(f"the program ended:\n{self.text()}")
        return time.perf_counter() - start

    def settle(self, quiet: float = 0.15, limit: float = 5.0) -> None:
        """Read until the program has written nothing for `quiet` seconds."""
        end = time.perf_counter() + limit
        while time.perf_counter() < end:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready:
                return
            if not self.pump(0):
                return

    def send(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def stop(self) -> None:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                break
            deadline = time.perf_counter() + 2
            while time.perf_counter() < deadline:
                done, _ = os.waitpid(self.pid, os.WNOHANG)
                if done:
                    os.close(self.fd)
                    return
                self.pump(0.02)
        with contextlib.suppress(OSError):
            os.close(self.fd)
