"""Snapshots (SVG, pytest-textual-snapshot) of each game's key states at 80x24 and 120x40.

A snapshot fails when a screen draws differently from the pinned picture: review the diff report
(`pytest --snapshot-report`), and when the change is meant, pin the new picture with
`pytest tests/screens/test_snapshots.py --snapshot-update`. Textual and Rich are pinned exactly in
the test extra, so a release of either does not change the pictures under us.

Deterministic by construction: positions come from seeded play (and the `from_json` helpers of
tests/positions.py), the app's clock stands still (`clock_source`), bots never get their turn
(`bot_delay`), and no countdown or timer is in flight. `snap_compare` runs the app in its own
event loop, so these are plain (not async) tests; it waits for the app to go idle after each
`run_before` (three times before the picture), so a `run_before` ends as soon as its state is there.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chaigames import chai, chai_wallah, dabba_walla
from chaigames.chai.actions import DiscardTile, VisitMarket
from chaigames.chai_wallah.actions import Claim, SetOffer
from chaigames.chai_wallah.driver import play_headless
from chaigames.dabba_walla.actions import Place
from chaigames.engine import GameConfig, SeatConfig, Session, bot_seed
from chaigames.saves import SaveStore
from screens.app import ChaiGamesApp
from screens.game_base import GameScreen
from tests.chai.test_end import finished
from tests.pilot import wait_for

from .test_clipping import played, seats
from .test_results_fit import Host, fake_controller

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
NAMES = ("Asha", "Ravi", "Meera", "Kiran", "Dev", "Lata", "Arjun", "Priya")


def resumed(session: Session, root: Path, keys: tuple[str, ...] = ()) -> tuple[ChaiGamesApp, Callable]:
    """The app and a `run_before` that continues `session` from its save, past any key check or
    curtain, then presses `keys`: the clock stands still and bots never move."""
    store = SaveStore(root)
    save_id = store.new_id(session.spec.id)
    store.save(session, save_id)
    app = ChaiGamesApp(
        store=store, bot_delay=1000, countdown=0, clock_source=lambda: 0.0, key_guard=0, win_hold=0, confirm_moves=False
    )

    async def run_before(pilot: Any) -> None:
        app.resume_game(save_id)

        def on_game() -> bool:
            if type(app.screen).__name__ in ("KeyCheckScreen", "CurtainScreen"):
                app.screen.dismiss(None)
                return False
            return isinstance(app.screen, GameScreen) and app.controller is not None

        await wait_for(pilot, on_game, "the game")
        for key in keys:
            await pilot.press(key)

    return app, run_before


def results(result: Any, names: list[str], title: str) -> tuple[Host, Callable]:
    """The results screen of a finished game (the frame's own ResultsScreen)."""
    from screens.results import ResultsScreen

    app = Host(fake_controller(result, names, title))

    async def run_before(pilot: Any) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")

    return app, run_before


def snap(snap_compare, size, made: tuple[Any, Callable]) -> bool:
    app, run_before = made
    return snap_compare(app, terminal_size=size, run_before=run_before)


# -- Dabba Walla ------------------------------------------------------------------------------------
def dw_config(vehicle: str = "trailer") -> GameConfig:
    spec = dabba_walla.SPEC
    return GameConfig(seats=seats(spec, 4), options={"vehicle": vehicle, "module1": True}, start_player=0)


def asha_to_move(session: Session) -> bool:
    return not session.over and tuple(session.state.actors()) == (0,)


@pytest.mark.parametrize("size", SIZES)
def test_dabba_walla_pick_up_turn(snap_compare, size, tmp_path):
    session = played(dabba_walla.SPEC, dw_config(), 3, lambda s: s.action_count >= 20 and asha_to_move(s))
    assert session.state.phase == "pickup"
    assert snap(snap_compare, size, resumed(session, tmp_path))


@pytest.mark.parametrize("size", SIZES)
def test_dabba_walla_placement_ghost(snap_compare, size, tmp_path):
    def placing(s: Session) -> bool:
        return s.action_count >= 10 and asha_to_move(s) and any(isinstance(a, Place) for a in s.state.legal_actions(0))

    session = played(dabba_walla.SPEC, dw_config("crate"), 3, placing)
    assert snap(snap_compare, size, resumed(session, tmp_path))


@pytest.mark.parametrize("size", SIZES)
def test_dabba_walla_delivery_reveal_with_4_seats(snap_compare, size, tmp_path):
    config = GameConfig(
        seats=seats(dabba_walla.SPEC, 4), options={"vehicle": "trailer", "order_card_1": 1, "order_card_3": 5}
    )
    session = played(dabba_walla.SPEC, config, 5, lambda s: s.state.phase == "delivery" and s.state.round >= 2)
    assert session.state.view(0).last_round
    assert snap(snap_compare, size, resumed(session, tmp_path))


def test_dabba_walla_pick_up_with_three_cards_in_hand_on_the_handcart_4_seats(snap_compare, tmp_path):
    """The widest vehicle leaves the least room: every rival's line and the three cards side by side."""
    config = GameConfig(
        seats=seats(dabba_walla.SPEC, 4), options={"vehicle": "handcart", "module1": True}, start_player=0
    )

    def three_cards(s: Session) -> bool:
        return s.action_count >= 20 and asha_to_move(s) and len(s.state.hands[0]) == 3

    session = played(dabba_walla.SPEC, config, 3, three_cards)
    assert snap(snap_compare, (80, 24), resumed(session, tmp_path))


def test_dabba_walla_delivery_with_4_seats(snap_compare, tmp_path):
    config = GameConfig(
        seats=seats(dabba_walla.SPEC, 4), options={"vehicle": "handcart", "order_card_1": 1, "order_card_3": 5}
    )
    session = played(dabba_walla.SPEC, config, 5, lambda s: s.state.phase == "delivery")
    assert snap(snap_compare, (80, 24), resumed(session, tmp_path))


@pytest.mark.parametrize("size", SIZES)
def test_dabba_walla_results(snap_compare, size):
    session = played(dabba_walla.SPEC, dw_config(), 3, lambda s: False)
    assert session.over
    assert snap(snap_compare, size, results(session.result(), list(NAMES[:4]), "Dabba Walla"))


# -- Chai ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_chai_market_turn(snap_compare, size, tmp_path):
    config = GameConfig(seats=seats(chai.SPEC, 5), start_player=0)
    session = played(chai.SPEC, config, 3, lambda s: s.action_count >= 40 and asha_to_move(s))
    assert snap(snap_compare, size, resumed(session, tmp_path))


@pytest.mark.parametrize("size", SIZES)
def test_chai_discard_prompt(snap_compare, size, tmp_path):
    """Over 12 tiles after a market visit: the player discards, choosing the flavour (CH-2). Asha
    takes the biggest group on every visit (an easy bot plays Ravi) until she holds too many."""
    spec = chai.SPEC
    session = Session(spec, spec.validate(GameConfig(seats=seats(spec, 2), start_player=0)), 0)
    bot = spec.make_bot("easy", bot_seed(0, 1), 1)
    while not any(isinstance(a, DiscardTile) for a in session.state.legal_actions(0)):
        state = session.state
        assert session.action_count < 100 and not session.over
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        visits = [a for a in legal if isinstance(a, VisitMarket)]
        if seat == 0 and visits:
            action = max(visits, key=lambda a: len(state.market.group(a.row, a.col)))
        else:
            action = bot.choose(state.view(seat), legal, 1)
        session.apply(seat, action)
    assert snap(snap_compare, size, resumed(session, tmp_path))


@pytest.mark.parametrize("size", SIZES)
def test_chai_results_with_a_tie(snap_compare, size):
    """15 points each: fewer fulfilled customers breaks the tie (the note says so)."""
    state = finished(2, [["green-8"], ["green-1", "black-1"]], [0, 7])
    result = state.result()
    assert result.scores == (15, 15) and "wins the tie" in result.note
    assert snap(snap_compare, size, results(result, [state.name(s) for s in range(2)], "Chai"))


# -- Chai Wallah --------------------------------------------------------------------------------------
def cw_config() -> GameConfig:
    """8 seats: 4 humans at the keyboard (a zone each), 4 easy bots."""
    spec = chai_wallah.SPEC
    return spec.validate(GameConfig(seats=tuple(SeatConfig(n, None if i < 4 else "easy") for i, n in enumerate(NAMES))))


def frozen_by_a_claim() -> Session:
    """The bots trade for 33 s; Ravi offers tea and milk, Meera calls a false Chai! (locked), and
    Priya's true Chai! (a wild spice for the order's 5) freezes the market at 34.2 s."""
    session = Session(chai_wallah.SPEC, cw_config(), 1)
    driver = chai_wallah.SPEC.make_driver(session)
    driver.advance(33.0)
    session.apply(1, SetOffer(("tea", "milk")), 33.0)
    session.apply(2, Claim(), 33.0)
    driver.advance(34.4)
    state = session.state
    assert state.frozen_until is not None and state.freeze_claimer == 7
    assert state.seats[2].locked_until is not None and "offered" in state.seats[1].states
    return session


@pytest.mark.parametrize("size", SIZES)
def test_chai_wallah_mid_game_offer_freeze_lock_8_seats(snap_compare, size, tmp_path):
    assert snap(snap_compare, size, resumed(frozen_by_a_claim(), tmp_path))


@pytest.mark.parametrize("size", SIZES)
def test_chai_wallah_results(snap_compare, size):
    session = play_headless(cw_config(), 1, 5000)
    assert session.over
    assert snap(snap_compare, size, results(session.result(), list(NAMES), "Chai Wallah"))


# -- the replay viewer --------------------------------------------------------------------------------
def replayed(session: Session) -> tuple[ChaiGamesApp, Callable]:
    """The replay viewer on `session`'s record at its last action, in the public view."""
    from screens.replay import ReplayKeys

    app = ChaiGamesApp(bot_delay=1000, countdown=0, clock_source=lambda: 0.0, key_guard=0, win_hold=0)

    async def run_before(pilot: Any) -> None:
        app.watch_replay(session.record, session.action_count)
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayKeys), "the replay viewer")

    return app, run_before


