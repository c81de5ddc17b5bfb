"""Chai bots: easy (random among sensible moves), normal (greedy planner), hard (determinised rollouts);
expert (a search across deals of the hidden cards) lives in `expert`.

Every bot sees only its own view. To think with the rules, a bot rebuilds a full state from the
view (`determinise`): what it cannot see (the bag's draw order, the additive deck's order, the
other seats' reserved customers, the customer deck, face-down tips) is dealt at random from what
is still unaccounted for. Its own RNG, seeded from (game seed, seat), is the only chance it uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chaigames.engine import GameConfig, Rng, SeatConfig

from .actions import (
    ChooseFirst,
    DiscardAdditive,
    DiscardCustomer,
    DiscardTile,
    DrawAdditive,
    Fulfil,
    Pass,
    ReserveDeck,
    ReservePool,
    TakeAdditives,
    VisitMarket,
)
from .data import (
    ADDITIVE_LIMIT,
    ADDITIVE_NEEDS,
    ADDITIVES,
    CARDS_PER_ADDITIVE,
    CUP_ROUNDS,
    CUSTOMERS,
    FLAVOUR_NEEDS,
    FLAVOURS,
    OTHER_TEA_FEE,
    RESERVE_LIMIT,
    TILE_LIMIT,
    TILES_PER_FLAVOUR,
    TIPS,
    customers_of,
)
from .market import Bag, Market
from .state import ChaiState
from .view import ChaiView

MEAN_TIP = sum(TIPS) / len(TIPS)


# -- seeing the game from a view --------------------------------------------------------------------
def determinise(view: ChaiView, rng: Rng) -> ChaiState:
    """A full state consistent with `view`: hidden things dealt at random from what is unaccounted for."""
    seat = view.seat
    players = view.players
    n = len(players)
    config = GameConfig(
        seats=tuple(SeatConfig(p.name, options={"tea": p.tea}) for p in players),
        options={"first_customer": "random"},
        start_player=view.start_player,
    )
    st = object.__new__(ChaiState)
    st.config = config
    st.rng = Rng(rng.randbelow(1 << 62))
    st.n = n
    st.teas = [p.tea for p in players]
    st.start = view.start_player
    st.turn = view.turn
    st.phase = view.phase
    st.money = [p.money for p in players]
    st.tiles = [[p.tiles[f] for f in FLAVOURS] for p in players]
    st.adds = [[p.additives[k] for k in ADDITIVES] for p in players]
    st.fulfilled = [list(p.fulfilled) for p in players]
    st.tokens = dict(view.tokens)
    st.spent = dict(view.spent_tokens)
    st.market = Market([[FLAVOURS.index(f) for f in row] for row in view.market])
    cups = view.cups
    st.cups = [[c.seat, c.customer] if c is not None else None for c in cups]
    # the bag: every tile not in sight
    bag = [TILES_PER_FLAVOUR] * len(FLAVOURS)
    for row in st.market.rows:
        for f in row:
            bag[f] -= 1
    for hand in st.tiles:
        for f, c in enumerate(hand):
            bag[f] -= c
    hidden_adds = [CARDS_PER_ADDITIVE] * len(ADDITIVES)
    for cup in st.cups:
        if cup is not None:
            cust = CUSTOMERS[cup[1]]
            for f, c in enumerate(cust.flavours):
                bag[f] -= c
            for k, c in enumerate(cust.additives):
                hidden_adds[k] -= c
    st.bag = Bag(bag)
    st.display = [ADDITIVES.index(k) for k in view.display]
    st.add_discard = [view.additive_discard[k] for k in ADDITIVES]
    for k in st.display:
        hidden_adds[k] -= 1
    for hand in st.adds:
        for k, c in enumerate(hand):
            hidden_adds[k] -= c
    for k, c in enumerate(st.add_discard):
        hidden_adds[k] -= c
    deck = [k for k, c in enumerate(hidden_adds) for _ in range(c)]
    rng.shuffle(deck)
    st.add_deck = deck
    # customers: own reserved are known; the rest of the unseen go to other seats' hands and the deck
    st.pool = [[p.customer, p.coins] for p in view.pool]
    seen = {p[0] for p in st.pool} | set(view.reserved or ())
    for done in st.fulfilled:
        seen.update(done)
    unseen = [c for tea in st.teas for c in customers_of(tea) if c not in seen]
    rng.shuffle(unseen)
    st.reserved = []
    for s, p in enumerate(players):
        if s == seat:
            st.reserved.append(list(view.reserved or ()))
        else:
            k = p.reserved_count
            st.reserved.append(unseen[:k])
            unseen = unseen[k:]
    st.cust_deck = unseen[: view.customer_deck_count]
    # tips: the face-up ones are seen; the others are shuffled among the empty cups and the aside pile
    tips = list(TIPS)
    for shown in cups:
        if shown is not None:
            tips.remove(shown.tip)
    rng.shuffle(tips)
    st.cup_tips = []
    st.tips_flipped = []
    for shown in cups:
        if shown is not None:
            st.cup_tips.append(shown.tip)
            st.tips_flipped.append(True)
        else:
            st.cup_tips.append(tips.pop())
            st.tips_flipped.append(False)
    st.tips_aside = tips
    st.rounds_done = view.rounds_done
    st.turns_taken = view.turns_taken
    st.final_turns = view.final_turns
    st.safety_stopped = False
    st.additive_step = view.additive_step
    st.choose_pending = []
    return st


# -- judging a position -------------------------------------------------------------------------------
def missing(st: ChaiState, seat: int, cid: str) -> int:
    """How many tiles and additive cards `seat` still lacks for customer `cid`."""
    have_t, have_a = st.tiles[seat], st.adds[seat]
    m = 0
    for f, need in FLAVOUR_NEEDS[cid]:
        if need > have_t[f]:
            m += need - have_t[f]
    for k, need in ADDITIVE_NEEDS[cid]:
        if need > have_a[k]:
            m += need - have_a[k]
    return m


def customer_worth(st: ChaiState, seat: int, cid: str) -> float:
    """What serving `cid` is worth to `seat`: VP, an average tip, less the fee for another's tea."""
    cust = CUSTOMERS[cid]
    if st.tokens.get(cust.tea, 0) <= 0:
        return 0.0
    worth = cust.vp + MEAN_TIP
    if cust.tea != st.teas[seat]:
        worth -= OTHER_TEA_FEE
    return worth


