"""Component data against the spec's counts, and the geometry of tiles and vehicles."""

from __future__ import annotations

import pytest

from chaigames.dabba_walla import data as D
from chaigames.dabba_walla import geometry as G


def test_19_tiles_and_49_dabbas_per_colour():
    """Spec components: 19 tiles per colour (3 x 1, 6 x 2, 6 x 3, 4 x 4 dabbas), 49 dabbas."""
    sizes = [len(D.SHAPES[shape]) for shape, *_ in D.TILE_TABLE]
    assert len(D.TILE_TABLE) == 19
    assert sum(sizes) == 49
    assert [sizes.count(k) for k in (1, 2, 3, 4)] == [3, 6, 6, 4]
    assert {shape for shape, *_ in D.TILE_TABLE if len(D.SHAPES[shape]) == 4} == {"O4", "T4", "L4", "S4"}
    assert {shape for shape, *_ in D.TILE_TABLE if len(D.SHAPES[shape]) == 3} == {"I3", "L3"}


def test_76_cards_each_colour_track_gets_28_and_8_zero_cards():
    assert D.N_DABBA == 76 and len(D.CARD_TIPS) == 76 and len(set(D.CARD_CODES)) == 76
    for c in range(4):
        assert sum(t[c] for t in D.CARD_TIPS) == 28
    assert sum(1 for t in D.CARD_TIPS if not any(t)) == 8


def test_card_codes_round_trip():
    assert D.card_code(D.card_from_code("R07")) == "R07"
    assert D.CARD_TIPS[D.CARD_IDS["R07"]] == (0, 0, 2, 0)  # red #07 shows B+2
    with pytest.raises(ValueError):
        D.card_from_code("X01")


def test_36_chai_tiles_by_type_and_other_pieces():
    counts = {k: D.CHAI_KINDS.count(k) for k in set(D.CHAI_KINDS)}
    assert D.N_CHAI == 36
    assert all(counts[k] == 2 for k in D.LIGHT_BLUE)
    assert all(counts[k] == 3 for k in D.ORANGE)
    assert D.N_EMPTY == 15 and D.N_TICKETS == 25 and D.N_BONUS == 12
    assert [D.piece_colour(D.BONUS_BASE + i) for i in range(12)] == [0] * 3 + [1] * 3 + [2] * 3 + [3] * 3
    assert D.DECK_SIZE == {2: 35, 3: 50, 4: 65}
    assert len(D.NO_MINUS_KINDS) == 5 and sum(counts[k] for k in D.NO_MINUS_KINDS) == 15


def test_vehicle_sizes():
    """Rulebook: 9-square grids (trailer, handcart) and 6-square grids (crate, wheelbarrow)."""
    assert {k: v.size for k, v in G.VEHICLES.items()} == {"trailer": 9, "handcart": 9, "crate": 6, "wheelbarrow": 6}
    assert G.VEHICLES["wheelbarrow"].squares == (1, 2, 4, 5, 6, 7)
    assert G.VEHICLES["handcart"].squares == (0, 1, 2, 3, 4, 5, 6, 7, 8)


def test_orientations_keep_half_chai_distinct():
    """Spec: the O4 has 8 distinct orientations, the M1 4 (squares AND half-chai must coincide)."""
    by_shape = {}
    for (shape, *_), oris in zip(D.TILE_TABLE, G.TILE_ORIENTATIONS, strict=True):
        by_shape.setdefault(shape, set()).add(len(oris))
    assert by_shape["O4"] == {8}
    assert by_shape["M1"] == {4}
    assert by_shape["D2"] == {4, 8}  # a half on the short end is symmetric under mirroring, one on the long side not
    assert len(G.TILE_ORIENTATIONS[10]) == 4 and len(G.TILE_ORIENTATIONS[13]) == 8
    assert by_shape["L4"] == {8} and by_shape["S4"] == {8} and by_shape["T4"] == {8}
    for oris in G.TILE_ORIENTATIONS:
        keys = {(o.cells, o.half_cell, o.half_side) for o in oris}
        assert len(keys) == len(oris)


