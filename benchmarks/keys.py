"""Key press to changed frame, on each game's busiest screen at 120x40, on a real pseudo-terminal.

Pilot runs headless and skips writing frames, so this measures what a player sees: the key is
written to the app's pty, a terminal emulator (pyte) draws what comes back, and the clock stops
at the last byte of the frame that shows the key's effect (the read burst in which the watched
region changed). The anchor is a bare Textual app moving a highlight in a list on its own pty,
running beside each game and measured alternately with it, key for key (the machine may be
shared: only the ratio to the anchor of the same run is comparable between runs; Textual batches
screen updates at about 60 Hz, so the anchor is the floor).

Only keys that change the screen are measured: a Chai Wallah key is sent when its die can take it
(no market freeze, the seat not locked, the die not fresh), and the clock stops when that die
changed, so a refusal that leaves the screen as it was (or a tick elsewhere) is never timed.

Screens: Dabba Walla's placement ghost moving over a 4-seat board, Chai's market cursor with 5
seats, a Chai Wallah die key with 8 seats and the clock ticking. Goal: median within 1.5x of the
anchor and 99th percentile <= 50 ms.

    python benchmarks/keys.py [--keys 60] [--only chai]
"""

from __future__ import annotations

import argparse
import os
import re
import select
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.ptyrun import PtyApp  # noqa: E402

Region = Callable[[PtyApp], list[tuple[int, range]]]
"""The cells watched for a key's effect: (row, columns) pairs."""
FRAME_GAP = 0.003
"""Bytes arriving within 3 ms belong to the same frame (Textual writes at most ~60 frames a second)."""
KEY_GUARD = 0.6
"""chaigames ignores keys for 0.5 s after a screen opens: the set-up keys wait that long."""


def whole(app: PtyApp) -> list[tuple[int, range]]:
    return [(y, range(app.columns)) for y in range(app.lines)]


def always(app: PtyApp) -> bool:
    return True


SEAT_ROWS = 9
"""The most lines a Chai Wallah seat takes (a big block at 120x40: header, seven lines of dice, notes)."""
SEAT_COLUMNS = 29
"""The fewest columns a seat's block takes in the big layout (screens/chai_wallah/big.py CELL_MIN)."""


def seat_box(app: PtyApp, name: str) -> tuple[range, range]:
    """The rows and columns where a Chai Wallah seat's dice can be, found by its name: from its
    name down SEAT_ROWS lines and across SEAT_COLUMNS (the smaller layouts' seats are bots below
    and beside it, without keys). The whole screen when the name is not there."""
    word = re.compile(rf"(?<!\S){re.escape(name)}(?!\S)")
    for y, text in enumerate(app.screen.display[2:], start=2):  # under the title and the status line
        found = word.search(text)
        if found:
            x = found.start()
            return range(y, min(y + SEAT_ROWS, app.lines)), range(max(x - 1, 0), min(x + SEAT_COLUMNS, app.columns))
    return range(app.lines), range(app.columns)


def keyed_die(name: str, key: str) -> Region:
    """The cells of the die a Chai Wallah seat plays with `key`, in either layout, else the seat's box:
    - up to 120x40, a die as letters after its key: 'a T5', 'a [T5]', 'a T5*7' (one line);
    - at 120x40 and larger, a die as a 5x3 face with its key beside the middle row:
      '[face]a ' (the brackets when offered), the fresh mark '*7' under the key."""

    def cells(app: PtyApp) -> list[tuple[int, range]]:
        rows, cols = seat_box(app, name)
        for y in rows:
            line = app.screen.display[y]
            for x in cols:
                if line[x] != key or line[x + 1 : x + 2] != " " or line[x - 1 : x] not in (" ", "]"):
                    continue
                after = line[x + 2 : x + 3]
                if after and after in "TSUM[":  # the small layouts: the die follows its key
                    return [(y, range(x + 2, min(x + 8, app.columns)))]
                if 0 < y < app.lines - 1 and x >= 7:  # the big layout: the face stands before its key
                    return [(r, range(x - 7, x + 2)) for r in (y - 1, y, y + 1)]
        return [(y, cols) for y in rows]

    return cells


