"""Helpers for the Dabba Walla screen's Pilot tests: start a game, play turns by keys."""

from __future__ import annotations

from chaigames.dabba_walla.actions import Place, ReturnTile
from chaigames.engine import GameConfig, SeatConfig, Session
from chaigames.saves import SaveStore
from screens.app import ChaiGamesApp
from screens.dabba_walla import DabbaWallaScreen, placing
from screens.results import ResultsScreen
from tests.pilot import screen_text, settled_keys, wait_for
from tests.screens.keys import press

SMALL = (80, 24)
LARGE = (120, 40)


def dw_config(*, vehicle: str = "crate", humans: int = 1, **options) -> GameConfig:
    """Asha (human, seat 1, starts) against an easy bot (or a second human, Bela)."""
    second = SeatConfig("Bela") if humans == 2 else SeatConfig("Bot", bot="easy")
    return GameConfig(seats=(SeatConfig("Asha"), second), options={"vehicle": vehicle, **options}, start_player=0)


def _frame(confirm_moves: bool = False) -> dict:
    """No bot delay, no key gate, hot-seat moves without the question (unless `confirm_moves`)."""
    return {"bot_delay": 0, "countdown": 0, "key_guard": 0, "win_hold": 0, "confirm_moves": confirm_moves}


def dw_app(
    *, seed: int = 7, vehicle: str = "crate", humans: int = 1, confirm_moves: bool = False, **options
) -> ChaiGamesApp:
    """A new game of `dw_config` in an app of `_frame`."""
    game = ("dabba-walla", dw_config(vehicle=vehicle, humans=humans, **options), seed)
    return settled_keys(ChaiGamesApp(registry=True, new_game=game, **_frame(confirm_moves)))


def dw_app_resuming(session: Session) -> tuple[ChaiGamesApp, str]:
    """An app of `_frame` and the id of `session`'s save, for `app.resume_game` once it runs."""
    store = SaveStore()
    save_id = store.new_id(session.spec.id)
    store.save(session, save_id)
    return settled_keys(ChaiGamesApp(registry=True, store=store, **_frame())), save_id


def dw_screen(app: ChaiGamesApp) -> DabbaWallaScreen:
    screen = app.screen
    assert isinstance(screen, DabbaWallaScreen), type(screen)
    return screen


async def until_my_move(pilot, seat: int = 0) -> None:
    app = pilot.app
    await wait_for(
        pilot,
        lambda: (
            app.controller is not None
            and (app.controller.finished or app.controller.to_move == seat)
            and (app.controller.finished or isinstance(app.screen, DabbaWallaScreen))
        ),
        "my move",
    )


async def play_one_step(pilot) -> str:
    """Make one decision by keys, the way a hurried player would (Enter on the defaults), each key sent
    once the last is handled."""
    app = pilot.app
    screen = dw_screen(app)
    mode = screen.mode()
    legal = {type(a) for a in screen.legal()}
    if mode == "place" and Place not in legal and ReturnTile not in legal:
        await press(pilot, "e", "enter")  # level the squares with an empty dabba first
        return "empty"
    if mode == "place" and Place in legal and chai_spot_index(screen) is not None:
        for _ in range(chai_spot_index(screen) or 0):  # tab to a spot that completes a chai
            await press(pilot, "tab")
        assert screen.ghost_spot().completes_chai
        await press(pilot, "enter")
        return "chai"
    await press(pilot, "enter")
    return mode


def chai_spot_index(screen: DabbaWallaScreen) -> int | None:
    """How many tabs from the first legal spot to one completing a chai (None: there is none)."""
    seat = screen.seat
    card = screen.pending_card()
    if seat is None or card is None:
        return None
    for i, (ori, row, col, _level) in enumerate(placing.legal_spots(screen.view, seat, card)):
        if placing.spot(screen.view, seat, card, ori, row, col).completes_chai:
            return i
    return None


async def play_to_results(pilot, max_steps: int = 400) -> list[str]:
    """Play seat 1 by keys until the results screen; returns the modes played through."""
    app = pilot.app
    modes = []
    for _ in range(max_steps):
        await until_my_move(pilot)
        if app.controller.finished:
            break
        modes.append(await play_one_step(pilot))
    await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
    return modes


__all__ = [
    "LARGE",
    "SMALL",
    "dw_app",
    "dw_app_resuming",
    "dw_config",
    "dw_screen",
    "play_one_step",
    "play_to_results",
    "screen_text",
    "until_my_move",
    "wait_for",
]
