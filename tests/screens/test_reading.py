"""'Reading the screen': every code and glyph the game screens draw is explained in the game's rules
and on `?`, in players' words (no spec ids)."""

from __future__ import annotations

import re

import pytest

from chaigames.chai import SPEC as CHAI
from chaigames.chai.data import ADDITIVES, FLAVOURS, TEAS
from chaigames.chai_wallah import SPEC as CHAI_WALLAH
from chaigames.dabba_walla import SPEC as DABBA_WALLA
from chaigames.engine import GameConfig, SeatConfig
from screens.chai.glyphs import ADDITIVE_GLYPH, FLAVOUR_GLYPH, TEA_GLYPH
from screens.dabba_walla import DabbaWallaScreen
from screens.keys import KeysScreen, reading_the_screen
from tests.pilot import screen_text, wait_for

MARKS = {
    "dabba-walla": (
        DABBA_WALLA,
        ["Y07 I3 R+2", "2t", "+1t", "`A`", "`P`", "`*`", "`@`", "`^ > v <`", "`E1`", "`Y2`", "level", "`v`", "`x`"],
    ),
    "chai": (
        CHAI,
        [
            "`tk`",
            "`rs`",
            "`sv`",
            "`-3`",
            "`+serve`",
            "`$1`",
            "`*`",
            "`>`",
            "`Gr3`",
            "`Le3/Su`",
            "[ ? ]",
            "`...`",
            "`..`",
        ],
    ),
    "chai-wallah": (
        CHAI_WALLAH,
        [
            "`[S?]`",
            "`[T5]`",
            "`T5*7`",
            "`LOCKED",
            "`z1`",
            "`CHAI!`",
            "`q=Chai!`",
            "`Ent`",
            "`┃ ┃`",
            "`S1=5`",
            "`WINS!`",
        ],
    ),
}


@pytest.mark.parametrize("game", sorted(MARKS))
def test_every_mark_on_the_screen_is_explained_in_the_rules(game):
    spec, marks = MARKS[game]
    section = reading_the_screen(spec.rules_markdown)
    assert section.startswith("## Reading the screen")
    missing = [m for m in marks if m not in section]
    assert not missing, f"{game}: not explained: {missing}"
    assert not re.search(r"\b(CW|CH|DW)-\d", section), "spec ids are for us, not for players"


def test_every_chai_two_letter_code_is_spelled_out():
    section = reading_the_screen(CHAI.rules_markdown)
    for name, glyph in [*FLAVOUR_GLYPH.items(), *ADDITIVE_GLYPH.items(), *TEA_GLYPH.items()]:
        assert f"{glyph} {name}" in section, f"{glyph} is not explained"
    assert len(FLAVOUR_GLYPH) + len(ADDITIVE_GLYPH) + len(TEA_GLYPH) == len(FLAVOURS) + len(ADDITIVES) + len(TEAS)


def test_the_section_ends_at_the_next_heading():
    text = "# G\n\n## Reading the screen\n- a mark\n\n## Later\nmore"
    assert reading_the_screen(text) == "## Reading the screen\n- a mark"
    assert reading_the_screen("# G\n\nnothing here") == ""


async def test_question_mark_in_a_game_shows_the_keys_and_how_to_read_the_screen(make_app):
    seats = (SeatConfig("Asha"), SeatConfig("Ravi", bot="easy"))
    app = make_app(games=[DABBA_WALLA], new_game=("dabba-walla", GameConfig(seats=seats, start_player=0), 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DabbaWallaScreen), "the game")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen), "the keys")
        await wait_for(pilot, lambda: "Reading the screen" in screen_text(app), "the reading section")
        for _ in range(40):
            await pilot.press("pagedown")
        await wait_for(pilot, lambda: "LEVEL VIEW" in screen_text(app), "the section scrolled into view")
