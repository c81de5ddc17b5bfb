"""A Chai Wallah table seats up to 8 people, each at their own terminal: such a record is a valid game
(it loads in `chaigames replay` and in History), while a game at one keyboard still seats at most 4."""

from __future__ import annotations

import pytest

from chaigames import cli
from chaigames.chai_wallah import SPEC
from chaigames.engine import GameConfig, SeatConfig, Session, parse_record
from chaigames.saves import SaveStore
from screens.app import ChaiGamesApp
from screens.history import HistoryScreen
from screens.menu import MainMenu
from screens.replay import ReplayKeys
from screens.results import ResultsScreen
from tests.pilot import screen_text, settled_keys, wait_for
from tests.positions import play

SIZE = (120, 40)


def eight_people_game(seed: int = 2) -> Session:
    """A whole Chai Wallah game with eight human seats, by seeded play (easy bots' moves, random time)."""
    session = [s for _, s in play("chai-wallah", 8, seed, set(range(2000)))][-1]
    assert session.over and len(session.config.humans) == 8
    return session


def test_a_record_may_seat_eight_people_but_one_keyboard_seats_four():
    people = GameConfig(seats=tuple(SeatConfig(f"P{i + 1}") for i in range(8)))
    assert SPEC.problems(people) == [] and len(SPEC.validate(people).humans) == 8
    assert SPEC.keyboard_problems(people) == ["Chai Wallah allows at most 4 human players at one keyboard, not 8"]
    four = GameConfig(seats=tuple(SeatConfig(f"P{i + 1}", None if i < 4 else "easy") for i in range(8)))
    assert SPEC.keyboard_problems(four) == []


def test_chaigames_new_still_seats_at_most_four_people_at_one_keyboard(capsys):
    argv = ["new", "chai-wallah", *(x for i in range(5) for x in ("--seat", f"P{i + 1}"))]
    assert cli.main(argv) == 2
    assert "at most 4 human players at one keyboard, not 5" in capsys.readouterr().err


def test_an_eight_people_record_loads_in_replay(tmp_path, capsys):
    session = eight_people_game()
    path = tmp_path / "table.json"
    path.write_text(session.record.dumps(SPEC))
    back = Session.from_record(SPEC, parse_record(path.read_bytes(), lambda _: SPEC))
    assert back.over and back.result() == session.result() and len(back.config.humans) == 8
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    winner = session.config.seats[session.result().winners[0]].name
    assert winner in out and "not over" not in out


async def test_an_eight_people_game_is_listed_in_history_its_results_and_replay_open():
    store = SaveStore()
    session = eight_people_game(seed=5)
    store.finish(session, store.new_id(SPEC.id))
    winner = session.config.seats[session.result().winners[0]].name
    app = settled_keys(ChaiGamesApp(bot_delay=0, countdown=0, key_guard=0, win_hold=0, confirm_moves=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "History")
        await wait_for(pilot, lambda: SPEC.title in screen_text(app), "the game listed")
        assert " ".join(str(s) for s in session.result().scores) in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: "final scores" in screen_text(app), "the results again")
        assert isinstance(app.screen, ResultsScreen) and winner in screen_text(app)
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayKeys), "the replay viewer")
        length = app.screen.controller.replay.length
        await pilot.press("end")
        await wait_for(pilot, lambda: f"action {length} of {length}" in screen_text(app), "the end shown")
        text = screen_text(app)
        assert all(s.name in text for s in session.config.seats)  # all eight at the table


async def test_an_eight_people_save_is_not_resumed_at_one_keyboard():
    store = SaveStore()
    session = next(s for _, s in play("chai-wallah", 8, 3, {20}))
    save_id = store.new_id(SPEC.id)
    store.save(session, save_id)
    app = settled_keys(ChaiGamesApp(bot_delay=0, countdown=0, key_guard=0, win_hold=0, confirm_moves=False))
    told: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: (told.append(str(message)), notify(message, **kw))[1]
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        app.resume_game(save_id)
        await wait_for(pilot, lambda: bool(told), "the refusal")
        assert told == ["Cannot resume: Chai Wallah allows at most 4 human players at one keyboard, not 8"]
        assert isinstance(app.screen, MainMenu) and app.controller is None


@pytest.mark.parametrize("humans", [5, 8])
def test_five_to_eight_people_are_a_valid_setup_for_the_core(humans):
    config = GameConfig(seats=tuple(SeatConfig(f"P{i + 1}", None if i < humans else "easy") for i in range(8)))
    assert Session(SPEC, config, 1).state.actors() == tuple(range(8))
