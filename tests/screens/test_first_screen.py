"""The app's first screen is the main menu itself, and the start leaves the collector less to walk
(issue: fast start). The menu composes with the app, as a bare Textual app's widgets do, instead of
being pushed over Textual's blank default screen (a layout and a paint thrown away); what still
happened before it was pushed (the sweep of half-written saves) happens before it looks for saves.
"""

from __future__ import annotations

import gc
import os
import time

from screens import app as app_module
from screens.menu import MainMenu
from tests import toygame
from tests.pilot import screen_text, wait_for


async def test_the_main_menu_is_the_bottom_screen(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "New game" in screen_text(app), "the menu")
        assert len(app.screen_stack) == 1 and isinstance(app.screen_stack[0], MainMenu)
        await pilot.press("r")  # a screen over it, and back
        await wait_for(pilot, lambda: not isinstance(app.screen, MainMenu), "the rules")
        await app.back_to_menu()
        assert app.screen_stack == [app.screen] and isinstance(app.screen, MainMenu)


async def test_the_first_menu_offers_a_save_the_start_recovered(make_app, store):
    """A game whose app died before its save was put in place: the start's sweep makes the
    temporary file the save, and the first menu already offers to continue it."""
    from chaigames.engine import GameConfig, SeatConfig, Session

    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Bo")))
    store.save(Session(toygame.SPEC, config, 1), "toy-left")
    save = store.saves / "toy-left.json"
    left = store.saves / ".toy-left.json.999999-1.tmp"  # as a killed app leaves it
    save.rename(left)
    os.utime(left, (time.time() - 86400, time.time() - 86400))  # stale, whatever process has that id
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "New game" in screen_text(app), "the menu")
        assert "Continue a saved game" in screen_text(app)
    assert save.exists() and not left.exists()


def test_run_app_freezes_what_the_imports_made(monkeypatch):
    """`gc.freeze()` before the app runs: the imports' objects are never walked by a collection."""
    frozen: list[int] = []

    def run(self, *args, **kwargs) -> None:
        frozen.append(gc.get_freeze_count())

    monkeypatch.setattr(app_module.ChaiGamesApp, "run", run)
    gc.unfreeze()
    try:
        assert app_module.run_app() == 0
    finally:
        gc.unfreeze()  # this test process collects as it did
    assert frozen and frozen[0] > 0
