"""Replays: every position of a recorded game, for all three games."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest

from chaigames import games
from chaigames.engine import GameConfig, Record, SeatConfig, Session, play_bots
from chaigames.engine.replay import Replay


def snap(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True, default=str)


@pytest.fixture(scope="module", params=["chai", "chai-wallah", "dabba-walla"])
def played(request):
    spec = games.get(request.param)
    names = ("Asha", "Ravi", "Meera", "Kiran")[: spec.min_seats if spec.min_seats > 2 else 2]
    config = GameConfig(seats=tuple(SeatConfig(n, "normal") for n in names))
    session = play_bots(spec, config, seed=3).session
    assert session.over
    return spec, session.record


def test_the_end_of_a_replay_is_the_records_final_state(played):
    spec, record = played
    replay = Replay(spec, record)
    assert replay.length == len(record.effective()) > 0
    assert snap(replay.state(replay.length)) == snap(Session.from_record(spec, record).state)
    assert replay.state(replay.length).is_over() and not replay.state(0).is_over()


def test_every_position_is_the_game_after_that_many_actions(played):
    spec, record = played
    replay = Replay(spec, record)
    for k in sorted({0, 1, replay.length // 3, replay.length // 2, replay.length - 1}):
        cut = Record(record.game, record.rules_version, record.config, record.seed, list(record.effective()[:k]))
        assert snap(replay.state(k)) == snap(Session.from_record(spec, cut).state), k
    assert len(replay.log_until(0)) <= len(replay.log_until(replay.length)) == len(replay.log)


def test_turn_marks_step_forward_and_back(played):
    spec, record = played
    replay = Replay(spec, record)
    turns = replay.turns
    assert turns[0] == 0 and turns[-1] == replay.length and turns == sorted(set(turns)) and len(turns) > 2
    pos, seen = 0, [0]
    while pos < replay.length:
        pos = replay.next_turn(pos)
        seen.append(pos)
    assert seen == turns
    while pos > 0:
        pos = replay.previous_turn(pos)
        seen.append(pos)
    assert seen[len(turns) :] == turns[-2::-1]
    if not spec.realtime:  # a turn is one seat's run of actions
        for a, b in pairwise(turns):
            assert len({e.seat for e in replay.entries[a:b]}) == 1
