"""Records made before a rules change still replay to the same results (then the rules version stays), and
a position read from a file is checked field by field.

The corpus (`data/records_v1.jsonl`, written by `tools/dw_corpus.py` on the code before the DW-7 change:
2-4 seats, every vehicle, both modules, every bot level) is replayed on the current code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chaigames.dabba_walla import SPEC
from chaigames.dabba_walla.state import DabbaWallaState
from chaigames.engine import RecordError, Session
from chaigames.engine.record import record_from_json
from tests.positions import play

CORPUS = Path(__file__).parent / "data" / "records_v1.jsonl"
GAMES = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line]


def test_the_corpus_covers_seats_vehicles_and_both_modules():
    configs = [game["record"]["config"] for game in GAMES]
    assert {len(c["seats"]) for c in configs} == {2, 3, 4}
    assert {c["options"]["vehicle"] for c in configs} == {"trailer", "handcart", "crate", "wheelbarrow"}
    assert any(c["options"].get("module1") for c in configs)
    assert {c["options"].get(f"order_card_{k}") for c in configs for k in (1, 2, 3)} >= {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"seed{g['record']['seed']}")
def test_old_records_replay_to_the_same_result(game):
    record = record_from_json(game["record"], lambda _id: SPEC)
    session = Session.from_record(SPEC, record)
    assert session.over
    result = session.result()
    assert list(result.scores) == game["scores"] and list(result.winners) == game["winners"]
    assert [[row.source, list(row.values)] for row in result.breakdown] == game["breakdown"]


# -- positions: what a saved game or a puzzle may hold ----------------------------------------------
def _position():
    """A two-seat trailer game after 30 actions (turn 1, both seats on the track, cards in hand)."""
    return next(s for _, s in play("dabba-walla", 2, 5, {30})).state.to_json()


def _stacks(entry):
    """Seat 1's first square holds one entry, the rest of the trailer and seat 2's are empty."""
    return [[[entry]] + [[]] * 8, [[]] * 9]


STACK_WORDS = (
    "must be a list of 2 items, each a list of 9 items, each a list of items, each a [piece, level, half side] triple"
)


@pytest.mark.parametrize(
    ("field", "value", "must"),
    [
        ("n", 3, "must be 2 for this setup"),
        ("names", ["Asha", "Ravi"], "must be ['Asha', 'Bina'] for this setup"),
        ("vehicle_key", "crate", "must be 'trailer' for this setup"),
        ("no_minus", True, "must be False for this setup"),
        ("module1", True, "must be False for this setup"),
        ("orders", [1], "must be [] for this setup"),
        ("rng", -1, "must be a whole number from 0 to 18446744073709551615"),
        ("start", 2, "must be a whole number from 0 to 1"),
        ("out_cards", [76], "must be a list of items, each a whole number from 0 to 75"),
        ("draw", [-1], "must be a list of items, each a whole number from 0 to 75"),
        ("display", [13, 33, 30, 67, 52], "must be a list of 6 items, each a whole number from -1 to 75"),
        ("display", [-2, 33, 30, 67, 52, 4], "must be a list of 6 items, each a whole number from -1 to 75"),
        ("slot_tickets", [0, 1, 0, 1, 0, -1], "must be a list of 6 items, each a whole number from 0"),
        ("hands", [[9, 28]], "must be a list of 2 items, each a list of items, each a whole number from 0 to 75"),
        ("played", [[76], []], "must be a list of 2 items, each a list of items, each a whole number from 0 to 75"),
        ("tickets", [5, -1], "must be a list of 2 items, each a whole number from 0"),
        ("box_tickets", -1, "must be a whole number from 0"),
        ("pos", [0, 6], "must be a list of 2 items, each a whole number from -1 to 5"),
        ("pos", [-2, 0], "must be a list of 2 items, each a whole number from -1 to 5"),
        (
            "heights",
            [[0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]],
            "must be a list of 2 items, each a list of 9 items, each a whole number from 0",
        ),
        (
            "heights",
            [[-1, -1, -1, -1, -1, -1, -1, -1, -1], [0, 0, 0, 0, 0, 0, 0, 0, 0]],
            "must be a list of 2 items, each a list of 9 items, each a whole number from 0",
        ),
        (
            "stacks",
            _stacks([103, 1, 0]),
            STACK_WORDS,
        ),
        (
            "stacks",
            _stacks([0, 1, 4]),
            STACK_WORDS,
        ),
        (
            "stacks",
            _stacks([0, -1, 0]),
            STACK_WORDS,
        ),
        (
            "stacks",
            _stacks([0, 1, -2]),
            STACK_WORDS,
        ),
        ("empties", [87], "must be a list of items, each a whole number from 88 to 102"),
        ("empties", [103], "must be a list of items, each a whole number from 88 to 102"),
        (
            "bonus",
            [[75], [], [], []],
            "must be a list of 4 items, each a list of items, each a whole number from 76 to 87",
        ),
        (
            "bonus",
            [[88], [], [], []],
            "must be a list of 4 items, each a list of items, each a whole number from 76 to 87",
        ),
        ("bonus", [[], [], []], "must be a list of 4 items, each a list of items, each a whole number from 76 to 87"),
        ("returned", [76], "must be a list of items, each a whole number from 0 to 75"),
        ("delivered", [103], "must be a list of items, each a whole number from 0 to 102"),
        ("chai_box", [36], "must be a list of items, each a whole number from 0 to 35"),
        ("chai_supply", [-1], "must be a list of items, each a whole number from 0 to 35"),
        ("chai_owned", [[36], []], "must be a list of 2 items, each a list of items, each a whole number from 0 to 35"),
        ("chai_spent", [36], "must be a list of items, each a whole number from 0 to 35"),
        ("double_zero", [4, -1], "must be a list of 2 items, each a whole number from -1 to 3"),
        ("double_zero", [-2, -1], "must be a list of 2 items, each a whole number from -1 to 3"),
        ("double_zero", [0], "must be a list of 2 items, each a whole number from -1 to 3"),
        ("discard", [76], "must be a list of items, each a whole number from 0 to 75"),
        ("phase", "lunch", "must be one of 'pickup', 'final', 'delivery', 'over'"),
        ("turn", 2, "must be a whole number from -1 to 1"),
        ("turn", -2, "must be a whole number from -1 to 1"),
        ("step", "dance", "must be one of 'move', 'play', 'place', 'end', 'choose', 'later', 'over'"),
        ("turns_taken", [3, -1], "must be a list of 2 items, each a whole number from 0"),
        ("pending", 76, "must be a whole number from -1 to 75"),
        ("pending", -2, "must be a whole number from -1 to 75"),
        ("trigger", 1, "must be true or false"),
        ("final_done", 3, "must be a whole number from 0 to 2"),
        ("final_done", -1, "must be a whole number from 0 to 2"),
        ("tips", [0, 0.5], "must be a list of 2 items, each a whole number"),
        ("rows", {"1": [0]}, "must be an object of a list of 2 items, each a whole number"),
        ("rows", [], "must be an object of a list of 2 items, each a whole number"),
        ("rounds", -1, "must be a whole number from 0"),
        ("round", -1, "must be a whole number from 0"),
        ("level", -1, "must be a whole number from 0"),
        ("choice_card", [-2, -1], "must be a list of 2 items, each a whole number from -1 to 75"),
        ("choice_card", [76, -1], "must be a list of 2 items, each a whole number from -1 to 75"),
        (
            "choice_chai",
            [[36], []],
            "must be a list of 2 items, each a list of items, each a whole number from 0 to 35",
        ),
        ("committed", [1, False], "must be a list of 2 items, each true or false"),
        ("revealed", [False], "must be a list of 2 items, each true or false"),
        ("later_queue", [0, 1, 0], "must be a list of items, each a whole number from 0 to 1, at most 2"),
        ("later_queue", [2], "must be a list of items, each a whole number from 0 to 1, at most 2"),
        ("later", [False, None], "must be a list of 2 items, each true or false"),
        ("last_round", [], "must be null or an object"),
        ("dw5_returns", -1, "must be a whole number from 0"),
        (
            "stacks",
            _stacks([0, 1]),
            STACK_WORDS,
        ),
        (
            "stacks",
            _stacks([-1, 1, 0]),
            STACK_WORDS,
        ),
    ],
)
def test_a_position_with_an_impossible_field_is_refused_in_words(field, value, must):
    """A position from a file (a puzzle, a bug report) with a card that does not exist, a seventh display slot,
    a seat that is not at the table, or a setup that contradicts the config: refused with the field and what it
    may hold, word for word."""
    d = _position()
    assert d[field] != value
    d[field] = value
    with pytest.raises(RecordError) as refused:
        DabbaWallaState.from_json(d)
    assert str(refused.value).startswith(f"Dabba Walla position: the field {field!r} {must}")
