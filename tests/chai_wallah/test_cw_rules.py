"""One test per rule of the rulebook and clarification CW-1 to CW-10, on a fake clock."""

from __future__ import annotations

import copy

import pytest

from chaigames.chai_wallah import Claim, Pause, Reroll, Resume, SetOffer, Toggle
from chaigames.chai_wallah.keys import key_map
from chaigames.chai_wallah.orders import ORDER_DECK
from chaigames.chai_wallah.state import FRESH, HELD, OFFERED, ChaiWallahState
from chaigames.engine import IllegalAction, RecordError, ScoreRow
from tests.chai_wallah.cw_util import A, B, C, D, far, lay, orders, table

O1, O2, O3 = (5, 3, 3, 5), (2, 6, 3, 2), (3, 4, 4, 3)


def market(**options):
    """Four seats whose dice match no order: a quiet table to set up a scene on."""
    st = table(**options)
    st = orders(st, O1, O2, O3)
    for s in range(4):
        st = far(st, s)
    return st


def refused(st, seat, action, t, reason):
    st.tick(t)
    before = st.to_json()
    with pytest.raises(IllegalAction) as refusal:
        st.apply(seat, action, t)
    assert str(refusal.value) == reason  # word for word: the player reads it
    assert st.to_json() == before


# -- setup (rulebook "Setup") -----------------------------------------------------------------
def test_setup_three_orders_face_up_and_everyone_rolled():
    st = table(seats=6, bots="normal")
    assert len(st.face_up) == 3 and len(st.deck) == 17
    assert sorted(st.face_up + st.deck) == sorted(ORDER_DECK)
    assert all(len(s.values) == 4 and all(1 <= v <= 6 for v in s.values) for s in st.seats)
    assert all(s.states == [HELD] * 4 for s in st.seats)
    assert st.actors() == tuple(range(6))


# -- CW-3 trades ------------------------------------------------------------------------------
def test_cw3_trade_swaps_same_ingredient_values_unchanged_received_dice_fresh():
    """Rulebook: "You must trade ingredients of the same type" and "without changing their value"."""
    st = market()
    st.seats[A].values[2] = 2
    st.seats[B].values[2] = 5
    st.apply(B, SetOffer(("sugar",)), 1.0)
    events = st.apply(A, SetOffer(("sugar",)), 2.0)
    assert [e.kind for e in events] == ["offer", "trade"]
    assert st.seats[A].values[2] == 5 and st.seats[B].values[2] == 2
    assert st.seats[A].states[2] == FRESH and st.seats[B].states[2] == FRESH
    assert st.seats[A].values[:2] == [6, 6] and st.seats[B].values[:2] == [6, 6]


def test_cw3_only_shared_ingredients_swap_the_rest_keeps_waiting():
    st = market()
    st = lay(st, A, (2, 6, 2, 6))
    st = lay(st, B, (6, 6, 4, 3))
    st.apply(B, SetOffer(("sugar", "milk")), 1.0)
    st.apply(A, SetOffer(("tea", "sugar")), 2.0)
    assert st.seats[A].values == [2, 6, 4, 6] and st.seats[B].values == [6, 6, 2, 3]
    assert st.seats[A].states == [OFFERED, HELD, FRESH, HELD]
    assert st.seats[B].states == [HELD, HELD, FRESH, OFFERED]


def test_cw3_no_trade_without_a_shared_ingredient():
    st = market()
    st.apply(B, SetOffer(("milk",)), 1.0)
    events = st.apply(A, SetOffer(("tea",)), 2.0)
    assert [e.kind for e in events] == ["offer"]


def test_cw3_oldest_waiting_offer_first_and_no_chain():
    st = market()
    st.seats[B].values[0] = 2
    st.seats[C].values[3] = 2
    st.apply(B, SetOffer(("tea",)), 1.0)
    st.apply(C, SetOffer(("milk",)), 2.0)
    st.apply(D, SetOffer(("tea",)), 2.5)  # trades with B at once (the oldest waiting tea)
    st.apply(A, SetOffer(("tea", "milk")), 3.0)  # B's tea is gone: only C shares milk
    assert st.seats[D].values[0] == 2 and st.seats[B].values[0] == 6
    assert st.seats[A].values[3] == 2 and st.seats[C].values[3] == 6
    assert st.seats[A].states[0] == OFFERED  # A's tea keeps waiting, no chain of trades


def test_cw3_age_is_when_an_offer_last_gained_a_die():
    st = market()
    st.seats[C].values[3] = 2
    st.apply(B, SetOffer(("tea",)), 1.0)
    st.apply(C, SetOffer(("milk",)), 2.0)
    st.apply(B, SetOffer(("tea", "sugar")), 3.0)  # gains sugar: B's offer is now younger than C's
    assert st.seats[B].offer_age == 3.0
    st.apply(A, SetOffer(("tea", "milk")), 4.0)
    assert st.seats[A].values[3] == 2 and st.seats[A].states == [OFFERED, HELD, HELD, FRESH]
    assert st.seats[B].offered() == {0, 2}


def test_cw3_oldest_offer_wins_over_seat_order():
    st = market()
    st.apply(D, SetOffer(("tea",)), 1.0)
    st.apply(B, SetOffer(("milk",)), 2.0)
    st.apply(A, SetOffer(("tea", "milk")), 3.0)
    assert st.seats[D].states[0] == FRESH and st.seats[B].states[3] == OFFERED


