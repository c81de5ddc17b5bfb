"""The collection phase as a player reads it: the walk around the track, the start space, the card taken with
its tickets, the refusals and the moves offered, word for word; and the plumbing of a position (a new game,
a position read back, a clone).

Each test here was written for mutants that passed the rest of the suite (tests/MUTANTS.md, "Dabba Walla,
collection phase and plumbing").
"""

from __future__ import annotations

import pytest

from chaigames.dabba_walla import data as D
from chaigames.dabba_walla.actions import (
    AddChai,
    Commit,
    EndTurn,
    Jump,
    Move,
    PlayCard,
    Start,
    Swap,
)
from chaigames.dabba_walla.geometry import TILE_ORIENTATIONS
from chaigames.dabba_walla.state import DabbaWallaState
from chaigames.engine import IllegalAction, RecordError
from tests.dabba_walla.dw_helpers import card, give_card, give_chai, make, put, to_delivery, to_turn
from tests.dabba_walla.test_dw_delivery import choose, fill
from tests.dabba_walla.test_dw_pickup import place_card
from tests.positions import edit

# make(2) (seed 1) deals this display, spaces 1 to 6 (0 to 5 in the actions), and G14 on top of the draw pile.
DISPLAY = ("Y09", "B07", "G03", "G11", "G18", "G08")


def logged(events):
    return [(e.kind, e.text, e.reveal, e.seats, e.data) for e in events]


def refused_with(s, seat, action, text):
    """The action is refused in exactly these words and leaves the position as it was."""
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(seat, action)
    assert str(err.value) == text
    assert s.to_json() == before


def on_track(s, space=0, **fields):
    """Laureen's turn to move, her Dabba Walla on `space` (Mattis not yet on the track)."""
    s = to_turn(s, 0, "move")
    return edit(s, pos=[space, -1], **fields)


def take(code, tickets=0):
    words = f" and {tickets} ticket{'s' if tickets > 1 else ''}" if tickets else ""
    return ("take", f"Laureen takes {code}{words}", False, None, {"seat": 0, "card": code, "tickets": tickets})


def refill(space):
    return ("refill", f"G14 is dealt to space {space + 1}", True, None, {"space": space, "card": "G14"})


def test_the_deal_this_file_relies_on():
    s = make(2)
    assert tuple(D.CARD_CODES[c] for c in s.display) == DISPLAY and D.CARD_CODES[s.draw[-1]] == "G14"


def test_the_first_turn_starts_on_any_space_and_is_logged_word_for_word():
    """1a: the first turn puts the Dabba Walla on a space of your choice and takes its card."""
    s = make(2)
    log = s.apply(0, Start(3))
    assert logged(log) == [
        ("start", "Laureen starts on space 4", False, None, {"seat": 0, "space": 3}),
        take("G11"),
        refill(3),
    ]
    assert s.pos == [3, -1] and s.step == "play"


@pytest.mark.parametrize(
    ("action", "tickets_before", "move", "taken", "lands"),
    [
        (Move(1, 1), [0] * 6, ("Laureen moves 1 space clockwise", []), take("B07"), 1),
        (
            Move(2, -1),
            [0, 0, 0, 0, 1, 0],
            ("Laureen moves 2 spaces counterclockwise, leaving a ticket on 1 card", [5]),
            take("G18", 1),
            4,
        ),
        (
            Move(3, 1),
            [0, 0, 0, 2, 0, 0],
            ("Laureen moves 3 spaces clockwise, leaving a ticket on 2 cards", [1, 2]),
            take("G11", 2),
            3,
        ),
        (
            Move(6, 1),
            [0] * 6,
            ("Laureen moves 6 spaces clockwise, leaving a ticket on 5 cards", [1, 2, 3, 4, 5]),
            take("Y09"),
            0,
        ),
    ],
)
def test_a_move_is_logged_word_for_word(action, tickets_before, move, taken, lands):
    """1a/1b: the steps, the way round, one ticket left on each card passed, the card taken with the tickets
    on it, and the space refilled at once."""
    s = on_track(make(2), slot_tickets=tickets_before)
    text, passed = move
    data = {"seat": 0, "steps": action.steps, "direction": action.direction, "passed": passed}
    assert logged(s.apply(0, action)) == [("move", text, False, None, data), taken, refill(lands)]
    assert s.pos[0] == lands and s.tickets[0] == 6 - (action.steps - 1) + taken[4]["tickets"]


def test_the_last_card_of_the_draw_pile_triggers_the_end_word_for_word():
    """End of the pick-up phase: a space that cannot be refilled stays empty and this is the last turn."""
    s = on_track(make(2), draw=[])
    log = s.apply(0, Move(1, 1))
    assert logged(log)[1:] == [
        take("B07"),
        ("trigger", "The display cannot be refilled: this is the last turn of the pick-up phase", False, None, {}),
    ]
    assert s.display[1] == -1 and s.trigger


