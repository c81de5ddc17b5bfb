"""The palette itself: colours a player must tell apart differ (CIEDE2000 >= 20, in truecolor and in
the 256 colours `serve` uses), ink reads on its cell (WCAG >= 4.5:1), the drawings use the palette's
hex colours and never ANSI names, and without colour the letters still say everything."""

from __future__ import annotations

import io
import itertools
import re
from dataclasses import replace

import pytest
from rich.color import ColorType
from rich.console import Console
from rich.text import Text

from chaigames.chai import SPEC as CHAI
from chaigames.chai.data import ADDITIVES, FLAVOURS, TEAS
from chaigames.chai.view import ChaiView
from chaigames.chai_wallah.view import DieView
from chaigames.dabba_walla import data as D
from chaigames.engine import GameConfig, SeatConfig, Session
from screens import palette
from screens.chai import glyphs as CG
from screens.chai import panels as CP
from screens.chai_wallah import render as CWR
from screens.dabba_walla import render as DWR
from tests.chai_wallah.cw_util import session as cw_session
from tests.screens.colour_science import ciede2000, contrast_ratio, delta_e, hex_rgb, in_256

# Sharma, Wu and Dalal (2005), Table 1: L1 a1 b1 L2 a2 b2 and the CIEDE2000 difference.
SHARMA = """
50.0000 2.6772 -79.7751 50.0000 0.0000 -82.7485 2.0425
50.0000 3.1571 -77.2803 50.0000 0.0000 -82.7485 2.8615
50.0000 2.8361 -74.0200 50.0000 0.0000 -82.7485 3.4412
50.0000 -1.3802 -84.2814 50.0000 0.0000 -82.7485 1.0000
50.0000 -1.1848 -84.8006 50.0000 0.0000 -82.7485 1.0000
50.0000 -0.9009 -85.5211 50.0000 0.0000 -82.7485 1.0000
50.0000 0.0000 0.0000 50.0000 -1.0000 2.0000 2.3669
50.0000 -1.0000 2.0000 50.0000 0.0000 0.0000 2.3669
50.0000 2.4900 -0.0010 50.0000 -2.4900 0.0009 7.1792
50.0000 2.4900 -0.0010 50.0000 -2.4900 0.0010 7.1792
50.0000 2.4900 -0.0010 50.0000 -2.4900 0.0011 7.2195
50.0000 2.4900 -0.0010 50.0000 -2.4900 0.0012 7.2195
50.0000 -0.0010 2.4900 50.0000 0.0009 -2.4900 4.8045
50.0000 -0.0010 2.4900 50.0000 0.0010 -2.4900 4.8045
50.0000 -0.0010 2.4900 50.0000 0.0011 -2.4900 4.7461
50.0000 2.5000 0.0000 50.0000 0.0000 -2.5000 4.3065
50.0000 2.5000 0.0000 73.0000 25.0000 -18.0000 27.1492
50.0000 2.5000 0.0000 61.0000 -5.0000 29.0000 22.8977
50.0000 2.5000 0.0000 56.0000 -27.0000 -3.0000 31.9030
50.0000 2.5000 0.0000 58.0000 24.0000 15.0000 19.4535
50.0000 2.5000 0.0000 50.0000 3.1736 0.5854 1.0000
50.0000 2.5000 0.0000 50.0000 3.2972 0.0000 1.0000
50.0000 2.5000 0.0000 50.0000 1.8634 0.5757 1.0000
50.0000 2.5000 0.0000 50.0000 3.2592 0.3350 1.0000
60.2574 -34.0099 36.2677 60.4626 -34.1751 39.4387 1.2644
63.0109 -31.0961 -5.8663 62.8187 -29.7946 -4.0864 1.2630
61.2901 3.7196 -5.3901 61.4292 2.2480 -4.9620 1.8731
35.0831 -44.1164 3.7933 35.0232 -40.0716 1.5901 1.8645
22.7233 20.0904 -46.6940 23.0331 14.9730 -42.5619 2.0373
36.4612 47.8580 18.3852 36.2715 50.5065 21.2231 1.4146
90.8027 -2.0831 1.4410 91.1528 -1.6435 0.0447 1.4441
90.9257 -0.5406 -0.9208 88.6381 -0.8985 -0.7239 1.5381
6.7747 -0.2908 -2.4247 5.8714 -0.0985 -2.2286 0.6377
2.0776 0.0795 -1.1350 0.9033 -0.0636 -0.5514 0.9082
"""


def sharma_pairs() -> list[tuple[tuple[float, ...], tuple[float, ...], float]]:
    rows = [list(map(float, line.split())) for line in SHARMA.strip().splitlines()]
    return [(tuple(r[0:3]), tuple(r[3:6]), r[6]) for r in rows]