def test_cw9_offers_of_the_same_age_go_by_seat_order():
    st = market()
    st.apply(D, SetOffer(("tea",)), 1.0)
    st.apply(B, SetOffer(("milk",)), 1.0)
    st.apply(A, SetOffer(("tea", "milk")), 3.0)
    assert st.seats[B].states[3] == FRESH and st.seats[D].states[0] == OFFERED


def test_cw3_never_trades_with_itself():
    st = market()
    events = st.apply(A, SetOffer(("tea", "spice", "sugar", "milk")), 1.0)
    assert [e.kind for e in events] == ["offer"]
    assert st.seats[A].states == [OFFERED] * 4 and st.seats[A].values == [6, 6, 6, 6]


def test_cw3_offering_everything_trades_all_shared_dice():
    """Rulebook FAQ: "all of your dice by calling out everything"."""
    st = market()
    st = lay(st, B, (2, 3, 4, 5))
    st.apply(B, SetOffer(("tea", "spice", "sugar", "milk")), 1.0)
    st.apply(A, SetOffer(("tea", "spice", "sugar", "milk")), 2.0)
    assert st.seats[A].values == [2, 3, 4, 5] and st.seats[A].states == [FRESH] * 4


def test_cw3_a_keyboard_offer_goes_live_0_4_s_after_the_last_die_key():
    st = market()
    st.seats[B].values[2] = 4
    st.apply(B, SetOffer(("sugar",)), 1.0)
    st.apply(A, Toggle("sugar"), 2.0)
    assert st.view(A).seats[A].forming
    st.tick(2.399)
    assert st.seats[A].values[2] == 6  # forming: not yet live
    events = st.tick(2.4)
    assert [e.kind for e in events] == ["trade"] and events[0].data["t"] == 2.4
    assert st.seats[A].values[2] == 4 and st.seats[A].states[2] == FRESH


def test_cw3_an_offer_being_changed_by_key_does_not_trade_until_it_is_live_again():
    """Bina's tea has waited since 1.0; at 2.0 she taps spice (live again at 2.4). Asha's spice offer at 2.1
    finds nobody: Bina's offer is forming. At 2.4 Bina's goes live and trades with Asha's."""
    st = market()
    st.apply(B, SetOffer(("tea",)), 1.0)
    st.apply(B, Toggle("spice"), 2.0)
    assert [e.kind for e in st.apply(A, SetOffer(("spice",)), 2.1)] == ["offer"]
    events = st.tick(2.4)
    assert [(e.kind, e.data["seats"], e.data["dice"]) for e in events] == [("trade", (B, A), (1,))]


def test_cw3_a_die_tapped_on_and_off_again_leaves_no_offer():
    st = market()
    st.apply(A, Toggle("tea"), 1.0)
    assert [e.text for e in st.apply(A, Toggle("tea"), 1.1)] == ["Asha is forming an offer: nothing"]
    assert st.tick(1.5) == []
    seat = st.to_json()["seats"][A]
    assert (seat["states"], seat["offer_age"], seat["forming_until"], seat["gained"]) == ([HELD] * 4, None, None, False)
    assert ChaiWallahState.from_json(st.to_json()).to_json() == st.to_json()


def test_cw3_taking_a_die_out_of_an_offer_keeps_its_age():
    """Bina's tea and spice wait from 1.0; she takes the spice out by key at 2.0. Her tea still waits from 1.0,
    so it trades with Asha's tea offered at 3.0; while she is changing it the position saves as usual."""
    st = market()
    st.apply(B, SetOffer(("tea", "spice")), 1.0)
    st.apply(B, Toggle("spice"), 2.0)
    assert st.seats[B].offer_age == 1.0
    st.tick(2.4)
    assert st.seats[B].offered() == {0} and st.seats[B].offer_age == 1.0
    events = st.apply(A, SetOffer(("tea",)), 3.0)
    assert [(e.kind, e.data.get("seats")) for e in events] == [("offer", None), ("trade", (A, B))]
    st = market()
    st.apply(B, SetOffer(("tea",)), 1.0)
    st.apply(B, Toggle("tea"), 2.0)  # the last die out: nothing waits any more
    assert st.to_json()["seats"][B]["offer_age"] is None
    assert ChaiWallahState.from_json(st.to_json()).to_json() == st.to_json()


def test_every_roll_can_show_every_face():
    """Setup, a re-roll, the chai stall and the claimer's re-roll after a freeze all roll fair dice: 1 to 6."""
    setup, reroll, stall, thaw = set(), set(), set(), set()
    for seed in range(40):
        setup.update(v for seat in table(seed=seed).seats for v in seat.values)
        st = market(seed=seed)
        _fresh_sugar(st)
        reroll.add(st.apply(A, Reroll("sugar"), 3.0)[0].data["value"])
        st.apply(A, SetOffer(("tea",)), 3.0)  # nobody takes it: the stall swaps it at 9.0
        stall.update(e.data["value"] for e in st.tick(9.0) if e.kind == "stall")
        st = lay(market(seed=seed), C, (5, 3, 3, 5))
        st.apply(C, Claim(), 1.0)
        thaw.update(st.tick(3.0)[0].data["values"])
    assert (setup, reroll, stall, thaw) == ({1, 2, 3, 4, 5, 6},) * 4


def test_cw3_sending_the_offer_being_formed_makes_it_live_at_once():
    """Asha taps tea at 2.0 (live at 2.4), then sends that very offer at 2.1 (a click, not a key): it is live
    at 2.1 and trades with Bina's waiting tea there and then."""
    st = market()
    st.apply(B, SetOffer(("tea",)), 1.0)
    st.apply(A, Toggle("tea"), 2.0)
    events = st.apply(A, SetOffer(("tea",)), 2.1)
    assert [(e.kind, e.data["t"]) for e in events] == [("offer", 2.1), ("trade", 2.1)]


