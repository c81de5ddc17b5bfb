"""The three actions, limits and the turn's order of steps (chai.md "A turn, step by step", CH-1..CH-4)."""

from __future__ import annotations

import pytest

from chaigames.chai.actions import (
    DiscardAdditive,
    DiscardCustomer,
    DiscardTile,
    DrawAdditive,
    Pass,
    ReserveDeck,
    ReservePool,
    ResetAdditives,
    TakeAdditives,
    VisitMarket,
)
from chaigames.chai.state import ChaiState
from chaigames.engine import IllegalAction
from tests.positions import edit

from .helpers import (
    F,
    K,
    check_conservation,
    give_additives,
    give_customer,
    give_tiles,
    new,
    put_in_pool,
    set_display,
    set_market,
)

ROWS3 = [
    "mint lemon lemon lemon lemon jasmine",
    "ginger berries lavender jasmine mint ginger",
    "berries ginger lavender jasmine mint berries",
]


def refused(st, seat, action, match=None):
    before = st.to_json()
    with pytest.raises(IllegalAction, match=match):
        st.apply(seat, action)
    assert st.to_json() == before


# -- market ---------------------------------------------------------------------------------------
def test_visit_gains_3_before_paying():
    """Seed: "receives a gold coin immediately"; a start player with 1 coin can take a gold-priced group."""
    st = new(2)
    st = set_market(st, ROWS3)
    assert st.money[0] == 1
    st.apply(0, VisitMarket(0, 1))
    assert st.money[0] == 1 + 3 - 3
    assert st.tiles[0][F("lemon")] == 4


def test_visit_single_tile_column_1_costs_1():
    st = new(2)
    st = set_market(st, ROWS3)
    st.apply(0, VisitMarket(0, 0))
    assert st.money[0] == 1 + 3 - 1 and st.tiles[0][F("mint")] == 1


def test_market_refilled_at_end_of_turn_only():
    st = new(2)
    st = set_market(st, ROWS3)
    events = st.apply(0, VisitMarket(0, 0))
    assert st.market.tile_count() == 18
    assert any(e.kind == "refill" and e.reveal for e in events)


def test_empty_cell_is_refused():
    st = new(2)
    st = set_market(st, ["mint", "lemon", "ginger"])
    refused(st, 0, VisitMarket(0, 3), "no tile")


# -- additives --------------------------------------------------------------------------------------
def test_additives_take_all_of_a_kind_then_see_refilled_display():
    """CH-3: the display is refilled to 5 after the first action; the second sees the new cards."""
    st = new(2)
    st = set_display(st, ["milk", "milk", "sugar", "milk", "honey"])
    deck = list(st.add_deck)
    deck.remove(K("vanilla"))
    st = edit(st, additive_deck=[*deck, K("vanilla")])  # the next card dealt is vanilla
    st.apply(0, TakeAdditives("milk"))
    assert st.adds[0][K("milk")] == 3
    assert len(st.display) == 5 and K("vanilla") in st.display
    assert st.phase == "additive2"
    assert TakeAdditives("vanilla") in st.legal_actions(0)
    assert not any(isinstance(a, VisitMarket | ReservePool) for a in st.legal_actions(0))
    st.apply(0, TakeAdditives("vanilla"))
    assert st.adds[0][K("vanilla")] >= 1
    assert st.turn == 1 or st.phase == "fulfil"


def test_additives_same_action_twice():
    st = new(2)
    st.apply(0, DrawAdditive())
    st.apply(0, DrawAdditive())
    assert sum(st.adds[0]) == 2
    check_conservation(st)


def test_additives_reset_discards_the_display_and_deals_5():
    st = new(2)
    shown = list(st.display)
    st.apply(0, ResetAdditives())
    assert sorted(k for k, c in enumerate(st.add_discard) for _ in range(c)) == sorted(shown)
    assert len(st.display) == 5
    assert st.phase == "additive2"


def test_blind_draw_is_private_and_reveals():
    st = new(2)
    top = st.add_deck[-1]
    events = st.apply(0, DrawAdditive())
    assert st.adds[0][top] == 1
    private = [e for e in events if e.seats == (0,)]
    assert private and all(e.reveal for e in private)


def test_discard_pile_shuffled_into_new_deck_when_deck_runs_out():
    """CH-2."""
    st = new(2)
    discard = [0] * 5
    for k in st.add_deck:
        discard[k] += 1
    st = edit(st, additive_discard=discard, additive_deck=[])
    st.apply(0, DrawAdditive())
    assert sum(st.adds[0]) == 1 and len(st.add_deck) + sum(st.add_discard) + len(st.display) == 49
    check_conservation(st)


def test_discard_down_to_6_additives_one_card_at_a_time():
    """CH-2: over 6 cards the game waits for a discard per card; the second additive action waits too."""
    st = new(2)
    st = give_additives(st, 0, sugar=4)
    st = set_display(st, ["milk", "milk", "milk", "honey", "vanilla"])
    st.apply(0, TakeAdditives("milk"))
    assert sum(st.adds[0]) == 7 and st.over_limit(0) == "additives"
    legal = st.legal_actions(0)
    assert all(isinstance(a, DiscardAdditive) for a in legal)
    refused(st, 0, DrawAdditive(), "discard")
    refused(st, 0, DiscardAdditive("honey"), "no honey")
    events = st.apply(0, DiscardAdditive("sugar"))
    assert [(e.kind, e.text, e.reveal, e.data) for e in events] == [
        ("discard", "Asha discards a sugar card", False, {})
    ]
    assert sum(st.adds[0]) == 6 and st.add_discard[K("sugar")] == 1
    assert st.phase == "additive2" and TakeAdditives("honey") in st.legal_actions(0)


