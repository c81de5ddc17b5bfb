"""Property tests (Hypothesis) and replay: invariants under random action streams at random times,
refusals change nothing, and a record rebuilds the same state however often time is ticked (CW-9)."""

from __future__ import annotations

from hypothesis import event, given, settings
from hypothesis import strategies as st

from chaigames.chai_wallah import SPEC, Claim, Pause, Reroll, Resume, SetOffer, Toggle
from chaigames.chai_wallah.bots import decide
from chaigames.chai_wallah.orders import INGREDIENTS, ORDER_DECK
from chaigames.chai_wallah.state import FRESH, OFFERED
from chaigames.engine import IllegalAction, Session, play_bots
from tests.budget import examples
from tests.chai_wallah.cw_util import config

POOL = (
    [Claim(), Pause(), Resume()]
    + [Toggle(d) for d in INGREDIENTS]
    + [Reroll(d) for d in INGREDIENTS]
    + [SetOffer(tuple(d for k, d in enumerate(INGREDIENTS) if mask >> k & 1)) for mask in range(16)]
)
"""Every action a seat could send, legal or not."""


def expected_values(values: list[list[int]], events) -> list[list[int]]:
    """Die values after `events`, changed only by the rolls the rules allow (CW-8) and trades."""
    out = [list(v) for v in values]
    for e in events:
        d = e.data
        if e.kind == "trade":
            s, o = d["seats"]
            for i in d["dice"]:
                out[s][i], out[o][i] = out[o][i], out[s][i]
        elif e.kind in ("reroll", "stall"):
            assert out[d["seat"]][d["die"]] == d["old"]
            out[d["seat"]][d["die"]] = d["value"]
        elif e.kind == "reroll_all":
            assert out[d["seat"]] == d["old"]
            out[d["seat"]] = list(d["values"])
    return out


def check_invariants(state) -> None:
    for seat in state.seats:
        assert len(seat.values) == 4 and all(1 <= v <= 6 for v in seat.values)  # one die per ingredient
        for i in range(4):
            assert (seat.states[i] == FRESH) == (seat.fresh_until[i] is not None)
            if seat.stall_due[i] is not None:
                assert seat.states[i] == OFFERED and state.stall is not None
        assert (seat.offer_age is None) or seat.offered()
    # the 20 orders are always face up, in the deck or claimed
    assert sorted(state.face_up + state.deck + state.claimed) == sorted(ORDER_DECK)
    scores = [s.score for s in state.seats]
    assert max(scores) <= state.target
    assert state.is_over() == (max(scores) == state.target)
    if state.is_over():
        assert scores[state.winner] == state.target and scores.count(state.target) == 1


steps = st.lists(
    st.tuples(
        st.sampled_from([0.0, 0.001, 0.3, 0.4, 1.0, 2.5, 6.0, 8.0]) | st.floats(0, 9, allow_nan=False),
        st.integers(0, 7),  # seat (mod the table size)
        st.just(len(POOL)) | st.integers(0, len(POOL) - 1),  # the greedy bot's choice, or any action
        st.booleans(),  # tick first?
    ),
    min_size=40,
    max_size=300,
)


@settings(max_examples=examples(40))
@given(
    seats=st.integers(4, 8),
    seed=st.integers(0, 2**32),
    target=st.sampled_from([3, 4, 5]),
    stall=st.sampled_from([3, 6, 10, None]),
    bundle=st.booleans(),
    script=steps,
)
def test_random_streams_keep_invariants_refusals_change_nothing_and_replay(seats, seed, target, stall, bundle, script):
    session = Session(SPEC, config(seats, "normal", target=target, stall=stall, bundle=bundle), seed)
    state = session.state
    t = 0.0
    for dt, seat, pick, tick_first in script:
        seat %= seats
        t += dt
        state = session.state
        values = [list(s.values) for s in state.seats]
        if tick_first:
            events = session.tick(t)
            values = expected_values(values, events)
            assert [s.values for s in session.state.seats] == values
        action = POOL[pick] if pick < len(POOL) else decide(session.state.view(seat))
        if action is None:
            continue
        before = session.state.to_json()
        try:
            events = session.apply(seat, action, t)
        except IllegalAction:
            assert session.state.to_json() == before
            continue
        assert [s.values for s in session.state.seats] == expected_values(values, events)
        check_invariants(session.state)
        for e in events:
            if e.kind in ("claim", "win", "trade", "stall", "false_claim", "reshuffle", "resume"):
                event(e.kind)
    check_invariants(session.state)
    replay = Session.from_record(SPEC, session.record)
    end = max(t, session.state.now)
    replay.tick(end)
    session.tick(end)
    assert replay.state.to_json() == session.state.to_json()