def test_cw3_another_die_key_restarts_the_forming_delay():
    st = market()
    st.apply(B, SetOffer(("sugar",)), 1.0)
    st.apply(A, Toggle("sugar"), 2.0)
    st.apply(A, Toggle("tea"), 2.3)
    st.tick(2.6)
    assert st.seats[A].states[2] == OFFERED
    st.tick(2.7)
    assert st.seats[A].states[2] == FRESH and st.seats[A].states[0] == OFFERED


def test_cw1_a_die_key_toggles_offered_back_to_held():
    st = market()
    st.apply(A, Toggle("milk"), 1.0)
    assert st.seats[A].states[3] == OFFERED
    st.apply(A, Toggle("milk"), 1.1)
    assert st.seats[A].states[3] == HELD
    st.tick(2.0)
    assert not st.view(A).seats[A].forming and st.seats[A].offered() == frozenset()


# -- CW-4 bundle -------------------------------------------------------------------------------
def test_cw4_bundle_trades_only_with_exactly_the_same_set():
    st = market(bundle=True)
    st = lay(st, B, (6, 6, 2, 6))
    st = lay(st, C, (2, 6, 3, 6))
    st.apply(B, SetOffer(("sugar",)), 1.0)  # older, but only sugar
    st.apply(C, SetOffer(("tea", "sugar")), 2.0)
    st.apply(A, SetOffer(("tea", "sugar")), 3.0)
    assert st.seats[A].values == [2, 6, 3, 6]
    assert st.seats[B].states[2] == OFFERED


@pytest.mark.parametrize(("bundle", "kinds"), [(True, ["offer"]), (False, ["offer", "trade"])])
def test_cw4_bundle_holds_from_the_first_deal(bundle, kinds):
    """A table just dealt, as a new game starts it: with the bundle option tea alone does not trade with tea and
    spice; without it, it does."""
    st = table(bundle=bundle)
    st.apply(B, SetOffer(("tea", "spice")), 1.0)
    assert [e.kind for e in st.apply(A, SetOffer(("tea",)), 2.0)] == kinds
    assert st.view(A).bundle is bundle


def test_cw4_without_bundle_the_same_scene_trades_with_the_oldest():
    st = market(bundle=False)
    st = lay(st, B, (6, 6, 2, 6))
    st.apply(B, SetOffer(("sugar",)), 1.0)
    st.apply(C, SetOffer(("milk",)), 2.0)
    st.apply(A, SetOffer(("tea", "sugar")), 3.0)
    assert st.seats[A].values[2] == 2 and st.seats[A].states[0] == OFFERED


# -- CW-1 / CW-8 re-rolls ----------------------------------------------------------------------
def _fresh_sugar(st):
    st.seats[B].values[2] = 4
    st.apply(B, SetOffer(("sugar",)), 1.0)
    st.apply(A, SetOffer(("sugar",)), 2.0)
    assert st.seats[A].states[2] == FRESH and st.seats[A].fresh_until[2] == 10.0


def test_cw1_fresh_die_may_be_rerolled_within_8_s_then_it_is_held():
    st = market()
    _fresh_sugar(st)
    events = st.apply(A, Reroll("sugar"), 9.999)
    assert events[-1].kind == "reroll" and events[-1].reveal
    assert st.seats[A].states[2] == HELD
    refused(st, A, Reroll("sugar"), 9.9995, "only a fresh die may be re-rolled, and your sugar die is held")


def test_cw9_at_exactly_8_s_the_fresh_die_is_held():
    st = market()
    _fresh_sugar(st)
    refused(st, A, Reroll("sugar"), 10.0, "only a fresh die may be re-rolled, and your sugar die is held")
    assert st.seats[A].states[2] == HELD


def test_cw8_reroll_refused_on_a_held_or_offered_die():
    st = market()
    refused(st, A, Reroll("tea"), 1.0, "only a fresh die may be re-rolled, and your tea die is held")
    st.apply(A, SetOffer(("tea",)), 1.0)
    refused(st, A, Reroll("tea"), 1.5, "only a fresh die may be re-rolled, and your tea die is offered")


def test_cw1_die_key_on_a_fresh_die_rerolls_it():
    st = market()
    _fresh_sugar(st)
    events = st.apply(A, Toggle("sugar"), 3.0)
    assert events[-1].kind == "reroll" and st.seats[A].states[2] == HELD
    st.apply(A, Toggle("sugar"), 3.5)  # press again to offer it
    assert st.seats[A].states[2] == OFFERED


def test_cw1_a_fresh_die_cannot_be_put_in_an_offer():
    st = market()
    _fresh_sugar(st)
    refused(st, A, SetOffer(("sugar",)), 3.0, "your sugar die is fresh: re-roll it or keep it until it is held")


# -- CW-5 the stall ----------------------------------------------------------------------------
@pytest.mark.parametrize("delay", [3, 6, 10])
def test_cw5_stall_swaps_a_die_waiting_its_delay(delay):
    st = market(stall=delay)
    st.apply(A, SetOffer(("tea",)), 1.0)
    st.tick(1.0 + delay - 0.001)
    assert st.seats[A].states[0] == OFFERED
    events = st.tick(1.0 + delay)
    assert [e.kind for e in events] == ["stall"] and events[0].reveal
    assert st.seats[A].states[0] == FRESH and st.seats[A].fresh_until[0] == 1.0 + delay + 8.0
    assert st.seats[A].values[0] == events[0].data["value"]


