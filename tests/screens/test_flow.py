"""Pilot tests of the hot-seat frame, played through the generic screen with the toy game."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from textual.widgets import Button, Input, Select
from textual.widgets._select import InvalidSelectValueError

from chaigames.engine import GameConfig, Result, SeatConfig, Session
from screens.curtain import CurtainScreen
from screens.generic import GenericGameScreen
from screens.menu import ContinueScreen, MainMenu
from screens.pause import PauseMenu
from screens.results import ResultsScreen, winners_line
from screens.setup import SetupScreen
from tests import toygame
from tests.pilot import screen_text, wait_for

from .conftest import save_and_quit
from .games import STEPPY

SIZE = (80, 24)


def vs_bot(seed: int = 5, **kw) -> tuple[str, GameConfig, int]:
    """Ann (human, first) against a bot that always steps 1."""
    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0, **kw)
    return ("toy", config, seed)


def hotseat(seed: int = 5, **kw) -> tuple[str, GameConfig, int]:
    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Bob")), start_player=0, **kw)
    return ("toy", config, seed)


def snap(state) -> dict:
    """A deep copy of state.to_json() (the toy returns live lists)."""
    return json.loads(json.dumps(state.to_json()))


def saved_files(store) -> list:
    return sorted(store.saves.glob("*.json")) if store.saves.is_dir() else []


async def until_ann_moves(pilot) -> None:
    await wait_for(pilot, lambda: pilot.app.controller is not None and pilot.app.controller.to_move == 0, "Ann's move")


# -- menu, setup, start ----------------------------------------------------------------------------
async def test_menu_to_setup_to_a_started_game_on_the_generic_screen(make_app, store):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        text = screen_text(app)
        assert "New game" in text and "Rules" in text and "Quit" in text and "Toy Race (2-4 players)" in text
        assert "Continue" not in text  # nothing saved yet
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        assert "Player 1" in screen_text(app) and "Bot: normal" in screen_text(app)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, GenericGameScreen), "the game screen")
        await wait_for(pilot, lambda: app.controller.to_move == 0, "Player 1's move")
        drawn = ("Toy Race (generic screen)", "Moves of Player 1", "1. Step(n=1)", "3. Roll()")
        await wait_for(pilot, lambda: all(part in screen_text(app) for part in drawn), "the moves drawn")
        (path,) = saved_files(store)  # saved the moment it started
        record = json.loads(path.read_text())
        assert record["game"] == "toy" and [s["name"] for s in record["config"]["seats"]] == ["Player 1", "Asha"]


async def test_new_game_request_skips_the_menu(make_app):
    app = make_app(games=[STEPPY], new_game=vs_bot())
    async with app.run_test(size=SIZE) as pilot:
        await until_ann_moves(pilot)
        assert isinstance(app.screen, GenericGameScreen)
        assert isinstance(app.screen_stack[-2], MainMenu)  # Esc -> quit goes back to the menu


def seat_shown(setup: SetupScreen, i: int) -> bool:
    """Whether seat `i + 1`'s line is on the form, every field of it mounted (a seat is made when it is
    first counted in, and a select is set only once its own parts are there)."""
    return any(row.display and all(field.is_mounted for field in row.children) for row in setup.query(f"#seat-{i}"))


async def test_setup_explains_problems_beside_the_field_and_disables_start(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        setup = app.screen
        start = setup.query_one("#start", Button)
        assert not start.disabled
        setup.query_one("#name-0").value = ""
        await wait_for(pilot, lambda: start.disabled, "Start disabled")
        assert "seat 1 needs a name" in str(setup.query_one("#seat-msg-0").render())
        setup.query_one("#name-0").value = "Asha"  # the bot in seat 2 is Asha too
        await wait_for(pilot, lambda: "taken twice" in str(setup.query_one("#seat-msg-1").render()), "dupe message")
        assert "taken twice" in str(setup.query_one("#seat-msg-0").render()) and start.disabled
        assert "Start" not in screen_text(app).splitlines()[-1]  # not offered in the footer while invalid
        await pilot.press("ctrl+s")  # refused
        assert isinstance(app.screen, SetupScreen)
        setup.query_one("#name-0").value = "Zoya"
        await wait_for(pilot, lambda: not start.disabled, "Start enabled again")
        assert str(setup.query_one("#seat-msg-0").render()) == ""
        # more seats show more rows; the start player list offers only seats that exist
        with pytest.raises(InvalidSelectValueError):
            setup.query_one("#start-player").value = 3
        assert not seat_shown(setup, 3)
        setup.query_one("#seats").value = 4
        await wait_for(pilot, lambda: seat_shown(setup, 3), "4 seats")
        setup.query_one("#start-player").value = 3
        await wait_for(pilot, lambda: not start.disabled, "seat 4 starts")
        config = setup.config()
        assert len(config.seats) == 4 and config.start_player == 3 and config.options == {"goal": 10}
        setup.query_one("#seats").value = 2  # seat 4 is gone: the start player is random again
        await wait_for(pilot, lambda: setup.query_one("#start-player").value == -1, "random start")
        assert not start.disabled


async def test_a_seat_is_made_when_first_counted_in_and_keeps_its_choices_once_hidden(make_app):
    """The form opens with the seats it shows (a form of every seat, hidden ones too, cost half the CPU
    of opening it); one counted in before it is made plays as the form would have opened it."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        setup = app.screen
        assert setup.seat_count == 2 and seat_shown(setup, 1) and not setup.query("#seat-2")
        setup.query_one("#seats").value = 4
        assert [seat.bot for seat in setup.config().seats] == [None, "normal", "normal", "normal"]
        await wait_for(pilot, lambda: seat_shown(setup, 3), "4 seats")
        setup.query_one("#name-3", Input).value = "Zoe"
        setup.query_one("#kind-3", Select).value = "human"
        setup.query_one("#seats").value = 2
        await wait_for(pilot, lambda: not seat_shown(setup, 3), "seat 4 hidden")
        assert len(setup.config().seats) == 2
        setup.query_one("#seats").value = 4
        await wait_for(pilot, lambda: seat_shown(setup, 3), "seat 4 again")
        assert (setup.config().seats[3].name, setup.config().seats[3].bot) == ("Zoe", None)
        assert [row.id for row in setup.query(".seat-row")] == ["seat-0", "seat-1", "seat-2", "seat-3"]


