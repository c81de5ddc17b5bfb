"""Shared set-up for the Chai Wallah tests: a fake-clock table whose dice a test can lay out."""

from __future__ import annotations

from chaigames.chai_wallah import SPEC
from chaigames.chai_wallah.state import ChaiWallahState
from chaigames.engine import GameConfig, SeatConfig, Session
from tests.positions import replace

NAMES = ("Asha", "Bina", "Chand", "Devi", "Esha", "Farid", "Gita", "Hari")
A, B, C, D = 0, 1, 2, 3


def config(seats: int = 4, bots: str | None = None, **options) -> GameConfig:
    return SPEC.validate(
        GameConfig(seats=tuple(SeatConfig(NAMES[i], bots) for i in range(seats)), options=dict(options))
    )


def table(seats: int = 4, seed: int = 7, bots: str | None = None, **options) -> ChaiWallahState:
    return ChaiWallahState(config(seats, bots, **options), seed)


def session(seats: int = 4, seed: int = 7, bots: str | None = None, **options) -> Session:
    return Session(SPEC, config(seats, bots, **options), seed)


def lay(state: ChaiWallahState, seat: int, values: tuple[int, int, int, int]) -> ChaiWallahState:
    """The position with a seat's dice on given values: the test's starting position."""
    d = state.to_json()
    d["seats"][seat]["values"] = list(values)
    return replace(state, ChaiWallahState.from_json(d))


def orders(state: ChaiWallahState, *cards: tuple[int, int, int, int]) -> ChaiWallahState:
    """The position with these face-up orders; the deck keeps the other cards."""
    d = state.to_json()
    laid = [list(c) for c in cards]
    d["deck"] = [c for c in d["deck"] + d["face_up"] if c not in laid]
    d["face_up"] = laid
    return replace(state, ChaiWallahState.from_json(d))


def far(state: ChaiWallahState, seat: int) -> ChaiWallahState:
    """Dice that fit none of the test orders (all 6s; the test orders avoid 6 where this matters)."""
    return lay(state, seat, (6, 6, 6, 6))
