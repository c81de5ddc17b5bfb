"""Keys a table full of players cannot trip (screens/keygate.py): the winning board held with every
key ignored, screens over or after a game that ignore their first moments, quit and save-and-quit
that ask, keys typed while a bot thinks that never reach the human's next decision."""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any

from textual import events

from chaigames.chai_wallah import SPEC as CW
from chaigames.chai_wallah.keys import ZONE_KEYS
from chaigames.engine import GameConfig, SeatConfig
from screens.chai_wallah import ChaiWallahScreen
from screens.compat import event_time as get_time
from screens.confirm import ConfirmScreen
from screens.curtain import CurtainScreen
from screens.dabba_walla import DabbaWallaScreen
from screens.game_base import GameScreen
from screens.menu import MainMenu
from screens.pause import PauseMenu
from screens.results import ResultsScreen
from tests.pilot import screen_text, wait_for
from tests.toygame import Step
from tests.wait import WAIT, scaled

from .dabba_walla.helpers import dw_app, until_my_move
from .games import STEPPY
from .keys import press
from .test_chai_wallah_screen import FakeTime, cw_game, start, ticker_turn

SIZE = (80, 24)
EVERY_ZONE_KEY = [key for zone in ZONE_KEYS.values() for key in zone.values()]


async def gate_open(pilot) -> None:
    """Until the app's key gate admits keys again (the guard's bounded wait)."""
    await wait_for(pilot, lambda: get_time() > pilot.app.gate.opens_at, "the key gate to open")


# -- a key typed while a bot thinks ---------------------------------------------------------------
class GatedBot:
    """Steps 1, but only once the test lets it: its choose() blocks in the worker thread."""

    release = threading.Event()

    def __init__(self, level: str, seed: int, seat: int) -> None:
        pass

    def choose(self, view: Any, legal_actions: Any, budget: int) -> Any:
        GatedBot.release.wait(10)
        return Step(1)


async def test_a_key_typed_while_a_bot_thinks_is_not_played_as_the_humans_next_move(make_app):
    """The UI thread may be busy when a key arrives: a key pressed while the bot thought (its event
    stamped then) but handled after the keyboard became Ann's again is dropped, never queued."""
    GatedBot.release.clear()
    spec = replace(STEPPY, make_bot=GatedBot)
    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0)
    app = make_app(games=[spec], new_game=("toy", config, 5))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "Ann's move")
        await pilot.press("1")
        await wait_for(pilot, lambda: app.controller.thinking, "the bot thinking")
        typed_meanwhile = events.Key("2", "2")  # pressed now, while the bot thinks
        GatedBot.release.set()
        await wait_for(pilot, lambda: app.controller.to_move == 0 and not app.controller.thinking, "Ann again")
        moves = app.controller.session.action_count
        app.post_message(typed_meanwhile)  # ... but handled only now
        await pilot.pause()
        await pilot.pause()
        assert app.controller.session.action_count == moves  # not played as Ann's move
        await pilot.press("2")  # a key pressed now is hers
        await wait_for(pilot, lambda: app.controller.session.action_count > moves, "Ann's own key")


# -- menu and pause: quitting asks ----------------------------------------------------------------
async def test_q_on_the_menu_never_quits_without_y(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Quit chaigames?" in screen_text(app)
        await pilot.press("q", "s", "enter", "r", "escape")  # no: Esc; the others do nothing here
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu again")
        assert app.is_running and app.return_code is None
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
        await pilot.press("y")
        await wait_for(pilot, lambda: app.return_code is not None, "the app to quit")


async def test_ctrl_q_mid_game_asks_first_and_the_game_stands_still_while_asked(make_app):
    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0)
    app = make_app(new_game=("toy", config, 5))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "Ann's move")
        c = app.controller
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Quit chaigames?" in screen_text(app) and c.paused
        await pilot.press("ctrl+q")  # asked once, not twice
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), "the game again")
        assert app.is_running and app.return_code is None and not c.paused
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
        await pilot.press("y")
        await wait_for(pilot, lambda: app.return_code is not None, "the app to quit")


