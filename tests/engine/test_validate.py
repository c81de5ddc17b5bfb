"""The one validation language (chaigames/engine/validate.py): positions and views read their fields
through it, and the table wire checks its messages with it, so a misfit is named the same way
everywhere: the part of the value that does not fit, and how."""

from __future__ import annotations

import pytest

from chaigames.engine import RecordError
from chaigames.engine.validate import NULL, TEXT, Fields, integer, list_of, object_of, one_of, pair, shape

SEAT = shape({"kind": one_of(("person", "bot")), "level": NULL | TEXT})


def test_a_fitting_value_has_no_problem():
    assert SEAT.problem({"kind": "bot", "level": "hard", "newer": 1}, "seat") is None  # extra fields pass
    assert list_of(integer(0), 2).problem([0, 3], "x") is None


def test_the_problem_names_the_part_that_does_not_fit():
    seats = list_of(SEAT)
    assert seats.problem([{"kind": "bot", "level": None}, {"kind": "cat", "level": None}], "seats") == (
        "seats[1].kind",
        "must be one of 'person', 'bot', not 'cat'",
    )
    assert seats.problem([{"level": None}], "seats") == ("seats[0].kind", "is missing")
    assert pair(TEXT, integer(0)).problem(["a", -1], "p") == ("p[1]", "must be a whole number from 0, not -1")
    assert object_of(integer()).problem({"a": 1, "b": "2"}, "") == ("b", "must be a whole number, not '2'")


def test_null_or_a_kind_explains_with_the_kind_inside_and_both_words_outside():
    maybe_seat = NULL | SEAT
    assert maybe_seat.problem({"kind": "bot", "level": 3}, "s") == ("s.level", "must be null or a text, not 3")
    assert maybe_seat.problem(5, "s") == ("s", "must be null or an object {kind, level}, not 5")
    assert shape({"seat": integer()}, optional=("seat",)).problem({}, "") is None


def test_a_whole_list_of_the_wrong_size_is_named_whole():
    assert list_of(integer(), 4).problem([1, 2], "sums") == (
        "sums",
        "must be a list of 4 items, each a whole number, not [1, 2]",
    )


def test_fields_name_the_field_and_refuse_what_is_left_unread():
    f = Fields({"n": True, "extra": 1}, "Chai view")
    with pytest.raises(RecordError, match=r"Chai view: the field 'n' must be a whole number, not True"):
        f.take("n", integer())
    with pytest.raises(RecordError, match="unknown field 'extra'"):
        Fields({"extra": 1}).done()
