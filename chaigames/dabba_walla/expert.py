"""Dabba Walla's expert: the hard bot's judgement, searched over what it cannot see.

Pick-up: which space to walk to is the turn's big decision. For the most promising walks (by the hard
bot's judgement: the card's worth to our load, the tickets lying there and spent on the way, how well
the new hand loads), each simulation deals the hidden cards afresh (`determinise`: the rivals' hands
and chai tiles, the draw pile), plays the walk, the rest of our turn and every rival's turn with the hard
bot's choices, and scores what our next walk will then be worth: the rivals may take the card we
wanted next, and the refills are unknown. Walks are chosen by UCB1 across deals (information-set
Monte Carlo search with one level of tree); the walk with the best average of "now + next" wins.
Delivery: every hand is public then, so the hard bot's rollouts of the rest of the delivery phase
decide, with the expert's larger budget.

`budget` counts simulations. A host may set `stop` (a callable saying that wall-clock time is up): a
walk's search then answers with what it has, and a delivery search gives each candidate left one rollout.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chaigames.engine.search import next_candidate

from .bots import HardBot
from .determinise import determinise
from .state import DabbaWallaState
from .view import DabbaView


class ExpertBot(HardBot):
    """Expert: determinised search over the walks, `budget` simulations; the hard bot's delivery search
    (both cut short by the host's `stop`)."""

    WIDTH = 4  # walks searched
    NEXT_WEIGHT = 0.8  # weight of the next walk's worth against this one's
    EXPLORE = 3.0  # UCB1 exploration, in points of walk score
    DELIVERY_ROLLOUTS = 4  # delivery rollouts per simulation of budget (they count tips, no game is dealt)
    FINAL = "mean"  # the walk played: the best "now + next" ("mean") or the most searched ("visits")

    def choose(self, view: DabbaView, legal_actions: Sequence[Any], budget: int) -> Any:
        if view.phase == "pickup" and view.step == "move" and budget > 0:
            legal = self._by_type(legal_actions)
            if self._bonus_action(view, legal, greedy=True) is None:
                return self._search_walk(view, legal, budget)
        if view.phase == "delivery":
            return super().choose(view, legal_actions, self.DELIVERY_ROLLOUTS * max(budget, 1))
        return super().choose(view, legal_actions, budget)

    def walk_scores(self, view: DabbaView, legal: dict[type, list[Any]]) -> list[tuple[float, Any]]:
        """Each legal walk with the hard bot's score for it (its `_move_step` judgement), best first."""
        me = view.players[self.seat]
        heights = list(me.heights)
        loads: dict[str, float] = {}

        def load(code: str) -> float:
            if code not in loads:
                loads[code] = self._best_load(view, code, heights)
            return loads[code]

        hand_best = max((load(c) for c in me.hand or ()), default=-20.0)
        out = [(score + self.LOOKAHEAD * max(hand_best, load(sp.card)), a) for a, sp, score in self._walks(view, legal)]
        out.sort(key=lambda x: -x[0])
        return out

    def _search_walk(self, view: DabbaView, legal: dict[type, list[Any]], budget: int) -> Any:
        scored = self.walk_scores(view, legal)
        if not scored:
            return super().choose(view, [a for v in legal.values() for a in v], budget)
        cands = scored[: self.WIDTH]
        if len(cands) == 1:
            return cands[0][1]
        n = len(cands)
        visits = [0] * n
        totals = [0.0] * n
        players = [HardBot("hard", self.rng.randbelow(1 << 62), p) for p in range(len(view.players))]
        for it in range(max(budget, n)):
            if it >= n and self.stop is not None and self.stop():
                break
            i = next_candidate(it, visits, totals, self.EXPLORE)
            sim = determinise(view, self.rng)
            sim.apply(self.seat, cands[i][1])
            visits[i] += 1
            if self.FINAL == "visits":  # UCB on the whole worth, now and next; the most searched walk is played
                totals[i] += cands[i][0] + self.NEXT_WEIGHT * self._next_walk(sim, players)
            else:
                totals[i] += self._next_walk(sim, players)
        if self.FINAL == "visits":
            best = max(range(n), key=lambda j: (visits[j], totals[j] / max(1, visits[j])))
        else:
            best = max(range(n), key=lambda j: cands[j][0] + self.NEXT_WEIGHT * totals[j] / max(1, visits[j]))
        return cands[best][1]

    def _next_walk(self, sim: DabbaWallaState, players: list[HardBot]) -> float:
        """Play on with the hard bot's choices until our next walk; what the best walk is worth then."""
        me = self.seat
        for _ in range(400):
            if sim.phase != "pickup":
                return 0.0
            seat = sim.actors()[0]
            if seat == me and sim.step == "move":
                break
            view = sim.view(seat)
            sim.apply(seat, players[seat].choose(view, sim.legal_actions(seat), 0))
        view = sim.view(me)
        scored = self.walk_scores(view, self._by_type(sim.legal_actions(me)))
        return scored[0][0] if scored else 0.0


__all__ = ["ExpertBot"]
