"""A test terminal: the bytes a program draws, fed to a pyte screen, read as text, waited on.

The SSH player (tests/serve/sshplay.py) and the browser page's websocket (tests/web/webplay.py)
are each a `Terminal` with their own way in (`_type`) and their own reader calling `feed`.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from typing import Any

import pyte
from pyte import modes
from pyte.screens import Char, wcwidth

from tests.wait import until, woken_by

WAIT = 20.0  # upper bound of any wait, in seconds (scaled); waits end as soon as their condition holds
RETYPE = 0.6  # seconds after which keys the program has not answered are typed again: just past the half
# second a screen opening over or after a game ignores keys (the app's key guard), which is why keys go unanswered


CSI = re.compile(r"\x1b\[(\??)([0-9;]*)([@A-Za-z`])")
"""The control sequences a Textual app writes nearly all of its time (colours, cursor moves, private modes):
parameters of digits and semicolons only, a question mark at most, right after the bracket."""


class QuickScreen(pyte.Screen):
    """pyte's screen, drawing a run of text that fits on its line, in replace mode, of characters one cell
    wide each (nearly all a Textual app draws) in one step, where pyte works out each character's wrap and
    insert mode apart; the cells are exactly those pyte's own drawing makes. Any other run is pyte's."""

    _one_cell: dict[str, bool] = {}

    def draw(self, data: str) -> None:
        shown = data.translate(self.g1_charset if self.charset else self.g0_charset)
        cursor = self.cursor
        x, end = cursor.x, cursor.x + len(shown)
        if end > self.columns or modes.IRM in self.mode or not self._all_one_cell(shown):
            super().draw(data)  # which translates it itself
            return
        rest, make, line = cursor.attrs[1:], tuple.__new__, self.buffer[cursor.y]
        for column, char in enumerate(shown, x):
            line[column] = make(Char, (char, *rest))
        cursor.x = end
        self.dirty.add(cursor.y)

    @property
    def display(self) -> list[str]:
        """The lines as text, as pyte gives them; a line of one-cell characters only (nearly every line) is
        joined as it is, where pyte looks at every character's width to skip the second cells of wide ones."""
        columns, shown = range(self.columns), []
        for y in range(self.lines):
            line = self.buffer[y]
            text = "".join([line[x].data for x in columns])
            if len(text) != self.columns or not self._all_one_cell(text):
                return super().display
            shown.append(text)
        return shown

    def _all_one_cell(self, data: str) -> bool:
        if data.isascii():
            return data.isprintable()
        known = self._one_cell
        for char in data:
            one = known.get(char)
            if one is None:
                one = known[char] = wcwidth(char) == 1
            if not one:
                return False
        return True


class QuickStream(pyte.ByteStream):
    """pyte's byte stream, reading a whole common control sequence with one regular expression where pyte
    sends it to its parser a character at a time (most of its cost on a screen drawn in colour). Every
    sequence goes to the screen exactly as pyte's parser would send it; any other sequence, and one split
    across two feeds, goes through pyte's own parser."""

    def __init__(self, screen: pyte.Screen) -> None:
        super().__init__(screen)
        self._csi = {final: getattr(screen, name) for final, name in self.csi.items()}

    def feed(self, data: bytes) -> None:  # type: ignore[override]
        screen = self.listener
        assert screen is not None
        text = self.utf8_decoder.decode(data) if self.use_utf8 else "".join(map(chr, data))
        draw, debug, csi, send = screen.draw, screen.debug, self._csi, self._send_to_parser
        match_text, match_csi = self._text_pattern.match, CSI.match
        plain = self._taking_plain_text  # the parser waits for a new character, in no sequence
        offset, length = 0, len(text)
        while offset < length:
            if plain:
                if found := match_text(text, offset):
                    draw(found.group())
                    offset = found.end()
                    continue
                if found := match_csi(text, offset):
                    private, params, final = found.groups()
                    numbers = [min(int(p or 0), 9999) for p in params.split(";")]
                    if private:
                        csi.get(final, debug)(*numbers, private=True)
                    else:
                        csi.get(final, debug)(*numbers)
                    offset = found.end()
                    continue
            plain = bool(send(text[offset]))
            offset += 1
        self._taking_plain_text = plain


