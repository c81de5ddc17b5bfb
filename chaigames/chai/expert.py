"""Chai's expert: a search over what it cannot see.

Each simulation deals the hidden things afresh from the bot's own view (`determinise`: the bag's
order, the additive deck, the rivals' reserved customers, the customer deck, face-down tips), plays one
candidate move on that deal, then the rest of this turn and a few rounds of turns with a quick policy
for every seat, and scores the margin over the strongest rival. Every candidate is played on the same
deals, and the budget is spent by sequential halving (each round the worse half of the candidates
goes), so the move that does best across all the guesses at the hidden cards wins: information-set
Monte Carlo search with one level of tree (the rest of the game is unknown anyway; a deeper tree over
one deal would trust cards it has guessed).

`budget` counts simulations, so a seed gives the same moves at any machine load. A host may also set
`stop`, a callable that says when its wall-clock time is up: the search then answers with what it has.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from chaigames.engine import Rng
from chaigames.engine.search import next_candidate

from .actions import (
    ChooseFirst,
    DiscardAdditive,
    DiscardCustomer,
    DiscardTile,
    Fulfil,
    Pass,
    ReserveDeck,
    ReservePool,
)
from .bots import RolloutBot, _FastPolicy, determinise, distinct_actions, evaluate, wasteful
from .state import ChaiState
from .view import ChaiView

WIDTH = 10  # candidates kept for the search (by the one-step judgement)
EXPLORE = 6.0  # UCB1 exploration, in points of margin
MIN_DEALS = 3  # deals each candidate is tried on in a round, whatever the budget: one deal can mislead


class ExpertPolicy(_FastPolicy):
    """The rollout policy: the quick greedy policy, but it hardly ever takes what it must throw away."""

    OVERFLOW = 4.0


class ExpertBot(RolloutBot):
    """Expert: determinised UCB search over the candidate moves, `budget` simulations."""

    horizon_turns = 3
    RIVALS = 1.0
    SEARCH = "ucb"  # or "halving": both measured in benchmarks/expert_tournament.py
    stop: Callable[[], bool] | None = None

    def policy(self, rng: Rng) -> _FastPolicy:
        return ExpertPolicy(rng)

    def choose(self, view: ChaiView, legal_actions: Sequence[Any], budget: int) -> Any:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, ChooseFirst):
            return super().choose(view, legal, budget)
        st = determinise(view, self.rng)
        if isinstance(first, Fulfil):  # serve (the best order by the one-step judgement), as hard does
            return self.greedy(st, [a for a in legal if isinstance(a, Fulfil)])
        if isinstance(first, Pass | DiscardTile | DiscardAdditive | DiscardCustomer):
            return self.greedy(st, legal)
        cands = self.candidates(st, legal)
        if len(cands) == 1 or budget <= 0:
            return cands[0]
        return self.search(view, cands, budget)

    def candidates(self, st: ChaiState, legal: list[Any]) -> list[Any]:
        """The main actions worth searching, best first by the one-step judgement: never one that takes
        more than can be held (while another move does not), the best few, and every reservation."""
        cands = distinct_actions(st, legal)
        cands = [a for a in cands if not wasteful(st, self.seat, a)] or cands
        scored = []
        for a in cands:
            child = st.clone()
            child.apply(self.seat, a)
            scored.append((evaluate(child, self.seat, held=self.HELD), a))
        scored.sort(key=lambda x: -x[0])
        keep = [a for _, a in scored[:WIDTH]]
        keep += [a for _, a in scored[WIDTH:] if isinstance(a, ReservePool | ReserveDeck) and len(keep) < 14]
        return keep

    def search(self, view: ChaiView, cands: list[Any], budget: int) -> Any:
        return (
            self.search_ucb(view, cands, budget) if self.SEARCH == "ucb" else self.search_halving(view, cands, budget)
        )

    def search_ucb(self, view: ChaiView, cands: list[Any], budget: int) -> Any:
        """UCB1 over the candidates, a fresh deal for every simulation; the most tried move wins."""
        n = len(cands)
        visits = [0] * n
        totals = [0.0] * n
        for it in range(budget):
            if it >= n and self.stop is not None and self.stop():
                break
            i = next_candidate(it, visits, totals, EXPLORE)
            sim = determinise(view, self.rng)
            sim.apply(self.seat, cands[i])
            visits[i] += 1
            totals[i] += self._rollout(sim)
        tried = [i for i in range(n) if visits[i]]
        best = max(tried, key=lambda j: (visits[j], totals[j] / visits[j]))
        return cands[best]

    def search_halving(self, view: ChaiView, cands: list[Any], budget: int) -> Any:
        """Sequential halving over the candidates, each round on shared deals: every candidate still in
        is played on the same deals of the hidden cards with the same rollout dice, so the comparison
        is between moves, not between lucky and unlucky deals; after each round the worse half goes."""
        alive = list(range(len(cands)))
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        rounds = max(1, math.ceil(math.log2(len(cands))))
        spent = 0
        for r in range(rounds):
            per_round = (budget - spent) // (rounds - r)
            deals = max(MIN_DEALS, per_round // len(alive))
            for _ in range(deals):
                if spent and self.stop is not None and self.stop():
                    break
                deal = determinise(view, self.rng)
                dice = self.rng.randbelow(1 << 62)
                for i in alive:
                    sim = deal.clone()
                    sim.apply(self.seat, cands[i])
                    totals[i] += self._rollout(sim, Rng(dice))
                    counts[i] += 1
                    spent += 1
            alive.sort(key=lambda j: -(totals[j] / max(1, counts[j])))
            if r < rounds - 1:
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        return cands[alive[0]]
