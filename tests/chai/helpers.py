"""Building Chai positions for tests: a fresh game, then fields set by hand where a rule needs it."""

from __future__ import annotations

from typing import Any

from chaigames.chai import SPEC
from chaigames.chai.data import ADDITIVES, FLAVOURS, TEAS
from chaigames.chai.invariants import problems
from chaigames.chai.market import Market
from chaigames.chai.state import ChaiState
from chaigames.engine import GameConfig, SeatConfig

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


def set_market(st: ChaiState, rows: list[str]) -> None:
    """Rows as words, e.g. ["mint mint lemon ...", ...]; tiles moved between bag and market so counts hold."""
    for row in st.market.rows:
        for f in row:
            st.bag.put(f)
    st.market = Market([[F(w) for w in row.split()] for row in rows])
    for row in st.market.rows:
        for f in row:
            st.bag.counts[f] -= 1
    assert min(st.bag.counts) >= 0


def give_tiles(st: ChaiState, seat: int, **counts: int) -> None:
    """Move tiles from the bag into a seat's tea box."""
    for name, c in counts.items():
        st.bag.counts[F(name)] -= c
        st.tiles[seat][F(name)] += c
        assert st.bag.counts[F(name)] >= 0


def give_additives(st: ChaiState, seat: int, **counts: int) -> None:
    """Move additive cards from the deck into a seat's tea box."""
    for name, c in counts.items():
        for _ in range(c):
            st.add_deck.remove(K(name))
            st.adds[seat][K(name)] += 1


def set_display(st: ChaiState, kinds: list[str]) -> None:
    """Return the display to the deck, then put these cards face up (taken from the deck)."""
    st.add_deck.extend(st.display)
    st.display = []
    for k in kinds:
        st.add_deck.remove(K(k))
        st.display.append(K(k))


def give_customer(st: ChaiState, seat: int, cid: str) -> None:
    """Move a customer from wherever it is (deck, pool, another hand) into a seat's reserved cards."""
    take_customer(st, cid)
    st.reserved[seat].append(cid)


def take_customer(st: ChaiState, cid: str) -> None:
    if cid in st.cust_deck:
        st.cust_deck.remove(cid)
        return
    for p in st.pool:
        if p[0] == cid:
            st.pool.remove(p)
            return
    for r in st.reserved:
        if cid in r:
            r.remove(cid)
            return
    raise AssertionError(f"{cid} not found")


def put_in_pool(st: ChaiState, cid: str, coins: int = 0) -> None:
    take_customer(st, cid)
    st.pool.append([cid, coins])


def check_conservation(st: ChaiState) -> None:
    """Tiles, additive cards, customers and tea tokens are each in exactly one place (and more)."""
    assert problems(st) == []
