"""The test terminal's quick reading of a program's bytes leaves exactly the screen pyte's own reading does."""

from __future__ import annotations

import random

import pyte

from tests.terminal import QuickScreen, QuickStream, Terminal

PIECES = [
    "plain text ",
    "Chai Wallah",
    "─│┌┐└┘ ▁▂▃",  # box drawing: one cell each
    "宝石",  # two cells each
    "宝\x1b[Da",  # a wide character's second cell drawn over
    "e\u0301",  # a combining accent
    "x" * 130,  # longer than a line: wraps
    "\x1b[0m",
    "\x1b[m",
    "\x1b[1;3;4;7m",
    "\x1b[38;5;208m",
    "\x1b[48;2;10;20;30m",
    "\x1b[38;2;255;255;255;48;2;0;0;0m",
    "\x1b[22;23;24;27m",
    "\x1b[12;40H",
    "\x1b[H",
    "\x1b[;5H",
    "\x1b[99999;99999H",
    "\x1b[2J",
    "\x1b[K",
    "\x1b[1K",
    "\x1b[3A\x1b[2B\x1b[4C\x1b[D",
    "\x1b[?25l",
    "\x1b[?25h",
    "\x1b[?2026h",
    "\x1b[?2026l",
    "\x1b[?7l",  # no wrap at the line's end
    "\x1b[?7h",
    "\x1b[4h",  # insert mode
    "\x1b[4l",
    "\x1b[2P\x1b[3@\x1b[2X",
    "\x1b[5;20r",
    "\x1b[r",
    "\x1b[4:3m",  # a colon: pyte's parser takes it as the sequence's end
    "\x1b[>c",
    "\x1b[1\x18x",  # cancelled mid-sequence
    "\x1b[2\x08m",  # a backspace inside a sequence
    "\x1b]0;a title\x07",
    "\x1b(0qqq\x1b(B",  # line drawing character set
    "\x1b%@\x1b(U",  # bytes as Latin-1, drawn in the IBM PC character set
    "\x1b(B\x1b%G",  # UTF-8 again
    "\x1b7\x1b8",
    "\r\n",
    "\t",
    "\x08",
    "\x1bD\x1bM",
]


def screens_alike(a: pyte.Screen, b: pyte.Screen) -> bool:
    def cursor(screen: pyte.Screen) -> tuple:
        return screen.cursor.x, screen.cursor.y, screen.cursor.attrs, screen.cursor.hidden

    def shown(screen: pyte.Screen) -> list[str] | None:
        try:
            return screen.display
        except IndexError:  # pyte's: the second cell of a wide character whose first was drawn over
            return None

    return (
        a.buffer == b.buffer
        and shown(a) == shown(b)
        and cursor(a) == cursor(b)
        and a.mode == b.mode
        and (a.title, a.margins, a.charset) == (b.title, b.margins, b.charset)
    )


def test_the_quick_reading_leaves_the_screen_pytes_reading_does():
    """Every kind of sequence a program may write, in any order, cut anywhere (inside a sequence, inside a
    character's UTF-8 bytes): after every feed both screens show the same cells, cursor and modes."""
    rng = random.Random(7)
    for _ in range(8):
        data = "".join(rng.choice(PIECES) for _ in range(150)).encode()
        slow, quick = pyte.Screen(100, 32), QuickScreen(100, 32)
        slow_stream, quick_stream = pyte.ByteStream(slow), QuickStream(quick)
        start = 0
        while start < len(data):
            end = start + rng.randint(1, 300)
            slow_stream.feed(data[start:end])
            quick_stream.feed(data[start:end])
            assert screens_alike(slow, quick), data[:end][-200:]
            start = end


def test_a_test_terminal_reads_quickly():
    terminal = Terminal(80, 24)
    assert isinstance(terminal.screen, QuickScreen) and isinstance(terminal.stream, QuickStream)
    terminal.feed(b"\x1b[2;3H\x1b[1;38;5;208mChai\x1b[0m")
    assert terminal.lines[1] == "  Chai" + " " * 74 and terminal.screen.buffer[1][2].bold
