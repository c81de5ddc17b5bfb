"""The rules-core contract, exactly, for every game: `legal_actions(seat)` lists precisely what
`apply` accepts, and whatever it refuses (malformed too: wrong seats, wrong field types, True for
1) is refused with IllegalAction and leaves the state exactly as it was.

Positions are reached by seeded random play; the actions tried are every seat's listed ones (on
every seat), each game's action types filled with generated values of right and wrong types, and
things that are no action at all.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chaigames.engine import IllegalAction, Session
from chaigames.games import get as get_game
from tests.budget import any_text, examples
from tests.positions import GAMES, play, position


def strict(value: Any) -> Any:
    """A comparison key where True is not 1 and 1.0 is not 1 (plain == says they are)."""
    if dataclasses.is_dataclass(value):
        return (type(value), tuple(strict(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, tuple | list):
        return (type(value), tuple(strict(v) for v in value))
    if isinstance(value, dict):
        return (dict, repr(value))
    return (type(value), value)


JUNK = st.one_of(
    st.booleans(),
    st.floats(allow_nan=False, min_value=-3, max_value=10),
    st.none(),
    st.just({}),
    st.just([]),
    any_text(3),
    st.integers(min_value=-(2**70), max_value=2**70),
)


RECOMBINED = st.integers(3, 12)  # listed actions recombined field by field, per action type
GENERATED = st.integers(5, 15)  # actions of generated values


@functools.cache
def _values(names: tuple[str, ...]) -> st.SearchStrategy[Any]:
    """Field values: small numbers and the game's own names (right types), and junk (wrong ones).
    Made once per set of names: a strategy is checked the first time it draws, and a sweep draws
    thousands of values."""
    name = st.sampled_from(names) if names else any_text(3)
    return st.one_of(
        st.integers(min_value=-2, max_value=12),
        name,
        st.tuples(name) | st.tuples(name, name) | st.tuples(),
        JUNK,
    )


def _names(session: Session) -> tuple[str, ...]:
    """Every string appearing in any seat's listed actions: cards, kinds, customers, dice."""
    out: set[str] = set()
    for seat in range(len(session.config.seats)):
        for a in session.state.legal_actions(seat):
            for f in dataclasses.fields(a):
                v = getattr(a, f.name)
                for x in v if isinstance(v, tuple) else (v,):
                    if isinstance(x, str):
                        out.add(x)
    return tuple(sorted(out))


def attempts(draw: st.DrawFn, session: Session) -> list[tuple[Any, Any]]:
    """What to try at a position: every seat's listed actions on every seat, listed actions
    recombined field by field (Move(6, -1) from Move(6, 1) and Move(1, -1)), each action type with
    generated values of right and wrong types on generated seats, and something that is no action."""
    spec = session.spec
    seats = len(session.config.seats)
    names = _names(session)
    values = _values(names)
    out: list[tuple[Any, Any]] = []
    by_type: dict[type, list[Any]] = {}
    # each strategy made once per position, not once per draw: making one costs more than drawing from it
    any_seat = st.integers(0, seats - 1)
    for s in range(seats):
        for a in session.state.legal_actions(s):
            by_type.setdefault(type(a), []).append(a)
            out.append((draw(any_seat), a))
            out.append((s, a))
    for cls, listed in by_type.items():
        one_listed = st.sampled_from(listed)
        for _ in range(draw(RECOMBINED)):
            fields = {f.name: getattr(draw(one_listed), f.name) for f in dataclasses.fields(cls)}
            out.append((draw(any_seat), cls(**fields)))
    types = st.sampled_from(list(spec.actions.types))
    seat = st.integers(-1, seats) | st.booleans()
    for _ in range(draw(GENERATED)):
        cls = draw(types)
        fields = {f.name: draw(values) for f in dataclasses.fields(cls)}
        out.append((draw(seat), cls(**fields)))
    out.append((0, draw(JUNK)))
    return out


def check_each(session: Session, tries: list[tuple[Any, Any]]) -> None:
    """Each try on its own copy of the position: what is listed is accepted, what is not is refused
    in words and leaves the position exactly as it was."""
    state = session.state
    seats = len(session.config.seats)
    listed = {strict((s, a)) for s in range(seats) for a in state.legal_actions(s)}
    before = state.to_json()
    for seat, action in tries:
        work = state.clone()
        try:
            work.apply(seat, action)
        except IllegalAction as exc:
            assert str(exc), "a refusal says why"
            assert work.to_json() == before, f"refused {action!r} of seat {seat} but changed the state"
            assert strict((seat, action)) not in listed, f"{action!r} of seat {seat} is listed but refused: {exc}"
        else:
            assert strict((seat, action)) in listed, f"{action!r} of seat {seat} is accepted but not listed"
    assert state.to_json() == before


