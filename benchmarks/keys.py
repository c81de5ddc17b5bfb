"""Key press to changed frame, on each game's busiest screen at 120x40, on a real pseudo-terminal.

Pilot runs headless and skips writing frames, so this measures what a player sees: the key is
written to the app's pty, a terminal emulator (pyte) draws what comes back, and the clock stops
at the last byte of the frame that shows the key's effect (the read burst in which the watched
region changed). The anchor is a bare Textual app moving a highlight in a list on the same pty
(Textual batches screen updates at about 60 Hz, so that is the floor).

Screens: Dabba Walla's placement ghost moving over a 4-seat board, Chai's market cursor with 5
seats, a Chai Wallah die key with 8 seats and the clock ticking. Goal: median within 1.5x of the
anchor and 99th percentile <= 50 ms.

    python benchmarks/keys.py [--keys 60] [--only chai]
"""

from __future__ import annotations

import argparse
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

Region = Callable[[PtyApp], range]
FRAME_GAP = 0.003
"""Bytes arriving within 3 ms belong to the same frame (Textual writes at most ~60 frames a second)."""


def whole(app: PtyApp) -> range:
    return range(app.lines)


def seat_block(name: str) -> Region:
    """The three lines of a Chai Wallah seat, found by its name (the clock line is elsewhere)."""

    def lines(app: PtyApp) -> range:
        for y, text in enumerate(app.screen.display):
            if text.strip().startswith(name):
                return range(y, y + 3)
        return range(app.lines)

    return lines


def snapshot(app: PtyApp, rows: range) -> tuple:
    buf = app.screen.buffer
    return tuple(
        tuple((c.data, c.fg, c.bg, c.reverse, c.bold) for c in (buf[y][x] for x in range(app.columns))) for y in rows
    )


@dataclass
class Scenario:
    name: str
    argv: list[str]
    ready: list[tuple[str, bytes]]
    """(text to wait for, keys to send then); the last wait is where measuring starts."""
    keys: tuple[bytes, ...]
    """Sent in turn, each one's effect measured (they undo each other, so the screen stays put)."""
    region: Region = whole
    gap: float = 0.0
    """Least time between two keys (Chai Wallah drops a repeat of the same key within 250 ms)."""
    samples: list[float] = field(default_factory=list)


def chaigames(*args: str) -> list[str]:
    return [sys.executable, "-m", "chaigames", *args]


SCENARIOS = [
    Scenario(
        "anchor: bare Textual list",
        [sys.executable, str(ROOT / "benchmarks" / "bare_menu_app.py")],
        [("Dabba Walla", b"")],
        (b"\x1b[B", b"\x1b[A"),
    ),
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
        [("Time", b" "), ("Chai!", b"")],
        (b"a",),
        region=seat_block("Asha"),
        gap=0.3,
    ),
]


def measure_key(app: PtyApp, key: bytes, rows: range, limit: float = 2.0) -> float | None:
    """Seconds from writing `key` to the last byte of the burst in which `rows` changed."""
    app.settle(quiet=0.08)
    before = snapshot(app, rows)
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
        if last is not None or snapshot(app, rows) != before:
            last = now
    return None


def run(scenario: Scenario, count: int) -> None:
    with tempfile.TemporaryDirectory() as home:
        env = {"CHAIGAMES_HOME": home, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
        app = PtyApp(scenario.argv, env=env)
        try:
            for text, keys in scenario.ready:
                app.wait_for(lambda screen, t=text: t in screen, limit=30)
                if keys:
                    app.settle()
                    app.send(keys)
            app.settle(quiet=0.3)
            rows = scenario.region(app)
            for i in range(count):
                started = time.perf_counter()
                took = measure_key(app, scenario.keys[i % len(scenario.keys)], rows)
                if took is not None:
                    scenario.samples.append(took)
                rest = scenario.gap - (time.perf_counter() - started)
                if rest > 0:
                    time.sleep(rest)
        finally:
            app.stop()


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=60, help="keys measured per screen")
    parser.add_argument("--only", default="", help="only the screens whose name contains this")
    args = parser.parse_args()
    chosen = [s for s in SCENARIOS if s is SCENARIOS[0] or args.only.lower() in s.name.lower()]
    for scenario in chosen:
        run(scenario, args.keys)
    anchor = statistics.median(SCENARIOS[0].samples)
    print(f"key to changed frame, 120x40 pty, {args.keys} keys per screen")
    for s in chosen:
        if not s.samples:
            print(f"  {s.name:45} no key showed its effect")
            continue
        med, top = statistics.median(s.samples), p99(s.samples)
        ok = "ok" if med <= 1.5 * anchor and top <= 0.050 else "MISSES the goal"
        print(
            f"  {s.name:45} median {med * 1000:5.1f} ms ({med / anchor:4.2f}x)  p99 {top * 1000:5.1f} ms"
            f"  seen {len(s.samples)}/{args.keys}  {ok if s is not SCENARIOS[0] else ''}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
