"""Pick-up phase rules (rulebook "1st Pick-up Phase", "Rules for placing dabba tiles", DW-1..DW-8)."""

from __future__ import annotations

import pytest

from chaigames.dabba_walla import data as D
from chaigames.dabba_walla.actions import (
    AddEmpty,
    BonusDabba,
    EndTurn,
    Jump,
    Move,
    Place,
    PlayCard,
    ReturnTile,
    Start,
    Swap,
)
from chaigames.dabba_walla.geometry import TILE_ORIENTATIONS
from chaigames.dabba_walla.view import level_marker
from chaigames.engine import IllegalAction
from tests.dabba_walla.dw_helpers import card, give_card, give_chai, make, put, to_turn
from tests.positions import edit


def refused(s, seat, action, text=""):
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(seat, action)
    assert s.to_json() == before
    assert text.lower() in str(err.value).lower()
    return str(err.value)


def test_setup_counts():
    """Setup 5-8: 6 tickets each, 6 display cards, 2 cards per hand, 35/50/65 cards in the deck."""
    for n, size in ((2, 35), (3, 50), (4, 65)):
        s = make(n)
        assert s.tickets == [6] * n and s.box_tickets == 25 - 6 * n
        assert all(c >= 0 for c in s.display) and len(s.display) == 6
        assert all(len(h) == 2 for h in s.hands)
        assert len(s.draw) == size - 6 - 2 * n and len(s.out_cards) == 76 - size


def test_first_turn_any_space_even_shared():
    """1a First turn: any space, also one where other Dabba Walla stand; no regular move yet."""
    s = make(2)
    refused(s, 0, Move(1, 1), "first turn")
    s.apply(0, Start(3))
    assert s.pos[0] == 3 and s.step == "play"
    s.apply(0, PlayCard(D.CARD_CODES[s.hands[0][0]]))
    s.apply(0, s.legal_actions(0)[0])
    s.apply(0, EndTurn())
    s.apply(1, Start(3))  # the same space
    assert s.pos == [3, 3]


def test_neele_three_spaces_leaves_a_ticket_on_each_card_passed():
    """Rulebook example: Neele moves 3 clockwise, 1 ticket on each of the first two cards, takes the card
    and the ticket on it."""
    s = make(3)
    s = to_turn(s, 2, "move")
    s = edit(s, pos=[s.pos[0], s.pos[1], 0], slot_tickets=[0, 0, 0, 1, 0, 0])
    target = s.display[3]
    s.apply(2, Move(3, 1))
    assert s.slot_tickets[:4] == [0, 1, 1, 0]
    assert s.tickets[2] == 6 - 2 + 1
    assert target in s.hands[2] and s.display[3] != target and s.display[3] >= 0


def test_one_space_is_free_and_counterclockwise_is_allowed():
    """1a: moving 1 space is free; either direction."""
    s = make(2)
    s = to_turn(s, 0, "move")
    s = edit(s, pos=[0, s.pos[1]])
    s.apply(0, Move(1, -1))
    assert s.pos[0] == 5 and s.tickets[0] == 6 and sum(s.slot_tickets) == 0


def test_not_enough_tickets():
    """1a: each space passed costs a ticket from your supply."""
    s = make(2)
    s = to_turn(s, 0, "move")
    s = edit(s, pos=[0, s.pos[1]], tickets=[1, s.tickets[1]], box_tickets=s.box_tickets + 5)
    msg = refused(s, 0, Move(3, 1))
    assert msg == "You need 2 tickets to move 3 spaces and you have 1"
    assert Move(3, 1) not in s.legal_actions(0) and Move(2, 1) in s.legal_actions(0)


def test_dw6_move_six_returns_to_own_space():
    """DW-6 (house rule): 6 spaces brings you round to your own space, passing the 5 others."""
    s = make(2)
    s = to_turn(s, 0, "move")
    s = edit(s, pos=[2, s.pos[1]])
    s.apply(0, Move(6, 1))
    assert s.pos[0] == 2 and s.tickets[0] == 1 and s.slot_tickets[2] == 0 and sum(s.slot_tickets) == 5


def test_take_card_refills_from_draw_pile():
    """1b: take the card with its tickets; the free space is refilled at once."""
    s = make(2)
    s = to_turn(s, 0, "move")
    s = edit(s, pos=[0, s.pos[1]])
    top = s.draw[-1]
    s.apply(0, Move(1, 1))
    assert s.display[1] == top and len(s.hands[0]) == 3


