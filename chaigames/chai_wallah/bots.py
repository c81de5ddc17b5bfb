"""The bots of CW-11: one greedy policy for every level; the levels differ in reaction speed.

The policy reads only the bot's own view (what a human at that seat sees). The reaction clock
(when a bot acts) lives here too; the driver (driver.py) runs it against the game clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chaigames.engine import Rng

from .actions import Claim, Reroll, SetOffer
from .orders import INGREDIENTS, fit_count, fits, matches
from .state import FRESH, OFFERED
from .view import ChaiWallahView, SeatView

REACTION: dict[str, tuple[float, float]] = {"easy": (3.0, 5.0), "normal": (2.0, 3.2), "hard": (1.2, 2.0)}
"""Seconds from a change in the bot's view to its decision, before the speed factor (CW-11)."""
SPEED_FACTOR = (0.85, 1.15)
MIN_REACTION = 0.8
STUCK_AFTER = 5.0
"""With the stall off, a bot offers "everything" after 5 s in which its dice did not change (CW-5)."""


def best_order(values: Sequence[int], orders: Sequence[Sequence[int]]) -> int:
    """The face-up order the dice fit best (most fitting dice; ties: the leftmost)."""
    best, best_fit = 0, -1
    for k, order in enumerate(orders):
        f = fit_count(values, order)
        if f > best_fit:
            best, best_fit = k, f
    return best


def decide(view: ChaiWallahView, *, stuck: bool = False) -> Any | None:
    """The greedy policy: claim when matched, re-roll fresh misfits, offer exactly the misfits
    (everything when `stuck`). None when there is nothing to do or the seat may not act."""
    if view.winner is not None or view.paused or view.frozen_for is not None:
        return None
    me = _me(view)
    if me.locked_for is not None:
        return None
    values = _own_values(me)
    states = [d.state for d in me.dice]
    orders = view.orders
    if any(matches(values, order) for order in orders):
        return Claim()
    target = orders[best_order(values, orders)]
    misfit = [not fits(v, n) for v, n in zip(values, target, strict=True)]
    for i, state in enumerate(states):
        if state == FRESH and misfit[i]:
            return Reroll(INGREDIENTS[i])
    if stuck:
        wanted = {i for i in range(4) if states[i] != FRESH}
    else:
        wanted = {i for i in range(4) if misfit[i] and states[i] != FRESH}
    current = {i for i in range(4) if states[i] == OFFERED}
    if wanted != current or me.forming:
        return SetOffer(tuple(INGREDIENTS[i] for i in sorted(wanted)))
    return None


def _me(view: ChaiWallahView) -> SeatView:
    assert view.seat is not None  # a bot reads its own seat's view
    return view.seats[view.seat]


def _own_values(me: SeatView) -> list[int]:
    values = []
    for d in me.dice:
        assert d.value is not None  # a seat sees every one of its own dice
        values.append(d.value)
    return values


def signature(view: ChaiWallahView) -> tuple[Any, ...]:
    """The part of a bot's view it reacts to: its dice, the orders, freeze, lock, end. (A pause is
    not a change: the driver shifts every pending decision by the pause instead.)"""
    me = _me(view)
    return (
        tuple((d.value, d.state) for d in me.dice),
        view.orders,
        view.frozen_for is not None,
        me.locked_for is not None,
        view.winner,
    )


def dice_signature(view: ChaiWallahView) -> tuple[int, ...]:
    """The bot's die values: "stuck" counts time since these last changed."""
    return tuple(_own_values(_me(view)))


class ChaiWallahBot:
    """One bot seat: its own RNG (seeded from game seed and seat), speed factor and reaction range."""

    def __init__(self, level: str, seed: int, seat: int) -> None:
        if level not in REACTION:
            raise ValueError(f"unknown Chai Wallah bot level {level!r}")
        self.level = level
        self.seat = seat
        self.rng = Rng(seed)
        self.factor = self.rng.uniform(*SPEED_FACTOR)

    def reaction(self) -> float:
        """One decision's delay after the view changed: U(level range) x factor, never under 0.8 s."""
        lo, hi = REACTION[self.level]
        return max(MIN_REACTION, self.rng.uniform(lo, hi) * self.factor)

    def choose(self, view: Any, legal_actions: Sequence[Any], budget: int) -> Any:
        """The engine's bot protocol (the driver is the real path): the greedy choice, if legal."""
        action = decide(view)
        if action is not None and action in legal_actions:
            return action
        return legal_actions[0]
