"""Rules an audit found unpinned: each test here fails on the wrong version the audit named.

The wrong versions: order 3 counting squares, Module 1 skipped in a real round, bonus dabbas scoring 0,
a half-chai completed by any neighbour half, spent light-blue tiles back in the supply, no chai tile in the
final placements.
"""

from __future__ import annotations

from chaigames.dabba_walla import data as D
from chaigames.dabba_walla.actions import AddChai, BonusDabba, Jump, RemoveChai, Swap
from chaigames.dabba_walla.geometry import TILE_ORIENTATIONS
from chaigames.engine import IllegalAction
from tests.dabba_walla.dw_helpers import card, give_chai, make, put, to_delivery, to_turn
from tests.dabba_walla.test_dw_delivery import choose, fill
from tests.dabba_walla.test_dw_pickup import place_card
from tests.positions import edit

YELLOW, RED, BLUE, GREEN = range(4)
O4_SQUARES = [(0, 0), (0, 1), (1, 0), (1, 1)]


def bonus_piece(s, colour: int) -> int:
    """A bonus dabba taken from the supply, as a bonus dabba chai tile would."""
    return s.bonus[colour].pop()


def test_order3_counts_tiles_not_dabbas():
    """Order 3 (Small packages): one O4 and one D2 fill six squares of the crate but are two tiles: 0 tips."""
    s = make(2, vehicle="crate", order_card_2=3)
    s = put(s, 0, card("Y01"), O4_SQUARES, 1)
    s = put(s, 0, card("R12"), [(0, 2), (1, 2)], 1)
    s = fill(s, 1, "YYY")  # three single tiles: the smallest package that pays
    s = to_delivery(s)
    assert s.rows["order 3"] == [0, 2]


def test_module1_values_apply_in_a_real_delivery_round():
    """Module 1: red on the extended track (3 steps give 2), green shortened (2 steps give 3), in a round."""
    s = make(2, module1=True)
    s = edit(s, double_zero=[RED, GREEN])
    s = fill(s, 0, "RRRGG")
    s = to_delivery(s, {0: ["R12"], 1: ["R19"]})  # R+2; R+1 B+1
    s = give_chai(s, 0, "+G", "+G")
    s = edit(s, tips=[0, 0])
    choose(s, 0, "R12", "+G", "+G")
    choose(s, 1, "R19")
    assert s.last_round["positions"] == [0, 3, 1, 2]
    assert s.last_round["values"] == [0, 2, 1, 3]
    assert s.last_round["tips"] == [3 * 2 + 2 * 3, 0]


def test_dw13_bonus_dabbas_score_their_colour_and_count_in_orders_1_and_3():
    """DW-13: a bonus dabba earns its colour's value, is a colour for order 1 and a tile for order 3."""
    s = make(2, vehicle="crate", order_card_1=1, order_card_2=3)
    s = put(s, 0, card("Y01"), O4_SQUARES, 1)
    s = put(s, 0, bonus_piece(s, RED), [(0, 2)], 1)
    s = put(s, 0, bonus_piece(s, RED), [(1, 2)], 1)
    s = to_delivery(s, {0: ["Y18"], 1: ["R19"]})  # Y+2; R+1 B+1
    assert s.rows["order 1"] == [5, 0], "a full level of two colours: the bonus dabbas' red counts"
    assert s.rows["order 3"] == [2, 0], "three tiles: the O4 and two bonus dabbas"
    choose(s, 0, "Y18")
    choose(s, 1, "R19")
    assert s.last_round["values"] == [2, 1, 1, 0]
    assert s.rows["level 1"] == [4 * 2 + 2 * 1, 0]


def _west_m1() -> int:
    """The orientation of tile #18 (M1) with its half-chai on the west side."""
    return next(k for k, o in enumerate(TILE_ORIENTATIONS[17]) if o.half_side == D.SIDES.index("W"))


def test_dw3_the_neighbours_half_must_face_back():
    """DW-3: a half-chai on the neighbour's north side does not complete a chai with a half facing it from east."""
    s = make(2)
    s = put(s, 0, card("Y17"), [(0, 0)], 1, half=(0, 0, "N"))
    supply = len(s.chai_supply)
    s, events = place_card(s, 0, "R18", _west_m1(), 0, 1, 1)
    assert s.chai_owned[0] == [] and len(s.chai_supply) == supply
    assert not any(e.kind == "chai" for e in events)
    # the same placement against a half that does face back completes one
    s2 = make(2)
    s2 = put(s2, 0, card("Y17"), [(0, 0)], 1, half=(0, 0, "E"))
    s2, _ = place_card(s2, 0, "R18", _west_m1(), 0, 1, 1)
    assert len(s2.chai_owned[0]) == 1


