"""Chai Wallah's moments seen from across the room: an offered die, a locked seat, a claim and a win.

The big layout (120x40 and wider) draws an offered die in brackets as tall as its face and a locked
seat's header on red with LOCKED and its seconds under it; a seat's notes stand under its own
header. While a claim freezes the market the taken order stays on the table with the claimer's
dice on it, and CHAI! (WINS! for the winning claim) stands beside the orders in big letters."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.console import Console

from chaigames.chai_wallah.driver import play_headless
from chaigames.chai_wallah.orders import INGREDIENTS, LETTERS
from screens.chai_wallah import big, render
from tests.pilot import screen_text

from .test_snapshots import cw_config, frozen_by_a_claim, resumed


def test_an_offered_big_die_stands_in_brackets_as_tall_as_its_face():
    """The offer was two thin brackets on the middle row only."""
    die = render.DieView("spice", "offered", 6, None)
    rows = [line.plain for line in big.die_slot(die, "w")]
    assert [(row[0], row[6]) for row in rows] == [("┏", "┓"), ("┃", "┃"), ("┗", "┛")]
    held = [line.plain for line in big.die_slot(replace(die, state="held"), "w")]
    assert all(row[0] == " " and row[6] == " " for row in held)


def test_a_locked_seat_says_so_on_red_under_its_own_header():
    """Notes stood on the block's last line, just over the next seat's header."""
    view = frozen_by_a_claim().state.table_view()
    locked = view.seats[2].locked_for
    assert locked is not None
    label = render.SeatLabel({"tea": "j"}, "zone 3", "frozen", 3)
    lines = big.big_seat(view, 2, label, 28).split("\n")
    assert len(lines) == big.BLOCK_ROWS
    assert lines[1].plain.startswith(f"  LOCKED {locked:.1f} s ") and "! frozen" in lines[1].plain
    head = lines[0].get_style_at_offset(Console(), 1)
    assert head.bgcolor is not None and head.bgcolor.name == big.LOCKED_STYLE.bgcolor.name
    assert lines[-1].plain.strip() == "" or "LOCKED" not in lines[-1].plain
    claimer = big.big_seat(view, 7, render.SeatLabel(None, "bot easy"), 28).split("\n")
    assert claimer[1].plain.strip() == "CHAI!"


def test_a_seats_notes_never_run_into_its_chai_key_at_80_columns():
    """ "Ent=Chai!forming": the notes stood right against zone 4's claim key."""
    view = frozen_by_a_claim().state.table_view()
    view = replace(view, seats=(*view.seats[:3], replace(view.seats[3], forming=True), *view.seats[4:]))
    row = render.seat_row(view, 3, render.SeatLabel({"chai": "enter"}, "z4", "", 4), 78).plain
    assert "Ent=Chai! forming" in row


async def test_a_claim_keeps_the_taken_order_on_the_table_with_the_claimers_dice(tmp_path: Path):
    """The taken card was replaced at once: during the freeze only the feed said what was taken."""
    session = frozen_by_a_claim()
    order = session.state.freeze_taken
    app, before = resumed(session, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await before(pilot)
        text = screen_text(app)
    assert "CHAI! Priya" in text and "Priya: 1 of 3" in text
    assert big.big_word("CHAI!")[2] in text  # CHAI! in big letters beside the orders
    assert all(f"={v}" in text for v in order)


def test_a_claim_at_80_columns_shows_the_claimers_dice_on_the_taken_order():
    session = frozen_by_a_claim()
    view = session.state.table_view()
    taken = render.taken_order(view, [line.event for line in session.log])
    assert taken is not None and taken.order == session.state.freeze_taken and taken.seat == 7
    cards = render.order_cards(view, 78, taken).plain
    dice = dict(zip(INGREDIENTS, session.state.seats[7].values, strict=True))
    cells = [f"{LETTERS[ing]}{dice[ing]}={v}" for ing, v in zip(INGREDIENTS, taken.order, strict=True)]
    assert "CHAI! Priya" in cards and all(cell in cards for cell in cells), (cells, cards)
    assert "1" in [c[1] for c in cells]  # a wild one stood for the order's value


def test_the_winning_claim_says_wins_in_big_letters():
    session = play_headless(cw_config(), 1, 5000)
    view = session.state.table_view()
    assert view.winner is not None
    taken = render.taken_order(view, [line.event for line in session.log])
    assert taken is not None and taken.seat == view.winner
    drawn = big.big_orders(view, 118, taken).plain
    assert big.big_word("WINS!")[2] in drawn and view.seats[view.winner].name in drawn
    assert render.order_cards(view, 78, taken).plain.count("WINS!") == 1
    assert render.taken_order(replace(view, winner=None), [line.event for line in session.log]) is None


def test_the_dice_grow_where_the_screen_has_room():
    """At 160x50 the dice stayed small while ten rows stood blank: with up to four seats they are
    drawn larger there, and at 120x40 (or with 8 seats) they keep their size."""
    fixed = 5  # title, status, two help lines, footer
    assert big.dice_size(4, 160, 50, fixed) == big.LARGE_DICE
    assert big.dice_size(4, 120, 40, fixed) == big.DICE
    assert big.dice_size(8, 160, 50, fixed) == big.DICE
    assert big.dice_size(8, 80, 24, fixed) is None
    view = frozen_by_a_claim().state.table_view()
    size = big.LARGE_DICE
    lines = big.big_seat(view, 1, render.SeatLabel({"tea": "f"}, "zone 2", "", 2), 38, size).split("\n")
    assert len(lines) == size.block_rows and all(line.cell_len == 38 for line in lines)
    offered = [line.plain for line in big.die_slot(render.DieView("tea", "offered", 5, None), None, "", size)]
    assert [row[0] for row in offered] == ["┏", "┃", "┃", "┃", "┗"] and len(offered[0]) == size.slot
    assert offered[2][1:8] == "   ●   "  # the five's middle pip, inside a margin of the die's colour
