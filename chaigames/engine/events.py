"""Events: what an action (or time) did, in words for the log and as data for the screen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened.

    `seats` None means everyone may see it; otherwise only those seats (a drawn chai tile, a hand
    card). `reveal` marks chance or hidden information coming to light (a card drawn, dice rolled):
    take-backs stop there.
    """

    kind: str
    text: str
    seats: tuple[int, ...] | None = None
    reveal: bool = False
    data: dict[str, Any] = field(default_factory=dict)

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)
