"""Fulfilling an order (seed: "at the end of each turn..."; CH-5, CH-6, CH-7) and the cups."""

from __future__ import annotations

import pytest

from chaigames.chai.actions import Fulfil, Pass, VisitMarket
from chaigames.chai.data import CUSTOMERS
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
    set_market,
    take_customer,
)

ROWS = [
    "mint lemon ginger berries lavender jasmine",
    "lemon ginger berries lavender jasmine mint",
    "ginger berries lavender jasmine mint lemon",
]


def ready(st, seat, cid, extra_tiles=0):
    """Give `seat` exactly the ingredients of `cid` (the visit below adds a mint tile)."""
    c = CUSTOMERS[cid]
    st = give_tiles(
        st,
        seat,
        **{
            f: n
            for f, n in zip(("mint", "jasmine", "lemon", "ginger", "berries", "lavender"), c.flavours, strict=True)
            if n
        },
    )
    return give_additives(
        st,
        seat,
        **{k: n for k, n in zip(("milk", "sugar", "honey", "vanilla", "spice"), c.additives, strict=True) if n},
    )


def to_fulfil_step(st, seat=0):
    st = set_market(st, ROWS)
    st.apply(seat, VisitMarket(0, 0))  # one mint for 1
    assert st.phase == "fulfil", st.phase
    assert st.market.tile_count() == 17, "the market is refilled only at the end of the turn (step 4)"
    return st


def test_fulfil_own_tea_uses_own_token_fills_a_cup_and_flips_its_tip():
    st = new(2)
    st = give_customer(st, 0, "green-3")
    st = ready(st, 0, "green-3")
    st = to_fulfil_step(st)
    tip = st.cup_tips[0]
    money = st.money[0]
    events = st.apply(0, Fulfil("green-3"))
    assert st.cups[0] == [0, "green-3"] and st.tips_flipped[0]
    assert st.money[0] == money + tip
    assert st.tokens["green"] == 5
    assert st.tiles[0][F("lemon")] == 0 and st.adds[0][K("sugar")] == 0
    assert st.fulfilled[0] == ["green-3"] and "green-3" not in st.reserved[0]
    assert any(e.reveal for e in events), "the tip comes to light"
    assert st.turn == 1
    check_conservation(st)


def test_exact_ingredients_with_repeats():
    """CH-6: two mint means two mint tiles."""
    st = new(2)
    st = give_customer(st, 0, "green-1")  # 2 mint / 1 milk
    st = give_additives(st, 0, milk=1)
    st = set_market(st, ["mint lemon ginger berries lavender jasmine", *ROWS[1:]])
    st.apply(0, VisitMarket(0, 0))  # only one mint
    assert st.turn == 1, "one mint is not enough, so no fulfil step"
    assert st.fulfil_problem(0, "green-1") is not None


def test_serving_another_players_tea_pays_that_player_a_coin():
    """CH-5."""
    st = new(2)
    st = put_in_pool(st, "black-1")
    st = ready(st, 0, "black-1")
    st = to_fulfil_step(st)
    m0, m1 = st.money
    tip = st.cup_tips[0]
    st.apply(0, Fulfil("black-1"))
    assert st.money[1] == m1 + 1
    assert st.money[0] == m0 - 1 + tip
    assert st.tokens["black"] == 5 and st.tokens["green"] == 6


def test_no_fee_can_be_paid_with_no_money():
    st = new(2)
    st = put_in_pool(st, "black-1")
    st = ready(st, 0, "black-1")
    st = set_market(st, ["lavender lavender lavender lavender lavender mint", *ROWS[1:]])
    st.apply(0, VisitMarket(0, 0))  # 1 + 3 - 3 = 1 coin
    assert st.fulfil_problem(0, "black-1") is None  # one coin pays the fee
    st = edit(st, money=[0, st.money[1]])
    assert "no money" in st.fulfil_problem(0, "black-1")
    before = st.to_json()
    with pytest.raises(IllegalAction, match="no money"):
        st.apply(0, Fulfil("black-1"))
    assert st.to_json() == before