def die_can_act(name: str, key: str) -> Callable[[PtyApp], bool]:
    """A Chai Wallah die key will change its die now: no freeze, the seat not locked, the die not
    fresh (a refusal's flash repeats itself, and a re-roll may show the same value)."""
    die = keyed_die(name, key)

    def ready(app: PtyApp) -> bool:
        text = app.screen.display
        rows, cols = seat_box(app, name)
        if len(rows) == app.lines:  # the seat is not on the screen
            return False
        if any("frozen" in line for line in text[:3]):
            return False
        if any("LOCKED" in text[y][cols.start : cols.stop] for y in rows):
            return False
        return not any("*" in "".join(text[y][x] for x in xs) for y, xs in die(app))

    return ready


def snapshot(app: PtyApp, cells: list[tuple[int, range]]) -> tuple:
    buf = app.screen.buffer
    return tuple(tuple((c.data, c.fg, c.bg, c.reverse, c.bold) for c in (buf[y][x] for x in xs)) for y, xs in cells)


@dataclass
class Scenario:
    name: str
    argv: list[str]
    ready: list[tuple[str, bytes]]
    """(text to wait for, keys to send then); the last wait is where measuring starts."""
    keys: tuple[bytes, ...]
    """Sent in turn, each one's effect measured (they undo each other, so the screen stays put)."""
    region: Region = whole
    can_act: Callable[[PtyApp], bool] = always
    """Whether the next key will change the screen (else the benchmark waits before sending it)."""
    disturbed: Callable[[PtyApp], bool] = lambda app: False
    """Whether something else changed the watched cells while a key was measured (a claim froze the
    market: the die then changes at the thaw, 2 s later): such a sample is set aside, and counted."""
    set_aside: int = 0
    gap: float = 0.0
    """Least time between two keys (Chai Wallah drops a repeat of the same key within 250 ms)."""
    samples: list[float] = field(default_factory=list)
    anchor: list[float] = field(default_factory=list)
    """The anchor's keys, measured alternately with this screen's."""


def chaigames(*args: str) -> list[str]:
    return [sys.executable, "-m", "chaigames", *args]


ANCHOR = Scenario(
    "anchor: bare Textual list",
    [sys.executable, str(ROOT / "benchmarks" / "bare_menu_app.py")],
    [("Dabba Walla", b"")],
    (b"\x1b[B", b"\x1b[A"),
)

SCENARIOS = [
    Scenario(
        "Dabba Walla: placement ghost, 4 seats",
        chaigames("new", "dabba-walla", "--seat", "Asha", *["--bot", "easy"] * 3, "--seed", "7"),
        [("Enter Walk", b"\r"), ("Choose the card to play", b"\r"), ("on 0", b"")],
        (b"\x1b[C", b"\x1b[D"),
    ),
    Scenario(
        "Chai: market cursor, 5 seats",
        chaigames("new", "chai", "--seat", "Asha", *["--bot", "easy"] * 4, "--seed", "7"),
        [("Your turn", b"")],
        (b"\x1b[C", b"\x1b[D"),
    ),
    Scenario(
        "Chai Wallah: die key, 8 seats, clock ticking",
        chaigames("new", "chai-wallah", "--seat", "Asha", *["--bot", "easy"] * 7, "--seed", "7"),
        [("Space: start the clock", b" "), ("Time   2.", b"")],
        (b"a",),
        region=keyed_die("Asha", "a"),
        can_act=die_can_act("Asha", "a"),
        disturbed=lambda app: any("frozen" in line for line in app.screen.display[:3]),
        gap=0.3,
    ),
]


