"""Views (CW-12): what each seat sees, and the words of the generic screen."""

from __future__ import annotations

import json

from chaigames.chai_wallah import SPEC, Claim, Pause, Reroll, Resume, SetOffer, Toggle
from chaigames.chai_wallah.state import FRESH, OFFERED
from tests.chai_wallah.cw_util import A, B, C, far, lay, orders, table

O1, O2, O3 = (5, 3, 3, 5), (2, 6, 3, 2), (3, 4, 4, 3)


def scene():
    st = table()
    st = orders(st, O1, O2, O3)
    for s in range(4):
        st = far(st, s)
    st.seats[B].values[2] = 4
    st.apply(B, SetOffer(("sugar",)), 1.0)
    st.apply(A, SetOffer(("sugar", "milk")), 2.0)  # A's sugar fresh (4), A's milk offered
    st.apply(C, SetOffer(("tea",)), 2.5)
    return st


def test_a_seat_sees_its_own_dice_values_whatever_their_state():
    v = scene().view(A)
    assert [d.value for d in v.seats[A].dice] == [6, 6, 4, 6]
    assert [d.state for d in v.seats[A].dice] == ["held", "held", FRESH, OFFERED]


def test_other_seats_offered_values_are_absent_not_flagged():
    st = scene()
    v = st.view(B)
    milk = v.seats[A].dice[3]
    assert milk.state == OFFERED and milk.value is None
    assert v.seats[A].dice[2].value == 4  # fresh dice lie uncovered
    assert st.view(None).seats[C].dice[0].value is None


def test_the_deck_order_is_in_no_view():
    st = scene()
    for seat in (None, A, B):
        text = json.dumps(st.view(seat).to_json())
        assert v_deck_absent(text, st)
    assert st.view(A).deck == 17


def v_deck_absent(text, st):
    return all(json.dumps(list(card)) not in text for card in st.deck)


def test_cw12_table_view_shows_every_die():
    st = scene()
    tv = st.table_view()
    assert tv.seats[A].dice[3].value == 6 and tv.seats[C].dice[0].value == 6


def test_views_show_scores_locks_freeze_and_fresh_time():
    st = scene()
    st = lay(st, A, (5, 3, 3, 5))
    st.apply(B, Claim(), 3.0)  # false claim
    st.apply(A, Claim(), 3.0)
    v = st.view(C)
    assert v.seats[A].score == 1 and v.frozen_for == 2.0 and v.claimer == A
    assert v.seats[B].locked_for == 3.0  # the freeze pauses the lock: it counts from the thaw
    mine = st.view(A).seats[A].dice
    assert mine[2].fresh_for == 7.0  # fresh until 10 s, seen at 3 s: the freeze is not counted
    st.tick(4.5)  # halfway through the freeze, nothing has run down
    assert st.view(A).seats[A].dice[2].fresh_for == 7.0 and st.view(C).seats[B].locked_for == 3.0
    st.tick(6.0)  # a second after the thaw (5 s); the claimer's dice were re-rolled at the thaw
    assert st.view(C).seats[B].locked_for == 2.0
    assert mine[3].state == "held"  # the claimer's offers are withdrawn


def test_describe_view_reads_without_colour():
    text = SPEC.describe_view(scene().view(A))
    assert "Orders: 1) T5 S3 U3 M5" in text
    assert "Asha (you): T6 S6 U4* [M6]" in text
    assert "Bina: T6 S6 U6* M6" in text
    assert "Chand: [T#]" in text


def test_describe_action_labels_every_action():
    labels = [
        SPEC.describe_action(a)
        for a in (Claim(), Toggle("tea"), Reroll("milk"), SetOffer(("tea", "sugar")), SetOffer(()), Pause(), Resume())
    ]
    assert labels[0].startswith("Chai!") and labels[3] == "offer tea + sugar" and labels[4] == "offer nothing"
    assert len(set(labels)) == len(labels)


def test_a_view_counted_down_is_the_view_the_game_gives_later_when_nothing_happened():
    """A table's seat draws its last view again as the clock runs (`at`): fresh dice, locks and the freeze
    count down as the game's own view would say, the freeze holding the other timers (CW-6)."""
    st = scene()
    seen = st.view(A)
    st.tick(2.9)
    assert seen.at(2.9) == st.view(A)
    st = lay(st, A, (5, 3, 3, 5))
    st.apply(B, Claim(), 3.0)  # false claim: B locked
    st.apply(A, Claim(), 3.0)  # the market frozen for 2 s
    seen, seen_by_c = st.view(A), st.view(C)
    for t in (4.5, 4.99):
        st.tick(t)
        assert seen.at(t) == st.view(A) and seen_by_c.at(t) == st.view(C)
    assert seen.at(2.0) is seen  # never backwards
