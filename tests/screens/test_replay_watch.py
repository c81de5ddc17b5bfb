"""`chaigames replay FILE --watch` opens the replay viewer on the record, and leaving it quits."""

from __future__ import annotations

from chaigames import cli, games
from chaigames.engine import GameConfig, SeatConfig, play_bots
from screens import app as app_module
from screens.app import ChaiGamesApp
from screens.generic import GenericGameScreen
from screens.replay import ReplayKeys
from tests import toygame
from tests.pilot import screen_text, wait_for


def toy_record():
    config = GameConfig(seats=(SeatConfig("Ann", "easy"), SeatConfig("Bob", "easy")))
    return play_bots(toygame.SPEC, config, 4).session.record


def test_replay_watch_hands_the_record_to_the_app(monkeypatch, tmp_path):
    calls = []
    monkeypatch.setattr(games, "get", lambda game_id: toygame.SPEC)
    monkeypatch.setattr(app_module, "run_app", lambda **kw: calls.append(kw))
    record = toy_record()
    path = tmp_path / "game.json"
    path.write_text(record.dumps(toygame.SPEC))
    assert cli.main(["replay", str(path), "--watch"]) == 0
    (call,) = calls
    assert call["watch"].entries == record.entries and call["watch"].seed == record.seed


async def test_the_app_opens_the_replay_of_the_record_and_quits_when_it_is_left():
    record = toy_record()
    app = ChaiGamesApp(games=[toygame.SPEC], registry=False, bot_delay=0, countdown=0, watch=record)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayKeys), "the replay viewer")
        assert isinstance(app.screen, GenericGameScreen)  # the game's own screen draws the replay
        n = len(record.effective())
        await wait_for(pilot, lambda: f"Replay: action 0 of {n}" in screen_text(app), "the deal")
        await pilot.press("end")
        await wait_for(pilot, lambda: f"Replay: action {n} of {n}" in screen_text(app), "the end of the game")
        await pilot.press("1")  # a game key does nothing in a replay
        assert app.screen.controller.position == n and app.screen.controller.replay.final.action_count == n
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.return_code is not None, "the app to quit")


def test_a_replay_controller_cannot_act_and_says_why():
    import pytest

    from chaigames.engine import IllegalAction
    from chaigames.play.replay import NO_MOVES, ReplayController

    record = toy_record()
    c = ReplayController.of(toygame.SPEC, record, position=1)
    assert c.movers() == () and c.legal_actions(0) == [] and not c.can_undo() and c.to_move is None
    with pytest.raises(IllegalAction, match="replay"):
        c.act(0, toygame.Step(1))
    refusals = []

    class Listener:
        def game_changed(self, events):
            pass

        def move_refused(self, seat, reason):
            refusals.append((seat, reason))

    c.attach(Listener())
    c.act(1, toygame.Step(1))
    assert refusals == [(1, NO_MOVES)] and c.position == 1
    assert len(record.effective()) == c.replay.length  # the record is unchanged


def test_a_table_games_replay_offers_the_public_view_and_the_seat_its_viewer_held_only():
    from dataclasses import replace

    from chaigames.play.replay import ReplayController

    record = toy_record()

    def views(meta):
        c = ReplayController.of(toygame.SPEC, replace(record, meta=meta))
        seen = [c.viewer]
        for _ in range(4):
            c.next_view()
            seen.append(c.viewer)
        return seen

    assert views({}) == [None, 0, 1, None, 0]  # a game at home: every seat's view once it is over
    assert views({"table": "K7QD", "seat": 1}) == [None, 1, None, 1, None]
    assert views({"table": "K7QD"}) == [None] * 5  # no seat held: the public view only
