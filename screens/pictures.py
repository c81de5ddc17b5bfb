"""Each game's small picture for the main menu, drawn from its own pieces in its own colours: two of
Chai Wallah's dice, a stack of Dabba Walla's dabbas, Chai's cup beside its flavour tiles.

Every picture is PICTURE_ROWS lines of PICTURE_WIDTH cells. Each piece carries its letter or pips, so
the pictures read the same under NO_COLOR. Only the palette is imported: the menu is the first
screen and must not load a game.
"""

from __future__ import annotations

from rich.text import Text

from . import palette

PICTURE_ROWS = 3
PICTURE_WIDTH = 12

_PIPS = {3: ("●    ", "  ●  ", "    ●"), 5: ("●   ●", "  ●  ", "●   ●")}
"""A die face in 5x3 cells, as Chai Wallah's big dice draw it."""


def _chai_wallah() -> list[Text]:
    spice, milk = palette.INGREDIENTS["spice"].cell, palette.INGREDIENTS["milk"].cell
    return [Text(" ").append(_PIPS[5][r], spice).append(" ").append(_PIPS[3][r], milk) for r in range(PICTURE_ROWS)]


def _dabba_walla() -> list[Text]:
    """A stack of dabbas: two on three... on four, each a coloured cell with its colour's letter."""
    rows = ("YY", "RRB", "GBBG")
    out = []
    for letters in rows:
        line = Text(" " * (3 * (4 - len(letters)) // 2))
        for letter in letters:
            line.append(f" {letter} ", palette.DABBA[letter].cell)
        out.append(line)
    return out


def _chai() -> list[Text]:
    """A cup of rooibos and four flavour tiles."""
    cup = palette.TEAS["rooibos"].text
    tiles = [("Mi", "mint"), ("Ja", "jasmine"), ("Le", "lemon"), ("Gi", "ginger")]
    shapes = ("╭───╮ ", "│ ~ ├╮", "╰───╯ ")
    out = []
    for r, shape in enumerate(shapes):
        line = Text(shape, cup)
        if r < 2:
            for glyph, flavour in tiles[2 * r : 2 * r + 2]:
                line.append(" ").append(glyph, palette.FLAVOURS[flavour].cell)
        out.append(line)
    return out


PICTURES = {"chai-wallah": _chai_wallah, "dabba-walla": _dabba_walla, "chai": _chai}


def picture(game_id: str) -> list[Text]:
    """The game's picture, PICTURE_ROWS lines padded to PICTURE_WIDTH cells (blank for a game without one)."""
    draw = PICTURES.get(game_id)
    lines = draw() if draw is not None else [Text() for _ in range(PICTURE_ROWS)]
    for line in lines:
        line.pad_right(PICTURE_WIDTH - line.cell_len)
    return lines