def test_order_of_a_turn():
    """Turn structure: move, then play, then place, then end."""
    s = make(2)
    refused(s, 0, PlayCard(D.CARD_CODES[s.hands[0][0]]), "move")
    refused(s, 0, EndTurn(), "not finished")
    refused(s, 1, Start(0), "turn")
    s.apply(0, Start(0))
    refused(s, 0, Start(1), "already moved")
    code = D.CARD_CODES[s.hands[0][0]]
    s.apply(0, PlayCard(code))
    assert s.played[0] == [card(code)]
    refused(s, 0, EndTurn(), "place")
    refused(s, 0, PlayCard(D.CARD_CODES[s.hands[0][0]]), "already played")


def test_played_pile_is_public_and_in_order():
    """Step 2: the played cards form your personal pile, which everyone may look through, in order."""
    s = make(2)
    s = to_turn(s, 0)
    s = give_card(s, 0, "Y18")
    s.apply(0, PlayCard("Y18"))
    assert s.view(1).players[0].played == ("Y18",)
    assert s.view(1).players[0].pending == "Y18"


def place_card(s, p, code, orientation, row, col, level):
    s = to_turn(s, p)
    s = give_card(s, p, code)
    s.apply(p, PlayCard(code))
    return s, s.apply(p, Place(orientation, row, col, level))


def test_stacking_needs_full_support_and_lower_levels_stay_open():
    """Placing rule 3 / DW-1: fully supported; a lower incomplete level may still be filled later."""
    s = make(2)
    s, _ = place_card(s, 0, "Y01", 0, 0, 0, 1)  # O4 on the top-left
    s = to_turn(s, 0)
    s = give_card(s, 0, "R01")
    s.apply(0, PlayCard("R01"))
    msg = refused(s, 0, Place(0, 0, 1, 2))
    assert "needs level 1 under it everywhere" in msg
    s.apply(0, Place(0, 0, 0, 2))  # right on top
    assert s.heights[0][:2] == [2, 2]
    s, _ = place_card(s, 0, "B18", 0, 2, 2, 1)  # still level 1 later
    assert s.heights[0][8] == 1


def test_tile_must_not_protrude():
    """Placing rule 2: the tile must not protrude beyond the grid."""
    s = make(2, vehicle="crate")
    s = to_turn(s, 0)
    s = give_card(s, 0, "Y05")  # I3
    s.apply(0, PlayCard("Y05"))
    assert refused(s, 0, Place(0, 1, 1, 1)) == "The tile would overhang the crate"


def test_dw2_level_marker():
    """DW-2: the marker shows the highest level, 1 before the first tile (setup); above 10 modulo 10."""
    assert [level_marker(k) for k in (0, 1, 10, 11, 13, 20, 21)] == [1, 1, 10, 1, 3, 10, 1]
    s = make(2)
    assert s.view(1).players[0].level == 0 and s.view(1).players[0].level_marker == 1
    s, _ = place_card(s, 0, "Y17", 0, 0, 0, 1)
    s, _ = place_card(s, 0, "Y18", 0, 0, 0, 2)
    pv = s.view(1).players[0]
    assert pv.level == 2 and pv.level_marker == 2


def test_dw3_half_chai_completion_draws_a_chai_tile():
    """Placing rule 6 / DW-3: two halves on the same level make a whole chai: draw a random chai tile."""
    s = make(2)
    s = put(s, 0, card("Y17"), [(0, 0)], 1, half=(0, 0, "E"))
    supply = len(s.chai_supply)
    # M1 #18 has its half on N; take the orientation with the half on W, facing (0,0)
    west = next(k for k, o in enumerate(TILE_ORIENTATIONS[17]) if o.half_side == 3)
    s, events = place_card(s, 0, "R18", west, 0, 1, 1)
    assert len(s.chai_owned[0]) == 1 and len(s.chai_supply) == supply - 1
    private = [e for e in events if e.kind == "chai_tile"]
    assert private and private[0].seats == (0,) and private[0].reveal