def test_ciede2000_matches_every_published_sharma_pair_both_ways():
    pairs = sharma_pairs()
    assert len(pairs) == 34
    for lab1, lab2, expected in pairs:
        assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)  # type: ignore[arg-type]
        assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)  # type: ignore[arg-type]


def test_the_256_colour_reduction_is_richs_and_keeps_cube_colours():
    assert in_256("#ffd700") == (255, 215, 0)  # a cube step stays itself
    assert in_256("#c6c6c6") == (188, 188, 188)  # greys go to the grey ramp
    assert in_256("#d32f2f") == (215, 0, 0)


GROUP_PAIRS = [
    (group, a, b, sa.colour, sb.colour)
    for group, members in palette.MUST_DIFFER.items()
    for (a, sa), (b, sb) in itertools.combinations(members.items(), 2)
]


@pytest.mark.parametrize(
    ("group", "a", "b", "ca", "cb"), GROUP_PAIRS, ids=[f"{g}:{a}-{b}" for g, a, b, *_ in GROUP_PAIRS]
)
def test_colours_a_player_must_tell_apart_differ_by_20_in_truecolor_and_256(group, a, b, ca, cb):
    assert delta_e(ca, cb) >= 20, f"{group}: {a} {ca} and {b} {cb} look alike"
    assert delta_e(in_256(ca), in_256(cb)) >= 20, f"{group}: {a} and {b} look alike in 256 colours"


@pytest.mark.parametrize("name", sorted(palette.ALL_SWATCHES))
def test_ink_on_every_cell_has_a_contrast_of_at_least_4_5(name):
    swatch = palette.ALL_SWATCHES[name]
    assert contrast_ratio(hex_rgb(swatch.ink), hex_rgb(swatch.colour)) >= 4.5
    assert contrast_ratio(in_256(swatch.ink), in_256(swatch.colour)) >= 4.5


def screen_background() -> str:
    from textual.app import App

    return App().get_css_variables()["background"]


def dimmed(colour: str, background: str) -> str:
    """`colour` under a modal's veil: Textual's ModalScreen lays `$background NN%` over the screen below."""
    from textual.screen import ModalScreen

    veil = int(re.search(r"background: \$background (\d+)%", ModalScreen.DEFAULT_CSS).group(1)) / 100
    mixed = (round(c * (1 - veil) + b * veil) for c, b in zip(hex_rgb(colour), hex_rgb(background), strict=True))
    return "#{:02x}{:02x}{:02x}".format(*mixed)


def test_the_key_zones_stay_apart_under_the_pause_menus_dimming():
    """The pause menu dims the board: zones 2 and 4 both became the same grey in 256 colours."""
    bg = screen_background()
    for (a, za), (b, zb) in itertools.combinations(palette.ZONES.items(), 2):
        da, db = dimmed(za.colour, bg), dimmed(zb.colour, bg)
        assert delta_e(da, db) >= 15, f"zones {a} and {b} look alike under the pause"
        assert delta_e(in_256(da), in_256(db)) >= 15, f"zones {a} and {b} look alike under the pause in 256 colours"


@pytest.mark.parametrize("ingredient", sorted(palette.INGREDIENTS))
def test_every_die_stands_out_from_the_screens_background(ingredient):
    """The tea die (colour 236 on 233) had almost no outline."""
    bg = screen_background()
    colour = palette.INGREDIENTS[ingredient].colour
    assert delta_e(colour, bg) >= 20 and delta_e(in_256(colour), in_256(bg)) >= 20


def test_the_known_false_groups_are_gone():
    """Lemon and ginger were one orange, berries and lavender one pink (Textual's ANSI theme)."""
    f = palette.FLAVOURS
    assert delta_e(f["lemon"].colour, f["ginger"].colour) >= 20
    assert delta_e(f["berries"].colour, f["lavender"].colour) >= 20
    assert delta_e(palette.INGREDIENTS["tea"].colour, palette.INGREDIENTS["milk"].colour) >= 20


# -- the drawings use the palette -------------------------------------------------------------------
def chai_view() -> ChaiView:
    config = CHAI.validate(GameConfig(seats=(SeatConfig("Asha"), SeatConfig("Bina"))))
    return Session(CHAI, config, 5).state.view(0)


