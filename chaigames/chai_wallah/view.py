"""A Chai Wallah view (`view(seat)` or `table_view()`, a dict) as JSON and back, for a table client.

The view is JSON-shaped already, so writing copies it; reading checks every field, as a position's
`from_json` does, keeps the times as numbers with a fraction (a screen formats them so) and leaves a
die's value out exactly where the view left it out (another seat's offered die).
"""

from __future__ import annotations

import copy
from typing import Any

from chaigames.engine.validate import BOOLEAN, NULL, NUMBER, OBJECT, TEXT, Fields, integer, list_of, one_of

from .orders import INGREDIENTS

DIE_STATES = ("held", "offered", "fresh")
_TIME = NULL | NUMBER


def view_to_json(view: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(view)


def view_from_json(data: Any) -> dict[str, Any]:
    """The view `view_to_json` wrote; a bad field raises RecordError naming it."""
    f = Fields(data, "Chai Wallah view")
    raw_seats = f.take("seats", list_of(OBJECT))
    n = len(raw_seats)
    if not 1 <= n <= 8:
        raise f.fail("seats", f"must list 1 to 8 seats, not {n}")
    seat = NULL | integer(0, n - 1)
    v = {
        "seat": f.take("seat", seat),
        "now": float(f.take("now", NUMBER)),
        "target": f.take("target", integer(1)),
        "stall": _time(f.take("stall", _TIME)),
        "bundle": f.take("bundle", BOOLEAN),
        "orders": [list(o) for o in f.take("orders", list_of(list_of(integer(1, 6), len(INGREDIENTS))))],
        "deck": f.take("deck", integer(0)),
        "paused": f.take("paused", BOOLEAN),
        "frozen_for": _time(f.take("frozen_for", _TIME)),
        "claimer": f.take("claimer", seat),
        "winner": f.take("winner", seat),
        "seats": [_seat(raw, i) for i, raw in enumerate(raw_seats)],
    }
    f.done()
    return v


def _seat(data: Any, i: int) -> dict[str, Any]:
    where = f"Chai Wallah view: the field 'seats', seat {i + 1}"
    f = Fields(data, where)
    out = {
        "name": f.take("name", TEXT),
        "score": f.take("score", integer(0)),
        "dice": [_die(raw, f"{where}, die {k + 1}") for k, raw in enumerate(f.take("dice", list_of(OBJECT, 4)))],
        "forming": f.take("forming", BOOLEAN),
        "locked_for": _time(f.take("locked_for", _TIME)),
        "bot": f.take("bot", NULL | TEXT),
    }
    f.done()
    for k, die in enumerate(out["dice"]):
        if die["ingredient"] != INGREDIENTS[k]:
            raise f.fail("dice", f"must be the {', '.join(INGREDIENTS)} dice in that order")
    return out


def _die(data: Any, where: str) -> dict[str, Any]:
    """A die: its value only where the view showed it, its fresh time only while it is fresh."""
    f = Fields(data, where)
    die: dict[str, Any] = {"ingredient": f.take("ingredient", one_of(INGREDIENTS))}
    die["state"] = f.take("state", one_of(DIE_STATES))
    if "value" in data:
        die["value"] = f.take("value", integer(1, 6))
    if "fresh_for" in data:
        die["fresh_for"] = float(f.take("fresh_for", NUMBER))
    f.done()
    return die


def _time(value: float | None) -> float | None:
    return None if value is None else float(value)
