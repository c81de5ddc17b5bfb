"""The key zones of the spec ("Keys") and the 250 ms repeat filter."""

from __future__ import annotations

import pytest

from chaigames.chai_wallah import Claim, Toggle
from chaigames.chai_wallah.keys import CHAI, ZONE_KEYS, RepeatFilter, key_map, normalize_key, zones_for


def test_zone_table_is_the_spec_diamond():
    assert ZONE_KEYS[1] == {"spice": "w", "tea": "a", "sugar": "s", "milk": "d", CHAI: "q"}
    assert ZONE_KEYS[2] == {"spice": "t", "tea": "f", "sugar": "g", "milk": "h", CHAI: "r"}
    assert ZONE_KEYS[3] == {"spice": "i", "tea": "j", "sugar": "k", "milk": "l", CHAI: "u"}
    assert ZONE_KEYS[4] == {"spice": "up", "tea": "left", "sugar": "down", "milk": "right", CHAI: "enter"}
    keys = [k for zone in ZONE_KEYS.values() for k in zone.values()]
    assert len(keys) == len(set(keys)) == 20


def test_zones_by_number_of_humans():
    assert zones_for(1) == ((1, 4),)
    assert zones_for(2) == ((1,), (4,))
    assert zones_for(3) == ((1,), (3,), (4,))
    assert zones_for(4) == ((1,), (2,), (3,), (4,))
    with pytest.raises(ValueError):
        zones_for(5)


def test_one_human_plays_with_zone_1_or_zone_4():
    keys = key_map((2,))
    assert keys["w"].seat == keys["up"].seat == 2
    assert keys["q"].action() == Claim() and keys["enter"].action() == Claim()
    assert keys["a"].action() == Toggle("tea") == keys["left"].action()


def test_three_humans_get_zones_1_3_4_in_seat_order():
    keys = key_map((0, 3, 5))
    assert keys["d"].seat == 0 and keys["l"].seat == 3 and keys["right"].seat == 5
    assert "h" not in keys


def test_keys_are_case_insensitive():
    assert normalize_key("W") == "w"
    f = RepeatFilter()
    assert f.accept("W", 0.0)
    assert not f.accept("w", 0.1)


def test_a_repeat_within_250_ms_of_the_last_arrival_is_ignored():
    f = RepeatFilter()
    assert f.accept("a", 0.0)
    assert not f.accept("a", 0.249)
    assert not f.accept("a", 0.4)  # 0.151 s after the last arrival (the ignored one)
    assert f.accept("a", 0.65)
    assert f.accept("s", 0.66)  # another key has its own window


def test_a_held_key_acts_at_most_twice():
    """Auto-repeat: a first delay, then a repeat every 30 ms: the key acts at most twice."""
    f = RepeatFilter()
    arrivals = [0.0, 0.5] + [0.5 + 0.03 * k for k in range(1, 60)]
    assert sum(f.accept("enter", t) for t in arrivals) == 2
