"""The bots (CW-11) and the real-time driver: greedy policy, reaction clock, recorded decisions."""

from __future__ import annotations

from chaigames.chai_wallah import SPEC, Claim, Reroll, SetOffer, make_driver
from chaigames.chai_wallah.bots import MIN_REACTION, REACTION, ChaiWallahBot, decide
from chaigames.chai_wallah.state import FRESH, LOCK
from chaigames.engine import GameConfig, SeatConfig, Session, play_bots
from tests.budget import examples
from tests.chai_wallah.cw_util import NAMES, A, B, config, far, lay, orders, table

O1, O2, O3 = (5, 3, 3, 5), (2, 6, 3, 2), (3, 4, 4, 3)


def scene():
    st = table()
    st = orders(st, O1, O2, O3)
    for s in range(4):
        st = far(st, s)
    return st


def test_greedy_bot_claims_when_matched():
    st = scene()
    st = lay(st, A, (5, 1, 3, 5))
    assert decide(st.view(A)) == Claim()


def test_greedy_bot_offers_exactly_the_misfits_of_the_best_fitting_order():
    st = scene()
    st = lay(st, A, (3, 4, 6, 6))  # O3 fits tea and spice
    assert decide(st.view(A)) == SetOffer(("sugar", "milk"))
    st.apply(A, SetOffer(("sugar", "milk")), 1.0)
    assert decide(st.view(A)) is None


def test_greedy_bot_rerolls_a_fresh_misfit_and_keeps_a_fresh_fit():
    st = scene()
    st = lay(st, A, (3, 4, 6, 6))
    st.seats[B].values[2] = 4
    st.seats[B].values[3] = 5
    st.apply(B, SetOffer(("sugar", "milk")), 0.5)
    st.apply(A, SetOffer(("sugar", "milk")), 1.0)  # A gets sugar 4 (fits O3), milk 5 (misfit)
    assert st.seats[A].states[2:] == [FRESH, FRESH]
    assert decide(st.view(A)) == Reroll("milk")


def test_stuck_bot_offers_everything():
    """CW-5: with the stall off, bots offer "everything" after 5 s in which their dice did not change."""
    st = scene()
    st = lay(st, A, (3, 4, 6, 6))
    assert decide(st.view(A), stuck=True) == SetOffer(("tea", "spice", "sugar", "milk"))


def test_bot_waits_while_frozen_locked_or_paused():
    st = scene()
    st = lay(st, B, (5, 3, 3, 5))
    st.apply(A, Claim(), 1.0)  # false claim: locked
    assert decide(st.view(A)) is None
    st.apply(B, Claim(), 1.5)  # frozen
    assert decide(st.view(A)) is None


def test_cw11_reaction_delay_per_level_with_speed_factor_never_under_0_8_s():
    for level, (lo, hi) in REACTION.items():
        for seed in range(30):
            bot = ChaiWallahBot(level, seed, 0)
            assert 0.85 <= bot.factor <= 1.15
            for _ in range(20):
                d = bot.reaction()
                assert max(MIN_REACTION, lo * 0.85) <= d <= hi * 1.15


def test_cw11_bots_act_only_after_their_reaction_delay_and_are_recorded_with_their_times():
    session = Session(SPEC, config(4, "hard"), 3)
    driver = make_driver(session)
    driver.advance(30.0)
    times = [e.t for e in session.record.entries]
    assert times and times == sorted(times) and times[0] >= MIN_REACTION
    assert all(e.seat in range(4) for e in session.record.entries)


def test_driver_leaves_human_seats_alone():
    cfg = SPEC.validate(GameConfig(seats=tuple(SeatConfig(NAMES[i], None if i == 0 else "normal") for i in range(4))))
    session = Session(SPEC, cfg, 5)
    driver = make_driver(session)
    driver.advance(40.0)
    assert {e.seat for e in session.record.entries} <= {1, 2, 3}
    assert session.record.entries


def test_driver_result_does_not_depend_on_how_often_it_is_advanced():
    """CW-9 for the driver: advancing every 10 ms or jumping from due to due plays the same game."""
    a = Session(SPEC, config(5, "normal"), 11)
    da = make_driver(a)
    for k in range(1, 2001):
        da.advance(k / 100)
    b = Session(SPEC, config(5, "normal"), 11)
    db = make_driver(b)
    while (due := db.next_due()) is not None and due <= 20.0:
        db.advance(due)
    db.advance(20.0)
    assert a.record.dumps(SPEC) == b.record.dumps(SPEC)
    assert a.state.to_json() == b.state.to_json()


