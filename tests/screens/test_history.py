"""History and the replay viewer, for all three games: a finished game is listed, its results
shown again, and its replay, stepped to the end, shows the record's final state."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from chaigames import games
from chaigames.engine import GameConfig, Record, SeatConfig, Session, parse_record, play_bots
from chaigames.saves import SaveStore
from screens.app import ChaiGamesApp
from screens.history import HistoryScreen
from screens.replay import ReplayKeys
from screens.results import ResultsScreen
from tests.pilot import screen_text, settled_keys, wait_for

from .conftest import notices

SIZE = (120, 40)
NAMES = ("Asha", "Ravi", "Meera", "Kiran")


def snap(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True, default=str)


def finished_game(game_id: str, store: SaveStore, seed: int = 2):
    """A whole bot game, finished into history/ as the app finishes one."""
    spec = games.get(game_id)
    seats = tuple(SeatConfig(n, "normal") for n in NAMES[: max(2, spec.min_seats)])
    played = play_bots(spec, GameConfig(seats=seats), seed).session
    # the last seat was a human's: the bots' record, with that seat human (the rules do not tell them apart)
    record = played.record
    record.config = replace(record.config, seats=(*record.config.seats[:-1], SeatConfig("Zoe")))
    session = Session.from_record(spec, record)
    assert session.over
    path = store.finish(session, store.new_id(spec.id))
    return spec, session, path


@pytest.mark.parametrize("game_id", ["chai", "chai-wallah", "dabba-walla"])
async def test_history_lists_a_finished_game_and_its_replay_ends_on_the_final_state(game_id):
    store = SaveStore()
    spec, session, path = finished_game(game_id, store)
    winner = session.config.seats[session.result().winners[0]].name
    app = settled_keys(ChaiGamesApp(bot_delay=0, countdown=0, key_guard=0, win_hold=0, confirm_moves=False))
    async with app.run_test(size=SIZE) as pilot:
        assert "History" in screen_text(app)
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "History")
        await wait_for(pilot, lambda: spec.title in screen_text(app), "the game listed")
        text = screen_text(app)
        assert spec.title in text and "Asha (normal)" in text and "Zoe" in text and winner in text
        assert " ".join(str(s) for s in session.result().scores) in text

        await pilot.press("enter")
        await wait_for(pilot, lambda: "final scores" in screen_text(app), "the results again")
        assert isinstance(app.screen, ResultsScreen) and winner in screen_text(app)

        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayKeys), "the replay viewer")
        viewer = app.screen
        c = viewer.controller
        length = c.replay.length
        assert c.position == 0  # it opens at the deal: the result is not given away
        await wait_for(pilot, lambda: f"Replay: action 0 of {length}" in screen_text(app), "the start shown")
        await pilot.press("end")
        await wait_for(pilot, lambda: f"action {length} of {length}" in screen_text(app), "the end shown")
        await pilot.press("home")
        await wait_for(pilot, lambda: f"Replay: action 0 of {length}" in screen_text(app), "the start")
        await pilot.press("right", "right", "right", "left")
        await wait_for(pilot, lambda: c.position == 2, "two actions in")
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: c.position == c.replay.next_turn(2), "the next turn")
        await pilot.press("pageup")
        await wait_for(pilot, lambda: c.position == c.replay.previous_turn(c.replay.next_turn(2)), "a turn back")
        await pilot.press("v")
        await wait_for(pilot, lambda: c.viewer == 0 and "Asha's view" in screen_text(app), "Asha's view")
        for _ in range(len(c.names) - 1):
            await pilot.press("v")
        await wait_for(pilot, lambda: "Zoe's view" in screen_text(app), "the human seat's view")
        await pilot.press("v")
        await wait_for(pilot, lambda: "public view" in screen_text(app), "the public view again")
        await pilot.press("end")
        await wait_for(pilot, lambda: f"action {length} of {length}," in screen_text(app), "the end again")
        record = parse_record(path.read_bytes(), games.get)
        assert snap(c.state) == snap(Session.from_record(spec, record).state)
        assert c.legal_actions(0) == [] and c.movers() == ()
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), "back to the results")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "back to History")


async def test_older_and_broken_history_files_are_listed_without_stopping_the_screen(make_app):
    from chaigames.engine import Entry
    from tests import toygame

    store = SaveStore()
    config = GameConfig(seats=(SeatConfig("Ann", "easy"), SeatConfig("Bob", "easy")))
    session = play_bots(toygame.SPEC, config, 4).session
    old = session.record  # a history file from before results were kept in it
    old.meta = {"finished": "2026-11-01T10:00:00+00:00"}
    store.history.mkdir(parents=True)
    (store.history / "old.json").write_text(old.dumps(toygame.SPEC))
    broken = Record(
        old.game, old.rules_version, old.config, old.seed, [*old.entries, Entry(seat=0, action=old.entries[0].action)]
    )
    broken.meta = {"finished": "2026-11-02T10:00:00+00:00"}
    (store.history / "broken.json").write_text(broken.dumps(toygame.SPEC))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await wait_for(pilot, lambda: "cannot be rebuilt" in screen_text(app), "the broken game listed")
        assert " ".join(str(s) for s in session.result().scores) in screen_text(app)  # the older one, rebuilt
        said = notices(app)
        await pilot.press("enter")  # the newest first: the broken one
        await wait_for(pilot, lambda: any("Cannot show this game" in m for m in said), "the reason")
        assert isinstance(app.screen, HistoryScreen)
