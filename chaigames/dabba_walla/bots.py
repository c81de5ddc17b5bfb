"""Dabba Walla bots: easy (random but sensible), normal (greedy), hard (lookahead and rollouts).

Bots read only their own `DabbaView` and the legal actions. Easy picks at random among the moves a
casual player would consider (never an empty dabba while the tile fits, never the long way round to a
space). Normal is greedy: cards that suit its colours, flat loads that complete chai symbols, delivery
cards that lift its level's colours.
Hard searches where the game's hidden information allows it: in the delivery phase every hand is
public (DW-15), so it plays each candidate card and chai tile out to the end of the game against the
rivals' greedy replies (their current hidden picks sampled), `budget` rollouts in all; in the pick-up
phase it looks one step ahead (which card each move brings and how well the new hand can be loaded)
and loads each level in as few colours as it can, since one delivery card lifts one colour per level.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any

from chaigames.engine import Rng

from . import data as D
from . import geometry as G
from .actions import (
    AddChai,
    AddEmpty,
    BonusDabba,
    Commit,
    EndTurn,
    Jump,
    Move,
    Place,
    PlayCard,
    ReturnTile,
    Start,
    Swap,
)
from .tracks import track_from_sums
from .view import DabbaView

TILE_SIZE: tuple[int, ...] = tuple(len(D.SHAPES[row[0]]) for row in D.TILE_TABLE)


def card_size(code: str) -> int:
    return TILE_SIZE[D.CARD_IDS[code] % D.TILES_PER_COLOUR]


def card_colour(code: str) -> int:
    return D.CARD_IDS[code] // D.TILES_PER_COLOUR


def card_tips(code: str) -> tuple[int, int, int, int]:
    return D.CARD_TIPS[D.CARD_IDS[code]]


def level_counts(view: DabbaView, seat: int, level: int) -> list[int]:
    """Dabbas per colour (Y, R, B, G) and empties (index 4) of a seat on one level."""
    out = [0, 0, 0, 0, 0]
    for stack in view.players[seat].stacks:
        for layer in stack:
            if layer.level == level:
                out[D.COLOURS.index(layer.colour) if layer.colour else 4] += 1
    return out


def loaded_colours(view: DabbaView, seat: int) -> list[int]:
    out = [0, 0, 0, 0]
    for stack in view.players[seat].stacks:
        for layer in stack:
            if layer.colour:
                out[D.COLOURS.index(layer.colour)] += 1
    return out


def empty_plan(view: DabbaView, seat: int, card: str) -> AddEmpty | None:
    """DW-5 levelling: one empty dabba towards the footprint that needs the fewest."""
    heights = list(view.players[seat].heights)
    best, best_need = None, 1 << 30
    for fp in G.FOOTPRINTS[view.vehicle][D.CARD_IDS[card] % D.TILES_PER_COLOUR]:
        hs = [heights[s] for s in fp.squares]
        need = max(hs) * len(hs) - sum(hs)
        if need < best_need:
            best, best_need = fp, need
    if best is None or best_need == 0:
        return None
    top = max(heights[s] for s in best.squares)
    low = min((s for s in best.squares if heights[s] < top), key=lambda s: heights[s])
    return AddEmpty(*divmod(low, view.cols))


@cache
def _adjacent(cols: int, squares: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Each pair of side-by-side squares of a vehicle, once (the one to the right, the one below)."""
    inside = set(squares)
    pairs = []
    for s in squares:
        if s % cols + 1 < cols and s + 1 in inside:
            pairs.append((s, s + 1))
        if s + cols in inside:
            pairs.append((s, s + cols))
    return tuple(pairs)


