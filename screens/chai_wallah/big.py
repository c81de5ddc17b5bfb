"""Chai Wallah at 120x40 and larger: orders and dice drawn as dice, seats in a grid of blocks.

Every die is a 5x3 face of pips on its ingredient's colour, big enough to read across a table.
The face's pips say the value without colour; beside the face stand its ingredient letter, the
key that works it, `*7` while fresh; an offered die stands in tall bold brackets the height of its
face (`┏┃┗` and `┓┃┛`), seen from across the room. So NO_COLOR and 16 colours read the same as
truecolor.

The four dice stand in the key diamond (spice up, tea left, sugar down, milk right), as on the
order cards, in seven lines:

      spice            rows 0-2, middle column
  tea       milk       rows 2-4, left and right columns
      sugar            rows 4-6, middle column

A seat's block is its header (name on its human's zone colour, tag, orders; LOCKED and the
seconds left on red while a false claim locks the seat), a notes line right under it (CHAI!,
forming, a refusal), then the diamond: nothing of a seat is drawn next to another seat's header.
Blocks are pure functions of `seat_key`, so the screen can keep each seat's block and draw again
only the seats whose key changed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rich.style import Style
from rich.text import Text

from chaigames.chai_wallah.keys import CHAI
from chaigames.chai_wallah.orders import INGREDIENTS, LETTERS
from chaigames.chai_wallah.view import ChaiWallahView, DieView

from .. import palette
from ..widgets import fit_line
from .render import (
    ALERT_STYLE,
    INGREDIENT_STYLE,
    NAME_STYLE,
    SeatLabel,
    Taken,
    join,
    key_glyph,
    pad,
    seat_notes,
    seat_shows,
)

BIG_LEGEND = "┃ ┃ offered  *7 fresh (re-roll 7 s)  one pip is wild  T tea S spice U sugar M milk  keys in zone colour"

PIPS: dict[int | None, tuple[str, str, str]] = {
    1: ("     ", "  ●  ", "     "),
    2: ("●    ", "     ", "    ●"),
    3: ("●    ", "  ●  ", "    ●"),
    4: ("●   ●", "     ", "●   ●"),
    5: ("●   ●", "  ●  ", "●   ●"),
    6: ("●   ●", "●   ●", "●   ●"),
    None: ("     ", "  ?  ", "     "),  # another seat's offered die: its value is hidden
}
"""A die face in 5x3 cells, as a real die shows it (six is two columns of three)."""

OFFER_BRACKETS = ("┏┓", "┃┃", "┗┛")
"""An offered die's brackets, row by row: as tall as its face."""
OFFER_STYLE = Style(bold=True, color="#ffffff")
LOCKED_STYLE = Style(bold=True, color="#ffffff", bgcolor="#af0000")
"""A locked seat's header: the words say LOCKED, the red only adds to them."""


@dataclass(frozen=True)
class DieSize:
    """How big the dice are drawn: a face of `width` x `height` cells (the 5x3 pips, with a margin
    of the die's colour round them when larger), and what follows from it."""

    width: int
    height: int

    @property
    def slot(self) -> int:
        return self.width + 4  # "┃face┃" + two side columns

    @property
    def diamond_width(self) -> int:
        return 3 * self.slot

    @property
    def diamond_rows(self) -> int:
        return 3 * self.height - 2  # spice, tea and milk, sugar: each overlapping the next by a row

    @property
    def block_rows(self) -> int:
        return self.diamond_rows + 2  # header, notes, diamond

    @property
    def order_rows(self) -> int:
        return self.diamond_rows + 1  # "Order 1", diamond

    @property
    def cell_min(self) -> int:
        return self.diamond_width + 2  # the narrowest seat block

    def place(self, ing: str) -> tuple[int, int]:
        """(first row, column) of the ingredient's die in the key diamond."""
        h = self.height - 1
        return {"spice": (0, 1), "tea": (h, 0), "milk": (h, 2), "sugar": (2 * h, 1)}[ing]


DICE = DieSize(5, 3)
LARGE_DICE = DieSize(7, 5)
"""The usual dice, and larger ones when the screen has the room (160x50 with up to four seats)."""

SLOT = DICE.slot
DIAMOND_WIDTH = DICE.diamond_width
DIAMOND_ROWS = DICE.diamond_rows
BLOCK_ROWS = DICE.block_rows
ORDER_ROWS = DICE.order_rows
FEED_MIN = 3  # the feed keeps at least this many lines under the seats


def face(ing: str, value: int | None, size: DieSize = DICE) -> list[Text]:
    """The die's lines of pips on the ingredient's colour."""
    style = INGREDIENT_STYLE[ing]
    rows = list(PIPS.get(value, PIPS[None]))
    across = (size.width - 5) // 2
    down = (size.height - 3) // 2
    blank = " " * size.width
    rows = [blank] * down + [" " * across + row + " " * across for row in rows] + [blank] * down
    return [Text(row, style=style) for row in rows]


