"""Positions from JSON: every game's `from_json` rebuilds exactly the state `to_json` wrote, and a
bad position is refused with an error naming the field."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chaigames.chai.state import ChaiState
from chaigames.chai_wallah.state import ChaiWallahState
from chaigames.dabba_walla.state import DabbaWallaState
from chaigames.engine import RecordError
from chaigames.games import get as get_game
from tests.budget import examples
from tests.positions import GAMES, play

STATES = {"chai": ChaiState, "chai-wallah": ChaiWallahState, "dabba-walla": DabbaWallaState}


def _options(game: str) -> st.SearchStrategy[dict[str, Any]]:
    spec = get_game(game)
    return st.fixed_dictionaries({o.key: st.sampled_from(o.choices) for o in spec.options})


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(15))
@given(data=st.data())
def test_from_json_round_trip_is_exact(game: str, data: st.DataObject) -> None:
    spec = get_game(game)
    cls = STATES[game]
    seats = data.draw(st.integers(spec.min_seats, min(spec.max_seats, 4)), label="seats")
    seed = data.draw(st.integers(0, 10_000), label="seed")
    stops = data.draw(st.sets(st.integers(0, 400), min_size=1, max_size=8), label="stops")
    options = data.draw(_options(game), label="options")
    for _, session in play(game, seats, seed, stops, options):
        state = session.state
        saved = state.to_json()
        back = cls.from_json(saved)
        assert back.to_json() == saved
        text = json.dumps(saved)
        assert json.dumps(cls.from_json(json.loads(text)).to_json()) == text
        # the rebuilt state plays on exactly like the original
        for seat in state.actors()[:1]:
            assert back.legal_actions(seat) == state.legal_actions(seat)
            assert back.view(seat) == state.view(seat)
            action = state.legal_actions(seat)[0]
            t = getattr(state, "now", None)
            assert back.clone().apply(seat, action, t) == state.clone().apply(seat, action, t)
        assert back.is_over() == state.is_over()


def test_from_json_does_not_share_lists_with_its_input() -> None:
    for game, cls in STATES.items():
        session = next(s for _, s in play(game, 2 if game != "chai-wallah" else 4, 2, {30}))
        saved = session.state.to_json()
        back = cls.from_json(saved)
        seat = back.actors()[0]
        back.apply(seat, back.legal_actions(seat)[0], getattr(back, "now", None))
        assert saved == session.state.to_json(), game


def _saved(game: str) -> dict[str, Any]:
    return next(s for _, s in play(game, 2 if game != "chai-wallah" else 4, 6, {12})).state.to_json()


@pytest.mark.parametrize(
    ("game", "field", "value"),
    [
        ("chai", "money", [2, "lots"]),
        ("chai", "money", [2]),
        ("chai", "phase", "lunch"),
        ("chai", "reserved", [["nobody"], []]),
        ("chai", "market", [[0, 1], [9], []]),
        ("chai", "cups", [[7, "green-1"], None]),
        ("chai", "rng", -1),
        ("chai-wallah", "now", "soon"),
        ("chai-wallah", "face_up", [[2, 2, 2, 2]]),
        ("chai-wallah", "winner", 4),
        ("chai-wallah", "seats", [{}, {}, {}, {}]),
        ("dabba-walla", "hands", [[999], []]),
        ("dabba-walla", "stacks", "tall"),
        ("dabba-walla", "step", "dance"),
        ("dabba-walla", "tickets", [True, 6]),
        ("dabba-walla", "vehicle_key", "rickshaw"),
        ("dabba-walla", "config", {"seats": []}),
    ],
)
def test_a_bad_position_names_the_field(game: str, field: str, value: Any) -> None:
    saved = _saved(game)
    saved[field] = value
    with pytest.raises(RecordError, match=repr(field)):
        STATES[game].from_json(saved)


@pytest.mark.parametrize("game", GAMES)
def test_a_missing_or_unknown_field_is_named(game: str) -> None:
    saved = _saved(game)
    with pytest.raises(RecordError, match="'rng' is missing"):
        STATES[game].from_json({k: v for k, v in saved.items() if k != "rng"})
    with pytest.raises(RecordError, match="unknown field 'colour'"):
        STATES[game].from_json(saved | {"colour": "blue"})
    with pytest.raises(RecordError, match="must be an object"):
        STATES[game].from_json([saved])
