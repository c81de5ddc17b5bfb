"""Delivery phase, end of game and modules (rulebook "2nd Delivery Phase", "End of game", modules, DW-9..DW-15)."""

from __future__ import annotations

import pytest

from chaigames.dabba_walla import data as D
from chaigames.dabba_walla.actions import AddChai, Commit, RemoveChai
from chaigames.dabba_walla.tracks import track_from_sums
from chaigames.engine import IllegalAction
from tests.dabba_walla.dw_helpers import card, give_chai, make, put, to_delivery
from tests.positions import edit


def fill(s, p, colours: str, level: int = 1, start: int = 0):
    """The position with one coloured single dabba per letter ('E' = empty) on consecutive squares from `start`."""
    cols = s.vehicle.cols
    squares = [q for q in s.vehicle.squares if q >= start]
    for ch, sq in zip(colours, squares, strict=False):
        if ch == "E":
            pc = s.empties[-1]
            s = edit(s, empties=s.empties[:-1])
        else:
            pc = _fresh(s, p, ch)
        s = put(s, p, pc, [divmod(sq, cols)], level)
    return s


def _fresh(s, p, colour: str) -> int:
    """Any unused piece id of this colour (tests only count colours and squares)."""
    on = {x for q in range(s.n) for st in s.stacks[q] for x, _, _ in st}
    if len(colour) > 1:
        return _fresh(s, p, colour[sum(len(st) for st in s.stacks[p]) % len(colour)])
    c = D.COLOURS.index(colour)
    for x in list(range(c * 19, c * 19 + 19)) + [D.BONUS_BASE + c * 3 + i for i in range(3)]:
        if x not in on:
            return x
    raise AssertionError("out of pieces")


def choose(s, p, code, *kinds):
    for k in kinds:
        s.apply(p, AddChai(k))
    return s.apply(p, Commit(code))


def test_dw9_tickets_become_tips_and_rounds_follow_the_highest_level():
    """Delivery preparation 5 / DW-9: 1 tip per ticket; as many rounds as the highest level."""
    s = make(2)
    s = edit(s, tickets=[4, 1], box_tickets=20)
    s = fill(s, 0, "YY", 1)
    s = fill(s, 0, "Y", 2)
    s = fill(s, 1, "R", 1)
    s = to_delivery(s, {0: ["Y18"], 1: ["R18"]})
    assert s.tips == [4, 1] and s.tickets == [0, 0] and s.box_tickets == 25
    assert s.rounds == 2 and s.level == 2 and s.actors() == (0, 1)


def test_scoring_track_example():
    """Rulebook example: blue 2, red 5 capped at 4, yellow 1, green 0 where a card and a chai tile cancel."""
    s = make(4)
    s = fill(s, 0, "R")
    s = to_delivery(s, {0: ["R12"], 1: ["Y07"], 2: ["B12"], 3: ["G05"]})
    s = give_chai(s, 0, "+R")
    s = give_chai(s, 2, "+Y")
    s = give_chai(s, 3, "-G")
    choose(s, 0, "R12", "+R")
    choose(s, 1, "Y07")
    choose(s, 2, "B12", "+Y")
    choose(s, 3, "G05", "-G")
    lr = s.last_round
    assert lr["positions"] == [1, 4, 2, 0] and lr["values"] == [1, 4, 2, 0]


def test_laureen_19_and_mattis_22_tips():
    """Rulebook examples: Laureen red 4x4 + yellow 3x1 + green 2x0 = 19; Mattis red 5x4 + blue 2x2 - 2 = 22."""
    s = make(2, vehicle="trailer")
    s = fill(s, 0, "RRRRYYYGG")
    s = fill(s, 1, "RRRRRBBE")
    s = to_delivery(s, {0: ["R12", "Y05"], 1: ["Y07", "B12"]})
    s = give_chai(s, 0, "+Y")
    s = give_chai(s, 1, "+B", "+B")
    s = edit(s, tips=[0, 0])
    for row in s.rows.values():
        row[:] = [0, 0]
    choose(s, 0, "R12", "+Y")  # red 2, yellow 1
    choose(s, 1, "Y07", "+B", "+B")  # red 2, blue 2
    assert s.last_round["values"] == [1, 4, 2, 0]
    assert s.last_round["tips"] == [19, 22]
    assert s.rows["level 1"] == [19, 24] and s.rows["empty dabbas"] == [0, -2]


