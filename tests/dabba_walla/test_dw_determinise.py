"""The pick-up determiniser deals a whole game the seat could be looking at: its view is the seat's view
exactly, its pieces are all accounted for, and it allows the same moves (DW-15)."""

from __future__ import annotations

import pytest

from chaigames.dabba_walla import invariants
from chaigames.dabba_walla.determinise import determinise
from chaigames.engine import Rng
from tests.positions import play

OPTIONS = ({}, {"no_minus": True, "module1": True, "order_card_1": 2, "order_card_3": 5, "vehicle": "wheelbarrow"})


@pytest.mark.parametrize(("seats", "options"), [(2, OPTIONS[0]), (3, OPTIONS[1]), (4, OPTIONS[0])])
def test_a_dealt_game_looks_the_same_from_the_seat(seats, options):
    checked = 0
    for _, session in play("dabba-walla", seats, 11 + seats, set(range(0, 160, 9)), options):
        st = session.state
        if st.phase not in ("pickup", "final"):
            continue
        for seat in range(st.n):
            view = st.view(seat)
            dealt = determinise(view, Rng(seat))
            assert dealt.view(seat) == view
            assert invariants.problems(dealt) == []
            assert dealt.legal_actions(seat) == st.legal_actions(seat)
            checked += 1
    assert checked >= 10


def test_the_hidden_cards_are_dealt_differently_by_different_draws():
    session = [s for _, s in play("dabba-walla", 3, 5, {20})][-1]
    view = session.state.view(0)
    hands = {tuple(determinise(view, Rng(k)).hands[1]) for k in range(6)}
    assert len(hands) > 1
    assert all(tuple(determinise(view, Rng(k)).hands[0]) == tuple(session.state.hands[0]) for k in range(3))
