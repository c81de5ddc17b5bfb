"""Placing dabbas, the end of the collection phase and the delivery phase, pinned where mutation testing found
the suite blind: what the log tells the players word for word, refusals word for word, and a few rules (an empty
or bonus dabba shows no half chai, the orange tiles a seat may add, a revealed choice during play-later)."""

from __future__ import annotations

import pytest

from chaigames.dabba_walla.actions import (
    AddChai,
    AddEmpty,
    BonusDabba,
    Commit,
    EndTurn,
    Jump,
    Move,
    Place,
    PlayCard,
    RemoveChai,
    ReturnTile,
)
from chaigames.dabba_walla.data import CARD_CODES
from chaigames.dabba_walla.geometry import TILE_ORIENTATIONS
from chaigames.dabba_walla.state import DabbaWallaState
from chaigames.engine import IllegalAction
from tests.dabba_walla.dw_helpers import card, give_card, give_chai, make, put, to_delivery, to_turn
from tests.dabba_walla.test_dw_delivery import choose, fill
from tests.positions import edit


def told(events) -> list[tuple]:
    """Everything an event tells: kind, text, whether it brings hidden things to light, who sees it, its data."""
    return [(e.kind, e.text, e.reveal, e.seats, e.data) for e in events]


def refusal(s: DabbaWallaState, seat: int, action) -> str:
    """The words of a refusal; the position is left as it was."""
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(seat, action)
    assert s.to_json() == before
    return str(err.value)


def to_final_end(s: DabbaWallaState, played: list[list[str]]) -> DabbaWallaState:
    """The last player of the final placements about to end the turn, with these played piles and empty hands:
    their EndTurn prepares the delivery phase (its log is what the test reads)."""
    for p, codes in enumerate(played):
        for code in codes:
            s = give_card(s, p, code)
    hands = s.to_json()["hands"]
    piles = [[c for c in hands[p] if c in {card(x) for x in played[p]}] for p in range(s.n)]
    last = (s.start - 1) % s.n
    return edit(
        s, played=piles, hands=[[] for _ in range(s.n)], phase="final", step="end", turn=last, final_done=s.n - 1
    )


# -- placing ---------------------------------------------------------------------------------------------------
def test_a_loading_turn_is_logged_word_for_word():
    """Play a card, load its tile, add an empty dabba, end the turn: each step's line in the log."""
    s = make(2)
    s = to_turn(s, 0)
    s = give_card(s, 0, "Y18")
    log = s.apply(0, PlayCard("Y18"))
    log += s.apply(0, Place(0, 1, 1, 1))
    log += s.apply(0, AddEmpty(1, 1))
    log += s.apply(0, EndTurn())
    assert told(log) == [
        ("play", "Laureen plays Y18", False, None, {"seat": 0, "card": "Y18"}),
        ("place", "Laureen loads Y18 on level 1", False, None, {"seat": 0, "piece": "Y18", "level": 1, "squares": [4]}),
        ("empty", "Laureen adds an empty dabba at (2,2), level 2", False, None, {"seat": 0, "square": 4, "level": 2}),
        ("turn", "Laureen ends the turn", False, None, {}),
    ]


def test_a_tile_that_fits_nowhere_is_logged_word_for_word():
    """DW-5: the tile goes back to the box, and the log says why."""
    s = make(2, vehicle="crate")
    for code, square in (("Y17", (0, 1)), ("R17", (1, 0)), ("B17", (1, 2))):
        s = put(s, 0, card(code), [square], 1)
    for code, square in (("Y18", (0, 1)), ("R18", (1, 0)), ("B18", (1, 2))):
        s = put(s, 0, card(code), [square], 2)
    s = edit(s, empties=s.empties[-3:])  # every 2x2 footprint needs 4 empty dabbas to level it
    s = to_turn(s, 0)
    s = give_card(s, 0, "G01")
    s.apply(0, PlayCard("G01"))
    assert told(s.apply(0, ReturnTile())) == [
        (
            "return",
            "G01 fits nowhere on Laureen's crate, even with empty dabbas: the tile goes back to the box",
            False,
            None,
            {"seat": 0, "piece": "G01"},
        )
    ]


def _west_m1() -> int:
    """The orientation of tile #18 (M1) with its half-chai on the west side."""
    return next(k for k, o in enumerate(TILE_ORIENTATIONS[17]) if o.half_side == 3)


@pytest.mark.parametrize("extra", ["empty", "bonus"])
def test_an_empty_or_bonus_dabba_shows_no_half_chai(extra):
    """Placing rule 6: only tiles have half chais. A half facing an empty or a bonus dabba on the same level
    completes nothing, and the dabba's stack entry has no half side."""
    s = make(2)
    s = give_chai(s, 0, "bonus")
    s = to_turn(s, 0)
    s.apply(0, AddEmpty(0, 0) if extra == "empty" else BonusDabba("Y", 0, 0))
    assert s.stacks[0][0][0][1:] == (1, -1)
    owned = list(s.chai_owned[0])
    s = give_card(s, 0, "R18")
    s.apply(0, PlayCard("R18"))
    events = s.apply(0, Place(_west_m1(), 0, 1, 1))
    assert s.chai_owned[0] == owned and not any(e.kind == "chai" for e in events)


