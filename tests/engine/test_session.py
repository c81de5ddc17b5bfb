"""Sessions, records, replay and take-backs, against the toy game of tests/toygame.py."""

from __future__ import annotations

import json

import pytest

from chaigames.engine import (
    ConfigError,
    GameConfig,
    IllegalAction,
    RecordError,
    RecordVersionError,
    SeatConfig,
    Session,
    parse_record,
    play_bots,
)
from tests.toygame import SPEC, Roll, Step


def lookup(game_id: str):
    if game_id == "toy":
        return SPEC
    raise KeyError(game_id)


def config(*seats: SeatConfig, **kw) -> GameConfig:
    return GameConfig(seats=tuple(seats), **kw)


BOTS = config(SeatConfig("Asha", "easy"), SeatConfig("Ravi", "easy"), SeatConfig("Meera", "easy"))


def test_bot_games_finish_and_same_seed_gives_same_game():
    a = play_bots(SPEC, BOTS, 11)
    b = play_bots(SPEC, BOTS, 11)
    assert a.finished and b.finished
    assert a.session.record.dumps(SPEC) == b.session.record.dumps(SPEC)
    assert a.session.state.to_json() == b.session.state.to_json()


def test_max_actions_leaves_a_game_unfinished():
    played = play_bots(SPEC, BOTS, 11, max_actions=2)
    assert not played.finished and played.session.action_count == 2


@pytest.mark.parametrize("seed", range(8))
def test_record_round_trip_rebuilds_the_identical_state(seed):
    played = play_bots(SPEC, BOTS, seed)
    text = played.session.record.dumps(SPEC)
    again = Session.from_record(SPEC, parse_record(text, lookup))
    assert again.state.to_json() == played.session.state.to_json()
    assert again.record.dumps(SPEC) == text
    assert [line.event.text for line in again.log] == [line.event.text for line in played.session.log]


def test_illegal_action_changes_nothing_and_is_not_recorded():
    s = Session(SPEC, config(SeatConfig("A"), SeatConfig("B")), 1)
    before = s.state.to_json()
    with pytest.raises(IllegalAction, match="turn"):
        s.apply(1 - s.state.turn, Step(1))
    with pytest.raises(IllegalAction, match="step 1 or 2"):
        s.apply(s.state.turn, Step(3))
    assert s.state.to_json() == before and s.record.entries == []


def test_setup_is_validated():
    with pytest.raises(ConfigError, match="2 to 4 seats"):
        Session(SPEC, config(SeatConfig("A")), 1)
    with pytest.raises(ConfigError, match="unknown bot level"):
        Session(SPEC, config(SeatConfig("A"), SeatConfig("B", "genius")), 1)
    with pytest.raises(ConfigError, match="share the name"):
        Session(SPEC, config(SeatConfig("A"), SeatConfig("A")), 1)
    with pytest.raises(ConfigError, match="Goal must be one of"):
        Session(SPEC, config(SeatConfig("A"), SeatConfig("B"), options={"goal": 7}), 1)


def test_defaults_are_filled_in_before_the_game_starts():
    s = Session(SPEC, config(SeatConfig(" A "), SeatConfig("B")), 1)
    assert s.config.options == {"goal": 10} and s.config.seats[0].name == "A"


# -- take-backs ------------------------------------------------------------------------------------
def one_human() -> Session:
    return Session(SPEC, config(SeatConfig("Human"), SeatConfig("Bot", "easy"), start_player=0), 3)


def test_undo_takes_back_own_action_and_the_bot_moves_after_it():
    s = one_human()
    s.apply(0, Step(1))
    s.apply(1, Step(2))
    assert s.takeback_size(0) == 2
    assert s.undo(0) == 2
    assert s.state.positions == [0, 0] and s.state.turn == 0
    assert s.record.entries[-1].undo == 2


def test_undo_stops_at_chance():
    s = one_human()
    s.apply(0, Roll())
    assert s.takeback_size(0) == 0
    with pytest.raises(IllegalAction, match="Nothing to take back"):
        s.undo(0)
    s.apply(1, Step(1))
    s.apply(0, Step(2))
    assert s.takeback_size(0) == 1  # its own last step only; the roll before it stays


