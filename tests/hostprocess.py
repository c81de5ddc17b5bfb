"""A game host as a person starts it: `python -m chaigames serve|web --port 0 --data-dir ...` in its
own process on 127.0.0.1, its log (stderr) kept line by line, its port read from its start-up line.

    host = HostProcess("web", tmp_path / "data", "--max-sessions", "1")
    page = await Page.open(host.url)
    ...
    host.stop()                    # SIGINT, as Ctrl+C; host.kill() for kill -9
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

from tests.wait import WAIT, scaled, until_blocking

ROOT = Path(__file__).resolve().parents[1]
LISTENING = {  # each command's start-up line, with the port it got
    "serve": re.compile(r"listening on 127\.0\.0\.1:(\d+)"),
    "web": re.compile(r"serving on 127\.0\.0\.1:(\d+)"),
}


class HostProcess:
    """One `chaigames serve` or `chaigames web`, started in a working folder of its own (beside
    `data_dir`) and in a session of its own (a kill -9 reaches it alone, not the test)."""

    def __init__(self, command: str, data_dir: Path, *args: str, port: int = 0) -> None:
        env = {k: v for k, v in os.environ.items() if k != "CHAIGAMES_HOME"}
        env["PYTHONPATH"] = str(ROOT)
        self.data_dir = data_dir
        self.cwd = data_dir.parent / "host-cwd"
        self.cwd.mkdir(parents=True, exist_ok=True)
        argv = [sys.executable, "-m", "chaigames", command, "--port", str(port), "--data-dir", str(data_dir), *args]
        self.proc = subprocess.Popen(
            argv,
            cwd=self.cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)  # a full pipe would block the host
        self._reader.start()
        started = self.wait_line(" on 127.0.0.1:")  # `--port 0`: the port the system gave
        match = LISTENING[command].search(started)
        assert match, started
        self.port = int(match.group(1))
        self.url = f"http://127.0.0.1:{self.port}"

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line.rstrip("\n"))

    @property
    def log(self) -> str:
        return "\n".join(self.lines)

    def wait_line(self, text: str, timeout: float = WAIT) -> str:
        """The first log line containing `text` (blocking: for start-up and plain threads)."""
        return until_blocking(
            lambda: next((line for line in list(self.lines) if text in line), None),
            f"a line with {text!r} from the host",
            timeout=timeout,
            seen=lambda: self.log,
            hopeless=lambda: self.proc.poll() is not None and not self._reader.is_alive(),
        )

    async def await_line(self, text: str, timeout: float = WAIT) -> str:
        return await asyncio.to_thread(self.wait_line, text, timeout)

    def stop(self, how: signal.Signals = signal.SIGINT) -> int:
        """Stop the host as a person would (Ctrl+C by default) and read its log to the end; its exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(how)
            try:
                self.proc.wait(scaled(15))
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._reader.join(scaled(5))
        return self.proc.returncode

    async def stopped(self, how: signal.Signals = signal.SIGINT) -> int:
        """`stop`, from a test whose event loop must go on serving its SSH clients meanwhile."""
        return await asyncio.to_thread(self.stop, how)

    def kill(self) -> None:
        """kill -9: no goodbye, no last save."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self._reader.join(scaled(5))