@pytest.mark.parametrize("size", [*SIZES, pytest.param((160, 50), id="160x50")])
def test_chai_wallah_replay_of_8_seats_public_view(snap_compare, size):
    """The mid-game of the live snapshot above as a spectator saw it: Ravi's offered dice hidden, Meera
    locked after a false Chai!; the game's own layout at each size with the replay's place in the title."""
    session = Session(chai_wallah.SPEC, cw_config(), 1)
    chai_wallah.SPEC.make_driver(session).advance(33.0)
    session.apply(1, SetOffer(("tea", "milk")), 33.0)
    session.apply(2, Claim(), 33.0)
    assert snap(snap_compare, size, replayed(session))


# -- History ------------------------------------------------------------------------------------------
def history_of(*sessions: Session) -> tuple[ChaiGamesApp, Callable]:
    """History listing `sessions` (finished on a fixed day, so the dates stay put)."""
    from chaigames.games import get as get_game
    from chaigames.saves import SaveInfo
    from screens.history import HistoryScreen

    infos = []
    for i, session in enumerate(sessions):
        session.record.meta.update(finished=f"2026-03-14T09:{30 - i:02d}:00+00:00", result=session.result().to_json())
        infos.append(SaveInfo(f"game-{i}", Path(f"game-{i}.json"), session.record, session.spec.title))
    app = ChaiGamesApp(bot_delay=1000, countdown=0, clock_source=lambda: 0.0, key_guard=0, win_hold=0)

    async def run_before(pilot: Any) -> None:
        app.push_screen(HistoryScreen(infos, get_game))
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "History")

    return app, run_before