def test_seven_level_example_who_receives_tips():
    """Rulebook example: Laureen 7 levels, Mattis and Neele 6, Maria 5: 7 rounds; round 1 only Laureen,
    round 2 Laureen, Mattis and Neele, Maria from round 3."""
    s = make(4, vehicle="crate")
    for p, levels in enumerate((7, 6, 6, 5)):
        for lv in range(1, levels + 1):
            s = put(s, p, _fresh(s, p, "YRBG"[p]), [(0, 0)], lv)
    s = to_delivery(s, {0: ["R12"], 1: ["R09"], 2: ["Y09"], 3: ["G09"]})
    assert s.rounds == 7
    delivering = []
    for _ in range(3):
        level = s.level
        delivering.append([p for p in range(4) if s.level_pieces(p, level)])
        for p in range(4):
            hand = s.hands[p]
            s.apply(p, Commit(D.CARD_CODES[hand[0]] if hand else None))
    assert delivering == [[0], [0, 1, 2], [0, 1, 2, 3]]


def test_dw10_everyone_chooses_even_with_nothing_on_the_level_and_empty_hands_play_no_card():
    """Step 1a / DW-10: everyone chooses; a player without cards plays none but may add orange tiles."""
    s = make(2)
    s = fill(s, 0, "Y")
    s = to_delivery(s, {0: ["Y18"]})
    assert s.actors() == (0, 1)
    assert s.legal_actions(1) == [Commit(None)]
    s = give_chai(s, 1, "+Y")
    assert AddChai("+Y") in s.legal_actions(1)
    with pytest.raises(IllegalAction):
        s.apply(0, Commit(None))
    choose(s, 1, None, "+Y")
    with pytest.raises(IllegalAction, match="already made your choice"):
        s.apply(1, Commit(None))
    choose(s, 0, "Y18")
    assert s.last_round["positions"][0] == 3


def test_secret_choices_stay_hidden_until_all_have_committed():
    """Step 2 / DW-15: choices are revealed only when everyone has chosen; before that only 'committed'."""
    s = make(3)
    s = fill(s, 0, "Y")
    s = to_delivery(s, {0: ["Y18"], 1: ["R18"], 2: ["B18"]})
    s = give_chai(s, 0, "+B")
    choose(s, 0, "Y18", "+B")
    for viewer in (1, 2, None):
        pv = s.view(viewer).players[0]
        assert pv.committed and pv.choice is None
    assert s.view(0).players[0].choice == ("Y18", ("+B",))
    assert s.view(1).players[0].hand == ("Y18",)  # hands are public in delivery (DW-15)
    assert s.view(1).players[0].chai is None  # unused chai tiles stay private
    choose(s, 1, "R18")
    assert s.view(2).players[1].choice is None
    choose(s, 2, "B18")
    assert s.last_round["choices"][0] == ("Y18", ("+B",))


def test_orange_tiles_can_be_added_and_removed_before_committing():
    """Step 1b / DW-10: a choice is a sequence: add an orange tile, take it back, commit a card."""
    s = make(2)
    s = fill(s, 0, "Y")
    s = to_delivery(s, {0: ["Y18"], 1: ["R18"]})
    s = give_chai(s, 0, "+Y", "jump")
    assert AddChai("jump") not in s.legal_actions(0)
    s.apply(0, AddChai("+Y"))
    assert RemoveChai("+Y") in s.legal_actions(0)
    s.apply(0, RemoveChai("+Y"))
    assert len(s.chai_owned[0]) == 2 and s.choice_chai[0] == []
    with pytest.raises(IllegalAction):
        s.apply(0, AddChai("jump"))


def test_dw11_play_later():
    """Play later / DW-11: only that tile is revealed; after seeing the others the player may change card
    and tiles; the play-later tile is spent."""
    s = make(3)
    s = fill(s, 0, "YYY")
    s = to_delivery(s, {0: ["R18", "Y18"], 1: ["B18"], 2: ["G18"]})
    s = give_chai(s, 0, "later", "+Y")
    later_id = next(c for c in s.chai_owned[0] if D.CHAI_KINDS[c] == "later")
    choose(s, 0, "R18", "later")
    choose(s, 1, "B18")
    choose(s, 2, "G18")
    assert s.step == "later" and s.actors() == (0,)
    v = s.view(1)
    assert v.players[0].later and v.players[0].choice is None
    assert v.players[1].choice == ("B18", ())
    assert later_id in s.chai_box
    assert AddChai("later") not in s.legal_actions(0)
    s.apply(0, AddChai("+Y"))
    s.apply(0, Commit("Y18"))
    assert s.last_round["choices"][0] == ("Y18", ("+Y",))
    assert s.last_round["values"][0] == 3 and s.last_round["tips"][0] == 9


