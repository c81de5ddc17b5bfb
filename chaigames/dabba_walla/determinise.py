"""A whole Dabba Walla game consistent with what one seat sees: how a search bot thinks with the rules.

In the pick-up phase a seat cannot see the rivals' hands, the rivals' chai tiles, the draw pile or the
cards left in the box (DW-15). `determinise(view, rng)` deals those at random from what is unaccounted
for: every card not on the display, in the seat's own hand, in anyone's played pile or in the discard
goes to a rival's hand (as many as they hold), the draw pile (as many as it has) or the box; every chai
tile not in the seat's own hand and not set aside by the options goes to a rival (as many as they hold),
the supply (as many as it has) or the spent pile. Everything the view shows is copied exactly, so the
result's view for that seat is the view it was dealt from (tests check this). It deals pick-up and
final-placement positions; in the delivery phase every hand is public and the bots reason on the view.
"""

from __future__ import annotations

from chaigames.engine import GameConfig, Rng, SeatConfig

from . import data as D
from .state import END, FINAL, NONE, PICKUP, PLACE, DabbaWallaState
from .view import DabbaView

PIECE_IDS = {name: p for p, name in enumerate(D.PIECE_NAMES)}
CHAI_BY_KIND: dict[str, list[int]] = {}
for _cid, _kind in enumerate(D.CHAI_KINDS):
    CHAI_BY_KIND.setdefault(_kind, []).append(_cid)


def config_of(view: DabbaView) -> GameConfig:
    options: dict[str, object] = {"vehicle": view.vehicle, "no_minus": view.no_minus}
    options["module1"] = view.double_zero is not None
    for order in view.orders:
        options[f"order_card_{(order + 1) // 2}"] = order
    return GameConfig(
        seats=tuple(SeatConfig(p.name) for p in view.players), options=options, start_player=view.start_player
    )


def determinise(view: DabbaView, rng: Rng) -> DabbaWallaState:
    """A full state that `view.seat` could be looking at, hidden parts dealt with `rng`."""
    me = view.seat
    assert me is not None, "a bot sees the game from a seat"
    assert view.phase in (PICKUP, FINAL), "the delivery phase has no hidden cards to deal"
    n = len(view.players)
    st = DabbaWallaState(config_of(view), rng.randbelow(1 << 62))
    ids = D.CARD_IDS
    st.start = view.start_player
    st.phase, st.step = view.phase, view.step
    st.turn = view.turn if view.turn is not None else NONE
    st.display = [ids[sp.card] if sp.card is not None else NONE for sp in view.spaces]
    st.slot_tickets = [sp.tickets for sp in view.spaces]
    st.played = [[ids[c] for c in p.played] for p in view.players]
    st.tickets = [p.tickets for p in view.players]
    st.pos = [p.position if p.position is not None else NONE for p in view.players]
    st.heights = [list(p.heights) for p in view.players]
    st.stacks = [
        [[(PIECE_IDS[la.piece], la.level, D.SIDES.index(la.half) if la.half else -1) for la in sq] for sq in p.stacks]
        for p in view.players
    ]
    st.chais = [[[sq, la.level] for sq, stack in enumerate(p.stacks) for la in stack if la.chai] for p in view.players]
    st._stack_views = [None] * n
    on_board = {e[0] for stacks in st.stacks for sq in stacks for e in sq}
    st.empties = [p for p in range(D.EMPTY_BASE + D.N_EMPTY - 1, D.EMPTY_BASE - 1, -1) if p not in on_board]
    st.bonus = [
        [p for p in range(D.BONUS_BASE + c * 3 + 2, D.BONUS_BASE + c * 3 - 1, -1) if p not in on_board]
        for c in range(4)
    ]
    pending = view.players[view.turn].pending if view.turn is not None else None
    st.pending = ids[pending] if pending is not None else NONE
    st.returned = [c for pile in st.played for c in pile if c not in on_board and c != st.pending]
    st.dw5_returns = len(st.returned)
    st.discard = [ids[c] for c in view.discard]
    st.double_zero = (
        (D.COLOURS.index(view.double_zero[0]), D.COLOURS.index(view.double_zero[1]))
        if view.double_zero
        else (NONE, NONE)
    )
    st.tips = [p.tips for p in view.players]
    st.box_tickets = D.N_TICKETS - sum(st.tickets) - sum(st.slot_tickets)
    # cards: the seat's own hand (and every hand in delivery) is known; the rest are dealt from the unseen
    known: set[int] = {c for c in st.display if c >= 0} | {c for pile in st.played for c in pile} | set(st.discard)
    hands: list[list[int] | None] = [[ids[c] for c in p.hand] if p.hand is not None else None for p in view.players]
    for h in hands:
        if h is not None:
            known.update(h)
    unseen = [c for c in range(D.N_DABBA) if c not in known]
    rng.shuffle(unseen)
    for p in range(n):
        if hands[p] is None:
            k = view.players[p].hand_count
            hands[p], unseen = unseen[:k], unseen[k:]
    st.hands = [h if h is not None else [] for h in hands]
    st.draw, unseen = unseen[: view.draw_count], unseen[view.draw_count :]
    st.out_cards = sorted(unseen)
    # chai tiles: own are known; the rivals', the supply's and the spent ones are dealt from the rest
    mine = [CHAI_BY_KIND[k] for k in (view.players[me].chai or ())]
    own: list[int] = []
    for group in mine:
        own.append(next(c for c in group if c not in own))
    box = [cid for cid, kind in enumerate(D.CHAI_KINDS) if view.no_minus and kind in D.NO_MINUS_KINDS]
    hidden = [cid for cid in range(D.N_CHAI) if cid not in own and cid not in box]
    rng.shuffle(hidden)
    st.chai_box = box
    st.chai_owned = []
    for p in range(n):
        if p == me:
            st.chai_owned.append(own)
        else:
            k = view.players[p].chai_count
            st.chai_owned.append(hidden[:k])
            hidden = hidden[k:]
    st.chai_supply, st.chai_spent = hidden[: view.chai_supply], hidden[view.chai_supply :]
    # turn bookkeeping the view implies
    if view.phase == PICKUP:
        st.trigger = NONE in st.display
        st.turns_taken = [
            len(st.played[p]) - (1 if p == st.turn and view.step in (PLACE, END) else 0) for p in range(n)
        ]
    elif view.phase == FINAL:
        st.trigger = True
        st.final_done = (st.turn - st.start) % n
    st._cache = {}
    return st