def test_dw3_no_chai_across_levels_or_from_an_empty_supply():
    """DW-3: the neighbour's top tile must be on the same level; none is drawn when the supply is empty."""
    west = next(k for k, o in enumerate(TILE_ORIENTATIONS[17]) if o.half_side == 3)
    s = make(2)
    s = put(s, 0, card("Y17"), [(0, 0)], 1, half=(0, 0, "E"))
    s = put(s, 0, card("G17"), [(0, 1)], 1)
    s, _ = place_card(s, 0, "R18", west, 0, 1, 2)  # level 2 next to a level-1 half
    assert s.chai_owned[0] == []
    s2 = make(2)
    s2 = put(s2, 0, card("Y17"), [(0, 0)], 1, half=(0, 0, "E"))
    s2.chai_box.extend(s2.chai_supply)
    s2.chai_supply.clear()
    s2, events = place_card(s2, 0, "R18", west, 0, 1, 1)
    assert s2.chai_owned[0] == [] and any("run out" in e.text for e in events)


def test_chai_tiles_are_private():
    """Placing rule 6 / DW-15: drawn chai tiles are face down: others see only how many."""
    s = make(2)
    s = give_chai(s, 0, "jump", "+R")
    assert s.view(0).players[0].chai == ("jump", "+R")
    assert s.view(1).players[0].chai is None and s.view(1).players[0].chai_count == 2
    assert s.view(None).players[0].chai is None


def test_dw4_empties_in_own_turn_cost_from_supply():
    """Placing rule 4 / DW-4: any number of empties in your own turn, while the supply lasts."""
    s = make(2)
    s.apply(0, AddEmpty(1, 1))
    s.apply(0, AddEmpty(1, 1))
    assert s.heights[0][4] == 2 and len(s.empties) == 13
    refused(s, 1, AddEmpty(0, 0), "turn")
    refused(s, 0, AddEmpty(3, 3), "not a square")
    s.empties.clear()
    refused(s, 0, AddEmpty(0, 0), "no empty dabbas")


def test_dw5_return_only_when_no_footprint_can_be_levelled():
    """DW-5: the tile may go back to the box only if no footprint is reachable with the empties left."""
    s = make(2, vehicle="crate")
    # crate 2x3: make every 2x2 footprint need 2+ empties: heights 0 2 0 / 2 0 2
    s = put(s, 0, card("Y17"), [(0, 1)], 1)
    s = put(s, 0, card("Y18"), [(0, 1)], 2)
    s = put(s, 0, card("R17"), [(1, 0)], 1)
    s = put(s, 0, card("R18"), [(1, 0)], 2)
    s = put(s, 0, card("B17"), [(1, 2)], 1)
    s = put(s, 0, card("B18"), [(1, 2)], 2)
    s = to_turn(s, 0)
    s = give_card(s, 0, "G01")  # O4
    s.apply(0, PlayCard("G01"))
    assert not any(isinstance(a, Place) for a in s.legal_actions(0))
    refused(s, 0, ReturnTile(), "levelling with 4 empty dabbas")
    assert ReturnTile() not in s.legal_actions(0)
    s.box_tickets += 0
    moved = s.empties[3:]
    del s.empties[3:]
    s.delivered.extend(moved)  # only 3 empties left: no footprint reachable
    assert ReturnTile() in s.legal_actions(0)
    s.apply(0, ReturnTile())
    assert card("G01") in s.returned and card("G01") in s.played[0] and s.step == "end"


def test_dw5_fitting_tile_cannot_be_returned():
    s = make(2)
    s = to_turn(s, 0)
    s = give_card(s, 0, "G01")
    s.apply(0, PlayCard("G01"))
    assert refused(s, 0, ReturnTile()) == "The tile fits: you must place it"


def test_dw8_bonus_dabba_colour_of_choice():
    """The Chai Tiles / DW-8 (house rule): a bonus dabba of the chosen colour, placed at once."""
    s = make(2)
    s = give_chai(s, 0, "bonus")
    refused(s, 0, BonusDabba("X", 0, 0), "colour")
    s.apply(0, BonusDabba("G", 2, 2))
    assert s.heights[0][8] == 1 and D.PIECE_COLOUR[s.stacks[0][8][0][0]] == 3
    assert s.stacks[0][8][0][1:] == (1, -1)  # level 1, and a bonus dabba shows no half chai
    assert len(s.bonus[3]) == 2 and len(s.chai_spent) == 1
    refused(s, 0, BonusDabba("G", 2, 2), "no bonus dabba chai tile")


