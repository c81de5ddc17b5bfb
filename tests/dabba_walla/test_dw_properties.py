"""Property tests over seeded random games: conservation, geometry, hidden information, refusals, replay."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chaigames.dabba_walla import SPEC
from chaigames.dabba_walla import data as D
from chaigames.dabba_walla.actions import (
    AddChai,
    AddEmpty,
    BonusDabba,
    Commit,
    EndTurn,
    Jump,
    Move,
    Place,
    PlayCard,
    RemoveChai,
    ReturnTile,
    Start,
    Swap,
)
from chaigames.dabba_walla.invariants import problems
from chaigames.engine import GameConfig, IllegalAction, Rng, SeatConfig, Session, play_bots
from tests.budget import examples

# Pairwise cover: every vehicle, seat count, module and order value appears at least once.
CONFIGS = (
    dict(n=2, vehicle="trailer", module1=False, no_minus=False),
    dict(n=3, vehicle="handcart", module1=True, no_minus=False, order_card_1=1, order_card_2=3, order_card_3=5),
    dict(n=4, vehicle="crate", module1=False, no_minus=True, order_card_1=2, order_card_2=4, order_card_3=6),
    dict(n=2, vehicle="wheelbarrow", module1=True, no_minus=True, order_card_1=1, order_card_2=4),
    dict(n=4, vehicle="trailer", module1=True, order_card_1=2, order_card_3=5),
    dict(n=3, vehicle="crate", no_minus=True, order_card_2=3, order_card_3=6),
    dict(n=4, vehicle="wheelbarrow", order_card_1=1),
    dict(n=2, vehicle="handcart", order_card_2=4, order_card_3=6),
)


def cfg(i: int, bots=None) -> GameConfig:
    c = dict(CONFIGS[i])
    n = c.pop("n")
    bots = bots or [None] * n
    return GameConfig(seats=tuple(SeatConfig(f"P{k}", bots[k % len(bots)]) for k in range(n)), options=c)


def random_game(i: int, seed: int, check_every: bool = True, stop_after: int | None = None) -> Session:
    session = Session(SPEC, cfg(i), seed)
    rng = Rng(seed ^ 0x5EED)
    while not session.over and (stop_after is None or session.action_count < stop_after):
        state = session.state
        actors = state.actors()
        seat = actors[rng.randbelow(len(actors))]
        legal = state.legal_actions(seat)
        assert legal, "an actor always has a legal action"
        # a random but finite policy: commit half of the time in delivery so add/remove cannot loop forever
        commits = [a for a in legal if isinstance(a, Commit)]
        action = rng.choice(commits) if commits and rng.random() < 0.5 else rng.choice(legal)
        session.apply(seat, action)
        if check_every:
            found = problems(session.state)
            assert not found, (found, session.action_count)
    return session


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_random_games_finish_with_invariants_after_every_action(i):
    session = random_game(i, seed=100 + i)
    assert session.over
    r = session.result()
    assert len(r.scores) == CONFIGS[i]["n"] and r.winners
    assert sum(row.values[0] for row in r.breakdown) == r.scores[0]


@settings(max_examples=examples(12))
@given(i=st.integers(0, len(CONFIGS) - 1), seed=st.integers(0, 2**32))
def test_replaying_the_record_rebuilds_the_same_state(i, seed):
    session = random_game(i, seed, check_every=False)
    again = Session.from_record(SPEC, session.record)
    assert again.state.to_json() == session.state.to_json()
    assert again.result() == session.result()


@settings(max_examples=examples(25))
@given(i=st.integers(0, len(CONFIGS) - 1), seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_clone_is_independent_and_identical(i, seed, steps):
    session = random_game(i, seed, check_every=False, stop_after=steps)
    state = session.state
    copy = state.clone()
    assert copy.to_json() == state.to_json()
    assert [copy.view(p) for p in range(state.n)] == [state.view(p) for p in range(state.n)]
    if not state.is_over():
        seat = copy.actors()[0]
        before = state.to_json()
        copy.apply(seat, copy.legal_actions(seat)[0])
        assert state.to_json() == before


ANY_ACTION = st.one_of(
    st.builds(Start, st.integers(-1, 7)),
    st.builds(Move, st.integers(-1, 8), st.integers(-2, 2)),
    st.builds(Jump, st.integers(-1, 7)),
    st.builds(Swap, st.sampled_from((*D.CARD_CODES, "X99")), st.integers(-1, 7)),
    st.builds(PlayCard, st.sampled_from((*D.CARD_CODES, "X99"))),
    st.builds(Place, st.integers(-1, 9), st.integers(-1, 5), st.integers(-1, 5), st.integers(-1, 6)),
    st.builds(ReturnTile),
    st.builds(AddEmpty, st.integers(-1, 5), st.integers(-1, 5)),
    st.builds(BonusDabba, st.sampled_from(("Y", "R", "B", "G", "Z")), st.integers(-1, 4), st.integers(-1, 5)),
    st.builds(EndTurn),
    st.builds(AddChai, st.sampled_from(D.ORANGE + D.LIGHT_BLUE + ("x",))),
    st.builds(RemoveChai, st.sampled_from((*D.ORANGE, "x"))),
    st.builds(Commit, st.one_of(st.none(), st.sampled_from((*D.CARD_CODES, "X99")))),
    st.just("not an action"),
)


@settings(max_examples=examples(60))
@given(
    i=st.integers(0, len(CONFIGS) - 1),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 350),
    seat=st.integers(0, 3),
    action=ANY_ACTION,
)
def test_illegal_and_out_of_turn_actions_are_refused_unchanged(i, seed, steps, seat, action):
    session = random_game(i, seed, check_every=False, stop_after=steps)
    state = session.state
    seat = seat % len(state.config.seats)
    if action in state.legal_actions(seat):
        state.apply(seat, action)  # a legal one simply works
        assert not problems(state)
        return
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert str(err.value)
    assert state.to_json() == before


@settings(max_examples=examples(25))
@given(i=st.integers(0, len(CONFIGS) - 1), seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_views_hide_what_a_seat_may_not_see(i, seed, steps):
    """DW-15: own hand and chai tiles only; the draw pile order never; secret choices only after reveal."""
    state = random_game(i, seed, check_every=False, stop_after=steps).state
    draw = {D.CARD_CODES[c] for c in state.draw} | {D.CARD_CODES[c] for c in state.out_cards}
    for viewer in [None, *range(state.n)]:
        v = state.view(viewer)
        text = repr(v)
        assert not any(code in text for code in draw)
        for p, pv in enumerate(v.players):
            if p != viewer:
                assert pv.chai is None
                if state.phase in ("pickup", "final"):
                    assert pv.hand is None
                    assert not any(D.CARD_CODES[c] in text for c in state.hands[p])
                if state.phase == "delivery" and not state.revealed[p]:
                    assert pv.choice is None
            assert pv.hand_count == len(state.hands[p]) and pv.chai_count == len(state.chai_owned[p])


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_bot_games_of_every_level_finish(i):
    n = CONFIGS[i]["n"]
    levels = ["easy", "normal", "hard", "normal"][:n]
    played = play_bots(SPEC, cfg(i, levels), seed=i)
    assert played.finished
    assert not problems(played.session.state)