def test_discard_down_to_12_tiles_back_to_the_bag():
    st = new(2)
    st = give_tiles(st, 0, mint=6, jasmine=5)
    st = set_market(st, ROWS3)
    st.apply(0, VisitMarket(0, 1))  # 4 lemons: 15 tiles
    assert st.over_limit(0) == "tiles"
    bag_lemon = st.bag.counts[F("lemon")]
    for _ in range(3):
        assert st.turn == 0
        events = st.apply(0, DiscardTile("lemon"))
        assert (events[0].kind, events[0].text) == ("discard", "Asha puts a lemon tile back in the bag")
    assert sum(st.tiles[0]) == 12
    assert st.bag.counts[F("lemon")] >= bag_lemon  # back in the bag (then maybe refilled)
    check_conservation(st)


def test_nothing_to_discard_when_under_limits():
    st = new(2)
    st = give_tiles(st, 0, mint=1)
    refused(st, 0, DiscardTile("mint"), "not over")


# -- reserving ----------------------------------------------------------------------------------------
def test_reserve_from_pool_is_replaced_at_once():
    st = new(2)
    cid = st.pool[0][0]
    top = st.cust_deck[-1]
    events = st.apply(0, ReservePool(cid))
    assert cid in st.reserved[0] and len(st.pool) == 4
    assert st.pool[-1][0] == top
    assert any(e.kind == "pool" and e.reveal for e in events)


def test_reserve_blind_from_deck():
    st = new(2)
    top = st.cust_deck[-1]
    events = st.apply(0, ReserveDeck())
    assert st.reserved[0][-1] == top
    assert [e for e in events if e.seats == (0,)]
    assert top not in str([e.text for e in events if e.seats is None])


def test_reserve_deck_refused_when_empty():
    st = new(2)
    st = edit(st, pool=st.pool + [[c, 0] for c in st.cust_deck], customer_deck=[])
    assert ReserveDeck() not in st.legal_actions(0)
    refused(st, 0, ReserveDeck(), "empty")


def test_over_reserving_puts_chosen_customer_in_pool_with_a_coin_next_taker_gets_it():
    """CH-4."""
    st = new(2)
    st = give_customer(st, 0, "green-2")
    st = give_customer(st, 0, "green-3")
    cid = st.pool[0][0]
    st.apply(0, ReservePool(cid))
    assert len(st.reserved[0]) == 4
    assert all(isinstance(a, DiscardCustomer) for a in st.legal_actions(0))
    money = list(st.money)
    events = st.apply(0, DiscardCustomer("green-2"))
    assert [(e.kind, e.text, e.reveal, e.data) for e in events] == [
        ("discard", "Asha puts green-2 into the pool with a copper coin on it", True, {"from_bank": 1, "onto_pool": 1}),
        ("turn", "Ravi's turn", False, {}),
    ]
    assert ["green-2", 1] in st.pool and len(st.reserved[0]) == 3
    assert st.money == money, "the coin comes from the bank"
    # the next player takes it with its coin
    while st.turn != 1:
        st.apply(0, Pass())
    before = st.money[1]
    st.apply(1, ReservePool("green-2"))
    assert st.money[1] == before + 1 and "green-2" in st.reserved[1]


# -- order of actions ----------------------------------------------------------------------------------
def test_out_of_turn_refused():
    st = new(2)
    refused(st, 1, VisitMarket(0, 0), "turn")


def test_fulfil_before_main_action_refused():
    st = new(2)
    refused(st, 0, Pass(), "main action")


def test_fulfil_step_skipped_when_nothing_can_be_served():
    st = new(2)
    for r in st.reserved:
        r.clear()
    st.pool.clear()
    st.apply(0, VisitMarket(0, 0))
    assert st.turn == 1 and st.phase == "main"


@pytest.mark.parametrize(
    ("coins", "text"),
    [
        (0, "Asha reserves black-1 from the pool"),
        (1, "Asha reserves black-1 from the pool and takes 1 coin on it"),
        (2, "Asha reserves black-1 from the pool and takes 2 coins on it"),
    ],
)
def test_reserving_from_the_pool_is_logged_with_its_coins(coins, text):
    st = put_in_pool(new(2), "black-1", coins=coins)
    events = st.apply(0, ReservePool("black-1"))
    assert (events[0].kind, events[0].text, events[0].reveal, events[0].data) == (
        "reserve",
        text,
        False,
        {"pool_coins": coins},
    )


def test_after_the_second_additive_step_the_additive_action_is_done():
    """Two resets, then the fulfil step: the position says the additive action is over (not a third step),
    and it is written and read back unchanged."""
    st = new(2)
    st = give_customer(st, 0, "green-1")
    st = give_additives(give_tiles(st, 0, mint=2), 0, milk=1)
    st.apply(0, ResetAdditives())
    assert st.view(0).additive_step == 1
    st.apply(0, ResetAdditives())
    assert st.phase == "fulfil" and st.view(0).additive_step == 0
    assert ChaiState.from_json(st.to_json()).to_json() == st.to_json()