def drawings() -> dict[str, Text]:
    """One of every kind of coloured drawing the three game screens make."""
    out: dict[str, Text] = {}
    for letter in D.COLOURS:
        out[f"dw card {letter}"] = DWR.card_line(f"{letter}01", tickets=1)
    out["dw chai tiles"] = Text(" ").join([DWR.chai_text("+Y"), DWR.chai_text("jump")])
    view = chai_view()
    out["chai market"] = CP.market_text(view, (0, 0))
    out["chai additives"] = CP.additives_text(view)
    cw = cw_session(8, bots="normal")
    cw_view = cw.state.view(None)
    labels = [CWR.SeatLabel({"spice": "w"}, f"zone {z}", "", z) for z in palette.ZONES] + [CWR.SeatLabel()] * 4
    out["cw seats"] = CWR.seats_text(cw_view, labels, 120, True)
    out["cw orders"] = CWR.order_cards(cw_view, 120)
    return out


def colours_drawn(text: Text) -> list[tuple[str, ColorType]]:
    console = Console(color_system="truecolor", width=200, file=io.StringIO())
    found = []
    for segment in text.render(console):
        style = segment.style
        if style is None:
            continue
        for colour in (style.color, style.bgcolor):
            if colour is not None and colour.type is not ColorType.DEFAULT:
                found.append((colour.name, colour.type))
    return found


def test_every_game_drawing_uses_hex_colours_never_ansi_names():
    seen = 0
    for name, text in drawings().items():
        for colour, kind in colours_drawn(text):
            seen += 1
            assert kind is ColorType.TRUECOLOR, f"{name} draws the ANSI colour {colour!r}"
    assert seen > 20


def test_a_human_seat_is_drawn_in_its_zone_colour():
    cw = cw_session(4)
    view = cw.state.view(None)
    row = CWR.seat_row(view, 0, CWR.SeatLabel({"tea": "a"}, "z2", "", 2), 80)
    name_style = row.get_style_at_offset(Console(), 0)
    assert name_style.bgcolor is not None and name_style.bgcolor.name == palette.ZONES[2].colour


# -- without colour the letters carry the meaning -----------------------------------------------------
def plain_under(text: Text, color_system: str | None) -> str:
    out = io.StringIO()
    console = Console(file=out, color_system=color_system, no_color=color_system is None, width=200, record=True)
    console.print(text, end="")
    return console.export_text(styles=False)


@pytest.mark.parametrize("color_system", [None, "standard"], ids=["NO_COLOR", "16 colours"])
def test_without_colour_every_mark_still_reads(color_system):
    # Dabba Walla: each colour's card code and vehicle cell start with its own letter
    codes = {plain_under(DWR.card_line(f"{c}01"), color_system)[0] for c in D.COLOURS}
    assert codes == set(D.COLOURS)
    # Chai: every flavour, additive and tea has its own two letters, and the market shows them
    glyphs = [*CG.FLAVOUR_GLYPH.values(), *CG.ADDITIVE_GLYPH.values(), *CG.TEA_GLYPH.values()]
    assert len(set(glyphs)) == len(FLAVOURS) + len(ADDITIVES) + len(TEAS)
    market = plain_under(CP.market_text(chai_view(), None), color_system)
    assert sum(market.count(g) for g in CG.FLAVOUR_GLYPH.values()) >= 16
    # Chai Wallah: each die is its ingredient's letter and value; an offered die is in brackets
    view = cw_session(4).state.view(None)
    dice = view.seats[0].dice
    letters = {plain_under(CWR.die_text(d), color_system)[0] for d in dice}
    assert letters == {"T", "S", "U", "M"}
    offered = replace(dice[0], state="offered")
    assert plain_under(CWR.die_text(offered), color_system).startswith("[")


def test_a_die_is_coloured_on_its_face_only_not_on_the_padding_after_it():
    die = DieView("milk", "held", 4, None)
    cell = CWR.pad(CWR.die_text(die), CWR.DIE_WIDTH)
    console = Console(color_system="truecolor", width=40, file=io.StringIO())
    assert cell.get_style_at_offset(console, 0).bgcolor.name == palette.INGREDIENTS["milk"].colour
    assert cell.get_style_at_offset(console, CWR.DIE_WIDTH - 1).bgcolor is None


def test_a_refusal_never_pushes_the_lock_countdown_off_a_seat_row():
    """At 80x24 a long refusal used to cut the countdown: 'too late: Asha t'."""
    view = cw_session(8, bots="normal").state.view(None)
    view = replace(view, seats=(replace(view.seats[0], locked_for=2.5), *view.seats[1:]))
    flash = "too late: Asha took that order a moment ago"
    row = CWR.seat_row(view, 0, CWR.SeatLabel({"tea": "a"}, "z1", flash, 1), 80).plain
    assert "LOCKED 2.5 s" in row
    assert row.rstrip().endswith("...") or row.rstrip().endswith(flash)
    shown = row.split("!", 1)[1].removesuffix("...").split()
    assert all(word in flash.split() for word in shown), "no word is cut in half"
