"""The keyboard zones of the spec ("Keys"), which zones serve how many humans, and the repeat filter.

Pure data and small functions so a screen can light zones, show the Footer and turn key names
(Textual's names: letters, "up", "left", "down", "right", "enter") into core actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Claim, Toggle

CHAI = "chai"
"""The key role that claims an order; the other roles are ingredient names."""

ZONE_KEYS: dict[int, dict[str, str]] = {
    1: {"spice": "w", "tea": "a", "sugar": "s", "milk": "d", CHAI: "q"},
    2: {"spice": "t", "tea": "f", "sugar": "g", "milk": "h", CHAI: "r"},
    3: {"spice": "i", "tea": "j", "sugar": "k", "milk": "l", CHAI: "u"},
    4: {"spice": "up", "tea": "left", "sugar": "down", "milk": "right", CHAI: "enter"},
}
"""Zone number -> role -> key. Each zone is a diamond laid out like the order card:
up = spice, left = tea, down = sugar, right = milk, plus the "Chai!" key."""

ZONES_FOR_HUMANS: dict[int, tuple[tuple[int, ...], ...]] = {
    0: (),
    1: ((1, 4),),
    2: ((1,), (4,)),
    3: ((1,), (3,), (4,)),
    4: ((1,), (2,), (3,), (4,)),
}
"""Number of humans -> the zones of each human in seat order (one human may use zone 1 or 4)."""

REPEAT_WINDOW = 0.25
"""A repeat of the same key within 250 ms of that key's last arrival is ignored."""


def zones_for(humans: int) -> tuple[tuple[int, ...], ...]:
    """The zones of each human, in seat order; ValueError beyond four humans."""
    try:
        return ZONES_FOR_HUMANS[humans]
    except KeyError:
        raise ValueError(f"Chai Wallah has key zones for 0 to 4 humans, not {humans}") from None


def player_zones(humans: int, whole_keyboard: bool = False) -> tuple[tuple[int, ...], ...]:
    """`zones_for`, except that one person at their own keyboard gets every zone."""
    return (EVERY_ZONE,) if whole_keyboard and humans == 1 else zones_for(humans)


def normalize_key(key: str) -> str:
    """Keys are case-insensitive: 'W' and 'w' are the same key."""
    return key.lower()


@dataclass(frozen=True)
class KeyBinding:
    """What one key does: which seat, which role (an ingredient or CHAI), from which zone."""

    seat: int
    role: str
    zone: int

    def action(self) -> Toggle | Claim:
        """The core action of one tap (a die key on a fresh die re-rolls it: the core decides)."""
        return Claim() if self.role == CHAI else Toggle(self.role)


EVERY_ZONE = (1, 2, 3, 4)
"""One person alone at their own terminal (a table over SSH): every key set is theirs."""


def key_map(human_seats: tuple[int, ...] | list[int], whole_keyboard: bool = False) -> dict[str, KeyBinding]:
    """Key name -> binding for the human seats (in seat order), by the zone table; with
    `whole_keyboard` one human gets every zone."""
    out: dict[str, KeyBinding] = {}
    for seat, zones in zip(human_seats, player_zones(len(human_seats), whole_keyboard), strict=True):
        for zone in zones:
            for role, key in ZONE_KEYS[zone].items():
                out[key] = KeyBinding(seat, role, zone)
    return out


class RepeatFilter:
    """Drops auto-repeat: a key arriving within 250 ms of that same key's last arrival is ignored.

    Terminals send no key releases, so a held key must not machine-gun; every arrival (kept or
    not) restarts that key's window, so a held key acts at most twice (accepted by the spec).
    Times are seconds from any monotonic clock, passed in: the class never reads a clock.
    """

    def __init__(self, window: float = REPEAT_WINDOW) -> None:
        self.window = window
        self._last: dict[str, float] = {}

    def accept(self, key: str, now: float) -> bool:
        key = normalize_key(key)
        last = self._last.get(key)
        self._last[key] = now
        return last is None or now - last >= self.window

    def reset(self) -> None:
        self._last.clear()