async def test_s_on_the_pause_menu_never_leaves_without_y_and_not_in_its_first_half_second(make_app):
    """Esc from one player and `s` (another's sugar key) 150 ms later once saved and quit. Now `s` in
    the pause menu's first 0.5 s is dropped, and after it, it only asks."""
    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0)
    app = make_app(games=[STEPPY], new_game=("toy", config, 5), key_guard=30.0)  # long: a loaded machine is slow
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "Ann's move")
        await gate_open(pilot)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "the pause menu")
        assert get_time() < app.gate.opens_at
        await pilot.press("s")  # at once: inside the guard
        await pilot.pause()
        assert isinstance(app.screen, PauseMenu)
        app.key_guard = 0.2
        app.gate.opens_at = get_time()  # end the long guard now rather than wait it out
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await gate_open(pilot)  # the question, too, opens over a game
        await pilot.press("s", "q", "enter", "n")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "back in the pause menu")
        assert app.controller is not None
        await gate_open(pilot)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
        await gate_open(pilot)
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.controller is None, "the menu")


async def test_pause_menu_says_chai_wallah_has_no_undo(make_app):
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha"], 3), clock_source=fake)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "the pause menu")
        assert "Chai Wallah has no undo" in screen_text(app)
        assert "nothing to take back" not in screen_text(app)


# -- the end of a Chai Wallah game ----------------------------------------------------------------
async def test_mashing_every_zone_around_the_end_never_skips_the_winning_board_or_leaves_the_results(make_app):
    """Four humans, every zone's keys (and Esc, Space) mashed as the winning claim lands and after
    the results open: the board stays up with "Asha wins!" for the hold, then the results stay."""
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha", "Ben", "Chitra", "Dev"], 0), clock_source=fake, win_hold=2.0)
    app.key_guard = 0.3
    async with app.run_test(size=(120, 40)) as pilot:
        c = await start(pilot, app, check=True)
        c.state.seats[0].values = list(c.state.face_up[0])  # test setup: Asha holds an order ...
        c.state.seats[0].score = c.state.target - 1  # ... and needs one more to win
        save_id = c.save_id
        await pilot.press("q")  # Asha's Chai!
        await wait_for(pilot, lambda: c.finished, "the winning claim")
        held_until = app.gate.opens_at  # the hold starts with the winning claim
        assert isinstance(app.screen, ChaiWallahScreen)
        await wait_for(pilot, lambda: "Asha wins!" in screen_text(app), "the winning board")
        await press(pilot, *EVERY_ZONE_KEY[:5])  # Ann's own keys, still mashing as it lands
        assert isinstance(app.screen, ChaiWallahScreen) and "Asha wins!" in screen_text(app)
        while not isinstance(app.screen, ResultsScreen):
            assert isinstance(app.screen, ChaiWallahScreen), type(app.screen)
            await press(pilot, *EVERY_ZONE_KEY, "escape", "space")
            await pilot.pause()  # a burst, then a breath: the bursts go on through the whole hold
            assert get_time() < held_until + scaled(WAIT), "the results never came"
        assert get_time() >= held_until, "the results came before the hold was over"
        for _ in range(3):  # in the results' first moments and after
            await press(pilot, *EVERY_ZONE_KEY, "escape", "space")
            assert any(isinstance(s, ResultsScreen) for s in app.screen_stack)
        await gate_open(pilot)  # the results' guard is over: keys count again, and still none leaves them
        await press(pilot, *EVERY_ZONE_KEY, "space")
        await pilot.pause()
        # The log (zone 3's `l`) may be open over the results; nothing left them or started a game.
        assert app.is_running and app.controller is c and c.save_id == save_id
        assert any(isinstance(s, ResultsScreen) for s in app.screen_stack)
        assert not any(isinstance(s, GameScreen | MainMenu) for s in app.screen_stack[2:])
        assert "Asha" in screen_text(app)


# -- Chai Wallah: the held start, the pause's owner, the log in game seconds --------------------------
async def test_the_board_shows_first_with_the_clock_stopped_and_bots_wait_for_space(make_app):
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha"], 3), clock_source=fake)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ChaiWallahScreen), "the board")
        c = app.controller
        await wait_for(pilot, lambda: "Space: start the clock" in screen_text(app), "the hint")
        fake.now += 30.0  # the table chats; nobody has pressed Space
        await ticker_turn(pilot, c)
        assert not c.clock.running and c.session.action_count == 0 and c.clock.now() == 0.0
        await pilot.press("space")
        await wait_for(pilot, lambda: c.clock.running, "the countdown, then the clock")
        fake.now += 5.0
        await wait_for(pilot, lambda: c.session.action_count > 0, "the bots, once the clock runs")
        assert all(e.t is not None and e.t > 0 for e in c.session.standing)


