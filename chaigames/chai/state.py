"""The Chai state machine: setup, the turn step by step (chai.md "A turn, step by step"), the end and score.

A turn is: the main action (a market visit, two additive sub-actions, or a reservation), with a
discard action for every item over a limit the moment it is exceeded; then a fulfil-or-pass
decision (skipped when no order can be fulfilled); then the end-of-turn steps run by themselves.
"""

from __future__ import annotations

from typing import Any

from chaigames.engine import Event, GameConfig, IllegalAction, Result, Rng, ScoreRow, is_seat
from chaigames.engine.validate import BOOLEAN, NULL, Fields, integer, list_of, object_of, one_of, pair

from ..engine.words import join_names
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
    ResetAdditives,
    TakeAdditives,
    VisitMarket,
    actions,
)
from .data import (
    ADDITIVE_LIMIT,
    ADDITIVE_NEEDS,
    ADDITIVES,
    AWARD_MIN_SEATS,
    AWARD_POINTS,
    CARDS_PER_ADDITIVE,
    CUP_ROUNDS,
    CUSTOMERS,
    DISPLAY_SIZE,
    FLAVOUR_NEEDS,
    FLAVOURS,
    MARKET_INCOME,
    OTHER_TEA_FEE,
    OVER_RESERVE_COIN,
    POOL_EXTRA,
    RESERVE_LIMIT,
    SAFETY_STOP_ROUNDS,
    TEAS,
    TILE_LIMIT,
    TIPS,
    TOKENS_PER_TEA,
    additive_label,
    customers_of,
)
from .market import COLUMNS, ROWS, Bag, Market
from .view import ChaiView, CupView, PlayerView, PoolCard, counts

