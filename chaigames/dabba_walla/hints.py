"""A hint in the game's own words: the move the expert would make from a seat's view, and why.

"Move 2 clockwise to take R07 (3 red dabbas, tips R+2) and the 2 tickets on it"; "Deliver Y12: your
level 3 has 4 yellow dabbas and it lifts yellow by 2".
"""

from __future__ import annotations

from typing import Any

from . import data as D
from .actions import AddChai, Commit, Jump, Move, Place, PlayCard, Start
from .bots import card_colour, card_size, card_tips, level_counts
from .describe import describe_action
from .view import DabbaView


def _card_words(code: str) -> str:
    colour = D.COLOUR_NAMES[card_colour(code)]
    tips = " ".join(f"{D.COLOURS[c]}+{v}" for c, v in enumerate(card_tips(code)) if v)
    size = card_size(code)
    return f"{code} ({size} {colour} dabba{'s' if size != 1 else ''}" + (f", tips {tips})" if tips else ")")


def explain(view: DabbaView, seat: int, action: Any) -> str:
    me = view.players[seat]
    if isinstance(action, Start | Move | Jump):
        if isinstance(action, Move):
            space = ((me.position or 0) + action.steps * action.direction) % 6
        else:
            space = action.space
        sp = view.spaces[space]
        if sp.card is None:
            return describe_action(action)
        extra = f" and the {sp.tickets} ticket{'s' if sp.tickets != 1 else ''} on it" if sp.tickets else ""
        return f"{describe_action(action)} to take {_card_words(sp.card)}{extra}"
    if isinstance(action, PlayCard):
        return f"Load {_card_words(action.card)}: it fits your load best now"
    if isinstance(action, Place):
        return f"{describe_action(action)}: flat, and it keeps its half-chai open"
    if isinstance(action, Commit) and action.card:
        counts = level_counts(view, seat, view.level)
        tips = card_tips(action.card)
        lifts = [c for c in range(4) if tips[c]]
        if lifts:
            c = max(lifts, key=lambda k: counts[k] * tips[k])
            return (
                f"Deliver {action.card}: your level {view.level} has {counts[c]} {D.COLOUR_NAMES[c]} "
                f"dabba{'s' if counts[c] != 1 else ''} and it lifts {D.COLOUR_NAMES[c]} by {tips[c]}"
            )
        return f"Deliver {action.card}: it lifts no colour, and your better cards wait for lower levels"
    if isinstance(action, AddChai):
        return f"{describe_action(action)}: it pays more on this level than its 2 tips at the end"
    return describe_action(action)
