"""One app per save: an advisory lock file with the owner's pid. A second app
is told "this game is open elsewhere" and may take it over; the first finds out at its next save
and goes back to its menu without overwriting. A lock left by a dead process is taken silently."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest

from chaigames.engine import GameConfig, SeatConfig
from chaigames.saves import GameOpenElsewhere, GameTakenOver, SaveStore
from screens.confirm import ConfirmScreen
from screens.curtain import CountdownScreen
from screens.game_base import GameScreen
from screens.menu import ContinueScreen, MainMenu
from tests.pilot import screen_text, wait_for
from tests.toygame import Step

from .games import STEPPY, TAP

SIZE = (80, 24)


def vs_bot() -> tuple[str, GameConfig, int]:
    return ("toy", GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0), 5)


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def entries(store: SaveStore, save_id: str) -> int:
    return len(json.loads(store.path_of(save_id).read_text())["entries"])


def test_claim_refuses_a_live_owner_takes_a_dead_ones_lock_and_take_over_fences_the_old_one(store):
    store.saves.mkdir(parents=True)
    first = store.claim("g1")
    with pytest.raises(GameOpenElsewhere) as info:
        store.claim("g1")
    assert "another tab or window" in str(info.value) and "process" not in str(info.value)
    second = store.claim("g1", take_over=True)
    assert store.holds("g1", second) and not store.holds("g1", first)
    store.release("g1", first)  # not ours any more: the lock stays
    assert store.lock_path("g1").exists()
    store.release("g1", second)
    assert not store.lock_path("g1").exists()
    # a crashed app's lock: its process is gone
    data = {"pid": dead_pid(), "host": socket.gethostname(), "token": "old"}
    store.lock_path("g2").write_text(json.dumps(data))
    assert store.claim("g2")


async def test_second_app_takes_over_and_the_first_returns_to_its_menu_without_saving(make_app, store):
    app = make_app(games=[STEPPY], new_game=vs_bot())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "Ann's move")
        save_id = app.controller.save_id
        with pytest.raises(GameOpenElsewhere):
            store.claim(save_id)
        # another app (the store API as a second process would use it) takes the game over
        other = SaveStore()
        token = other.claim(save_id, take_over=True)
        their = other.load(save_id, app.library.get)
        their.apply(0, Step(2))
        other.save(their, save_id, token)
        told: list[str] = []
        notify = app.notify
        app.notify = lambda message, **kw: (told.append(str(message)), notify(message, **kw))[1]
        await pilot.press("1")  # this app's next move finds it lost the game
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "back to the menu")
        assert app.controller is None
        await wait_for(pilot, lambda: "taken over" in screen_text(app), "told why")
        assert any("Your last move here was not saved" in note for note in told), told  # the move made here is lost
        assert entries(store, save_id) == 1  # their move, not overwritten by ours
        assert other.holds(save_id, token)
        with pytest.raises(GameTakenOver):
            store.save(their, save_id, "not-the-token")


async def test_continue_of_a_game_open_elsewhere_asks_before_taking_it_over(make_app, store):
    app = make_app(games=[STEPPY], new_game=vs_bot())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "Ann's move")
        save_id = app.controller.save_id
        await app.back_to_menu()  # leaves the game: the lock is released
        assert not store.lock_path(save_id).exists()
        token = store.claim(save_id)  # now another app has it open
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen), "continue")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "open elsewhere" in screen_text(app), "the question")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen), "not taken")
        assert store.holds(save_id, token) and app.controller is None
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "asked again")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), "taken over")
        assert not store.holds(save_id, token) and store.holds(save_id, app.controller.lock)


async def test_a_real_time_game_taken_over_while_paused_leaves_at_once_with_no_lost_move(make_app, store):
    """The old tab learns of the take-over when its player comes back: straight to the menu, with no
    3-2-1 first and no word of a lost move (none was made)."""
    seats = (SeatConfig("Ann"), SeatConfig("Ravi", bot="easy"))
    app = make_app(games=[TAP], new_game=("tap", GameConfig(seats=seats), 1), countdown=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: app.controller is not None and isinstance(app.screen, GameScreen), "the game")
        app.countdown = 3  # from here on a 3-2-1 comes before play goes on (none at the start: nothing to wait through)
        controller = app.controller
        controller.pause()
        SaveStore().claim(controller.save_id, take_over=True)  # another tab takes the game over
        told: list[str] = []
        notify = app.notify
        app.notify = lambda message, **kw: (told.append(str(message)), notify(message, **kw))[1]
        controller.resume()
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "back to the menu")
        assert not isinstance(app.screen, CountdownScreen) and app.controller is None
        assert any("taken over" in note for note in told), told
        assert not any("not saved" in note for note in told), told
