"""Building Chai positions for tests: a fresh game, then fields set by hand where a rule needs it."""

from __future__ import annotations

from typing import Any

from chaigames.chai import SPEC
from chaigames.chai.data import ADDITIVES, FLAVOURS, TEAS
from chaigames.chai.invariants import problems
from chaigames.chai.state import ChaiState
from chaigames.engine import GameConfig, SeatConfig
from tests.positions import replace

NAMES = ("Asha", "Ravi", "Meera", "Kiran", "Dev")


def config(n: int = 2, start: int | None = 0, teas: tuple[str, ...] | None = None, **options: Any) -> GameConfig:
    teas = teas or TEAS[:n]
    raw = GameConfig(
        seats=tuple(SeatConfig(NAMES[i], options={"tea": teas[i]}) for i in range(n)),
        options=options,
        start_player=start,
    )
    return SPEC.validate(raw)


def bot_config(levels: tuple[str, ...], **options: Any) -> GameConfig:
    """Every seat a bot at the given levels; the start player drawn by the game."""
    seats = tuple(SeatConfig(NAMES[i], bot=lv) for i, lv in enumerate(levels))
    return SPEC.validate(GameConfig(seats=seats, options=options))


def new(n: int = 2, seed: int = 0, start: int | None = 0, **options: Any) -> ChaiState:
    return ChaiState(config(n, start, **options), seed)


def F(name: str) -> int:
    return FLAVOURS.index(name)


def K(name: str) -> int:
    return ADDITIVES.index(name)


def set_market(st: ChaiState, rows: list[str]) -> ChaiState:
    """The position with these market rows, as words, e.g. ["mint mint lemon ...", ...]; tiles are
    moved between bag and market so counts hold."""
    d = st.to_json()
    for row in d["market"]:
        for f in row:
            d["bag"][f] += 1
    d["market"] = [[F(w) for w in row.split()] for row in rows]
    for row in d["market"]:
        for f in row:
            d["bag"][f] -= 1
    assert min(d["bag"]) >= 0
    return replace(st, ChaiState.from_json(d))


def give_tiles(st: ChaiState, seat: int, **counts: int) -> ChaiState:
    """The position with tiles moved from the bag into a seat's tea box."""
    d = st.to_json()
    for name, c in counts.items():
        d["bag"][F(name)] -= c
        d["tiles"][seat][F(name)] += c
        assert d["bag"][F(name)] >= 0
    return replace(st, ChaiState.from_json(d))


def give_additives(st: ChaiState, seat: int, **counts: int) -> ChaiState:
    """The position with additive cards moved from the deck into a seat's tea box."""
    d = st.to_json()
    for name, c in counts.items():
        for _ in range(c):
            d["additive_deck"].remove(K(name))
            d["additives"][seat][K(name)] += 1
    return replace(st, ChaiState.from_json(d))


def set_display(st: ChaiState, kinds: list[str]) -> ChaiState:
    """The position with the display returned to the deck, then these cards face up (from the deck)."""
    d = st.to_json()
    d["additive_deck"].extend(d["display"])
    d["display"] = []
    for k in kinds:
        d["additive_deck"].remove(K(k))
        d["display"].append(K(k))
    return replace(st, ChaiState.from_json(d))


def give_customer(st: ChaiState, seat: int, cid: str) -> ChaiState:
    """The position with a customer moved from wherever it is (deck, pool, another hand) into a
    seat's reserved cards."""
    d = _without_customer(st.to_json(), cid)
    d["reserved"][seat].append(cid)
    return replace(st, ChaiState.from_json(d))


def take_customer(st: ChaiState, cid: str) -> ChaiState:
    """The position with a customer taken out of the deck, the pool or a hand (set aside)."""
    return replace(st, ChaiState.from_json(_without_customer(st.to_json(), cid)))


def _without_customer(d: dict[str, Any], cid: str) -> dict[str, Any]:
    if cid in d["customer_deck"]:
        d["customer_deck"].remove(cid)
        return d
    for p in d["pool"]:
        if p[0] == cid:
            d["pool"].remove(p)
            return d
    for r in d["reserved"]:
        if cid in r:
            r.remove(cid)
            return d
    raise AssertionError(f"{cid} not found")


def put_in_pool(st: ChaiState, cid: str, coins: int = 0) -> ChaiState:
    d = _without_customer(st.to_json(), cid)
    d["pool"].append([cid, coins])
    return replace(st, ChaiState.from_json(d))


def check_conservation(st: ChaiState) -> None:
    """Tiles, additive cards, customers and tea tokens are each in exactly one place (and more)."""
    assert problems(st) == []
