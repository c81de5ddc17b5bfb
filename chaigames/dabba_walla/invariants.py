"""Checks that hold after every action; the property tests and the soak run them.

Each returns a list of problems in words (empty = fine), so a failure says what broke.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from . import data as D
from . import geometry as G

if TYPE_CHECKING:
    from .state import DabbaWallaState


def problems(s: DabbaWallaState) -> list[str]:
    out: list[str] = []
    out += _cards(s)
    out += _pieces(s)
    out += _tickets_and_chai(s)
    out += _vehicles(s)
    out += _tracks(s)
    return out


def _once(label: str, places: dict[str, list[int]], universe: range) -> list[str]:
    seen: Counter[int] = Counter()
    for items in places.values():
        seen.update(items)
    out = [f"{label} {x} is in {seen[x]} places" for x in seen if seen[x] != 1]
    missing = [x for x in universe if x not in seen]
    if missing:
        out.append(f"{label}s missing: {missing[:5]}")
    extra = [x for x in seen if x not in universe]
    if extra:
        out.append(f"unknown {label}s: {extra[:5]}")
    return out


def _cards(s: DabbaWallaState) -> list[str]:
    places: dict[str, list[int]] = {
        "box": s.out_cards,
        "draw": s.draw,
        "display": [c for c in s.display if c >= 0],
        "discard": s.discard,
    }
    for p in range(s.n):
        places[f"hand{p}"] = s.hands[p]
        places[f"played{p}"] = s.played[p]
    out = _once("card", places, range(D.N_DABBA))
    if len(s.out_cards) != D.N_DABBA - D.DECK_SIZE[s.n]:
        out.append("wrong number of cards out of the game")
    return out


def _pieces(s: DabbaWallaState) -> list[str]:
    on_vehicle: list[int] = []
    for p in range(s.n):
        on_vehicle.extend({piece for st in s.stacks[p] for piece, _, _ in st})
    places = {
        "vehicles": on_vehicle,
        "returned": s.returned,
        "delivered": s.delivered,
        "empties": s.empties,
        "bonus": [x for b in s.bonus for x in b],
    }
    used = [x for items in places.values() for x in items]
    counts = Counter(used)
    out = [f"piece {D.PIECE_NAMES[x]} is in {counts[x]} places" for x in counts if counts[x] > 1]
    # every bonus and empty dabba is somewhere; a dabba tile is loaded only once its card was played
    for x in range(D.BONUS_BASE, D.N_PIECES):
        if counts[x] != 1:
            out.append(f"piece {D.PIECE_NAMES[x]} is nowhere")
    played = set()
    for p in range(s.n):
        played.update(s.played[p] if s.phase in ("pickup", "final") else s.hands[p])
    for x in range(D.N_DABBA):
        if counts[x] and s.phase in ("pickup", "final") and x not in played:
            out.append(f"tile {D.PIECE_NAMES[x]} is loaded but its card was never played")
        if not counts[x] and s.phase in ("pickup", "final") and x in played and x != s.pending:
            out.append(f"tile {D.PIECE_NAMES[x]} was played but is not loaded")
    return out


def _tickets_and_chai(s: DabbaWallaState) -> list[str]:
    out = []
    total = sum(s.tickets) + sum(s.slot_tickets) + s.box_tickets
    if total != D.N_TICKETS or min(s.tickets) < 0:
        out.append(f"tickets add up to {total}")
    places = {"supply": s.chai_supply, "spent": s.chai_spent, "box": s.chai_box}
    for p in range(s.n):
        places[f"owned{p}"] = s.chai_owned[p]
        places[f"choice{p}"] = s.choice_chai[p]
    out += _once("chai tile", places, range(D.N_CHAI))
    if s.no_minus and any(D.CHAI_KINDS[c] in D.NO_MINUS_KINDS for c in s.chai_supply):
        out.append("a -1 or veto tile is in play with 'no -1 tiles'")
    return out


def _vehicles(s: DabbaWallaState) -> list[str]:
    out = []
    v = s.vehicle
    inside = set(v.squares)
    for p in range(s.n):
        tiles: dict[int, list[tuple[int, int]]] = {}
        for sq, st in enumerate(s.stacks[p]):
            if sq not in inside and st:
                out.append(f"seat {p}: a dabba overhangs the vehicle at square {sq}")
            if s.heights[p][sq] != len(st):
                out.append(f"seat {p}: height of square {sq} is {s.heights[p][sq]} with {len(st)} dabbas")
            for k, (piece, level, _) in enumerate(st):
                if level != k + 1:
                    out.append(f"seat {p}: square {sq} has a dabba on level {level} at position {k + 1} (floats)")
                if piece < D.N_DABBA:
                    tiles.setdefault(piece, []).append((sq, level))
        for piece, cells in tiles.items():
            levels = {lv for _, lv in cells}
            squares = tuple(sorted(sq for sq, _ in cells))
            fps = G.FOOTPRINTS[s.vehicle_key][piece % D.TILES_PER_COLOUR]
            if len(levels) != 1 or not any(tuple(sorted(fp.squares)) == squares for fp in fps):
                out.append(f"seat {p}: tile {D.PIECE_NAMES[piece]} is not laid as one whole tile on one level")
    return out


def _tracks(s: DabbaWallaState) -> list[str]:
    lr = s.last_round
    if not lr:
        return []
    out = []
    ext = s.double_zero[0]
    for c in range(4):
        top = D.TRACK_MAX + (1 if c == ext else 0)
        if not 0 <= lr["positions"][c] <= top or not 0 <= lr["values"][c] <= D.TRACK_MAX:
            out.append(f"track {D.COLOURS[c]} out of range: {lr['positions'][c]} / {lr['values'][c]}")
    return out
