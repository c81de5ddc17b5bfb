"""A Chai view (`ChaiState.view(seat)`, a dict) as JSON and back, for a table client.

The view is JSON-shaped already (lists, objects, text, whole numbers), so writing copies it; reading
checks every field, as a position's `from_json` does, and rebuilds each object in the order the state
writes it, so a screen draws a view from a table exactly as one from a local game.
"""

from __future__ import annotations

import copy
from typing import Any

from chaigames.engine.validate import NULL, OBJECT, TEXT, Fields, Kind, integer, list_of, object_of, one_of

from .data import ADDITIVES, CUP_ROUNDS, CUSTOMERS, DISPLAY_SIZE, FLAVOURS, TEAS
from .market import COLUMNS, ROWS

PHASES = ("choose", "main", "additive2", "fulfil", "over")
LIMITS = ("tiles", "additives", "customers")
_COUNT = integer(0)
_CUSTOMER = one_of(CUSTOMERS)
_CUSTOMERS = list_of(_CUSTOMER)


def view_to_json(view: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(view)


def view_from_json(data: Any) -> dict[str, Any]:
    """The view `view_to_json` wrote; a bad field raises RecordError naming it."""
    f = Fields(data, "Chai view")
    raw_players = f.take("players", list_of(OBJECT))
    n = len(raw_players)
    if not 1 <= n <= len(TEAS):
        raise f.fail("players", f"must list 1 to {len(TEAS)} players, not {n}")
    seat = integer(0, n - 1)
    cup = Kind(
        lambda v: (
            OBJECT.ok(v)
            and set(v) == {"seat", "customer", "tip"}
            and seat.ok(v["seat"])
            and _CUSTOMER.ok(v["customer"])
            and _COUNT.ok(v["tip"])
        ),
        "an object {seat, customer, tip}",
    )
    pool_card = Kind(
        lambda v: (
            OBJECT.ok(v) and set(v) == {"customer", "coins"} and _CUSTOMER.ok(v["customer"]) and _COUNT.ok(v["coins"])
        ),
        "an object {customer, coins}",
    )
    viewer = f.take("seat", NULL | seat)
    v: dict[str, Any] = {
        "seat": viewer,
        "phase": f.take("phase", one_of(PHASES)),
        "turn": f.take("turn", seat),
        "start_player": f.take("start_player", seat),
        "players": [_player(raw, i) for i, raw in enumerate(raw_players)],
        "market": [list(r) for r in f.take("market", list_of(list_of(one_of(FLAVOURS), most=COLUMNS), ROWS))],
        "bag_count": f.take("bag_count", _COUNT),
        "display": list(f.take("display", list_of(one_of(ADDITIVES), most=DISPLAY_SIZE))),
        "additive_deck_count": f.take("additive_deck_count", _COUNT),
        "additive_discard": _counts(f, "additive_discard", ADDITIVES),
        "pool": [dict(customer=p["customer"], coins=p["coins"]) for p in f.take("pool", list_of(pool_card))],
        "customer_deck_count": f.take("customer_deck_count", _COUNT),
        "cups": [
            None if c is None else {"seat": c["seat"], "customer": c["customer"], "tip": c["tip"]}
            for c in f.take("cups", list_of(NULL | cup, n))
        ],
    }
    teas = [p["tea"] for p in v["players"]]
    v["tokens"] = _counts(f, "tokens", teas)
    v["spent_tokens"] = _counts(f, "spent_tokens", teas)
    v["cup_round"] = f.take("cup_round", integer(1, CUP_ROUNDS))
    v["rounds_done"] = f.take("rounds_done", integer(0, CUP_ROUNDS))
    v["turns_taken"] = f.take("turns_taken", _COUNT)
    v["final_turns"] = f.take("final_turns", NULL | integer(0, n))
    v["additive_step"] = f.take("additive_step", integer(0, 1))
    if viewer is not None:
        v["reserved"] = list(f.take("reserved", _CUSTOMERS))
        v["over_limit"] = f.take("over_limit", NULL | one_of(LIMITS))
        v["servable"] = list(f.take("servable", _CUSTOMERS))
        if v["phase"] == "choose":
            v["choose_from"] = list(f.take("choose_from", _CUSTOMERS))
    f.done()
    return v


def _player(data: Any, i: int) -> dict[str, Any]:
    f = Fields(data, f"Chai view: the field 'players', player {i + 1}")
    player = {
        "name": f.take("name", TEXT),
        "tea": f.take("tea", one_of(TEAS)),
        "money": f.take("money", _COUNT),
        "tiles": _counts(f, "tiles", FLAVOURS),
        "additives": _counts(f, "additives", ADDITIVES),
        "reserved_count": f.take("reserved_count", _COUNT),
        "fulfilled": list(f.take("fulfilled", _CUSTOMERS)),
    }
    f.done()
    return player


def _counts(f: Fields, key: str, names: Any) -> dict[str, int]:
    """A count per name, every name present (in the order written: JSON keeps it)."""
    raw = f.take(key, object_of(_COUNT, names))
    if set(raw) != set(names):
        raise f.fail(key, f"must give a count for each of {', '.join(names)}")
    return dict(raw)