def check_listed_is_accepted(session: Session, tries: list[tuple[Any, Any]]) -> None:
    """`check_each`, cheaper: every try that must be refused goes to one shared copy, which must
    still be the position at the end (a state's JSON costs more than a try). Should anything be
    off, `check_each` says which try it was."""
    state = session.state
    seats = len(session.config.seats)
    listed = {strict((s, a)) for s in range(seats) for a in state.legal_actions(s)}
    before = state.to_json()
    refused = state.clone()
    for seat, action in tries:
        expected = strict((seat, action)) in listed
        work = state.clone() if expected else refused
        try:
            work.apply(seat, action)
        except IllegalAction as exc:
            if expected or not str(exc):
                break
        else:
            if not expected:
                break
    else:
        if refused.to_json() == before and state.to_json() == before:
            return
    check_each(session, tries)
    raise AssertionError("the refusals, one after another, changed the position")


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(6, few=1))  # each example sweeps a whole game
@given(data=st.data())
def test_listed_is_exactly_accepted(game: str, data: st.DataObject) -> None:
    """Positions every few actions along one seeded game each time, from the start to the end."""
    spec = get_game(game)
    seats = data.draw(st.integers(spec.min_seats, min(spec.max_seats, 4)), label="seats")
    seed = data.draw(st.integers(0, 10_000), label="seed")
    first = data.draw(st.integers(0, 10), label="first stop")
    stride = data.draw(st.integers(7, 15), label="stride")
    stops = set(range(first, 400, stride))
    options = data.draw(st.fixed_dictionaries({o.key: st.sampled_from(o.choices) for o in spec.options}))
    for _, session in play(game, seats, seed, stops, options):
        check_listed_is_accepted(session, attempts(data.draw, session))


@pytest.mark.parametrize("game", GAMES)
def test_result_before_the_end_is_refused_alike(game: str) -> None:
    session = position(game, 2 if game != "chai-wallah" else 4, 3, 5)
    with pytest.raises(IllegalAction, match="not over"):
        session.state.result()


@pytest.mark.parametrize(
    ("game", "action"),
    [
        ("chai", {"type": "market", "row": "lemon", "col": 0}),
        ("chai", {"type": "fulfil", "customer": {}}),
        ("chai", {"type": "market", "row": 0.0, "col": 0}),
        ("dabba-walla", {"type": "move", "steps": True, "direction": 1}),
        ("dabba-walla", {"type": "start", "space": False}),
        ("dabba-walla", {"type": "place", "orientation": 0, "row": 0, "col": 0, "level": 1.5}),
        ("chai-wallah", {"type": "toggle", "ingredient": 1}),
    ],
)
def test_malformed_actions_are_refused_in_words(game: str, action: dict[str, Any]) -> None:
    spec = get_game(game)
    session = position(game, 2 if game != "chai-wallah" else 4, 1, 0)
    cls = spec.actions._by_name[action["type"]]
    malformed = cls(**{k: v for k, v in action.items() if k != "type"})
    before = session.state.to_json()
    with pytest.raises(IllegalAction, match="must be"):
        session.state.apply(0, malformed)
    assert session.state.to_json() == before


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [-1, 9, True, "0", None])
def test_no_such_seat_is_refused(game: str, seat: Any) -> None:
    session = position(game, 2 if game != "chai-wallah" else 4, 1, 0)
    action = session.state.legal_actions(session.state.actors()[0])[0]
    with pytest.raises(IllegalAction, match="no seat"):
        session.state.apply(seat, action)
    assert session.state.legal_actions(seat) == []


def test_an_offer_is_the_same_in_any_order() -> None:
    from chaigames.chai_wallah.actions import SetOffer

    assert SetOffer(("milk", "spice")) == SetOffer(("spice", "milk"))
    assert SetOffer(("milk", "spice")).dice == ("spice", "milk")


def test_a_six_space_move_is_one_move_either_way() -> None:
    """Six spaces either way bring you round to your own space: Move(6, -1) is Move(6, 1), listed
    and accepted."""
    from chaigames.dabba_walla.actions import Move

    assert Move(6, -1) == Move(6, 1) and Move(5, -1) != Move(5, 1)
    for _, session in play("dabba-walla", 2, 4, set(range(60))):
        state = session.state
        legal = state.legal_actions(state.actors()[0])
        if Move(6, 1) in legal:
            assert Move(6, -1) in legal
            state.clone().apply(state.actors()[0], Move(6, -1))
            return
    raise AssertionError("no position with a six-space move in 60 actions")
