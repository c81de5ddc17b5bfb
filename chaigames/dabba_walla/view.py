"""What one seat may see (DW-15), as frozen dataclasses a screen and the bots read.

Structure of `DabbaView` (the value of `state.view(seat)`; `seat=None` is the table's view):

- `seat`: the viewer (None = public); `phase`: "pickup" | "final" | "delivery" | "over";
  `step`: within a pick-up / final turn "move" | "play" | "place" | "end", in delivery "choose"
  (secret choices) or "later" (DW-11 play-later changes), "over" at the end;
  `turn`: the seat whose pick-up / final turn it is (None in delivery); `actors`: seats that may act now;
  `start_player`.
- `vehicle`: key ("trailer", "handcart", "crate", "wheelbarrow"), `vehicle_label`, `rows`, `cols`,
  `squares`: square numbers (row * cols + col) that belong to the vehicle. Squares outside it have
  height 0 and an empty stack.
- `spaces`: the ring of six board spaces, clockwise, each a `Space(card, tickets, figures)`:
  card code on that slot (None once the display is cleared), tickets lying on it, seats standing there.
- `draw_count` (the order of the draw pile is never shown), `discard` (common discard, card codes),
  `empties_left`, `bonus_left` (per colour Y, R, B, G), `chai_supply` (count).
- `orders` (Module 2 orders in play), `double_zero` (Module 1: (extended colour, shortened colour)
  as letters, or None), `no_minus`.
- Delivery: `round`, `rounds`, `level` (the level being delivered, 0 outside delivery),
  `tracks`: marker positions of the last scored round, `track_values`: their tip values,
  `last_round`: the last scored round ({"round", "level", "choices": [(card, chai kinds)...],
  "later": [...], "positions", "values", "tips"}) or None.
- `players`: one `PlayerView` per seat (see its docstring), seat order.

Helpers for a screen: `placements(view, card)` lists the legal (orientation, row, col, level) of a
card's tile on the viewer's vehicle, `placement_problem(view, card, orientation, row, col, level)` says
why one is illegal, `orientations(card)` gives each orientation's cells and half-chai.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from . import data as D
from . import geometry as G

if TYPE_CHECKING:
    from .state import DabbaWallaState


class Layer(NamedTuple):
    """One dabba in a square's stack: the piece it belongs to (same id on every square of a tile,
    so outlines are where neighbouring squares at the same level have different ids), its colour
    letter (None for an empty dabba), its level, and the half-chai side on this square ('N', 'E',
    'S', 'W') or None."""

    piece: str
    colour: str | None
    level: int
    half: str | None


class Space(NamedTuple):
    card: str | None
    tickets: int
    figures: tuple[int, ...]


@dataclass(frozen=True)
class PlayerView:
    """One player as the viewer may see them.

    `heights` per square of the bounding grid; `stacks` per square, bottom to top, of `Layer`s;
    `level`: the true highest level, `level_marker`: what the marker shows (1-10, DW-2: 1 on an empty vehicle);
    `position`: board space or None; `tickets`; `played`: the public played pile (card codes, in
    order; empty in delivery, where it became the hand); `pending`: the card whose tile waits to be
    placed; `hand`: card codes when the viewer may see them (own hand; everyone's in delivery,
    DW-15), else None, with `hand_count` always; `chai`: own chai tile kinds (None for others) and
    `chai_count`; `tips`; delivery: `committed` (secret choice made; nothing more until reveal),
    `choice`: (card or None, chai kinds) once revealed, or the viewer's own current pick;
    `revealed`; `later` (played a play-later tile this round).
    """

    seat: int
    name: str
    position: int | None
    tickets: int
    heights: tuple[int, ...]
    stacks: tuple[tuple[Layer, ...], ...]
    level: int
    level_marker: int
    played: tuple[str, ...]
    pending: str | None
    hand: tuple[str, ...] | None
    hand_count: int
    chai: tuple[str, ...] | None
    chai_count: int
    tips: int
    committed: bool
    choice: tuple[str | None, tuple[str, ...]] | None
    revealed: bool
    later: bool


@dataclass(frozen=True)
class DabbaView:
    seat: int | None
    phase: str
    step: str
    turn: int | None
    actors: tuple[int, ...]
    start_player: int
    vehicle: str
    vehicle_label: str
    rows: int
    cols: int
    squares: tuple[int, ...]
    spaces: tuple[Space, ...]
    draw_count: int
    discard: tuple[str, ...]
    empties_left: int
    bonus_left: tuple[int, int, int, int]
    chai_supply: int
    orders: tuple[int, ...]
    double_zero: tuple[str, str] | None
    no_minus: bool
    round: int
    rounds: int
    level: int
    tracks: tuple[int, ...]
    track_values: tuple[int, ...]
    last_round: dict[str, Any] | None
    players: tuple[PlayerView, ...]

    def me(self) -> PlayerView | None:
        return self.players[self.seat] if self.seat is not None else None


def level_marker(level: int) -> int:
    """DW-2: the marker stands at 1 before the first tile (the rulebook's setup); above 10 it starts again at 1."""
    return (max(level, 1) - 1) % 10 + 1


def _stack_view(stack: list[tuple[int, int, int]]) -> tuple[Layer, ...]:
    return tuple(
        Layer(
            D.PIECE_NAMES[p],
            D.COLOURS[D.PIECE_COLOUR[p]] if D.PIECE_COLOUR[p] >= 0 else None,
            lv,
            D.SIDES[h] if h >= 0 else None,
        )
        for p, lv, h in stack
    )


def make_view(s: DabbaWallaState, seat: int | None) -> DabbaView:
    n = s.n
    delivery = s.phase in ("delivery", "over")
    players = []
    for p in range(n):
        own = seat == p
        top = max(s.heights[p])
        stacks = s._stack_views[p]
        if stacks is None:
            stacks = s._stack_views[p] = tuple(_stack_view(st) for st in s.stacks[p])
        choice = None
        if s.phase == "delivery" and (s.revealed[p] or own):
            card = s.choice_card[p]
            choice = (D.CARD_CODES[card] if card >= 0 else None, tuple(D.CHAI_KINDS[c] for c in s.choice_chai[p]))
        see_hand = own or delivery
        players.append(
            PlayerView(
                seat=p,
                name=s.names[p],
                position=s.pos[p] if s.pos[p] >= 0 and not delivery else None,
                tickets=s.tickets[p],
                heights=tuple(s.heights[p]),
                stacks=stacks,
                level=top,
                level_marker=level_marker(top),
                played=tuple(D.CARD_CODES[c] for c in s.played[p]),
                pending=D.CARD_CODES[s.pending] if s.pending >= 0 and s.turn == p and s.phase != "delivery" else None,
                hand=tuple(D.CARD_CODES[c] for c in s.hands[p]) if see_hand else None,
                hand_count=len(s.hands[p]),
                chai=tuple(D.CHAI_KINDS[c] for c in s.chai_owned[p]) if own else None,
                chai_count=len(s.chai_owned[p]),
                tips=s.tips[p],
                committed=s.phase == "delivery" and s.committed[p],
                choice=choice,
                revealed=s.phase == "delivery" and s.revealed[p],
                later=s.phase == "delivery" and s.later[p],
            )
        )
    spaces = tuple(
        Space(
            D.CARD_CODES[s.display[i]] if s.display[i] >= 0 else None,
            s.slot_tickets[i],
            tuple(p for p in range(n) if s.pos[p] == i) if not delivery else (),
        )
        for i in range(6)
    )
    last = s.last_round
    dz = s.double_zero
    return DabbaView(
        seat=seat,
        phase=s.phase,
        step=s.step,
        turn=s.turn if s.phase in ("pickup", "final") else None,
        actors=s.actors(),
        start_player=s.start,
        vehicle=s.vehicle_key,
        vehicle_label=s.vehicle.label,
        rows=s.vehicle.rows,
        cols=s.vehicle.cols,
        squares=s.vehicle.squares,
        spaces=spaces,
        draw_count=len(s.draw),
        discard=tuple(D.CARD_CODES[c] for c in s.discard),
        empties_left=len(s.empties),
        bonus_left=tuple(len(b) for b in s.bonus),  # type: ignore[arg-type]
        chai_supply=len(s.chai_supply),
        orders=s.orders,
        double_zero=(D.COLOURS[dz[0]], D.COLOURS[dz[1]]) if dz[0] >= 0 else None,
        no_minus=s.no_minus,
        round=s.round,
        rounds=s.rounds,
        level=s.level if s.phase == "delivery" else 0,
        tracks=tuple(last["positions"]) if last else (0, 0, 0, 0),
        track_values=tuple(last["values"]) if last else (0, 0, 0, 0),
        last_round=last,
        players=tuple(players),
    )


# -- helpers for a screen ----------------------------------------------------------------------
def tile_number(card: str) -> int:
    """0-18: the tile's row in the component table (same for every colour)."""
    return D.CARD_IDS[card] % D.TILES_PER_COLOUR


def orientations(card: str) -> tuple[G.Orientation, ...]:
    """Each orientation's cells (row, col from the top-left) and half-chai cell and side (0-3 = N E S W)."""
    return G.TILE_ORIENTATIONS[tile_number(card)]


def placements(view: DabbaView, card: str, seat: int | None = None) -> list[tuple[int, int, int, int]]:
    """Every legal (orientation, row, col, level) of this card's tile on the seat's vehicle (default: viewer)."""
    p = view.seat if seat is None else seat
    assert p is not None
    heights = list(view.players[p].heights)
    return [
        (fp.orientation, fp.row, fp.col, lv) for fp, lv in G.legal_placements(view.vehicle, tile_number(card), heights)
    ]


def placement_problem(
    view: DabbaView, card: str, orientation: int, row: int, col: int, level: int, seat: int | None = None
) -> str | None:
    """Why this placement of the card's tile is illegal (None when legal), e.g. "the tile would overhang
    the crate" or "square (2,1) is at level 3, the tile needs level 2 under it everywhere"."""
    p = view.seat if seat is None else seat
    assert p is not None
    heights = list(view.players[p].heights)
    return G.placement_problem(view.vehicle, tile_number(card), heights, orientation, row, col, level)
