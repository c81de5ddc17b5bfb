"""The authorized-keys file of the game host: read again at every login, so revoking revokes.

Who may log in is exactly what the file says now. A file that is missing, unreadable, empty,
comment-only or holds no line that parses as a key lets nobody in: deleting or emptying the file
is how an operator locks everyone out, so the last good list is never kept. Each change of the
verdict is logged once (why nobody gets in, which lines were skipped). asyncssh is imported
inside functions only.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from chaigames.engine.bounds import read_record_file
from chaigames.engine.errors import RecordError

log = logging.getLogger("chaigames.serve")

MAX_KEYS_FILE = 1024 * 1024  # bytes: far more than any real list of players' keys


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
            text = read_record_file(self.path, MAX_KEYS_FILE).decode("utf-8", errors="replace")
        except (OSError, RecordError) as exc:
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