def test_tea_with_no_tokens_left_cannot_be_served():
    st = new(2)
    st = give_customer(st, 0, "green-3")
    st = ready(st, 0, "green-3")
    st = edit(st, tokens=st.tokens | {"green": 0}, spent=st.spent | {"green": 6})
    st = set_market(st, ROWS)
    st.apply(0, VisitMarket(0, 0))
    assert st.turn == 1
    assert "tokens" in st.fulfil_problem(0, "green-3")


def test_pool_customer_fulfilled_is_replaced_and_its_coins_taken():
    """CH-4 (coins on pool cards) and the replacement of a pool customer."""
    st = new(2)
    st = put_in_pool(st, "green-3", coins=1)
    st = ready(st, 0, "green-3")
    st = to_fulfil_step(st)
    top = st.cust_deck[-1]
    money = st.money[0]
    tip = st.cup_tips[0]
    events = st.apply(0, Fulfil("green-3"))
    assert ", takes 1 coin on the card and" in events[0].text
    assert st.money[0] == money + 1 + tip
    assert all(p[0] != "green-3" for p in st.pool)
    assert st.pool[-1] == [top, 0]


def test_fulfilling_is_logged_word_for_word():
    """The log of an order: the fee for another player's tea, where the customer came from, its VP, the cup,
    the coins on a pool card and the tip, then the pool's new customer."""
    st = new(2)
    st = give_customer(st, 0, "green-3")
    st = ready(st, 0, "green-3")
    st = to_fulfil_step(st)
    assert [(e.kind, e.text, e.reveal, e.data) for e in st.apply(0, Fulfil("green-3"))[:1]] == [
        (
            "fulfil",
            "Asha fulfils green-3 (reserved, 6 VP) in cup 1 and flips a tip of 3",
            True,
            {"from_bank": 3, "pool_coins": 0, "customer": "green-3", "cup": 0},
        )
    ]
    st = new(2)
    st = put_in_pool(st, "black-1", coins=2)
    st = ready(st, 0, "black-1")
    st = to_fulfil_step(st)
    assert [(e.kind, e.text, e.reveal, e.data) for e in st.apply(0, Fulfil("black-1"))[:3]] == [
        ("fee", "Asha pays Ravi a coin for a black tea token", False, {}),
        (
            "fulfil",
            "Asha fulfils black-1 (from the pool, 4 VP) in cup 1, takes 2 coins on the card and flips a tip of 3",
            True,
            {"from_bank": 3, "pool_coins": 2, "customer": "black-1", "cup": 0},
        ),
        ("pool", "black-4 joins the customer pool", True, {}),
    ]


def test_pass_keeps_everything():
    st = new(2)
    st = give_customer(st, 0, "green-3")
    st = ready(st, 0, "green-3")
    st = to_fulfil_step(st)
    st.apply(0, Pass())
    assert st.cups == [None, None] and st.turn == 1


def test_only_one_order_per_turn():
    st = new(2)
    st = give_customer(st, 0, "green-3")
    st = give_customer(st, 0, "green-1")
    st = ready(st, 0, "green-3")
    st = ready(st, 0, "green-1")
    st = to_fulfil_step(st)
    st.apply(0, Fulfil("green-1"))
    assert st.turn == 1
    with pytest.raises(IllegalAction):
        st.apply(0, Fulfil("green-3"))


def test_fulfil_in_last_free_cup_empties_cups_before_the_market_refills():
    """Turn steps 3 then 4: the ingredients go back to the bag before the market is refilled."""
    st = new(2)
    st = take_customer(st, "black-1")  # cup 2 already holds black-1 (2 jasmine / 1 honey) served by Ravi
    bag, deck = list(st.bag.counts), list(st.add_deck)
    bag[F("jasmine")] -= 2
    deck.remove(K("honey"))
    st = edit(
        st,
        cups=[None, [1, "black-1"]],
        tips_flipped=[False, True],
        fulfilled=[[], ["black-1"]],
        tokens=st.tokens | {"black": st.tokens["black"] - 1},
        bag=bag,
        additive_deck=deck,
    )
    st = give_customer(st, 0, "green-3")
    st = ready(st, 0, "green-3")
    st = set_market(st, ROWS)
    st.bag.counts = [0] * 6  # an empty bag: only the cups' tiles can refill the market
    st.apply(0, VisitMarket(0, 0))
    assert st.phase == "fulfil"
    st.apply(0, Fulfil("green-3"))
    assert st.rounds_done == 1 and st.cups == [None, None]
    assert st.market.tile_count() == 18, "tiles from the cups refilled the market"
    assert st.spent == {"green": 1, "black": 1}
    assert st.add_discard[K("honey")] == 1 and st.add_discard[K("sugar")] == 1
    assert not any(st.tips_flipped) and sorted(st.cup_tips + st.tips_aside) == [1, 1, 2, 2, 3, 3]


