"""Mistakes a strong player caught the hard bot making, as positions (tests/chai/data/blunders.json): in
each, the hard and the expert bot make the move a good player makes, avoid the blunder, or serve the
customer by the end of the turn (an additive action has two steps: drawing first and then taking the
card that completes the order is as good as taking it first). Budgets are small: the positions are
plain enough that sound judgement gets them right."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chaigames.chai import SPEC
from chaigames.chai.state import ChaiState
from tests.chai.helpers import K, give_customer, give_tiles, new, set_display

BUDGET = {"hard": 12, "expert": 40}  # simulations: a tenth of the shipped expert's, enough for these
POSITIONS = json.loads((Path(__file__).parent / "data" / "blunders.json").read_text(encoding="utf-8"))


def position(p: dict[str, Any]) -> ChaiState:
    """The position a blunder entry describes: a fresh 2-seat game from its seed, the seat to move
    holding exactly the listed customers, tiles and additive cards, the display and phase as given."""
    seat = p["seat"]
    st = new(2, p["seed"], start=seat)
    d = st.to_json()
    d["customer_deck"] = d["reserved"][seat] + d["customer_deck"]
    d["reserved"][seat] = []
    st = ChaiState.from_json(d)
    for cid in p["reserved"]:
        st = give_customer(st, seat, cid)
    st = give_tiles(st, seat, **p.get("tiles", {}))
    if "display" in p:
        st = set_display(st, p["display"])
    d = st.to_json()  # additives from the deck, or from the display where the deck has run short
    for kind, count in p.get("additives", {}).items():
        for _ in range(count):
            (d["additive_deck"] if K(kind) in d["additive_deck"] else d["additive_discard"]).remove(K(kind))
            d["additives"][seat][K(kind)] += 1
    d["phase"] = p["phase"]
    d["additive_step"] = p.get("additive_step", 0)
    return ChaiState.from_json(d)


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize("entry", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_the_bot_makes_the_good_move(entry, level):
    st = position(entry)
    seat = entry["seat"]
    legal = st.legal_actions(seat)
    good = [SPEC.actions.from_json(a) for a in entry.get("good", [])]
    bad = [SPEC.actions.from_json(a) for a in entry.get("bad", [])]
    assert all(a in legal for a in good + bad), "the position allows the moves it is about"
    for seed in range(2):
        bot = SPEC.make_bot(level, seed, seat)
        move = bot.choose(st.view(seat), legal, BUDGET[level])
        if good:
            assert move in good, f"{entry['mistake']} ({level} chose {move})"
        assert move not in bad, f"{entry['mistake']} ({level} chose {move})"
        if "serves" in entry:  # the bot plays out its turn: the customer is served by its end
            turn = st.clone()
            while turn.turn == seat and not turn.is_over():
                turn.apply(seat, bot.choose(turn.view(seat), turn.legal_actions(seat), BUDGET[level]))
            assert entry["serves"] in turn.fulfilled[seat], f"{entry['mistake']} ({level})"
