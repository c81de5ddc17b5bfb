"""Chai screen flaws fixed on the way: footers name only the digits
that choose something, a wrong digit says why, a tea without tokens is never shown as servable and
Enter gives the core's reason, the full log writes customers as the board does."""

from __future__ import annotations

import re

from chaigames.chai import SPEC
from chaigames.chai.data import CUSTOMERS, FLAVOURS
from screens.chai.glyphs import card_glyph
from screens.pause import LogScreen
from tests.pilot import screen_text, wait_for

from .test_chai_screen import SMALL, asha_to_move, footer, redraw, vs_bot


async def test_the_customer_discard_footer_names_1_to_4_and_a_wrong_digit_says_why(make_app):
    app = make_app(games=[SPEC], new_game=vs_bot())
    async with app.run_test(size=SMALL) as pilot:
        await asha_to_move(pilot)
        state = app.controller.state
        state.reserved[0] += [state.cust_deck.pop(), state.cust_deck.pop()]
        redraw(app)
        await pilot.press("c")
        await wait_for(pilot, lambda: "Over 3 customers" in screen_text(app), "the customer discard prompt")
        assert "1-4 To pool" in footer(app) and "1-6" not in footer(app)
        await pilot.press("7")
        await wait_for(pilot, lambda: "7 is not a choice here: 1 to 4" in screen_text(app), "the reason")
        assert len(app.controller.state.reserved[0]) == 4


async def test_a_digit_for_a_flavour_you_do_not_hold_says_so(make_app):
    app = make_app(games=[SPEC], new_game=vs_bot())
    async with app.run_test(size=SMALL) as pilot:
        await asha_to_move(pilot)
        state = app.controller.state
        state.tiles[0] = [12, 0, 0, 0, 0, 0]
        redraw(app)
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Over 12 tiles: discard one." in screen_text(app), "the discard prompt")
        assert "1-6 Discard" in footer(app)
        held = [FLAVOURS[f] for f, n in enumerate(app.controller.state.tiles[0]) if n]
        absent = next(f for f in FLAVOURS if f not in held)
        await pilot.press(str(FLAVOURS.index(absent) + 1))
        await wait_for(pilot, lambda: f"You have no {absent} tile" in screen_text(app), "the reason")


async def test_a_tea_without_tokens_is_marked_and_enter_gives_the_cores_reason(make_app):
    app = make_app(games=[SPEC], new_game=vs_bot())
    async with app.run_test(size=SMALL) as pilot:
        await asha_to_move(pilot)
        state = app.controller.state
        cid = state.pool[0][0]
        tea = CUSTOMERS[cid].tea
        state.tokens[tea] = 0
        other = next(c for c, _ in state.pool if CUSTOMERS[c].tea != tea)  # servable: a fulfil step follows
        state.tiles[0] = list(CUSTOMERS[other].flavours)
        state.adds[0] = list(CUSTOMERS[other].additives)
        redraw(app)
        await wait_for(pilot, lambda: f"{card_glyph(cid)}" in screen_text(app), "the pool")
        line = next(ln for ln in screen_text(app).splitlines() if card_glyph(cid) in ln)
        assert "no tokens" in line and "+serve" not in line
        await pilot.press("enter")  # buy at the market: the main action, then the fulfil step
        await wait_for(pilot, lambda: "p Pass" in footer(app), "the fulfil step")
        app.screen.ccursor = 0  # the fulfil step puts the cursor on the customers: the first pool card
        await pilot.press("enter")
        reason = f"No {tea} tea tokens are left"
        await wait_for(pilot, lambda: reason in screen_text(app), "the core's reason")


async def test_the_full_log_writes_customers_as_the_board_does(make_app):
    app = make_app(games=[SPEC], new_game=vs_bot())
    async with app.run_test(size=SMALL) as pilot:
        await asha_to_move(pilot)
        await pilot.press("tab", "enter")  # reserve the first pool customer
        await wait_for(pilot, lambda: len(app.controller.state.reserved[0]) == 2, "the reservation")
        await app.push_screen(LogScreen(app.controller))
        await wait_for(pilot, lambda: "reserves" in screen_text(app), "the log")
        text = screen_text(app)
        assert "reserves" in text
        assert not re.search(r"\b(green|black|rooibos|oolong|white)-[1-8]\b", text)


def test_the_last_turns_go_up_to_the_player_before_the_start_player():
    """The start player gets no last turn (everyone ends with as many turns), so the status names the
    seat before them."""
    from dataclasses import replace

    from screens.chai.panels import status_text
    from tests.chai.helpers import new

    view = replace(new(3).view(0), start_player=2, cup_round=5, final_turns=1)
    assert "Last turns, up to Ravi" in status_text("Asha to move", view, 80).plain
    view = replace(view, start_player=0)
    assert "Last turns, up to Meera" in status_text("Asha to move", view, 80).plain