def test_cw5_stall_off_never_swaps():
    st = market(stall=None)
    st.apply(A, SetOffer(("tea",)), 1.0)
    assert st.tick(1000.0) == [] and st.seats[A].states[0] == OFFERED
    assert st.next_due() is None


def test_cw5_a_withdrawn_die_is_not_swapped():
    st = market()
    st.apply(A, SetOffer(("tea",)), 1.0)
    assert [e.text for e in st.apply(A, SetOffer(()), 2.0)] == ["Asha offers nothing"]
    assert st.tick(20.0) == []


# -- CW-6 claim --------------------------------------------------------------------------------
def test_cw6_valid_claim_freezes_takes_the_card_and_turns_a_new_one():
    st = market()
    st = lay(st, A, (5, 1, 3, 5))  # O1 with a wild spice
    st.apply(A, SetOffer(("spice",)), 0.5)
    st.apply(B, SetOffer(("milk",)), 0.6)
    deck_top = st.deck[-1]
    events = st.apply(A, Claim(), 1.0)
    assert [e.kind for e in events] == ["claim", "new_order"]
    assert st.seats[A].score == 1 and st.claimed == [O1]
    assert st.face_up == [deck_top, O2, O3]  # the same slot
    assert st.seats[A].offered() == frozenset()  # claimer's offers withdrawn
    assert st.seats[B].offered() == {3}  # others' offers stay
    assert st.view(None).frozen_for == 2.0
    assert st.seats[A].values == [5, 1, 3, 5]  # the dice lie on the card until the market reopens
    events = st.tick(3.0)
    assert [e.kind for e in events] == ["reroll_all"] and st.frozen_until is None
    assert st.seats[A].values == events[0].data["values"] and st.seats[A].states == [HELD] * 4


def test_cw6_freeze_pauses_every_timer():
    st = market()
    st = lay(st, A, (5, 3, 3, 5))
    st.apply(B, SetOffer(("milk",)), 0.0)  # stall due at 6.0
    st.apply(A, Claim(), 1.0)
    assert st.seats[B].stall_due[3] == 8.0
    assert st.tick(7.999) == [] or st.seats[B].states[3] == OFFERED
    assert st.seats[B].states[3] == OFFERED
    assert [e.kind for e in st.tick(8.0)] == ["stall"]


def test_cw6_during_the_freeze_actions_are_refused_market_frozen():
    st = market()
    st = lay(st, A, (5, 3, 3, 5))
    st.apply(A, Claim(), 1.0)
    refused(st, B, SetOffer(("tea",)), 1.5, "market frozen")
    refused(st, B, Claim(), 2.999, "market frozen")
    st.apply(B, SetOffer(("tea",)), 3.0)  # half-open: the freeze is over at exactly +2 s


def test_cw6_too_late_for_a_seat_whose_dice_matched_the_order_just_taken():
    st = market()
    st = lay(st, A, (5, 3, 3, 5))
    st = lay(st, B, (1, 3, 1, 5))
    st.apply(A, Claim(), 1.0)
    refused(st, B, Claim(), 1.2, "too late: Asha took it")
    refused(st, A, Claim(), 1.3, "market frozen: you took that order")
    assert st.seats[B].locked_until is None  # no lock


def test_cw9_first_valid_claim_in_arrival_order_wins():
    st = market()
    st = lay(st, A, (5, 3, 3, 5))
    st = lay(st, B, (5, 3, 3, 5))
    st.apply(B, Claim(), 1.0)
    refused(st, A, Claim(), 1.0, "too late: Bina took it")
    assert st.seats[B].score == 1 and st.seats[A].score == 0


def test_cw6_claim_takes_the_leftmost_matching_order():
    st = market()
    st = lay(st, A, (1, 1, 1, 1))
    st.apply(A, Claim(), 1.0)
    assert st.claimed == [O1]


# -- CW-7 false claim --------------------------------------------------------------------------
def test_cw7_false_claim_locks_for_3_s_and_withdraws_offers():
    st = market()
    st = lay(st, A, (5, 3, 3, 6))  # three of four: no match
    st.apply(A, SetOffer(("milk",)), 0.5)
    events = st.apply(A, Claim(), 1.0)
    assert [e.kind for e in events] == ["false_claim"]
    assert st.seats[A].offered() == frozenset() and st.seats[A].score == 0
    # nothing of the offer is left: no stall timer, no age, nothing "gained" waiting to go live
    assert st.to_json()["seats"][A] == {
        "values": [5, 3, 3, 6],
        "states": [HELD] * 4,
        "fresh_until": [None] * 4,
        "stall_due": [None] * 4,
        "offer_age": None,
        "forming_until": None,
        "gained": False,
        "locked_until": 4.0,
        "score": 0,
    }
    refused(st, A, SetOffer(("milk",)), 1.9, "locked for 2.1 s")
    st.apply(B, SetOffer(("tea",)), 2.0)  # others play on
    refused(st, A, Claim(), 3.999, "locked for 0.0 s")
    st.apply(A, SetOffer(("milk",)), 4.0)


# -- CW-12 pause -------------------------------------------------------------------------------
def test_cw12_pause_shifts_every_deadline():
    st = market()
    _fresh_sugar(st)  # A's sugar fresh until 10.0
    st.apply(C, SetOffer(("tea",)), 2.0)  # stall at 8.0
    st = lay(st, D, (6, 6, 6, 5))
    st.apply(D, Claim(), 2.5)  # locked until 5.5
    st.apply(B, Pause(), 3.0)
    assert st.next_due() is None and st.tick(50.0) == []
    refused(st, A, Reroll("sugar"), 100.0, "the game is paused")
    assert st.legal_actions(A) == [Resume()]
    st.apply(A, Resume(), 103.0)
    assert st.seats[A].fresh_until[2] == 110.0
    assert st.seats[C].stall_due[0] == 108.0
    assert st.seats[D].locked_until == 105.5
    st.apply(A, Reroll("sugar"), 109.0)


