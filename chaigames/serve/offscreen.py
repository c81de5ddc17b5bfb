"""What a served game writes off its screen is held back until its exit status is known.

A Textual app draws on the alternate screen. What it writes anywhere else is no game: a crash
before it first draws prints a plain traceback, and a Textual app that crashes later leaves the
alternate screen and then prints its traceback (or where its crash log went). Any of it would show
a remote player the server's source, paths and data. So output is held (bounded) until the game
enters the alternate screen, and again from the moment it leaves it; entering the screen releases
what was held before (a suspended app resuming, start-up noise), a clean exit releases the rest,
and a crash drops it: the host sends one friendly line instead. Standard library only.
"""

from __future__ import annotations

import re

LEAVE_SCREEN = b"\x1b[?1049l"
ENTER_SCREEN = b"\x1b[?1049h"
HELD_LIMIT = 64 * 1024  # bytes kept at most; only the newest are kept past it
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-_]|[\x00-\x08\x0b-\x1f\x7f]")


class OffScreen:
    """Feed it the game's output; it returns what may reach the player now."""

    def __init__(self, limit: int = HELD_LIMIT) -> None:
        self.limit = limit
        self.held: bytearray | None = bytearray()  # None while the game is on its screen
        self._tail = b""  # the end of the output passed on, to find a sequence split between reads

    def feed(self, data: bytes) -> bytes:
        if self.held is not None:
            return self._hold(data)
        window = self._tail + data
        at = window.find(LEAVE_SCREEN)
        if at < 0:
            self._tail = window[-(len(LEAVE_SCREEN) - 1) :]
            return data
        cut = at + len(LEAVE_SCREEN) - len(self._tail)  # where the sequence ends in `data`
        self._tail = b""
        self.held = bytearray()
        return data[:cut] + self._hold(data[cut:])

    def _hold(self, data: bytes) -> bytes:
        assert self.held is not None
        start = max(0, len(self.held) - len(ENTER_SCREEN) + 1)
        self.held += data
        at = self.held.find(ENTER_SCREEN, start)
        if at >= 0:  # on its screen (again): what was held was no crash
            end = at + len(ENTER_SCREEN)
            released, rest = bytes(self.held[:end]), bytes(self.held[end:])
            self.held = None
            return released + self.feed(rest)
        if len(self.held) > self.limit:
            del self.held[: len(self.held) - self.limit]
        return b""

    def release(self) -> bytes:
        """Everything held so far (the game exited cleanly: it may all be shown)."""
        held, self.held = bytes(self.held or b""), None
        return held

    def last_line(self, width: int = 200) -> str:
        """The last line of text held back (a traceback's exception line), without escapes, for the log."""
        text = _ESCAPES.sub("", bytes(self.held or b"").decode("utf-8", errors="replace"))
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        return lines[-1][:width] if lines else ""