def test_placing_refusals_word_for_word():
    """The order of a turn and the supplies, refused in the words the player reads."""
    s = make(2)
    s = give_card(s, 0, "Y18")
    assert refusal(s, 0, PlayCard("Y18")) == "Move your Dabba Walla and take a card first"
    assert refusal(s, 0, EndTurn()) == "Your turn is not finished: move, take a card and load a tile"
    s = to_turn(s, 0)
    assert refusal(s, 0, Place(0, 0, 0, 1)) == "Play a card first; its tile is the one you place"
    assert refusal(s, 0, PlayCard("R01")) == "R01 is not in your hand"
    assert refusal(s, 0, BonusDabba("G", 0, 0)) == "You have no bonus dabba chai tile"
    s.apply(0, PlayCard("Y18"))
    assert refusal(s, 0, PlayCard(CARD_CODES[s.hands[0][0]])) == "You have already played a card this turn"
    assert refusal(s, 0, EndTurn()) == "Place your tile first"
    s = edit(s, empties=[])
    assert refusal(s, 0, AddEmpty(0, 0)) == "There are no empty dabbas left in the supply"
    s = give_chai(s, 0, "bonus")
    s = edit(s, bonus=[b if c != 3 else [] for c, b in enumerate(s.to_json()["bonus"])])
    assert refusal(s, 0, BonusDabba("G", 0, 0)) == "No green bonus dabba is left"


# -- the end of the collection phase ---------------------------------------------------------------------------
def test_the_end_of_the_pickup_phase_and_of_the_final_placements_are_logged_word_for_word():
    """DW-7: the turn that ends with the display short of a card starts the final placements; a player who has
    loaded both last cards says so."""
    s = make(2)
    s = edit(s, step="end", trigger=True)
    assert told(s.apply(0, EndTurn())) == [
        ("final", "The pick-up phase is over: everyone loads the two cards left in hand", False, None, {})
    ]
    s = edit(s, step="end")
    assert told(s.apply(0, EndTurn())) == [("turn", "Laureen has loaded the last two cards", False, None, {})]
    assert s.turn == 1 and s.step == "play"


def test_the_delivery_phase_and_a_round_are_logged_word_for_word():
    """DW-9 to DW-14 in the log: the delivery begins, a round's level and the orders it pays, the secret choices
    (only their owner hears of an added tile), the reveal, the tracks, what each player delivers, the end."""
    s = make(2, order_card_1=1, order_card_2=3)
    s = fill(s, 0, "YYYRRRRRE")  # the trailer's level 1 full: 3 yellow, 5 red, 1 empty dabba
    s = fill(s, 1, "B")
    s = edit(s, tickets=[2, 3])
    s = to_final_end(s, [["Y18", "R12"], []])
    log = s.apply(1, EndTurn())
    assert told(log) == [
        ("delivery", "The delivery phase begins: every ticket is worth 1 tip", False, None, {}),
        ("round", "Delivery round 1 of 1: level 1", False, None, {}),
        ("order", "Order 1 (Presorted delivery) pays: Laureen 5, Mattis 0", False, None, {}),
        ("order", "Order 3 (Small packages) pays: Laureen 15, Mattis 0", False, None, {}),
    ]
    assert s.step == "choose" and s.actors() == (0, 1)
    s = give_chai(s, 0, "+R", "later")
    s = give_chai(s, 1, "+Y")
    log = s.apply(0, AddChai("+R")) + s.apply(0, Commit("R12"))
    log += s.apply(1, AddChai("+Y")) + s.apply(1, Commit(None))
    assert told(log) == [
        ("choice", "Laureen adds a chai tile", False, (0,), {"kind": "+R"}),
        ("commit", "Laureen has chosen", False, None, {"seat": 0}),
        ("choice", "Mattis adds a chai tile", False, (1,), {"kind": "+Y"}),
        ("commit", "Mattis has chosen", False, None, {"seat": 1}),
        ("reveal", "Laureen reveals R12 with +1 red", True, None, {"seat": 0}),
        ("reveal", "Mattis reveals no card with +1 yellow", True, None, {"seat": 1}),
        (
            "tracks",
            "Scoring tracks: yellow 1, red 3, blue 0, green 0",
            False,
            None,
            {"positions": [1, 3, 0, 0], "values": [1, 3, 0, 0]},
        ),
        # 3 yellow x 1 + 5 red x 3, less 2 for the empty dabba
        ("deliver", "Level 1 delivered: Laureen 16, Mattis 0", False, None, {"level": 1}),
        ("over", "The game is over: Laureen wins", False, None, {}),
    ]
    assert s.last_round["later"] == [False, False]
    assert s.result().scores == (2 + 5 + 15 + 18 - 2 + 2, 3)  # tickets, orders 1 and 3, level 1, a chai tile


