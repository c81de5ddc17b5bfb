"""What a seat may see of Chai Wallah (`view(seat)`, or `table_view()` for CW-12's shared screen), as
frozen values a screen and the bots read, and their JSON for a table client.

A die's value is None exactly where the view hides it (another seat's offered die); its JSON then
has no value at all. Times are seconds with a fraction (a screen formats them so).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from chaigames.engine.validate import (
    BOOLEAN,
    NULL,
    NUMBER,
    OBJECT,
    TEXT,
    Fields,
    integer,
    list_of,
    one_of,
    unchanged_items,
)

from .orders import INGREDIENTS

DIE_STATES = ("held", "offered", "fresh")
_TIME = NULL | NUMBER


@dataclass(frozen=True)
class DieView:
    ingredient: str
    state: str  # "held", "offered" or "fresh"
    value: int | None  # None where the viewer may not see it (another seat's offered die)
    fresh_for: float | None  # seconds left while fresh, else None


@dataclass(frozen=True)
class SeatView:
    name: str
    score: int
    dice: tuple[DieView, ...]  # tea, milk, spice, sugar
    forming: bool  # forming an offer: not live yet
    locked_for: float | None  # seconds left of a lock, else None
    bot: str | None  # the bot's level, None for a person


@dataclass(frozen=True)
class ChaiWallahView:
    seat: int | None  # the viewer (None: the table)
    now: float  # game seconds
    target: int  # points to win
    stall: float | None
    bundle: bool
    orders: tuple[tuple[int, ...], ...]  # the face-up order cards
    deck: int  # order cards left
    paused: bool
    frozen_for: float | None  # seconds the market stays frozen by a claim, else None
    claimer: int | None
    winner: int | None
    seats: tuple[SeatView, ...]

    def at(self, now: float) -> ChaiWallahView:
        """This view as it stands `now` (game seconds, not before `self.now`) if nothing happened since: the
        market's freeze, fresh dice and locks counted down, never below zero (what ends one is the game's
        news, not the view's). A freeze holds the other timers (CW-6): they count down once it has thawed.
        A seat at a table gets a view when something happens and draws it again as its clock runs on."""
        elapsed = now - self.now
        if elapsed <= 0 or self.paused or self.winner is not None:
            return self
        frozen = self.frozen_for
        timers = elapsed if frozen is None else max(elapsed - frozen, 0.0)
        seats = self.seats
        counting = [s.locked_for is not None or _fresh(s) for s in seats]
        if frozen is None and not any(counting):
            return self  # nothing on it counts down
        if timers > 0:
            seats = tuple(_aged_seat(s, timers) if c else s for s, c in zip(seats, counting, strict=True))
        return replace(
            self, now=now, frozen_for=None if frozen is None else max(round(frozen - elapsed, 3), 0.0), seats=seats
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "now": self.now,
            "target": self.target,
            "stall": self.stall,
            "bundle": self.bundle,
            "orders": [list(o) for o in self.orders],
            "deck": self.deck,
            "paused": self.paused,
            "frozen_for": self.frozen_for,
            "claimer": self.claimer,
            "winner": self.winner,
            "seats": [_seat_json(s) for s in self.seats],
        }


def _fresh(seat: SeatView) -> bool:
    return any(d.fresh_for is not None for d in seat.dice)


def _aged_seat(seat: SeatView, seconds: float) -> SeatView:
    """`seat` `seconds` of running timers later: its fresh dice and its lock counted down."""
    dice = tuple(
        d if d.fresh_for is None else replace(d, fresh_for=max(round(d.fresh_for - seconds, 3), 0.0)) for d in seat.dice
    )
    locked = None if seat.locked_for is None else max(round(seat.locked_for - seconds, 3), 0.0)
    return replace(seat, dice=dice, locked_for=locked)


def _seat_json(s: SeatView) -> dict[str, Any]:
    return {
        "name": s.name,
        "score": s.score,
        "dice": [_die_json(d) for d in s.dice],
        "forming": s.forming,
        "locked_for": s.locked_for,
        "bot": s.bot,
    }


def _die_json(d: DieView) -> dict[str, Any]:
    out: dict[str, Any] = {"ingredient": d.ingredient, "state": d.state}
    if d.value is not None:
        out["value"] = d.value
    if d.fresh_for is not None:
        out["fresh_for"] = d.fresh_for
    return out


def view_to_json(view: ChaiWallahView) -> dict[str, Any]:
    return view.to_json()


def view_from_json(data: Any) -> ChaiWallahView:
    """The view `view_to_json` wrote; a bad field raises RecordError naming it."""
    return view_from_changes(data, None, None)


def view_from_changes(data: Any, last_data: Any, last: ChaiWallahView | None) -> ChaiWallahView:
    """`view_from_json(data)`, where `data` is rebuilt from `last_data` (read as `last`) and shares with it
    the parts that did not change (the same objects, never changed since): a seat whose JSON is the one
    `last` was read from is `last`'s seat, not read again (a key changes one or two seats)."""
    f = Fields(data, "Chai Wallah view")
    kept = {} if last is None else unchanged_items(data, last_data, "seats", last.seats)
    raw_seats = f.take("seats", list_of(OBJECT))
    n = len(raw_seats)
    if not 1 <= n <= 8:
        raise f.fail("seats", f"must list 1 to 8 seats, not {n}")
    seat = NULL | integer(0, n - 1)
    v = ChaiWallahView(
        seat=f.take("seat", seat),
        now=float(f.take("now", NUMBER)),
        target=f.take("target", integer(1)),
        stall=_time(f.take("stall", _TIME)),
        bundle=f.take("bundle", BOOLEAN),
        orders=tuple(tuple(o) for o in f.take("orders", list_of(list_of(integer(1, 6), len(INGREDIENTS))))),
        deck=f.take("deck", integer(0)),
        paused=f.take("paused", BOOLEAN),
        frozen_for=_time(f.take("frozen_for", _TIME)),
        claimer=f.take("claimer", seat),
        winner=f.take("winner", seat),
        seats=tuple(kept.get(i) or _seat(raw, i) for i, raw in enumerate(raw_seats)),
    )
    f.done()
    return v


def _seat(data: Any, i: int) -> SeatView:
    where = f"Chai Wallah view: the field 'seats', seat {i + 1}"
    f = Fields(data, where)
    out = SeatView(
        name=f.take("name", TEXT),
        score=f.take("score", integer(0)),
        dice=tuple(_die(raw, f"{where}, die {k + 1}") for k, raw in enumerate(f.take("dice", list_of(OBJECT, 4)))),
        forming=f.take("forming", BOOLEAN),
        locked_for=_time(f.take("locked_for", _TIME)),
        bot=f.take("bot", NULL | TEXT),
    )
    f.done()
    for k, die in enumerate(out.dice):
        if die.ingredient != INGREDIENTS[k]:
            raise f.fail("dice", f"must be the {', '.join(INGREDIENTS)} dice in that order")
    return out


def _die(data: Any, where: str) -> DieView:
    """A die: its value only where the view showed it, its fresh time only while it is fresh."""
    f = Fields(data, where)
    ingredient = f.take("ingredient", one_of(INGREDIENTS))
    state = f.take("state", one_of(DIE_STATES))
    value = f.take("value", integer(1, 6)) if "value" in data else None
    fresh_for = float(f.take("fresh_for", NUMBER)) if "fresh_for" in data else None
    f.done()
    return DieView(ingredient, state, value, fresh_for)


def _time(value: float | None) -> float | None:
    return None if value is None else float(value)
