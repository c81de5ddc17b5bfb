"""Vehicles, tile orientations and placements (rulebook "Rules for placing dabba tiles", DW-1, DW-3, DW-5).

Everything that does not depend on a game in progress is computed once at import: the distinct
orientations of every tile (squares AND half-chai must coincide for two to be the same, so the O4
keeps 8 and the M1 4) and, per vehicle, every footprint of every tile inside the vehicle. A legal
placement is then just a footprint whose squares all have the same height (DW-1), which keeps
the enumeration far under a millisecond.

Squares are numbered `row * cols + col` on the vehicle's bounding grid; heights are a plain list
over that grid (squares outside the vehicle stay 0 and are never used).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .data import SHAPES, SIDES, TILE_TABLE

# Side vectors (d_row, d_col) for N, E, S, W.
SIDE_VEC: tuple[tuple[int, int], ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
OPPOSITE: tuple[int, ...] = (2, 3, 0, 1)

# The eight symmetries of the square as maps of (row, col): four rotations, then their mirror images.
_MAPS: tuple[Callable[[int, int], tuple[int, int]], ...] = (
    lambda r, c: (r, c),
    lambda r, c: (c, -r),
    lambda r, c: (-r, -c),
    lambda r, c: (-c, r),
    lambda r, c: (r, -c),
    lambda r, c: (-c, -r),
    lambda r, c: (-r, c),
    lambda r, c: (c, r),
)


@dataclass(frozen=True)
class Vehicle:
    key: str
    label: str
    rows: int
    cols: int
    squares: tuple[int, ...]  # square numbers inside the vehicle

    @property
    def size(self) -> int:
        return len(self.squares)

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols and r * self.cols + c in self._set

    @property
    def _set(self) -> frozenset[int]:
        return frozenset(self.squares)


def _vehicle(key: str, label: str, picture: tuple[str, ...]) -> Vehicle:
    cols = len(picture[0])
    squares = tuple(r * cols + c for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#")
    return Vehicle(key, label, len(picture), cols, squares)


# Spec "Vehicles" (`#` = cargo square).
VEHICLES: dict[str, Vehicle] = {
    "trailer": _vehicle("trailer", "bicycle trailer", ("###", "###", "###")),
    "handcart": _vehicle("handcart", "handcart", ("#####", "####.")),
    "crate": _vehicle("crate", "crate", ("###", "###")),
    "wheelbarrow": _vehicle("wheelbarrow", "wheelbarrow", (".##.", "####")),
}
VEHICLE_KEYS: tuple[str, ...] = ("trailer", "handcart", "crate", "wheelbarrow")


@dataclass(frozen=True)
class Orientation:
    """One way to lay a tile down: its cells (normalised to start at row 0, col 0) and its half-chai."""

    cells: tuple[tuple[int, int], ...]
    half_cell: tuple[int, int]
    half_side: int  # index into SIDES


def orientations_of(shape: str, half_index: int, half_side: str) -> tuple[Orientation, ...]:
    """Every distinct rotation and mirror image (rulebook placing rule 1); the half-chai moves along."""
    cells = SHAPES[shape]
    hs = SIDES.index(half_side)
    seen: dict[tuple[tuple[tuple[int, int], ...], tuple[int, int], int], Orientation] = {}
    for m in _MAPS:
        moved = [m(r, c) for r, c in cells]
        r0 = min(r for r, _ in moved)
        c0 = min(c for _, c in moved)
        norm = [(r - r0, c - c0) for r, c in moved]
        vr, vc = m(*SIDE_VEC[hs])
        side = SIDE_VEC.index((vr, vc))
        key = (tuple(sorted(norm)), norm[half_index], side)
        if key not in seen:
            seen[key] = Orientation(key[0], norm[half_index], side)
    return tuple(seen.values())


# Orientations per tile number (0-18); the same for every colour.
TILE_ORIENTATIONS: tuple[tuple[Orientation, ...], ...] = tuple(
    orientations_of(shape, cell, side) for shape, cell, side, _ in TILE_TABLE
)


@dataclass(frozen=True)
class Footprint:
    """A tile lying at (row, col) in one orientation inside a vehicle, before levels are known.

    `nb_square` is the square across the half-chai side, or -1 when that is outside the vehicle (then this
    placement can never complete a chai). No half-chai faces a cell of its own tile (a data test checks it).
    """

    orientation: int
    row: int
    col: int
    squares: tuple[int, ...]
    half_square: int
    half_side: int
    nb_square: int


def _footprints(vehicle: Vehicle, oris: tuple[Orientation, ...]) -> tuple[Footprint, ...]:
    out = []
    for k, o in enumerate(oris):
        for ar in range(vehicle.rows):
            for ac in range(vehicle.cols):
                cells = [(r + ar, c + ac) for r, c in o.cells]
                if not all(vehicle.inside(r, c) for r, c in cells):
                    continue
                sqs = tuple(r * vehicle.cols + c for r, c in cells)
                hr, hc = o.half_cell[0] + ar, o.half_cell[1] + ac
                dr, dc = SIDE_VEC[o.half_side]
                nr, nc = hr + dr, hc + dc
                nb = nr * vehicle.cols + nc if vehicle.inside(nr, nc) else -1
                out.append(Footprint(k, ar, ac, sqs, hr * vehicle.cols + hc, o.half_side, nb))
    return tuple(out)


# FOOTPRINTS[vehicle key][tile number 0-18]
FOOTPRINTS: dict[str, tuple[tuple[Footprint, ...], ...]] = {
    key: tuple(_footprints(v, oris) for oris in TILE_ORIENTATIONS) for key, v in VEHICLES.items()
}
# Lookup (vehicle, tile number, orientation, row, col) -> footprint.
_FP_INDEX: dict[tuple[str, int, int, int, int], Footprint] = {
    (key, t, fp.orientation, fp.row, fp.col): fp
    for key, per_tile in FOOTPRINTS.items()
    for t, fps in enumerate(per_tile)
    for fp in fps
}


def footprint(vehicle: str, tile: int, orientation: int, row: int, col: int) -> Footprint | None:
    return _FP_INDEX.get((vehicle, tile, orientation, row, col))


def legal_placements(vehicle: str, tile: int, heights: list[int]) -> list[tuple[Footprint, int]]:
    """Every legal (footprint, level) of tile number `tile` (0-18) on a vehicle with these heights (DW-1)."""
    out = []
    for fp in FOOTPRINTS[vehicle][tile]:
        sqs = fp.squares
        h = heights[sqs[0]]
        for s in sqs:
            if heights[s] != h:
                break
        else:
            out.append((fp, h + 1))
    return out


def levelling_need(vehicle: str, tile: int, heights: list[int]) -> int:
    """DW-5: the fewest empty dabbas that make some footprint of the tile level (every tile has a footprint on
    every vehicle)."""
    return min(_levelling(fp, heights) for fp in FOOTPRINTS[vehicle][tile])


def _levelling(fp: Footprint, heights: list[int]) -> int:
    """Empty dabbas that raise every square of a footprint to its highest one."""
    hs = [heights[s] for s in fp.squares]
    return max(hs) * len(hs) - sum(hs)


def square_name(vehicle: Vehicle, square: int) -> str:
    """'(row,col)' counted from 1, as players say it."""
    r, c = divmod(square, vehicle.cols)
    return f"({r + 1},{c + 1})"


def placement_problem(
    vehicle_key: str, tile: int, heights: list[int], orientation: int, row: int, col: int, level: int
) -> str | None:
    """Why this placement is illegal, in a player's words; None when it is legal."""
    vehicle = VEHICLES[vehicle_key]
    oris = TILE_ORIENTATIONS[tile]
    if not isinstance(orientation, int) or not 0 <= orientation < len(oris):
        return f"this tile has orientations 0 to {len(oris) - 1}, not {orientation!r}"
    if not isinstance(row, int) or not isinstance(col, int) or not isinstance(level, int):
        return "a placement needs a whole-number row, column and level"
    fp = footprint(vehicle_key, tile, orientation, row, col)
    if fp is None:
        return f"the tile would overhang the {vehicle.label}"
    return support_problem(vehicle, fp.squares, heights, level)


def support_problem(vehicle: Vehicle, squares: tuple[int, ...], heights: list[int], level: int) -> str | None:
    """DW-1: every square under a tile on level L must be at height exactly L-1."""
    if level < 1:
        return "level 1 is the floor of the vehicle"
    for s in squares:
        if heights[s] != level - 1:
            return (
                f"square {square_name(vehicle, s)} is at level {heights[s]}, "
                f"the tile needs level {level - 1} under it everywhere"
            )
    return None
