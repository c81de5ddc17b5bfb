"""The order deck (data) and what it means to match an order (CW-2).

Every order names a value 2-6 for each ingredient, in the order tea, spice, sugar, milk; 1 is the
wild face of every die (rulebook: "1s are wild, matching any number of the correct ingredient").
"""

from __future__ import annotations

from collections.abc import Sequence

INGREDIENTS: tuple[str, ...] = ("tea", "spice", "sugar", "milk")
"""Die order everywhere in the core: the order card's (tea, spice, sugar, milk)."""

LETTERS: dict[str, str] = {"tea": "T", "spice": "S", "sugar": "U", "milk": "M"}
"""A letter per ingredient so the game reads without colour."""

WILD = 1

Order = tuple[int, int, int, int]

ORDER_DECK: tuple[Order, ...] = (
    (5, 3, 3, 5),
    (5, 2, 5, 4),
    (5, 4, 6, 2),
    (5, 5, 2, 3),
    (2, 6, 3, 2),
    (2, 2, 6, 6),
    (2, 4, 2, 5),
    (2, 5, 4, 4),
    (3, 6, 5, 5),
    (3, 3, 6, 4),
    (3, 4, 4, 3),
    (3, 5, 3, 6),
    (4, 6, 6, 3),
    (4, 3, 2, 6),
    (4, 2, 4, 5),
    (4, 5, 5, 2),
    (6, 6, 2, 4),
    (6, 3, 4, 2),
    (6, 2, 3, 3),
    (6, 4, 5, 6),
)
"""The 20 chai orders of our spec (the designer's full list is not published)."""


def fits(value: int, need: int) -> bool:
    """One die fits one ingredient of an order: the same value, or the wild 1."""
    return value in (WILD, need)


def matches(values: Sequence[int], order: Sequence[int]) -> bool:
    """CW-2: all four dice fit, whatever their state (held, offered or fresh)."""
    return all(fits(v, n) for v, n in zip(values, order, strict=True))


def fit_count(values: Sequence[int], order: Sequence[int]) -> int:
    """How many of the four dice already fit the order (what the greedy bots aim by)."""
    return sum(fits(v, n) for v, n in zip(values, order, strict=True))


def describe_order(order: Sequence[int]) -> str:
    """'T5 S3 U3 M5': each ingredient by letter and value."""
    return " ".join(f"{LETTERS[name]}{v}" for name, v in zip(INGREDIENTS, order, strict=True))
