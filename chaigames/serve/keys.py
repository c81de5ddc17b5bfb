"""The authorized-keys file of the game host: read again at every login, so revoking revokes.

Who may log in is exactly what the file says now. A file that is missing, unreadable, empty,
comment-only or holds no line that parses as a key lets nobody in: deleting or emptying the file
is how an operator locks everyone out, so the last good list is never kept. Each change of the
verdict is logged once (why nobody gets in, which lines were skipped). asyncssh is imported
inside functions only.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path
from typing import Any

log = logging.getLogger("chaigames.serve")

MAX_KEYS_FILE = 1024 * 1024  # bytes: far more than any real list of players' keys


def read_small_file(path: Path, limit: int) -> str:
    """The text of a regular file of at most `limit` bytes. OSError or ValueError say why not.

    Opened without blocking and checked before reading, so a FIFO or a device in its place
    cannot hang the host or fill its memory."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("it is not a regular file")
        data = f.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"it is larger than {limit} bytes")
    return data.decode("utf-8", errors="replace")


class AuthorizedKeys:
    """The players' public keys, OpenSSH authorized_keys format, as the file says at this moment."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None  # why nobody can log in, or None when some key can
        self.skipped: list[int] = []  # numbers of lines that are not keys (ignored)
        self._said: tuple[str | None, tuple[int, ...]] | None = None
        self._keys: Any = None
        self.load()

    def load(self) -> None:
        """Read and parse the file now; afterwards `problem` is None exactly when some key may log in."""
        import asyncssh

        self._keys, self.skipped = None, []
        try:
            text = read_small_file(self.path, MAX_KEYS_FILE)
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            self._verdict(f"cannot read {self.path} ({reason}): nobody can log in")
            return
        good: list[str] = []
        for number, line in enumerate(text.splitlines(), start=1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                asyncssh.import_authorized_keys(line)
            except (ValueError, asyncssh.KeyImportError):
                self.skipped.append(number)
            else:
                good.append(line)
        if not good:
            what = "holds no key that can be read" if self.skipped else "holds no keys"
            self._verdict(f"{self.path} {what}: nobody can log in")
            return
        self._keys = asyncssh.import_authorized_keys("\n".join(good) + "\n")
        self._verdict(None)

    def _verdict(self, problem: str | None) -> None:
        self.problem = problem
        said = (problem, tuple(self.skipped))
        if said == self._said:
            return
        self._said = said
        if problem is not None:
            log.warning("authorized keys: %s", problem)
        elif self.skipped:
            lines = ", ".join(str(n) for n in self.skipped[:10])
            log.warning("authorized keys: %s: skipped line(s) %s, which are not keys", self.path, lines)

    def allows(self, key: Any, address: str) -> bool:
        """Whether `key` may log in from `address`, by the file as it is at this login."""
        self.load()
        if self._keys is None:
            return False
        return self._keys.validate(key, address, address) is not None
