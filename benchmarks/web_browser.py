"""Play chaigames in a real browser: headless Chromium opens `chaigames web`, types, plays a game.

Not part of the test suite (it needs Chromium). On Debian:

    apt-get install chromium chromium-driver
    pip install selenium            # by hand, for this script only

    python benchmarks/web_browser.py --out /tmp/web-shots [--game chai] [--max-moves 400]

It starts `chaigames web` on a free port with a fresh data folder, opens the page in Chromium with
the internet shut off (every host name resolves to nothing but 127.0.0.1), gives a name, opens a
game from the menu, sets seat 2 to an easy bot, starts it and plays it to the end by the keyboard
(Chai: `m` lists the legal moves; it serves a customer when it can, else plays the first), and
saves screenshots along the way.

The page draws the terminal on a canvas, so the script reads along with the player: a few lines
injected before the page's own scripts copy the websocket's frames, which a pyte screen draws.
At the end it checks that the browser fetched nothing but this server's own files.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pyte
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = Path(__file__).resolve().parents[1]
RESULTS = "chaigames: Results"
CHROMIUM_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",  # no internet: the page must not need it
    "--window-size=1280,860",
]

# Runs before the page's scripts: keep a copy of every terminal frame the server sends.
READ_ALONG = """
(() => {
  const Real = window.WebSocket;
  window.__frames = [];
  function Tapped(url, protocols) {
    const ws = new Real(url, protocols);
    const query = new URL(url).searchParams;
    window.__size = { width: +query.get("width"), height: +query.get("height") };
    const send = ws.send.bind(ws);
    ws.send = (data) => {
      if (typeof data === "string" && data.startsWith('["resize"')) window.__size = JSON.parse(data)[1];
      return send(data);
    };
    ws.addEventListener("message", (e) => {
      if (typeof e.data !== "string") window.__frames.push(btoa(String.fromCharCode(...new Uint8Array(e.data))));
    });
    return ws;
  }
  Tapped.prototype = Real.prototype;
  Object.assign(Tapped, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = Tapped;
})();
"""


class Host:
    """`chaigames web` on a free port in a fresh data folder."""

    def __init__(self, data_dir: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        env.pop("CHAIGAMES_HOME", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "chaigames", "web", "--port", "0", "--data-dir", str(data_dir)],
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        end = time.monotonic() + 30
        while time.monotonic() < end:
            match = next((re.search(r"serving on 127\.0\.0\.1:(\d+)", x) for x in self.lines if "serving" in x), None)
            if match:
                self.url = f"http://127.0.0.1:{match.group(1)}/"
                return
            time.sleep(0.05)
        raise SystemExit("chaigames web did not start:\n" + "\n".join(self.lines))

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line.rstrip())

    def stop(self) -> None:
        self.proc.send_signal(2)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Browser:
    def __init__(self, out: Path) -> None:
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in CHROMIUM_FLAGS:
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": READ_ALONG})
        self.out = out
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.shots = 0

    def open(self, url: str) -> None:
        self.driver.get(url)
        self.wait(lambda: "-first-byte" in (self.driver.find_element(By.TAG_NAME, "body").get_attribute("class") or ""))
        size = self.driver.execute_script(
            "const t = document.querySelector('.xterm-rows') || document.querySelector('.xterm-screen');"
            "return [t.clientWidth, t.clientHeight];"
        )
        print(f"page open; terminal area {size[0]}x{size[1]} px")
        self.driver.find_element(By.CSS_SELECTOR, ".xterm-screen").click()

    def pump(self) -> None:
        import base64

        size, frames = self.driver.execute_script(
            "return [window.__size, window.__frames.splice(0, window.__frames.length)];"
        )
        if size and (size["width"], size["height"]) != (self.screen.columns, self.screen.lines):
            self.screen.resize(size["height"], size["width"])  # the terminal's size, as the app is told
        for frame in frames:
            self.stream.feed(base64.b64decode(frame))

    def text(self) -> str:
        self.pump()
        return "\n".join(self.screen.display)

    def wait(self, condition, timeout: float = 30.0, what: str = "condition") -> None:
        end = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > end:
                self.shot("timeout")
                raise SystemExit(f"timed out waiting for {what}; the screen:\n{self.text()}")
            time.sleep(0.1)

    def until(self, condition, timeout: float) -> bool:
        """Poll `condition` for at most `timeout` seconds; whether it came true."""
        end = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > end:
                return False
            time.sleep(0.05)
        return True

    def wait_text(self, *texts: str, timeout: float = 30.0) -> None:
        self.wait(lambda: all(t in self.text() for t in texts), timeout, repr(texts))

    def keys(self, *keys: str) -> None:
        ActionChains(self.driver).send_keys(*keys).perform()

    def ctrl(self, key: str) -> None:
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()

    def shot(self, name: str) -> Path:
        self.shots += 1
        path = self.out / f"{self.shots:02d}-{name}.png"
        self.driver.save_screenshot(str(path))
        print(f"screenshot {path}")
        return path

    def resources(self) -> list[str]:
        return self.driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name);")

    def console(self) -> list[str]:
        with contextlib.suppress(Exception):
            return [f"{e['level']}: {e['message']}" for e in self.driver.get_log("browser")]
        return []

    def quit(self) -> None:
        self.driver.quit()


def play_chai(browser: Browser, max_moves: int) -> int:
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
            browser.until(lambda: "Moves (Enter" not in browser.text(), 5)
            if moves % 20 == 0:
                browser.shot(f"chai-move-{moves}")
        elif "Player 1 to move" in text.splitlines()[1]:  # the status line: our move, or a discard
            browser.keys("m")  # ignored if a bot moved meanwhile: then it is simply pressed again
            browser.until(lambda: any(t in browser.text() for t in ("Moves (Enter", RESULTS)), 3)
        else:
            time.sleep(0.1)  # a bot is moving
    return moves


def main() -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # `timeout` too closes Chromium and the host
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "chaigames-web-shots")
    parser.add_argument("--max-moves", type=int, default=400)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="chaigames-web-"))
    host = Host(data)
    browser = Browser(args.out)
    started = time.monotonic()
    try:
        browser.open(host.url)
        browser.wait_text("What is your name?")
        browser.shot("name")
        browser.keys("Asha", Keys.ENTER)
        browser.wait_text("Chai Wallah", "Dabba Walla")
        browser.shot("menu")
        browser.keys(Keys.ARROW_DOWN * 4, Keys.ENTER)  # New game, Rules, Quit, Chai Wallah, Chai
        browser.wait_text("New game: Chai")
        # Seat 2's kind: Tab from the seat count past seat 1's name, kind and tea, and seat 2's name.
        browser.keys(Keys.TAB * 5, Keys.ENTER)
        browser.wait_text("Bot: easy")  # the list is open: Human, Bot: easy, Bot: normal (chosen), ...
        browser.keys(Keys.ARROW_UP, Keys.ENTER)
        browser.wait(lambda: re.search(r"2\. Asha +Bot: easy", browser.text()) is not None, what="an easy bot")
        browser.shot("setup")
        browser.ctrl("s")
        browser.wait_text("Player 1 to move")
        browser.shot("game-start")
        moves = play_chai(browser, args.max_moves)
        browser.wait_text(RESULTS, timeout=30)
        browser.shot("results")
        print(f"game over after {moves} moves of Player 1, {time.monotonic() - started:.0f} s")
        print("the final screen:\n" + browser.text())
        foreign = [r for r in browser.resources() if not r.startswith(host.url)]
        print(f"resources fetched: {len(browser.resources())}, from elsewhere: {foreign}")
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
