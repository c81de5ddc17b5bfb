"""Every refusal of a move, word for word (a refusal is what the player reads), with the position unchanged."""

from __future__ import annotations

import pytest

from chaigames.chai.actions import (
    ChooseFirst,
    DiscardTile,
    DrawAdditive,
    Fulfil,
    Pass,
    ReserveDeck,
    ResetAdditives,
    VisitMarket,
)
from chaigames.engine import IllegalAction
from tests.positions import edit

from .helpers import give_additives, give_customer, give_tiles, new


def serving(st, cid, **tiles):
    """Asha at her fulfil step, holding customer `cid` and these tiles."""
    return edit(give_tiles(give_customer(st, 0, cid), 0, **tiles), phase="fulfil")


def after(st, action):
    """The position after Asha's `action`."""
    st.apply(0, action)
    return st


POSITIONS = {
    "over": lambda: edit(new(2), phase="over"),
    "main": lambda: new(2),
    "additive2": lambda: after(new(2), ResetAdditives()),
    "no additives": lambda: edit(new(2), additive_deck=[], additive_discard=[0, 0, 0, 0, 0]),
    "no customers": lambda: edit(new(2), customer_deck=[]),
    "fulfil": lambda: serving(give_customer(new(2), 1, "green-4"), "green-3", lemon=3),
    "cups full": lambda: edit(
        serving(give_additives(new(2), 0, sugar=1), "green-3", lemon=3), cups=[[1, "black-1"], [1, "black-2"]]
    ),
    "broke": lambda: edit(give_additives(serving(new(2), "black-1", jasmine=2), 0, honey=1), money=[0, 2]),
    "no green tokens": lambda: edit(
        give_additives(serving(new(2), "green-3", lemon=3), 0, sugar=1), tokens={"green": 0, "black": 6}
    ),
}


@pytest.mark.parametrize(
    ("position", "seat", "action", "why"),
    [
        ("over", 0, VisitMarket(0, 0), "The game is over"),
        ("main", 1, VisitMarket(0, 0), "It is Asha's turn, not Ravi's"),
        ("main", 0, Pass(), "First take your main action: visit the market, select additives or reserve"),
        ("main", 0, DiscardTile("mint"), "You are not over any limit, so there is nothing to discard"),
        ("main", 0, ChooseFirst("green-1"), "That is not a move in Chai"),
        (
            "additive2",
            0,
            VisitMarket(0, 0),
            "Finish selecting additives: take a kind, reset the display or draw a card",
        ),
        ("no additives", 0, DrawAdditive(), "The additive deck and discard pile are empty"),
        ("no customers", 0, ReserveDeck(), "The customer deck is empty"),
        ("fulfil", 0, VisitMarket(0, 0), "Fulfil an order or pass: your main action is done"),
        ("fulfil", 0, Fulfil("green-3"), "green-3 needs 1 sugar and you have 0"),
        ("fulfil", 0, Fulfil("green-4"), "green-4 is neither one of your reserved customers nor in the pool"),
        ("cups full", 0, Fulfil("green-3"), "Every cup is full"),
        ("broke", 0, Fulfil("black-1"), "Serving black tea costs a coin paid to Ravi, and you have no money"),
        ("no green tokens", 0, Fulfil("green-3"), "No green tea tokens are left, so nobody can serve green tea"),
    ],
)
def test_a_move_is_refused_in_words(position, seat, action, why):
    st = POSITIONS[position]()
    before = st.to_json()
    with pytest.raises(IllegalAction) as refusal:
        st.apply(seat, action)
    assert str(refusal.value) == why
    assert st.to_json() == before


@pytest.mark.parametrize(
    ("cid", "tiles", "additives", "why"),
    [
        ("green-4", {"ginger": 2, "lavender": 1}, {}, "green-4 needs 1 chai spices and you have 0"),
        ("green-4", {"ginger": 1, "lavender": 1}, {"spice": 1}, "green-4 needs 2 ginger and you have 1"),
        ("green-2", {"jasmine": 1, "ginger": 1}, {"honey": 1}, None),
    ],
)
def test_what_an_order_lacks_is_named(cid, tiles, additives, why):
    """The first ingredient short, by its name on the card and how many the seat has."""
    st = give_additives(give_tiles(give_customer(new(2), 0, cid), 0, **tiles), 0, **additives)
    assert st.fulfil_problem(0, cid) == why
