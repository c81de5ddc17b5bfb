"""Chai's actions: each is one small step; a turn is a short sequence of them (see chai.md, "A turn")."""

from __future__ import annotations

from dataclasses import dataclass

from chaigames.engine import ActionSet

actions = ActionSet("chai")


@actions.register("choose_first")
@dataclass(frozen=True)
class ChooseFirst:
    """Setup with first_customer=choose: keep this one of your 8 customers reserved."""

    customer: str


@actions.register("market")
@dataclass(frozen=True)
class VisitMarket:
    """Visit the market: gain 3, take the group at (row, col) (0-based), pay its column price."""

    row: int
    col: int


@actions.register("take_additives")
@dataclass(frozen=True)
class TakeAdditives:
    """Additive sub-action: take every face-up card of one kind."""

    kind: str


@actions.register("reset_additives")
@dataclass(frozen=True)
class ResetAdditives:
    """Additive sub-action: discard the display and deal 5 new cards."""


@actions.register("draw_additive")
@dataclass(frozen=True)
class DrawAdditive:
    """Additive sub-action: draw the top card of the additive deck, blind."""


@actions.register("reserve_pool")
@dataclass(frozen=True)
class ReservePool:
    """Reserve a face-up customer from the pool (with any coins on it)."""

    customer: str


@actions.register("reserve_deck")
@dataclass(frozen=True)
class ReserveDeck:
    """Reserve the top customer of the deck, blind."""


@actions.register("discard_tile")
@dataclass(frozen=True)
class DiscardTile:
    """Over 12 tiles: put one tile of this flavour back in the bag."""

    flavour: str


@actions.register("discard_additive")
@dataclass(frozen=True)
class DiscardAdditive:
    """Over 6 additive cards: discard one of this kind."""

    kind: str


@actions.register("discard_customer")
@dataclass(frozen=True)
class DiscardCustomer:
    """Over 3 reserved customers: put this one face up in the pool with a copper coin on it (CH-4)."""

    customer: str


@actions.register("fulfil")
@dataclass(frozen=True)
class Fulfil:
    """Fulfil this customer's order (reserved or in the pool) into an empty cup."""

    customer: str


@actions.register("pass")
@dataclass(frozen=True)
class Pass:
    """Fulfil no order this turn."""


MAIN_ACTIONS = (VisitMarket, TakeAdditives, ResetAdditives, DrawAdditive, ReservePool, ReserveDeck)
ADDITIVE_ACTIONS = (TakeAdditives, ResetAdditives, DrawAdditive)
DISCARDS = (DiscardTile, DiscardAdditive, DiscardCustomer)
