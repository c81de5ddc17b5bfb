"""Pilot tests of the Dabba Walla screen: whole games by key presses, placement mode,
chai completions, the delivery reveal, the level view, hot-seat curtains; rendered text at 80x24
and 120x40."""

from __future__ import annotations

import re

from chaigames.dabba_walla import SPEC
from chaigames.dabba_walla.actions import Place
from chaigames.dabba_walla.state import MOVE
from chaigames.engine import Event
from screens.curtain import CurtainScreen
from screens.dabba_walla import DabbaWallaScreen, placing
from screens.results import ResultsScreen
from tests.pilot import settled_keys

from ..test_clipping import played
from .helpers import (
    LARGE,
    SMALL,
    dw_app,
    dw_app_resuming,
    dw_config,
    dw_screen,
    play_one_step,
    screen_text,
    until_my_move,
    wait_for,
)


def flat(text: str) -> str:
    """Screen text with wrapped lines joined again (a long prompt wraps on 80 columns)."""
    return " ".join(line.strip() for line in text.splitlines())


async def both_sizes(pilot, drawn: str, *, small: str = "", large: str = "") -> tuple[str, str]:
    """The screen as text at 80x24, then at 120x40 (and back to 80x24), each once `drawn` shows, and
    at each size what that size must show (`small`, `large`: patterns) once it does (the footer's keys
    and a panel's lines follow the board a round later on a loaded machine)."""

    async def shown(pattern: str) -> str:
        await wait_for(
            pilot,
            lambda: drawn in screen_text(pilot.app) and re.search(pattern, screen_text(pilot.app)),
            f"{drawn!r} and {pattern!r} on screen",
        )
        return screen_text(pilot.app)

    small_text = await shown(small)
    await pilot.resize_terminal(*LARGE)
    large_text = await shown(large)
    await pilot.resize_terminal(*SMALL)
    await shown("")
    return small_text, large_text


async def test_a_game_by_keys_from_the_deal_walks_places_and_completes_a_chai_at_both_sizes():
    """Seed 11 on the crate: Asha (hurrying: Enter on every default, tab to a chai when one is there)
    completes a chai early in the pick-up (seed 1 did until the easy bot stopped walking the long way
    round). The rest of the game by keys: the next test, from the same game's delivery."""
    app = dw_app(seed=11)
    seen: dict[str, tuple[str, str]] = {}
    chai_news = []
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(400):
            await until_my_move(pilot)
            if app.controller.finished or ({"walk", "place"} <= seen.keys() and chai_news):
                break
            screen = dw_screen(app)
            mode = screen.mode()
            if mode == "walk" and "walk" not in seen:
                seen["walk"] = await both_sizes(pilot, "First turn: start on space 1, free")
            if mode == "place" and "place" not in seen:
                seen["place"] = await both_sizes(pilot, "Mirror")
            played = await play_one_step(pilot)
            if played == "chai":
                await pilot.pause()
                chai_news.append(screen_text(app))

    small, large = seen["walk"]
    for text in (small, large):
        assert "First turn: start on space 1, free" in text
        assert "Your hand" in text and "Tickets 6" in text and "Asha (you): level 1 " in text
        assert "Bot: 6t, off board" in text
    assert "1 " in small.splitlines()[2] and "6 " in small.splitlines()[4]  # the ring, always on screen
    assert small.count("┌") >= 1 and large.count("┌────") >= 7  # roomy: six card boxes and the vehicles

    small, large = seen["place"]
    for text in (small, large):
        assert "on level 1: legal" in text and "legal spots: tab" in text
        assert "Rotate" in text and "Mirror" in text
    assert "on 0" in large  # tall cells: the height under the ghost

    assert chai_news  # the seed was chosen for it
    assert all("You completed a chai! Your chai tile:" in text for text in chai_news)


