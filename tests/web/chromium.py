"""A real browser for `chaigames web`: Debian's headless Chromium driven by selenium, through the
system's chromedriver (nothing is downloaded), shared by the browser test and
`benchmarks/web_browser.py`.

The page draws the terminal on a canvas, so the browser reads along with the player: a few lines
injected before the page's own scripts copy the websocket's frames, which a pyte screen draws.
Menus are chosen by their label: the label is found on that screen and clicked where it is drawn.
"""

from __future__ import annotations

import base64
import contextlib
import os
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.terminal import RETYPE, WAIT, Terminal
from tests.wait import until_blocking

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")

# Running as root in a container: no sandbox, no GPU, and nothing the browser would fetch for itself.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)

# Runs before the page's scripts: keep a copy of every terminal frame the server sends, and the
# terminal's size as the app is told it.
READ_ALONG = """
(() => {
  const Real = window.WebSocket;
  window.__frames = [];
  window.__size = null;
  class Tapped extends Real {
    constructor(url, protocols) {
      super(url, protocols);
      const query = new URL(url).searchParams;
      window.__size = { width: +query.get("width"), height: +query.get("height") };
      this.addEventListener("message", (e) => {
        if (typeof e.data !== "string") {
          const bytes = new Uint8Array(e.data);
          let text = "";
          for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
          window.__frames.push(btoa(text));
        }
      });
    }
    send(data) {
      if (typeof data === "string" && data.startsWith('["resize"')) window.__size = JSON.parse(data)[1];
      return super.send(data);
    }
  }
  window.WebSocket = Tapped;
})();
"""


