"""Who sits where at a table: its seats, the sessions connected to it, and the codes that name both."""

from __future__ import annotations

import secrets
from dataclasses import asdict, dataclass
from typing import Any

from chaigames.play import wire

GUESSES = 12  # wrong seat codes a table answers at once; after them, one guess per GUESS_DELAY seconds
GUESS_DELAY = 5.0


def new_code(length: int = 4) -> str:
    """A code from the unambiguous letters (table codes, seat codes)."""
    return "".join(secrets.choice(wire.CODE_LETTERS) for _ in range(length))


def new_seed() -> int:
    return int.from_bytes(secrets.token_bytes(4), "little")


@dataclass
class Seat:
    """One seat at the table and who holds it."""

    kind: str  # "person" | "bot"
    level: str | None  # a bot's level
    name: str  # the sitter's (or the bot's) name; "" while a person's seat is empty
    identity: str | None = None  # "key:<fingerprint>" or "open:<name>" of its person
    keyed: bool = False
    seat_code: str | None = None  # under --open: what reclaims the seat
    conn: int | None = None  # the connection bound to it now (not saved)
    away_since: float | None = None  # when its person dropped (not saved)

    @property
    def person(self) -> bool:
        return self.kind == "person"

    @property
    def empty(self) -> bool:
        return self.person and self.identity is None

    @property
    def away(self) -> bool:
        """A person holds it but no connection does."""
        return self.person and self.identity is not None and self.conn is None

    @property
    def stand_in(self) -> bool:
        """A bot plays it for its person, who takes it back by coming back (key or seat code)."""
        return not self.person and self.identity is not None

    def saved(self) -> dict[str, Any]:
        data = asdict(self)
        del data["conn"], data["away_since"]
        return data


@dataclass
class Conn:
    """A session the host connected to this table."""

    who: dict[str, Any]
    seat: int | None = None
    spectator: bool = False

    @property
    def joined(self) -> bool:
        return self.spectator or self.seat is not None


@dataclass
class Guesses:
    """Wrong seat codes tried at this table, and when the next guess is checked once there were too many."""

    wrong: int = 0
    next_at: float = 0.0
