"""What a seat may see of Chai (`ChaiState.view(seat)`), as frozen values a screen and the bots read,
and their JSON for a table client.

Another seat's reserved customers appear only as a count; the viewer's own reserved customers, its
limit to discard down to, what it could serve and the customers it may choose from are None in the
table's view (seat None), and absent from its JSON. Reading the JSON checks every field, as a
position's `from_json` does, so a screen draws a view from a table exactly as one from a local game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from chaigames.engine.validate import NULL, OBJECT, TEXT, Fields, Kind, integer, list_of, object_of, one_of

from .data import ADDITIVES, CUP_ROUNDS, CUSTOMERS, DISPLAY_SIZE, FLAVOURS, TEAS
from .market import COLUMNS, ROWS

PHASES = ("choose", "main", "additive2", "fulfil", "over")
LIMITS = ("tiles", "additives", "customers")
_COUNT = integer(0)
_CUSTOMER = one_of(CUSTOMERS)
_CUSTOMERS = list_of(_CUSTOMER)


@dataclass(frozen=True)
class PlayerView:
    name: str
    tea: str
    money: int
    tiles: Mapping[str, int]  # a count per flavour, in FLAVOURS order
    additives: Mapping[str, int]  # a count per additive, in ADDITIVES order
    reserved_count: int
    fulfilled: tuple[str, ...]  # customers served, in the order served


@dataclass(frozen=True)
class PoolCard:
    customer: str
    coins: int  # coins lying on the card


@dataclass(frozen=True)
class CupView:
    seat: int
    customer: str
    tip: int


@dataclass(frozen=True)
class ChaiView:
    seat: int | None  # the viewer (None: the table)
    phase: str
    turn: int
    start_player: int
    players: tuple[PlayerView, ...]
    market: tuple[tuple[str, ...], ...]  # flavour names, row by row
    bag_count: int
    display: tuple[str, ...]  # the face-up additives
    additive_deck_count: int
    additive_discard: Mapping[str, int]
    pool: tuple[PoolCard, ...]
    customer_deck_count: int
    cups: tuple[CupView | None, ...]  # one per seat
    tokens: Mapping[str, int]  # tea tokens left, per tea in play
    spent_tokens: Mapping[str, int]
    cup_round: int
    rounds_done: int
    turns_taken: int
    final_turns: int | None
    additive_step: int
    reserved: tuple[str, ...] | None = None  # the viewer's own reserved customers (None: the table)
    over_limit: str | None = None  # what the viewer must discard down to, if anything
    servable: tuple[str, ...] | None = None  # what the viewer could serve (None: the table)
    choose_from: tuple[str, ...] | None = None  # the customers the viewer may keep, while choosing

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "phase": self.phase,
            "turn": self.turn,
            "start_player": self.start_player,
            "players": [_player_json(p) for p in self.players],
            "market": [list(row) for row in self.market],
            "bag_count": self.bag_count,
            "display": list(self.display),
            "additive_deck_count": self.additive_deck_count,
            "additive_discard": dict(self.additive_discard),
            "pool": [{"customer": p.customer, "coins": p.coins} for p in self.pool],
            "customer_deck_count": self.customer_deck_count,
            "cups": [None if c is None else {"seat": c.seat, "customer": c.customer, "tip": c.tip} for c in self.cups],
            "tokens": dict(self.tokens),
            "spent_tokens": dict(self.spent_tokens),
            "cup_round": self.cup_round,
            "rounds_done": self.rounds_done,
            "turns_taken": self.turns_taken,
            "final_turns": self.final_turns,
            "additive_step": self.additive_step,
        }
        if self.seat is not None:
            out["reserved"] = list(self.reserved or ())
            out["over_limit"] = self.over_limit
            out["servable"] = list(self.servable or ())
            if self.choose_from is not None:
                out["choose_from"] = list(self.choose_from)
        return out


def counts(names: Iterable[str], values: Iterable[int]) -> dict[str, int]:
    """A count per name, in the names' order."""
    return dict(zip(names, values, strict=True))


