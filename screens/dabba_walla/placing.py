"""Placement mode's arithmetic: the ghost tile's turns and mirror images, its landing level, why not.

The core numbers a tile's distinct orientations (geometry.TILE_ORIENTATIONS, duplicates removed);
a player thinks in "rotate" and "mirror". `Transforms` maps the eight symmetries of the square
onto those orientation numbers so `r` and `f` always do what they say, whatever the tile.
"""

from __future__ import annotations

from dataclasses import dataclass

from chaigames.dabba_walla import data as D
from chaigames.dabba_walla import geometry as G
from chaigames.dabba_walla.view import DabbaView, orientations, placement_problem, placements, tile_number

from .render import Ghost

# The eight symmetries as maps of (row, col), in geometry's order: rotations by a quarter turn
# clockwise (0-3), then the same after a left-right mirror (4-7).
_MAPS = (
    lambda r, c: (r, c),
    lambda r, c: (c, -r),
    lambda r, c: (-r, -c),
    lambda r, c: (-c, r),
    lambda r, c: (r, -c),
    lambda r, c: (-c, -r),
    lambda r, c: (-r, c),
    lambda r, c: (c, r),
)


def rotate(t: int) -> int:
    """A quarter turn clockwise: map 1 after map t (maps 4-7 are maps 4 then 0-3 quarter turns)."""
    return (t // 4) * 4 + (t + 1) % 4


def mirror(t: int) -> int:
    """Left-right mirror image of what is shown: mirror after rotation k is map 4 + (-k mod 4)."""
    return 4 + (-t) % 4 if t < 4 else (-(t - 4)) % 4


TURNS = ("as on the card", "turned right", "turned round", "turned left")


def transform_words(t: int) -> str:
    """What a player did to the tile, in words: 'turned right', 'mirrored and turned round'."""
    turn = TURNS[t % 4]
    if t < 4:
        return turn
    return "mirrored" if t == 4 else f"mirrored and {turn}"


def transform_orientations(card: str) -> tuple[int, ...]:
    """For each symmetry 0-7, the core's orientation index of the card's tile."""
    shape, half_index, half_side, _ = D.TILE_TABLE[tile_number(card)]
    cells = D.SHAPES[shape]
    hs = D.SIDES.index(half_side)
    oris = orientations(card)
    index = {(o.cells, o.half_cell, o.half_side): i for i, o in enumerate(oris)}
    out = []
    for m in _MAPS:
        moved = [m(r, c) for r, c in cells]
        r0 = min(r for r, _ in moved)
        c0 = min(c for _, c in moved)
        norm = [(r - r0, c - c0) for r, c in moved]
        side = G.SIDE_VEC.index(m(*G.SIDE_VEC[hs]))
        out.append(index[(tuple(sorted(norm)), norm[half_index], side)])
    return tuple(out)


@dataclass(frozen=True)
class Spot:
    """The ghost at one place: the Place action's numbers, the squares, and what is wrong (if anything)."""

    orientation: int
    row: int
    col: int
    level: int
    squares: tuple[int, ...]
    problem: str | None
    completes_chai: bool
    half_square: int
    half_side: str

    @property
    def legal(self) -> bool:
        return self.problem is None


def half_cell(card: str, orientation: int) -> tuple[int, int]:
    """The square of the tile (row, col in its box) that carries its half-chai."""
    return orientations(card)[orientation].half_cell


def size_of(card: str, orientation: int) -> tuple[int, int]:
    ori = orientations(card)[orientation]
    return 1 + max(r for r, _ in ori.cells), 1 + max(c for _, c in ori.cells)


def clamp(view: DabbaView, card: str, orientation: int, row: int, col: int) -> tuple[int, int]:
    """Keep the ghost's bounding box on the vehicle's grid (it may still overhang a gap)."""
    h, w = size_of(card, orientation)
    return max(0, min(row, view.rows - h)), max(0, min(col, view.cols - w))


def spot(view: DabbaView, seat: int, card: str, orientation: int, row: int, col: int) -> Spot:
    """Where the tile would land (one above the highest square under it) and whether it may."""
    ori = orientations(card)[orientation]
    heights = view.players[seat].heights
    inside = set(view.squares)
    squares = tuple((r + row) * view.cols + c + col for r, c in ori.cells)
    under = [heights[s] for s in squares if s in inside]
    level = (max(under) if under else 0) + 1
    problem = placement_problem(view, card, orientation, row, col, level, seat=seat)
    half_square = (ori.half_cell[0] + row) * view.cols + ori.half_cell[1] + col
    side = D.SIDES[ori.half_side]
    completes = False
    if problem is None:
        fp = G.footprint(view.vehicle, tile_number(card), orientation, row, col)
        if fp is not None and fp.nb_square >= 0 and heights[fp.nb_square] == level:
            top = view.players[seat].stacks[fp.nb_square][-1]
            completes = top.level == level and top.half == D.SIDES[G.OPPOSITE[fp.half_side]]
    return Spot(orientation, row, col, level, squares, problem, completes, half_square, side)


def ghost_of(card: str, s: Spot) -> Ghost:
    return Ghost(s.squares, card[0], s.level, s.legal, s.half_square, s.half_side, s.completes_chai)


def legal_spots(view: DabbaView, seat: int, card: str) -> list[tuple[int, int, int, int]]:
    """The legal placements, lowest level first, then top to bottom, left to right (tab order)."""
    return sorted(placements(view, card, seat), key=lambda p: (p[3], p[1], p[2], p[0]))
