"""Words for the generic screen: the state a seat sees, and a short label per action."""

from __future__ import annotations

from typing import Any

from .actions import Claim, Pause, Reroll, Resume, SetOffer, Toggle
from .orders import LETTERS, describe_order
from .view import ChaiWallahView, DieView

_MARK = {"held": "", "offered": "?", "fresh": "*"}


def _die(die: DieView) -> str:
    letter = LETTERS[die.ingredient]
    value = die.value
    shown = "#" if value is None else str(value)
    if die.state == "offered":
        return f"[{letter}{shown}]"
    if die.state == "fresh":
        return f"{letter}{shown}*"
    return f"{letter}{shown}"


def describe_view(view: ChaiWallahView) -> str:
    """Orders, the clock's state and every seat's dice: [T#] offered (value hidden), S4* fresh."""
    lines = [f"Game time {view.now:.1f} s. First to {view.target} orders wins."]
    lines.append("Orders: " + "   ".join(f"{k + 1}) {describe_order(o)}" for k, o in enumerate(view.orders)))
    lines.append(f"Deck: {view.deck} orders left.")
    if view.winner is not None:
        lines.append(f"{view.seats[view.winner].name} has won.")
    elif view.paused:
        lines.append("Paused.")
    elif view.frozen_for is not None:
        who = view.seats[view.claimer].name if view.claimer is not None else "someone"
        lines.append(f"Chai! {who} took an order: market frozen for {view.frozen_for:.1f} s.")
    for s, seat in enumerate(view.seats):
        dice = " ".join(_die(d) for d in seat.dice)
        notes = []
        if s == view.seat:
            notes.append("you")
        if seat.forming:
            notes.append("forming an offer")
        if seat.locked_for is not None:
            notes.append(f"locked {seat.locked_for:.1f} s")
        extra = f" ({', '.join(notes)})" if notes else ""
        lines.append(f"{seat.name}{extra}: {dice}  orders {seat.score}")
    lines.append("[X] offered, X* fresh (may be re-rolled once within 8 s).")
    return "\n".join(lines)


def describe_action(action: Any) -> str:
    if isinstance(action, Claim):
        return "Chai! (claim an order)"
    if isinstance(action, Toggle):
        return f"toggle {action.ingredient} (offer/keep; re-roll if fresh)"
    if isinstance(action, Reroll):
        return f"re-roll the fresh {action.ingredient} die"
    if isinstance(action, SetOffer):
        return "offer " + (" + ".join(action.dice) if action.dice else "nothing")
    if isinstance(action, Pause):
        return "pause"
    if isinstance(action, Resume):
        return "resume"
    return str(action)