def evaluate(
    st: ChaiState,
    seat: int,
    decay: float = 0.72,
    pool_weight: float = 0.55,
    money_weight: float = 0.4,
    held: float = 1.0,
) -> float:
    """Points in hand (VP + money) plus the discounted worth of the best customers within reach.

    Until the last cup round is done coins count for less than their face value: a market visit
    always nets coins, and a bot that values them fully farms the market instead of serving.
    `held` scales what unserved customers are worth: below 1 a customer served is worth more than
    the same customer ready in hand (cups fill and tokens run out), so the bot serves what it can."""
    vp = float(sum(CUSTOMERS[c].vp for c in st.fulfilled[seat]))
    if st.phase == "over" or st.rounds_done >= CUP_ROUNDS:
        return vp + st.money[seat]
    score = vp + money_weight * st.money[seat]
    options = []
    for cid in st.reserved[seat]:
        w = customer_worth(st, seat, cid)
        if w:
            options.append(held * w * decay ** missing(st, seat, cid))
    for cid, coins in st.pool:
        w = customer_worth(st, seat, cid)
        if w:
            options.append(held * (w + coins) * pool_weight * decay ** missing(st, seat, cid))
    options.sort(reverse=True)
    if options:
        score += options[0]
        if len(options) > 1:
            score += 0.45 * options[1]
        if len(options) > 2:
            score += 0.2 * options[2]
    return score


def wasteful(st: ChaiState, seat: int, action: Any) -> bool:
    """Whether a move takes more tiles or additive cards than the seat may hold (the rest must be
    thrown away at once)."""
    if isinstance(action, TakeAdditives):
        return st.display.count(ADDITIVES.index(action.kind)) + sum(st.adds[seat]) > ADDITIVE_LIMIT
    if isinstance(action, VisitMarket):
        return len(st.market.group(action.row, action.col)) + sum(st.tiles[seat]) > TILE_LIMIT
    return False