def _player_json(p: PlayerView) -> dict[str, Any]:
    return {
        "name": p.name,
        "tea": p.tea,
        "money": p.money,
        "tiles": dict(p.tiles),
        "additives": dict(p.additives),
        "reserved_count": p.reserved_count,
        "fulfilled": list(p.fulfilled),
    }


def view_to_json(view: ChaiView) -> dict[str, Any]:
    return view.to_json()


def view_from_json(data: Any) -> ChaiView:
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
    phase = f.take("phase", one_of(PHASES))
    turn = f.take("turn", seat)
    start_player = f.take("start_player", seat)
    players = tuple(_player(raw, i) for i, raw in enumerate(raw_players))
    market = tuple(tuple(r) for r in f.take("market", list_of(list_of(one_of(FLAVOURS), most=COLUMNS), ROWS)))
    bag_count = f.take("bag_count", _COUNT)
    display = tuple(f.take("display", list_of(one_of(ADDITIVES), most=DISPLAY_SIZE)))
    additive_deck_count = f.take("additive_deck_count", _COUNT)
    additive_discard = _counts(f, "additive_discard", ADDITIVES)
    pool = tuple(PoolCard(p["customer"], p["coins"]) for p in f.take("pool", list_of(pool_card)))
    customer_deck_count = f.take("customer_deck_count", _COUNT)
    raw_cups = f.take("cups", list_of(NULL | cup, n))
    cups = tuple(None if c is None else CupView(c["seat"], c["customer"], c["tip"]) for c in raw_cups)
    teas = [p.tea for p in players]
    tokens = _counts(f, "tokens", teas)
    spent_tokens = _counts(f, "spent_tokens", teas)
    cup_round = f.take("cup_round", integer(1, CUP_ROUNDS))
    rounds_done = f.take("rounds_done", integer(0, CUP_ROUNDS))
    turns_taken = f.take("turns_taken", _COUNT)
    final_turns = f.take("final_turns", NULL | integer(0, n))
    additive_step = f.take("additive_step", integer(0, 1))
    reserved = over_limit = servable = choose_from = None
    if viewer is not None:
        reserved = tuple(f.take("reserved", _CUSTOMERS))
        over_limit = f.take("over_limit", NULL | one_of(LIMITS))
        servable = tuple(f.take("servable", _CUSTOMERS))
        if phase == "choose":
            choose_from = tuple(f.take("choose_from", _CUSTOMERS))
    f.done()
    return ChaiView(
        seat=viewer,
        phase=phase,
        turn=turn,
        start_player=start_player,
        players=players,
        market=market,
        bag_count=bag_count,
        display=display,
        additive_deck_count=additive_deck_count,
        additive_discard=additive_discard,
        pool=pool,
        customer_deck_count=customer_deck_count,
        cups=cups,
        tokens=tokens,
        spent_tokens=spent_tokens,
        cup_round=cup_round,
        rounds_done=rounds_done,
        turns_taken=turns_taken,
        final_turns=final_turns,
        additive_step=additive_step,
        reserved=reserved,
        over_limit=over_limit,
        servable=servable,
        choose_from=choose_from,
    )


def _player(data: Any, i: int) -> PlayerView:
    f = Fields(data, f"Chai view: the field 'players', player {i + 1}")
    player = PlayerView(
        name=f.take("name", TEXT),
        tea=f.take("tea", one_of(TEAS)),
        money=f.take("money", _COUNT),
        tiles=_counts(f, "tiles", FLAVOURS),
        additives=_counts(f, "additives", ADDITIVES),
        reserved_count=f.take("reserved_count", _COUNT),
        fulfilled=tuple(f.take("fulfilled", _CUSTOMERS)),
    )
    f.done()
    return player


def _counts(f: Fields, key: str, names: Any) -> dict[str, int]:
    """A count per name, every name present (in the order written: JSON keeps it)."""
    raw = f.take(key, object_of(_COUNT, names))
    if set(raw) != set(names):
        raise f.fail(key, f"must give a count for each of {', '.join(names)}")
    return dict(raw)