def test_landing_on_an_empty_space_takes_nothing_and_the_turn_goes_on():
    """After the end is triggered a space may be empty: you take nothing there and go on to play a card."""
    s = on_track(make(2), display=[card(c) if c != "B07" else -1 for c in DISPLAY], trigger=True)
    log = s.apply(0, Move(1, 1))
    assert [e.kind for e in log] == ["move"]
    assert s.hands[0] == [card("Y14"), card("B10")] and s.step == "play"
    assert s.legal_actions(0)[:2] == [PlayCard("Y14"), PlayCard("B10")]
    s.apply(0, PlayCard("Y14"))
    assert s.step == "place"


def walks(s):
    """The moves offered to Laureen (empty dabbas are offered too in every step of her turn)."""
    return [a for a in s.legal_actions(0) if type(a) in (Move, Jump)]


def test_the_moves_offered_are_each_way_once_and_six_spaces_once():
    """1a and DW-6: 1-5 spaces either way; six spaces either way reach your own space, one move listed once;
    with a jump chai tile every space is offered too."""
    s = on_track(make(2), space=2)
    moves = [Move(k, d) for k in range(1, 6) for d in (1, -1)] + [Move(6, 1)]
    assert walks(s) == moves
    s = give_chai(s, 0, "jump")
    assert walks(s) == moves + [Jump(sp) for sp in range(6)]


def test_the_moves_offered_stop_at_the_tickets_you_have():
    s = on_track(make(2), tickets=[1, 6])
    assert walks(s) == [Move(1, 1), Move(1, -1), Move(2, 1), Move(2, -1)]


def test_refusals_of_the_walk_word_for_word():
    """Every refusal of the start, the move and the jump, in the player's words, the position unchanged."""
    s = make(2)
    refused_with(s, 0, Move(1, 1), "On your first turn you place your Dabba Walla on any space")
    for space in (6, -1):
        refused_with(s, 0, Start(space), "The board has spaces 0 to 5")
    s = give_chai(s, 0, "jump")
    refused_with(s, 0, Jump(2), "On your first turn you may start on any space anyway")
    s.apply(0, Start(0))
    refused_with(s, 0, Start(1), "You have already moved this turn")
    refused_with(s, 0, Move(1, 1), "You have already moved this turn")
    refused_with(s, 0, Jump(1), "A jump replaces your movement; you have already moved")

    s = on_track(make(2))
    refused_with(s, 0, Start(2), "Only your first turn starts anywhere; now you move 1-6 spaces")
    for steps in (0, 7):
        refused_with(s, 0, Move(steps, 1), "You move 1 to 6 spaces")
    for way in (0, 2):
        refused_with(s, 0, Move(1, way), "Direction is 1 (clockwise) or -1 (counterclockwise)")
    refused_with(s, 0, Jump(1), "You have no jump chai tile")
    s = give_chai(s, 0, "jump")
    for space in (6, -1):
        refused_with(s, 0, Jump(space), "The board has spaces 0 to 5")

    s = on_track(make(2), tickets=[0, 6])
    refused_with(s, 0, Move(2, 1), "You need 1 ticket to move 2 spaces and you have 0")
    refused_with(s, 0, Move(3, -1), "You need 2 tickets to move 3 spaces and you have 0")


def test_refusals_of_a_swap_word_for_word():
    s = to_turn(make(2), 0)
    refused_with(s, 0, Swap("Y14", 1), "You have no swap chai tile")
    s = give_chai(s, 0, "swap")
    refused_with(s, 0, Swap("R01", 1), "R01 is not in your hand")
    refused_with(s, 0, Swap("Z99", 1), "'Z99' is not a dabba card")
    for space in (6, -1):
        refused_with(s, 0, Swap("Y14", space), "The board has spaces 0 to 5")
    s = edit(s, display=[card(c) if c != "B07" else -1 for c in DISPLAY])
    refused_with(s, 0, Swap("Y14", 1), "There is no card on space 2")


def test_refusals_of_the_wrong_kind_of_move_word_for_word():
    """A card played in the pick-up phase, a tile wanted in the delivery phase, anything once the game is over."""
    s = to_turn(make(2), 0)
    refused_with(s, 0, PlayCard("Z99"), "'Z99' is not a dabba card")
    refused_with(s, 0, Commit("Y14"), "That is not a move of the pick-up phase")
    refused_with(s, 0, AddChai("+Y"), "That is not a move of the pick-up phase")
    refused_with(s, 1, EndTurn(), "It is Laureen's turn")
    s = to_delivery(fill(make(2), 0, "Y"), {0: ["R18"], 1: ["B18"]})
    refused_with(s, 0, Move(1, 1), "In the delivery phase you choose a card and orange chai tiles")
    refused_with(s, 1, EndTurn(), "In the delivery phase you choose a card and orange chai tiles")
    s = edit(s, phase="over")
    refused_with(s, 0, Commit("R18"), "The game is over")


