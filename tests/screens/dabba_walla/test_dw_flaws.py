"""Dabba Walla screen flaws fixed on the way."""

from __future__ import annotations

import re

import pytest

from chaigames.engine import Event

from ..conftest import notices
from .helpers import SMALL, dw_app, dw_screen, play_one_step, screen_text, until_my_move, wait_for


async def test_after_a_tile_goes_back_to_the_box_the_prompt_says_so_not_tile_loaded():
    app = dw_app(seed=7)
    async with app.run_test(size=SMALL) as pilot:
        await until_my_move(pilot)
        for _ in range(8):
            if dw_screen(app).mode() == "end":
                break
            await play_one_step(pilot)
            await until_my_move(pilot)
        screen = dw_screen(app)
        assert screen.mode() == "end"
        assert "Tile loaded" in screen_text(app)
        # the core's event for a tile that fits nowhere (DW-5), as the controller passes it on
        said = notices(app)
        screen.game_changed([Event("return", "Y07 fits nowhere: the tile goes back to the box", data={"seat": 0})])
        await wait_for(pilot, lambda: "went back to the box" in screen_text(app), "the box prompt")
        assert "Tile loaded" not in screen_text(app)
        assert not said, "no toast left over to cover the status"


async def test_a_completed_chai_is_told_in_the_info_panel_without_a_toast_over_the_status():
    app = dw_app(seed=7)
    async with app.run_test(size=SMALL) as pilot:
        await until_my_move(pilot)
        screen = dw_screen(app)
        said = notices(app)
        screen.game_changed([Event("chai_tile", "Asha draws a chai tile", data={"seat": 0, "kind": "jump"})])
        await wait_for(pilot, lambda: "You completed a chai!" in screen_text(app), "the chai news")
        await pilot.pause()
        assert not said


