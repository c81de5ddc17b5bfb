"""Chai through the engine's Session: take-backs stop where chance or hidden information came to light."""

from __future__ import annotations

import copy

import pytest

from chaigames.chai import SPEC
from chaigames.chai.actions import Fulfil
from chaigames.chai.state import ChaiState
from chaigames.engine import GameConfig, IllegalAction, RecordError, Rng, SeatConfig, Session, make_bots


def test_take_backs_undo_exactly_and_stop_at_reveals():
    """A human against an easy bot: after each human action, an undo is allowed only if nothing was
    revealed since, and then restores the state exactly."""
    cfg = GameConfig(seats=(SeatConfig("Asha"), SeatConfig("Ravi", bot="easy")), start_player=0)
    s = Session(SPEC, cfg, 21)
    bots = make_bots(SPEC, s.config, 21)
    rng = Rng(4)
    undone = refused = 0
    while not s.over and s.action_count < 400:
        seat = s.state.actors()[0]
        legal = s.state.legal_actions(seat)
        if seat == 1:
            s.apply(1, bots[1].choose(s.state.view(1), legal, 0))
            continue
        before = s.state.to_json()
        fulfils = [a for a in legal if isinstance(a, Fulfil)]
        action = fulfils[0] if fulfils else legal[rng.randbelow(len(legal))]
        events = s.apply(0, action)
        if any(e.reveal for e in events):
            assert s.takeback_size(0) == 0
            with pytest.raises(IllegalAction):
                s.undo(0)
            refused += 1
        else:
            assert s.takeback_size(0) == 1
            s.undo(0)
            assert s.state.to_json() == before
            s.apply(0, action)
            undone += 1
    assert undone > 5 and refused > 5


# -- a saved position, word for word ------------------------------------------------------------
GOLDEN = {
    "config": {
        "seats": [
            {"name": "Asha", "bot": None, "options": {"tea": "green"}},
            {"name": "Bina", "bot": None, "options": {"tea": "black"}},
        ],
        "options": {"first_customer": "random"},
        "start_player": None,
        "takebacks": None,
    },
    "rng": 47005480855415086,
    "start": 1,
    "turn": 0,
    "phase": "fulfil",
    "teas": ["green", "black"],
    "money": [13, 11],
    "tiles": [[0, 2, 3, 5, 2, 0], [6, 1, 1, 2, 0, 1]],
    "additives": [[3, 1, 0, 2, 1], [0, 0, 1, 2, 0]],
    "reserved": [["green-3", "green-5"], ["green-6", "black-5"]],
    "fulfilled": [["green-4"], ["green-1", "black-1"]],
    "tokens": {"green": 4, "black": 5},
    "spent": {"green": 2, "black": 0},
    "bag": [4, 6, 3, 3, 6, 7],
    "market": [[2, 4, 2, 5, 0, 3], [5, 5, 4, 3, 5, 2], [0, 1, 2, 4, 2, 4]],
    "additive_deck": [3, 2, 4, 2, 1, 1, 4, 3, 3, 2, 0, 0, 1, 4, 0, 4, 3, 0, 1, 3, 0, 0, 2, 3, 2],
    "additive_discard": [1, 4, 1, 0, 3],
    "display": [4, 4, 2, 2, 1],
    "cups": [[1, "black-1"], None],
    "cup_tips": [3, 1],
    "tips_flipped": [True, False],
    "tips_aside": [2, 1, 2, 3],
    "rounds_done": 4,
    "turns_taken": 23,
    "final_turns": 1,
    "safety_stopped": True,
    "additive_step": 1,
    "customer_deck": ["black-4", "green-2", "black-6", "black-8", "black-3"],
    "pool": [["black-2", 0], ["black-7", 2], ["green-7", 0], ["green-8", 1]],
    "choose_pending": [1],
}


