"""Hidden information (CH-10) in views, and the words for the generic screen."""

from __future__ import annotations

import json

from chaigames.chai import SPEC
from chaigames.chai.actions import (
    DiscardCustomer,
    Fulfil,
    Pass,
    ReserveDeck,
    ReservePool,
    TakeAdditives,
    VisitMarket,
)
from chaigames.chai.bots import determinise
from chaigames.chai.data import customers_of
from chaigames.engine import Rng
from tests.positions import edit

from .helpers import new


def test_reserved_customers_are_private_others_see_the_count():
    st = new(3, seed=2)
    mine = st.reserved[0][0]
    v0, v1, table = st.view(0), st.view(1), st.view(None)
    assert v0.reserved == (mine,)
    assert table.reserved is None and "reserved" not in table.to_json() and v1.reserved == tuple(st.reserved[1])
    assert mine not in json.dumps(v1.to_json()) and mine not in json.dumps(table.to_json())
    assert v1.players[0].reserved_count == 1


def test_the_table_view_holds_no_seat_of_its_own():
    """The table's view has no reserved customers, limit, servable or choosable customers: None, and absent
    from its JSON; a seat's view carries them (choosable ones only while first customers are chosen)."""
    st = new(3, seed=2, first_customer="choose")
    table, mine = st.view(None), st.view(0)
    private = ("reserved", "over_limit", "servable", "choose_from")
    assert all(getattr(table, name) is None for name in private)
    assert not set(private) & set(table.to_json())
    assert set(private) <= set(mine.to_json()) and mine.choose_from == tuple(customers_of("green"))


def test_bag_deck_order_and_face_down_tips_are_in_no_view():
    st = new(2, seed=3)
    for v in (st.view(0), st.view(1), st.view(None)):
        text = json.dumps(v.to_json())
        assert "cup_tips" not in text and "add_deck" not in text and 'customer_deck"' not in text
        assert all(c is None for c in v.cups), "empty cups show no tip"
        assert set(v.to_json()) >= {"bag_count", "additive_deck_count", "customer_deck_count"}
        for cid in st.cust_deck:
            assert cid not in text


def test_flipped_tip_is_public():
    st = new(2, seed=3)
    st = edit(st, cups=[[0, "green-1"], None], tips_flipped=[True, False])
    assert st.view(1).cups[0].tip == st.cup_tips[0]


def test_views_are_json():
    st = new(4, seed=1)
    for s in (None, 0, 1, 2, 3):
        json.dumps(st.view(s).to_json())


def test_determinise_agrees_with_the_view():
    """A bot's rebuilt state shows it exactly the view it was built from."""
    st = new(4, seed=9)
    rng = Rng(1)
    for _ in range(40):
        if st.is_over():
            break
        seat = st.actors()[0]
        view = st.view(seat)
        guess = determinise(view, rng)
        assert guess.view(seat) == view
        legal = st.legal_actions(seat)
        assert guess.legal_actions(seat) == legal
        st.apply(seat, legal[rng.randbelow(len(legal))])


def test_describe_view_shows_market_display_pool_cups_thermometer_money_and_hand():
    st = new(3, seed=4)
    mine = st.reserved[1][0]
    text = SPEC.describe_view(st.view(1))
    assert "Thermometer: cup round 1 of 5" in text
    assert "row 1:" in text and "row 3:" in text
    assert "Additive display:" in text and "Customer pool" in text and "cup 3: empty" in text
    assert "Meera" in text and "coins" in text
    assert mine in text
    assert st.reserved[0][0] not in SPEC.describe_view(st.view(None))


def test_describe_action_labels_every_kind():
    st = new(2)
    labels = [SPEC.describe_action(a) for a in st.legal_actions(0)]
    assert any(label.startswith("Visit the market: take the group at row 1, column 1") for label in labels)
    assert "Reset the additive display" in labels
    for a in (ReserveDeck(), Pass(), Fulfil("green-1"), DiscardCustomer("green-2"), TakeAdditives("spice")):
        assert SPEC.describe_action(a)
    assert "chai spices" in SPEC.describe_action(TakeAdditives("spice"))
    assert "green-1" in SPEC.describe_action(ReservePool("green-1"))
    assert "row 2, column 3" in SPEC.describe_action(VisitMarket(1, 2))


def test_rules_markdown_covers_the_decisions():
    md = SPEC.rules_markdown
    for phrase in (
        "rows slide left",
        "one by one",
        "exactly two actions",
        "copper coin",
        "costs you 1 coin",
        "counted with repeats",
        "1, 1, 2, 2, 3 and 3",
        "60 rounds of turns",
        "fewer fulfilled customers",
        "Hidden information",
        "House rules",
    ):
        assert phrase in md, phrase
    assert "12 flavour tiles" in md and "6 additive cards" in md and "3 reserved" in md


def test_a_pass_is_named_a_pass_not_an_order_fulfilled():
    """The hot-seat question read "Kiran: Fulfil no order (end the turn)?" for a pass."""
    label = SPEC.describe_action(Pass())
    assert label.startswith("Pass") and "ulfil" not in label