def distinct_actions(st: ChaiState, legal: Sequence[Any]) -> list[Any]:
    """The legal actions with one market cell per group (cells of one group do the same)."""
    reps = {g[0] for g in st.market.groups()}
    return [a for a in legal if not isinstance(a, VisitMarket) or (a.row, a.col) in reps]


# -- the bots --------------------------------------------------------------------------------------
class EasyBot:
    """Random among sensible moves; always fulfils when it can (the best-paying order)."""

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = Rng(seed)
        self.seat = seat

    def choose(self, view: ChaiView, legal_actions: Sequence[Any], budget: int) -> Any:
        legal = list(legal_actions)
        rng = self.rng
        first = legal[0]
        if isinstance(first, ChooseFirst):
            return rng.choice(legal)
        fulfils = [a for a in legal if isinstance(a, Fulfil)]
        if fulfils:
            return max(fulfils, key=lambda a: CUSTOMERS[a.customer].vp)
        if isinstance(first, DiscardTile | DiscardAdditive | DiscardCustomer):
            return self._discard(view, legal)
        wanted_f, wanted_a = self._wants(view)
        useful: list[Any] = []
        for a in legal:
            if isinstance(a, VisitMarket):
                if FLAVOURS.index(view.market[a.row][a.col]) in wanted_f:
                    useful.append(a)
            elif isinstance(a, TakeAdditives):
                if ADDITIVES.index(a.kind) in wanted_a:
                    useful.append(a)
            elif isinstance(a, ReservePool | ReserveDeck) and len(view.reserved or ()) < 2:
                useful.append(a)
        if useful and rng.random() < 0.8:
            return rng.choice(useful)
        sensible = [a for a in legal if not isinstance(a, ReservePool | ReserveDeck)] or legal
        return rng.choice(sensible)

    def _wants(self, view: ChaiView) -> tuple[set[int], set[int]]:
        me = view.players[self.seat]
        wanted_f: set[int] = set()
        wanted_a: set[int] = set()
        for cid in list(view.reserved or ()) + [p.customer for p in view.pool]:
            cust = CUSTOMERS[cid]
            for f, need in enumerate(cust.flavours):
                if need > me.tiles[FLAVOURS[f]]:
                    wanted_f.add(f)
            for k, need in enumerate(cust.additives):
                if need > me.additives[ADDITIVES[k]]:
                    wanted_a.add(k)
        return wanted_f, wanted_a

    def _discard(self, view: ChaiView, legal: list[Any]) -> Any:
        if isinstance(legal[0], DiscardCustomer):
            return min(legal, key=lambda a: CUSTOMERS[a.customer].vp)
        return self.rng.choice(legal)


class PlannerBot:
    """Normal: a one-step greedy planner. Each distinct move is tried on a determinised copy and the
    position judged by `evaluate`: the reachable customers' worth discounted per missing ingredient,
    so it heads for the customer with the best points per missing ingredient."""

    HELD = 1.0  # `evaluate`'s weight of unserved customers

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = Rng(seed)
        self.seat = seat

    def choose(self, view: ChaiView, legal_actions: Sequence[Any], budget: int) -> Any:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], ChooseFirst):
            return max(legal, key=lambda a: CUSTOMERS[a.customer].vp / (1 + CUSTOMERS[a.customer].tiles_needed))
        st = determinise(view, self.rng)
        return self.greedy(st, legal)

    def greedy(self, st: ChaiState, legal: Sequence[Any]) -> Any:
        seat = self.seat
        best, best_score = legal[0], float("-inf")
        for a in distinct_actions(st, legal):
            if isinstance(a, ReserveDeck | DrawAdditive) or (isinstance(a, ReservePool) and self._full(st)):
                continue
            child = st.clone()
            child.apply(seat, a)
            score = evaluate(child, seat, held=self.HELD) + self.rng.random() * 0.01
            if score > best_score:
                best, best_score = a, score
        if best_score == float("-inf"):
            return self.rng.choice(list(legal))
        return best

    @staticmethod
    def _full(st: ChaiState) -> bool:
        return len(st.reserved[st.turn]) >= RESERVE_LIMIT