def test_a_game_without_a_load_ends_at_once_and_a_tie_is_told():
    """DW-9 / DW-14: no level to deliver means no round; equal tips share the victory, and the log says "win"."""
    s = make(2)
    s = to_final_end(s, [[], []])
    assert told(s.apply(1, EndTurn())) == [
        ("delivery", "The delivery phase begins: every ticket is worth 1 tip", False, None, {}),
        ("over", "The game is over: Laureen and Mattis win", False, None, {}),
    ]
    assert s.result().winners == (0, 1)


def test_a_finished_game_shows_its_end():
    """After the last round the game is over: no step, no level being delivered, and the position says so."""
    s = make(2)
    s = fill(s, 0, "Y")
    s = to_delivery(s, {0: ["Y18"], 1: ["R18"]})
    with pytest.raises(IllegalAction) as err:
        s.result()
    assert str(err.value) == "The game is not over yet"
    choose(s, 0, "Y18")
    choose(s, 1, "R18")
    assert s.is_over() and s.view(0).step == "over" and s.view(None).level == 0
    data = s.to_json()
    assert (data["phase"], data["step"], data["level"]) == ("over", "over", 0)
    assert DabbaWallaState.from_json(data).to_json() == data


# -- delivery choices ------------------------------------------------------------------------------------------
def test_delivery_refusals_word_for_word():
    """A choice is a card from the hand (none only with an empty hand) and orange chai tiles already on it."""
    s = make(2)
    s = fill(s, 0, "Y")
    s = to_delivery(s, {0: ["Y18"], 1: []})
    s = give_chai(s, 0, "jump", "+Y")
    assert refusal(s, 0, Commit(None)) == "Choose one of your cards"
    assert refusal(s, 0, Commit("R01")) == "R01 is not in your hand"
    assert refusal(s, 0, AddChai("jump")) == "Only orange chai tiles are played in the delivery phase"
    assert refusal(s, 0, RemoveChai("+Y")) == "There is no '+Y' chai tile on your choice"
    assert refusal(s, 0, Jump(1)) == "In the delivery phase you choose a card and orange chai tiles"
    assert refusal(s, 0, Move(1, 1)) == "In the delivery phase you choose a card and orange chai tiles"


def test_a_seat_may_add_every_orange_tile_it_owns_whatever_it_owns_first():
    """DW-10: every orange kind a seat owns is offered, even after a light-blue tile in its pile; one play-later
    tile is offered until one is on the choice, and another kind is still offered after it."""
    s = make(2)
    s = fill(s, 0, "Y")
    s = to_delivery(s, {0: ["Y18"], 1: ["R18"]})
    s = give_chai(s, 0, "jump", "later", "+Y", "later")
    legal = s.legal_actions(0)
    assert AddChai("later") in legal and AddChai("+Y") in legal and AddChai("jump") not in legal
    s.apply(0, AddChai("later"))
    legal = s.legal_actions(0)
    assert AddChai("later") not in legal and AddChai("+Y") in legal
    s.apply(0, AddChai("+Y"))
    assert s.legal_actions(0) == [RemoveChai("later"), RemoveChai("+Y"), Commit("Y18")]


def test_a_play_later_round_is_logged_word_for_word_and_the_others_choices_are_shown():
    """DW-11: the play-later tile is revealed alone; the others' choices are open while its owner chooses again,
    and its owner's new choice is revealed before the round is scored."""
    s = make(2)
    s = fill(s, 0, "YY")
    s = fill(s, 0, "Y", level=2)
    s = to_delivery(s, {0: ["Y18", "R12"], 1: ["B18", "G18"]})
    s = give_chai(s, 0, "later")
    log = choose(s, 0, "Y18", "later") + choose(s, 1, "B18")
    assert told(log) == [
        ("commit", "Laureen has chosen", False, None, {"seat": 0}),
        ("commit", "Mattis has chosen", False, None, {"seat": 1}),
        ("reveal", "Mattis reveals B18", True, None, {"seat": 1}),
        ("later", "Laureen plays a play-later tile", True, None, {"seat": 0}),
    ]
    assert s.step == "later"
    theirs = s.view(0).players[1]
    assert theirs.revealed and theirs.choice == ("B18", ())
    log = s.apply(0, Commit("R12"))
    assert [e.kind for e in log] == ["reveal", "tracks", "deliver", "round"]
    assert told(log[:1]) == [("reveal", "Laureen reveals R12", True, None, {"seat": 0})]
    assert s.level == 1 and s.later == [False, False] and s.revealed == [False, False]
