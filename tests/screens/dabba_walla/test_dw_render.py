"""The Dabba Walla drawings as plain text (render.py) and placement mode's arithmetic (placing.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chaigames.dabba_walla import SPEC
from chaigames.dabba_walla.actions import AddEmpty, Place, PlayCard, Start
from chaigames.dabba_walla.tracks import TrackReading, track_scales
from chaigames.dabba_walla.view import orientations
from chaigames.engine import GameConfig, SeatConfig, Session
from screens.dabba_walla import placing
from screens.dabba_walla import render as R


def crate_session(seed: int = 3) -> Session:
    config = GameConfig(seats=(SeatConfig("Asha"), SeatConfig("Bela")), options={"vehicle": "crate"}, start_player=0)
    return Session(SPEC, SPEC.validate(config), seed)


def first_tile(session: Session, card_pick: int = 0) -> str:
    """Asha starts on space 1 and plays a hand card; returns its code (its tile waits to be placed)."""
    session.apply(0, Start(0))
    card = session.state.view(0).players[0].hand[card_pick]
    session.apply(0, PlayCard(card))
    return card


def plain(text) -> list[str]:
    return text.plain.split("\n")


def test_empty_crate_shows_every_square_with_its_border():
    s = crate_session()
    v = s.state.view(0)
    lines = plain(R.vehicle_text(v, v.players[0]))
    assert lines == [
        "┌────┬────┬────┐",
        "│ .  │ .  │ .  │",
        "├────┼────┼────┤",
        "│ .  │ .  │ .  │",
        "└────┴────┴────┘",
    ]


def test_a_placed_tile_is_one_block_with_its_colour_letter_height_and_half_chai():
    s = crate_session()
    card = first_tile(s)
    ori, row, col, level = placing.legal_spots(s.state.view(0), 0, card)[0]
    s.apply(0, Place(ori, row, col, level))
    v = s.state.view(0)
    text = "\n".join(plain(R.vehicle_text(v, v.players[0])))
    squares = [q for q in v.squares if v.players[0].heights[q]]
    assert text.count(f"{card[0]}1") == len(squares) == len(orientations(card)[ori].cells)
    assert "*" in text  # every tile has one half-chai, marked on its edge
    # no border between two squares of the same tile: the first row of an I3/T4/O4... has no inner '│'
    if len(squares) >= 2 and squares[1] == squares[0] + 1:
        first_row = plain(R.vehicle_text(v, v.players[0]))[1]
        assert first_row[5] == " "


def test_the_ghost_is_drawn_legal_with_plus_and_illegal_with_x():
    s = crate_session()
    card = first_tile(s)
    v = s.state.view(0)
    legal = placing.spot(v, 0, card, 0, 0, 0)
    assert legal.legal and legal.level == 1
    drawn = "\n".join(plain(R.vehicle_text(v, v.players[0], ghost=placing.ghost_of(card, legal))))
    assert f"+{card[0]}1" in drawn and "x" not in drawn
    s.apply(0, AddEmpty(0, 0))  # square (1,1) now one higher than the rest
    v = s.state.view(0)
    bad = placing.spot(v, 0, card, 0, 0, 0)
    assert not bad.legal and "level" in (bad.problem or "")
    drawn = "\n".join(plain(R.vehicle_text(v, v.players[0], ghost=placing.ghost_of(card, bad))))
    assert f"x{card[0]}2" in drawn


def test_level_view_shows_what_lies_under_the_top():
    s = crate_session()
    card = first_tile(s)
    s.apply(0, Place(*placing.legal_spots(s.state.view(0), 0, card)[0]))
    v = s.state.view(0)
    sq = next(q for q in v.squares if v.players[0].heights[q])
    s2 = crate_session()
    # a second load on top of an empty dabba: level 1 shows the empty dabba, the top shows the tile
    s2.apply(0, Start(0))
    s2.apply(0, AddEmpty(*divmod(sq, v.cols)))
    v2 = s2.state.view(0)
    top = "\n".join(plain(R.vehicle_text(v2, v2.players[0])))
    lv1 = "\n".join(plain(R.vehicle_text(v2, v2.players[0], level=1)))
    assert "E1" in top and "E1" in lv1
    assert R.level_caption(v2.players[0], 1) == "LEVEL VIEW 1/1"


def test_the_level_marker_shows_the_true_level_above_ten():
    s = crate_session()
    v = s.state.view(0)
    high = replace(v.players[0], level=12, level_marker=2)
    assert R.level_caption(high, None) == "marker 2 (level 12)"
    assert R.level_caption(replace(v.players[0], level=7, level_marker=7), None) == "level 7"
    assert R.level_caption(replace(v.players[0], level=0, level_marker=1), None) == "level 1, empty"


def test_card_line_is_code_shape_tips_and_tickets():
    assert R.card_line("Y07", tickets=2).plain == "Y07 I3 R+2 2t"
    assert R.card_line("R01").plain == "R01 O4 0"
    assert R.card_line("B10").plain == "B10 L3 B+1G+1"


def test_shape_lines_draw_the_tile_with_its_half_chai_side():
    lines = [t.plain for t in R.shape_lines("Y05")]  # I3, half-chai on cell 0 facing south
    assert lines == ["YvYYYY"]


def test_a_vetoed_minus_tile_is_crossed_out():
    assert "vetoed" in R.chai_text("-R", vetoed=True).plain
    assert "vetoed" not in R.chai_text("-R").plain


def test_tracks_cap_at_zero_and_four_and_say_so():
    v = crate_session().state.view(0)
    reading = TrackReading(sums=(-1, 2, 7, 0), positions=(0, 2, 4, 0), values=(0, 2, 4, 0), veto=False)
    text = R.tracks_text(v, reading).plain.split("\n")
    assert "[0]" in text[0] and "(capped)" in text[0]
    assert "[2]" in text[1] and "capped" not in text[1]
    assert "[4]" in text[2] and "(capped)" in text[2]
    assert "[" not in R.tracks_text(v, None).plain  # no reading yet: the scales alone


def test_tips_breakdown_counts_dabbas_per_colour_times_value_and_empties():
    load = R.LevelLoad([2, 1, 0, 0], 1)
    assert R.tips_breakdown(load, [3, 0, 1, 1]) == "2Yx3 + 1Rx0 + 1E x-2 = 4"


def test_rotate_four_times_is_the_same_and_mirror_twice_too():
    for t in range(8):
        assert placing.rotate(placing.rotate(placing.rotate(placing.rotate(t)))) == t
        assert placing.mirror(placing.mirror(t)) == t
        assert placing.mirror(t) // 4 != t // 4


def test_the_eight_symmetries_reach_every_orientation_of_every_tile():
    for number in range(19):
        code = f"G{number + 1:02d}"
        assert set(placing.transform_orientations(code)) == set(range(len(orientations(code))))


def test_a_ghost_that_overhangs_says_so():
    config = GameConfig(
        seats=(SeatConfig("Asha"), SeatConfig("Bela")), options={"vehicle": "wheelbarrow"}, start_player=0
    )
    s = Session(SPEC, SPEC.validate(config), 3)
    s.apply(0, Start(0))
    card = s.state.view(0).players[0].hand[0]
    s.apply(0, PlayCard(card))
    v = s.state.view(0)
    spot = placing.spot(v, 0, card, 0, 0, 0)  # the wheelbarrow's top-left square is not there
    assert not spot.legal and "overhang" in (spot.problem or "")


def test_the_shortened_track_keeps_its_marker_at_a_sum_of_4_or_more():
    """Module 1: the shortened track (0 2 3 4) has its marker on 4 for positions 3 and 4."""
    view = replace(crate_session().state.view(0), track_scales=track_scales((0, 1)))  # Y extended, R shortened
    reading = TrackReading(sums=(0, 5, 0, 0), positions=(0, 4, 0, 0), values=(0, 4, 0, 0), veto=False)
    lines = R.tracks_text(view, reading).plain.split("\n")
    red = next(line for line in lines if line.startswith("R"))
    assert "[4]" in red and red.count(" 4 ") + red.count("[4]") == 1  # four spaces: 0 2 3 4
    yellow = next(line for line in lines if line.startswith("Y"))
    assert yellow.count("[") == 1 and "[0]" in yellow


def test_putting_a_chai_tile_on_the_choice_keeps_it_under_the_cursor():
    """Down, down, space, down must not take off the tile just added: the list never reorders."""
    from screens.dabba_walla.screen import chai_rows

    hand = ["veto", "+Y", "-R"]
    order = list(hand)  # the screen keeps the order the tiles first stood in
    rows = chai_rows([], hand, order)
    assert [k for _, k in rows] == hand
    cursor = 2
    kind = rows[cursor][1]
    hand.remove(kind)  # space: that tile goes on the choice
    after = chai_rows([kind], hand, order)
    assert after[cursor] == ("on", kind)
    assert [k for _, k in after] == [k for _, k in rows]


@pytest.mark.parametrize("vehicle", ["trailer", "handcart", "crate", "wheelbarrow"])
def test_the_right_border_stands_straight_on_every_vehicle(vehicle):
    """Every row of squares ends in one column, whether a tile spans squares there or not, at each
    cell size the screen uses (rivals 3 and 4 wide, yours 4, and 6x2 when roomy)."""
    from tests.screens.test_clipping import played, seats

    config = GameConfig(seats=seats(SPEC, 4), options={"vehicle": vehicle}, start_player=0)
    session = played(SPEC, config, 11, lambda s: s.state.phase == "delivery")
    v = session.state.view(0)
    inside = set(v.squares)
    for p in v.players:
        for cell_w, cell_h in ((3, 1), (4, 1), (6, 2)):
            lines = R.vehicle_text(v, p, cell_w=cell_w, cell_h=cell_h).plain.split("\n")
            for r in range(v.rows):
                last = max(c for c in range(v.cols) if r * v.cols + c in inside)
                x = (last + 1) * (cell_w + 1)
                for k in range(cell_h):
                    line = lines[1 + r * (cell_h + 1) + k]
                    assert line[x] in "│*@" and not line[x + 1 :].strip(), "\n".join(lines)


def test_facing_halves_show_a_chai_only_when_they_completed_one():
    """Two half-chais can face each other on one level without a chai (the first was covered before
    the second came): the mark is '*', as the game paid nothing. A chai the rules completed is '@'."""
    from tests.dabba_walla.dw_helpers import card, make, put

    s = make(2, vehicle="trailer")
    s = put(s, 0, card("G01"), [(0, 0)], 1, half=(0, 0, "E"))
    s = put(s, 0, card("Y01"), [(0, 1)], 1, half=(0, 1, "W"))
    v = s.view(0)
    for level in (None, 1):
        first_row = plain(R.vehicle_text(v, v.players[0], level=level))[1]
        assert first_row.startswith("│ G1 * Y1 │"), first_row
    session = Session(SPEC, SPEC.validate(GameConfig(seats=(SeatConfig("A"), SeatConfig("B")))), 4)
    bots = [SPEC.make_bot("normal", 4 + i, i) for i in range(2)]  # they seek chais
    while not any(session.state.chais) and session.state.phase == "pickup":
        seat = session.state.actors()[0]
        legal = session.state.legal_actions(seat)
        session.apply(seat, bots[seat].choose(session.state.view(seat), legal, SPEC.bot_budget["normal"]))
    seat = next(p for p, done in enumerate(session.state.chais) if done)
    v = session.state.view(seat)
    level = session.state.chais[seat][0][1]
    assert "@" in R.vehicle_text(v, v.players[seat], level=level).plain


def test_the_figures_on_a_space_of_the_big_ring_keep_their_names_whole():
    from tests.positions import edit

    names = ("Player 1", "Asha", "Ravindra", "Meera")
    config = GameConfig(seats=tuple(SeatConfig(n) for n in names), start_player=0)
    state = edit(Session(SPEC, SPEC.validate(config), 3).state, pos=[0, 0, 0, 0])
    box = R.space_box(state.view(None), 0, width=R.ring_box_width(118), cursor=False, passing=False)
    text = "\n".join(line.plain for line in box)
    assert all(f"@{name}" in text for name in names), text


def test_a_level_view_tells_a_supported_square_from_a_hole():
    from tests.dabba_walla.dw_helpers import card, make, put

    s = make(2, vehicle="trailer")
    s = put(s, 0, card("G01"), [(0, 0)], 1)
    v = s.view(0)
    second = plain(R.vehicle_text(v, v.players[0], level=2))[1]
    assert second.startswith(f"│ {R.FLOOR_GLYPH}  │ {R.HOLE_GLYPH}  │"), second  # on G1; over the floor
    first = plain(R.vehicle_text(v, v.players[0], level=1))[1]
    assert first.startswith(f"│ G1 │ {R.FLOOR_GLYPH}  │"), first


def test_arrows_walk_the_ring_cursor_around_the_ring():
    from screens.dabba_walla.screen import _ring_step

    assert [_ring_step(2, 0, 1), _ring_step(2, 1, 0), _ring_step(3, 0, -1), _ring_step(0, -1, 0)] == [3, 3, 2, 5]


def test_a_placement_and_the_turns_of_a_tile_in_words():
    from chaigames.dabba_walla.describe import describe_action

    assert describe_action(Place(0, 0, 1, 1)) == "Place the tile as on the card at (1,2) on level 1"
    assert "orientation" not in describe_action(Place(3, 1, 0, 2))
    assert [placing.transform_words(t) for t in (0, 1, 2, 3, 4, 5)] == [
        "as on the card",
        "turned right",
        "turned round",
        "turned left",
        "mirrored",
        "mirrored and turned right",
    ]


def test_a_rivals_caption_keeps_the_level_whole():
    from screens.dabba_walla.panels import _caption

    s = make_two_player_view()
    p = s.players[1]
    assert _caption(p, 13) == f"{p.name[: 13 - len(f' L{p.level_marker}')]} L{p.level_marker}"
    assert _caption(p, 0) == p.name
    assert _caption(p, 60) == f"{p.name} {R.level_caption(p, None, say_empty=False)}"


def make_two_player_view():
    config = GameConfig(seats=(SeatConfig("Player 1"), SeatConfig("Player 2")), start_player=0)
    return Session(SPEC, SPEC.validate(config), 3).state.view(0)