def test_cw12_a_pause_holds_back_an_offer_still_forming():
    """Tea tapped at 1.0 would go live at 1.4; a 10 s pause at 1.2 moves that to 11.4."""
    st = market()
    st.apply(A, Toggle("tea"), 1.0)
    st.apply(B, Pause(), 1.2)
    st.apply(B, Resume(), 11.2)
    assert st.seats[A].forming_until == 11.4
    st.tick(11.399)
    assert st.view(B).seats[A].forming
    st.tick(11.4)
    assert not st.view(B).seats[A].forming and st.seats[A].offered() == {0}


def test_cw12_pause_and_resume_refused_twice():
    st = market()
    refused(st, A, Resume(), 1.0, "the game is not paused")
    st.apply(A, Pause(), 1.0)
    refused(st, B, Pause(), 2.0, "the game is already paused")


# -- CW-10 end ---------------------------------------------------------------------------------
@pytest.mark.parametrize("target", [3, 4, 5])
def test_cw10_first_seat_to_reach_the_target_wins_at_once(target):
    st = market(target=target)
    st.seats[C].score = target - 1
    st = lay(st, C, (3, 4, 4, 3))
    events = st.apply(C, Claim(), 1.0)
    assert [e.kind for e in events] == ["claim", "new_order", "win"]
    assert st.is_over() and st.actors() == ()
    r = st.result()
    assert r.winners == (C,) and r.scores == (0, 0, target, 0)
    assert r.breakdown == (ScoreRow("orders", (0, 0, target, 0)),)
    assert r.note == f"Chand fulfilled {target} orders first"
    refused(st, A, Claim(), 2.0, "the game is over: Chand won")
    assert st.legal_actions(A) == []


def test_cw10_no_win_below_the_target():
    st = market(target=4)
    st.seats[C].score = 2
    st = lay(st, C, (3, 4, 4, 3))
    st.apply(C, Claim(), 1.0)
    assert not st.is_over()
    with pytest.raises(IllegalAction) as refused:
        st.result()
    assert str(refused.value) == "The game is not over yet"


def test_cw10_empty_deck_reshuffles_the_claimed_orders():
    st = market(target=5)
    st.claimed = list(st.deck)
    st.deck = []
    st = lay(st, A, (5, 3, 3, 5))
    events = st.apply(A, Claim(), 1.0)
    assert [e.kind for e in events] == ["claim", "reshuffle", "new_order"]
    assert st.claimed == [] and len(st.deck) == 17  # 17 claimed + the one just taken, minus the new one
    assert sorted(st.deck + st.face_up) == sorted(ORDER_DECK)


# -- CW-9 time ---------------------------------------------------------------------------------
def test_cw9_tick_handles_due_events_in_order_each_at_its_own_time():
    st = market(stall=3)
    st.apply(B, SetOffer(("milk",)), 1.0)  # stall at 4.0, fresh until 12.0
    st.apply(A, SetOffer(("milk",)), 2.0)  # trade: both fresh until 10.0
    st.apply(C, SetOffer(("tea",)), 2.0)  # stall at 5.0
    events = st.tick(20.0)
    assert [(e.kind, e.data["t"]) for e in events] == [("stall", 5.0), ("hold", 10.0), ("hold", 10.0), ("hold", 13.0)]
    assert [e.data["seat"] for e in events[1:3]] == [A, B]  # ties: seat order


def test_cw9_ties_go_by_seat_then_tea_spice_sugar_milk():
    st = market()
    st.apply(B, SetOffer(("milk", "tea")), 1.0)
    st.apply(A, SetOffer(("tea", "milk")), 1.0)
    events = st.tick(20.0)
    assert [(e.data["seat"], e.data["die"]) for e in events] == [(A, 0), (A, 3), (B, 0), (B, 3)]


def test_cw9_at_one_moment_a_seat_is_unlocked_before_its_dice_are_held():
    """Asha and Bina trade tea at 1.0 (fresh until 9.0); Asha's false claim at 6.0 locks her until 9.0 too."""
    st = market()
    st.apply(B, SetOffer(("tea",)), 0.5)
    st.apply(A, SetOffer(("tea",)), 1.0)
    st.apply(A, Claim(), 6.0)
    events = st.tick(9.0)
    assert [(e.kind, e.data["seat"]) for e in events] == [("unlock", A), ("hold", A), ("hold", B)]


def test_cw9_at_one_moment_an_offer_goes_live_before_the_seats_dice_are_held():
    """The same trade of tea at 1.0; Chand waits with spice; Asha taps spice at 8.6, live at 9.0 when her tea is
    held: her offer goes live (and trades) first."""
    st = market(stall=10)
    st.apply(B, SetOffer(("tea",)), 0.5)
    st.apply(A, SetOffer(("tea",)), 1.0)
    st.apply(C, SetOffer(("spice",)), 2.0)
    st.apply(A, Toggle("spice"), 8.6)
    assert [e.kind for e in st.tick(9.0)] == ["trade", "hold", "hold"]


def test_cw9_time_never_runs_backwards():
    st = market()
    st.apply(A, SetOffer(("tea",)), 2.0)
    refused(st, B, SetOffer(("tea",)), 1.0, "that arrived at 1.000 s, before the game clock (2.000 s)")