async def test_a_pause_is_credited_to_the_zone_that_pressed_it_and_the_log_shows_game_seconds(make_app):
    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha", "Ravi"], 2), clock_source=fake)
    async with app.run_test(size=SIZE) as pilot:
        c = await start(pilot, app, check=True)
        fake.now += 1.5
        await pilot.press("left")  # Ravi (zone 4) is at the keys ...
        fake.now += 0.5
        await pilot.press("escape")  # ... and pauses
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "the pause menu")
        pause = c.session.standing[-1]
        assert (pause.seat, pause.t) == (1, 2.0)
        await pilot.press("l")
        await wait_for(pilot, lambda: "Game log" in screen_text(app), "the log")
        assert "   2.0 s  Ravi pauses the game" in screen_text(app)
        assert "   1.5 s  Ravi" in screen_text(app)  # his tea die, at its game second


# -- hot seat: a move that cannot be taken back asks first --------------------------------------------
async def test_hot_seat_dabba_walla_asks_before_a_move_and_enter_again_plays_it():
    """Two humans, take-backs off (the fair default): a mis-pressed Enter plays nothing; Esc goes
    back; Enter on the question plays the move."""
    app = dw_app(seed=3, humans=2, confirm_moves=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Asha's curtain")
        await pilot.press("enter")
        await until_my_move(pilot, 0)
        moves = app.controller.session.action_count
        await pilot.press("enter")  # the mis-press
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Asha:" in screen_text(app) and "cannot be taken back" in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, DabbaWallaScreen), "back to the board")
        assert app.controller.session.action_count == moves
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller.session.action_count == moves + 1, "the move")


async def test_hot_seat_asks_only_where_a_move_stands_and_u_takes_back_a_step_inside_the_turn():
    """A pick-up turn with take-backs off asks twice, not four times: the walk (it deals a new card)
    and the end of the turn. Playing a card and placing its tile go at once, and `u` takes the card
    back (an undo entry in the record) until the turn ends."""
    app = dw_app(seed=3, humans=2, confirm_moves=True)
    asked = 0

    async def enter_and_count(expect_question: bool) -> None:
        nonlocal asked
        moves = app.controller.session.action_count
        await pilot.press("enter")
        if expect_question:
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
            asked += 1
            await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller.session.action_count == moves + 1, "the move")
        assert not isinstance(app.screen, ConfirmScreen)

    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Asha's curtain")
        await pilot.press("enter")
        await until_my_move(pilot, 0)
        screen = app.screen
        assert isinstance(screen, DabbaWallaScreen) and screen.mode() == "walk"
        await enter_and_count(True)  # the walk
        assert screen.mode() == "play" and not app.controller.can_undo()  # a card was dealt: the walk stands
        await enter_and_count(False)  # the card
        assert screen.mode() == "place" and app.controller.can_undo()
        await pilot.press("u")
        await wait_for(pilot, lambda: screen.mode() == "play", "the card back in the hand")
        assert app.controller.session.record.entries[-1].undo == 1
        await enter_and_count(False)  # the card again
        await enter_and_count(False)  # its tile, on the first legal spot (no chai on an empty vehicle)
        assert screen.mode() == "end"
        await enter_and_count(True)  # the end of the turn
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Bela's curtain")
        assert asked == 2


async def test_hot_seat_with_take_backs_on_plays_at_once(make_app):
    """Setup's "Take-backs: On" turns the question off: a move can then be taken back."""
    seats = (SeatConfig("Ann"), SeatConfig("Bob"))
    app = make_app(games=[STEPPY], new_game=("toy", GameConfig(seats=seats, start_player=0, takebacks=True), 5))
    app.confirm_moves = True
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Ann's curtain")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller.to_move == 0, "Ann's move")
        assert not app.controller.confirm_moves
        await pilot.press("1")
        await wait_for(pilot, lambda: app.controller.session.action_count == 1, "the move, unasked")