def test_undo_off_by_default_with_two_humans_and_on_when_asked():
    two = config(SeatConfig("A"), SeatConfig("B"), start_player=0)
    s = Session(SPEC, two, 3)
    s.apply(0, Step(1))
    assert s.takeback_size(0) == 0
    s = Session(SPEC, config(SeatConfig("A"), SeatConfig("B"), start_player=0, takebacks=True), 3)
    s.apply(0, Step(1))
    s.apply(1, Step(1))
    assert s.takeback_size(1) == 1
    assert s.takeback_size(0) == 0  # another human has moved since


def test_replay_honours_undo_entries():
    s = one_human()
    s.apply(0, Step(1))
    s.apply(1, Step(2))
    s.undo(0)
    s.apply(0, Step(2))
    again = Session.from_record(SPEC, parse_record(s.record.dumps(SPEC), lookup))
    assert again.state.to_json() == s.state.to_json()
    assert again.action_count == 1


def test_a_record_written_after_every_action_is_its_whole_json_each_time():
    """A record keeps each entry's text between writes: what it writes is still `to_json` whole, after a
    move, a take-back and entries replaced (a record cut short and played on differently)."""
    s = one_human()

    def written() -> str:
        text = s.record.dumps(SPEC)
        assert text == json.dumps(s.record.to_json(SPEC), separators=(",", ":"))
        return text

    written()
    s.apply(0, Step(1))
    s.apply(1, Step(2))
    before = written()
    s.undo(0)
    assert written() != before
    s.apply(0, Step(2))
    written()
    s.record.entries = s.record.entries[:1]
    s.record.meta["note"] = '"entries":[]'
    assert json.loads(written())["entries"] == [s.record.to_json(SPEC)["entries"][0]]


# -- strict loading ---------------------------------------------------------------------------------
def saved(**changes) -> str:
    s = one_human()
    s.apply(0, Step(1))
    s.apply(1, Step(2))
    data = s.record.to_json(SPEC)
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "malformed"),
        ("[]", "expected a JSON object"),
        (saved(game="chess"), "unknown game 'chess'"),
        (json.dumps({k: v for k, v in json.loads(saved()).items() if k != "seed"}), "no 'seed'"),
        (saved(seed="x"), "'seed' has the wrong type"),
        (saved(entries=[{"seat": 0, "action": {"type": "step", "n": 1}}, {"seat": 9, "action": {}}]), "entry 2"),
        (saved(entries=[{"seat": 0, "action": {"type": "teleport"}}]), "entry 1: unknown action type"),
        (saved(entries=[{"seat": 0}]), "entry 1: no 'action'"),
        (saved(entries=[{"undo": 0}]), "positive whole number"),
        (saved(config={"seats": "nobody"}), "list of 'seats'"),
    ],
)
def test_bad_records_raise_record_error_saying_what_and_where(text, words):
    with pytest.raises(RecordError, match=words):
        Session.from_record(SPEC, parse_record(text, lookup))


def test_an_illegal_action_in_a_record_names_its_place_and_reason():
    data = json.loads(saved())
    data["entries"][1] = {"seat": 0, "action": {"type": "step", "n": 1}}
    with pytest.raises(RecordError, match=r"action 2 \(seat 0\): It is Bot's turn"):
        Session.from_record(SPEC, parse_record(json.dumps(data), lookup))


def test_undo_of_more_than_stands_is_refused():
    with pytest.raises(RecordError, match="cannot take back 5"):
        Session.from_record(SPEC, parse_record(saved(entries=[{"undo": 5}]), lookup))


def test_another_rules_version_is_its_own_error():
    with pytest.raises(RecordVersionError, match="rules v7, cannot be resumed here") as info:
        parse_record(saved(rules_version=7), lookup)
    assert info.value.version == 7


def test_a_setup_the_game_refuses_is_a_record_error():
    data = json.loads(saved())
    data["config"]["seats"] = data["config"]["seats"][:1]
    data["entries"] = []
    with pytest.raises(RecordError, match="setup is not valid"):
        Session.from_record(SPEC, parse_record(json.dumps(data), lookup))
