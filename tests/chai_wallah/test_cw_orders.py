"""The order deck of the spec ("Order deck (data)") and matching (CW-2, rulebook "1s are wild")."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from chaigames.chai_wallah.orders import INGREDIENTS, ORDER_DECK, describe_order, fit_count, fits, matches


def test_deck_has_20_orders():
    assert len(ORDER_DECK) == 20


def test_deck_values_are_2_to_6_each_4_times_per_ingredient():
    for i, _ in enumerate(INGREDIENTS):
        counts = Counter(card[i] for card in ORDER_DECK)
        assert counts == {2: 4, 3: 4, 4: 4, 5: 4, 6: 4}


def test_deck_has_no_two_equal_cards():
    assert len(set(ORDER_DECK)) == 20


def test_any_two_cards_agree_in_at_most_one_ingredient():
    for a, b in combinations(ORDER_DECK, 2):
        assert sum(x == y for x, y in zip(a, b, strict=True)) <= 1, (a, b)


def test_rulebook_example_spice_1_fulfils_an_order_needing_5_spice():
    """Rulebook: "a tea order requiring 5 spice would be considered fulfilled by rolling a 1 on the
    red Spice die"."""
    order = (5, 5, 2, 3)
    assert fits(1, 5)
    assert matches((5, 1, 2, 3), order)


def test_cw2_match_needs_all_four_ingredients():
    order = (5, 5, 2, 3)
    assert not matches((5, 5, 2, 4), order)
    assert fit_count((5, 5, 2, 4), order) == 3
    assert matches((1, 1, 1, 1), order)


def test_wild_is_only_the_1():
    assert not fits(6, 5)
    assert fits(5, 5)


@pytest.mark.parametrize("dice", [(5, 5, 2), (5, 5, 2, 3, 1)])
def test_three_or_five_dice_are_never_compared_with_an_order(dice):
    """A seat has exactly one die per ingredient: a wrong count is a bug to stop, not a partial match."""
    order = (5, 5, 2, 3)
    with pytest.raises(ValueError):
        matches(dice, order)
    with pytest.raises(ValueError):
        fit_count(dice, order)
    with pytest.raises(ValueError):
        describe_order(dice)


def test_an_order_reads_letter_and_value_per_ingredient():
    assert describe_order((5, 3, 2, 6)) == "T5 S3 U2 M6"