def test_refused_action_with_timers_due_changes_nothing_not_even_time():
    st = market()
    st.apply(A, SetOffer(("tea",)), 1.0)
    before = st.to_json()
    with pytest.raises(IllegalAction) as refusal:
        st.apply(A, Reroll("spice"), 30.0)  # the stall would have fired at 7.0
    assert str(refusal.value) == "only a fresh die may be re-rolled, and your spice die is held"
    assert st.to_json() == before


# -- legal actions -----------------------------------------------------------------------------
def test_legal_actions_all_apply_and_illegal_ones_are_not_listed():
    st = market()
    _fresh_sugar(st)
    legal = st.legal_actions(A)
    assert Reroll("sugar") in legal and Reroll("tea") not in legal
    assert not any(isinstance(a, SetOffer) and "sugar" in a.dice for a in legal)
    for action in legal:
        st.clone().apply(A, action, 3.0)
    assert len([a for a in legal if isinstance(a, SetOffer)]) == 7  # 8 subsets of 3 dice minus the current


def test_cw6_the_claimer_rolls_all_four_dice_when_the_freeze_ends():
    """CW-6: the claimer's dice are rolled again from the game's dice, not left as they lay on the card."""
    rolled = []
    for seed in range(4):
        st = market(seed=seed)
        st = lay(st, A, (5, 1, 3, 5))
        st.apply(A, Claim(), 1.0)
        dice = st.rng.clone()
        expected = [dice.randint(1, 6) for _ in range(4)]
        events = st.tick(3.0)
        assert [e.kind for e in events] == ["reroll_all"]
        assert st.seats[A].values == expected == events[0].data["values"]
        rolled.append(expected != [5, 1, 3, 5])
    assert any(rolled)


def _keys(seat: int, *roles: str) -> list:
    """The actions of die keys as the keyboard makes them: seat 1 plays zone 1, seat 2 zone 2, and so on."""
    bindings = key_map([0, 1, 2, 3])
    return [next(b for b in bindings.values() if b.seat == seat and b.role == role).action() for role in roles]


def test_cw3_a_keyboard_offer_ages_from_when_it_goes_live_not_from_the_key():
    """CW-3: seat 1 taps tea at t (live at t+0.4); seat 2 sends SetOffer(spice) at t+0.3; seat 3 offers tea
    and spice at t+0.5: seat 3 trades with seat 2, whose offer went live first."""
    t = 1.0
    st = market()
    st.seats[B].values[1] = 2
    (tea,) = _keys(A, "tea")
    assert tea == Toggle("tea")
    st.apply(A, tea, t)
    st.apply(B, SetOffer(("spice",)), t + 0.3)
    assert st.view(A).seats[A].forming and st.seats[B].offer_age == t + 0.3
    events = st.apply(C, SetOffer(("tea", "spice")), t + 0.5)
    assert st.seats[A].offer_age == t + 0.4
    trades = [e for e in events if e.kind == "trade"]
    assert [e.data["seats"] for e in trades] == [(C, B)] and trades[0].data["dice"] == (1,)
    assert st.seats[C].values[1] == 2 and st.seats[A].states[0] == OFFERED


def test_cw5_the_stall_counts_a_keyboard_offer_from_when_it_goes_live():
    """CW-5: a die offered by key at 1.0 goes live at 1.4, so the 6 s stall swaps it at 7.4, not 7.0."""
    st = market(stall=6.0)
    st.apply(A, Toggle("milk"), 1.0)
    assert st.tick(7.399) == [] and st.seats[A].states[3] == OFFERED
    assert [e.kind for e in st.tick(7.4)] == ["stall"]


def test_cw6_pause_and_resume_work_during_the_freeze_and_move_its_end():
    """CW-6: during the freeze pause and resume are accepted and shift the freeze's end like every deadline."""
    st = market()
    st = lay(st, A, (5, 3, 3, 5))
    st.apply(A, Claim(), 1.0)  # frozen until 3.0
    st.apply(B, Pause(), 2.0)
    refused(st, C, SetOffer(("tea",)), 2.5, "the game is paused")
    st.apply(C, Resume(), 12.0)
    assert st.frozen_until == 13.0
    refused(st, B, SetOffer(("tea",)), 12.999, "market frozen")
    assert [e.kind for e in st.tick(13.0)] == ["reroll_all"]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (SetOffer(("lemon",)), "an offer names dice among tea, spice, sugar, milk"),
        (SetOffer(("tea", "tea")), "an offer names each die at most once"),
        (SetOffer(()), "that is already your offer"),
        (Toggle("lemon"), "there is no 'lemon' die"),
        (Reroll("lemon"), "there is no 'lemon' die"),
    ],
)
def test_dice_that_do_not_exist_are_refused_in_words(action, reason):
    refused(market(), A, action, 1.0, reason)


