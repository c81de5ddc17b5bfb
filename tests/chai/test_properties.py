"""Property tests over seeded random games: conservation, money by the rules, refusals, replay."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from chaigames.chai import SPEC
from chaigames.chai.actions import (
    ChooseFirst,
    DiscardAdditive,
    DiscardCustomer,
    DiscardTile,
    DrawAdditive,
    Fulfil,
    Pass,
    ReserveDeck,
    ReservePool,
    ResetAdditives,
    TakeAdditives,
    VisitMarket,
)
from chaigames.chai.data import ADDITIVES, CUSTOMERS, FLAVOURS
from chaigames.chai.invariants import problems
from chaigames.engine import IllegalAction, Rng, Session, play_bots
from tests.budget import examples

from .helpers import bot_config, check_conservation, config

ALL_CUSTOMERS = sorted(CUSTOMERS)


def candidates(rng: Rng) -> list:
    """A few actions of every kind with random fields, legal or not."""
    return [
        VisitMarket(rng.randbelow(4), rng.randbelow(7)),
        TakeAdditives(rng.choice(ADDITIVES)),
        ResetAdditives(),
        DrawAdditive(),
        ReservePool(rng.choice(ALL_CUSTOMERS)),
        ReserveDeck(),
        DiscardTile(rng.choice(FLAVOURS)),
        DiscardAdditive(rng.choice(ADDITIVES)),
        DiscardCustomer(rng.choice(ALL_CUSTOMERS)),
        Fulfil(rng.choice(ALL_CUSTOMERS)),
        Pass(),
        ChooseFirst(rng.choice(ALL_CUSTOMERS)),
    ]


def pool_coins(state) -> int:
    return sum(p[1] for p in state.pool)


@settings(max_examples=examples(40))
@given(seed=hs.integers(0, 2**32 - 1), n=hs.integers(2, 5), choose=hs.booleans())
def test_random_games_keep_every_invariant(seed, n, choose):
    session = Session(SPEC, config(n, start=None, first_customer="choose" if choose else "random"), seed)
    rng = Rng(seed)
    state = session.state
    steps = 0
    while not session.over:
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        assert legal, "the seat to act always has a legal action"
        # money moves only by the rules: income, prices, fees, tips, coins on pool cards
        before_total = sum(state.money) + pool_coins(state)
        if steps % 7 == 0:
            snapshot = state.to_json()
            other = (seat + 1) % n
            for a in legal[:2]:
                with pytest.raises(IllegalAction, match=r"turn"):
                    state.apply(other, a)
            for a in candidates(rng):
                if a not in legal:
                    with pytest.raises(IllegalAction, match=r"\w+ \w+"):  # a reason in words
                        state.apply(seat, a)
            assert state.to_json() == snapshot
        fulfils = [a for a in legal if isinstance(a, Fulfil)]
        action = fulfils[0] if fulfils else rng.choice(legal)
        events = session.apply(seat, action)
        flow = sum(e.data.get("from_bank", 0) - e.data.get("to_bank", 0) for e in events)
        assert sum(state.money) + pool_coins(state) == before_total + flow
        for e in events:
            if e.kind == "market":
                assert e.data["from_bank"] == 3 and e.data["to_bank"] in (1, 2, 3)
            if e.kind == "fulfil":
                assert e.data["from_bank"] in (1, 2, 3)
        check_conservation(state)
        for s in range(n):
            if s not in state.actors():
                assert state.over_limit(s) is None, "only the seat acting may be over a limit, mid-turn"
        steps += 1
    result = session.result()
    assert len(result.scores) == n and result.winners
    assert sum(len(f) for f in state.fulfilled) <= 5 * n
    replayed = Session.from_record(SPEC, session.record)
    assert replayed.state.to_json() == state.to_json()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_easy_bot_games_end_in_a_few_hundred_actions(n):
    cfg = bot_config(("easy",) * n)
    for seed in range(3):
        played = play_bots(SPEC, cfg, seed, max_actions=2000)
        assert played.finished
        assert not played.session.state.safety_stopped
        assert played.session.action_count < 700
        assert played.session.state.rounds_done == 5


@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "hard", "easy")])
def test_bot_games_replay_to_the_same_state(levels):
    cfg = bot_config(levels)
    spec = dataclasses.replace(SPEC, bot_budget={level: examples(n) for level, n in SPEC.bot_budget.items()})
    played = play_bots(spec, cfg, 11)
    assert played.finished
    again = Session.from_record(spec, played.session.record)
    assert again.state.to_json() == played.session.state.to_json()
    # the same seed plays the same game
    assert play_bots(spec, cfg, 11).session.state.to_json() == played.session.state.to_json()


def test_clone_is_independent():
    session = Session(SPEC, config(3), 5)
    st = session.state
    copy = st.clone()
    before = copy.to_json()
    seat = st.actors()[0]
    st.apply(seat, st.legal_actions(seat)[0])
    assert copy.to_json() == before
    assert copy.to_json() != st.to_json()


def test_invariant_checker_catches_a_lost_tile_and_a_duplicated_customer():
    st = Session(SPEC, config(2), 1).state
    assert problems(st) == []
    st.bag.counts[0] -= 1
    st.pool.append([st.reserved[0][0], 0])
    found = problems(st)
    assert any("flavour tiles" in p for p in found) and any("customer" in p for p in found)