async def test_the_hand_has_as_many_cards_a_row_after_a_fresh_load_as_after_a_resize(tmp_path):
    from chaigames.dabba_walla import SPEC
    from chaigames.engine import GameConfig, SeatConfig
    from chaigames.saves import SaveStore
    from screens.app import ChaiGamesApp
    from screens.dabba_walla import DabbaWallaScreen
    from tests.screens.test_clipping import played

    seats = (SeatConfig("Asha"), SeatConfig("Ravi", "easy"), SeatConfig("Meera", "easy"))
    config = GameConfig(seats=seats, options={"vehicle": "trailer"}, start_player=0)
    session = played(SPEC, config, 5, lambda s: s.state.phase == "delivery")
    store = SaveStore(tmp_path)
    save_id = store.new_id("dabba-walla")
    store.save(session, save_id)
    app = ChaiGamesApp(store=store, bot_delay=1000, countdown=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.resume_game(save_id)
        await wait_for(pilot, lambda: isinstance(app.screen, DabbaWallaScreen), "the game")
        hand = app.screen.query_one("#dw-hand")
        await wait_for(pilot, lambda: "played pile" in str(hand.content), "the delivery hand")
        await pilot.pause()
        fresh = str(hand.content)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.resize_terminal(120, 40)
        await wait_for(pilot, lambda: str(hand.content) == fresh, "the same rows after the resize")


def test_the_compact_ring_draws_each_tile_shape_small():
    """80x24's ring has no room for the card boxes: each card shows its tile as half blocks."""
    from screens.dabba_walla.render import mini_shape

    assert [mini_shape(c).plain for c in ("Y02", "Y05", "Y04", "Y01", "Y11", "Y17")] == [
        "▀█▀",  # T4
        "▀▀▀",  # I3
        "▀█▄",  # S4
        "██",  # O4
        "█",  # D2 (two squares, one above the other)
        "▀",  # M1
    ]


def label_at(text: str, label: str) -> tuple[int, int]:
    """(line, column) of a vehicle's caption: its top-left corner stands just below."""
    return next((k, line.index(label)) for k, line in enumerate(text.splitlines()) if label in line)


@pytest.mark.parametrize("vehicle", ["trailer", "handcart", "crate", "wheelbarrow"])
async def test_the_o_page_at_80x24_shows_every_other_vehicle_whole(vehicle, tmp_path):
    """In a 4-seat delivery the `o` vehicles page shows each rival's whole vehicle, bottom border too
    (it once showed only the top row), in the room of the hand; from 100 columns at full size."""
    from chaigames.dabba_walla import SPEC
    from chaigames.engine import GameConfig
    from chaigames.saves import SaveStore
    from screens.app import ChaiGamesApp
    from screens.dabba_walla import DabbaWallaScreen
    from tests.screens.test_clipping import played, seats

    config = GameConfig(seats=seats(SPEC, 4), options={"vehicle": vehicle}, start_player=0)
    session = played(SPEC, config, 5, lambda s: s.state.phase == "delivery")
    store = SaveStore(tmp_path)
    save_id = store.new_id("dabba-walla")
    store.save(session, save_id)
    app = ChaiGamesApp(store=store, bot_delay=1000, countdown=0)
    async with app.run_test(size=SMALL) as pilot:
        app.resume_game(save_id)
        await wait_for(pilot, lambda: isinstance(app.screen, DabbaWallaScreen), "the game")
        await pilot.press("o")
        await wait_for(pilot, lambda: bool(re.search(r"Ravi (level |L)\d", screen_text(app))), "the vehicles page")
        view = app.controller.view
        for size, cell_w in ((SMALL, 3), ((100, 30), 4)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            text = screen_text(app)
            lines = text.splitlines()
            for p in view.players[1:]:
                k, col = label_at(text, f"{p.name} level" if f"{p.name} level" in text else f"{p.name} L")
                width = view.cols * (cell_w + 1) + 1
                grid = [line[col : col + width + 1] for line in lines[k + 1 : k + 2 + 2 * view.rows]]
                assert grid[-1][0] == "└" and "┘" in grid[-1], text  # the bottom border: whole
                assert max(len(g.rstrip()) for g in grid) == width, text  # squares cell_w wide
            assert "o: played piles" in text, text  # the page's own key stays on screen (once it fell off)


@pytest.mark.parametrize("vehicle", ["trailer", "handcart", "crate", "wheelbarrow"])
async def test_at_100x30_the_rivals_vehicles_are_on_the_main_screen(vehicle, tmp_path):
    """4 seats in the pick-up phase at 100x30: beside the rivals' lines, their whole vehicles (once
    only on the `o` page, with ten blank lines here); at 80x24 the room is too short for them."""
    from chaigames.dabba_walla import SPEC
    from chaigames.engine import GameConfig
    from chaigames.saves import SaveStore
    from screens.app import ChaiGamesApp
    from screens.dabba_walla import DabbaWallaScreen
    from tests.screens.test_clipping import played, seats

    config = GameConfig(seats=seats(SPEC, 4), options={"vehicle": vehicle}, start_player=0)
    session = played(SPEC, config, 3, lambda s: s.action_count >= 30)
    store = SaveStore(tmp_path)
    save_id = store.new_id("dabba-walla")
    store.save(session, save_id)
    app = ChaiGamesApp(store=store, bot_delay=1000, countdown=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.resume_game(save_id)
        await wait_for(pilot, lambda: isinstance(app.screen, DabbaWallaScreen), "the game")
        await pilot.pause()
        for size, shown in (((100, 30), True), (SMALL, False)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            text = screen_text(app)
            lines = text.splitlines()
            names = [k for k, line in enumerate(lines) if line.split() == ["Ravi", "Meera", "Kiran"]]
            assert bool(names) == shown, text
            if shown:
                below = lines[names[0] + 1 :]
                assert below[0].count("┌") >= 3, text  # three grids side by side
                assert any(line.count("└") >= 3 for line in below), text  # each whole, bottom border too
                assert dw_screen(app).others_page == 0
