"""Dabba Walla with four seats on a small screen: every rival keeps a line of their own at 80x24 in
the pick-up phase (three cards in hand on the widest vehicle), in delivery and after a reveal, where
who played what shows on the main view; the table's options stay whole at 120x40."""

from __future__ import annotations

from chaigames.dabba_walla import SPEC
from chaigames.engine import GameConfig, Session
from chaigames.saves import SaveStore
from screens.app import ChaiGamesApp
from screens.game_base import GameScreen

from ..test_clipping import played, problems, seats
from .helpers import LARGE, SMALL, screen_text, wait_for

RIVALS = ("Ravi", "Meera", "Kiran")


def four_seats(**options) -> GameConfig:
    return GameConfig(seats=seats(SPEC, 4), options={"vehicle": "handcart", **options}, start_player=0)


def three_cards(s: Session) -> bool:
    return s.action_count >= 20 and tuple(s.state.actors()) == (0,) and len(s.state.hands[0]) == 3


async def resume(pilot, store: SaveStore, session: Session) -> None:
    app = pilot.app
    save_id = store.new_id(SPEC.id)
    store.save(session, save_id)
    app.resume_game(save_id)

    def on_game() -> bool:
        if type(app.screen).__name__ in ("KeyCheckScreen", "CurtainScreen"):
            app.screen.dismiss(None)
            return False
        return isinstance(app.screen, GameScreen) and app.controller.session.record.seed == session.record.seed

    await wait_for(pilot, on_game, "the game")
    await pilot.pause()


async def test_every_rival_has_a_line_at_80x24_in_pick_up_delivery_and_after_a_reveal(tmp_path):
    pickup = played(SPEC, four_seats(module1=True), 3, three_cards)
    orders = four_seats(order_card_1=1, order_card_3=5)
    delivery = played(SPEC, orders, 5, lambda s: s.state.phase == "delivery")
    revealed = played(SPEC, orders, 5, lambda s: s.state.phase == "delivery" and s.state.round >= 2)
    store = SaveStore(tmp_path)
    app = ChaiGamesApp(store=store, bot_delay=1000, countdown=0, clock_source=lambda: 0.0, key_guard=0, win_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        for session in (pickup, delivery, revealed):
            await resume(pilot, store, session)
            lines = screen_text(app).splitlines()
            for name in RIVALS:
                assert [line for line in lines if f"{name}: " in line], f"{name}'s line\n" + "\n".join(lines)
            assert not problems(app), problems(app)
            if session is pickup:  # the three cards side by side, their numbers on one line
                assert [line for line in lines if ">1 " in line and " 2 " in line and " 3 " in line], "\n".join(lines)
        last = app.controller.view.last_round
        text = screen_text(app)
        for seat, (card, _kinds) in enumerate(last.choices):  # who played what, on the main view
            assert card is not None and card in text, (app.controller.name(seat), card)


async def test_the_table_options_stay_whole_at_120x40(tmp_path):
    both = four_seats(module1=True, order_card_1=1, order_card_2=4, order_card_3=5)  # a long line of options
    revealed = played(SPEC, both, 5, lambda s: s.state.phase == "delivery" and s.state.round >= 2)
    store = SaveStore(tmp_path)
    app = ChaiGamesApp(store=store, bot_delay=1000, countdown=0, clock_source=lambda: 0.0, key_guard=0, win_hold=0)
    async with app.run_test(size=LARGE) as pilot:
        await resume(pilot, store, revealed)
        text = screen_text(app)
        long, short = app.controller.view.double_zero
        assert f"Double zero: {long} extended, {short} shortened" in text, text