def die_slot(die: DieView, key: str | None = None, key_style: Style | str = "", size: DieSize = DICE) -> list[Text]:
    """The face's lines, `size.slot` cells each: in tall brackets when offered, then the letter, the
    key (in its zone's colour), `*7` when fresh."""
    fresh = ""
    if die.state == "fresh":
        left = die.fresh_for
        fresh = "*" + ("" if left is None else str(max(math.ceil(left - 1e-9), 0)))
    return list(_slot(die.ingredient, die.value, die.state == "offered", fresh, key, key_style, size))


@lru_cache(maxsize=2048)
def _slot(
    ing: str, value: int | None, offered: bool, fresh: str, key: str | None, key_style: Style | str, size: DieSize
) -> tuple:
    """A die's lines, kept by what they show: the clock redraws a seat's block whenever one of its
    dice changed, and a game shows a few hundred different dice at most. The lines are shared:
    whoever uses them joins them into new text and never changes them."""
    side = [Text(LETTERS[ing]), Text(key_glyph(key) if key else "", style=key_style), Text(fresh)]
    side += [Text()] * (size.height - len(side))
    last = size.height - 1
    out = []
    for k, row in enumerate(face(ing, value, size)):
        bracket = OFFER_BRACKETS[0 if k == 0 else 2 if k == last else 1]
        left, right = (Text(c, style=OFFER_STYLE) for c in bracket) if offered else (" ", " ")
        out.append(join([left, row, right, pad(side[k], size.slot - size.width - 2)]))
    return tuple(out)


def diamond(
    dice: dict[str, DieView], keys: dict[str, str] | None = None, key_style: Style | str = "", size: DieSize = DICE
) -> list[Text]:
    """The four dice in the key diamond: `size.diamond_rows` lines of `size.diamond_width` cells."""
    grid: list[list[Text]] = [[Text(" " * size.slot) for _ in range(3)] for _ in range(size.diamond_rows)]
    for ing in INGREDIENTS:
        row, col = size.place(ing)
        for k, line in enumerate(die_slot(dice[ing], (keys or {}).get(ing), key_style, size)):
            grid[row + k][col] = line
    return [join(cells) for cells in grid]


# -- orders --------------------------------------------------------------------------------------------
ORDER_GAP = 3


def order_dice(order: Sequence[int]) -> dict[str, DieView]:
    return {ing: DieView(ing, "held", v, None) for ing, v in zip(INGREDIENTS, order, strict=True)}


def claimed_diamond(view: ChaiWallahView, taken: Taken, size: DieSize = DICE) -> list[Text]:
    """The order a claim took, as the claimer's own dice on its card: each face is the claimer's die
    (a wild one as it fell), and beside it `=5`, the value of the order it stood for."""
    grid: list[list[Text]] = [[Text(" " * size.slot) for _ in range(3)] for _ in range(size.diamond_rows)]
    dice = {d.ingredient: d for d in view.seats[taken.seat].dice}
    for ing, value in zip(INGREDIENTS, taken.order, strict=True):
        row, col = size.place(ing)
        side = [Text(LETTERS[ing]), Text(f"={value}", style=NAME_STYLE)] + [Text()] * (size.height - 2)
        for k, pips in enumerate(face(ing, dice[ing].value, size)):
            grid[row + k][col] = join([" ", pips, " ", pad(side[k], size.slot - size.width - 2)])
    return [join(cells) for cells in grid]


LETTER_ROWS: dict[str, tuple[str, ...]] = {
    "C": (" ███", "█   ", "█   ", "█   ", " ███"),
    "H": ("█  █", "█  █", "████", "█  █", "█  █"),
    "A": (" ██ ", "█  █", "████", "█  █", "█  █"),
    "I": ("███", " █ ", " █ ", " █ ", "███"),
    "W": ("█   █", "█   █", "█ █ █", "██ ██", "█   █"),
    "N": ("█  █", "██ █", "█ ██", "█  █", "█  █"),
    "S": (" ███", "█   ", " ██ ", "   █", "███ "),
    "!": ("█", "█", "█", " ", "█"),
}


def big_word(word: str) -> list[str]:
    """`word` in letters five rows high (the letters of LETTER_ROWS)."""
    return [" ".join(LETTER_ROWS[c][row] for c in word) for row in range(5)]


"""A claim and a win in letters five rows high, beside the orders: seen across the room."""


