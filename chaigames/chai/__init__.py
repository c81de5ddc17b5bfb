"""Chai: tea merchants buy flavours and additives and serve customers (game id `chai`).

Modules: `data` (components), `market` (the flavour grid and bag), `actions`, `state` (the turn
and the score), `bots`, `describe` (words for the generic screen), `rules.md` (rules for players).
"""

from __future__ import annotations

from pathlib import Path

from chaigames.engine import GameConfig, GameSpec, OptionSpec

from .actions import actions
from .bots import make_bot
from .data import TEAS
from .describe import describe_action, describe_view
from .hints import explain
from .state import ChaiState
from .view import view_from_json, view_to_json

RULES_VERSION = 1


def check(config: GameConfig) -> list[str]:
    """Each tea can be played by one seat only."""
    problems = []
    seen: dict[str | None, int] = {}
    for i, seat in enumerate(config.seats):
        tea = seat.options.get("tea", TEAS[i] if i < len(TEAS) else None)
        if tea in seen:
            problems.append(f"seats {seen[tea] + 1} and {i + 1} both chose {tea} tea: each tea has one merchant")
        else:
            seen[tea] = i
    return problems


def new_game(config: GameConfig, seed: int) -> ChaiState:
    return ChaiState(config, seed)


SPEC = GameSpec(
    id="chai",
    title="Chai",
    description="Tea merchants: buy flavours and additives, serve customers.",
    min_seats=2,
    max_seats=5,
    max_humans=5,
    rules_version=RULES_VERSION,
    new_game=new_game,
    actions=actions,
    make_bot=make_bot,
    options=(
        OptionSpec(
            "first_customer",
            "First customer",
            "random",
            ("random", "choose"),
            ("random", "choose"),
            help="Which of your 8 customers you keep reserved at the start: dealt at random, or your choice.",
        ),
    ),
    seat_options=(
        OptionSpec(
            "tea",
            "Tea",
            "green",
            TEAS,
            tuple(t.capitalize() for t in TEAS),
            help="The tea you specialise in: your tokens and your 8 customers.",
            default_for_seat=lambda i: TEAS[i % len(TEAS)],
        ),
    ),
    has_start_player=True,
    takebacks=True,
    match_scoring="points",
    bot_budget={"easy": 0, "normal": 0, "hard": 24, "expert": 300},
    check=check,
    describe_view=describe_view,
    describe_action=describe_action,
    explain_move=explain,
    rules_markdown=(Path(__file__).with_name("rules.md")).read_text(encoding="utf-8"),
    view_to_json=view_to_json,
    view_from_json=view_from_json,
)

__all__ = ["SPEC", "ChaiState"]