CHOOSE, MAIN, ADDITIVE2, FULFIL, OVER = "choose", "main", "additive2", "fulfil", "over"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class ChaiState:
    """One game of Chai. Every field is plain data (lists, ints, strings) so clone and JSON are cheap."""

    def __init__(self, config: GameConfig, seed: int) -> None:
        self.config = config
        self.rng = Rng(seed)
        n = self.n = len(config.seats)
        self.teas: list[str] = [s.options["tea"] for s in config.seats]
        self.start = config.start_player if config.start_player is not None else self.rng.randbelow(n)
        self.turn = self.start
        self.money = [2] * n
        self.money[self.start] = 1
        self.tiles = [[0] * len(FLAVOURS) for _ in range(n)]
        self.adds = [[0] * len(ADDITIVES) for _ in range(n)]
        self.reserved: list[list[str]] = [[] for _ in range(n)]
        self.fulfilled: list[list[str]] = [[] for _ in range(n)]
        self.tokens = {t: TOKENS_PER_TEA for t in self.teas}
        self.spent = {t: 0 for t in self.teas}
        # market and additives
        self.bag = Bag()
        self.market = Market()
        self.market.refill(self.bag, self.rng)
        self.add_deck = [k for k in range(len(ADDITIVES)) for _ in range(CARDS_PER_ADDITIVE)]
        self.rng.shuffle(self.add_deck)
        self.add_discard = [0] * len(ADDITIVES)
        self.display: list[int] = []
        self._refill_display()
        # cups and tips
        self.cups: list[list[Any] | None] = [None] * n  # [seat, customer id] once filled
        self.cup_tips: list[int] = []
        self.tips_flipped: list[bool] = []
        self.tips_aside: list[int] = []
        self._lay_out_tips()
        self.rounds_done = 0
        self.turns_taken = 0
        self.final_turns: int | None = None
        self.safety_stopped = False
        self.additive_step = 0
        # customers
        self.cust_deck: list[str] = []
        self.pool: list[list[Any]] = []  # [customer id, coins on it]
        self.choose_pending: list[int] = []
        if config.options.get("first_customer", "random") == "choose":
            self.phase = CHOOSE
            self.choose_pending = [(self.start + i) % n for i in range(n)]
        else:
            for seat in range(n):
                self.reserved[seat].append(self.rng.choice(customers_of(self.teas[seat])))
            self._deal_customers()
            self.phase = MAIN

    # -- setup helpers ----------------------------------------------------------------------------
    def _deal_customers(self) -> None:
        """Each tea's reserved card is chosen; 1 more of each goes to the pool, the rest into the deck, +2."""
        deck: list[str] = []
        for seat in range(self.n):
            rest = [c for c in customers_of(self.teas[seat]) if c not in self.reserved[seat]]
            self.rng.shuffle(rest)
            self.pool.append([rest.pop(), 0])
            deck.extend(rest)
        self.rng.shuffle(deck)
        self.cust_deck = deck
        for _ in range(POOL_EXTRA):
            if self.cust_deck:
                self.pool.append([self.cust_deck.pop(), 0])

    def _lay_out_tips(self) -> None:
        tips = list(TIPS)
        self.rng.shuffle(tips)
        self.cup_tips = tips[: self.n]
        self.tips_aside = tips[self.n :]
        self.tips_flipped = [False] * self.n

    def _draw_additive(self) -> int | None:
        """The deck's top card; the discard pile is shuffled into a new deck when the deck runs out."""
        if not self.add_deck and sum(self.add_discard) > 0:
            self.add_deck = [k for k, c in enumerate(self.add_discard) for _ in range(c)]
            self.add_discard = [0] * len(ADDITIVES)
            self.rng.shuffle(self.add_deck)
        return self.add_deck.pop() if self.add_deck else None

    def _refill_display(self) -> list[int]:
        dealt = []
        while len(self.display) < DISPLAY_SIZE:
            k = self._draw_additive()
            if k is None:
                break
            self.display.append(k)
            dealt.append(k)
        return dealt

    # -- who acts -------------------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == CHOOSE:
            return (self.choose_pending[0],)
        return (self.turn,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def name(self, seat: int) -> str:
        return self.config.seats[seat].name

    def over_limit(self, seat: int) -> str | None:
        """Which limit the seat is over right now: 'tiles', 'additives', 'customers' or None (CH-2, CH-4)."""
        if sum(self.tiles[seat]) > TILE_LIMIT:
            return "tiles"
        if sum(self.adds[seat]) > ADDITIVE_LIMIT:
            return "additives"
        if len(self.reserved[seat]) > RESERVE_LIMIT:
            return "customers"
        return None

    # -- fulfilling -------------------------------------------------------------------------------
    def fulfil_problem(self, seat: int, cid: str) -> str | None:
        """Why `seat` cannot fulfil customer `cid` now (None if it can): CH-5, CH-6, an empty cup."""
        cust = CUSTOMERS.get(cid)
        if cust is None:
            return f"There is no customer {cid!r}"
        if cid not in self.reserved[seat] and not any(p[0] == cid for p in self.pool):
            return f"{cid} is neither one of your reserved customers nor in the pool"
        if None not in self.cups:
            return "Every cup is full"
        if self.tokens.get(cust.tea, 0) <= 0:
            return f"No {cust.tea} tea tokens are left, so nobody can serve {cust.tea} tea"
        if cust.tea != self.teas[seat] and self.money[seat] < OTHER_TEA_FEE:
            owner = self.name(self.teas.index(cust.tea))
            return f"Serving {cust.tea} tea costs a coin paid to {owner}, and you have no money"
        have_t, have_a = self.tiles[seat], self.adds[seat]
        for f, need in enumerate(cust.flavours):
            if have_t[f] < need:
                return f"{cid} needs {need} {FLAVOURS[f]} and you have {have_t[f]}"
        for k, need in enumerate(cust.additives):
            if have_a[k] < need:
                return f"{cid} needs {need} {additive_label(ADDITIVES[k])} and you have {have_a[k]}"
        return None

    def fulfillable(self, seat: int) -> list[str]:
        """The customers `seat` could serve now (the same test as `fulfil_problem`, made fast)."""
        if None not in self.cups:
            return []
        have_t, have_a = self.tiles[seat], self.adds[seat]
        own, broke = self.teas[seat], self.money[seat] < OTHER_TEA_FEE
        out = []
        for cid in self.reserved[seat] + [p[0] for p in self.pool]:
            tea = CUSTOMERS[cid].tea
            if self.tokens.get(tea, 0) <= 0 or (broke and tea != own):
                continue
            if all(have_t[f] >= n for f, n in FLAVOUR_NEEDS[cid]) and all(
                have_a[k] >= n for k, n in ADDITIVE_NEEDS[cid]
            ):
                out.append(cid)
        return out

    # -- legal actions ----------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Any]:
        if not is_seat(seat, self.n) or seat not in self.actors():
            return []
        if self.phase == CHOOSE:
            return [ChooseFirst(c) for c in customers_of(self.teas[seat])]
        if self.phase == FULFIL:
            return [Fulfil(c) for c in self.fulfillable(seat)] + [Pass()]
        over = self.over_limit(seat)
        if over == "tiles":
            return [DiscardTile(FLAVOURS[f]) for f, c in enumerate(self.tiles[seat]) if c]
        if over == "additives":
            return [DiscardAdditive(ADDITIVES[k]) for k, c in enumerate(self.adds[seat]) if c]
        if over == "customers":
            return [DiscardCustomer(c) for c in self.reserved[seat]]
        out: list[Any] = []
        if self.phase == MAIN:
            out.extend(VisitMarket(r, c) for r, c in self.market.cells())
        out.extend(TakeAdditives(ADDITIVES[k]) for k in sorted(set(self.display)))
        out.append(ResetAdditives())
        if self.add_deck or sum(self.add_discard):
            out.append(DrawAdditive())
        if self.phase == MAIN:
            out.extend(ReservePool(p[0]) for p in self.pool)
            if self.cust_deck:
                out.append(ReserveDeck())
        return out

    # -- applying -----------------------------------------------------------------------------------
    def apply(self, seat: int, action: Any, t: float | None = None) -> list[Event]:
        actions.check(seat, action, self.n)
        if self.phase == OVER:
            raise IllegalAction("The game is over")
        if seat not in self.actors():
            who = self.name(self.actors()[0])
            raise IllegalAction(f"It is {who}'s turn, not {self.name(seat)}'s")
        if self.phase == CHOOSE:
            return self._choose(seat, action)
        if self.phase == FULFIL:
            if isinstance(action, Fulfil):
                problem = self.fulfil_problem(seat, action.customer)
                if problem:
                    raise IllegalAction(problem)
                events = self._fulfil(seat, action.customer)
            elif isinstance(action, Pass):
                events = [Event("pass", f"{self.name(seat)} serves no customer this turn")]
            else:
                raise IllegalAction("Fulfil an order or pass: your main action is done")
            return events + self._end_turn(seat)
        over = self.over_limit(seat)
        if over is not None:
            events = self._discard(seat, action, over)
        elif self.phase == ADDITIVE2:
            if not isinstance(action, TakeAdditives | ResetAdditives | DrawAdditive):
                raise IllegalAction("Finish selecting additives: take a kind, reset the display or draw a card")
            events = self._additive(seat, action)
        elif isinstance(action, VisitMarket):
            events = self._visit(seat, action)
        elif isinstance(action, TakeAdditives | ResetAdditives | DrawAdditive):
            events = self._additive(seat, action)
        elif isinstance(action, ReservePool | ReserveDeck):
            events = self._reserve(seat, action)
        elif isinstance(action, Fulfil | Pass):
            raise IllegalAction("First take your main action: visit the market, select additives or reserve")
        elif isinstance(action, DiscardTile | DiscardAdditive | DiscardCustomer):
            raise IllegalAction("You are not over any limit, so there is nothing to discard")
        else:
            raise IllegalAction("That is not a move in Chai")
        return events + self._after_step(seat)

    def _after_step(self, seat: int) -> list[Event]:
        """After a main-action step: wait for discards or the second additive action, else go to fulfil."""
        if self.over_limit(seat) is not None or self.phase == ADDITIVE2:
            return []
        if self.fulfillable(seat):
            self.phase = FULFIL
            return []
        return self._end_turn(seat)

    def _choose(self, seat: int, action: Any) -> list[Event]:
        if not isinstance(action, ChooseFirst):
            raise IllegalAction("First choose the customer you keep reserved")
        if action.customer not in customers_of(self.teas[seat]):
            raise IllegalAction(f"{action.customer} is not one of your {self.teas[seat]} customers")
        self.reserved[seat].append(action.customer)
        self.choose_pending.pop(0)
        events = [Event("choose", f"{self.name(seat)} keeps a customer reserved")]
        if not self.choose_pending:
            self._deal_customers()
            pool = ", ".join(p[0] for p in self.pool)
            events.append(Event("pool", f"The customer pool is dealt: {pool}", reveal=True))
            self.phase = MAIN
        return events

    def _visit(self, seat: int, action: VisitMarket) -> list[Event]:
        if self.market.at(action.row, action.col) is None:
            raise IllegalAction(f"There is no tile in row {action.row + 1}, column {action.col + 1}")
        flavour, count, price = self.market.take(action.row, action.col)
        self.money[seat] += MARKET_INCOME - price
        self.tiles[seat][flavour] += count
        text = (
            f"{self.name(seat)} visits the market, gains {MARKET_INCOME} coins and takes "
            f"{_plural(count, FLAVOURS[flavour] + ' tile')} for {price}"
        )
        return [Event("market", text, data={"from_bank": MARKET_INCOME, "to_bank": price, "price": price})]

    def _additive(self, seat: int, action: Any) -> list[Event]:
        name = self.name(seat)
        if isinstance(action, TakeAdditives):
            if action.kind not in ADDITIVES or ADDITIVES.index(action.kind) not in self.display:
                raise IllegalAction(f"There is no {action.kind} card face up")
            k = ADDITIVES.index(action.kind)
            n = self.display.count(k)
            self.display = [x for x in self.display if x != k]
            self.adds[seat][k] += n
            events = [Event("additive", f"{name} takes {_plural(n, additive_label(action.kind) + ' card')}")]
        elif isinstance(action, ResetAdditives):
            for k in self.display:
                self.add_discard[k] += 1
            self.display = []
            events = [Event("additive", f"{name} resets the additive display")]
        else:
            drawn = self._draw_additive()
            if drawn is None:
                raise IllegalAction("The additive deck and discard pile are empty")
            self.adds[seat][drawn] += 1
            events = [
                Event("additive", f"{name} draws an additive card", reveal=True),
                Event("draw", f"You draw {additive_label(ADDITIVES[drawn])}", seats=(seat,), reveal=True),
            ]
        dealt = self._refill_display()
        if dealt:
            shown = ", ".join(additive_label(ADDITIVES[k]) for k in dealt)
            events.append(Event("display", f"New additive cards: {shown}", reveal=True))
        self.phase = ADDITIVE2 if self.additive_step == 0 else MAIN
        self.additive_step = 1 - self.additive_step
        return events

    def _reserve(self, seat: int, action: Any) -> list[Event]:
        name = self.name(seat)
        if isinstance(action, ReservePool):
            idx = next((i for i, p in enumerate(self.pool) if p[0] == action.customer), None)
            if idx is None:
                raise IllegalAction(f"{action.customer} is not in the customer pool")
            cid, coins = self.pool.pop(idx)
            self.money[seat] += coins
            self.reserved[seat].append(cid)
            text = f"{name} reserves {cid} from the pool" + (
                f" and takes {coins} coin{'s' if coins != 1 else ''} on it" if coins else ""
            )
            return [Event("reserve", text, data={"pool_coins": coins}), *self._replace_pool()]
        if not self.cust_deck:
            raise IllegalAction("The customer deck is empty")
        cid = self.cust_deck.pop()
        self.reserved[seat].append(cid)
        return [
            Event("reserve", f"{name} reserves a customer from the deck", reveal=True),
            Event("draw", f"You reserve {cid}", seats=(seat,), reveal=True, data={"customer": cid}),
        ]

    def _replace_pool(self) -> list[Event]:
        if not self.cust_deck:
            return []
        cid = self.cust_deck.pop()
        self.pool.append([cid, 0])
        return [Event("pool", f"{cid} joins the customer pool", reveal=True)]

    def _discard(self, seat: int, action: Any, over: str) -> list[Event]:
        name = self.name(seat)
        if over == "tiles":
            if not isinstance(action, DiscardTile):
                raise IllegalAction(f"You hold more than {TILE_LIMIT} flavour tiles: discard one first")
            if action.flavour not in FLAVOURS or not self.tiles[seat][FLAVOURS.index(action.flavour)]:
                raise IllegalAction(f"You have no {action.flavour} tile")
            f = FLAVOURS.index(action.flavour)
            self.tiles[seat][f] -= 1
            self.bag.put(f)
            return [Event("discard", f"{name} puts a {action.flavour} tile back in the bag")]
        if over == "additives":
            if not isinstance(action, DiscardAdditive):
                raise IllegalAction(f"You hold more than {ADDITIVE_LIMIT} additive cards: discard one first")
            if action.kind not in ADDITIVES or not self.adds[seat][ADDITIVES.index(action.kind)]:
                raise IllegalAction(f"You have no {action.kind} card")
            k = ADDITIVES.index(action.kind)
            self.adds[seat][k] -= 1
            self.add_discard[k] += 1
            return [Event("discard", f"{name} discards a {additive_label(action.kind)} card")]
        if not isinstance(action, DiscardCustomer):
            raise IllegalAction(f"You hold more than {RESERVE_LIMIT} customers: put one into the pool first")
        if action.customer not in self.reserved[seat]:
            raise IllegalAction(f"{action.customer} is not one of your reserved customers")
        self.reserved[seat].remove(action.customer)
        self.pool.append([action.customer, OVER_RESERVE_COIN])
        text = f"{name} puts {action.customer} into the pool with a copper coin on it"
        return [Event("discard", text, reveal=True, data={"from_bank": OVER_RESERVE_COIN, "onto_pool": 1})]

    def _fulfil(self, seat: int, cid: str) -> list[Event]:
        cust = CUSTOMERS[cid]
        name = self.name(seat)
        events: list[Event] = []
        if cust.tea != self.teas[seat]:
            owner = self.teas.index(cust.tea)
            self.money[seat] -= OTHER_TEA_FEE
            self.money[owner] += OTHER_TEA_FEE
            events.append(Event("fee", f"{name} pays {self.name(owner)} a coin for a {cust.tea} tea token"))
        idx = next((i for i, p in enumerate(self.pool) if p[0] == cid), None)
        from_pool = idx is not None and cid not in self.reserved[seat]
        if idx is not None and from_pool:
            _, coins = self.pool.pop(idx)
            self.money[seat] += coins
        else:
            coins = 0
            self.reserved[seat].remove(cid)
        for f, need in enumerate(cust.flavours):
            self.tiles[seat][f] -= need
        for k, need in enumerate(cust.additives):
            self.adds[seat][k] -= need
        self.tokens[cust.tea] -= 1
        cup = self.cups.index(None)
        self.cups[cup] = [seat, cid]
        tip = self.cup_tips[cup]
        self.tips_flipped[cup] = True
        self.money[seat] += tip
        self.fulfilled[seat].append(cid)
        where = "from the pool" if from_pool else "reserved"
        extra = f", takes {coins} coin{'s' if coins != 1 else ''} on the card" if coins else ""
        events.append(
            Event(
                "fulfil",
                f"{name} fulfils {cid} ({where}, {cust.vp} VP) in cup {cup + 1}{extra} and flips a tip of {tip}",
                reveal=True,
                data={"from_bank": tip, "pool_coins": coins, "customer": cid, "cup": cup},
            )
        )
        if from_pool:
            events.extend(self._replace_pool())
        return events

    def _end_turn(self, seat: int) -> list[Event]:
        """Steps 3-5 of the turn: thermometer and cups, market and display refill, the next player or the end."""
        events: list[Event] = []
        if None not in self.cups and self.rounds_done < CUP_ROUNDS:
            self.rounds_done += 1
            events.append(Event("thermometer", f"Every cup is full: cup round {self.rounds_done} of 5 is done"))
            if self.rounds_done < CUP_ROUNDS:
                for cup in self.cups:
                    assert cup is not None  # every cup is full here
                    cust = CUSTOMERS[cup[1]]
                    for f, c in enumerate(cust.flavours):
                        self.bag.put(f, c)
                    for k, c in enumerate(cust.additives):
                        self.add_discard[k] += c
                    self.spent[cust.tea] += 1
                self.cups = [None] * self.n
                self._lay_out_tips()
                events.append(Event("cups", "The cups are emptied and the tips laid out again face down"))
        placed = self.market.refill(self.bag, self.rng)
        if placed:
            shown = ", ".join(FLAVOURS[f] for _, _, f in placed)
            events.append(Event("refill", f"The market is refilled: {shown}", reveal=True))
        dealt = self._refill_display()
        if dealt:
            shown = ", ".join(additive_label(ADDITIVES[k]) for k in dealt)
            events.append(Event("display", f"New additive cards: {shown}", reveal=True))
        self.turns_taken += 1
        self.additive_step = 0
        if self.rounds_done >= CUP_ROUNDS:
            if self.final_turns is None:
                self.final_turns = (self.start - 1 - seat) % self.n
            else:
                self.final_turns -= 1
            if self.final_turns == 0:
                self.phase = OVER
                events.append(Event("end", "The game is over: everyone has had the same number of turns"))
                return events
        if self.turns_taken >= SAFETY_STOP_ROUNDS * self.n:
            self.phase = OVER
            self.safety_stopped = True
            events.append(Event("end", f"The game stops after {SAFETY_STOP_ROUNDS} rounds of turns (safety stop)"))
            return events
        self.turn = (seat + 1) % self.n
        self.phase = MAIN
        events.append(Event("turn", f"{self.name(self.turn)}'s turn"))
        return events

    # -- score ------------------------------------------------------------------------------------
    def result(self) -> Result:
        """CH-9: VP + coins (+ awards with 3-5 players); ties: fewer fulfilled customers, then less money."""
        if self.phase != OVER:
            raise IllegalAction("The game is not over yet")
        n = self.n
        vp = tuple(sum(CUSTOMERS[c].vp for c in self.fulfilled[s]) for s in range(n))
        money = tuple(self.money)
        counts = [len(self.fulfilled[s]) for s in range(n)]
        diversity = [len({CUSTOMERS[c].tea for c in self.fulfilled[s]}) for s in range(n)]
        rows = [ScoreRow("customers (VP)", vp), ScoreRow("money", money)]
        if n >= AWARD_MIN_SEATS:
            most = max(counts)
            rows.append(ScoreRow("most orders", tuple(AWARD_POINTS if most and c == most else 0 for c in counts)))
            best = max(diversity)
            rows.append(
                ScoreRow("most diverse recipes", tuple(AWARD_POINTS if best and d == best else 0 for d in diversity))
            )
        scores = tuple(sum(r.values[s] for r in rows) for s in range(n))

        def key(s: int) -> tuple[int, int, int]:
            return (scores[s], -counts[s], -money[s])

        top = max(key(s) for s in range(n))
        winners = tuple(s for s in range(n) if key(s) == top)
        notes = [f"Safety stop after {SAFETY_STOP_ROUNDS} rounds of turns"] if self.safety_stopped else []
        tie_break = self._tie_break(scores, counts, money, winners)
        if tie_break:
            notes.append(tie_break)
        note = ". ".join(notes)
        return Result(
            scores=scores,
            winners=winners,
            breakdown=tuple(rows),
            note=note,
            # CH-9's tie-break, higher is better: a match sums these over its games
            details={"fulfilled": counts, "teas": diversity, "tiebreak": [(-counts[s], -money[s]) for s in range(n)]},
        )

    def _tie_break(
        self, scores: tuple[int, ...], counts: list[int], money: tuple[int, ...], winners: tuple[int, ...]
    ) -> str:
        """Why the winner won a tie on points, in words ('' when nobody tied with the winners)."""
        tied = [s for s in range(self.n) if scores[s] == scores[winners[0]]]
        if len(tied) == 1:
            return ""
        names = join_names([self.name(s) for s in winners])
        if len(winners) == len(tied):
            return f"{names} share the win: same points, customers and money"
        verb = "wins" if len(winners) == 1 else "win"
        served = {s: counts[s] for s in tied}
        if min(served.values()) != max(served.values()):
            why = "fewer fulfilled customers (" + ", ".join(f"{self.name(s)} {served[s]}" for s in tied) + ")"
        else:
            why = "less money left (" + ", ".join(f"{self.name(s)} {money[s]}" for s in tied) + ")"
        return f"{names} {verb} the tie on {scores[winners[0]]} points: {why}"

    # -- views, copies, JSON ------------------------------------------------------------------------
    def view(self, seat: int | None) -> ChaiView:
        """What `seat` sees (None: the table). Other seats' reserved customers appear only as a count;
        the bag, the decks' order and face-down tips appear nowhere (CH-10)."""
        players = tuple(
            PlayerView(
                name=self.name(s),
                tea=self.teas[s],
                money=self.money[s],
                tiles=counts(FLAVOURS, self.tiles[s]),
                additives=counts(ADDITIVES, self.adds[s]),
                reserved_count=len(self.reserved[s]),
                fulfilled=tuple(self.fulfilled[s]),
            )
            for s in range(self.n)
        )
        choose_from = None
        if seat is not None and self.phase == CHOOSE:
            choose_from = tuple(customers_of(self.teas[seat])) if seat in self.choose_pending else ()
        return ChaiView(
            seat=seat,
            phase=self.phase,
            turn=self.turn,
            start_player=self.start,
            players=players,
            market=tuple(tuple(row) for row in self.market.names()),
            bag_count=len(self.bag),
            display=tuple(ADDITIVES[k] for k in self.display),
            additive_deck_count=len(self.add_deck),
            additive_discard=counts(ADDITIVES, self.add_discard),
            pool=tuple(PoolCard(c, coins) for c, coins in self.pool),
            customer_deck_count=len(self.cust_deck),
            cups=tuple(
                None if cup is None else CupView(cup[0], cup[1], self.cup_tips[i]) for i, cup in enumerate(self.cups)
            ),
            tokens=dict(self.tokens),
            spent_tokens=dict(self.spent),
            cup_round=min(self.rounds_done + 1, CUP_ROUNDS),
            rounds_done=self.rounds_done,
            turns_taken=self.turns_taken,
            final_turns=self.final_turns,
            additive_step=self.additive_step,
            reserved=tuple(self.reserved[seat]) if seat is not None else None,
            over_limit=self.over_limit(seat) if seat is not None else None,
            # from this seat's own holdings and the public pool
            servable=tuple(self.fulfillable(seat)) if seat is not None else None,
            choose_from=choose_from,
        )

    def clone(self) -> ChaiState:
        other = object.__new__(ChaiState)
        d = self.__dict__.copy()
        d["rng"] = self.rng.clone()
        d["bag"] = self.bag.clone()
        d["market"] = self.market.clone()
        for key in ("money", "display", "add_deck", "add_discard", "cust_deck", "choose_pending"):
            d[key] = list(d[key])
        for key in ("cup_tips", "tips_flipped", "tips_aside", "teas"):
            d[key] = list(d[key])
        d["tiles"] = [list(x) for x in self.tiles]
        d["adds"] = [list(x) for x in self.adds]
        d["reserved"] = [list(x) for x in self.reserved]
        d["fulfilled"] = [list(x) for x in self.fulfilled]
        d["pool"] = [list(p) for p in self.pool]
        d["cups"] = [list(c) if c is not None else None for c in self.cups]
        d["tokens"] = dict(self.tokens)
        d["spent"] = dict(self.spent)
        other.__dict__ = d
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config.to_json(),
            "rng": self.rng.to_json(),
            "start": self.start,
            "turn": self.turn,
            "phase": self.phase,
            "teas": list(self.teas),
            "money": list(self.money),
            "tiles": [list(x) for x in self.tiles],
            "additives": [list(x) for x in self.adds],
            "reserved": [list(x) for x in self.reserved],
            "fulfilled": [list(x) for x in self.fulfilled],
            "tokens": dict(self.tokens),
            "spent": dict(self.spent),
            "bag": list(self.bag.counts),
            "market": [list(r) for r in self.market.rows],
            "additive_deck": list(self.add_deck),
            "additive_discard": list(self.add_discard),
            "display": list(self.display),
            "cups": [list(c) if c is not None else None for c in self.cups],
            "cup_tips": list(self.cup_tips),
            "tips_flipped": list(self.tips_flipped),
            "tips_aside": list(self.tips_aside),
            "rounds_done": self.rounds_done,
            "turns_taken": self.turns_taken,
            "final_turns": self.final_turns,
            "safety_stopped": self.safety_stopped,
            "additive_step": self.additive_step,
            "customer_deck": list(self.cust_deck),
            "pool": [list(p) for p in self.pool],
            "choose_pending": list(self.choose_pending),
        }

    @classmethod
    def from_json(cls, data: Any) -> ChaiState:
        """The state `to_json` wrote (a puzzle, a test position): every field is checked, and a bad
        one raises RecordError naming it. Piece counts are not checked (see `invariants`)."""
        from . import SPEC

        f = Fields(data, "Chai position")
        config = f.config(SPEC.validate)
        n = len(config.seats)
        seat = integer(0, n - 1)
        count = integer(0)
        customer = one_of(CUSTOMERS)
        st = object.__new__(cls)
        st.config, st.n = config, n
        st.rng = f.rng()
        st.start, st.turn = f.take("start", seat), f.take("turn", seat)
        st.phase = f.take("phase", one_of((CHOOSE, MAIN, ADDITIVE2, FULFIL, OVER)))
        st.teas = list(f.take("teas", list_of(one_of(TEAS), n)))
        if st.teas != [s.options["tea"] for s in config.seats]:
            raise f.fail("teas", "must be the teas of the seats in the config")
        st.money = list(f.take("money", list_of(count, n)))
        st.tiles = [list(x) for x in f.take("tiles", list_of(list_of(count, len(FLAVOURS)), n))]
        st.adds = [list(x) for x in f.take("additives", list_of(list_of(count, len(ADDITIVES)), n))]
        st.reserved = [list(x) for x in f.take("reserved", list_of(list_of(customer), n))]
        st.fulfilled = [list(x) for x in f.take("fulfilled", list_of(list_of(customer), n))]
        st.tokens = dict(f.take("tokens", object_of(count, st.teas)))
        st.spent = dict(f.take("spent", object_of(count, st.teas)))
        if set(st.tokens) != set(st.teas) or set(st.spent) != set(st.teas):
            raise f.fail("tokens", "and 'spent' must name each tea at the table")
        st.bag = Bag(f.take("bag", list_of(count, len(FLAVOURS))))
        flavour, additive = integer(0, len(FLAVOURS) - 1), integer(0, len(ADDITIVES) - 1)
        st.market = Market(f.take("market", list_of(list_of(flavour, most=COLUMNS), ROWS)))
        st.add_deck = list(f.take("additive_deck", list_of(additive)))
        st.add_discard = list(f.take("additive_discard", list_of(count, len(ADDITIVES))))
        st.display = list(f.take("display", list_of(additive, most=DISPLAY_SIZE)))
        cups = f.take("cups", list_of(NULL | pair(seat, customer), n))
        st.cups = [list(c) if c is not None else None for c in cups]
        tip = one_of(TIPS)
        st.cup_tips = list(f.take("cup_tips", list_of(tip, n)))
        st.tips_flipped = list(f.take("tips_flipped", list_of(BOOLEAN, n)))
        st.tips_aside = list(f.take("tips_aside", list_of(tip, len(TIPS) - n)))
        st.rounds_done = f.take("rounds_done", integer(0, CUP_ROUNDS))
        st.turns_taken = f.take("turns_taken", count)
        st.final_turns = f.take("final_turns", NULL | integer(0, n))
        st.safety_stopped = f.take("safety_stopped", BOOLEAN)
        st.additive_step = f.take("additive_step", integer(0, 1))
        st.cust_deck = list(f.take("customer_deck", list_of(customer)))
        st.pool = [list(p) for p in f.take("pool", list_of(pair(customer, count)))]
        st.choose_pending = list(f.take("choose_pending", list_of(seat, most=n)))
        if st.phase == CHOOSE and not st.choose_pending:
            raise f.fail("choose_pending", "must name a seat while first customers are being chosen")
        f.done()
        return st
