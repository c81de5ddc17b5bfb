"""What must hold after every action, for tests and the soak: every component in exactly one place.

Tiles, additive cards, customers and tea tokens are counted across every place they can be; money
never goes negative; only the seat acting may be over a limit (mid-turn, before discarding).
"""

from __future__ import annotations

from .data import (
    ADDITIVES,
    CARDS_PER_ADDITIVE,
    CUSTOMERS,
    FLAVOURS,
    TILES_PER_FLAVOUR,
    TOKENS_PER_TEA,
    customers_of,
)
from .state import CHOOSE, ChaiState


def problems(st: ChaiState) -> list[str]:
    """Every broken invariant, in words (empty when all hold)."""
    out: list[str] = []
    tiles = list(st.bag.counts)
    for row in st.market.rows:
        for f in row:
            tiles[f] += 1
    for hand in st.tiles:
        for f, c in enumerate(hand):
            tiles[f] += c
    adds = list(st.add_discard)
    for k in st.add_deck + st.display:
        adds[k] += 1
    for hand in st.adds:
        for k, c in enumerate(hand):
            adds[k] += c
    in_cups = dict.fromkeys(st.teas, 0)
    for cup in st.cups:
        if cup is not None:
            cust = CUSTOMERS[cup[1]]
            in_cups[cust.tea] += 1
            for f, c in enumerate(cust.flavours):
                tiles[f] += c
            for k, c in enumerate(cust.additives):
                adds[k] += c
    if tiles != [TILES_PER_FLAVOUR] * len(FLAVOURS):
        out.append(f"flavour tiles per flavour are {tiles}, not 12 each")
    if adds != [CARDS_PER_ADDITIVE] * len(ADDITIVES):
        out.append(f"additive cards per kind are {adds}, not 10 each")
    places = list(st.cust_deck) + [p[0] for p in st.pool]
    for r in st.reserved:
        places.extend(r)
    for done in st.fulfilled:
        places.extend(done)
    expected = sorted(c for t in st.teas for c in customers_of(t))
    if st.phase != CHOOSE and sorted(places) != expected:
        out.append("customers are not each in exactly one place")
    if len(places) != len(set(places)):
        out.append("a customer is in two places")
    for t in st.teas:
        if st.tokens[t] < 0 or st.tokens[t] + st.spent[t] + in_cups[t] != TOKENS_PER_TEA:
            out.append(f"{t} tea tokens do not add up to {TOKENS_PER_TEA}")
    if any(m < 0 for m in st.money):
        out.append(f"negative money: {st.money}")
    if any(p[1] < 0 for p in st.pool):
        out.append("negative coins on a pool card")
    acting = st.actors()
    for s in range(st.n):
        if s not in acting and st.over_limit(s) is not None:
            out.append(f"seat {s + 1} is over the {st.over_limit(s)} limit out of turn")
    if len(st.cups) != st.n or len(st.cup_tips) + len(st.tips_aside) != 6:
        out.append("cups or tips miscounted")
    return out