def replay_ticking(record, step: float | None):
    """Rebuild a record applying each action at its time, ticking every `step` seconds in between."""
    session = Session(SPEC, record.config, record.seed)
    k = 0
    for entry in record.entries:
        if step is not None:
            while (k + 1) * step < entry.t:
                k += 1
                session.tick(k * step)
        session.apply(entry.seat, entry.action, entry.t)
    return session


def test_cw9_replay_with_a_tick_every_millisecond_gives_the_same_state():
    played = play_bots(SPEC, config(6, "normal", stall=3, target=4), 21)
    record = played.session.record
    assert played.finished and len(record.entries) > 50
    coarse = replay_ticking(record, None)
    fine = replay_ticking(record, 0.001)
    assert fine.state.to_json() == coarse.state.to_json() == played.session.state.to_json()
    assert [e.kind for e in (ln.event for ln in fine.log)].count("trade") > 0


def test_cw9_replay_with_odd_tick_steps_gives_the_same_state_including_a_pause():
    session = Session(SPEC, config(4, "hard"), 5)
    driver = SPEC.make_driver(session)
    driver.advance(10.0)
    driver.pause(10.0, seat=1)
    driver.resume(25.5, seat=1)
    driver.advance(60.0)
    session.tick(60.0)
    for step in (0.0137, 0.25, 1.0):
        again = replay_ticking(session.record, step)
        again.tick(60.0)
        assert again.state.to_json() == session.state.to_json()


def test_record_json_round_trip_rebuilds_the_game():
    from chaigames.engine import parse_record

    played = play_bots(SPEC, config(8, "easy", target=4, bundle=True), 3)
    text = played.session.record.dumps(SPEC)
    rebuilt = Session.from_record(SPEC, parse_record(text, lambda _id: SPEC))
    assert rebuilt.state.to_json() == played.session.state.to_json()
    assert rebuilt.result() == played.session.result()


@settings(max_examples=examples(15))
@given(
    seats=st.integers(4, 8),
    seed=st.integers(0, 2**32),
    level=st.sampled_from(["easy", "normal", "hard"]),
    target=st.sampled_from([3, 4, 5]),
    stall=st.sampled_from([3, 6, 10, None]),
    bundle=st.booleans(),
    noise=st.lists(
        st.tuples(st.floats(0, 120, allow_nan=False), st.integers(0, 7), st.integers(0, len(POOL) - 1)), max_size=30
    ),
)
def test_bot_games_with_interruptions_end_exactly_at_the_target(seats, seed, level, target, stall, bundle, noise):
    """Whole games: bots on the driver, and stray actions from any seat at random times (a human
    pressing keys). Invariants hold throughout, the game ends exactly when a seat reaches the
    target, and the record replays to the same state."""
    session = Session(SPEC, config(seats, level, target=target, stall=stall, bundle=bundle), seed)
    driver = SPEC.make_driver(session)
    pending = sorted(((t, s % seats, POOL[k]) for t, s, k in noise), key=lambda p: (p[0], p[1]))
    while not session.over and session.state.now < 900:
        due = driver.next_due()
        if pending and (due is None or pending[0][0] <= due):
            t, seat, action = pending.pop(0)
            driver.advance(t)
            values = [list(s.values) for s in session.state.seats]
            before = session.state.to_json()
            try:
                events = driver.act(seat, action, t)
            except IllegalAction:
                assert session.state.to_json() == before
                continue
            if isinstance(action, Pause) and not session.over:
                events += driver.resume(t + 1.0, seat)
        else:
            assert due is not None
            values = [list(s.values) for s in session.state.seats]
            events = driver.advance(due)
        assert [s.values for s in session.state.seats] == expected_values(values, events)
        check_invariants(session.state)
    assert session.over
    event(f"target {target}, {seats} seats")
    replay = Session.from_record(SPEC, session.record)
    assert replay.state.to_json() == session.state.to_json()