def test_driver_human_action_reaches_the_bots_at_its_time():
    cfg = SPEC.validate(GameConfig(seats=tuple(SeatConfig(NAMES[i], None if i == 0 else "easy") for i in range(4))))
    session = Session(SPEC, cfg, 2)
    driver = make_driver(session)
    driver.act(0, Claim(), 0.5)  # very likely a false claim: locked
    assert session.record.entries[0].t == 0.5
    assert session.state.seats[0].locked_until in (None, 0.5 + LOCK)


def test_driver_pause_shifts_bot_decisions_and_deadlines():
    session = Session(SPEC, config(4, "normal"), 8)
    driver = make_driver(session)
    driver.advance(1.0)
    before = driver.next_due()
    driver.pause(1.0)
    assert driver.next_due() is None
    driver.advance(50.0)  # nothing happens while paused
    n = len(session.record.entries)
    driver.resume(100.0)
    assert driver.next_due() == before + 99.0
    assert len(session.record.entries) == n + 1
    driver.advance(130.0)
    assert all(e.t >= 100.0 for e in session.record.entries[n:])


def test_headless_game_of_normal_bots_reaches_the_target():
    played = play_bots(SPEC, config(4, "normal"), 1)
    assert played.finished
    r = played.session.result()
    assert played.session.state.seats[r.winners[0]].score == 3 == max(r.scores)


def test_headless_games_finish_with_every_option():
    """Pairwise over the options: target x stall x bundle, 4-8 seats, each level."""
    cases = [
        (4, "easy", {"target": 4, "stall": None, "bundle": True}),
        (8, "hard", {"target": 5, "stall": 3, "bundle": False}),
        (6, "normal", {"target": 3, "stall": 10, "bundle": True}),
        (5, "hard", {"target": 3, "stall": None, "bundle": False}),
        (7, "easy", {"target": 5, "stall": 6, "bundle": False}),
    ]
    for seats, level, options in cases[: examples(len(cases))]:
        played = play_bots(SPEC, config(seats, level, **options), 4)
        assert played.finished, (seats, level, options)
        assert max(played.session.result().scores) == options["target"]


def test_stall_off_bots_call_everything_when_stuck():
    played = play_bots(SPEC, config(4, "normal", stall=None), 9)
    offers = [e.action for e in played.session.record.entries if isinstance(e.action, SetOffer)]
    assert any(len(a.dice) == 4 for a in offers)


def test_bot_choose_protocol_returns_a_legal_action():
    st = scene()
    st = lay(st, A, (3, 4, 6, 6))
    bot = SPEC.make_bot("normal", 1, A)
    legal = st.legal_actions(A)
    assert bot.choose(st.view(A), legal, 1) == SetOffer(("sugar", "milk"))
    st = far(st, B)
    assert bot.choose(st.view(B), st.legal_actions(B), 1) in st.legal_actions(B)


def test_stall_off_stuck_check_has_no_float_gap():
    """Regression: a bot looking again exactly 5 s after its dice last changed must count as stuck
    ((a + 5) - a < 5 for some floats a); otherwise it re-scheduled itself at the same moment forever."""
    session = Session(SPEC, config(4, "normal", stall=None), 1)
    driver = make_driver(session)
    b = driver.bots[0]
    b.dice_since = 60.398252889171125
    t = b.dice_since + 5.0
    assert t - b.dice_since < 5.0  # the float trap itself
    assert driver._stuck(b, t)
    b.due = None
    driver._schedule_stuck(b, t)
    assert b.due is None


def test_stall_off_games_all_finish():
    for seed in range(examples(30)):
        assert play_bots(SPEC, config(4, "normal", stall=None), seed).finished


def test_driver_copes_with_actions_applied_straight_through_the_session():
    """A screen that forgets `driver.act` still gets bots that react after the action's time."""
    cfg = SPEC.validate(GameConfig(seats=tuple(SeatConfig(NAMES[i], None if i == 0 else "hard") for i in range(4))))
    session = Session(SPEC, cfg, 6)
    driver = make_driver(session)
    session.apply(0, SetOffer(("tea", "spice", "sugar", "milk")), 5.0)
    driver.advance(60.0)
    bot_times = [e.t for e in session.record.entries if e.seat != 0]
    assert bot_times and min(bot_times) >= 5.0