def test_a_position_is_written_field_by_field_as_the_rules_name_them():
    """A golden position: every field of the JSON a saved game or a puzzle holds, read and written back
    word for word (a renamed or dropped field breaks saved games)."""
    st = ChaiState.from_json(copy.deepcopy(GOLDEN))
    assert st.to_json() == GOLDEN
    assert (st.n, st.phase, st.bag.counts, st.market.rows[2]) == (2, "fulfil", [4, 6, 3, 3, 6, 7], [0, 1, 2, 4, 2, 4])


CUSTOMER = "one of 'green-1', 'green-2', 'green-3', 'green-4', 'green-5', 'green-6', 'green-7', 'green-8', ..."


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("start", 2, "must be a whole number from 0 to 1"),
        ("turn", -1, "must be a whole number from 0 to 1"),
        ("phase", "lunch", "must be one of 'choose', 'main', 'additive2', 'fulfil', 'over'"),
        ("teas", ["green"], "must be a list of 2 items, each one of 'green', 'black', 'rooibos', 'oolong', 'white'"),
        ("teas", ["black", "green"], "must be the teas of the seats in the config"),
        ("money", [13, -1], "must be a list of 2 items, each a whole number from 0"),
        (
            "tiles",
            [[0, 2, 3, 5, 2], [6, 1, 1, 2, 0, 1]],
            "must be a list of 2 items, each a list of 6 items, each a whole number from 0",
        ),
        (
            "additives",
            [[3, 1, 0, 2, 1, 0], [0] * 5],
            "must be a list of 2 items, each a list of 5 items, each a whole number from 0",
        ),
        ("reserved", [["green-9"], []], f"must be a list of 2 items, each a list of items, each {CUSTOMER}"),
        ("fulfilled", [[], [], []], f"must be a list of 2 items, each a list of items, each {CUSTOMER}"),
        (
            "tokens",
            {"green": 4, "black": -1},
            "must be an object with keys among green, black of a whole number from 0",
        ),
        ("tokens", {"green": 4}, "and 'spent' must name each tea at the table"),
        (
            "spent",
            {"green": 2, "black": 0, "white": 0},
            "must be an object with keys among green, black of a whole number from 0",
        ),
        ("spent", {"green": 2}, "and 'spent' must name each tea at the table"),
        ("bag", [4, 6, 3, 3, 6], "must be a list of 6 items, each a whole number from 0"),
        (
            "market",
            [[2, 4, 2, 5, 0, 3, 1], [5], [0]],
            "must be a list of 3 items, each a list of items, each a whole number from 0 to 5, at most 6",
        ),
        (
            "market",
            [[6], [5], [0]],
            "must be a list of 3 items, each a list of items, each a whole number from 0 to 5, at most 6",
        ),
        ("additive_deck", [5], "must be a list of items, each a whole number from 0 to 4"),
        ("additive_discard", [1, 4, 1, 0], "must be a list of 5 items, each a whole number from 0"),
        ("display", [4, 4, 2, 2, 1, 1], "must be a list of items, each a whole number from 0 to 4, at most 5"),
        (
            "cups",
            [[2, "black-1"], None],
            f"must be a list of 2 items, each null or a pair [a whole number from 0 to 1, {CUSTOMER}]",
        ),
        ("cup_tips", [3, 4], "must be a list of 2 items, each one of 1, 1, 2, 2, 3, 3"),
        ("tips_flipped", [1, 0], "must be a list of 2 items, each true or false"),
        ("tips_aside", [2, 1, 2], "must be a list of 4 items, each one of 1, 1, 2, 2, 3, 3"),
        ("rounds_done", 6, "must be a whole number from 0 to 5"),
        ("turns_taken", -1, "must be a whole number from 0"),
        ("final_turns", 3, "must be null or a whole number from 0 to 2"),
        ("safety_stopped", None, "must be true or false"),
        ("additive_step", 2, "must be a whole number from 0 to 1"),
        ("customer_deck", ["tea-1"], f"must be a list of items, each {CUSTOMER}"),
        ("pool", [["black-2", -1]], f"must be a list of items, each a pair [{CUSTOMER}, a whole number from 0]"),
        ("choose_pending", [0, 1, 0], "must be a list of items, each a whole number from 0 to 1, at most 2"),
    ],
)
def test_a_position_with_an_impossible_field_is_refused_in_words(field, value, why):
    """A position from a file (a puzzle, a bug report) with a sixth flavour, a tea nobody plays, a seat that is
    not at the table: refused with the field and what it may hold, word for word."""
    d = copy.deepcopy(GOLDEN)
    d[field] = value
    with pytest.raises(RecordError) as refused:
        ChaiState.from_json(d)
    shown = "" if why.startswith(("and", "must be the")) else f", not {value!r}"
    field = "tokens" if why.startswith("and") else field
    assert str(refused.value) == f"Chai position: the field {field!r} {why}{shown}"


