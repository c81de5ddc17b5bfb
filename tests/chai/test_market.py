"""The market (CH-1): groups, column prices, sliding left, refilling row 1 first."""

from __future__ import annotations

import pytest

from chaigames.chai.market import COLUMNS, ROWS, Bag, Market, column_price
from chaigames.engine import Rng

from .helpers import F


def grid(*rows: str) -> Market:
    return Market([[F(w) for w in row.split()] for row in rows])


def test_grid_is_3_by_6_and_full_at_setup():
    m = Market()
    placed = m.refill(Bag(), Rng(1))
    assert (ROWS, COLUMNS) == (3, 6)
    assert len(placed) == 18 and m.tile_count() == 18


def test_column_prices_copper_silver_gold():
    assert [column_price(c) for c in range(6)] == [1, 1, 2, 2, 3, 3]


def test_single_tile_in_column_1_costs_1():
    m = grid(
        "mint lemon ginger berries lavender jasmine",
        "lemon ginger berries lavender jasmine mint",
        "ginger berries lavender jasmine mint lemon",
    )
    assert m.group(0, 0) == [(0, 0)]
    assert m.take(0, 0) == (F("mint"), 1, 1)


def test_group_spanning_columns_2_to_5_costs_3():
    """The furthest-right column among the tiles taken sets the price: column 5 is gold."""
    m = grid(
        "mint lemon lemon lemon lemon jasmine",
        "ginger berries lavender jasmine mint ginger",
        "ginger berries lavender jasmine mint berries",
    )
    assert m.price(0, 1) == 3
    assert m.take(0, 2) == (F("lemon"), 4, 3)


def test_group_is_orthogonal_not_diagonal():
    m = grid(
        "mint lemon ginger berries lavender jasmine",
        "lemon mint berries lavender jasmine ginger",
        "mint mint lavender jasmine ginger berries",
    )
    assert m.group(0, 0) == [(0, 0)]  # (1,1) touches only diagonally
    assert m.group(2, 0) == [(1, 1), (2, 0), (2, 1)]


def test_group_follows_connections_across_rows():
    m = grid(
        "mint mint ginger berries lavender jasmine",
        "lemon mint berries lavender jasmine ginger",
        "berries mint mint mint mint berries",
    )
    assert len(m.group(0, 0)) == 7
    assert m.price(0, 0) == column_price(4)


def test_rows_slide_left_keeping_tile_order():
    m = grid(
        "mint lemon lemon ginger lemon jasmine",
        "ginger lemon berries lavender jasmine mint",
        "ginger berries lavender jasmine mint berries",
    )
    m.take(0, 1)  # lemon (0,1), (0,2) and (1,1) below (0,1); the lemon at (0,4) is not connected
    assert m.names()[0] == ["mint", "ginger", "lemon", "jasmine"]
    assert m.names()[1] == ["ginger", "berries", "lavender", "jasmine", "mint"]
    assert m.names()[2] == ["ginger", "berries", "lavender", "jasmine", "mint", "berries"]


def test_tiles_never_change_rows():
    m = grid("mint mint mint mint mint mint", "lemon ginger berries lavender jasmine ginger", "")
    m.take(0, 0)
    assert m.rows[0] == [] and len(m.rows[1]) == 6 and m.rows[2] == []


def test_refill_fills_row_1_first_left_to_right():
    m = grid("mint lemon", "ginger", "berries")
    bag = Bag([0, 0, 0, 0, 0, 0])
    bag.put(F("lavender"), 5)
    placed = m.refill(bag, Rng(3))
    assert [(r, c) for r, c, _ in placed] == [(0, 2), (0, 3), (0, 4), (0, 5), (1, 1)]
    assert len(m.rows[2]) == 1


def test_empty_bag_leaves_cells_empty():
    m = grid("mint", "", "")
    assert m.refill(Bag([0] * 6), Rng(0)) == []
    assert m.tile_count() == 1


def test_groups_lists_each_group_once():
    m = grid("mint mint lemon", "mint lemon lemon", "")
    assert sorted(len(g) for g in m.groups()) == [3, 3]


def test_bag_draw_is_uniform_over_tiles_and_conserves():
    bag = Bag([1, 0, 0, 0, 0, 0])
    rng = Rng(5)
    assert bag.draw(rng) == 0 and bag.draw(rng) is None and len(bag) == 0


def test_a_cell_outside_the_tiles_has_no_group_and_cannot_be_taken():
    """Gaps sit at a row's right end (rows slide left): a cell past the last tile, or off the grid, is empty."""
    m = grid("mint lemon", "ginger", "")
    for row, col in ((0, 2), (1, 1), (2, 0), (3, 0), (-1, 0), (0, -1), (0, 6)):
        assert m.group(row, col) == [] and m.at(row, col) is None, (row, col)
    for row, col in ((0, 2), (2, 0)):
        with pytest.raises(ValueError, match=r"^no tile there$"):
            m.take(row, col)
    assert m.names() == [["mint", "lemon"], ["ginger"], []]


def test_clones_are_equal_and_independent():
    bag = Bag([3, 0, 1, 0, 2, 0])
    twin = bag.clone()
    assert twin.counts == [3, 0, 1, 0, 2, 0]
    twin.put(1)
    assert bag.counts == [3, 0, 1, 0, 2, 0]
    m = grid("mint lemon", "ginger", "")
    copy = m.clone()
    assert copy.rows == m.rows
    copy.take(0, 0)
    assert m.names()[0] == ["mint", "lemon"]


def test_a_draw_never_takes_a_flavour_the_bag_has_none_of():
    """A draw is uniform over the tiles in the bag: a flavour with no tile left is never drawn."""
    for seed in range(6):
        bag = Bag([0, 2, 0, 0, 1, 0])
        rng = Rng(seed)
        drawn = sorted(bag.draw(rng) for _ in range(3))
        assert drawn == [1, 1, 4] and bag.counts == [0] * 6 and bag.draw(rng) is None


def test_the_groups_are_each_cells_group_once_in_reading_order_of_their_first_cell():
    """`groups` floods the market once (the bots ask for it on every rollout move); it must say what
    asking `group` of each cell says, for any market, rows of unequal length too."""
    rng = Rng(5)
    for _ in range(300):
        rows = [[rng.randint(0, 2) for _ in range(rng.randint(0, COLUMNS))] for _ in range(ROWS)]
        m = Market(rows)
        expected: list[list[tuple[int, int]]] = []
        for r, row in enumerate(rows):
            for c in range(len(row)):
                if not any((r, c) in g for g in expected):
                    expected.append(m.group(r, c))
        assert m.groups() == expected
