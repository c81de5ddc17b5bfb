"""Play chaigames in a real browser: headless Chromium opens `chaigames web`, types, plays a game.

Needs Debian's `chromium` and `chromium-driver` (`apt-get install chromium chromium-driver`) and the
test extra (selenium, pointed at /usr/bin/chromedriver: nothing is downloaded):

    python benchmarks/web_browser.py --out /tmp/web-shots [--port 8123] [--max-moves 400]

It starts `chaigames web` (on `--port`, else a free one) with a fresh data folder, opens the page in
headless Chromium, gives a name, chooses Chai from the menu by its label, sets seat 2 to an easy
bot, starts it and plays it to the end by the keyboard (Chai: `m` lists the legal moves; it serves
a customer when it can, else plays the first), saving screenshots along the way. At the end it
checks that the browser fetched nothing but this server's own files, and prints the times taken.

The browser (`tests/web/chromium.py`, shared with the browser test) reads along with the player:
the terminal's frames are copied from the websocket and drawn on a pyte screen.
"""

from __future__ import annotations

import argparse
import re
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.hostprocess import HostProcess  # noqa: E402
from tests.web.chromium import Chromium, missing  # noqa: E402

RESULTS = "chaigames: Results"
ME = "Asha"


class Shots:
    """Numbered screenshots in one folder."""

    def __init__(self, browser: Chromium, out: Path) -> None:
        self.browser, self.out, self.count = browser, out, 0

    def __call__(self, name: str) -> Path:
        self.count += 1
        path = self.browser.shot(self.out / f"{self.count:02d}-{name}.png")
        print(f"screenshot {path}", flush=True)
        return path


def until(condition, timeout: float) -> bool:
    """Poll `condition` for at most `timeout` seconds; whether it came true."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


def play_chai(browser: Chromium, shot: Shots, max_moves: int) -> int:
    """Chai to the end: `m` opens the legal moves; play a Fulfil if one is listed, else the first.
    Returns the moves played."""
    moves = 0
    report = time.monotonic() + 15
    while moves < max_moves:
        text = browser.text()
        if time.monotonic() > report:  # now and then, where the game is
            report = time.monotonic() + 15
            lines = text.splitlines()
            print(f"{moves} moves; {lines[1].strip()!r} / {lines[-2].strip()!r}", flush=True)
        if RESULTS in text:
            return moves
        if "Moves (Enter" in text:
            serve = re.search(r"\b([1-9])\. Fulfil [^n]", text)  # serve a customer when one can be served
            browser.keys(serve.group(1) if serve else "1")
            moves += 1
            until(lambda: "Moves (Enter" not in browser.text(), 5)
            if moves % 20 == 0:
                shot(f"chai-move-{moves}")
        elif browser.title().startswith("Your turn"):  # our move, or a discard
            browser.keys("m")  # ignored if a bot moved meanwhile: then it is simply pressed again
            until(lambda: any(t in browser.text() for t in ("Moves (Enter", RESULTS)), 3)
        else:
            time.sleep(0.1)  # a bot is moving
    return moves


def main() -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # `timeout` too closes Chromium and the host
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "chaigames-web-shots")
    parser.add_argument("--port", type=int, default=0, help="the port chaigames web listens on (default: a free one)")
    parser.add_argument("--max-moves", type=int, default=400)
    args = parser.parse_args()
    reason = missing()
    if reason:
        print(f"web_browser: {reason}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="chaigames-web-")) / "data"
    host = HostProcess("web", data, port=args.port)
    browser = Chromium(1280, 860)
    shot = Shots(browser, args.out)
    started = time.monotonic()
    laps: list[tuple[str, float]] = []

    def lap(what: str) -> None:
        laps.append((what, time.monotonic() - started))

    try:
        browser.open(host.url + "/")
        browser.wait_text("What is your name?")
        lap("page to the name question")
        shot("name")
        browser.keys(ME + "\n")
        browser.wait_text(f"Playing as {ME}", "Chai Wallah", "Dabba Walla")
        lap("name to the menu")
        shot("menu")
        browser.click("Chai (2-5 players)")
        browser.wait_text("New game: Chai")
        # Seat 2's kind: its list opened with a click on its current kind, the easy bot chosen by label.
        browser.click(re.search(r"2\. \S+ +(Bot: \w+)", browser.text()).group(1))
        browser.wait_text("Bot: easy", "Bot: hard")
        browser.click("Bot: easy")
        browser.wait(lambda: re.search(r"2\. \S+ +Bot: easy", browser.text()) is not None, "an easy bot")
        shot("setup")
        browser.keys_until(lambda: browser.ctrl("s"), lambda: "Market bag" in browser.text(), "the game")
        lap("menu to the game")
        shot("game-start")
        moves = play_chai(browser, shot, args.max_moves)
        browser.wait_text(RESULTS, timeout=30)
        lap("the whole game")
        shot("results")
        print(f"game over after {moves} moves of {ME}")
        print("the final screen:\n" + browser.text())
        for what, at in laps:
            print(f"{at:7.1f} s  {what}")
        foreign = browser.foreign(host.url)
        print(f"resources fetched: {len(browser.fetched())}, from elsewhere: {foreign}")
        for line in browser.console():
            print("console", line)
        saves = sorted(p.relative_to(data) for p in data.rglob("*.json"))
        print("files written:", [str(p) for p in saves])
        return 0 if not foreign else 1
    finally:
        browser.quit()
        host.stop()
        print("\n".join(host.lines[-5:]))


if __name__ == "__main__":
    raise SystemExit(main())
