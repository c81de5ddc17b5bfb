"""One palette for the whole front end: every game colour as an explicit hex colour.

Why explicit: Textual's ANSI theme repaints ANSI colour names (`yellow` becomes orange, `blue`
purple, `red` and `bright_magenta` the same pink), which once painted Chai's lemon and ginger the
same orange and showed false groups in a game about connected groups. So nothing in `screens/`
names an ANSI colour; the render code takes its Rich styles from here and the `.tcss` files take
the same colours as CSS variables (`$dw-yellow`, `$zone-1`, ... via `ChaiGamesApp.get_css_variables`).

Every colour is a step of the xterm 6x6x6 colour cube or of its grey ramp, so a 256-colour
terminal (`chaigames serve`'s default) shows exactly the colour defined here. Each swatch carries
its ink (black or white, whichever reads on it). tests/screens/test_palette.py holds the rules:
within a game every pair a player must tell apart differs by CIEDE2000 >= 20 (as defined and in
256 colours) and ink on its swatch has a WCAG contrast of at least 4.5:1. Colour never carries
meaning alone: every swatch is drawn with its letter or glyph, which is all that is left under
NO_COLOR and in 16 colours.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style

BLACK = "#000000"
WHITE = "#ffffff"


@dataclass(frozen=True)
class Swatch:
    """A game colour and the ink that reads on it."""

    colour: str
    ink: str

    @property
    def cell(self) -> str:
        """A coloured cell as a Rich style string: bold ink on the colour (tiles, dabbas, dice)."""
        return f"bold {self.ink} on {self.colour}"

    @property
    def style(self) -> Style:
        """`cell` as a Rich `Style`, for code that adds styles together."""
        return Style.parse(self.cell)

    @property
    def text(self) -> str:
        """The colour as text on the screen's own background (a mark, not a cell)."""
        return f"bold {self.colour}"


def _dark(colour: str) -> Swatch:
    return Swatch(colour, BLACK)


def _light(colour: str) -> Swatch:
    return Swatch(colour, WHITE)


# -- Dabba Walla: the four dabba colours and the empty dabba (key: the letter on screen) --------
DABBA: dict[str, Swatch] = {
    "Y": _dark("#ffd700"),
    "R": _light("#d70000"),
    "B": _light("#005fd7"),
    "G": _dark("#00af5f"),
    "E": _dark("#c6c6c6"),
}
"""Yellow, red, blue, green, and E for an empty dabba."""

CHAI_TILE_ORANGE = _dark("#ff8700")
CHAI_TILE_BLUE = _dark("#87d7ff")
"""Dabba Walla's two chai-tile backs: orange (+1/-1, veto, later) and light blue (the others)."""

GHOST_BLOCKED = _light("#870000")
"""A placement that is not allowed here ('x' on the cell)."""

# -- Chai: six flavours (market tiles), five additives, five teas ------------------------------
FLAVOURS: dict[str, Swatch] = {
    "mint": _dark("#5fd787"),
    "jasmine": _dark("#eeeeee"),
    "lemon": _dark("#ffff00"),
    "ginger": _dark("#ff8700"),
    "berries": _light("#af005f"),
    "lavender": _dark("#af87ff"),
}

ADDITIVES: dict[str, Swatch] = {
    "milk": _dark("#ffffff"),
    "sugar": _dark("#87d7ff"),
    "honey": _dark("#d78700"),
    "vanilla": _dark("#ffd787"),
    "spice": _light("#870000"),
}

TEAS: dict[str, Swatch] = {
    "green": _dark("#5faf5f"),
    "black": _light("#303030"),
    "rooibos": _light("#af5f00"),
    "oolong": _dark("#d7af5f"),
    "white": _dark("#eeeeee"),
}

# -- Chai Wallah: the dice colours of the rulebook, and one colour per human key zone ----------
INGREDIENTS: dict[str, Swatch] = {
    "tea": _light("#585858"),
    "spice": _light("#d70000"),
    "sugar": _dark("#af875f"),
    "milk": _dark("#eeeeee"),
}
"""Tea black, spice red, sugar brown, milk white. The tea die is a dark grey, not black: a black
face on the screen's near-black background would have no outline."""

ZONES: dict[int, Swatch] = {
    1: _dark("#00afaf"),
    2: _dark("#d700d7"),
    3: _dark("#d7d700"),
    4: _dark("#5f87ff"),
}
"""Key zone -> its colour; a human's seat is drawn in their zone's colour. The zones stay apart
under the pause menu's dimming too (a softer magenta and the blue both dimmed to one grey)."""

# -- the frame ---------------------------------------------------------------------------------------
GOOD = "bold #5fd75f"
"""Something that can be done now ('+serve', 'legal'), as text on the screen's background."""

PROBLEM = "bold #ff5f5f"
"""A refusal or a problem, as text on the screen's background."""

FOCUS = "#005f87"
"""The background of the focused field on setup (clearly apart from the panel around it)."""

MUST_DIFFER: dict[str, dict[str, Swatch]] = {
    "Dabba Walla dabbas": DABBA,
    "Dabba Walla chai tiles": {"orange": CHAI_TILE_ORANGE, "blue": CHAI_TILE_BLUE},
    "Chai flavours": FLAVOURS,
    "Chai additives": ADDITIVES,
    "Chai teas": TEAS,
    "Chai Wallah ingredients": INGREDIENTS,
    "Chai Wallah key zones": {str(z): s for z, s in ZONES.items()},
}
"""The groups whose members a player must tell apart at a glance (the palette tests read this)."""

ALL_SWATCHES: dict[str, Swatch] = {
    f"{group}: {name}": swatch for group, members in MUST_DIFFER.items() for name, swatch in members.items()
} | {"Dabba Walla blocked placement": GHOST_BLOCKED}


def css_variables() -> dict[str, str]:
    """The palette as Textual CSS variables, for the `.tcss` files: `$dw-y`, `$zone-1`, `$zone-1-ink`..."""
    out: dict[str, str] = {"focus-field": FOCUS}
    for letter, swatch in DABBA.items():
        out[f"dw-{letter.lower()}"] = swatch.colour
    for zone, swatch in ZONES.items():
        out[f"zone-{zone}"] = swatch.colour
        out[f"zone-{zone}-ink"] = swatch.ink
    return out
