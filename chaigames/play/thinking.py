"""A searching bot thinks within a wall-clock limit in the app (its budget alone decides in `simulate`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

THINK_SECONDS = 0.9  # a searching bot answers within about this long on the wall clock (a last simulation may
# run over: a decision stays under 1.2 s with the machine loaded), whatever its budget


def think_within(
    bot: Any,
    view: Any,
    legal: list[Any],
    budget: int,
    seconds: float,
    clock: Callable[[], float] = time.monotonic,
) -> Any:
    """`bot.choose`, for a bot that searches (it has a `stop`) cut short once `seconds` have passed on
    `clock`: its budget keeps a game the same for a seed, and this keeps a loaded machine from making a
    player wait."""
    if hasattr(bot, "stop"):
        deadline = clock() + seconds
        bot.stop = lambda: clock() > deadline
    return bot.choose(view, legal, budget)
