"""Shared set-ups for the Dabba Walla tests: a state with chosen cards, loads and chai tiles."""

from __future__ import annotations

from chaigames.dabba_walla import SPEC
from chaigames.dabba_walla import data as D
from chaigames.dabba_walla.actions import EndTurn
from chaigames.dabba_walla.state import DabbaWallaState
from chaigames.engine import GameConfig, SeatConfig
from tests.positions import edit, replace

NAMES = ("Laureen", "Mattis", "Neele", "Maria")


def config(n: int = 2, start: int | None = 0, **options) -> GameConfig:
    return SPEC.validate(
        GameConfig(seats=tuple(SeatConfig(NAMES[i]) for i in range(n)), options=options, start_player=start)
    )


def make(n: int = 2, seed: int = 1, start: int | None = 0, **options) -> DabbaWallaState:
    return SPEC.new_game(config(n, start, **options), seed)


def card(code: str) -> int:
    return D.CARD_IDS[code]


def give_card(s: DabbaWallaState, p: int, code: str) -> DabbaWallaState:
    """The position with a card moved from wherever it is into p's hand."""
    d = s.to_json()
    c = card(code)
    for pile in [d["out_cards"], d["draw"], d["discard"], *d["hands"], *d["played"]]:
        if c in pile:
            pile.remove(c)
    if c in d["display"]:
        d["display"][d["display"].index(c)] = d["draw"].pop(0)
    d["hands"][p].append(c)
    return replace(s, DabbaWallaState.from_json(d))


def give_chai(s: DabbaWallaState, p: int, *kinds: str) -> DabbaWallaState:
    """The position with chai tiles of these kinds moved from the supply to p."""
    d = s.to_json()
    for kind in kinds:
        cid = next(c for c in d["chai_supply"] if D.CHAI_KINDS[c] == kind)
        d["chai_supply"].remove(cid)
        d["chai_owned"][p].append(cid)
    return replace(s, DabbaWallaState.from_json(d))


def put(
    s: DabbaWallaState, p: int, piece: int, squares: list[tuple[int, int]], level: int, half=None
) -> DabbaWallaState:
    """The position with a piece loaded directly (no rules): squares (row, col), all on `level`;
    half = (row, col, side) or None."""
    d = s.to_json()
    cols = s.vehicle.cols
    for r, c in squares:
        sq = r * cols + c
        assert d["heights"][p][sq] == level - 1, "test set-up must stack level by level"
        side = -1
        if half is not None and (half[0], half[1]) == (r, c):
            side = D.SIDES.index(half[2])
        d["stacks"][p][sq].append([piece, level, side])
        d["heights"][p][sq] = level
    return replace(s, DabbaWallaState.from_json(d))


def to_turn(s: DabbaWallaState, p: int, step: str = "play") -> DabbaWallaState:
    """The position with p to act at this step of the turn (on space 0 if not yet on the board)."""
    pos = list(s.pos)
    if pos[p] < 0:
        pos[p] = 0
    return replace(s, edit(s, turn=p, step=step, pos=pos))


def to_delivery(s: DabbaWallaState, piles: dict[int, list[str]] | None = None) -> DabbaWallaState:
    """The delivery phase, reached by the rules: each player's played pile (these cards, or none)
    becomes their hand (DW-9) when the last player ends the final placements."""
    given = s
    for p in range(s.n):
        s = edit(s, hands=[[] if q == p else h for q, h in enumerate(s.to_json()["hands"])])
        for code in (piles or {}).get(p, []):
            s = give_card(s, p, code)
    d = s.to_json()
    d["played"] = d["hands"]
    d["hands"] = [[] for _ in range(s.n)]
    last = (s.start - 1) % s.n
    s = edit(s, played=d["played"], hands=d["hands"], phase="final", step="end", turn=last, final_done=s.n - 1)
    s.apply(last, EndTurn())
    return replace(given, s)