def test_used_light_blue_tiles_stay_out_of_the_supply():
    """The Chai Tiles: a used light-blue tile goes to the edge of the playing field, never back to the supply."""
    s = make(2)
    s = give_chai(s, 0, "bonus", "swap", "jump")
    used = list(s.chai_owned[0])
    supply = list(s.chai_supply)
    s.apply(0, BonusDabba("G", 2, 2))
    s.apply(0, Swap(D.CARD_CODES[s.hands[0][0]], 3))
    s = to_turn(s, 0, "move")
    s.apply(0, Jump(2))
    assert s.chai_owned[0] == [] and sorted(s.chai_spent) == sorted(used)
    assert s.chai_supply == supply


def test_dw7_a_chai_completed_in_the_final_placements_draws_a_chai_tile():
    """DW-7: chai completions count in the final placements too."""
    s = make(2)
    s = put(s, 0, card("Y17"), [(0, 0)], 1, half=(0, 0, "E"))
    s = edit(s, phase="final")
    supply = len(s.chai_supply)
    s, events = place_card(s, 0, "R18", _west_m1(), 0, 1, 1)
    assert s.phase == "final"
    assert len(s.chai_owned[0]) == 1 and len(s.chai_supply) == supply - 1
    assert any(e.kind == "chai_tile" and e.seats == (0,) for e in events)


# -- found by mutation testing --------------------------------------------------------------------------
def test_jump_and_swap_reach_every_space_0_to_5_and_no_other():
    """The ring has spaces 0 to 5 (shown 1 to 6): both ends are reachable, 6 and -1 are refused, as are
    spaces that are not whole numbers."""
    for space in (0, 5):
        s = make(2)
        s = give_chai(s, 0, "jump", "swap")
        mine, theirs = s.hands[0][0], s.display[space]
        events = s.apply(0, Swap(D.CARD_CODES[mine], space))
        assert s.display[space] == mine and theirs in s.hands[0]
        assert f"on space {space + 1}" in events[0].text
        s = to_turn(s, 0, "move")
        s.apply(0, Jump(space))
        assert s.pos[0] == space
    for space in (6, -1, "2", 2.0):
        s = make(2)
        s = give_chai(s, 0, "jump", "swap")
        s = to_turn(s, 0, "move")
        before = s.to_json()
        for action in (Jump(space), Swap(D.CARD_CODES[s.hands[0][0]], space)):
            try:
                s.apply(0, action)
            except IllegalAction as refusal:  # out of range, or not a whole number at all
                assert "spaces 0 to 5" in str(refusal) or "must be a whole number" in str(refusal)
            else:
                raise AssertionError(f"{action} was accepted")
        assert s.to_json() == before


def test_taking_back_a_chai_tile_is_told_to_its_owner_only():
    """DW-15: the delivery choice is secret, so adding or taking back an orange tile is a private event."""
    s = make(2)
    s = put(s, 0, card("Y17"), [(0, 0)], 1)
    s = to_delivery(s, {0: ["Y18"], 1: ["R18"]})
    s = give_chai(s, 0, "+Y")
    added = s.apply(0, AddChai("+Y"))
    taken = s.apply(0, RemoveChai("+Y"))
    assert [e.seats for e in added + taken] == [(0,), (0,)]
    assert [e.data for e in added + taken] == [{"kind": "+Y"}, {"kind": "+Y"}]


def test_the_chai_tiles_are_logged_word_for_word():
    """What the log shows when chai tiles are used: the bonus dabba's colour, square and level, the two cards of
    a swap and the space, the jump's space; adding and taking back a delivery tile is told to its owner only."""
    s = make(2)
    s = give_chai(s, 0, "bonus", "swap", "jump")
    log = s.apply(0, BonusDabba("G", 2, 2))
    log += s.apply(0, Swap("Y14", 3))
    s = to_turn(s, 0, "move")
    log += s.apply(0, Jump(2))
    s = make(2)
    s = put(s, 0, card("Y17"), [(0, 0)], 1)
    s = to_delivery(s, {0: ["Y18"], 1: ["R18"]})
    s = give_chai(s, 0, "+Y")
    owned = list(s.chai_owned[0])
    log += s.apply(0, AddChai("+Y")) + s.apply(0, RemoveChai("+Y"))
    assert s.chai_owned[0] == owned  # the same tile is back
    assert [(e.kind, e.text, e.reveal, e.seats, e.data) for e in log] == [
        (
            "bonus",
            "Laureen uses a bonus dabba chai tile: a green dabba at (3,3), level 1",
            False,
            None,
            {"seat": 0, "square": 8, "level": 1, "colour": "G"},
        ),
        ("swap", "Laureen swaps Y14 for G11 on space 4", False, None, {"seat": 0, "card": "Y14", "space": 3}),
        ("jump", "Laureen uses a jump chai tile to space 3", False, None, {"seat": 0}),
        ("take", "Laureen takes G03", False, None, {"seat": 0, "card": "G03", "tickets": 0}),
        ("refill", "G14 is dealt to space 3", True, None, {"space": 2, "card": "G14"}),
        ("choice", "Laureen adds a chai tile", False, (0,), {"kind": "+Y"}),
        ("choice", "Laureen takes back a chai tile", False, (0,), {"kind": "+Y"}),
    ]