def missing() -> str | None:
    """Why a real browser cannot run here, or None when it can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install '.[test]')"
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not path.exists():
            return f"no {path} (apt-get install {package})"
    return None


class Chromium:
    """One headless Chromium window with a fresh profile, reading along with the page's terminal."""

    def __init__(self, width: int = 1024, height: int = 700) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.profile = tempfile.TemporaryDirectory(prefix="chaigames-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={self.profile.name}")
        options.add_argument(f"--window-size={width},{height}")
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        service = Service(str(CHROMEDRIVER), env={**os.environ, "SE_AVOID_STATS": "true"})
        try:
            self.driver = webdriver.Chrome(options=options, service=service)
        except BaseException:
            self.profile.cleanup()
            raise
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": READ_ALONG})
        self.terminal = Terminal(80, 24)
        self.requests: list[str] = []

    # -- the page ------------------------------------------------------------------------------------
    def open(self, url: str) -> None:
        """Open the page and wait until the terminal drew its first frame."""
        self.terminal = Terminal(80, 24)
        with contextlib.suppress(Exception):
            self.driver.get_log("performance")  # what the browser did before: its own start page
        self.requests.clear()
        self.driver.get(url)
        self.wait(lambda: "-first-byte" in self.body_classes(), "the terminal's first frame")

    def body_classes(self) -> str:
        return self.driver.execute_script("return document.body.className") or ""

    def title(self) -> str:
        return self.driver.title

    def terminal_has_keyboard(self) -> bool:
        """Whether the keys a player types go to the terminal (its input has the focus)."""
        return bool(
            self.driver.execute_script(
                "const a = document.activeElement;"
                "return !!a && a.classList.contains('xterm-helper-textarea') && document.hasFocus();"
            )
        )

    def closed_words(self) -> str:
        """What the page says once its game closed ('' while it plays)."""
        if "-closed" not in self.body_classes():
            return ""
        return self.driver.execute_script(
            "return document.getElementById('closed-words').textContent + ' | ' +"
            " document.getElementById('again').textContent;"
        )

    # -- the terminal, as the player sees it ---------------------------------------------------------
    def pump(self) -> None:
        size, frames = self.driver.execute_script(
            "return [window.__size, window.__frames.splice(0, window.__frames.length)];"
        )
        screen = self.terminal.screen
        if size and (size["width"], size["height"]) != (screen.columns, screen.lines):
            self.terminal.resize(size["width"], size["height"])
        for frame in frames:
            self.terminal.feed(base64.b64decode(frame))

    def text(self) -> str:
        self.pump()
        return self.terminal.text

    def wait(self, condition: Callable[[], Any], what: str, timeout: float = WAIT) -> None:
        """Look at `condition` until it holds; fail after `timeout` seconds (scaled), saying what the screen shows."""
        until_blocking(condition, what, timeout=timeout, seen=self.text, every=0.05)

    def wait_text(self, *texts: str, timeout: float = WAIT) -> None:
        self.wait(lambda: all(t in self.text() for t in texts), repr(texts), timeout)

    def keys(self, *keys: str) -> None:
        """Type, as a player does: to whatever has the keyboard."""
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(*keys).perform()

    def ctrl(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()

    def keys_until(self, send: Callable[[], None], condition: Callable[[], Any], what: str, timeout: float = WAIT):
        """Press until `condition` holds: a screen that has just opened ignores keys for half a second
        (nothing on the page says when that ends), so the keys must be safe to repeat."""
        sent_at = time.monotonic()
        send()

        def answered() -> bool:
            nonlocal sent_at
            if condition():
                return True
            if time.monotonic() - sent_at >= RETYPE:
                send()
                sent_at = time.monotonic()
            return False

        self.wait(answered, what, timeout)

    def where(self, label: str) -> tuple[int, int]:
        """The cell (column, line) where `label` begins on the screen."""
        for line, row in enumerate(self.text().splitlines()):
            column = row.find(label)
            if column >= 0:
                return column, line
        raise AssertionError(f"no {label!r} on the screen:\n{self.text()}")

    def click(self, label: str) -> None:
        """Click the middle of `label` where the terminal draws it."""
        from selenium.webdriver.common.action_chains import ActionChains

        column, line = self.where(label)
        left, top, width, height = self.driver.execute_script(
            "const r = document.querySelector('#terminal .xterm-screen').getBoundingClientRect();"
            "return [r.left, r.top, r.width, r.height];"
        )
        x = left + (column + len(label) / 2) * width / self.terminal.screen.columns
        y = top + (line + 0.5) * height / self.terminal.screen.lines
        actions = ActionChains(self.driver)
        actions.w3c_actions.pointer_action.move_to_location(int(x), int(y)).click()
        actions.perform()

    # -- what the browser fetched --------------------------------------------------------------------
    def fetched(self) -> list[str]:
        """Every URL the browser asked for since the page opened (its performance log: scripts,
        fonts, the favicon, websockets), and every resource entry the page itself counts."""
        import json

        with contextlib.suppress(Exception):
            for entry in self.driver.get_log("performance"):
                message = json.loads(entry["message"])["message"]
                if message["method"] == "Network.requestWillBeSent":
                    self.requests.append(message["params"]["request"]["url"])
                elif message["method"] == "Network.webSocketCreated":
                    self.requests.append(message["params"]["url"])
        entries = self.driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name);")
        return [*self.requests, *entries]

    def foreign(self, base: str) -> list[str]:
        """What the browser fetched from anywhere but `base` (http) and its websocket."""
        ours = (base.rstrip("/") + "/", re.sub(r"^http", "ws", base.rstrip("/")) + "/")
        return [u for u in self.fetched() if not u.startswith(ours) and not u.startswith("data:")]

    def console(self) -> list[str]:
        with contextlib.suppress(Exception):
            return [f"{e['level']}: {e['message']}" for e in self.driver.get_log("browser")]
        return []

    def shot(self, path: Path) -> Path:
        self.driver.save_screenshot(str(path))
        return path

    def quit(self) -> None:
        with contextlib.suppress(Exception):
            self.driver.quit()
        self.profile.cleanup()
