"""The moves of Dabba Walla, one small action each (a choice of many parts is a sequence of them).

Cards are named by their code ('R07' = red tile #07), chai tiles by kind ('jump', '+R', 'veto',
'later', ...), board spaces 0-5 clockwise, vehicle squares by 0-based (row, col).
"""

from __future__ import annotations

from dataclasses import dataclass

from chaigames.engine import ActionSet

actions = ActionSet("dabba-walla")


@actions.register("start")
@dataclass(frozen=True)
class Start:
    """First turn: put your Dabba Walla on any space, free (rulebook 1a, DW-6)."""

    space: int


@actions.register("move")
@dataclass(frozen=True)
class Move:
    """Move 1-6 spaces; direction 1 = clockwise, -1 = counterclockwise. Each space passed costs a ticket."""

    steps: int
    direction: int

    def __post_init__(self) -> None:
        """Six spaces either way bring you round to your own space past the five others (DW-6): the
        same move, so it has one name, clockwise, and a bot or a list never offers it twice."""
        if type(self.steps) is int and self.steps == 6 and type(self.direction) is int and self.direction == -1:
            object.__setattr__(self, "direction", 1)


@actions.register("jump")
@dataclass(frozen=True)
class Jump:
    """Spend a jump chai tile instead of moving: any space, your own included, free (DW-6)."""

    space: int


@actions.register("swap")
@dataclass(frozen=True)
class Swap:
    """Spend a swap chai tile: one hand card for the card on a display space (tickets stay there)."""

    card: str
    space: int


@actions.register("play")
@dataclass(frozen=True)
class PlayCard:
    """Play a hand card onto your pile; its dabba tile must then be placed (rulebook step 2)."""

    card: str


@actions.register("place")
@dataclass(frozen=True)
class Place:
    """Place the tile of the card just played: orientation index, top-left (row, col), level (DW-1)."""

    orientation: int
    row: int
    col: int
    level: int


@actions.register("return")
@dataclass(frozen=True)
class ReturnTile:
    """DW-5: the tile cannot be placed even with every empty dabba left; it goes back to the box."""


@actions.register("empty")
@dataclass(frozen=True)
class AddEmpty:
    """Load one empty dabba (-2 tips) on top of square (row, col) (DW-4)."""

    row: int
    col: int


@actions.register("bonus")
@dataclass(frozen=True)
class BonusDabba:
    """Spend a bonus-dabba chai tile: a bonus dabba of this colour goes on top of (row, col) (DW-8)."""

    colour: str
    row: int
    col: int


@actions.register("end")
@dataclass(frozen=True)
class EndTurn:
    """Finish your turn once your tile is placed."""


@actions.register("add_chai")
@dataclass(frozen=True)
class AddChai:
    """Delivery: put one orange chai tile of this kind face down on your choice (DW-10)."""

    kind: str


@actions.register("remove_chai")
@dataclass(frozen=True)
class RemoveChai:
    """Delivery: take one orange chai tile of this kind back from your choice."""

    kind: str


@actions.register("commit")
@dataclass(frozen=True)
class Commit:
    """Delivery: choose this card (None only with an empty hand) and close your secret choice."""

    card: str | None


PICKUP_ACTIONS = (Start, Move, Jump, Swap, PlayCard, Place, ReturnTile, AddEmpty, BonusDabba, EndTurn)
DELIVERY_ACTIONS = (AddChai, RemoveChai, Commit)