class Terminal:
    """A pyte screen of `columns` x `lines` and everything fed to it; `closed` once the program is gone."""

    def __init__(self, columns: int, lines: int) -> None:
        self.screen = QuickScreen(columns, lines)
        self.stream = QuickStream(self.screen)
        self.raw = bytearray()
        self.closed = False
        self._changed = asyncio.Event()
        self._lines: list[str] | None = None  # the screen's lines as text, drawn again only after new bytes

    # -- what the program drew --------------------------------------------------------------------------
    def feed(self, data: bytes) -> None:
        self.raw += data
        self.stream.feed(data)
        self._lines = None
        self._changed.set()

    def resize(self, columns: int, lines: int) -> None:
        self.screen.resize(lines, columns)
        self._lines = None

    def ended(self) -> None:
        self.closed = True
        self._changed.set()

    @property
    def lines(self) -> list[str]:
        """The screen's lines as text (pyte draws them anew at each look: kept until the next bytes,
        since every wait looks at them again and again)."""
        if self._lines is None:
            self._lines = self.screen.display
        return self._lines

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def shows(self, *texts: str) -> Callable[[], bool]:
        """A condition: every one of `texts` is on the screen."""
        return lambda: all(t in self.text for t in texts)

    def row_of(self, needle: str) -> int | None:
        for i, line in enumerate(self.lines):
            if needle in line:
                return i
        return None

    def last_text_row(self) -> int:
        """The index of the last line with anything on it (the footer, once the app is drawn)."""
        rows = [i for i, line in enumerate(self.lines) if line.strip()]
        return rows[-1] if rows else -1

    def backgrounds(self) -> dict[int, str]:
        """The background colour of each row between the header and the footer, at column 3."""
        return {row: self.screen.buffer[row][3].bg for row in range(1, self.screen.lines - 1)}

    def row_style(self, row: int) -> tuple[tuple[str, str, bool], ...]:
        """The colours and reverse flag of every cell in a row: what a highlight changes."""
        line = self.screen.buffer[row]
        return tuple((line[x].fg, line[x].bg, line[x].reverse) for x in range(self.screen.columns))

    # -- waiting --------------------------------------------------------------------------------------------
    async def wait_for(self, condition: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
        """Wait until `condition()` is truthy, looking again whenever bytes arrive; fail after `timeout`
        (at once if the program has gone)."""
        return await until(
            condition,
            what,
            timeout=timeout,
            seen=lambda: self.text,
            rest=woken_by(self._changed),
            hopeless=lambda: self.closed,
            every=0.5,
        )

    async def wait_text(self, *texts: str, timeout: float = WAIT) -> None:
        await self.wait_for(self.shows(*texts), f"{texts!r} on screen", timeout)

    async def keys_until(self, data: Any, condition: Callable[[], Any], what: str, timeout: float = WAIT) -> None:
        """Type `data` until `condition()` holds. A screen that has just opened ignores keys for half
        a second (so a key meant for the last screen does not act on it), and nothing on screen says
        when that ends: keys still unanswered after `RETYPE` (just past that half second) are typed
        again, so `data` must be safe to repeat (start a menu walk with Home or End)."""
        typed: list[asyncio.Future[Any]] = [asyncio.ensure_future(self._type(data))]
        typed_at = time.monotonic()

        def answered() -> bool:
            nonlocal typed_at
            if condition():
                return True
            if time.monotonic() - typed_at >= RETYPE:
                typed.append(asyncio.ensure_future(self._type(data)))
                typed_at = time.monotonic()
            return False

        try:
            await until(answered, what, timeout=timeout, seen=lambda: self.text, rest=woken_by(self._changed))
        finally:
            await asyncio.gather(*typed, return_exceptions=True)

    async def _type(self, data: Any) -> None:
        raise NotImplementedError


def highlight_move(before: dict[int, str], after: dict[int, str]) -> tuple[list[int], list[int]]:
    """Which rows lost the highlight and which gained it between two `backgrounds()` snapshots.

    The highlight colour is the one that both leaves some rows and arrives on others, and of those
    the rarest on screen (an option list's own background covers more rows than its highlight)."""
    changed = [row for row in before if before[row] != after[row]]
    candidates = {before[r] for r in changed} & {after[r] for r in changed}
    if not candidates:
        return [], []
    colour = min(candidates, key=lambda c: sum(1 for bg in before.values() if bg == c))
    left = [r for r in changed if before[r] == colour]
    arrived = [r for r in changed if after[r] == colour]
    return left, arrived