async def test_a_game_by_keys_from_its_delivery_reveals_each_round_and_reaches_the_results_at_both_sizes():
    """The same game as above with its pick-up played by easy bots, resumed at the delivery: Asha
    (hurrying) delivers by keys round after round to the results."""
    session = played(SPEC, dw_config(), 11, lambda s: s.state.phase == "delivery")
    assert not session.over and session.state.phase == "delivery"
    app, save_id = dw_app_resuming(session)
    seen: dict[str, tuple[str, str]] = {}
    async with app.run_test(size=SMALL) as pilot:
        app.resume_game(save_id)
        for _ in range(400):
            await until_my_move(pilot)
            if app.controller.finished:
                break
            screen = dw_screen(app)
            assert screen.mode() != "walk"  # the pick-up is over
            if screen.mode() == "deliver" and screen.view.last_round and "reveal" not in seen:
                # 80x24: every player on as few lines as it takes; 120x40: the breakdown per player
                seen["reveal"] = await both_sizes(
                    pilot, "sum ", small=r"Level \d+: Asha ", large=r"Reveal, level(.|\n)*tips \("
                )
            await play_one_step(pilot)
        await wait_for(
            pilot, lambda: isinstance(app.screen, ResultsScreen) and "Total" in screen_text(app), "the results drawn"
        )
        seen["results"] = await both_sizes(pilot, "Total")

    small, large = seen["reveal"]
    assert "Reveal, level" in large and "tips (" in large  # the breakdown per player
    assert re.search(r"Level \d+: Asha ", small)  # 80x24: every player on as few lines as it takes
    for text in (small, large):
        assert "sum " in text and "Level" in text

    small, large = seen["results"]
    for text in (small, large):
        assert "Dabba Walla: final scores" in text and "tickets" in text and "Total" in text
    assert app.controller.session.over


async def placing_the_first_card(pilot) -> tuple[DabbaWallaScreen, str]:
    """Asha starts on space 1 and plays her first card: the screen in placement mode, and the card."""
    await until_my_move(pilot)
    await pilot.press("enter", "enter")
    screen = dw_screen(pilot.app)
    assert screen.mode() == "place"
    card = screen.pending_card()
    assert card is not None
    return screen, card


async def test_placement_mode_ghost_rotate_mirror_tab_and_illegal_reason():
    app = dw_app(seed=3)
    async with app.run_test(size=SMALL) as pilot:
        screen, _ = await placing_the_first_card(pilot)
        legal = {(a.orientation, a.row, a.col) for a in screen.legal() if isinstance(a, Place)}
        visited = set()
        for _ in range(len(legal)):
            s = screen.ghost_spot()
            assert s.legal
            visited.add((s.orientation, s.row, s.col))
            await pilot.press("tab")
        assert visited == legal  # tab goes through the legal placements only, each once

        t = screen.transform
        await pilot.press("r")
        assert screen.transform == placing.rotate(t)
        await pilot.press("f")
        assert screen.transform == placing.mirror(placing.rotate(t))
        await pilot.press("f", "r", "r", "r")
        assert screen.transform == t

        # an empty dabba in the corner (1,1) makes the floor uneven: a ghost over it is illegal
        await pilot.press("e")
        assert screen.mode() == "empty" and screen.square == (0, 0)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.mode() == "place", "back to placing")
        assert screen.ghost_spot().legal  # the ghost moved back to a legal spot
        found = False
        for _ in range(4):
            await pilot.press("up", "up", "left", "left", "left")
            if not screen.ghost_spot().legal:
                found = True
                break
            await pilot.press("r")
        assert found
        text = flat(screen_text(app))
        assert "not here, " in text and "the tile needs level" in text
        before = app.controller.state.to_json()
        await pilot.press("enter")
        assert app.controller.state.to_json() == before  # refused, nothing changed
        assert "Not here: " in flat(screen_text(app))
        await pilot.press("tab")
        assert screen.ghost_spot().legal and "legal" in screen_text(app)


async def test_the_vehicle_column_keeps_its_width_when_the_first_tile_is_loaded():
    """The empty vehicle's grid says it is empty; its caption says only the level, as it does once
    loaded, so the column beside the hand keeps its width and the hand and notes do not move."""
    app = dw_app(seed=3, vehicle="trailer")
    async with app.run_test(size=SMALL) as pilot:
        screen, _ = await placing_the_first_card(pilot)
        column = screen.query_one("#dw-left")
        empty = column.size.width
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Tile loaded" in screen_text(app), "the first tile loaded")
        assert app.controller.state.top_level(0) == 1
        assert column.size.width == empty


