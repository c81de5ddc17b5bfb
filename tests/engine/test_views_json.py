"""Views, events, log lines and results through JSON: what a table client is sent comes back exactly.

"Exactly" is stricter than `==`: (1, 2) == [1, 2] is False but 1 == 1.0 and True == 1 are True, and a
screen draws 3 and 3.0 differently. So each round trip is compared by `repr` too, which spells every
type (tuple or list, int or float, bool, each dataclass and named tuple by name) and every key order.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chaigames.engine import Event, GameConfig, LogLine, RecordError, Result, ScoreRow, SeatConfig, play_bots
from chaigames.games import get as get_game
from tests.positions import GAMES, play, position


def through_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def assert_exact(back: Any, original: Any) -> None:
    assert back == original
    assert repr(back) == repr(original)


def views_of(game: str, state: Any) -> list[tuple[str, Any]]:
    """Every view a table hands out: each seat's, the public one and (Chai Wallah) the shared table's."""
    n = len(state.config.seats)
    views = [(f"seat {s + 1}", state.view(s)) for s in range(n)] + [("public", state.view(None))]
    if game == "chai-wallah":
        views.append(("table", state.table_view()))
    return views


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12)
@given(data=st.data())
def test_every_view_round_trips_exactly(game: str, data: st.DataObject) -> None:
    spec = get_game(game)
    seats = data.draw(st.integers(spec.min_seats, spec.max_seats), label="seats")
    seed = data.draw(st.integers(0, 10_000), label="seed")
    stops = data.draw(st.sets(st.integers(0, 600), min_size=1, max_size=4), label="stops")
    for _, session in play(game, seats, seed, stops):
        for who, view in views_of(game, session.state):
            back = spec.view_from_json(through_json(spec.view_to_json(view)))
            assert back == view, who
            assert repr(back) == repr(view), who
        for line in session.log[-30:]:
            assert_exact(LogLine.from_json(through_json(line.to_json())), line)
        # a position read from JSON (a test's, a puzzle's) shows exactly the views of the one played to
        rebuilt = type(session.state).from_json(through_json(session.state.to_json()))
        for (who, view), (_, again) in zip(views_of(game, session.state), views_of(game, rebuilt), strict=True):
            assert repr(again) == repr(view), who


@pytest.mark.parametrize(("game", "seats"), [("chai", 3), ("chai-wallah", 5), ("dabba-walla", 2)])
def test_a_finished_game_round_trips_its_views_log_and_result(game: str, seats: int) -> None:
    spec = get_game(game)
    config = GameConfig(seats=tuple(SeatConfig(f"Bot {i + 1}", bot="easy") for i in range(seats)))
    session = play_bots(spec, config, 11).session
    assert session.over
    for _, view in views_of(game, session.state):
        assert_exact(spec.view_from_json(through_json(spec.view_to_json(view))), view)
    for line in session.log:
        assert_exact(LogLine.from_json(through_json(line.to_json())), line)
    result = session.result()
    assert_exact(Result.from_json(through_json(result.to_json())), result)


def test_plain_data_keeps_tuples_lists_and_numbers_apart() -> None:
    event = Event("trade", "A trades", (0, 2), True, {"seats": (0, 2), "dice": ["tea"], "t": 3.0, "n": 3, "x": None})
    back = Event.from_json(through_json(event.to_json()))
    assert_exact(back, event)
    assert type(back.data["seats"]) is tuple and type(back.data["dice"]) is list and type(back.data["t"]) is float
    result = Result((3, 5), (1,), (ScoreRow("teas", (1, 2)),), "close", {"tiebreak": [(-1, -4), (-2, -3)]})
    assert_exact(Result.from_json(through_json(result.to_json())), result)


def test_a_result_saved_before_details_were_written_still_reads() -> None:
    saved = {"scores": [3, 5], "winners": [1], "breakdown": [{"source": "orders", "values": [3, 5]}], "note": ""}
    assert Result.from_json(saved) == Result((3, 5), (1,), (ScoreRow("orders", (3, 5)),), "")


def _view_json(game: str) -> dict[str, Any]:
    spec = get_game(game)
    session = position(game, 4, 5, 40)
    return spec.view_to_json(session.state.view(0))


def _set(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    node = data
    for key in path[:-1]:
        node = node[key]
    if value is _DROP:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


_DROP = object()


@pytest.mark.parametrize(
    ("game", "path", "value", "named"),
    [
        ("chai", ("players", 0, "money"), "lots", "'money'"),
        ("chai", ("phase",), "lunch", "'phase'"),
        ("chai", ("players", 1, "tiles", "mint"), -1, "'tiles'"),
        ("chai", ("players", 0, "tea"), "coffee", "'tea'"),
        ("chai", ("cups",), [None], "'cups'"),
        ("chai", ("reserved",), ["nobody"], "'reserved'"),
        ("chai", ("tokens",), {}, "'tokens'"),
        ("chai", ("servable",), _DROP, "'servable'"),
        ("chai-wallah", ("now",), "soon", "'now'"),
        ("chai-wallah", ("seats", 2, "dice", 1, "value"), 7, "'value'"),
        ("chai-wallah", ("seats", 0, "dice", 0, "ingredient"), "milk", "'dice'"),
        ("chai-wallah", ("seats", 1, "locked_for"), "later", "'locked_for'"),
        ("chai-wallah", ("claimer",), 9, "'claimer'"),
        ("chai-wallah", ("orders",), [[1, 2, 3]], "'orders'"),
        ("dabba-walla", ("phase",), "lunch", "'phase'"),
        ("dabba-walla", ("players", 1, "hand"), ["no card"], "'hand'"),
        ("dabba-walla", ("players", 0, "stacks"), [[["??", "Y", 1, None]]], "'stacks'"),
        ("dabba-walla", ("spaces",), [], "'spaces'"),
        ("dabba-walla", ("double_zero",), ["Y"], "'double_zero'"),
        ("dabba-walla", ("players", 2, "seat"), 0, "'seat'"),
        ("dabba-walla", ("draw_count",), _DROP, "'draw_count'"),
        ("dabba-walla", ("secret",), 1, "'secret'"),
    ],
)
def test_a_bad_view_field_is_refused_by_name(game: str, path: tuple[Any, ...], value: Any, named: str) -> None:
    data = _set(_view_json(game), path, value)
    with pytest.raises(RecordError, match=named):
        get_game(game).view_from_json(through_json(data))


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"kind": "x", "text": "y", "seats": [-1], "reveal": False, "data": {}}, "'seats'"),
        ({"kind": "x", "text": "y", "seats": None, "reveal": "no", "data": {}}, "'reveal'"),
        ({"kind": "x", "text": "y", "seats": None, "reveal": False, "data": {"t": {"()": 5}}}, "'data'"),
        ({"kind": "x", "text": 5, "seats": None, "reveal": False, "data": {}}, "'text'"),
    ],
)
def test_a_bad_event_is_refused_by_name(data: dict[str, Any], named: str) -> None:
    with pytest.raises(RecordError, match=named):
        Event.from_json(data)
    with pytest.raises(RecordError, match="'event'"):
        LogLine.from_json({"action_no": 1, "event": data})


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"scores": [1, "2"], "winners": [0], "breakdown": [], "note": ""}, "'scores'"),
        ({"scores": [1, 2], "winners": [2], "breakdown": [], "note": ""}, "'winners'"),
        ({"scores": [1, 2], "winners": [0], "breakdown": [{"source": "a", "values": [1]}], "note": ""}, "'values'"),
        ({"scores": [1, 2], "winners": [0], "breakdown": [], "note": "", "details": []}, "'details'"),
        ({"scores": [1, 2], "winners": [0], "breakdown": [], "note": "", "extra": 1}, "'extra'"),
    ],
)
def test_a_bad_result_is_refused_by_name(data: dict[str, Any], named: str) -> None:
    with pytest.raises(RecordError, match=named):
        Result.from_json(data)
