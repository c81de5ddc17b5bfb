"""`chaigames web` in a real browser: headless Chromium opens the page, the player types a name,
starts Chai from the menu by its label and plays a few moves, as a person would.

Without Chromium (Debian's `chromium` and `chromium-driver`) the test is skipped, saying what is
missing; under CI (`CI=true`, where `.ci/run` installs them) it must run.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest

from tests.hostprocess import HostProcess

from .chromium import Chromium, missing

TITLES = ("Chai Wallah (4-8 players)", "Chai (2-5 players)", "Dabba Walla (2-4 players)")
MOVES = 3  # Asha's moves: each one through the list of legal moves


@pytest.fixture
def browser() -> Iterator[Chromium]:
    reason = missing()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must try the real browser, but {reason}")
        pytest.skip(f"no real browser here: {reason}")
    chromium = Chromium()
    yield chromium
    chromium.quit()


@pytest.fixture
def host(start_host) -> HostProcess:
    return start_host()


def test_a_player_names_themself_and_plays_chai_in_chromium(browser: Chromium, host: HostProcess):
    browser.open(host.url + "/")
    browser.wait_text("What is your name?")
    # The terminal has the keyboard at once: no click first.
    browser.wait(browser.terminal_has_keyboard, "the terminal to take the keyboard")
    assert browser.title() == "chaigames"
    browser.keys("Asha\n")
    browser.wait_text("Playing as Asha", *TITLES)

    browser.click("Chai (2-5 players)")  # the menu entry found by its label, wherever it is
    browser.wait_text("New game: Chai")
    assert re.search(r"1\. Asha +Human", browser.text()), browser.text()  # the page's name sits in seat 1
    assert not re.search(r"[2-5]\. Asha ", browser.text())  # and no bot is called like the player
    browser.keys_until(lambda: browser.ctrl("s"), lambda: "Market bag" in browser.text(), "the game")

    for _ in range(MOVES):
        browser.wait(lambda: browser.title() == "Your turn - Chai - chaigames", "Asha's turn in the tab's title")
        browser.keys_until(lambda: browser.keys("m"), lambda: "Moves (Enter" in browser.text(), "the legal moves")
        browser.keys("1")
        browser.wait(lambda: "Moves (Enter" not in browser.text(), "the move to be made")
    assert browser.title().endswith("Chai - chaigames")

    assert browser.foreign(host.url) == [], "the page fetched something from elsewhere"
    assert any(url.endswith("/static/textual/js/textual.js") for url in browser.fetched())