async def test_r_turns_the_ghost_about_its_half_chai_square_and_e_keeps_its_square():
    """The ghost stays put when turned (it turned about its top-left corner and drifted), and the
    empty dabba cursor stays where the player last added one (it jumped to the lowest square)."""
    app = dw_app(seed=3, vehicle="wheelbarrow")
    async with app.run_test(size=SMALL) as pilot:
        screen, card = await placing_the_first_card(pilot)
        kept = 0
        for _ in range(8):
            half = screen.ghost_spot().half_square
            t = screen.transform
            await pilot.press("f" if t == 3 else "r")
            ori = screen._orientation()
            r, c = placing.half_cell(card, ori)
            row, col = divmod(half, app.controller.view.cols)
            if placing.clamp(app.controller.view, card, ori, row - r, col - c) == (row - r, col - c):
                assert screen.ghost_spot().half_square == half  # not pushed back onto the grid: it stayed
                kept += 1
        assert kept >= 4
        await pilot.press("e")
        assert screen.mode() == "empty"
        lowest = screen.square
        await pilot.press("right")
        chosen = screen.square
        assert chosen != lowest
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.mode() == "place", "back to placing")
        await pilot.press("e")
        assert screen.square == chosen


def on_space_1_for_a_second_turn():
    """An app resuming a saved game at Asha's second turn, on space 1 with her six tickets (the first
    turns played by easy bots), and the id of its save."""

    def walking_from_space_1(s) -> bool:
        view = s.state.view(0)
        return s.action_count > 0 and tuple(s.state.actors()) == (0,) and view.step == MOVE

    session = played(SPEC, dw_config(), 5, walking_from_space_1)
    me = session.state.view(0).players[0]
    assert me.position == 0 and me.tickets == 6
    return dw_app_resuming(session)


async def test_walking_shows_the_ticket_cost_and_the_other_way():
    app, save_id = on_space_1_for_a_second_turn()
    async with app.run_test(size=SMALL) as pilot:
        app.resume_game(save_id)
        await until_my_move(pilot)
        screen = dw_screen(app)
        assert screen.mode() == "walk"
        assert "free" in screen_text(app)  # one step on: free
        await pilot.press("4")  # space 4: three steps either way from space 1
        text = screen_text(app)
        assert "Walk to space 4: 3 steps clockwise, cost 2 tickets" in text
        assert "+1t" in text  # the spaces passed get a ticket each
        await pilot.press("d")
        assert "3 steps counterclockwise, cost 2 tickets" in screen_text(app)
        tickets = app.controller.view.players[0].tickets
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller.view.step == "play", "the card taken")
        assert app.controller.view.players[0].tickets >= tickets - 2
        assert app.controller.view.players[0].position == 3
        cards = len(app.controller.view.players[0].hand)  # the prompt's number keys are the hand's
        await wait_for(pilot, lambda: f"(arrows or 1-{cards})" in flat(screen_text(app)), "the play prompt")


async def test_level_view_shows_a_chosen_level_and_esc_returns():
    """From Asha's turn once her vehicle has two levels (the turns before it played by easy bots)."""
    session = played(SPEC, dw_config(), 4, lambda s: tuple(s.state.actors()) == (0,) and two_levels_to_walk(s))
    app, save_id = dw_app_resuming(session)
    async with app.run_test(size=SMALL) as pilot:
        app.resume_game(save_id)
        await until_my_move(pilot)
        screen = dw_screen(app)
        assert screen.mode() == "walk"
        top = app.controller.view.players[0].level
        assert top >= 2
        await pilot.press("v")
        assert screen.level_view == 1
        assert f"LEVEL VIEW 1/{top}" in screen_text(app)
        await wait_for(pilot, lambda: f"Level view: level 1 of {top}." in screen_text(app), "how the view works")
        assert "V down" in flat(screen_text(app))
        for _ in range(top):
            await pilot.press("v")
        assert screen.level_view is None  # round again to the view from above
        await pilot.press("v", "escape")
        assert screen.level_view is None and app.screen is screen  # Esc left the level view, no pause


def two_levels_to_walk(session) -> bool:
    view = session.state.view(0)
    return view.players[0].level >= 2 and view.step == MOVE


