"""The registry entry (options, real time, seats) and the screen's game clock (CW-12)."""

from __future__ import annotations

import pytest

from chaigames import games
from chaigames.chai_wallah import SPEC
from chaigames.chai_wallah.clock import GameClock
from chaigames.engine import ConfigError, GameConfig, SeatConfig, Session
from tests.chai_wallah.cw_util import NAMES, config


def test_spec_is_registered_as_a_real_time_game_without_takebacks_or_start_player():
    assert games.get("chai-wallah") is SPEC
    assert SPEC.realtime and not SPEC.takebacks and not SPEC.has_start_player
    assert (SPEC.min_seats, SPEC.max_seats, SPEC.max_humans) == (4, 8, 4)
    assert SPEC.make_driver is not None and SPEC.play_headless is not None


def test_options_and_defaults():
    assert SPEC.default_options() == {"target": 3, "stall": 6, "bundle": False}
    assert SPEC.option("target").choices == (3, 4, 5)
    stall = SPEC.option("stall")
    assert stall.choices == (3, 6, 10, None) and stall.labels == ("3 s", "6 s", "10 s", "off")
    assert stall.parse("off") is None and stall.parse("10 s") == 10
    assert SPEC.option("bundle").choices == (False, True)


@pytest.mark.parametrize(
    ("seats", "humans", "problem"),
    [(3, 0, "4 to 8 seats"), (9, 0, "4 to 8 seats")],
)
def test_bad_tables_are_refused(seats, humans, problem):
    cfg = GameConfig(seats=tuple(SeatConfig(f"P{i}", None if i < humans else "normal") for i in range(seats)))
    with pytest.raises(ConfigError, match=problem):
        SPEC.validate(cfg)


def test_five_humans_are_too_many_for_one_keyboard_but_not_for_the_rules():
    cfg = GameConfig(seats=tuple(SeatConfig(f"P{i}", None if i < 5 else "normal") for i in range(6)))
    assert SPEC.validate(cfg).humans == (0, 1, 2, 3, 4)
    assert any("at most 4 human players at one keyboard" in p for p in SPEC.keyboard_problems(cfg))


def test_four_humans_and_four_bots_is_a_valid_table():
    cfg = GameConfig(seats=tuple(SeatConfig(NAMES[i], None if i < 4 else "hard") for i in range(8)))
    session = Session(SPEC, cfg, 1)
    assert session.state.actors() == tuple(range(8))


def test_rules_markdown_covers_the_decisions():
    text = SPEC.rules_markdown
    for phrase in ("1 is wild", "oldest waiting offer", "chai stall", "freezes for 2 s", "locks you for 3 s", "8 s"):
        assert phrase in text


def test_a_game_starts_with_the_rulebook_setup():
    state = Session(SPEC, config(4, "normal"), 2).state
    assert len(state.face_up) == 3 and state.now == 0.0 and not state.is_over()


def test_cw12_game_clock_stops_while_paused_and_continues_from_a_given_time():
    clock = GameClock()
    assert clock.now(100.0) == 0.0 and not clock.running
    clock.start(100.0)
    assert clock.now(103.5) == 3.5
    assert clock.stop(104.0) == 4.0
    assert clock.now(500.0) == 4.0
    clock.start(600.0)
    assert clock.now(601.0) == 5.0
    resumed = GameClock(42.25)  # Continue: the last recorded action's time
    resumed.start(7.0)
    assert resumed.now(8.0) == 43.25
