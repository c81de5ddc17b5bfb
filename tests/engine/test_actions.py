"""Actions round-trip through JSON by registered name; loading executes nothing."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from chaigames.engine import ActionSet, RecordError

actions = ActionSet("test")


@actions.register("place")
@dataclass(frozen=True)
class Place:
    tile: int
    cells: tuple[tuple[int, int], ...]
    mirrored: bool = False


@actions.register("pass")
@dataclass(frozen=True)
class Pass:
    pass


def test_round_trip_keeps_equality_and_tuples():
    a = Place(7, ((0, 1), (1, 1)), True)
    data = json.loads(json.dumps(actions.to_json(a)))
    assert data["type"] == "place"
    back = actions.from_json(data)
    assert back == a and isinstance(back.cells[0], tuple)
    assert hash(back) == hash(a)


def test_default_fields_may_be_left_out():
    assert actions.from_json({"type": "place", "tile": 1, "cells": [[0, 0]]}) == Place(1, ((0, 0),))


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"type": "fly"}, "unknown action type"),
        ({"tile": 1}, "'type'"),
        ("place", "'type'"),
        ({"type": "place", "cells": []}, "missing the field 'tile'"),
        ({"type": "pass", "extra": 1}, "unknown fields: extra"),
        ({"type": "place", "tile": True, "cells": []}, "'tile' must be a whole number, not True"),
        ({"type": "place", "tile": 1.0, "cells": []}, "'tile' must be a whole number"),
        ({"type": "place", "tile": 1, "cells": [[0, "a"]]}, "'cells' must be"),
        ({"type": "place", "tile": 1, "cells": [], "mirrored": 1}, "'mirrored' must be yes or no"),
    ],
)
def test_bad_actions_say_what_is_wrong(data, words):
    with pytest.raises(RecordError, match=words):
        actions.from_json(data)


def test_a_name_is_registered_once():
    with pytest.raises(ValueError):
        actions.register("pass")(Place)


def test_foreign_objects_are_not_actions():
    with pytest.raises(TypeError):
        actions.to_json(object())


def test_check_refuses_a_wrong_seat_a_stranger_and_a_wrong_type_in_words():
    from chaigames.engine import IllegalAction

    actions.check(0, Place(1, ((0, 0),)), 2)
    for seat, action, words in [
        (2, Pass(), "no seat 3"),
        (True, Pass(), "no seat True"),
        (0, "pass", "not a move"),
        (0, Place("1", ()), "tile of this move must be a whole number, not '1'"),
        (0, Place(1, ((0, 0.5),)), "cells of this move must be"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            actions.check(seat, action, 2)