def big_orders(view: ChaiWallahView, width: int, taken: Taken | None = None, size: DieSize = DICE) -> Text:
    """The face-up orders drawn as dice, side by side, then the deck, target and stall. While a
    claim holds the market (`taken`), the taken order stands in its place with the claimer's dice
    on it, and CHAI! (or WINS!) and the claimer's name stand beside the orders in big letters."""
    lines = [Text() for _ in range(size.order_rows)]
    card = size.diamond_width + ORDER_GAP
    for k, order in enumerate(view.orders):
        if taken is not None and k == taken.slot:
            who = Text(f" CHAI! {view.seats[taken.seat].name} ", style=ALERT_STYLE)
            lines[0].append_text(pad(who, card))
            drawn = claimed_diamond(view, taken, size)
        else:
            lines[0].append_text(pad(Text(f"Order {k + 1}", style=NAME_STYLE), card))
            drawn = diamond(order_dice(order), size=size)
        for row, line in enumerate(drawn):
            lines[row + 1].append_text(pad(line, card))
    if taken is not None:
        seat = view.seats[taken.seat]
        word = "WINS!" if view.winner == taken.seat else "CHAI!"
        for n, letters in enumerate(big_word(word)):
            lines[n + 1].append(letters, style="bold")
        lines[7].append(f"{seat.name}: {seat.score} of {view.target}", style=ALERT_STYLE)
    else:
        stall = view.stall
        info = [f"Deck {view.deck}", f"First to {view.target}"]
        info.append("Stall " + ("off" if stall is None else f"{stall:g} s"))
        if view.bundle:
            info.append("Bundle trades")
        for k, text in enumerate(info):
            lines[2 * k + 1].append(text)
    for line in lines:
        line.truncate(width)
    return Text("\n").join(lines)


# -- seats ------------------------------------------------------------------------------------------------
def seat_key(view: ChaiWallahView, s: int, label: SeatLabel) -> tuple:
    """Everything a seat's block shows, as a value: equal keys draw the same block (the clock ticks
    20 times a second; a fresh die's countdown and a lock change what is drawn once in a while).
    The block shows what the seat's lines show (`seat_shows`), under its label."""
    return (*seat_shows(view, s), label)


def big_seat(view: ChaiWallahView, s: int, label: SeatLabel, width: int, size: DieSize = DICE) -> Text:
    """A seat's block: `size.block_rows` lines of `width` cells."""
    seat = view.seats[s]
    keys = label.keys or {}
    zone = palette.ZONES[label.zone] if label.zone is not None else None
    head_style = zone.style if zone is not None else NAME_STYLE + Style(reverse=True)
    key_style = zone.text if zone is not None else NAME_STYLE
    right = f" {label.tag}  {seat.score}/{view.target} "
    if seat.locked_for is not None:
        head_style = LOCKED_STYLE
    head = join([pad(Text(f" {seat.name}"), max(width - len(right), 4)), right])
    head.truncate(width)
    head.stylize(head_style)
    body = diamond({d.ingredient: d for d in seat.dice}, keys, key_style, size)
    if CHAI in keys:  # the claim key in the diamond's free top-left corner
        chai = Text(f"{key_glyph(keys[CHAI])} Chai!", style=key_style)
        body[0] = join([pad(chai, size.slot), body[0][size.slot :]])
    parts = seat_notes(view, s, locked=False)
    if seat.locked_for is not None:  # first, on the header's red: a refusal never pushes it off the line
        parts.insert(0, Text(f" LOCKED {seat.locked_for:.1f} s ", style=LOCKED_STYLE))
    notes = Text(" ").join(parts)
    if label.flash:
        room = width - 1 - notes.cell_len - (1 if parts else 0)
        notes = join([notes, " " if parts else "", fit_line(Text(f"! {label.flash}", style=Style(bold=True)), room)])
    lines = [head, pad(join([" ", notes]), width), *(pad(join([" ", line]), width) for line in body)]
    return Text("\n").join(lines)


def grid_columns(seats: int) -> int:
    """Seats per row: one row up to four seats, else two rows as even as they go."""
    return seats if seats <= 4 else math.ceil(seats / 2)


def big_fits(seats: int, width: int, height: int, fixed_rows: int, size: DieSize = DICE) -> bool:
    """Whether the dice fit as dice of `size`: every block at least `size.cell_min` wide, and room
    for the orders, every block and FEED_MIN lines of feed under `fixed_rows` lines of title,
    status, help, footer."""
    cols = grid_columns(seats)
    rows = math.ceil(seats / cols)
    tall = fixed_rows + size.order_rows + rows * size.block_rows + FEED_MIN
    return (width - 2) // cols >= size.cell_min and tall <= height


def dice_size(seats: int, width: int, height: int, fixed_rows: int) -> DieSize | None:
    """The largest dice that fit (None: none do; the seats are drawn as lines of letters)."""
    return next((size for size in (LARGE_DICE, DICE) if big_fits(seats, width, height, fixed_rows, size)), None)


__all__ = [
    "BIG_LEGEND",
    "DICE",
    "LARGE_DICE",
    "DieSize",
    "big_fits",
    "big_orders",
    "big_seat",
    "diamond",
    "dice_size",
    "die_slot",
    "grid_columns",
    "seat_key",
]
