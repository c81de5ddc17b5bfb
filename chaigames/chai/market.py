"""The flavour market (CH-1): a 3x6 grid filled from the flavour bag.

A row is kept packed to the left: taking a group leaves gaps and the row slides left at once
(tiles keep their order and never change rows), so empty cells are only ever at a row's right
end. Refilling at the end of a turn goes row 1 first, left to right, while the bag lasts.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate

from chaigames.engine import Rng

from .data import FLAVOURS, TILES_PER_FLAVOUR

ROWS = 3
COLUMNS = 6
COLUMN_PRICES: tuple[int, ...] = (1, 1, 2, 2, 3, 3)  # columns 1-2 copper, 3-4 silver, 5-6 gold


def column_price(col: int) -> int:
    """The price of a group whose furthest-right tile is in column `col` (0-based)."""
    return COLUMN_PRICES[col]


class Bag:
    """The flavour bag: how many tiles of each flavour are in it. A draw is uniform over tiles."""

    __slots__ = ("counts",)

    def __init__(self, counts: list[int] | None = None) -> None:
        self.counts = list(counts) if counts is not None else [TILES_PER_FLAVOUR] * len(FLAVOURS)

    def __len__(self) -> int:
        return sum(self.counts)

    def draw(self, rng: Rng) -> int | None:
        total = sum(self.counts)
        if total == 0:
            return None
        # tile k of the bag, counted flavour by flavour: the first flavour whose running total passes k
        f = bisect_right(list(accumulate(self.counts)), rng.randbelow(total))
        self.counts[f] -= 1
        return f

    def put(self, flavour: int, n: int = 1) -> None:
        self.counts[flavour] += n

    def clone(self) -> Bag:
        return Bag(self.counts)


class Market:
    """The grid: `rows[r]` lists the flavour indices of row r from column 1, packed to the left."""

    __slots__ = ("rows",)

    def __init__(self, rows: list[list[int]] | None = None) -> None:
        self.rows = [list(r) for r in rows] if rows is not None else [[] for _ in range(ROWS)]

    def clone(self) -> Market:
        return Market(self.rows)

    def at(self, row: int, col: int) -> int | None:
        if 0 <= row < ROWS and 0 <= col < len(self.rows[row]):
            return self.rows[row][col]
        return None

    def cells(self) -> Iterator[tuple[int, int]]:
        for r, row in enumerate(self.rows):
            for c in range(len(row)):
                yield r, c

    def tile_count(self) -> int:
        return sum(len(r) for r in self.rows)

    def group(self, row: int, col: int) -> list[tuple[int, int]]:
        """Every cell orthogonally connected to (row, col) through tiles of its flavour (no diagonals)."""
        rows = self.rows
        if not (0 <= row < ROWS and 0 <= col < len(rows[row])):
            return []
        flavour = rows[row][col]
        seen = {(row, col)}
        stack = [(row, col)]
        while stack:
            r, c = stack.pop()
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= nr < ROWS and 0 <= nc < len(rows[nr]) and rows[nr][nc] == flavour and (nr, nc) not in seen:
                    seen.add((nr, nc))
                    stack.append((nr, nc))
        return sorted(seen)

    def groups(self) -> list[list[tuple[int, int]]]:
        """The market's groups, each once, in reading order of their first cell."""
        done: set[tuple[int, int]] = set()
        out = []
        for cell in self.cells():
            if cell not in done:
                g = self.group(*cell)
                done.update(g)
                out.append(g)
        return out

    def price(self, row: int, col: int) -> int:
        """The coin for taking the group at (row, col): the furthest-right column among its tiles."""
        return column_price(max(c for _, c in self.group(row, col)))

    def take(self, row: int, col: int) -> tuple[int, int, int]:
        """Remove the group at (row, col); rows slide left. Returns (flavour, tiles taken, price)."""
        group = self.group(row, col)
        if not group:
            raise ValueError("no tile there")
        flavour = self.rows[row][col]
        price = column_price(max(c for _, c in group))
        taken = set(group)
        self.rows = [[f for c, f in enumerate(tiles) if (r, c) not in taken] for r, tiles in enumerate(self.rows)]
        return flavour, len(group), price

    def refill(self, bag: Bag, rng: Rng) -> list[tuple[int, int, int]]:
        """Fill empty cells from the bag, row 1 first, left to right. Returns (row, col, flavour) placed."""
        placed: list[tuple[int, int, int]] = []
        for r, tiles in enumerate(self.rows):
            while len(tiles) < COLUMNS:
                f = bag.draw(rng)
                if f is None:
                    return placed
                placed.append((r, len(tiles), f))
                tiles.append(f)
        return placed

    def names(self) -> list[list[str]]:
        return [[FLAVOURS[f] for f in row] for row in self.rows]
