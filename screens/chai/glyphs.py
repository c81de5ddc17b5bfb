"""Chai's glyphs and colours: every flavour, additive and tea has a two-letter glyph, so the
screen reads the same under NO_COLOR and 16 colours (the colour only repeats what the glyph says)."""

from __future__ import annotations

import re

from chaigames.chai.data import ADDITIVES, CUSTOMERS, FLAVOURS, TEAS, additive_label

from .. import palette

FLAVOUR_GLYPH: dict[str, str] = {
    "mint": "Mi",
    "jasmine": "Ja",
    "lemon": "Le",
    "ginger": "Gi",
    "berries": "Be",
    "lavender": "La",
}
# Tiles, additives and customer cards are drawn as coloured cells: the palette's ink on its colour.
FLAVOUR_STYLE: dict[str, str] = {f: swatch.cell for f, swatch in palette.FLAVOURS.items()}

ADDITIVE_GLYPH: dict[str, str] = {"milk": "Mk", "sugar": "Su", "honey": "Ho", "vanilla": "Va", "spice": "Sp"}
ADDITIVE_STYLE: dict[str, str] = {k: swatch.cell for k, swatch in palette.ADDITIVES.items()}

TEA_GLYPH: dict[str, str] = {"green": "Gr", "black": "Bk", "rooibos": "Ro", "oolong": "Oo", "white": "Wh"}
TEA_STYLE: dict[str, str] = {t: swatch.cell for t, swatch in palette.TEAS.items()}

assert set(FLAVOUR_GLYPH) == set(FLAVOURS) and set(ADDITIVE_GLYPH) == set(ADDITIVES) and set(TEA_GLYPH) == set(TEAS)
assert len(set(FLAVOUR_GLYPH.values()) | set(ADDITIVE_GLYPH.values()) | set(TEA_GLYPH.values())) == 16


def card_glyph(cid: str) -> str:
    """A customer in three characters: tea glyph + card number ("green-3" -> "Gr3")."""
    c = CUSTOMERS[cid]
    return f"{TEA_GLYPH[c.tea]}{c.number}"


_CARD_ID = re.compile(r"\b(" + "|".join(TEAS) + r")-([1-8])\b")


def glyph_ids(text: str) -> str:
    """A log line with customer ids as the screen shows them ("black-4" -> "Bk4")."""
    return _CARD_ID.sub(lambda m: card_glyph(m.group(0)), text)


def legend() -> str:
    """Every glyph in words, three to a line (the wide layout shows it under the cups)."""
    entries = [f"{FLAVOUR_GLYPH[f]} {f}" for f in FLAVOURS] + [
        f"{ADDITIVE_GLYPH[k]} {additive_label(k)}" for k in ADDITIVES
    ]
    entries += [f"{TEA_GLYPH[t]} {t} tea" for t in TEAS]
    lines = [entries[i : i + 3] for i in range(0, 6, 3)] + [entries[6:9], entries[9:11]]
    lines += [entries[11:14], entries[14:16]]
    return "\n".join("".join(e.ljust(15) for e in line).rstrip() for line in lines)


def short_legend(lines: int) -> str:
    """The glyphs in words for the narrow left column (36 cells), in at most `lines` lines: the
    flavours first (the market is read by them), then the additives, then the teas; '' if none fit."""
    groups = [
        [f"{FLAVOUR_GLYPH[f]} {f}" for f in FLAVOURS],
        [f"{ADDITIVE_GLYPH[k]} {additive_label(k)}" for k in ADDITIVES],
        [f"{TEA_GLYPH[t]} {t}" for t in TEAS],
    ]
    out: list[str] = []
    for group in groups:
        chunk = ["  ".join(group[i : i + 3]) for i in range(0, len(group), 3)]
        if len(out) + len(chunk) > lines:
            break
        out += chunk
    if len(out) == 2 + 2 + 2:
        out[-2] += "  (teas)"
    return "\n".join(out)
