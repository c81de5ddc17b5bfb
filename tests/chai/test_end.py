"""The end (CH-8), the score with awards (CH-9) and the tie-breaks."""

from __future__ import annotations

import pytest

from chaigames.chai.actions import Fulfil, Pass, ResetAdditives, VisitMarket
from chaigames.chai.data import CUSTOMERS, SAFETY_STOP_ROUNDS
from chaigames.chai.state import ChaiState
from chaigames.engine import IllegalAction
from tests.positions import edit

from .helpers import give_additives, give_customer, give_tiles, new, set_market, take_customer

ROWS = [
    "mint lemon ginger berries lavender jasmine",
    "lemon ginger berries lavender jasmine mint",
    "ginger berries lavender jasmine mint lemon",
]


def serve_into_cup(st, cup, seat, cid):
    """The position with customer `cid` served by `seat` into `cup`, its tip flipped."""
    d = take_customer(st, cid).to_json()
    d["cups"][cup] = [seat, cid]
    d["tips_flipped"][cup] = True
    d["fulfilled"][seat].append(cid)
    return ChaiState.from_json(d)


def last_cup_position(n, start, filler):
    """Cup round 5 with every cup full but the last; `filler` holds card 3 of their own tea, ready to serve."""
    st = edit(new(n, start=start), turn=filler, rounds_done=4)
    tea = st.teas[filler]
    cid = f"{tea}-3"
    st = give_customer(st, filler, cid)
    c = CUSTOMERS[cid]
    for f, k in enumerate(c.flavours):
        if k:
            st = give_tiles(st, filler, **{("mint", "jasmine", "lemon", "ginger", "berries", "lavender")[f]: k})
    for a, k in enumerate(c.additives):
        if k:
            st = give_additives(st, filler, **{("milk", "sugar", "honey", "vanilla", "spice")[a]: k})
    others = [f"{st.teas[s]}-1" for s in range(n)]
    for i in range(n - 1):
        st = serve_into_cup(st, i, i, others[i])
    st = set_market(st, ROWS)
    return st, cid


@pytest.mark.parametrize(("n", "start", "filler", "extra"), [(3, 0, 0, 2), (3, 0, 2, 0), (4, 2, 3, 2), (2, 1, 1, 1)])
def test_end_after_round_5_with_equal_turns(n, start, filler, extra):
    """CH-8: the players after the one who filled the last cup play up to the player before the start player."""
    st, cid = last_cup_position(n, start, filler)
    st = edit(st, turns_taken=(filler - start) % n)  # this is the first round of turns
    st.apply(filler, VisitMarket(0, 0))
    st.apply(filler, Fulfil(cid))
    assert st.rounds_done == 5
    assert None not in st.cups, "the fifth round's cups stay full"
    played = []
    while not st.is_over():
        seat = st.actors()[0]
        played.append(seat)
        assert not any(isinstance(a, Fulfil | Pass) for a in st.legal_actions(seat))
        st.apply(seat, VisitMarket(0, 0))
        assert not st.safety_stopped
    assert len(played) == extra
    assert played == [(filler + 1 + i) % n for i in range(extra)]
    assert st.turns_taken % n == 0, "everyone has had the same number of turns"


def test_safety_stop_after_60_rounds_of_turns():
    st = edit(new(2), turns_taken=SAFETY_STOP_ROUNDS * 2 - 1)
    st.apply(0, VisitMarket(0, 0))
    assert st.is_over() and st.safety_stopped
    assert "Safety stop" in st.result().note


def test_no_action_after_the_end():
    st = edit(new(2), turns_taken=SAFETY_STOP_ROUNDS * 2 - 1)
    st.apply(0, VisitMarket(0, 0))
    assert st.actors() == () and st.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="over"):
        st.apply(0, VisitMarket(0, 0))


def test_result_refused_before_the_end():
    with pytest.raises(IllegalAction) as refusal:
        new(2).result()
    assert str(refusal.value) == "The game is not over yet"


def finished(n, fulfilled, money):
    st = new(n)
    for cids in fulfilled:
        for cid in cids:
            st = take_customer(st, cid)
    return edit(st, fulfilled=[list(c) for c in fulfilled], money=list(money), phase="over")


def test_score_is_vp_plus_money_without_awards_in_2_player_games():
    """CH-9: awards only with 3-5 players."""
    st = finished(2, [["green-8", "black-1"], ["black-2"]], [3, 10])
    r = st.result()
    assert r.scores == (15 + 4 + 3, 5 + 10)
    assert [row.source for row in r.breakdown] == ["customers (VP)", "money"]
    assert r.winners == (0,)