def test_thermometer_counts_cup_rounds():
    st = new(2)
    assert st.view(None).cup_round == 1
    st = edit(st, rounds_done=2)
    assert st.view(None).cup_round == 3


def _tips_around_a_cup_round(seed: int) -> tuple[list[int], list[int]]:
    """The tips' order (cups then aside) before and after the last cup of a round is filled."""
    st = new(2, seed=seed)
    st = take_customer(st, "black-1")
    st.cups[1] = [1, "black-1"]
    st.tips_flipped[1] = True
    st.fulfilled[1].append("black-1")
    st.tokens["black"] -= 1
    st = give_customer(st, 0, "green-3")
    st = ready(st, 0, "green-3")
    st = set_market(st, ROWS)
    before = st.cup_tips + st.tips_aside
    st.apply(0, VisitMarket(0, 0))
    st.apply(0, Fulfil("green-3"))
    assert st.rounds_done == 1 and not any(st.tips_flipped)
    return before, st.cup_tips + st.tips_aside


def test_the_tips_are_reshuffled_after_each_cup_round():
    """Step 3 of the turn: all six tips are shuffled and laid out again, not turned back where they lay."""
    rounds = [_tips_around_a_cup_round(seed) for seed in range(12)]
    assert all(sorted(after) == [1, 1, 2, 2, 3, 3] for _, after in rounds)
    assert any(before != after for before, after in rounds), "the tips were laid out in the same order every time"


def test_the_last_token_of_a_tea_can_still_be_served():
    """CH-5: a tea is out only when no token is left; with one left its customers are still servable."""
    st = new(2)
    st = give_customer(st, 0, "green-3")
    st = ready(st, 0, "green-3")
    st = edit(st, tokens={"green": 1, "black": 6})
    assert "green-3" in st.view(0).servable
    st = to_fulfil_step(st)
    st.apply(0, Fulfil("green-3"))
    assert st.tokens["green"] == 0 and "green-3" in st.fulfilled[0]


def test_a_seat_with_no_money_can_serve_its_own_tea():
    """Only another player's tea costs a coin: broke, Asha can serve green-3 but not black-2 (both reserved
    and ready, black-2 first)."""
    st = new(2)
    st = give_customer(st, 0, "black-2")
    st = give_customer(st, 0, "green-3")
    st = ready(st, 0, "green-3")
    st = ready(st, 0, "black-2")
    st = edit(st, money=[0, 2])
    servable = st.view(0).servable
    assert "green-3" in servable and "black-2" not in servable


def test_every_servable_customer_is_listed_whatever_comes_before_it():
    """A reserved customer Asha cannot serve (green-1) does not hide the one she can (green-3) after it."""
    st = new(2)
    st = give_customer(st, 0, "green-1")
    st = give_customer(st, 0, "green-3")
    st = ready(st, 0, "green-3")
    assert st.reserved[0].index("green-1") < st.reserved[0].index("green-3")
    assert "green-3" in st.view(0).servable
    st = to_fulfil_step(st)
    assert Fulfil("green-3") in st.legal_actions(0)


def test_a_customer_of_a_tea_nobody_plays_cannot_be_served():
    """Only the teas at the table have tokens. A puzzle position with a white customer in the pool of a green
    and black game: Asha holds its ingredients and money for a fee, yet white-2 is not servable, and serving it
    is refused in words."""
    st = new(2)
    st = edit(st, pool=[*st.to_json()["pool"], ["white-2", 0]])
    st = ready(st, 0, "white-2")
    assert "white-2" not in st.view(0).servable
    st = edit(st, phase="fulfil")
    before = st.to_json()
    with pytest.raises(IllegalAction) as refusal:
        st.apply(0, Fulfil("white-2"))
    assert str(refusal.value) == "No white tea tokens are left, so nobody can serve white tea"
    assert st.to_json() == before