# -- the log and the position, word for word ---------------------------------------------------
def test_every_kind_of_event_reads_as_the_table_saw_it():
    """One scene through every event a game logs: its kind, text, whether it shows a hidden die, and its
    data (the screens and the replay read them), written out in full."""
    st = market(seed=2)
    st = lay(st, A, (6, 6, 2, 6))
    st = lay(st, B, (6, 1, 5, 6))
    log = []

    def seen(events):
        log.extend((e.kind, e.text, e.reveal, e.data) for e in events)

    seen(st.apply(B, SetOffer(("sugar", "spice")), 1.0))
    seen(st.apply(A, Toggle("sugar"), 2.0))
    seen(st.tick(2.4))  # Asha's offer goes live and trades with Bina's
    seen(st.apply(A, Reroll("sugar"), 3.0))
    seen(st.apply(C, Claim(), 3.5))  # matches no order
    seen(st.tick(11.0))
    seen(st.apply(A, Pause(), 12.0))
    seen(st.apply(A, Resume(), 13.0))
    st = lay(st, A, (5, 1, 3, 5))
    seen(st.apply(A, Claim(), 14.0))
    seen(st.tick(16.5))
    st = orders(st, O1, O2, O3)
    d = st.to_json()
    d["claimed"], d["deck"] = d["deck"][:5], []
    d["seats"][C]["values"], d["seats"][C]["score"] = [3, 4, 4, 3], 2
    st = type(st).from_json(d)
    seen(st.apply(C, Claim(), 17.0))
    assert log == [
        ("offer", "Bina offers spice and sugar", False, {"t": 1.0, "seat": B, "dice": ("spice", "sugar")}),
        ("forming", "Asha is forming an offer: sugar", False, {"t": 2.0, "seat": A, "dice": ("sugar",)}),
        ("trade", "Asha and Bina trade sugar", False, {"t": 2.4, "seats": (A, B), "dice": (2,)}),
        ("reroll", "Asha re-rolls the fresh sugar die: 3", True, {"t": 3.0, "seat": A, "die": 2, "old": 5, "value": 3}),
        ("false_claim", "Chand calls Chai! but matches no order: locked for 3 s", False, {"t": 3.5}),
        ("unlock", "Chand may trade again", False, {"t": 6.5, "seat": C}),
        (
            "stall",
            "The chai stall swaps Bina's spice die: 4",
            True,
            {"t": 7.0, "seat": B, "die": 1, "old": 1, "value": 4},
        ),
        ("hold", "Bina's sugar die is held", False, {"t": 10.4, "seat": B, "die": 2}),
        ("pause", "Asha pauses the game", False, {"t": 12.0, "seat": A}),
        ("resume", "Asha resumes the game: Chai!", False, {"t": 13.0, "seat": A}),
        (
            "claim",
            "Chai! Asha fulfils T5 S3 U3 M5 with T5 S1 U3 M5 (1 of 3)",
            False,
            {"t": 14.0, "seat": A, "order": O1, "slot": 0},
        ),
        ("new_order", "New order: T4 S6 U6 M3", True, {"t": 14.0, "slot": 0, "order": (4, 6, 6, 3)}),
        (
            "reroll_all",
            "Chai! Asha re-rolls: T5 S4 U1 M3; the market reopens",
            True,
            {"t": 16.0, "seat": A, "old": [5, 1, 3, 5], "values": [5, 4, 1, 3]},
        ),
        (
            "claim",
            "Chai! Chand fulfils T3 S4 U4 M3 with T3 S4 U4 M3 (3 of 3)",
            False,
            {"t": 17.0, "seat": C, "order": O3, "slot": 2},
        ),
        ("reshuffle", "The claimed orders are shuffled into a new deck", False, {"t": 17.0}),
        ("new_order", "New order: T5 S5 U2 M3", True, {"t": 17.0, "slot": 2, "order": (5, 5, 2, 3)}),
        ("win", "Chand wins with 3 orders", False, {"t": 17.0, "seat": C}),
    ]
    assert st.to_json()["winner"] == C and st.to_json()["seats"][C]["score"] == 3


GOLDEN = {
    "config": {
        "seats": [{"name": n, "bot": None, "options": {}} for n in ("Asha", "Bina", "Chand", "Devi")],
        "options": {"target": 4, "stall": 10, "bundle": True},
        "start_player": None,
        "takebacks": None,
    },
    "rng": 5317088612872708176,
    "now": 3.25,
    "deck": [[3, 4, 4, 3], [5, 2, 5, 4]],
    "face_up": [[4, 6, 6, 3], [2, 6, 3, 2], [5, 5, 2, 3]],
    "claimed": [[5, 3, 3, 5]],
    "seats": [
        {
            "values": [5, 1, 3, 5],
            "states": ["offered", "fresh", "held", "offered"],
            "fresh_until": [None, 9.5, None, None],
            "stall_due": [7.0, None, None, 8.25],
            "offer_age": 1.0,
            "forming_until": 2.4,
            "gained": True,
            "locked_until": None,
            "score": 1,
        },
        {
            "values": [6, 4, 2, 6],
            "states": ["held"] * 4,
            "fresh_until": [None] * 4,
            "stall_due": [None] * 4,
            "offer_age": None,
            "forming_until": None,
            "gained": False,
            "locked_until": 5.5,
            "score": 2,
        },
    ]
    + [
        {
            "values": [6, 6, 6, 6],
            "states": ["held"] * 4,
            "fresh_until": [None] * 4,
            "stall_due": [None] * 4,
            "offer_age": None,
            "forming_until": None,
            "gained": False,
            "locked_until": None,
            "score": 0,
        }
    ]
    * 2,
    "paused_at": 3.0,
    "frozen_until": 4.0,
    "freeze_claimer": 1,
    "freeze_taken": [5, 3, 3, 5],
    "winner": None,
}


def test_a_position_is_written_field_by_field_as_the_rules_name_them():
    """A golden position: every field of the JSON a saved game or a puzzle holds, read and written back
    word for word (a renamed or dropped field breaks saved games)."""
    st = ChaiWallahState.from_json(copy.deepcopy(GOLDEN))
    assert st.to_json() == GOLDEN
    assert (st.target, st.stall, st.bundle) == (4, 10.0, True)
    assert st.seats[0].offered() == {0, 3} and not st.seats[0].live
    assert st.freeze_taken == O1 and st.paused_at == 3.0