def test_dw8_jump_any_space_free_replacing_the_move():
    """The Chai Tiles: jump instead of the regular move, to any space (DW-6: own space too), free."""
    s = make(2)
    s = to_turn(s, 0, "move")
    s = edit(s, pos=[4, s.pos[1]])
    refused(s, 0, Jump(1), "no jump")
    s = give_chai(s, 0, "jump")
    s.apply(0, Jump(4))
    assert s.pos[0] == 4 and s.tickets[0] == 6 and s.step == "play" and len(s.hands[0]) == 3
    s = give_chai(s, 0, "jump")
    refused(s, 0, Jump(1), "already moved")


def test_dw8_swap_a_card_tickets_stay():
    """The Chai Tiles / DW-8: swap a hand card with a display card; tickets stay on the space."""
    s = make(2)
    s = give_chai(s, 0, "swap")
    s = edit(s, slot_tickets=[0, 0, 2, 0, 0, 0])
    mine = s.hands[0][0]
    theirs = s.display[2]
    s.apply(0, Swap(D.CARD_CODES[mine], 2))
    assert s.display[2] == mine and theirs in s.hands[0] and s.slot_tickets[2] == 2


def test_dw7_thirteen_turns_then_two_final_placements():
    """Rulebook / DW-7: the end comes after exactly 13 turns each, then two final placements each,
    for 2, 3 and 4 players; the display stays through them and is discarded, its tickets boxed, when the
    delivery phase is prepared."""
    from chaigames.dabba_walla.bots import EasyBot

    for n in (2, 3, 4):
        s = make(n, seed=n)
        bots = [EasyBot("easy", 7 + p, p) for p in range(n)]
        while s.phase == "pickup":
            p = s.actors()[0]
            s.apply(p, bots[p].choose(s.view(p), s.legal_actions(p), 0))
        assert s.turns_taken == [13] * n
        assert s.phase == "final" and s.turn == s.start
        assert all(len(h) == 2 for h in s.hands)
        assert s.display.count(-1) == 1 and s.discard == [], "the display stays on the table"
        display = [c for c in s.display if c >= 0]
        on_display = sum(s.slot_tickets)
        boxed = s.box_tickets
        assert not any(isinstance(a, Jump) for a in s.legal_actions(s.turn))
        while s.phase == "final":
            p = s.actors()[0]
            legal = [a for a in s.legal_actions(p) if not isinstance(a, Swap)]
            s.apply(p, bots[p].choose(s.view(p), legal, 0))
            if s.phase == "final":
                assert [c for c in s.display if c >= 0] == display and sum(s.slot_tickets) == on_display
        assert s.phase == "delivery"
        assert all(len(h) == 15 for h in s.hands)
        assert s.display == [-1] * 6 and sum(s.slot_tickets) == 0
        assert sorted(s.discard) == sorted(display)
        assert s.box_tickets == boxed + on_display + sum(s.rows["tickets"])


def test_final_placements_allow_empties_bonus_and_swap_but_no_jump():
    """DW-7: in the final placements chai completions, bonus dabbas, empties and swaps are allowed."""
    s = make(2)
    s = edit(s, phase="final", step="play")
    s = give_chai(s, 0, "bonus", "swap", "jump")
    legal = s.legal_actions(0)
    assert any(isinstance(a, BonusDabba) for a in legal) and any(isinstance(a, AddEmpty) for a in legal)
    assert any(isinstance(a, Swap) for a in legal)
    assert not any(isinstance(a, Jump) for a in legal)
    refused(s, 0, Jump(2), "already moved")


def test_dw7_swap_during_the_final_placements():
    """DW-7 / the rulebook's 'Swap a card' at any point of your turn: a hand card for a display card, then load
    the card taken; the tickets stay on the space; an empty space cannot be swapped with."""
    s = make(2)
    display = s.to_json()["display"]
    display[1] = -1  # the slot that could not be refilled
    s = edit(s, phase="final", step="play", slot_tickets=[0, 0, 0, 0, 3, 0], display=display)
    s = give_chai(s, 0, "swap", "swap")
    refused(s, 0, Swap(D.CARD_CODES[s.hands[0][0]], 1), "no card on space 2")
    mine, theirs = s.hands[0][0], s.display[4]
    s.apply(0, Swap(D.CARD_CODES[mine], 4))
    assert s.display[4] == mine and theirs in s.hands[0] and s.slot_tickets[4] == 3
    assert Swap(D.CARD_CODES[s.hands[0][0]], 4) in s.legal_actions(0), "several swaps a turn, at any step"
    s.apply(0, PlayCard(D.CARD_CODES[theirs]))
    assert s.pending == theirs and s.step == "place"