@pytest.mark.parametrize("size", [*SIZES, pytest.param((160, 50), id="160x50")])
def test_history_of_the_three_games_with_the_most_seats(snap_compare, size):
    """Winner, Scores and Match fit at 80 columns, with 8 seats too; the highlighted game's players under the table."""
    cw = play_headless(cw_config(), 1, 5000)
    chai_game = played(chai.SPEC, GameConfig(seats=seats(chai.SPEC, 5), start_player=0), 3, lambda s: False)
    dw = played(dabba_walla.SPEC, dw_config(), 3, lambda s: False)
    assert cw.over and chai_game.over and dw.over
    assert snap(snap_compare, size, history_of(cw, chai_game, dw))


@functools.cache
def finished_match() -> tuple[Session, ...]:
    """A match of 3 Chai Wallah games at 4 seats, played to its end (first to 2 game wins): each
    record carries the match as it stood after that game, as the app saves it. Played once for
    both sizes."""
    from chaigames.engine.match import Match

    spec = chai_wallah.SPEC
    config = spec.validate(GameConfig(seats=tuple(SeatConfig(n, "easy") for n in NAMES[:4])))
    match = Match(games=3, seats=4, scoring=spec.match_scoring, first_start=0, match_id="m1")
    games = []
    for seed in range(1, 4):
        session = play_headless(config, seed, 5000)
        match = match.add(session.result())
        session.record.meta["match"] = match.to_json()
        games.append(session)
        if match.over:
            break
    assert match.over
    return tuple(games)


@pytest.mark.parametrize("size", SIZES)
def test_history_with_a_finished_match(snap_compare, size):
    """Each game of the match says which game of how many it was; the last one, highlighted, says
    under the table who won the match."""
    games = finished_match()
    assert snap(snap_compare, size, history_of(*reversed(games)))


# -- the main menu ------------------------------------------------------------------------------------
def test_main_menu_with_a_game_waiting(snap_compare, tmp_path):
    """The first screen: Continue first (a game waits), then each game beside its own picture."""
    from screens.menu import MainMenu

    store = SaveStore(tmp_path)
    session = Session(chai.SPEC, GameConfig(seats=seats(chai.SPEC, 2), start_player=0), 3)
    store.save(session, store.new_id(chai.SPEC.id))
    app = ChaiGamesApp(store=store, bot_delay=1000, countdown=0, clock_source=lambda: 0.0, key_guard=0, win_hold=0)

    def continue_first() -> bool:
        options = app.screen.query("#menu-options")
        if not isinstance(app.screen, MainMenu) or not options:
            return False
        menu = options.first()
        return menu.option_count > 0 and menu.get_option_at_index(0).id == "continue"

    async def run_before(pilot: Any) -> None:
        await wait_for(pilot, continue_first, "the menu, Continue first")

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
