"""Events: what an action (or time) did, in words for the log and as data for the screen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .validate import BOOLEAN, NULL, OBJECT, TEXT, Fields, integer, list_of
from .wire import plain_from_json, plain_to_json


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

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "seats": None if self.seats is None else list(self.seats),
            "reveal": self.reveal,
            "data": plain_to_json(self.data, "event data"),
        }

    @classmethod
    def from_json(cls, data: Any, where: str = "event") -> Event:
        """The event `to_json` wrote; RecordError names a bad field."""
        f = Fields(data, where)
        kind, text = f.take("kind", TEXT), f.take("text", TEXT)
        seats = f.take("seats", NULL | list_of(integer(0)))
        reveal = f.take("reveal", BOOLEAN)
        payload = plain_from_json(f.take("data", OBJECT), f"{where}: the field 'data'")
        f.done()
        return cls(kind, text, None if seats is None else tuple(seats), reveal, payload)