@cache
def _neighbours(cols: int, squares: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each square of a vehicle that has squares beside it (above, below, left, right) inside the vehicle,
    with them (worked out once per vehicle: the bots judge thousands of placements a decision)."""
    inside = set(squares)
    out = []
    for s in squares:
        c = s % cols
        nbs = tuple(
            x for x in (s - cols, s + cols, s - 1 if c > 0 else -1, s + 1 if c + 1 < cols else -1) if x in inside
        )
        if nbs:
            out.append((s, nbs))
    return tuple(out)


def holes(view: DabbaView, heights: list[int]) -> int:
    """The squares boxed in lower than every square beside them: likely holes that will need empties."""
    count = 0
    for s, nbs in _neighbours(view.cols, view.squares):
        h = heights[s]
        for x in nbs:
            if heights[x] <= h:
                break
        else:
            count += 1
    return count


def bumpiness(view: DabbaView, heights: list[int]) -> int:
    total = 0
    for a, b in _adjacent(view.cols, view.squares):
        total += abs(heights[a] - heights[b])
    return total


def placement_score(view: DabbaView, seat: int, card: str, place: Place, level_weight: float = 0.8) -> float:
    """Greedy worth of a placement: a chai completed, a flat load, low levels first, halves kept open."""
    heights = list(view.players[seat].heights)
    stacks = view.players[seat].stacks
    fp = G.footprint(view.vehicle, D.CARD_IDS[card] % D.TILES_PER_COLOUR, place.orientation, place.row, place.col)
    assert fp is not None
    level = place.level
    for s in fp.squares:
        heights[s] = level
    score = 0.0
    nb = fp.nb_square
    if nb >= 0:
        if heights[nb] == level and stacks[nb] and stacks[nb][-1].half == D.SIDES[G.OPPOSITE[fp.half_side]]:
            score += 7.0
        elif heights[nb] == level - 1:
            score += 0.7  # the half still faces an open square on this level
    score -= 1.0 * bumpiness(view, heights)
    score -= level_weight * level
    return score - 2.0 * holes(view, heights)


class _Base:
    LEVEL_WEIGHT = 0.8  # placement: how much a higher level costs
    GREEDY = 0.7  # hard: how often a rival is assumed to play its greedy card
    RIVAL_WEIGHT = 0.6  # hard: weight of the strongest rival's tips against our own
    SIZE_WEIGHT = 1.0  # card value: weight of the tile's number of dabbas
    SIZE_FOCUS = 2.0  # card value: bonus for a tile of the colours we already collect
    TIP_FOCUS = 3.0  # card value: bonus for card tips on the colours we have loaded
    TICKET_COST = 1.1  # move: worth of a ticket spent

    def __init__(self, level: str, seed: int, seat: int) -> None:
        self.level = level
        self.rng = Rng(seed)
        self.seat = seat

    # shared pieces -----------------------------------------------------------------------------
    def _by_type(self, legal: Sequence[Any]) -> dict[type, list[Any]]:
        out: dict[type, list[Any]] = {}
        for a in legal:
            out.setdefault(type(a), []).append(a)
        return out

    def _place_step(self, view: DabbaView, legal: dict[type, list[Any]], greedy: bool) -> Any:
        me = view.players[self.seat]
        card = me.pending
        assert card is not None
        places = legal.get(Place)
        if places:
            if not greedy:
                return self.rng.choice(places)
            return max(places, key=lambda a: placement_score(view, self.seat, card, a, self.LEVEL_WEIGHT))
        if ReturnTile in legal:
            return legal[ReturnTile][0]
        plan = empty_plan(view, self.seat, card)
        if plan is not None and AddEmpty in legal:
            return plan
        return self.rng.choice([a for v in legal.values() for a in v])

    def _bonus_action(self, view: DabbaView, legal: dict[type, list[Any]], greedy: bool) -> Any | None:
        options = legal.get(BonusDabba)
        if not options:
            return None
        if not greedy:
            return self.rng.choice(options)
        weights = self._colour_weights(view)
        heights = list(view.players[self.seat].heights)

        def score(a: BonusDabba) -> float:
            s = a.row * view.cols + a.col
            h2 = heights[:]
            h2[s] += 1
            return -bumpiness(view, h2) - 0.5 * h2[s] + 0.2 * weights[D.COLOURS.index(a.colour)]

        return max(options, key=score)

    def _colour_weights(self, view: DabbaView) -> list[float]:
        me = view.players[self.seat]
        loaded = loaded_colours(view, self.seat)
        tips = [0, 0, 0, 0]
        for code in me.played + (me.hand or ()):
            for c, v in enumerate(card_tips(code)):
                tips[c] += v
        return [loaded[c] * 0.5 + tips[c] * 1.0 for c in range(4)]

    def card_value(self, view: DabbaView, code: str) -> float:
        """How much a card is worth to this seat: its tile's dabbas and its tips for our colours."""
        w = self._colour_weights(view)
        total = sum(w) or 1.0
        colour = card_colour(code)
        size = card_size(code)
        value = self.SIZE_WEIGHT * size * (1.0 + self.SIZE_FOCUS * w[colour] / total)
        loaded = loaded_colours(view, self.seat)
        all_loaded = sum(loaded) or 1
        for c, v in enumerate(card_tips(code)):
            value += v * (0.6 + self.TIP_FOCUS * loaded[c] / all_loaded)
        return value

    def _walks(self, view: DabbaView, legal: dict[type, list[Any]]) -> Iterator[tuple[Any, Any, float]]:
        """Every legal walk (start, move or jump) to a space with a card, with its score: the card's
        worth and the tickets lying there, less the tickets spent on the way and a jump tile used."""
        me = view.players[self.seat]
        for kind in (Start, Move, Jump):
            for a in legal.get(kind, ()):
                if kind is Move:
                    space = (me.position + a.steps * a.direction) % 6
                    cost = a.steps - 1
                else:
                    space, cost = a.space, 0
                sp = view.spaces[space]
                if sp.card is None:
                    continue
                score = self.card_value(view, sp.card) + sp.tickets - cost * self.TICKET_COST
                yield a, sp, score - 2.5 if kind is Jump else score

    def _move_step(self, view: DabbaView, legal: dict[type, list[Any]]) -> Any:
        best, best_score = None, -1e9
        for a, _, score in self._walks(view, legal):
            if score > best_score:
                best, best_score = a, score
        if best is None:
            best = self.rng.choice([a for k in (Start, Move, Jump) for a in legal.get(k, ())])
        return best

    def _play_step(self, view: DabbaView, legal: dict[type, list[Any]]) -> Any:
        plays = legal[PlayCard]
        heights = list(view.players[self.seat].heights)

        def score(a: PlayCard) -> float:
            tile = D.CARD_IDS[a.card] % D.TILES_PER_COLOUR
            places = G.legal_placements(view.vehicle, tile, heights)
            if not places:
                return -10.0 - 2 * G.levelling_need(view.vehicle, tile, heights)
            best = max(
                placement_score(view, self.seat, a.card, Place(fp.orientation, fp.row, fp.col, lv), self.LEVEL_WEIGHT)
                for fp, lv in places
            )
            return best + 0.3 * card_size(a.card)

        return max(plays, key=score)

    # delivery ----------------------------------------------------------------------------------
    def _round_gain(self, counts: list[int], sums: list[int], view: DabbaView) -> int:
        dz = view.double_zero
        dzi = (D.COLOURS.index(dz[0]), D.COLOURS.index(dz[1])) if dz else (-1, -1)
        _, values = track_from_sums(sums, dzi)
        return sum(counts[c] * values[c] for c in range(4))


class EasyBot(_Base):
    """Random among sensible moves: never an empty dabba while the tile fits without one, never the longer
    way round to a space."""

    def choose(self, view: DabbaView, legal_actions: Sequence[Any], budget: int) -> Any:
        legal = self._by_type(legal_actions)
        if view.phase == "delivery":
            me = view.players[self.seat]
            adds = [a for a in legal.get(AddChai, ()) if a.kind != "later"]
            if adds and (me.choice is None or not me.choice[1]) and self.rng.random() < 0.3:
                return self.rng.choice(adds)
            return self.rng.choice(legal[Commit])
        if view.step == "place":
            return self._place_step(view, legal, greedy=False)
        bonus = self._bonus_action(view, legal, greedy=False)
        if bonus is not None:
            return bonus
        if view.step == "move":
            moves = [*legal.get(Start, ()), *cheapest_moves(legal.get(Move, ())), *legal.get(Jump, ())]
            return self.rng.choice(moves)
        if view.step == "play":
            return self.rng.choice(legal[PlayCard])
        return legal[EndTurn][0]


def cheapest_moves(moves: Sequence[Move]) -> list[Move]:
    """The moves that reach their space by the shorter way: k spaces one way and 6 - k the other end on the
    same space, and the longer way leaves tickets on cards for nothing. A tie (3 and 3) keeps both."""
    fewest: dict[int, int] = {}
    for m in moves:
        target = (m.steps * m.direction) % 6
        fewest[target] = min(fewest.get(target, 7), m.steps)
    return [m for m in moves if m.steps == fewest[(m.steps * m.direction) % 6]]


class NormalBot(_Base):
    """Greedy: cards that suit its colours, flat loads that complete chai, cards that lift its level."""

    def choose(self, view: DabbaView, legal_actions: Sequence[Any], budget: int) -> Any:
        legal = self._by_type(legal_actions)
        if view.phase == "delivery":
            return self._deliver(view, legal)
        if view.step == "place":
            return self._place_step(view, legal, greedy=True)
        bonus = self._bonus_action(view, legal, greedy=True)
        if bonus is not None:
            return bonus
        if view.step == "move":
            return self._move_step(view, legal)
        if view.step == "play":
            return self._play_step(view, legal)
        return legal[EndTurn][0]

    def _deliver(self, view: DabbaView, legal: dict[type, list[Any]]) -> Any:
        me = view.players[self.seat]
        counts = level_counts(view, self.seat, view.level)
        commits = legal[Commit]
        if commits[0].card is None:
            return commits[0]
        chosen_kinds = me.choice[1] if me.choice else ()
        # add a +1 tile on the colour where we deliver the most, when that beats its 2 end tips
        if not chosen_kinds:
            for a in legal.get(AddChai, ()):
                if a.kind[0] == "+" and counts[D.COLOURS.index(a.kind[1])] >= 3:
                    return a

        def score(a: Commit) -> tuple[float, float]:
            assert a.card is not None  # a card-less commit comes only with an empty hand, answered above
            tips = card_tips(a.card)
            now = sum(counts[c] * tips[c] for c in range(4))
            return (now, -sum(tips))

        return max(commits, key=score)


class HardBot(NormalBot):
    """Pick-up: the normal evaluation valuing bigger tiles more, tickets higher and card tips lower, plus
    colour purity (a tile is worth more on a level already of its colour: one delivery card, and the
    rivals' cards, lift one track for the whole level), and a move chosen by the card it brings AND how
    well the best card of the new hand can be loaded right away (weights tuned on seeds 1-200 against
    three normal bots; see benchmarks/dabba_walla_tournament.py for figures on other seeds).
    Delivery: rollouts of the rest of the delivery phase for every card and chai tile
    (hands are public then, DW-15), rivals' hidden current picks sampled, `budget` rollouts in all."""

    SIZE_WEIGHT = 1.6
    GREEDY = 1.0  # rivals are assumed greedy
    ROLLOUTS = True  # delivery: rollouts to the end of the game (False: one-round sampling, `_search`)
    ROLLOUT_RIVAL = 1.0  # weight of the rivals' tips in a rollout's margin
    ROLLOUT_MAX = False  # margin over the strongest rival (else over the rivals' mean)
    LOOKAHEAD = 1.0  # weight of the best immediate load after a move (0 = the normal move choice)

    COLOUR_PURITY = 2.0  # placement: bonus per dabba of the tile's colour already on its level (minus others)
    TICKET_COST = 1.9  # move: worth of a ticket spent (each one left is a tip at the end)
    TIP_FOCUS = 1.2
    PLAY_SIZE = 0.3  # play step: preference for loading bigger tiles first
    stop: Callable[[], bool] | None = None  # a host's wall clock: once it says so, each candidate left gets one rollout

    def choose(self, view: DabbaView, legal_actions: Sequence[Any], budget: int) -> Any:
        legal = self._by_type(legal_actions)
        if view.phase == "delivery":
            if self.ROLLOUTS:
                return self._rollout_search(view, legal, max(budget, 1))
            return self._search(view, legal, max(budget, 1))
        return super().choose(view, legal_actions, budget)

    def _load_value(self, view: DabbaView, card: str, place: Place) -> float:
        """The normal placement score plus colour purity: a level of one colour is delivered by one card."""
        score = placement_score(view, self.seat, card, place, self.LEVEL_WEIGHT)
        if self.COLOUR_PURITY:
            counts = level_counts(view, self.seat, place.level)
            same = counts[card_colour(card)]
            other = sum(counts[:4]) - same
            score += self.COLOUR_PURITY * (same - other) * card_size(card) / 4.0
        return score

    def _place_step(self, view: DabbaView, legal: dict[type, list[Any]], greedy: bool) -> Any:
        places = legal.get(Place)
        card = view.players[self.seat].pending
        if places and card is not None:
            return max(places, key=lambda a: self._load_value(view, card, a))
        return super()._place_step(view, legal, greedy)

    def _best_load(self, view: DabbaView, code: str, heights: list[int]) -> float:
        tile = D.CARD_IDS[code] % D.TILES_PER_COLOUR
        places = G.legal_placements(view.vehicle, tile, heights)
        if not places:
            return -10.0 - 2 * G.levelling_need(view.vehicle, tile, heights)
        return max(self._load_value(view, code, Place(fp.orientation, fp.row, fp.col, lv)) for fp, lv in places)

    def _play_step(self, view: DabbaView, legal: dict[type, list[Any]]) -> Any:
        heights = list(view.players[self.seat].heights)
        return max(
            legal[PlayCard], key=lambda a: self._best_load(view, a.card, heights) + self.PLAY_SIZE * card_size(a.card)
        )

    def _move_step(self, view: DabbaView, legal: dict[type, list[Any]]) -> Any:
        """Look one step further than normal: after each move, which card could we load, and how well?"""
        judged = self.judged_walks(view, legal) if self.LOOKAHEAD else []
        return judged[0][1] if judged else super()._move_step(view, legal)

    def judged_walks(self, view: DabbaView, legal: dict[type, list[Any]]) -> list[tuple[float, Any]]:
        """Each legal walk with this bot's score for it (the walk's own worth and how well the best card of
        the new hand loads), best first; ties keep the order in which they are met, so the first is the
        walk this bot plays."""
        me = view.players[self.seat]
        heights = list(me.heights)
        best_load: dict[str, float] = {}

        def load_score(code: str) -> float:
            if code not in best_load:
                best_load[code] = self._best_load(view, code, heights)
            return best_load[code]

        hand_best = max((load_score(c) for c in me.hand or ()), default=-20.0)
        judged = [
            (score + self.LOOKAHEAD * max(hand_best, load_score(sp.card)), a)
            for a, sp, score in self._walks(view, legal)
        ]
        judged.sort(key=lambda x: -x[0])
        return judged

    def _likely_pick(self, view: DabbaView, p: int, rng: Rng) -> list[int]:
        """A rival's pick as a vector of tips: mostly its greedy card, sometimes another."""
        pv = view.players[p]
        if pv.choice is not None:
            card = pv.choice[0]
            sums = list(card_tips(card)) if card else [0, 0, 0, 0]
            for k in pv.choice[1]:
                if k[0] in "+-":
                    sums[D.COLOURS.index(k[1])] += 1 if k[0] == "+" else -1
            return sums
        hand = pv.hand or ()
        if not hand:
            return [0, 0, 0, 0]
        counts = level_counts(view, p, view.level)
        if rng.random() < self.GREEDY:
            card = max(hand, key=lambda c: (sum(counts[k] * card_tips(c)[k] for k in range(4)), -sum(card_tips(c))))
        else:
            card = hand[rng.randbelow(len(hand))]
        return list(card_tips(card))

    def _future_value(self, lower: list[list[int]], hand: list[str]) -> float:
        """What the remaining cards are worth on our lower levels (each level greedily gets its best card)."""
        left = list(hand)
        total = 0.0
        for counts in lower:
            if not left:
                break
            best = max(left, key=lambda c: sum(counts[k] * card_tips(c)[k] for k in range(4)))
            total += 0.5 * sum(counts[k] * card_tips(best)[k] for k in range(4))
            left.remove(best)
        return total

    def _rollout_search(self, view: DabbaView, legal: dict[type, list[Any]], budget: int) -> Any:
        """Delivery lookahead: for each card (and chai tile) play the rest of the delivery phase out,
        everyone greedy with their public hands, rivals' current picks sampled; keep the best margin
        over the strongest rival. `budget` = rollouts in all (at least one per candidate)."""
        me = view.players[self.seat]
        commits = legal[Commit]
        adds = [a for a in legal.get(AddChai, ()) if a.kind[0] in "+-"]
        if commits[0].card is None and not adds:
            return commits[0]
        n = len(view.players)
        dz = view.double_zero
        dzi = (D.COLOURS.index(dz[0]), D.COLOURS.index(dz[1])) if dz else (-1, -1)
        top = view.level
        # counts[p][level] for levels 1..top
        counts = [[level_counts(view, p, lv) for lv in range(top + 1)] for p in range(n)]
        tips_card = {c: card_tips(c) for pv in view.players for c in (pv.hand or ())}
        chosen = list(me.choice[1]) if me.choice else []
        rng = Rng(self.rng.randbelow(1 << 62))

        def greedy(hand: list[str], cnt: list[int]) -> str | None:
            if not hand:
                return None
            return max(hand, key=lambda c: (sum(cnt[k] * tips_card[c][k] for k in range(4)), -sum(tips_card[c])))

        def rollout(first_card: str | None, chai: list[int]) -> float:
            hands = [list(pv.hand or ()) for pv in view.players]
            totals = [0.0] * n
            for lv in range(top, 0, -1):
                sums = [0, 0, 0, 0]
                for p in range(n):
                    pv = view.players[p]
                    if lv == top and p == self.seat:
                        card = first_card
                        for c in range(4):
                            sums[c] += chai[c]
                    elif lv == top and pv.choice is not None and pv.revealed:
                        card = pv.choice[0]
                        for k in pv.choice[1]:
                            if k[0] in "+-":
                                sums[D.COLOURS.index(k[1])] += 1 if k[0] == "+" else -1
                    elif lv == top and p != self.seat and hands[p] and rng.random() >= self.GREEDY:
                        card = hands[p][rng.randbelow(len(hands[p]))]
                    else:
                        card = greedy(hands[p], counts[p][lv])
                    if card is not None:
                        t = tips_card[card]
                        for c in range(4):
                            sums[c] += t[c]
                        hands[p].remove(card)
                _, values = track_from_sums(sums, dzi)
                for p in range(n):
                    cnt = counts[p][lv]
                    totals[p] += cnt[0] * values[0] + cnt[1] * values[1] + cnt[2] * values[2] + cnt[3] * values[3]
            mine = totals[self.seat]
            others = [totals[p] for p in range(n) if p != self.seat]
            return mine - self.ROLLOUT_RIVAL * (max(others) if self.ROLLOUT_MAX else sum(others) / len(others))

        def chai_vec(kinds: list[str]) -> list[int]:
            vec = [0, 0, 0, 0]
            for k in kinds:
                if k[0] in "+-":
                    vec[D.COLOURS.index(k[1])] += 1 if k[0] == "+" else -1
            return vec

        per = max(1, budget // max(1, len(commits) + 3 * len(adds)))
        stop = self.stop

        def mean(card: str | None, chai: list[int]) -> float:
            """The mean margin of `per` rollouts, or of fewer once the host's time is up (at least one)."""
            total, done = rollout(card, chai), 1
            while done < per and not (stop is not None and stop()):
                total += rollout(card, chai)
                done += 1
            return total / done

        base_chai = chai_vec(chosen)
        scored = [(mean(cm.card, base_chai), cm) for cm in commits]
        scored.sort(key=lambda x: -x[0])
        best_score, best = scored[0]
        for add in adds:
            vec = chai_vec([*chosen, add.kind])
            for _, cm in scored[:3]:
                value = mean(cm.card, vec) - 2.0
                if value > best_score + 0.01:
                    best_score, best = value, add
        return best

    def _search(self, view: DabbaView, legal: dict[type, list[Any]], budget: int) -> Any:
        me = view.players[self.seat]
        commits = legal[Commit]
        if commits[0].card is None and not legal.get(AddChai):
            return commits[0]
        n = len(view.players)
        rivals = [p for p in range(n) if p != self.seat]
        my_counts = level_counts(view, self.seat, view.level)
        rival_counts = [level_counts(view, p, view.level) for p in rivals]
        lower = [level_counts(view, self.seat, lv) for lv in range(view.level - 1, 0, -1)]
        dz = view.double_zero
        dzi = (D.COLOURS.index(dz[0]), D.COLOURS.index(dz[1])) if dz else (-1, -1)
        chosen = list(me.choice[1]) if me.choice else []
        # candidate extra tiles: one more +/- tile of a kind we own (already added ones stay)
        extras: list[Any] = [None] + [a for a in legal.get(AddChai, ()) if a.kind[0] in "+-"]
        rng = Rng(self.rng.randbelow(1 << 62))
        samples = []
        for _ in range(budget):
            sums = [0, 0, 0, 0]
            for p in rivals:
                pick = self._likely_pick(view, p, rng)
                for c in range(4):
                    sums[c] += pick[c]
            samples.append(sums)
        hand = list(me.hand or ())
        futures = {cm.card: self._future_value(lower, [c for c in hand if c != cm.card]) for cm in commits}
        best, best_score = commits[0], -1e9
        for extra in extras:
            mine_chai = [0, 0, 0, 0]
            for k in chosen + ([extra.kind] if extra else []):
                if k[0] in "+-":
                    mine_chai[D.COLOURS.index(k[1])] += 1 if k[0] == "+" else -1
            cost = 2.0 if extra is not None else 0.0
            for cm in commits:
                tips = card_tips(cm.card) if cm.card else (0, 0, 0, 0)
                base = [tips[c] + mine_chai[c] for c in range(4)]
                total = 0.0
                for rs in samples:
                    _, values = track_from_sums([base[c] + rs[c] for c in range(4)], dzi)
                    mine = sum(my_counts[c] * values[c] for c in range(4))
                    theirs = max(sum(rc[c] * values[c] for c in range(4)) for rc in rival_counts)
                    total += mine - self.RIVAL_WEIGHT * theirs
                score = total / len(samples) + futures[cm.card] - cost
                if score > best_score:
                    best, best_score = (extra if extra is not None else cm), score
        return best


def make_bot(level: str, seed: int, seat: int) -> Any:
    if level == "expert":
        from .expert import ExpertBot

        return ExpertBot(level, seed, seat)
    cls = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r}")
    return cls(level, seed, seat)


__all__ = ["EasyBot", "HardBot", "NormalBot", "Swap", "make_bot"]