class RolloutBot(PlannerBot):
    """Hard: for each distinct move, play the game on from determinised copies with the greedy
    policy for every seat to a short horizon, and pick the move with the best average margin over the
    best opponent. `budget` is the number of rollouts per decision."""

    horizon_turns = 2  # rounds of turns looked ahead
    HELD = 0.8  # a customer served beats the same customer ready in hand

    def choose(self, view: ChaiView, legal_actions: Sequence[Any], budget: int) -> Any:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, ChooseFirst):
            return super().choose(view, legal, budget)
        st = determinise(view, self.rng)
        cands = [a for a in distinct_actions(st, legal) if not isinstance(a, DrawAdditive | ReserveDeck)]
        cands = [a for a in cands if not wasteful(st, self.seat, a)] or cands
        if isinstance(first, Fulfil):  # a customer served now is never worse than one ready in hand
            return self.greedy(st, [a for a in legal if isinstance(a, Fulfil)])
        if not cands or isinstance(first, Pass | DiscardTile | DiscardAdditive | DiscardCustomer):
            return self.greedy(st, legal)
        # keep the most promising few by the greedy judgement, then roll them out
        scored = []
        for a in cands:
            child = st.clone()
            child.apply(self.seat, a)
            scored.append((evaluate(child, self.seat, held=self.HELD), a))
        scored.sort(key=lambda x: -x[0])
        width = max(2, min(len(scored), 6))
        top = [a for _, a in scored[:width]]
        if budget <= 0 or len(top) == 1:
            return top[0]
        per = max(1, budget // len(top))
        best, best_val = top[0], float("-inf")
        for a in top:
            total = 0.0
            for _ in range(per):
                sim = determinise(view, self.rng)
                sim.apply(self.seat, a)
                total += self._rollout(sim)
            val = total / per
            if val > best_val:
                best, best_val = a, val
        return best

    RIVALS = 0.5  # weight of the strongest rival's position against our own

    def policy(self, rng: Rng) -> _FastPolicy:
        """The policy every seat plays in a rollout."""
        return _FastPolicy(rng)

    NOW = 0.3  # bonus per point served in this turn: a serve in hand beats the same serve next turn

    def _rollout(self, sim: ChaiState, rng: Rng | None = None) -> float:
        """Play on with the quick policy for every seat to the horizon; the margin over the strongest
        rival, plus a bonus for the points this turn serves (the rivals in a rollout never take what we
        need, so a later serve would look as safe as one now)."""
        me = self.seat
        policy = self.policy(rng or self.rng)
        limit = sim.turns_taken + self.horizon_turns * sim.n + (1 if sim.turn == me else 0)
        before = sum(CUSTOMERS[c].vp for c in sim.fulfilled[me])
        served_now = None
        steps = 0
        while not sim.is_over() and sim.turns_taken < limit and steps < 600:
            seat = sim.actors()[0]
            if served_now is None and seat != me:
                served_now = sum(CUSTOMERS[c].vp for c in sim.fulfilled[me]) - before
            sim.apply(seat, policy.pick(sim, seat))
            steps += 1
        mine = evaluate(sim, me, held=self.HELD)
        others = max(evaluate(sim, s, held=self.HELD) for s in range(sim.n) if s != me)
        return mine - self.RIVALS * others + self.NOW * (served_now or 0)


class _FastPolicy:
    """A quick greedy policy for rollouts, judged without copying the state: fulfil the best order;
    else the market group or additive kind that most shortens the way to a worthwhile customer."""

    OVERFLOW = 0.5  # cost of each tile or additive card taken beyond the limit (it must be discarded)

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def pick(self, st: ChaiState, seat: int) -> Any:
        # a main action within the limits is always a choice among several moves, none a serve or a discard:
        # the legal list is only needed for the other steps (the rollouts make thousands of main actions)
        legal = None if st.phase == "main" and st.over_limit(seat) is None else st.legal_actions(seat)
        if legal is not None and len(legal) == 1:
            return legal[0]
        first = legal[0] if legal else None
        if isinstance(first, Fulfil):
            assert legal is not None
            return max((a for a in legal if isinstance(a, Fulfil)), key=lambda a: CUSTOMERS[a.customer].vp)
        targets = self._targets(st, seat)
        if isinstance(first, DiscardTile | DiscardAdditive | DiscardCustomer):
            assert legal is not None
            return self._discard(st, seat, legal, targets)
        best, best_score = None, float("-inf")
        have_t, have_a = st.tiles[seat], st.adds[seat]
        wants_t = [(w, CUSTOMERS[cid].flavours) for w, cid in targets]
        wants_a = [(w, CUSTOMERS[cid].additives) for w, cid in targets]
        room_t = 12 - sum(have_t)
        room_a = 6 - sum(st.adds[seat])
        rows = st.market.rows
        # one move per market group (its first cell), then one per additive kind face up, as legal lists them
        moves: list[tuple[Any, float]] = []
        if st.phase == "main":
            gains: dict[tuple[int, int], float] = {}  # (flavour, tiles): the same for every group alike
            for group in st.market.groups():
                r, c = group[0]
                k = len(group)
                price = max(col for _, col in group)
                score = 0.4 * (3 - (1, 1, 2, 2, 3, 3)[price])
                key = (rows[r][c], k)
                gain = gains.get(key)
                if gain is None:
                    gain = gains[key] = self._gain(wants_t, have_t, rows[r][c], k)
                score += gain - max(0, k - room_t) * self.OVERFLOW
                moves.append((VisitMarket(r, c), score))
        for kind in sorted(set(st.display)):
            k = st.display.count(kind)
            score = self._gain(wants_a, have_a, kind, k) - max(0, k - room_a) * self.OVERFLOW
            if st.phase == "main":
                score *= 0.75  # half a turn: the second action may add more
            moves.append((TakeAdditives(ADDITIVES[kind]), score))
        for a, score in moves:
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = a, score
        return best if best is not None else self.rng.choice(legal if legal is not None else st.legal_actions(seat))

    @staticmethod
    def _targets(st: ChaiState, seat: int) -> list[tuple[float, str]]:
        out = []
        for cid in st.reserved[seat]:
            w = customer_worth(st, seat, cid)
            if w:
                out.append((w, cid))
        for cid, coins in st.pool:
            w = customer_worth(st, seat, cid)
            if w:
                out.append(((w + coins) * 0.55, cid))
        return out

    @staticmethod
    def _gain(wants: list[tuple[float, tuple[int, ...]]], have: list[int], idx: int, k: int) -> float:
        """The best rise in a target's discounted worth (`wants`: each target's worth and its needs, of
        flavours or of additives) from gaining k of item idx."""
        best = 0.0
        held = have[idx]
        for w, needs in wants:
            useful = min(k, needs[idx] - held)
            if useful > 0:
                gain = w * (1 - 0.72**useful)
                if gain > best:
                    best = gain
        return best

    @staticmethod
    def _discard(st: ChaiState, seat: int, legal: list[Any], targets: list[tuple[float, str]]) -> Any:
        if isinstance(legal[0], DiscardCustomer):
            return min(legal, key=lambda a: customer_worth(st, seat, a.customer))
        needed_t = [0] * len(FLAVOURS)
        needed_a = [0] * len(ADDITIVES)
        for _, cid in targets:
            for f, n in FLAVOUR_NEEDS[cid]:
                needed_t[f] = max(needed_t[f], n)
            for k, n in ADDITIVE_NEEDS[cid]:
                needed_a[k] = max(needed_a[k], n)
        if isinstance(legal[0], DiscardTile):
            return max(
                legal, key=lambda a: st.tiles[seat][FLAVOURS.index(a.flavour)] - needed_t[FLAVOURS.index(a.flavour)]
            )
        return max(legal, key=lambda a: st.adds[seat][ADDITIVES.index(a.kind)] - needed_a[ADDITIVES.index(a.kind)])


def make_bot(level: str, seed: int, seat: int) -> Any:
    if level == "easy":
        return EasyBot(seed, seat)
    if level == "normal":
        return PlannerBot(seed, seat)
    if level == "hard":
        return RolloutBot(seed, seat)
    if level == "expert":
        from .expert import ExpertBot

        return ExpertBot(seed, seat)
    raise ValueError(f"unknown bot level {level!r}")
