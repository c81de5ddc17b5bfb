"""A hint in the game's own words: the move the expert would make from a seat's view, and why.

"Serve black-6 now: 10 points, and the last black token"; "Take the honey: black-6 (10 points) is
then ready to serve". The reason is read off the seat's own view: which of its customers the move
brings within reach, what it earns, what it must throw away.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import (
    DiscardAdditive,
    DiscardCustomer,
    DiscardTile,
    DrawAdditive,
    Fulfil,
    Pass,
    ReserveDeck,
    ReservePool,
    ResetAdditives,
    TakeAdditives,
    VisitMarket,
)
from .data import ADDITIVES, CUSTOMERS, FLAVOURS, MARKET_INCOME, additive_label
from .describe import describe_action
from .market import COLUMN_PRICES, Market
from .view import ChaiView


def _lacks(view: ChaiView, cid: str, tiles: Mapping[str, int], adds: Mapping[str, int]) -> int:
    cust = CUSTOMERS[cid]
    short = sum(max(0, n - tiles[FLAVOURS[f]]) for f, n in enumerate(cust.flavours))
    return short + sum(max(0, n - adds[ADDITIVES[k]]) for k, n in enumerate(cust.additives))


def _wanted(view: ChaiView) -> list[str]:
    """The seat's own customers first, then the pool's, best-paying first."""
    own = sorted((view.reserved or ()), key=lambda c: -CUSTOMERS[c].vp)
    pool = sorted((p.customer for p in view.pool), key=lambda c: -CUSTOMERS[c].vp)
    return own + pool


def _closer(view: ChaiView, seat: int, gain_tiles: dict[str, int], gain_adds: dict[str, int]) -> str:
    """Which customer the gain brings closest: 'black-6 (10 points) is then ready to serve'."""
    me = view.players[seat]
    tiles, adds = dict(me.tiles), dict(me.additives)
    after_t = {f: tiles[f] + gain_tiles.get(f, 0) for f in tiles}
    after_a = {k: adds[k] + gain_adds.get(k, 0) for k in adds}
    best = None
    for cid in _wanted(view):
        before, after = _lacks(view, cid, tiles, adds), _lacks(view, cid, after_t, after_a)
        if after < before and (best is None or (after, -CUSTOMERS[cid].vp) < (best[1], -CUSTOMERS[best[0]].vp)):
            best = (cid, after)
    if best is None:
        return ""
    cid, left = best
    where = "" if cid in (view.reserved or ()) else " in the pool"
    vp = CUSTOMERS[cid].vp
    if left == 0:
        return f"{cid}{where} ({vp} points) is then ready to serve"
    return f"{cid}{where} ({vp} points) then lacks {left}"


def _gain_rank(view: ChaiView, seat: int, kind: str) -> tuple[int, int]:
    """How well taking the face-up `kind` serves: (customers made ready, -cards still lacking)."""
    why = _closer(view, seat, {}, {kind: view.display.count(kind)})
    return (1 if "ready" in why else 0, 1 if why else 0)


def explain(view: ChaiView, seat: int, action: Any) -> str:
    """The move in a few words, then why."""
    me = view.players[seat]
    if isinstance(action, Fulfil):
        cust = CUSTOMERS[action.customer]
        why = f"{cust.vp} points"
        if view.tokens.get(cust.tea, 0) == 1:
            why += f", and the last {cust.tea} token"
        if cust.tea != me.tea:
            why += " (1 coin to its merchant)"
        return f"Serve {action.customer} now: {why}"
    if isinstance(action, TakeAdditives):
        n = view.display.count(action.kind)
        label = additive_label(action.kind)
        why = _closer(view, seat, {}, {action.kind: n})
        return f"Take the {label}" + (f": {why}" if why else f" ({n} card{'s' if n != 1 else ''})")
    if isinstance(action, VisitMarket):
        flavour = view.market[action.row][action.col]
        group = Market([[FLAVOURS.index(f) for f in row] for row in view.market]).group(action.row, action.col)
        price = COLUMN_PRICES[max(c for _, c in group)]
        why = _closer(view, seat, {flavour: len(group)}, {})
        gain = f"{len(group)} {flavour}, {MARKET_INCOME - price:+d} coins"
        return f"Visit the market for {gain}" + (f": {why}" if why else "")
    if isinstance(action, ReservePool):
        cust = CUSTOMERS[action.customer]
        left = _lacks(view, action.customer, me.tiles, me.additives)
        coins = next((p.coins for p in view.pool if p.customer == action.customer), 0)
        extra = f", and the {coins} coin{'s' if coins != 1 else ''} on it" if coins else ""
        return f"Reserve {action.customer}: {cust.vp} points, you lack {left} for it{extra}"
    if isinstance(action, DiscardTile | DiscardAdditive | DiscardCustomer):
        return f"{describe_action(action)}: your customers need it least"
    if isinstance(action, DrawAdditive):
        if view.additive_step == 0:  # the first of two additive actions: the face-up card can wait
            best = max(set(view.display), key=lambda k: _gain_rank(view, seat, k), default=None)
            why = _closer(view, seat, {}, {best: view.display.count(best)}) if best else ""
            if why and best is not None:
                return f"Draw an additive card first, then take the {additive_label(best)}: {why}"
        return "Draw an additive card: nothing face up helps more"
    if isinstance(action, ResetAdditives):
        return "Reset the additive display: nothing face up helps"
    if isinstance(action, ReserveDeck):
        return "Reserve from the deck: no customer in the pool suits you"
    if isinstance(action, Pass):
        return "Serve no order this turn"
    return describe_action(action)
