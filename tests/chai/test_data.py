"""Component data against the counts in chai.md ("Players and setup", "Customer cards", CH-7)."""

from __future__ import annotations

from collections import Counter

from chaigames.chai.data import (
    ADDITIVES,
    CARDS_PER_ADDITIVE,
    CUSTOMERS,
    FLAVOURS,
    TEAS,
    TILES_PER_FLAVOUR,
    TIPS,
    TOKENS_PER_TEA,
)


def test_72_flavour_tiles_12_of_each_of_6_flavours():
    assert len(FLAVOURS) == 6
    assert TILES_PER_FLAVOUR * len(FLAVOURS) == 72


def test_50_additive_cards_10_of_each_of_5_kinds():
    assert set(ADDITIVES) == {"milk", "sugar", "honey", "vanilla", "spice"}
    assert CARDS_PER_ADDITIVE * len(ADDITIVES) == 50


def test_40_customers_8_per_tea_and_67_vp_per_tea():
    assert len(CUSTOMERS) == 40
    per_tea = Counter(c.tea for c in CUSTOMERS.values())
    assert per_tea == {t: 8 for t in TEAS}
    for tea in TEAS:
        assert sum(c.vp for c in CUSTOMERS.values() if c.tea == tea) == 67


def test_every_tea_has_the_same_difficulty_curve():
    """chai.md: the same curve for every tea: card n needs the same numbers of tiles and cards."""
    for n in range(1, 9):
        shapes = {(CUSTOMERS[f"{t}-{n}"].tiles_needed, CUSTOMERS[f"{t}-{n}"].cards_needed) for t in TEAS}
        assert len(shapes) == 1, n


def test_table_spot_checks():
    green8 = CUSTOMERS["green-8"]
    assert green8.vp == 15
    assert green8.recipe_text() == "2 mint, 1 jasmine, 1 ginger, 1 berries / 1 sugar, 1 honey, 1 vanilla"
    white2 = CUSTOMERS["white-2"]
    assert (white2.vp, white2.recipe_text()) == (5, "1 jasmine, 1 lavender / 1 milk")
    assert CUSTOMERS["oolong-1"].recipe_text() == "2 ginger / 1 chai spices"


def test_six_tips_1_1_2_2_3_3_and_6_tokens_per_tea():
    """CH-7."""
    assert sorted(TIPS) == [1, 1, 2, 2, 3, 3]
    assert TOKENS_PER_TEA == 6