def test_a_choice_made_is_refused_and_the_play_later_turn_names_its_player():
    """DW-10/11: once you have chosen you wait for the others; while a play-later player changes their
    choice, everyone else waits for that player, chosen or not."""
    s = make(3)
    s = fill(s, 0, "YYY")
    s = to_delivery(s, {0: ["R18", "Y18"], 1: ["B18", "Y16"], 2: ["G18"]})
    s = give_chai(s, 1, "later")
    choose(s, 0, "R18")
    refused_with(s, 0, Commit("R18"), "You have already made your choice for this round")
    refused_with(s, 0, AddChai("+Y"), "You have already made your choice for this round")
    choose(s, 1, "B18", "later")
    refused_with(s, 1, Commit("B18"), "You have already made your choice for this round")
    choose(s, 2, "G18")
    assert s.step == "later" and s.actors() == (1,)
    for seat in (0, 2):
        refused_with(s, seat, Commit(D.CARD_CODES[s.hands[seat][0]]), "It is Mattis's turn to choose")


def test_a_new_game_has_no_delivery_yet():
    """A new game's position: no round, no level, no choice made or revealed, no tile sent back to the box."""
    d = make(3).to_json()
    assert {k: d[k] for k in ("tips", "rows", "rounds", "round", "level", "final_done")} == {
        "tips": [0, 0, 0],
        "rows": {},
        "rounds": 0,
        "round": 0,
        "level": 0,
        "final_done": 0,
    }
    assert {k: d[k] for k in ("choice_card", "choice_chai", "committed", "revealed", "later", "later_queue")} == {
        "choice_card": [-1, -1, -1],
        "choice_chai": [[], [], []],
        "committed": [False, False, False],
        "revealed": [False, False, False],
        "later": [False, False, False],
        "later_queue": [],
    }
    assert (d["last_round"], d["dw5_returns"], d["trigger"], d["pending"]) == (None, 0, False, -1)


def test_completing_a_chai_is_logged_word_for_word():
    """DW-3: everyone sees that a chai was completed and a tile drawn (chance: a take-back stops there); only
    the player sees which tile."""
    s = make(2)
    s = put(s, 0, card("Y17"), [(0, 0)], 1, half=(0, 0, "E"))
    west = next(k for k, o in enumerate(TILE_ORIENTATIONS[17]) if o.half_side == 3)
    s, events = place_card(s, 0, "R18", west, 0, 1, 1)
    kind = D.CHAI_KINDS[s.chai_owned[0][-1]]
    assert logged(e for e in events if e.kind.startswith("chai")) == [
        ("chai", "Laureen completes a chai and draws a chai tile", True, None, {"seat": 0}),
        ("chai_tile", f"You draw the chai tile: {D.CHAI_LABELS[kind]}", True, (0,), {"seat": 0, "kind": kind}),
    ]


def test_a_position_read_back_holds_the_same_stacks_as_the_game():
    """A loaded tile's stack entries are (piece, level, half side) triples; a position written and read back
    holds the very same ones, not look-alike lists."""
    s = make(2)
    s = give_card(s, 0, "Y01")
    s, _ = place_card(s, 0, "Y01", 0, 0, 0, 1)
    read = DabbaWallaState.from_json(s.to_json())
    assert read.stacks == s.stacks
    assert {type(e) for stack in read.stacks for square in stack for e in square} == {tuple}


def test_a_clone_shows_the_same_view_before_and_after_a_move():
    s = make(2)
    copy = s.clone()
    assert copy.view(0) == s.view(0)
    copy.apply(0, Start(0))
    assert copy.view(0) != s.view(0) and copy.view(0) == DabbaWallaState.from_json(copy.to_json()).view(0)


@pytest.mark.parametrize(
    ("field", "value", "must"),
    [
        ("orders", ["1"], "must be a list of items, each a whole number"),
        ("no_minus", 0, "must be true or false"),
        ("module1", "no", "must be true or false"),
        ("trigger", 0, "must be true or false"),
    ],
)
def test_a_setup_field_of_the_wrong_kind_is_refused_in_words(field, value, must):
    d = make(2).to_json()
    d[field] = value
    with pytest.raises(RecordError) as refused:
        DabbaWallaState.from_json(d)
    assert str(refused.value).startswith(f"Dabba Walla position: the field {field!r} {must}")