def measure_key(
    app: PtyApp, key: bytes, cells: list[tuple[int, range]], limit: float = 2.0, disturbed: Callable = lambda a: False
) -> float | None:
    """Seconds from writing `key` to the last byte of the burst in which `cells` changed (None if they did not,
    or if `disturbed` said so on the way: the change was not the key's)."""
    before = snapshot(app, cells)
    t0 = time.perf_counter()
    app.send(key)
    last = None
    while time.perf_counter() - t0 < limit:
        ready, _, _ = select.select([app.fd], [], [], FRAME_GAP if last else limit)
        if not ready:
            if last is not None:  # the burst that showed the effect is over
                return last - t0
            continue
        app.pump(0)
        now = time.perf_counter()
        if disturbed(app):
            return None
        if last is not None or snapshot(app, cells) != before:
            last = now
    return None


def open_app(scenario: Scenario, home: str) -> PtyApp:
    env = {"CHAIGAMES_HOME": home, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    app = PtyApp(scenario.argv, env=env)
    for text, keys in scenario.ready:
        app.wait_for(lambda screen, t=text: t in screen, limit=30)
        if keys:
            app.settle()
            time.sleep(KEY_GUARD)
            app.send(keys)
    app.settle(quiet=0.3)
    return app


def one_key(app: PtyApp, scenario: Scenario, i: int, samples: list[float], limit: float = 5.0) -> None:
    """Wait until the screen can take the key (bounded), then measure it."""
    end = time.perf_counter() + limit
    app.settle(quiet=0.08)
    while not scenario.can_act(app) and time.perf_counter() < end:
        app.pump(0.02)
    if not scenario.can_act(app):
        return
    took = measure_key(app, scenario.keys[i % len(scenario.keys)], scenario.region(app), disturbed=scenario.disturbed)
    if took is not None:
        samples.append(took)
    elif scenario.disturbed(app):
        scenario.set_aside += 1


def run(scenario: Scenario, count: int) -> None:
    """The screen and the anchor side by side, a key to each in turn."""
    with tempfile.TemporaryDirectory() as home:
        anchor = open_app(ANCHOR, home)
        app = None
        try:
            app = open_app(scenario, home)
            for i in range(count):
                started = time.perf_counter()
                one_key(app, scenario, i, scenario.samples)
                one_key(anchor, ANCHOR, i, scenario.anchor)
                rest = scenario.gap - (time.perf_counter() - started)
                if rest > 0:
                    time.sleep(rest)
        finally:
            anchor.stop()
            if app is not None:
                app.stop()


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=60, help="keys measured per screen")
    parser.add_argument("--only", default="", help="only the screens whose name contains this")
    args = parser.parse_args()
    os.chdir(ROOT)  # `python -m chaigames` runs this checkout's chaigames (the current folder comes first)
    chosen = [s for s in SCENARIOS if args.only.lower() in s.name.lower()]
    load = os.getloadavg()
    for scenario in chosen:
        run(scenario, args.keys)
    print(f"key to changed frame, 120x40 pty, {args.keys} keys per screen, each beside the anchor (a bare list)")
    print(f"  load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; after: {os.getloadavg()[0]:.2f}")
    for s in chosen:
        if not s.samples or not s.anchor:
            print(f"  {s.name:45} no key showed its effect")
            continue
        med, top, anchor = statistics.median(s.samples), p99(s.samples), statistics.median(s.anchor)
        ok = "ok" if med <= 1.5 * anchor and top <= 0.050 else "MISSES the goal"
        print(
            f"  {s.name:45} median {med * 1000:5.1f} ms ({med / anchor:4.2f}x)  p99 {top * 1000:5.1f} ms"
            f"  seen {len(s.samples)}/{args.keys}  {ok}"
        )
        if s.set_aside:
            print(f"  {'  set aside (a claim froze the market)':45} {s.set_aside} keys")
        print(f"  {'  its anchor':45} median {anchor * 1000:5.1f} ms          p99 {p99(s.anchor) * 1000:5.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