def test_dw11_several_later_players_go_in_seat_order_from_start_player():
    s = make(3, start=1)
    s = fill(s, 0, "Y")
    s = to_delivery(s, {0: ["R18"], 1: ["B18"], 2: ["G18"]})
    for p in range(3):
        s = give_chai(s, p, "later")
    for p, code in ((0, "R18"), (1, "B18"), (2, "G18")):
        choose(s, p, code, "later")
    order = []
    while s.step == "later":
        p = s.actors()[0]
        order.append(p)
        s.apply(p, Commit(D.CARD_CODES[s.hands[p][0]]))
    assert order == [1, 2, 0]


def test_dw12_veto_voids_every_minus_tile_and_markers_stop_at_zero():
    """Veto / DW-12: all -1 tiles of the round are void; the marker cannot go below 0."""
    s = make(2)
    s = fill(s, 0, "RRRR")
    s = to_delivery(s, {0: ["R12", "R12"[:0] or "Y12"], 1: ["Y07", "B12"]})
    s = give_chai(s, 1, "-R", "-R")
    s = give_chai(s, 0, "veto", "-Y")
    choose(s, 0, "Y12", "veto", "-Y")  # yellow +2
    choose(s, 1, "Y07", "-R", "-R")  # red +2
    assert s.last_round["positions"][:2] == [2, 2]
    assert track_from_sums([-3, 0, 0, 0], (-1, -1)) == ([0, 0, 0, 0], [0, 0, 0, 0])


def test_dw12_markers_go_back_to_zero_each_round():
    """Step 4 / DW-12: all markers return to 0 after each round."""
    s = make(2)
    s = fill(s, 0, "R")
    s = fill(s, 0, "R", level=2)
    s = to_delivery(s, {0: ["Y07", "B18"], 1: ["Y18", "G18"]})
    choose(s, 0, "Y07")
    choose(s, 1, "Y18")
    assert s.last_round["positions"] == [2, 2, 0, 0]
    choose(s, 0, "B18")
    choose(s, 1, "G18")
    assert s.last_round["positions"] == [0, 0, 2, 2]
    assert s.rows["level 2"] == [2, 0] and s.rows["level 1"] == [0, 0]


def test_module1_examples():
    """Module 1 examples: red extended, 3 steps give 2; green shortened, 2 steps give 3."""
    red, green = 1, 3
    positions, values = track_from_sums([0, 3, 0, 2], (red, green))
    assert positions == [0, 3, 0, 2]
    assert values[red] == 2 and values[green] == 3
    assert track_from_sums([0, 9, 0, 1], (red, green)) == ([0, 5, 0, 1], [0, 4, 0, 2])
    assert track_from_sums([0, 1, 0, 0], (red, green))[1] == [0, 0, 0, 0]
    s = make(2, seed=3, module1=True)
    assert s.double_zero[0] != s.double_zero[1] and min(s.double_zero) >= 0
    assert s.view(None).double_zero == (D.COLOURS[s.double_zero[0]], D.COLOURS[s.double_zero[1]])


def order_round(order_key, order, colours_by_player, vehicle="crate"):
    s = make(len(colours_by_player), vehicle=vehicle, **{order_key: order})
    for p, colours in enumerate(colours_by_player):
        s = fill(s, p, colours)
    s = to_delivery(s)
    return s.rows.get(f"order {order}")


def test_order1_presorted_delivery_table():
    """Order 1: completely filled level pays 10/5/2/0 for 1/2/3/4 colours; empties fill but are no colour."""
    assert order_round("order_card_1", 1, ["YYYYYY", "YYRRRE", "YRBYRB", "YRBGYY"]) == [10, 5, 2, 0]
    assert order_round("order_card_1", 1, ["YYYYY", "EEEEEE"]) == [0, 0]


def test_order2_colourful_mixture_table():
    """Order 2: 10/5/2/0 for 4/3/2/1 colours, no need to fill the level."""
    assert order_round("order_card_1", 2, ["YRBG", "YRB", "YR", "YE"]) == [10, 5, 2, 0]


def test_order3_small_packages_table():
    """Order 3: 15/9/5/2 for 6+/5/4/3 tiles on the level; empties do not count."""
    assert order_round("order_card_2", 3, ["YYYYYY", "YYYYY", "YYYYE", "YYYEE"]) == [15, 9, 5, 2]
    assert order_round("order_card_2", 3, ["YY", "EEEEEE"]) == [0, 0]


def test_order4_skillful_high_stacking():
    """Order 4: at the start of delivery 5 tips per level with a tile; a level of only empties does not count."""
    s = make(2, order_card_2=4)
    s = fill(s, 0, "Y")
    s = fill(s, 0, "E", level=2)
    s = fill(s, 0, "R", level=3)
    s = fill(s, 1, "G")
    s = to_delivery(s)
    assert s.rows["order 4"] == [10, 5]


