"""Chai's component data, as data: flavours, additives, teas, customers, tips (spec chai.md, "Customer cards").

Everything the rules count is an index into the tuples below, so holdings are short lists of counts.
"""

from __future__ import annotations

from dataclasses import dataclass

FLAVOURS: tuple[str, ...] = ("mint", "jasmine", "lemon", "ginger", "berries", "lavender")
TILES_PER_FLAVOUR = 12  # 72 tiles in the flavour bag

ADDITIVES: tuple[str, ...] = ("milk", "sugar", "honey", "vanilla", "spice")
ADDITIVE_LABELS: dict[str, str] = {"spice": "chai spices"}
CARDS_PER_ADDITIVE = 10  # 50 additive cards

TEAS: tuple[str, ...] = ("green", "black", "rooibos", "oolong", "white")
TOKENS_PER_TEA = 6
CUSTOMERS_PER_TEA = 8

TIPS: tuple[int, ...] = (1, 1, 2, 2, 3, 3)  # CH-7
CUP_ROUNDS = 5
DISPLAY_SIZE = 5
POOL_EXTRA = 2  # pool = players + 2

TILE_LIMIT = 12  # CH-2
ADDITIVE_LIMIT = 6
RESERVE_LIMIT = 3  # CH-4

MARKET_INCOME = 3  # a visit gains a gold coin first
OTHER_TEA_FEE = 1  # CH-5
OVER_RESERVE_COIN = 1  # CH-4: a copper coin on the discarded customer
SAFETY_STOP_ROUNDS = 60  # CH-8
AWARD_POINTS = 5  # CH-9
AWARD_MIN_SEATS = 3

# VP and recipe per card number, per tea: "flavour tiles / additive cards", repeats counted (CH-6).
VP_BY_NUMBER: tuple[int, ...] = (4, 5, 6, 7, 9, 10, 11, 15)
RECIPES: dict[str, tuple[str, ...]] = {
    "green": (
        "mint mint / milk",
        "jasmine ginger / honey",
        "lemon lemon lemon / sugar",
        "ginger ginger lavender / spice",
        "berries mint jasmine / vanilla honey",
        "lavender lavender jasmine jasmine / milk sugar",
        "mint mint lemon ginger / honey spice",
        "jasmine ginger berries mint mint / sugar vanilla honey",
    ),
    "black": (
        "jasmine jasmine / honey",
        "lemon berries / sugar",
        "ginger ginger ginger / spice",
        "berries berries mint / vanilla",
        "lavender jasmine lemon / milk sugar",
        "mint mint lemon lemon / honey spice",
        "jasmine jasmine ginger berries / sugar vanilla",
        "lemon berries lavender jasmine jasmine / spice milk sugar",
    ),
    "rooibos": (
        "lemon lemon / sugar",
        "ginger lavender / spice",
        "berries berries berries / vanilla",
        "lavender lavender jasmine / milk",
        "mint lemon ginger / honey spice",
        "jasmine jasmine ginger ginger / sugar vanilla",
        "lemon lemon berries lavender / spice milk",
        "ginger lavender mint lemon lemon / vanilla honey spice",
    ),
    "oolong": (
        "ginger ginger / spice",
        "berries mint / vanilla",
        "lavender lavender lavender / milk",
        "mint mint lemon / honey",
        "jasmine ginger berries / sugar vanilla",
        "lemon lemon berries berries / spice milk",
        "ginger ginger lavender mint / vanilla honey",
        "berries mint jasmine ginger ginger / milk sugar vanilla",
    ),
    "white": (
        "berries berries / vanilla",
        "lavender jasmine / milk",
        "mint mint mint / honey",
        "jasmine jasmine ginger / sugar",
        "lemon berries lavender / spice milk",
        "ginger ginger lavender lavender / vanilla honey",
        "berries berries mint jasmine / milk sugar",
        "lavender jasmine lemon berries berries / honey spice milk",
    ),
}


@dataclass(frozen=True)
class Customer:
    """One customer card: its tea, victory points and exact recipe as counts per flavour / additive."""

    id: str
    tea: str
    number: int
    vp: int
    flavours: tuple[int, ...]
    additives: tuple[int, ...]

    @property
    def tiles_needed(self) -> int:
        return sum(self.flavours)

    @property
    def cards_needed(self) -> int:
        return sum(self.additives)

    def recipe_text(self) -> str:
        fl = ", ".join(f"{n} {FLAVOURS[i]}" for i, n in enumerate(self.flavours) if n)
        ad = ", ".join(f"{n} {additive_label(ADDITIVES[i])}" for i, n in enumerate(self.additives) if n)
        return f"{fl} / {ad}"


def additive_label(kind: str) -> str:
    return ADDITIVE_LABELS.get(kind, kind)


def _parse(tea: str, number: int, recipe: str) -> Customer:
    left, _, right = recipe.partition("/")
    fl = [0] * len(FLAVOURS)
    for word in left.split():
        fl[FLAVOURS.index(word)] += 1
    ad = [0] * len(ADDITIVES)
    for word in right.split():
        ad[ADDITIVES.index(word)] += 1
    return Customer(f"{tea}-{number}", tea, number, VP_BY_NUMBER[number - 1], tuple(fl), tuple(ad))


CUSTOMERS: dict[str, Customer] = {
    c.id: c for tea in TEAS for c in (_parse(tea, i + 1, r) for i, r in enumerate(RECIPES[tea]))
}


# The non-zero needs of each customer as (index, count) pairs: the hot loops of the rules and bots.
FLAVOUR_NEEDS: dict[str, tuple[tuple[int, int], ...]] = {
    cid: tuple((i, n) for i, n in enumerate(c.flavours) if n) for cid, c in CUSTOMERS.items()
}
ADDITIVE_NEEDS: dict[str, tuple[tuple[int, int], ...]] = {
    cid: tuple((i, n) for i, n in enumerate(c.additives) if n) for cid, c in CUSTOMERS.items()
}


def customers_of(tea: str) -> list[str]:
    """The 8 customer ids of a tea, in card order."""
    return [f"{tea}-{n}" for n in range(1, CUSTOMERS_PER_TEA + 1)]