def test_a_position_choosing_first_customers_names_who_chooses():
    d = copy.deepcopy(GOLDEN) | {"phase": "choose", "choose_pending": []}
    with pytest.raises(RecordError) as refused:
        ChaiState.from_json(d)
    assert str(refused.value) == (
        "Chai position: the field 'choose_pending' must name a seat while first customers are being chosen"
    )


def test_what_a_seat_sees_word_for_word():
    """Asha's screen in the golden position: her own reserved customers, only counts of the other hand and the
    decks, whose customer sits in each cup, that she is over the additive limit and whom she could serve."""
    st = ChaiState.from_json(copy.deepcopy(GOLDEN))
    assert st.view(0).to_json() == {
        "seat": 0,
        "phase": "fulfil",
        "turn": 0,
        "start_player": 1,
        "players": [
            {
                "name": "Asha",
                "tea": "green",
                "money": 13,
                "tiles": {"mint": 0, "jasmine": 2, "lemon": 3, "ginger": 5, "berries": 2, "lavender": 0},
                "additives": {"milk": 3, "sugar": 1, "honey": 0, "vanilla": 2, "spice": 1},
                "reserved_count": 2,
                "fulfilled": ["green-4"],
            },
            {
                "name": "Bina",
                "tea": "black",
                "money": 11,
                "tiles": {"mint": 6, "jasmine": 1, "lemon": 1, "ginger": 2, "berries": 0, "lavender": 1},
                "additives": {"milk": 0, "sugar": 0, "honey": 1, "vanilla": 2, "spice": 0},
                "reserved_count": 2,
                "fulfilled": ["green-1", "black-1"],
            },
        ],
        "market": [
            ["lemon", "berries", "lemon", "lavender", "mint", "ginger"],
            ["lavender", "lavender", "berries", "ginger", "lavender", "lemon"],
            ["mint", "jasmine", "lemon", "berries", "lemon", "berries"],
        ],
        "bag_count": 29,
        "display": ["spice", "spice", "honey", "honey", "sugar"],
        "additive_deck_count": 25,
        "additive_discard": {"milk": 1, "sugar": 4, "honey": 1, "vanilla": 0, "spice": 3},
        "pool": [
            {"customer": "black-2", "coins": 0},
            {"customer": "black-7", "coins": 2},
            {"customer": "green-7", "coins": 0},
            {"customer": "green-8", "coins": 1},
        ],
        "customer_deck_count": 5,
        "cups": [{"seat": 1, "customer": "black-1", "tip": 3}, None],
        "tokens": {"green": 4, "black": 5},
        "spent_tokens": {"green": 2, "black": 0},
        "cup_round": 5,
        "rounds_done": 4,
        "turns_taken": 23,
        "final_turns": 1,
        "additive_step": 1,
        "reserved": ["green-3", "green-5"],
        "over_limit": "additives",
        "servable": ["green-3", "black-2", "black-7"],
    }
