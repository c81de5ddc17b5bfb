"""Dabba Walla's expert: the hard bot's judgement, searched over what it cannot see.

Pick-up: which space to walk to is the turn's big decision. For the most promising walks (by the hard
bot's judgement: the card's worth to our load, the tickets lying there and spent on the way, how well
the new hand loads), each deal of the hidden cards (`determinise`: the rivals' hands and chai tiles, the
draw pile) is played out once per walk: the walk, the rest of our turn and every rival's turn with the
hard bot's choices, our next walk too (as the hard bot would walk it), up to what the walk after it will
then be worth (the rivals may take the card we wanted, and the refills are unknown); our walks on the way
count with that worth, less the rivals' walks on the way (their mean per walk, once per walk of ours: a
card we take is one they cannot), plus the tips the playout has made certain (tickets kept, chai tiles, less empty
dabbas loaded) against the rivals' mean. Every walk meets the same deals, so two walks are compared on
the same rivals' hands rather than on luck; the walk with the best "now + what it led to" wins.
Delivery: every hand is public then, so the hard bot's rollouts of the rest of the delivery phase
decide, with the expert's larger budget.

`budget` counts simulations (a deal costs one per walk searched). A host may set `stop` (a callable saying
that wall-clock time is up): a walk's search then answers from the deals it has played out whole, and a
delivery search gives each candidate left one rollout.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import data as D
from .bots import HardBot
from .determinise import determinise
from .state import DabbaWallaState
from .view import DabbaView


class ExpertBot(HardBot):
    """Expert: the walks played out on shared deals of the hidden cards, `budget` simulations; the hard bot's
    delivery search (both cut short by the host's `stop`)."""

    WIDTH = 4  # walks searched
    NEXT_WEIGHT = 0.8  # weight of the next walk's worth against this one's
    MATERIAL = 1.0  # weight of the tips a playout makes certain (tickets, chai tiles, empties), ours less theirs
    RIVAL_NEXT = 1.0  # weight of the rivals' walks before our next one (their mean), against our next walk
    HORIZON = 1  # our own walks a playout plays (as the hard bot) before judging the walk after them
    DELIVERY_ROLLOUTS = 4  # delivery rollouts per simulation of budget (they count tips, no game is dealt)

    def choose(self, view: DabbaView, legal_actions: Sequence[Any], budget: int) -> Any:
        if view.phase == "pickup" and view.step == "move" and budget > 0:
            legal = self._by_type(legal_actions)
            if self._bonus_action(view, legal, greedy=True) is None:
                return self._search_walk(view, legal, budget)
        if view.phase == "delivery":
            return super().choose(view, legal_actions, self.DELIVERY_ROLLOUTS * max(budget, 1))
        return super().choose(view, legal_actions, budget)

    def _search_walk(self, view: DabbaView, legal: dict[type, list[Any]], budget: int) -> Any:
        scored = self.judged_walks(view, legal)
        if not scored:
            return super().choose(view, [a for v in legal.values() for a in v], budget)
        cands = scored[: self.WIDTH]
        if len(cands) == 1:
            return cands[0][1]
        n = len(cands)
        totals = [0.0] * n
        deals = 0
        players = [Rival("hard", self.rng.randbelow(1 << 62), p) for p in range(len(view.players))]
        for _ in range(max(1, budget // n)):
            dealt = determinise(view, self.rng)
            worths: list[float] = []
            for walk in cands:
                if deals and self.stop is not None and self.stop():
                    break
                sim = dealt.clone()
                sim.apply(self.seat, walk[1])
                worths.append(self._after_walk(sim, players))
            if len(worths) < n:  # time ran out within this deal: the walks are compared on whole deals only
                break
            totals = [t + w for t, w in zip(totals, worths, strict=True)]
            deals += 1
        best = max(range(n), key=lambda j: cands[j][0] + totals[j] / deals)
        return cands[best][1]

    def _after_walk(self, sim: DabbaWallaState, players: list[Rival]) -> float:
        """Play on with the hard bot's choices (ours too, for `HORIZON` walks) until the walk after them.
        What the walk led to: the worth of our walks on the way and of the best walk then (less, by
        `RIVAL_NEXT`, the mean worth of the rivals' walks on the way once per walk of ours: what our walks
        left them), weighted by `NEXT_WEIGHT`; and by `MATERIAL`, the tips already certain (tickets, chai
        tiles kept, empty dabbas loaded) against the rivals' mean."""
        me = self.seat
        walked = [len(p.worths) for p in players]
        mine = 0.0
        ahead = self.HORIZON
        for _ in range(400 * (1 + self.HORIZON)):
            if sim.phase != "pickup":
                break
            seat = sim.actors()[0]
            if seat == me and sim.step == "move":
                if ahead == 0:
                    scored = self.judged_walks(sim.view(me), self._by_type(sim.legal_actions(me)))
                    mine = scored[0][0] if scored else 0.0
                    break
                ahead -= 1
            view = sim.view(seat)
            sim.apply(seat, players[seat].choose(view, sim.legal_actions(seat), 0))
        mine += sum(players[me].worths[walked[me] :])
        theirs = [w for p, k in zip(players, walked, strict=True) if p.seat != me for w in p.worths[k:]]
        if theirs:
            mine -= self.RIVAL_NEXT * (1 + self.HORIZON) * sum(theirs) / len(theirs)
        value = self.NEXT_WEIGHT * mine
        if self.MATERIAL:
            tips = [certain_tips(sim, p) for p in range(sim.n)]
            value += self.MATERIAL * (tips[me] - (sum(tips) - tips[me]) / (sim.n - 1))
        return value


def certain_tips(sim: DabbaWallaState, p: int) -> int:
    """The tips a seat's pick-up has made certain so far: a tip per ticket, two per chai tile it keeps, less
    two per empty dabba it has loaded."""
    empties = sum(1 for stack in sim.stacks[p] for piece, _, _ in stack if piece >= D.EMPTY_BASE)
    return sim.tickets[p] + D.CHAI_TIPS_EACH * len(sim.chai_owned[p]) - D.EMPTY_PENALTY * empties


class Rival(HardBot):
    """A seat in the walk search's playouts: the hard bot's own choices, remembering what each of its walks
    was worth (by the hard bot's judgement from its seat), so the search can weigh what our walk left it."""

    def __init__(self, level: str, seed: int, seat: int) -> None:
        super().__init__(level, seed, seat)
        self.worths: list[float] = []

    def _move_step(self, view: DabbaView, legal: dict[type, list[Any]]) -> Any:
        scored = self.judged_walks(view, legal)
        if not scored:
            return super()._move_step(view, legal)
        self.worths.append(scored[0][0])
        return scored[0][1]


__all__ = ["ExpertBot"]
