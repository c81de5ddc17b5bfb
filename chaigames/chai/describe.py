"""Chai in words, for the generic text screen: the public state of a view, and a label per action."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import (
    ChooseFirst,
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
from .data import CUP_ROUNDS, CUSTOMERS, FLAVOURS, additive_label
from .market import COLUMN_PRICES, COLUMNS
from .view import ChaiView


def customer_text(cid: str) -> str:
    c = CUSTOMERS[cid]
    return f"{cid} ({c.vp} VP: {c.recipe_text()})"


def _coins(n: int) -> str:
    return "1 coin" if n == 1 else f"{n} coins"


def _counts(d: Mapping[str, int], label: Any = str) -> str:
    parts = [f"{n} {label(k)}" for k, n in d.items() if n]
    return ", ".join(parts) if parts else "none"


def describe_view(view: ChaiView) -> str:
    """The market grid, additive display, pool, cups, thermometer, money and (for a seat) its hand."""
    lines: list[str] = []
    players = view.players
    lines.append(f"Thermometer: cup round {view.cup_round} of {CUP_ROUNDS} ({view.rounds_done} done)")
    if view.phase == "over":
        lines.append("The game is over.")
    else:
        lines.append(f"Turn: {players[view.turn].name}")
    lines.append("Market (price by column: " + " ".join(str(p) for p in COLUMN_PRICES) + "):")
    width = max(len(f) for f in FLAVOURS)
    lines.append("         " + " ".join(f"col {c + 1}".ljust(width) for c in range(COLUMNS)))
    for r, row in enumerate(view.market):
        cells = [f.ljust(width) for f in row] + ["-".ljust(width)] * (COLUMNS - len(row))
        lines.append(f"  row {r + 1}: " + " ".join(cells))
    lines.append(f"  flavour bag: {view.bag_count} tiles")
    display = ", ".join(additive_label(k) for k in view.display) or "empty"
    lines.append(
        f"Additive display: {display} (deck {view.additive_deck_count}, "
        f"discard pile {sum(view.additive_discard.values())})"
    )
    lines.append(f"Customer pool (deck {view.customer_deck_count}):")
    for card in view.pool:
        coins = f" [{card.coins} coin on it]" if card.coins else ""
        lines.append(f"  {customer_text(card.customer)}{coins}")
    cups = []
    for i, cup in enumerate(view.cups):
        if cup is None:
            cups.append(f"cup {i + 1}: empty (tip face down)")
        else:
            cups.append(f"cup {i + 1}: {cup.customer} by {players[cup.seat].name} (tip {cup.tip})")
    lines.append("Cups: " + "; ".join(cups))
    lines.append("Players:")
    for s, p in enumerate(players):
        mark = " (start player)" if s == view.start_player else ""
        served = ", ".join(p.fulfilled) or "none"
        lines.append(
            f"  {p.name} [{p.tea}, {view.tokens.get(p.tea, 0)} tokens]{mark}: {_coins(p.money)}, "
            f"{p.reserved_count} reserved, served {served}"
        )
        lines.append(f"    tiles: {_counts(p.tiles)}; additives: {_counts(p.additives, additive_label)}")
    seat = view.seat
    if seat is not None:
        lines.append("Your reserved customers:")
        for cid in view.reserved or ():
            lines.append(f"  {customer_text(cid)}")
        if not view.reserved:
            lines.append("  none")
        if view.choose_from:
            lines.append("Choose the customer you keep reserved from your 8.")
        if view.over_limit:
            lines.append(f"You are over the {view.over_limit} limit: discard one at a time.")
        if view.phase == "additive2":
            lines.append("Take your second additive action.")
        if view.phase == "fulfil":
            lines.append("You may fulfil one order, or pass.")
    return "\n".join(line.rstrip() for line in lines)


def describe_action(action: Any) -> str:
    """A short label for the numbered action list."""
    if isinstance(action, VisitMarket):
        return f"Visit the market: take the group at row {action.row + 1}, column {action.col + 1}"
    if isinstance(action, TakeAdditives):
        return f"Take all {additive_label(action.kind)} cards"
    if isinstance(action, ResetAdditives):
        return "Reset the additive display"
    if isinstance(action, DrawAdditive):
        return "Draw an additive card from the deck"
    if isinstance(action, ReservePool):
        return f"Reserve {customer_text(action.customer)} from the pool"
    if isinstance(action, ReserveDeck):
        return "Reserve the top customer of the deck"
    if isinstance(action, DiscardTile):
        return f"Discard a {action.flavour} tile"
    if isinstance(action, DiscardAdditive):
        return f"Discard a {additive_label(action.kind)} card"
    if isinstance(action, DiscardCustomer):
        return f"Put {action.customer} into the pool (with a copper coin)"
    if isinstance(action, Fulfil):
        return f"Fulfil {customer_text(action.customer)}"
    if isinstance(action, Pass):
        return "Pass: serve no customer this turn"
    if isinstance(action, ChooseFirst):
        return f"Keep {customer_text(action.customer)} reserved"
    return str(action)


__all__ = ["customer_text", "describe_action", "describe_view"]
