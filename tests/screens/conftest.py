"""Helpers for Pilot tests of the frame (the screen as text and the bounded wait are `tests/pilot.py`'s)."""

from __future__ import annotations

from typing import Any

import pytest

from chaigames.saves import SaveStore
from screens.app import ChaiGamesApp
from tests import toygame
from tests.pilot import settled_keys, wait_for


def notices(app: ChaiGamesApp) -> list[str]:
    """Every notification the app is asked to show from now on, as a list that fills in (toasts are not
    drawn in Pilot tests)."""
    said: list[str] = []
    show = app.notify

    def notify(message: str, *args: Any, **kwargs: Any) -> None:
        said.append(str(message))
        show(message, *args, **kwargs)

    app.notify = notify  # type: ignore[method-assign]
    return said


async def save_and_quit(pilot) -> None:
    """From the pause menu: `s`, then `y` on the question (save and quit asks first)."""
    from screens.confirm import ConfirmScreen

    await pilot.press("s")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen), "the save-and-quit question")
    await pilot.press("y")


@pytest.fixture
def make_app():
    """A frame app offering only the toy game (and any extra specs), bots without delay, keys never
    held back (tests of the key gate set `key_guard` and `win_hold` themselves), whose `run_test`
    gives a `SettledPilot` (each key waited for by condition, not by time)."""

    def make(*, games=(), **kw) -> ChaiGamesApp:
        kw.setdefault("bot_delay", 0)
        kw.setdefault("countdown", 0)
        kw.setdefault("registry", False)
        kw.setdefault("key_guard", 0)
        kw.setdefault("win_hold", 0)
        kw.setdefault("confirm_moves", False)
        return settled_keys(ChaiGamesApp(games=[toygame.SPEC, *games], **kw))

    return make


@pytest.fixture
def store() -> SaveStore:
    return SaveStore()
