"""Bots through the protocol: legal choices from their own view, the levels' characters."""

from __future__ import annotations

import pytest

from chaigames.chai import SPEC
from chaigames.chai.actions import Fulfil, VisitMarket
from chaigames.chai.bots import EasyBot, PlannerBot, RolloutBot
from tests.budget import examples

from .helpers import give_additives, give_customer, give_tiles, new, set_market

ROWS = [
    "mint lemon ginger berries lavender jasmine",
    "lemon ginger berries lavender jasmine mint",
    "ginger berries lavender jasmine mint lemon",
]


@pytest.mark.parametrize(("level", "cls"), [("easy", EasyBot), ("normal", PlannerBot), ("hard", RolloutBot)])
def test_make_bot_levels(level, cls):
    assert isinstance(SPEC.make_bot(level, 1, 0), cls)


def test_unknown_level_refused():
    with pytest.raises(ValueError):
        SPEC.make_bot("grandmaster", 1, 0)


def fulfil_position():
    st = new(2)
    st = give_customer(st, 0, "green-3")
    st = give_tiles(st, 0, lemon=3)
    st = give_additives(st, 0, sugar=1)
    st = set_market(st, ROWS)
    st.apply(0, VisitMarket(0, 0))
    assert st.phase == "fulfil"
    return st


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_fulfils_when_it_can(level):
    st = fulfil_position()
    bot = SPEC.make_bot(level, 3, 0)
    choice = bot.choose(st.view(0), st.legal_actions(0), SPEC.bot_budget[level])
    assert choice == Fulfil("green-3")


def test_normal_takes_the_tiles_that_complete_its_best_customer():
    """Normal plans toward the reachable customer with the best points per missing ingredient."""
    st = new(2)
    st = give_customer(st, 0, "green-3")  # 3 lemon / 1 sugar: 6 VP
    st = give_tiles(st, 0, lemon=2)
    st = give_additives(st, 0, sugar=1)
    st = set_market(
        st, ["mint mint ginger berries lavender jasmine", "ginger lemon berries lavender jasmine mint", ROWS[2]]
    )
    bot = SPEC.make_bot("normal", 3, 0)
    assert bot.choose(st.view(0), st.legal_actions(0), 0) == VisitMarket(1, 1)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_choose_legal_actions_in_every_phase(level):
    st = new(3, seed=8, first_customer="choose")
    bots = {s: SPEC.make_bot(level, 10 + s, s) for s in range(3)}
    for _ in range(60):
        if st.is_over():
            break
        seat = st.actors()[0]
        legal = st.legal_actions(seat)
        action = bots[seat].choose(st.view(seat), legal, examples(SPEC.bot_budget[level]))
        assert action in legal
        st.apply(seat, action)


def test_bots_are_deterministic_for_a_seed():
    st = new(4, seed=5)
    view, legal = st.view(0), st.legal_actions(0)
    a = SPEC.make_bot("hard", 42, 0).choose(view, legal, 8)
    b = SPEC.make_bot("hard", 42, 0).choose(view, legal, 8)
    assert a == b