def test_no_half_chai_faces_its_own_tile():
    """Every half-chai lies on an outer edge of its tile, so the square across it is never the tile's own."""
    for shape, cell, side, _ in D.TILE_TABLE:
        r, c = D.SHAPES[shape][cell]
        dr, dc = G.SIDE_VEC[D.SIDES.index(side)]
        assert (r + dr, c + dc) not in D.SHAPES[shape], (shape, cell, side)


@pytest.mark.parametrize("vehicle", G.VEHICLE_KEYS)
def test_no_half_chai_is_dead_on_any_vehicle(vehicle):
    """Spec: on every vehicle every tile's half-chai can face a square the tile does not cover."""
    for t, fps in enumerate(G.FOOTPRINTS[vehicle]):
        assert fps, f"tile {t + 1} fits nowhere on the {vehicle}"
        assert any(fp.nb_square >= 0 for fp in fps), f"tile {t + 1} has a dead half on the {vehicle}"


def test_placements_on_an_empty_trailer():
    """Rule 1: rotate and turn over; rule 2: inside the grid. An O4 lies 4 ways x 8 orientations."""
    heights = [0] * 9
    o4 = G.legal_placements("trailer", 0, heights)
    assert len(o4) == 32 and all(level == 1 for _, level in o4)
    m1 = G.legal_placements("trailer", 16, heights)
    assert len(m1) == 36


def test_placement_refusals_name_the_reason():
    """Rules 2 and 3 / DW-1: each refusal names its reason in the players' words."""
    heights = [0] * 9
    assert G.placement_problem("trailer", 0, heights, 0, 2, 2, 1) == "the tile would overhang the bicycle trailer"
    heights = [0, 0, 0, 3, 2, 0, 0, 0, 0]  # square (2,1) at level 3
    msg = G.placement_problem("trailer", 0, heights, 0, 1, 0, 3)
    assert msg == "square (2,1) is at level 3, the tile needs level 2 under it everywhere"
    assert G.placement_problem("trailer", 0, [0] * 9, 0, 0, 0, 1) is None
    assert "orientations 0 to 7" in G.placement_problem("trailer", 0, [0] * 9, 9, 0, 0, 1)
    assert G.placement_problem("trailer", 0, [0] * 9, 8, 0, 0, 1) == "this tile has orientations 0 to 7, not 8"
    assert G.placement_problem("trailer", 0, [0] * 9, 0, 0, 0, 0) == "level 1 is the floor of the vehicle"
    whole = "a placement needs a whole-number row, column and level"
    for row, col, level in (("0", 0, 1), (0, "0", 1), (0, 0, "1"), (0, 0, 1.0)):
        assert G.placement_problem("trailer", 0, [0] * 9, 0, row, col, level) == whole, (row, col, level)


def test_dw1_no_bridging_between_heights():
    """DW-1: a tile on level L needs height exactly L-1 under every square: no bridging."""
    heights = [1, 0, 0, 0, 0, 0, 0, 0, 0]
    d2 = 10  # tile #11 is a domino
    assert not any(0 in fp.squares and 1 in fp.squares for fp, _ in G.legal_placements("trailer", d2, heights))
    assert "level 0" in G.placement_problem("trailer", d2, heights, 0, 0, 0, 2)


def test_dw5_levelling_count():
    """DW-5: empties needed = sum over the footprint of (highest height - height)."""
    heights = [2, 0, 1, 2, 0, 1, 2, 0, 1]  # columns at 2, 0, 1
    assert G.levelling_need("trailer", 0, heights) == 2  # an O4 over the columns at 0 and 1: two empties
    assert G.levelling_need("trailer", 16, heights) == 0
    assert G.levelling_need("trailer", 0, [0, 1, 0, 1, 0, 1, 0, 1, 0]) == 2