async def test_a_setup_closed_the_moment_it_opens_closes_quietly(make_app):
    """Setup can go the moment it opens (the app quits, a loaded machine is slow to draw it): its form
    is whole as it is composed, problems and focus included, so nothing looks for a field it never got."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        app.open_setup(None)
    assert not app.return_code and app.crash_log is None  # run_test raises the app's own exception, if any


async def test_setup_starts_the_game_with_the_chosen_options(make_app, store):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        setup = app.screen
        setup.query_one("#opt-goal").value = 1  # index of 20
        setup.query_one("#kind-1").value = "human"
        setup.query_one("#name-1").value = "Bob"
        setup.query_one("#takebacks").value = "on"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.controller is not None, "the game")
        config = app.controller.config
        assert config.options == {"goal": 20} and config.humans == (0, 1) and config.takebacks is True


# -- curtains --------------------------------------------------------------------------------------
async def test_curtain_shows_no_private_text_of_any_seat(make_app):
    app = make_app(new_game=hotseat())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Ann's curtain")
        state = app.controller.state
        ann_secret, bob_secret = state.secrets
        text = screen_text(app)
        assert "Ann's turn" in text and "press Enter" in text
        assert "secret" not in text and "positions" not in text
        assert app.controller.view == state.view(None)  # the game screen behind shows public info only
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller.to_move == 0, "Ann's move")
        text = screen_text(app)
        assert f'"secret": {ann_secret}' in text
        await pilot.press("1")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Bob's curtain")
        text = screen_text(app)
        assert "Bob's turn" in text and "secret" not in text and str(ann_secret) not in text
        behind = app.screen_stack[-2]
        assert isinstance(behind, GenericGameScreen) and "secret" not in str(behind.query_one("#view").render())
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller.to_move == 1, "Bob's move")
        text = screen_text(app)
        assert f'"secret": {bob_secret}' in text and f'"secret": {ann_secret}' not in text


async def test_a_curtain_says_what_happened_since_that_player_s_last_turn(make_app):
    app = make_app(new_game=hotseat())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Ann's curtain")
        assert "Since your last turn" not in screen_text(app)  # nothing has happened yet
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller.to_move == 0, "Ann's move")
        await pilot.press("1")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Bob's curtain")
        assert "Since your last turn:" in screen_text(app) and "Ann steps 1" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller.to_move == 1, "Bob's move")
        await pilot.press("2")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Ann's curtain again")
        text = screen_text(app)
        assert "Bob steps 2" in text and "Ann steps 1" not in text  # her own turn is not news to her


async def test_one_human_against_bots_sees_no_curtain(make_app):
    app = make_app(games=[STEPPY], new_game=vs_bot())
    async with app.run_test(size=SIZE) as pilot:
        await until_ann_moves(pilot)
        for _ in range(3):
            n = app.controller.session.action_count
            await pilot.press("1")
            await wait_for(pilot, lambda n=n: app.controller.session.action_count == n + 2, "bot reply")
            await until_ann_moves(pilot)
            assert not isinstance(app.screen, CurtainScreen)
        assert "Ravi steps 1" in screen_text(app)  # bot moves appear in the log


# -- pause, save and quit, continue ---------------------------------------------------------------
async def test_pause_save_quit_and_continue_restores_the_identical_state(make_app, store):
    app = make_app(games=[STEPPY], new_game=vs_bot())
    async with app.run_test(size=SIZE) as pilot:
        await until_ann_moves(pilot)
        for key in "213":
            n = app.controller.session.action_count
            await pilot.press(key)
            await wait_for(pilot, lambda n=n: app.controller.session.action_count == n + 2, "bot reply")
            await until_ann_moves(pilot)
        before = snap(app.controller.state)
        log_before = [line.event.text for line in app.controller.session.log]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "pause menu")
        text = screen_text(app)
        for word in ("Resume", "Rules of this game", "Game log", "Undo", "Save and quit"):
            assert word in text
        await save_and_quit(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        assert app.controller is None and "Continue" in screen_text(app)
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen), "the continue list")
        text = screen_text(app)
        assert "Toy Race: Ann, Ravi (easy bot)  (6 moves, just now)" in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "resumed")
        assert app.controller.state.to_json() == before
        assert [line.event.text for line in app.controller.session.log] == log_before


async def test_pause_stops_the_bots_and_shows_the_log_and_rules(make_app):
    app = make_app(games=[STEPPY], new_game=vs_bot())
    async with app.run_test(size=SIZE) as pilot:
        await until_ann_moves(pilot)
        app.bot_delay = 5.0  # the bot would move only after we looked
        await pilot.press("1")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "pause")
        assert not app.controller.bot_due  # the bot's move was called off
        await pilot.press("l")
        await wait_for(pilot, lambda: "Game log: Toy Race" in screen_text(app), "the log")
        assert "Ann steps 1" in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "pause again")
        await pilot.press("r")
        await wait_for(pilot, lambda: "Step one or two spaces" in screen_text(app), "the rules")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "pause after rules")
        app.bot_delay = 0
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.controller.session.action_count == 2, "the bot moves after resume")


# -- undo ------------------------------------------------------------------------------------------
async def test_undo_takes_back_own_move_and_the_bot_reply_up_to_a_reveal(make_app, store):
    app = make_app(games=[STEPPY], new_game=vs_bot())
    async with app.run_test(size=SIZE) as pilot:
        await until_ann_moves(pilot)
        start = snap(app.controller.state)
        assert "Undo" not in screen_text(app).splitlines()[-1]  # nothing to take back yet
        await pilot.press("2")
        await wait_for(pilot, lambda: app.controller.session.action_count == 2, "bot reply")
        await until_ann_moves(pilot)
        # the footer catches up with the bot's reply as the screen is next drawn
        await wait_for(pilot, lambda: "u Undo" in screen_text(app).splitlines()[-1], "the footer offering Undo")
        await pilot.press("u")
        await wait_for(pilot, lambda: app.controller.session.action_count == 0, "undo")
        assert app.controller.state.to_json() == start
        assert "Took back 2 moves" in screen_text(app)
        saved = json.loads(store.path_of(app.controller.save_id).read_text())
        assert saved["entries"][-1] == {"undo": 2}  # the undo is itself recorded
        # a roll reveals chance: no take-back past it
        await pilot.press("3")
        await wait_for(pilot, lambda: app.controller.session.action_count == 2, "bot reply")
        await until_ann_moves(pilot)
        assert not app.controller.can_undo()
        assert "Undo" not in screen_text(app).splitlines()[-1]
        await pilot.press("u")
        await pilot.pause()
        assert app.controller.session.action_count == 2


async def test_two_humans_have_no_undo_by_default(make_app):
    app = make_app(new_game=hotseat())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "curtain")
        await pilot.press("enter")
        await pilot.press("1")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Bob's curtain")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller.to_move == 1, "Bob")
        assert not app.controller.can_undo() and "Undo" not in screen_text(app).splitlines()[-1]


# -- results ---------------------------------------------------------------------------------------
async def test_results_show_the_breakdown_and_winner_then_rematch_with_the_same_seats(make_app, store):
    app = make_app(games=[STEPPY], new_game=vs_bot())
    async with app.run_test(size=SIZE) as pilot:
        first_id = None
        await until_ann_moves(pilot)
        first_id = app.controller.save_id
        while not isinstance(app.screen, ResultsScreen):
            await until_ann_moves(pilot)
            await pilot.press("2")
            await wait_for(
                pilot, lambda: isinstance(app.screen, ResultsScreen) or app.controller.to_move == 0, "next turn"
            )
        text = screen_text(app)
        assert "Toy Race: final scores" in text and "Winner: Ann" in text
        assert "spaces" in text and "Total" in text and "*Ann" in text and " Ravi" in text
        scores = app.controller.session.result().scores
        assert f"Ann {scores[0]}   Ravi {scores[1]}" in text  # the totals line, winner first
        assert (store.history / f"{first_id}.json").exists() and not store.path_of(first_id).exists()
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, GenericGameScreen), "the rematch")
        assert app.controller.save_id != first_id
        assert [s.name for s in app.controller.config.seats] == ["Ann", "Ravi"]
        assert app.controller.session.action_count == 0
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "pause")
        await save_and_quit(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "menu")


def test_shared_wins_are_named_as_such():
    r = Result(scores=(5, 5, 3), winners=(0, 1))
    assert winners_line(["Ann", "Bob", "Cy"], r) == "Shared win: Ann and Bob"
    assert winners_line(["Ann", "Bob", "Cy"], Result(scores=(1, 2, 2), winners=(1, 2))) == "Shared win: Bob and Cy"
    assert winners_line(["Ann"], Result(scores=(0,), winners=())) == "Nobody wins."


# -- continue list with broken files ---------------------------------------------------------------
async def test_a_corrupt_save_is_reported_and_never_hides_the_others(make_app, store):
    good = Session(STEPPY, vs_bot()[1], 3)
    store.save(good, "good")
    store.saves.joinpath("broken.json").write_text('{"format": "chaigames-record", "game": "to')
    app = make_app(games=[STEPPY])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen), "continue list")
        text = screen_text(app)
        assert "! broken.json: unreadable save" in text
        assert "Toy Race: Ann, Ravi (easy bot)" in text
        assert (store.aside / "broken.json").exists()
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller is not None, "the good game resumes")
        assert app.controller.state.to_json() == good.state.to_json()


async def test_a_save_from_another_rules_version_is_listed_but_not_resumed(make_app, store):
    old = Session(toygame.SPEC, vs_bot()[1], 3)
    store.save(old, "old")
    app = make_app(games=[replace(STEPPY, rules_version=2)])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen), "continue list")
        await wait_for(pilot, lambda: "cannot be resumed here" in screen_text(app), "the message")
        assert "! old.json: made with Toy Race rules v1, cannot be resumed here" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.controller is None and store.path_of("old").exists()


class BrokenBot:
    def __init__(self, level, seed, seat) -> None:
        pass

    def choose(self, view, legal_actions, budget):
        raise RuntimeError("out of tea")


async def test_a_failing_bot_never_stops_the_game(make_app):
    app = make_app(games=[replace(STEPPY, make_bot=BrokenBot)], new_game=vs_bot())
    async with app.run_test(size=SIZE) as pilot:
        await until_ann_moves(pilot)
        await pilot.press("2")
        await wait_for(pilot, lambda: app.controller.session.action_count == 2, "the bot's fallback move")
        await until_ann_moves(pilot)
        assert "Ravi (bot) failed to choose: out of tea" in screen_text(app)
        assert app.controller.session.standing[-1].action == toygame.Step(1)  # its first legal move


async def test_setup_switches_game_and_offers_that_games_seats_and_options(make_app):
    from .games import SECRET

    app = make_app(games=[SECRET])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        setup = app.screen
        setup.query_one("#seats").value = 4
        await pilot.pause()
        setup.query_one("#game").value = "secret"
        await wait_for(pilot, lambda: setup._ready and not setup.query("#opt-goal"), "the new form")
        await wait_for(pilot, lambda: "New game: Secret Pick" in screen_text(app), "the new title")
        assert seat_shown(setup, 1) and not setup.query("#seat-3") and not setup.query("#start-player")
        assert not setup.query_one("#start", Button).disabled
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.controller is not None, "the game")
        assert app.controller.spec.id == "secret"


async def test_setup_offers_per_seat_options_with_their_defaults(make_app):
    from chaigames.engine import OptionSpec

    tea = OptionSpec(
        "tea",
        "Tea",
        "masala",
        ("masala", "ginger", "cardamom"),
        default_for_seat=lambda i: ("masala", "ginger", "cardamom")[i % 3],
    )
    app = make_app(games=[replace(STEPPY, seat_options=(tea,))])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        setup = app.screen
        assert "masala" in screen_text(app) and "ginger" in screen_text(app)
        setup.query_one("#sopt-1-tea").value = 2
        await pilot.pause()
        assert [s.options for s in setup.config().seats] == [{"tea": "masala"}, {"tea": "cardamom"}]


async def test_a_save_that_cannot_be_written_is_said_and_the_game_goes_on(make_app, store, monkeypatch):
    app = make_app(games=[STEPPY], new_game=vs_bot())
    async with app.run_test(size=SIZE) as pilot:
        await until_ann_moves(pilot)

        def full(*args, **kw):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(store.__class__, "save", full)
        await pilot.press("1")
        await wait_for(pilot, lambda: "Could not save the game: No space left on device" in screen_text(app), "notice")
        await wait_for(pilot, lambda: app.controller.session.action_count >= 1, "the game goes on")


async def test_with_two_humans_bots_move_on_the_public_view_then_a_curtain(make_app):
    seats = (SeatConfig("Ann"), SeatConfig("Ravi", bot="easy"), SeatConfig("Bob"))
    app = make_app(games=[STEPPY], new_game=("toy", GameConfig(seats=seats, start_player=0), 5))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Ann's curtain")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller.to_move == 0, "Ann")
        app.bot_delay = 5.0  # look while the bot is about to move
        await pilot.press("1")
        await wait_for(pilot, lambda: app.controller.bot_due, "the bot's turn")
        assert app.controller.viewer is None and "secret" not in screen_text(app)
        assert "Ravi (bot) is thinking" in screen_text(app)
        app.controller.hurry_bot()
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, CurtainScreen) and "Bob's turn" in screen_text(app),
            "Bob's curtain, drawn",
        )
