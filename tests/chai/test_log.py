"""The log, word for word: what every player reads of a turn (kind, text, who sees it, whether it brings
chance or hidden information to light, and the figures a screen animates)."""

from __future__ import annotations

from chaigames.chai.actions import (
    DrawAdditive,
    Fulfil,
    Pass,
    ReserveDeck,
    ReservePool,
    ResetAdditives,
    TakeAdditives,
    VisitMarket,
)
from chaigames.chai.data import SAFETY_STOP_ROUNDS
from tests.positions import edit

from .helpers import K, give_additives, give_tiles, new, put_in_pool, set_display, set_market, take_customer
from .test_end import last_cup_position

ROWS3 = [
    "mint lemon lemon lemon lemon jasmine",
    "ginger berries lavender jasmine mint ginger",
    "berries ginger lavender jasmine mint berries",
]


def log(events):
    return [(e.kind, e.text, e.seats, e.reveal, e.data) for e in events]


def quiet(st):
    """The position with nobody holding or offered a customer, so that no turn stops for a fulfil step."""
    return edit(st, reserved=[[] for _ in st.reserved], pool=[])


def next_cards(st, kinds):
    """The position with these additive cards on top of the deck, dealt in this order."""
    deck = list(st.add_deck)
    for kind in kinds:
        deck.remove(K(kind))
    return edit(st, additive_deck=deck + [K(kind) for kind in reversed(kinds)])


def test_a_market_visit_is_logged_with_its_tiles_coins_and_refill():
    """One tile and four tiles (singular and plural), the price paid and the market's refill from the bag
    (a bag of berries only, so the refill is known)."""
    st = quiet(set_market(new(2), ROWS3))
    st = edit(st, bag=[0, 0, 0, 0, 9, 0])
    assert log(st.apply(0, VisitMarket(0, 1))) == [
        (
            "market",
            "Asha visits the market, gains 3 coins and takes 4 lemon tiles for 3",
            None,
            False,
            {"from_bank": 3, "to_bank": 3, "price": 3},
        ),
        ("refill", "The market is refilled: berries, berries, berries, berries", None, True, {}),
        ("turn", "Ravi's turn", None, False, {}),
    ]
    assert log(st.apply(1, VisitMarket(0, 0))) == [
        (
            "market",
            "Ravi visits the market, gains 3 coins and takes 1 mint tile for 1",
            None,
            False,
            {"from_bank": 3, "to_bank": 1, "price": 1},
        ),
        ("refill", "The market is refilled: berries", None, True, {}),
        ("turn", "Asha's turn", None, False, {}),
    ]


def test_additive_actions_are_logged_and_the_next_player_has_two_of_them_too():
    """Asha takes both milk cards, then resets the display; Ravi takes one honey card, then draws blind: the
    card drawn is told to Ravi alone. Each refill of the display shows its new cards."""
    st = quiet(set_display(new(2), ["milk", "milk", "honey", "sugar", "vanilla"]))
    st = next_cards(st, ["spice", "honey", "honey", "sugar", "sugar", "vanilla", "milk", "spice", "vanilla"])
    assert log(st.apply(0, TakeAdditives("milk"))) == [
        ("additive", "Asha takes 2 milk cards", None, False, {}),
        ("display", "New additive cards: chai spices, honey", None, True, {}),
    ]
    assert log(st.apply(0, ResetAdditives())) == [
        ("additive", "Asha resets the additive display", None, False, {}),
        ("display", "New additive cards: honey, sugar, sugar, vanilla, milk", None, True, {}),
        ("turn", "Ravi's turn", None, False, {}),
    ]
    assert log(st.apply(1, TakeAdditives("honey"))) == [
        ("additive", "Ravi takes 1 honey card", None, False, {}),
        ("display", "New additive cards: chai spices", None, True, {}),
    ]
    assert st.phase == "additive2" and st.turn == 1
    assert log(st.apply(1, DrawAdditive())) == [
        ("additive", "Ravi draws an additive card", None, True, {}),
        ("draw", "You draw vanilla", (1,), True, {}),
        ("turn", "Asha's turn", None, False, {}),
    ]


