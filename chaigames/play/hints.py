"""Hints for learners: what the expert would play now, and why, from one seat's own view.

A hint is worked out in the player's own app from the view that seat sees (never from the whole game),
by the game's expert bot with a smaller budget than a seat of that level (smaller still under `serve`,
where many players share the server's cores), cut short at `HINT_SECONDS` of wall clock. Hints are a
setup choice (at a table, the opener's), counted in the record's meta (`hints_used`), never in its
entries, so a record with hints replays as any other.
"""

from __future__ import annotations

from typing import Any

from chaigames.engine import GameSpec
from chaigames.engine.rng import derive_seed

from .thinking import think_within

HINT_SECONDS = 0.9
HINT_SHARE = 3  # a hint searches with a third of an expert seat's budget
SERVED_HINT_SHARE = 6  # under `serve`, a sixth


def offers_hints(spec: GameSpec) -> bool:
    """Whether a game can give hints: it has an expert and words for its moves."""
    return "expert" in spec.bot_levels and spec.explain_move is not None


def hint_budget(spec: GameSpec, served: bool) -> int:
    """The simulations a hint may use: a share of an expert seat's budget, a smaller one under `serve`."""
    return max(1, spec.bot_budget.get("expert", 0) // (SERVED_HINT_SHARE if served else HINT_SHARE))


def hint(spec: GameSpec, view: Any, legal: list[Any], seat: int, seed: int, asked: int, *, served: bool = False) -> str:
    """The expert's move for `seat` from its `view`, in the game's words. `asked` (how many hints the
    game has given) varies the search's seed, so asking again may think differently; `served`: the app
    runs under `serve` (a smaller budget)."""
    assert spec.explain_move is not None
    if len(legal) == 1:
        return spec.explain_move(view, seat, legal[0])
    bot = spec.make_bot("expert", derive_seed(seed, "hint", seat, asked), seat)
    action = think_within(bot, view, legal, hint_budget(spec, served), HINT_SECONDS)
    return spec.explain_move(view, seat, action)
