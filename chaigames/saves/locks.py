"""Which app has a saved game open: an advisory lock file beside the save, with the owner's pid.

One app per save: a second app asked to open it hears who has it (`GameOpenElsewhere`) and may take
it over; the first then stops writing (`GameTakenOver`). A lock whose process is gone is stale.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from pathlib import Path

from .atomic import write_atomic
from .committer import settle
from .words import now_stamp


class GameOpenElsewhere(Exception):
    """Another running app has this save open. `owner` describes it for the player."""

    def __init__(self, save_id: str, owner: str) -> None:
        super().__init__(f"this game is open elsewhere ({owner})")
        self.save_id = save_id
        self.owner = owner


class GameTakenOver(Exception):
    """The lock on a save passed to another app (it took the game over): do not write it any more."""


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs on this machine (a zombie counts as alive)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    except OSError:
        return False
    return True


class SaveLocks:
    """The lock files of a store's saves."""

    @property
    def saves(self) -> Path:
        """The folder the saves and their locks live in (the store's)."""
        raise NotImplementedError

    def lock_path(self, save_id: str) -> Path:
        return self.saves / f"{save_id}.lock"

    def lock_owner(self, save_id: str) -> dict | None:
        """The lock's content (pid, host, token), or None when nobody holds the save."""
        try:
            data = json.loads(self.lock_path(save_id).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def claim(self, save_id: str, *, take_over: bool = False) -> str:
        """Open a save for this app: returns the token that `save`, `finish` and `release` take.

        A lock held by a live process raises GameOpenElsewhere unless `take_over` (the player chose
        to): that app then finds, at its next save, that it lost the game (GameTakenOver). A lock
        left by a process that is gone (a crash, kill -9) is taken silently. OSError: the folder
        cannot be written.
        """
        owner = self.lock_owner(save_id)
        if owner is not None and not take_over and self._held_by_another(owner):
            pid = owner.get("pid")
            where = "" if owner.get("host") == socket.gethostname() else f" on {owner.get('host')}"
            raise GameOpenElsewhere(save_id, f"another chaigames, process {pid}{where}")
        token = os.urandom(8).hex()
        data = {"pid": os.getpid(), "host": socket.gethostname(), "token": token, "since": now_stamp()}
        write_atomic(self.lock_path(save_id), json.dumps(data))
        return token

    @staticmethod
    def _held_by_another(owner: dict) -> bool:
        pid = owner.get("pid")
        if owner.get("host") != socket.gethostname():
            return True  # a shared folder: we cannot see that machine's processes
        return isinstance(pid, int) and pid_alive(pid)

    def holds(self, save_id: str, token: str | None) -> bool:
        """Whether `token` still holds the save (None: no lock asked for, as in tools and tests)."""
        if token is None:
            return True
        owner = self.lock_owner(save_id)
        return owner is None or owner.get("token") == token

    def release(self, save_id: str, token: str | None) -> None:
        """Close the save (its writes on the disk first): remove the lock if it is still ours."""
        with contextlib.suppress(OSError):
            settle()
        if token is None:
            return
        owner = self.lock_owner(save_id)
        if owner is not None and owner.get("token") == token:
            with contextlib.suppress(OSError):
                self.lock_path(save_id).unlink()

    def _check(self, save_id: str, token: str | None) -> None:
        if not self.holds(save_id, token):
            raise GameTakenOver(f"{save_id} was taken over by another app")

    # -- housekeeping -----------------------------------------------------------------------------------