# -- the tables built at import, rebuilt at test time -------------------------------------------------
# The vehicle, orientation and footprint tables are computed once when the module is imported; these tests
# call the builders again and compare them with small independent constructions (and with the tables the
# game uses), so a mistake in a builder is caught where it happens.
PICTURES = {
    "trailer": ("###", "###", "###"),
    "handcart": ("#####", "####."),
    "crate": ("###", "###"),
    "wheelbarrow": (".##.", "####"),
}


@pytest.mark.parametrize("key", G.VEHICLE_KEYS)
def test_a_vehicle_is_built_from_its_picture(key):
    v = G._vehicle(key, G.VEHICLES[key].label, PICTURES[key])
    rows, cols = len(PICTURES[key]), len(PICTURES[key][0])
    cargo = [(r, c) for r in range(rows) for c in range(cols) if PICTURES[key][r][c] == "#"]
    assert (v.rows, v.cols) == (rows, cols)
    assert v.squares == tuple(r * cols + c for r, c in cargo)
    assert v == G.VEHICLES[key]
    assert [(r, c) for r in range(-1, rows + 1) for c in range(-1, cols + 1) if v.inside(r, c)] == cargo


def _turn(cells, half_cell, side):
    """A quarter turn clockwise: (r, c) -> (c, -r); north becomes east."""
    return [(c, -r) for r, c in cells], (half_cell[1], -half_cell[0]), (side + 1) % 4


def _mirror(cells, half_cell, side):
    """Turned over left to right: (r, c) -> (r, -c); east and west swap."""
    return [(r, -c) for r, c in cells], (half_cell[0], -half_cell[1]), (4 - side) % 4


def _normal(cells, half_cell, side):
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells)), (half_cell[0] - r0, half_cell[1] - c0), side


@pytest.mark.parametrize("tile", range(D.TILES_PER_COLOUR))
def test_orientations_are_every_turn_and_mirror_image_once(tile):
    shape, cell, side, _ = D.TILE_TABLE[tile]
    cells = D.SHAPES[shape]
    start = (cells, cells[cell], D.SIDES.index(side))
    expected = set()
    for flipped in (start, _mirror(*start)):
        pose = flipped
        for _ in range(4):
            expected.add(_normal(*pose))
            pose = _turn(*pose)
    built = G.orientations_of(shape, cell, side)
    assert {(o.cells, o.half_cell, o.half_side) for o in built} == expected
    assert len(built) == len(expected)
    assert built == G.TILE_ORIENTATIONS[tile], "records name orientations by number: their order must not change"


@pytest.mark.parametrize("key", G.VEHICLE_KEYS)
def test_footprints_are_every_orientation_at_every_place_inside_the_vehicle(key):
    v = G.VEHICLES[key]
    for tile, oris in enumerate(G.TILE_ORIENTATIONS):
        expected = []
        for k, o in enumerate(oris):
            for row in range(v.rows):
                for col in range(v.cols):
                    cells = [(r + row, c + col) for r, c in o.cells]
                    if not all(v.inside(r, c) for r, c in cells):
                        continue
                    hr, hc = o.half_cell[0] + row, o.half_cell[1] + col
                    dr, dc = G.SIDE_VEC[o.half_side]
                    across = (hr + dr, hc + dc)
                    nb = -1 if across in cells or not v.inside(*across) else across[0] * v.cols + across[1]
                    squares = tuple(r * v.cols + c for r, c in cells)
                    expected.append((k, row, col, squares, hr * v.cols + hc, o.half_side, nb))
        built = G._footprints(v, oris)
        assert [(f.orientation, f.row, f.col, f.squares, f.half_square, f.half_side, f.nb_square) for f in built] == (
            expected
        )
        assert built == G.FOOTPRINTS[key][tile]
        for f in built:
            assert G.footprint(key, tile, f.orientation, f.row, f.col) == f
