"""Shared set-ups for the Dabba Walla tests: a state with chosen cards, loads and chai tiles."""

from __future__ import annotations

from chaigames.dabba_walla import SPEC
from chaigames.dabba_walla import data as D
from chaigames.dabba_walla.state import DabbaWallaState
from chaigames.engine import GameConfig, SeatConfig

NAMES = ("Laureen", "Mattis", "Neele", "Maria")


def config(n: int = 2, start: int | None = 0, **options) -> GameConfig:
    return SPEC.validate(
        GameConfig(seats=tuple(SeatConfig(NAMES[i]) for i in range(n)), options=options, start_player=start)
    )


def make(n: int = 2, seed: int = 1, start: int | None = 0, **options) -> DabbaWallaState:
    return SPEC.new_game(config(n, start, **options), seed)


def card(code: str) -> int:
    return D.CARD_IDS[code]


def give_card(s: DabbaWallaState, p: int, code: str) -> None:
    """Move a card from wherever it is into p's hand."""
    c = card(code)
    for pile in [s.out_cards, s.draw, s.discard, *s.hands, *s.played]:
        if c in pile:
            pile.remove(c)
    if c in s.display:
        s.display[s.display.index(c)] = s.draw.pop(0)
    s.hands[p].append(c)


def give_chai(s: DabbaWallaState, p: int, *kinds: str) -> None:
    for kind in kinds:
        cid = next(c for c in s.chai_supply if D.CHAI_KINDS[c] == kind)
        s.chai_supply.remove(cid)
        s.chai_owned[p].append(cid)


def put(s: DabbaWallaState, p: int, piece: int, squares: list[tuple[int, int]], level: int, half=None) -> None:
    """Load a piece directly (no rules): squares (row, col), all on `level`; half = (row, col, side) or None."""
    cols = s.vehicle.cols
    for r, c in squares:
        sq = r * cols + c
        assert s.heights[p][sq] == level - 1, "test set-up must stack level by level"
        side = -1
        if half is not None and (half[0], half[1]) == (r, c):
            side = D.SIDES.index(half[2])
        s.stacks[p][sq].append((piece, level, side))
        s.heights[p][sq] = level
    s._stack_views[p] = None
    s._changed()


def to_turn(s: DabbaWallaState, p: int, step: str = "play") -> None:
    s.turn = p
    s.step = step
    if s.pos[p] < 0:
        s.pos[p] = 0
    s._changed()


def to_delivery(s: DabbaWallaState, piles: dict[int, list[str]] | None = None) -> None:
    """Jump to the delivery phase: each player's played pile becomes their hand (DW-9)."""
    for p in range(s.n):
        s.hands[p] = []
    for p, codes in (piles or {}).items():
        for code in codes:
            give_card(s, p, code)
        s.played[p] = s.hands[p]
        s.hands[p] = []
    s.phase = "final"
    s._begin_delivery()
    s._changed()