SEAT_2 = "the field 'seats', seat 2: the field"
EACH_ORDER = "each a list of 4 items, each a whole number from 2 to 6"


@pytest.mark.parametrize(
    ("seat", "field", "value", "why"),
    [
        (1, "values", [1, 1, 1], f"{SEAT_2} 'values' must be a list of 4 items, each a whole number from 1 to 6"),
        (1, "values", [1, 1, 1, 7], f"{SEAT_2} 'values' must be a list of 4 items, each a whole number from 1 to 6"),
        (
            1,
            "states",
            ["held", "held", "held", "lost"],
            f"{SEAT_2} 'states' must be a list of 4 items, each one of 'held', 'offered', 'fresh'",
        ),
        (
            1,
            "fresh_until",
            [None, None, None, "soon"],
            f"{SEAT_2} 'fresh_until' must be a list of 4 items, each null or a number",
        ),
        (1, "stall_due", [None, None, None], f"{SEAT_2} 'stall_due' must be a list of 4 items, each null or a number"),
        (1, "offer_age", "soon", f"{SEAT_2} 'offer_age' must be null or a number"),
        (1, "forming_until", "soon", f"{SEAT_2} 'forming_until' must be null or a number"),
        (1, "gained", 1, f"{SEAT_2} 'gained' must be true or false"),
        (1, "locked_until", "soon", f"{SEAT_2} 'locked_until' must be null or a number"),
        (1, "score", -1, f"{SEAT_2} 'score' must be a whole number from 0"),
        (None, "seats", [{}, {}, {}], "the field 'seats' must be a list of 4 items, each an object"),
        (None, "now", None, "the field 'now' must be a number"),
        (None, "deck", [[1, 2, 2, 2]], f"the field 'deck' must be a list of items, {EACH_ORDER}"),
        (None, "face_up", [[2, 2, 2, 2], [3, 3, 3, 3]], f"the field 'face_up' must be a list of 3 items, {EACH_ORDER}"),
        (None, "claimed", [[7, 2, 2, 2]], f"the field 'claimed' must be a list of items, {EACH_ORDER}"),
        (None, "paused_at", "soon", "the field 'paused_at' must be null or a number"),
        (None, "frozen_until", "soon", "the field 'frozen_until' must be null or a number"),
        (None, "freeze_claimer", 4, "the field 'freeze_claimer' must be null or a whole number from 0 to 3"),
        (
            None,
            "freeze_taken",
            [2, 2, 2],
            "the field 'freeze_taken' must be null or a list of 4 items, each a whole number from 2 to 6",
        ),
        (None, "winner", -1, "the field 'winner' must be null or a whole number from 0 to 3"),
    ],
)
def test_a_position_with_an_impossible_field_is_refused_in_words(seat, field, value, why):
    """A position from a file (a puzzle, a bug report) with a die off the board, a fifth die, a seat that is not
    at the table: refused with the field and what it may hold, word for word."""
    d = market().to_json()
    (d["seats"][seat] if seat is not None else d)[field] = value
    with pytest.raises(RecordError) as refused:
        ChaiWallahState.from_json(d)
    assert str(refused.value) == f"Chai Wallah position: {why}, not {value!r}"


def test_what_a_seat_sees_word_for_word():
    """Bina's screen: her own dice, the values of others' held and fresh dice but not of their offered ones,
    the seconds left on a fresh die and a lock (to the millisecond), who is a bot, the orders and the deck's size."""
    d = copy.deepcopy(GOLDEN)
    d["config"]["seats"][2]["bot"] = "normal"
    d.update(now=1.23456, paused_at=None, frozen_until=None, freeze_claimer=None, freeze_taken=None)
    st = ChaiWallahState.from_json(d)

    def held(*values):
        return [
            {"ingredient": i, "state": HELD, "value": v}
            for i, v in zip(("tea", "spice", "sugar", "milk"), values, strict=True)
        ]

    quiet = {"score": 0, "dice": held(6, 6, 6, 6), "forming": False, "locked_for": None}
    assert st.view(B).to_json() == {
        "seat": B,
        "now": 1.23456,
        "target": 4,
        "stall": 10.0,
        "bundle": True,
        "orders": [[4, 6, 6, 3], [2, 6, 3, 2], [5, 5, 2, 3]],
        "deck": 2,
        "paused": False,
        "frozen_for": None,
        "claimer": None,
        "winner": None,
        "seats": [
            {
                "name": "Asha",
                "score": 1,
                "dice": [
                    {"ingredient": "tea", "state": OFFERED},
                    {"ingredient": "spice", "state": FRESH, "value": 1, "fresh_for": 8.265},
                    {"ingredient": "sugar", "state": HELD, "value": 3},
                    {"ingredient": "milk", "state": OFFERED},
                ],
                "forming": True,
                "locked_for": None,
                "bot": None,
            },
            {"name": "Bina", "score": 2, "dice": held(6, 4, 2, 6), "forming": False, "locked_for": 4.265, "bot": None},
            {"name": "Chand", **quiet, "bot": "normal"},
            {"name": "Devi", **quiet, "bot": None},
        ],
    }
    d.update(frozen_until=4.0, freeze_claimer=A, freeze_taken=[5, 3, 3, 5])  # Asha took an order: frozen
    frozen = ChaiWallahState.from_json(d).view(B)
    assert (frozen.frozen_for, frozen.claimer) == (2.765, A)
    assert frozen.seats[A].dice[1].fresh_for == 5.5  # counts down from the thaw