def test_awards_most_orders_and_most_diverse_recipes_with_3_players():
    st = finished(3, [["green-1", "green-2", "green-3"], ["black-1", "green-4"], ["rooibos-1"]], [0, 0, 0])
    r = st.result()
    rows = {row.source: row.values for row in r.breakdown}
    assert rows["most orders"] == (5, 0, 0)
    assert rows["most diverse recipes"] == (0, 5, 0)
    assert r.scores == (4 + 5 + 6 + 5, 4 + 7 + 5, 4)


def test_award_ties_are_friendly():
    """Seed: "ties are friendly, each winner receives 5 points"."""
    st = finished(3, [["green-1", "black-1"], ["black-2", "rooibos-1"], ["rooibos-2"]], [0, 0, 0])
    rows = {row.source: row.values for row in st.result().breakdown}
    assert rows["most orders"] == (5, 5, 0)
    assert rows["most diverse recipes"] == (5, 5, 0)


def test_tie_break_fewer_fulfilled_customers_wins():
    # green-8 (15) + 0 coins = 15 vs green-1 + black-1... 4 + 4 + 7 coins = 15, more customers loses
    st = finished(2, [["green-8"], ["green-1", "black-1"]], [0, 7])
    r = st.result()
    assert r.scores == (15, 15) and r.winners == (0,)
    assert (
        r.note == f"{st.name(0)} wins the tie on 15 points: fewer fulfilled customers ({st.name(0)} 1, {st.name(1)} 2)"
    )


def test_tie_break_then_less_money_wins():
    st = finished(2, [["green-8"], ["black-6"]], [2, 7])  # 15+2 = 17 = 10+7
    r = st.result()
    assert r.scores == (17, 17) and r.winners == (0,)
    assert r.note == f"{st.name(0)} wins the tie on 17 points: less money left ({st.name(0)} 2, {st.name(1)} 7)"


def test_tie_break_then_shared_win():
    st = finished(2, [["green-8"], ["black-8"]], [3, 3])
    assert st.result().winners == (0, 1)
    assert "share the win" in st.result().note


def test_no_tie_no_tie_break_note():
    st = finished(2, [["green-8"], ["black-1"]], [3, 3])
    assert st.result().note == ""


def test_tie_break_order_is_score_then_customers_then_money():
    """The fewer-customers rule is applied before money."""
    st = finished(2, [["green-8"], ["green-1", "black-1"]], [5, 12])  # 20 vs 20; seat 0 fewer customers
    assert st.result().winners == (0,)


def test_no_award_for_zero_orders():
    """Our reading (rules.md): the awards go to the most orders and teas, and zero is not an achievement."""
    rows = {row.source: row.values for row in finished(3, [[], [], []], [1, 2, 3]).result().breakdown}
    assert rows["most orders"] == (0, 0, 0) and rows["most diverse recipes"] == (0, 0, 0)


def test_awards_with_5_players():
    st = finished(5, [["green-1"], ["black-1", "white-1"], [], [], ["white-2"]], [0] * 5)
    rows = {row.source: row.values for row in st.result().breakdown}
    assert rows["most orders"] == (0, 5, 0, 0, 0)
    assert rows["most diverse recipes"] == (0, 5, 0, 0, 0)


def test_two_seats_can_win_a_tie_together_against_a_third():
    """CH-9: Asha and Ravi each served one customer and kept 4 coins; Meera served two (and took both awards):
    all on 19 points, fewer customers wins, and Asha and Ravi win it together."""
    st = finished(3, [["green-8"], ["black-8"], ["green-1", "rooibos-1"]], [4, 4, 1])
    r = st.result()
    assert (r.scores, r.winners) == ((19, 19, 19), (0, 1))
    assert r.note == "Asha and Ravi win the tie on 19 points: fewer fulfilled customers (Asha 1, Ravi 1, Meera 2)"
    # what a match adds up over its games: customers served, teas served, the tie-break (higher is better)
    assert r.details == {"fulfilled": [1, 1, 2], "teas": [1, 1, 2], "tiebreak": [(-1, -4), (-1, -4), (-2, -1)]}


def test_a_safety_stop_and_a_tie_break_are_both_noted():
    st = edit(finished(2, [["green-8"], ["black-6"]], [2, 7]), safety_stopped=True)
    assert st.result().note == (
        f"Safety stop after {SAFETY_STOP_ROUNDS} rounds of turns. "
        "Asha wins the tie on 17 points: less money left (Asha 2, Ravi 7)"
    )


def test_the_safety_stop_comes_after_exactly_60_rounds_of_turns_from_the_first():
    """CH-8's safety stop counts every turn from the first: two players who only ever reset the additive
    display (so nobody can serve anyone) play 120 turns, and the game stops."""
    st = new(2)
    turns = 0
    while not st.is_over():
        seat = st.turn
        st.apply(seat, ResetAdditives())
        st.apply(seat, ResetAdditives())
        turns += 1
    assert st.safety_stopped and turns == SAFETY_STOP_ROUNDS * 2
