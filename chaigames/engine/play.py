"""Playing whole games with bots and no screen: what `simulate`, benchmarks and tests use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .config import GameConfig
from .rng import derive_seed
from .session import Session

if TYPE_CHECKING:
    from .protocol import Bot
    from .registry import GameSpec

DEFAULT_MAX_ACTIONS = 20_000


def bot_seed(game_seed: int, seat: int) -> int:
    """Each bot's own RNG is seeded from (game seed, seat): same seed, same game, at any load."""
    return derive_seed(game_seed, "bot", seat)


def make_bots(spec: GameSpec, config: GameConfig, seed: int) -> dict[int, Bot]:
    return {i: spec.make_bot(s.bot, bot_seed(seed, i), i) for i, s in enumerate(config.seats) if s.bot is not None}


@dataclass
class Played:
    session: Session
    finished: bool


def play_bots(spec: GameSpec, config: GameConfig, seed: int, *, max_actions: int = DEFAULT_MAX_ACTIONS) -> Played:
    """Play one game where every seat is a bot. A game that hits `max_actions` is unfinished."""
    if spec.play_headless is not None:
        session = spec.play_headless(config, seed, max_actions)
        return Played(session, session.over)
    session = Session(spec, config, seed)
    bots = make_bots(spec, session.config, seed)
    state = session.state
    while not session.over and session.action_count < max_actions:
        seat = state.actors()[0]
        bot = bots[seat]
        level = session.config.seats[seat].bot or "normal"
        action = bot.choose(state.view(seat), state.legal_actions(seat), spec.bot_budget.get(level, 0))
        session.apply(seat, action)
        state = session.state
    return Played(session, session.over)
