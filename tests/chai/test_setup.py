"""Setup (chai.md "Players and setup") and the spec entry: options, seat options, checks."""

from __future__ import annotations

import pytest

from chaigames.chai import SPEC
from chaigames.chai.actions import ChooseFirst, Pass, VisitMarket
from chaigames.chai.data import CUSTOMERS, customers_of
from chaigames.engine import ConfigError, GameConfig, IllegalAction, SeatConfig

from .helpers import check_conservation, config, new


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_counts(n):
    st = new(n, seed=n)
    assert st.market.tile_count() == 18 and len(st.bag) == 72 - 18
    assert len(st.display) == 5 and len(st.add_deck) == 45
    assert len(st.pool) == n + 2, "pool = players + 2"
    assert all(len(r) == 1 for r in st.reserved)
    assert len(st.cups) == n and len(st.cup_tips) == n and len(st.tips_aside) == 6 - n
    assert st.rounds_done == 0 and st.view(None).cup_round == 1
    assert all(st.tokens[t] == 6 for t in st.teas)
    check_conservation(st)


def test_each_player_keeps_one_of_their_own_and_puts_one_in_the_pool():
    st = new(3, seed=4)
    for s in range(3):
        assert CUSTOMERS[st.reserved[s][0]].tea == st.teas[s]
    pool_teas = [CUSTOMERS[c].tea for c, _ in st.pool]
    for t in st.teas:
        assert pool_teas.count(t) >= 1


def test_customers_of_teas_not_in_play_stay_out():
    st = new(2, seed=1)
    everywhere = st.cust_deck + [p[0] for p in st.pool] + [c for r in st.reserved for c in r]
    assert {CUSTOMERS[c].tea for c in everywhere} == {"green", "black"}
    assert len(everywhere) == 16


def test_start_player_has_1_coin_others_2():
    st = new(4, start=2)
    assert st.money == [2, 2, 1, 2]
    assert st.actors() == (2,)


def test_start_player_drawn_when_not_given():
    starts = {new(3, seed=s, start=None).start for s in range(20)}
    assert starts == {0, 1, 2}


def test_tea_defaults_by_seat_and_two_seats_cannot_share_a_tea():
    cfg = SPEC.validate(GameConfig(seats=tuple(SeatConfig(n) for n in ("a", "b", "c"))))
    assert [s.options["tea"] for s in cfg.seats] == ["green", "black", "rooibos"]
    bad = GameConfig(seats=(SeatConfig("a", options={"tea": "white"}), SeatConfig("b", options={"tea": "white"})))
    with pytest.raises(ConfigError, match="white"):
        SPEC.validate(bad)


def test_seat_range_2_to_5():
    assert (SPEC.min_seats, SPEC.max_seats, SPEC.max_humans, SPEC.has_start_player) == (2, 5, 5, True)
    with pytest.raises(ConfigError):
        SPEC.validate(GameConfig(seats=(SeatConfig("a"),)))


def test_choose_first_customer_waits_for_each_player_in_turn_order():
    st = new(3, start=1, first_customer="choose")
    assert st.phase == "choose" and st.actors() == (1,)
    assert st.legal_actions(1) == [ChooseFirst(c) for c in customers_of("black")]
    assert st.view(1).choose_from == tuple(customers_of("black"))
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(1, ChooseFirst("green-1"))
    with pytest.raises(IllegalAction):
        st.apply(1, VisitMarket(0, 0))
    assert st.to_json() == before
    st.apply(1, ChooseFirst("black-8"))
    assert st.actors() == (2,)
    st.apply(2, ChooseFirst("rooibos-3"))
    events = st.apply(0, ChooseFirst("green-5"))
    assert any(e.reveal for e in events)
    assert st.phase == "main" and st.actors() == (1,)
    assert st.reserved == [["green-5"], ["black-8"], ["rooibos-3"]]
    assert len(st.pool) == 5
    check_conservation(st)


def test_choose_is_hidden_from_others():
    st = new(2, start=0, first_customer="choose")
    st.apply(0, ChooseFirst("green-8"))
    assert "green-8" not in str(st.view(1).to_json()) and "green-8" not in str(st.view(None).to_json())
    assert st.view(0).reserved == ("green-8",)


def test_config_helper_fills_defaults():
    cfg = config(2)
    assert cfg.options["first_customer"] == "random"


def test_choosing_first_customers_is_logged_without_the_choice():
    """The log says who has chosen, never what; the pool is dealt in the open once everyone has chosen. Any
    other move first is refused in words."""
    st = new(2, seed=8, first_customer="choose")
    with pytest.raises(IllegalAction) as refusal:
        st.apply(0, Pass())
    assert str(refusal.value) == "First choose the customer you keep reserved"
    log = st.apply(0, ChooseFirst("green-1"))
    assert st.view(0).choose_from == () and st.view(1).choose_from == tuple(customers_of("black"))
    log += st.apply(1, ChooseFirst("black-1"))
    assert [(e.kind, e.text, e.reveal) for e in log] == [
        ("choose", "Asha keeps a customer reserved", False),
        ("choose", "Ravi keeps a customer reserved", False),
        ("pool", "The customer pool is dealt: green-5, black-5, green-4, black-2", True),
    ]
    assert [p[0] for p in st.pool] == ["green-5", "black-5", "green-4", "black-2"]
