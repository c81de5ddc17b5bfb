"""What a seat can send. Trades are not actions: they happen by the rules (CW-3) as events."""

from __future__ import annotations

from dataclasses import dataclass

from chaigames.engine import ActionSet

from .orders import INGREDIENTS

actions = ActionSet("chai-wallah")


@actions.register("offer")
@dataclass(frozen=True)
class SetOffer:
    """Set the seat's whole offer at once, live at once (what bots use; CW-3). `dice` names ingredients."""

    dice: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """An offer is a set of dice: named in any order, it is the same offer (tea, spice, sugar, milk)."""
        if type(self.dice) is tuple and all(type(d) is str and d in INGREDIENTS for d in self.dice):
            object.__setattr__(self, "dice", tuple(sorted(self.dice, key=INGREDIENTS.index)))


@actions.register("toggle")
@dataclass(frozen=True)
class Toggle:
    """A die key (CW-1): held <-> offered, the offer going live 0.4 s after the last die key
    ("forming", CW-3); on a fresh die it re-rolls it instead."""

    ingredient: str


@actions.register("reroll")
@dataclass(frozen=True)
class Reroll:
    """Re-roll a fresh die, once, before its 8 s are up (CW-1, CW-8); it is then held."""

    ingredient: str


@actions.register("claim")
@dataclass(frozen=True)
class Claim:
    """ "Chai!": claim the leftmost face-up order the seat's dice match (CW-6), or be locked (CW-7)."""


@actions.register("pause")
@dataclass(frozen=True)
class Pause:
    """Stop the game clock (Esc, CW-12). Any seat may send it."""


@actions.register("resume")
@dataclass(frozen=True)
class Resume:
    """Restart the game clock: every deadline shifts by the length of the pause (CW-12)."""