def finish_with_chai(counts, **options):
    s = make(len(counts), **options)
    kinds = ["+Y", "+R", "+B", "+G", "-Y", "-R", "-B", "-G", "veto", "later", "jump", "swap", "bonus"] * 3
    for p, k in enumerate(counts):
        s = give_chai(s, p, *kinds[:k])
        del kinds[:k]
    s = to_delivery(s)
    return s


def test_end_two_tips_per_unused_chai_tile():
    """End of game / DW-14: 2 tips per unused chai tile, any background."""
    s = finish_with_chai([3, 0])
    assert s.is_over() and s.rows["chai tiles"] == [6, 0]


def test_order5_more_chai_the_better():
    """Order 5: 2/5/9/14/20 for 1/2/3/4/5+ unused chai tiles instead of 2 each."""
    s = finish_with_chai([1, 2, 5, 6], order_card_3=5)
    assert s.rows["chai tiles"] == [2, 5, 20, 20]


def test_order6_chai_master():
    """Order 6: all players with the most unused chai tiles get 4 per tile, others 2."""
    s = finish_with_chai([3, 3, 1, 0], order_card_3=6)
    assert s.rows["chai tiles"] == [12, 12, 2, 0]


def test_dw14_ties_share_the_victory_and_breakdown_by_source():
    """End of game: all tied players share the victory; DW-14 breakdown by source."""
    s = finish_with_chai([2, 2])
    r = s.result()
    assert r.winners == (0, 1) and r.scores == (10, 10)  # 6 tickets + 2 chai tiles each
    assert [row.source for row in r.breakdown] == ["tickets", "chai tiles"]


def test_dw13_empties_cost_two_and_totals_may_be_negative():
    """Step 3 / DW-13: -2 per empty dabba; tips are plain integers and may go negative."""
    s = make(2)
    s = fill(s, 0, "EEE")
    s = edit(s, tickets=[0, 0], box_tickets=25)
    s = to_delivery(s, {0: ["Y18"], 1: ["R18"]})
    choose(s, 0, "Y18")
    choose(s, 1, "R18")
    assert s.tips[0] == -6 and s.result().winners == (1,)


def test_no_minus_option_removes_minus_and_veto_tiles():
    """The Chai Tiles note: without -1 tiles the twelve -1 tiles and three veto tiles are put aside."""
    s = make(2, no_minus=True)
    kinds = [D.CHAI_KINDS[c] for c in s.chai_supply]
    assert len(kinds) == 21 and not set(kinds) & D.NO_MINUS_KINDS


def test_delivered_tiles_leave_the_vehicle():
    """Step 3: delivered tiles go back to the boxes; the vehicle is empty at the end."""
    s = make(2)
    s = fill(s, 0, "YR")
    s = to_delivery(s, {0: ["Y18"], 1: ["R18"]})
    choose(s, 0, "Y18")
    choose(s, 1, "R18")
    assert s.is_over() and max(s.heights[0]) == 0 and len(s.delivered) == 2
    assert card("Y18") in s.discard and card("R18") in s.discard


def test_one_play_later_tile_on_a_choice_whatever_else_it_holds():
    """A choice may hold one play-later tile, next to any other orange tile; a second one is refused."""
    s = make(2)
    s = put(s, 0, card("Y17"), [(0, 0)], 1)
    s = to_delivery(s, {0: ["Y18"], 1: ["R18"]})
    s = give_chai(s, 0, "+Y", "later", "later")
    s.apply(0, AddChai("+Y"))
    assert AddChai("later") in s.legal_actions(0)
    s.apply(0, AddChai("later"))
    assert AddChai("later") not in s.legal_actions(0)
    before = s.to_json()
    with pytest.raises(IllegalAction) as refusal:
        s.apply(0, AddChai("later"))
    assert str(refusal.value) == "One play-later tile is enough" and s.to_json() == before


def test_chai_tiles_on_a_secret_choice_change_no_count_another_seat_sees_until_the_reveal():
    s = make(2)
    s = fill(s, 0, "R")
    s = to_delivery(s, {0: ["R12"], 1: ["Y07"]})
    s = give_chai(s, 0, "+R", "veto")
    seen = [s.view(1).players[0].chai_count, s.view(None).players[0].chai_count]
    s.apply(0, AddChai("+R"))
    s.apply(0, AddChai("veto"))
    s.apply(0, RemoveChai("veto"))
    assert s.view(0).players[0].chai_count == 1  # her own count: the tile on her choice is not in hand
    assert [s.view(1).players[0].chai_count, s.view(None).players[0].chai_count] == seen == [2, 2]
    s.apply(0, Commit("R12"))
    assert [s.view(1).players[0].chai_count, s.view(None).players[0].chai_count] == seen
    s.apply(1, Commit("Y07"))  # the reveal: the tile shows on her choice, her count drops
    assert s.view(1).players[0].chai_count == 1