async def test_hot_seat_two_humans_curtain_hides_the_hand():
    app = dw_app(seed=3, humans=2)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Asha's curtain")
        await pilot.press("enter")
        await until_my_move(pilot, 0)
        assert "Asha (you)" in screen_text(app)
        for _ in range(3):
            await until_my_move(pilot, 0)
            await play_one_step(pilot)
        screen = dw_screen(app)
        await until_my_move(pilot, 0)
        tile = Event("chai_tile", "You draw the chai tile: veto", seats=(0,), data={"seat": 0, "kind": "veto"})
        screen.game_changed([tile])  # as if Asha had just completed a chai
        await pilot.pause()
        assert "Your chai tile: veto" in screen_text(app)
        await pilot.press("enter")  # end the turn
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Bela's curtain")
        game = app.screen_stack[-2]
        assert app.controller.viewer is None
        assert "hands are hidden" in str(game.query_one("#dw-hand").render())
        await pilot.press("enter")
        await until_my_move(pilot, 1)
        text = screen_text(app)
        assert "Bela (you)" in text and "Your hand" in text and "Asha:" in text
        assert "veto" not in text  # Asha's chai tile is hers alone


def give_chai(app, seat: int, *kinds: str) -> None:
    """Test set-up only: hand a seat some chai tiles from the supply (as if it had completed chais);
    the game goes on from that position, rebuilt by from_json."""
    from tests.dabba_walla import dw_helpers

    session = app.controller.session
    session.state = dw_helpers.give_chai(session.state, seat, *kinds)
    dw_screen(app).refresh_game()


async def test_light_blue_chai_tiles_jump_swap_and_bonus_dabba_by_keys():
    app, save_id = on_space_1_for_a_second_turn()
    async with app.run_test(size=SMALL) as pilot:
        app.resume_game(save_id)
        await until_my_move(pilot)
        give_chai(app, 0, "jump", "swap", "bonus")
        screen = dw_screen(app)
        assert "jump" in screen_text(app) and "bonus" in screen_text(app)
        await pilot.press("j", "5")
        assert "Jump to space 5 with your jump chai tile, free" in flat(screen_text(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.mode() == "play", "the card taken")
        view = app.controller.view
        assert view.players[0].position == 4 and "jump" not in view.players[0].chai

        hand = view.players[0].hand
        await pilot.press("s")  # swap the first hand card for the card on space 1
        assert screen.mode() == "swap"
        other = view.spaces[0].card
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.mode() == "play", "the swap done")
        view = app.controller.view
        assert other in view.players[0].hand and view.spaces[0].card == hand[0]

        await pilot.press("enter")  # play a card, then a bonus dabba before placing it
        await wait_for(pilot, lambda: screen.mode() == "place", "placing")
        await pilot.press("b")
        assert screen.mode() == "bonus"
        colour = screen.bonus_colour
        await pilot.press("c")
        assert screen.bonus_colour != colour
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.mode() == "place", "back to placing")
        view = app.controller.view
        assert view.players[0].chai == () and any(
            layer.piece.startswith("b") for stack in view.players[0].stacks for layer in stack
        )


def saved_at_delivery(seed: int = 5, second: str | None = "easy") -> str:
    """A crate game whose pick-up phase the bots played for both seats, saved at the first delivery
    round; the second seat an easy bot, or Bot the person (`second=None`: hot seat)."""
    from chaigames.dabba_walla import SPEC
    from chaigames.engine import GameConfig, SeatConfig, Session
    from chaigames.saves import SaveStore

    config = GameConfig(
        seats=(SeatConfig("Asha"), SeatConfig("Bot", bot=second)), options={"vehicle": "crate"}, start_player=0
    )
    session = Session(SPEC, SPEC.validate(config), seed)
    bots = [SPEC.make_bot("easy", seed + seat, seat) for seat in (0, 1)]
    while session.state.phase != "delivery":
        seat = session.state.actors()[0]
        state = session.state
        session.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), 0))
    store = SaveStore()
    save_id = store.new_id(SPEC.id)
    store.save(session, save_id)
    return save_id