def test_reserving_from_the_deck_tells_the_customer_to_its_taker_only():
    st = quiet(new(2))
    top = st.cust_deck[-1]
    assert log(st.apply(0, ReserveDeck())) == [
        ("reserve", "Asha reserves a customer from the deck", None, True, {}),
        ("draw", f"You reserve {top}", (0,), True, {"customer": top}),
        ("turn", "Ravi's turn", None, False, {}),
    ]


def test_passing_is_logged():
    st = new(2)
    st = put_in_pool(st, "green-1")
    st = give_additives(give_tiles(st, 0, mint=2), 0, milk=1)
    st = edit(st, reserved=[[], []])
    st.apply(0, ResetAdditives())
    st.apply(0, ResetAdditives())
    assert st.phase == "fulfil"
    assert log(st.apply(0, Pass()))[0] == ("pass", "Asha serves no customer this turn", None, False, {})


def test_the_end_of_a_cup_round_is_logged_and_its_additives_refill_the_display():
    """Ravi's black-2 sits in cup 2; Asha reserves green-3 from the pool and serves it in cup 1. The
    thermometer moves on, the cups are emptied, and the additive deck being empty, the two sugar cards of
    the two customers are shuffled into a new deck and dealt to the display, which stays one card short."""
    st = take_customer(new(2), "black-2")
    st = put_in_pool(st, "green-3")
    st = give_additives(give_tiles(st, 0, lemon=3), 0, sugar=1)
    st = edit(
        st,
        reserved=[[], []],
        cups=[None, [1, "black-2"]],
        tips_flipped=[False, True],
        cup_tips=[2, 3],
        tips_aside=[1, 1, 2, 3],
        fulfilled=[[], ["black-2"]],
        tokens={"green": 6, "black": 5},
        display=[K("milk"), K("honey")],
        additive_deck=[],
        additive_discard=[0, 0, 0, 0, 0],
    )
    joins = st.cust_deck[-1]
    assert log(st.apply(0, ReservePool("green-3"))) == [
        ("reserve", "Asha reserves green-3 from the pool", None, False, {"pool_coins": 0}),
        ("pool", f"{joins} joins the customer pool", None, True, {}),
    ]
    assert st.phase == "fulfil"
    assert log(st.apply(0, Fulfil("green-3"))) == [
        (
            "fulfil",
            "Asha fulfils green-3 (reserved, 6 VP) in cup 1 and flips a tip of 2",
            None,
            True,
            {"from_bank": 2, "pool_coins": 0, "customer": "green-3", "cup": 0},
        ),
        ("thermometer", "Every cup is full: cup round 1 of 5 is done", None, False, {}),
        ("cups", "The cups are emptied and the tips laid out again face down", None, False, {}),
        ("display", "New additive cards: sugar, sugar", None, True, {}),
        ("turn", "Ravi's turn", None, False, {}),
    ]
    assert st.display == [K("milk"), K("honey"), K("sugar"), K("sugar")]


def test_the_end_of_the_game_is_logged():
    """Ravi fills the last cup of round 5; Asha, the start player's right-hand neighbour, plays the last turn."""
    st, cid = last_cup_position(2, 1, 1)
    st.apply(1, VisitMarket(0, 0))
    events = log(st.apply(1, Fulfil(cid)))
    assert ("thermometer", "Every cup is full: cup round 5 of 5 is done", None, False, {}) in events
    assert "cups" not in [e[0] for e in events], "the fifth round's cups stay full"
    events = log(st.apply(0, VisitMarket(0, 0)))
    assert events[-1] == ("end", "The game is over: everyone has had the same number of turns", None, False, {})
    assert st.is_over()


def test_the_safety_stop_is_logged():
    st = set_market(new(2), ROWS3)
    st = quiet(edit(st, turns_taken=SAFETY_STOP_ROUNDS * 2 - 1, bag=[0, 9, 0, 0, 0, 0]))
    assert log(st.apply(0, VisitMarket(0, 0))) == [
        (
            "market",
            "Asha visits the market, gains 3 coins and takes 1 mint tile for 1",
            None,
            False,
            {"from_bank": 3, "to_bank": 1, "price": 1},
        ),
        ("refill", "The market is refilled: jasmine", None, True, {}),
        ("end", "The game stops after 60 rounds of turns (safety stop)", None, False, {}),
    ]