async def test_delivery_play_later_then_the_reveal_with_breakdown():
    from screens.app import ChaiGamesApp

    save_id = saved_at_delivery()
    app = settled_keys(
        ChaiGamesApp(registry=True, bot_delay=0, countdown=0, key_guard=0, win_hold=0, confirm_moves=False)
    )
    async with app.run_test(size=SMALL) as pilot:
        app.resume_game(save_id)
        await until_my_move(pilot)
        screen = dw_screen(app)
        assert screen.mode() == "deliver"
        # the bot chooses at the same time: its choice must be in before the test edits the position
        await wait_for(pilot, lambda: app.controller.view.players[1].committed, "the bot's secret choice")
        give_chai(app, 0, "later", "+R")
        await pilot.press("space")  # the play-later tile goes on the secret choice
        await wait_for(pilot, lambda: "[x] later" in screen_text(app), "the play-later tile ticked")
        card = app.controller.view.players[0].hand[0]
        await pilot.press("enter")
        await until_my_move(pilot)
        assert app.controller.view.step == "later"
        # the bot's choice is already face up
        shown = ("Play later: change your card", "Revealed so far", "Bot: ", " shows ")
        await wait_for(pilot, lambda: all(part in flat(screen_text(app)) for part in shown), "the play-later step")
        await pilot.press("right", "space", "enter")  # another card, and the +1 red tile after all
        await until_my_move(pilot)
        lr = app.controller.view.last_round
        assert lr.later[0] and lr.choices[0][0] != card and lr.choices[0][1] == ("+R",)
        compact = re.compile(r"Level \d+: Asha .*\+R later [+-]\d")  # 80x24: the compact reveal
        await wait_for(pilot, lambda: compact.search(flat(screen_text(app))), "the compact reveal")


async def test_delivery_secret_chai_tiles_and_a_veto_crossing_out_the_minus_tile():
    from screens.app import ChaiGamesApp

    save_id = saved_at_delivery()
    app = settled_keys(
        ChaiGamesApp(registry=True, bot_delay=0, countdown=0, key_guard=0, win_hold=0, confirm_moves=False)
    )
    async with app.run_test(size=SMALL) as pilot:
        app.resume_game(save_id)
        await until_my_move(pilot)
        # the bot chooses at the same time: its choice must be in before the test edits the position
        await wait_for(pilot, lambda: app.controller.view.players[1].committed, "the bot's secret choice")
        give_chai(app, 0, "-R", "veto")
        await pilot.press("space", "down", "space")  # both tiles onto the secret choice
        await wait_for(pilot, lambda: "[x] -R" in screen_text(app) and "[x] veto" in screen_text(app), "both ticked")
        assert app.controller.view.players[1].choice is None  # the bot's choice stays hidden
        await pilot.press("enter")
        await until_my_move(pilot)

        def revealed() -> bool:
            text = flat(screen_text(app))
            return "~-R~ vetoed" in text and re.search(r"Level \d+: Asha ", text) is not None

        await wait_for(pilot, revealed, "the reveal with the minus tile vetoed")
        lr = app.controller.view.last_round
        assert lr.choices[0][1] == ("-R", "veto") and lr.tracks.veto


async def test_chai_tiles_go_on_and_off_a_secret_choice_without_a_question_and_the_choice_asks_once():
    """In hot seat without take-backs only the choice itself cannot be taken back: a chai tile put on
    it and taken off again asked "cannot be taken back" both ways."""
    from screens.app import ChaiGamesApp
    from screens.confirm import ConfirmScreen
    from screens.curtain import CurtainScreen

    save_id = saved_at_delivery(second=None)
    app = settled_keys(
        ChaiGamesApp(registry=True, bot_delay=0, countdown=0, key_guard=0, win_hold=0, confirm_moves=True)
    )
    async with app.run_test(size=SMALL) as pilot:
        app.resume_game(save_id)
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen), "Asha's curtain")
        await pilot.press("enter")
        await until_my_move(pilot)
        give_chai(app, 0, "-R")
        await pilot.press("space")
        await wait_for(pilot, lambda: "[x] -R" in screen_text(app), "the tile on the choice")
        assert not isinstance(app.screen, ConfirmScreen)
        await pilot.press("space")
        await wait_for(pilot, lambda: "[ ] -R" in screen_text(app), "the tile off again")
        assert not isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question for the choice")
