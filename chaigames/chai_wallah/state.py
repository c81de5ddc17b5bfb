"""The Chai Wallah state machine on an injected clock (CW-1 to CW-10).

Every deadline is stored as an absolute game time and every timed event happens at its own due
time (CW-9), so the state never depends on how often `tick` is called. The freeze after a claim
and a pause both shift every deadline by their length ("all timers pause").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from chaigames.engine import Event, GameConfig, IllegalAction, Result, Rng, ScoreRow, is_seat
from chaigames.engine.validate import BOOLEAN, NULL, NUMBER, OBJECT, Fields, integer, list_of, one_of

from ..engine.words import join_names
from .actions import Claim, Pause, Reroll, Resume, SetOffer, Toggle, actions
from .orders import INGREDIENTS, ORDER_DECK, Order, describe_order, matches

HELD, OFFERED, FRESH = "held", "offered", "fresh"

FRESH_WINDOW = 8.0  # CW-1: a fresh die may be re-rolled once before 8 s have passed
FORMING_DELAY = 0.4  # CW-3: a keyboard offer goes live 0.4 s after the zone's last die key
FREEZE = 2.0  # CW-6: a valid claim freezes the market for 2 s
LOCK = 3.0  # CW-7: a false claim locks the seat for 3 s
FACE_UP = 3

# Timed event kinds. Ties at one due time go by seat order, then tea, spice, sugar, milk (CW-9);
# the thaw (seat -1) comes first.
THAW, UNLOCK, LIVE, HOLD, STALL = "thaw", "unlock", "live", "hold", "stall"


@dataclass
class Seat:
    """One chai wallah's four dice (tea, spice, sugar, milk) and timers, as absolute game times."""

    values: list[int]
    states: list[str] = field(default_factory=lambda: [HELD] * 4)
    fresh_until: list[float | None] = field(default_factory=lambda: [None] * 4)
    stall_due: list[float | None] = field(default_factory=lambda: [None] * 4)
    offer_age: float | None = None  # when the offer last gained a die (CW-3: oldest trades first)
    forming_until: float | None = None  # a keyboard offer not yet live (CW-3)
    gained: bool = False  # a die was added while forming: the offer's age resets when it goes live
    locked_until: float | None = None  # CW-7
    score: int = 0

    def offered(self) -> frozenset[int]:
        return frozenset(i for i, s in enumerate(self.states) if s == OFFERED)

    @property
    def live(self) -> bool:
        return self.forming_until is None

    def copy(self) -> Seat:
        return Seat(
            list(self.values),
            list(self.states),
            list(self.fresh_until),
            list(self.stall_due),
            self.offer_age,
            self.forming_until,
            self.gained,
            self.locked_until,
            self.score,
        )

    @classmethod
    def from_json(cls, data: Any, where: str) -> Seat:
        f = Fields(data, where)
        when = NULL | NUMBER
        seat = cls(list(f.take("values", list_of(integer(1, 6), 4))))
        seat.states = list(f.take("states", list_of(one_of((HELD, OFFERED, FRESH)), 4)))
        seat.fresh_until = [_time(x) for x in f.take("fresh_until", list_of(when, 4))]
        seat.stall_due = [_time(x) for x in f.take("stall_due", list_of(when, 4))]
        seat.offer_age = _time(f.take("offer_age", when))
        seat.forming_until = _time(f.take("forming_until", when))
        seat.gained = f.take("gained", BOOLEAN)
        seat.locked_until = _time(f.take("locked_until", when))
        seat.score = f.take("score", integer(0))
        f.done()
        return seat

    def to_json(self) -> dict[str, Any]:
        return {
            "values": list(self.values),
            "states": list(self.states),
            "fresh_until": list(self.fresh_until),
            "stall_due": list(self.stall_due),
            "offer_age": self.offer_age,
            "forming_until": self.forming_until,
            "gained": self.gained,
            "locked_until": self.locked_until,
            "score": self.score,
        }


class ChaiWallahState:
    """One game. `now` is the game clock: the time of the last tick or action."""

    def __init__(self, config: GameConfig, seed: int) -> None:
        self.config = config
        self.target: int = int(config.options.get("target", 3))
        stall = config.options.get("stall", 6)
        self.stall: float | None = None if stall is None else float(stall)
        self.bundle: bool = bool(config.options.get("bundle", False))
        self.rng = Rng(seed)
        self.deck: list[Order] = list(ORDER_DECK)
        self.rng.shuffle(self.deck)
        self.face_up: list[Order] = [self.deck.pop() for _ in range(FACE_UP)]
        self.claimed: list[Order] = []  # claimed cards since the last reshuffle (CW-10)
        self.seats: list[Seat] = [Seat([self.rng.randint(1, 6) for _ in INGREDIENTS]) for _ in config.seats]
        self.now: float = 0.0
        self.paused_at: float | None = None
        self.frozen_until: float | None = None
        self.freeze_claimer: int | None = None
        self.freeze_taken: Order | None = None
        self.winner: int | None = None

    # -- the contract --------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        """Real time: every seat may act at any moment (refusals say why)."""
        return () if self.is_over() else tuple(range(len(self.seats)))

    def is_over(self) -> bool:
        return self.winner is not None

    def name(self, seat: int) -> str:
        return self.config.seats[seat].name

    def refusal(self, seat: int, action: Any) -> str | None:
        """Why `action` would be refused now (None when it is legal). Never changes anything."""
        if self.winner is not None:
            return f"the game is over: {self.name(self.winner)} won"
        if isinstance(action, Pause):
            return "the game is already paused" if self.paused_at is not None else None
        if isinstance(action, Resume):
            return None if self.paused_at is not None else "the game is not paused"
        if self.paused_at is not None:
            return "the game is paused"
        if self.frozen_until is not None:
            taken = self.freeze_taken
            if seat == self.freeze_claimer:
                return "market frozen: you took that order"
            if isinstance(action, Claim) and taken is not None and matches(self.seats[seat].values, taken):
                return f"too late: {self.name(self.freeze_claimer or 0)} took it"
            return "market frozen"
        me = self.seats[seat]
        if me.locked_until is not None:
            return f"locked for {max(me.locked_until - self.now, 0.0):.1f} s"
        if isinstance(action, Claim):
            return None
        if isinstance(action, Toggle | Reroll):
            if action.ingredient not in INGREDIENTS:
                return f"there is no {action.ingredient!r} die"
            i = INGREDIENTS.index(action.ingredient)
            if isinstance(action, Reroll) and me.states[i] != FRESH:
                return f"only a fresh die may be re-rolled, and your {action.ingredient} die is {me.states[i]}"
            return None
        if isinstance(action, SetOffer):
            if not isinstance(action.dice, tuple) or any(d not in INGREDIENTS for d in action.dice):
                return f"an offer names dice among {', '.join(INGREDIENTS)}"
            if len(set(action.dice)) != len(action.dice):
                return "an offer names each die at most once"
            for d in action.dice:
                if me.states[INGREDIENTS.index(d)] == FRESH:
                    return f"your {d} die is fresh: re-roll it or keep it until it is held"
            wanted = frozenset(INGREDIENTS.index(d) for d in action.dice)
            if wanted == me.offered() and me.live:
                return "that is already your offer"
            return None
        return "that is not a move in Chai Wallah"

    def legal_actions(self, seat: int) -> list[Any]:
        if self.winner is not None or not is_seat(seat, len(self.seats)):
            return []
        if self.paused_at is not None:
            return [Resume()]
        out: list[Any] = [Pause()]
        me = self.seats[seat]
        if self.frozen_until is not None or me.locked_until is not None:
            return out
        out.append(Claim())
        out.extend(Toggle(d) for d in INGREDIENTS)
        out.extend(Reroll(d) for i, d in enumerate(INGREDIENTS) if me.states[i] == FRESH)
        free = [i for i in range(4) if me.states[i] != FRESH]
        current = me.offered()
        for mask in range(1 << len(free)):
            chosen = frozenset(free[k] for k in range(len(free)) if mask >> k & 1)
            if chosen != current or not me.live:
                out.append(SetOffer(tuple(INGREDIENTS[i] for i in sorted(chosen))))
        return out

    def apply(self, seat: int, action: Any, t: float | None = None) -> list[Event]:
        """Let time run to `t` (CW-9), then act. A refused action leaves the state exactly as it was,
        time included: the check runs on a copy when timed events fall due first."""
        actions.check(seat, action, len(self.seats))
        if t is None:
            t = self.now
        if t < self.now:
            raise IllegalAction(f"that arrived at {t:.3f} s, before the game clock ({self.now:.3f} s)")
        due = self.next_due()
        if due is not None and due <= t:
            work = self.clone()
            events = work.tick(t)
            reason = work.refusal(seat, action)
            if reason is not None:
                raise IllegalAction(reason)
            events.extend(work._act(seat, action, t))
            self.__dict__ = work.__dict__
            return events
        before = self.now
        self.now = t  # nothing falls due by t: time only moves the clock
        reason = self.refusal(seat, action)
        if reason is not None:
            self.now = before
            raise IllegalAction(reason)
        return self._act(seat, action, t)

    # -- time ----------------------------------------------------------------------------------
    def _timers(self) -> list[tuple[float, int, int, str]]:
        out: list[tuple[float, int, int, str]] = []
        if self.frozen_until is not None:
            out.append((self.frozen_until, -1, -1, THAW))
        for s, seat in enumerate(self.seats):
            if seat.locked_until is not None:
                out.append((seat.locked_until, s, -1, UNLOCK))
            if seat.forming_until is not None:
                out.append((seat.forming_until, s, -1, LIVE))
            for i in range(4):
                fresh, stall = seat.fresh_until[i], seat.stall_due[i]
                if fresh is not None:
                    out.append((fresh, s, i, HOLD))
                if stall is not None:
                    out.append((stall, s, i, STALL))
        return out

    def next_due(self) -> float | None:
        """When time will next change something by itself (None while paused or over)."""
        if self.winner is not None or self.paused_at is not None:
            return None
        timers = self._timers()
        return min(timers)[0] if timers else None

    def tick(self, now: float) -> list[Event]:
        """Apply every timed event due at or before `now`, in order of due time, each at its own time."""
        events: list[Event] = []
        if now <= self.now:
            return events
        while self.winner is None and self.paused_at is None:
            timers = self._timers()
            if not timers:
                break
            first = min(timers)
            if first[0] > now:
                break
            events.extend(self._fire(*first))
        self.now = now
        return events

    def _shift(self, delta: float) -> None:
        """Every deadline moves by `delta` (a freeze or a pause: all timers pause)."""
        if self.frozen_until is not None:
            self.frozen_until += delta
        for seat in self.seats:
            if seat.locked_until is not None:
                seat.locked_until += delta
            if seat.forming_until is not None:
                seat.forming_until += delta
            for i in range(4):
                fresh, stall = seat.fresh_until[i], seat.stall_due[i]
                if fresh is not None:
                    seat.fresh_until[i] = fresh + delta
                if stall is not None:
                    seat.stall_due[i] = stall + delta

    def _fire(self, due: float, s: int, i: int, kind: str) -> list[Event]:
        if kind == THAW:
            return self._thaw(due)
        seat = self.seats[s]
        name = self.name(s)
        if kind == UNLOCK:
            seat.locked_until = None
            return [Event("unlock", f"{name} may trade again", data={"t": due, "seat": s})]
        if kind == LIVE:
            return self._go_live(s, due)
        if kind == HOLD:
            seat.states[i] = HELD
            seat.fresh_until[i] = None
            return [Event("hold", f"{name}'s {INGREDIENTS[i]} die is held", data={"t": due, "seat": s, "die": i})]
        # STALL (CW-5): the die leaves the offer with a new random value and becomes fresh.
        old = seat.values[i]
        seat.values[i] = self.rng.randint(1, 6)
        seat.states[i] = FRESH
        seat.stall_due[i] = None
        seat.fresh_until[i] = due + FRESH_WINDOW
        if not seat.offered():
            seat.offer_age = None
        text = f"The chai stall swaps {name}'s {INGREDIENTS[i]} die: {seat.values[i]}"
        data = {"t": due, "seat": s, "die": i, "old": old, "value": seat.values[i]}
        return [Event("stall", text, reveal=True, data=data)]

    def _thaw(self, due: float) -> list[Event]:
        """The freeze ends (CW-6): the claimer re-rolls all four dice and the market reopens."""
        s = self.freeze_claimer
        self.frozen_until = None
        self.freeze_claimer = None
        self.freeze_taken = None
        if s is None:
            return []
        seat = self.seats[s]
        old = list(seat.values)
        seat.values = [self.rng.randint(1, 6) for _ in INGREDIENTS]
        seat.states = [HELD] * 4
        seat.fresh_until = [None] * 4
        seat.stall_due = [None] * 4
        text = f"Chai! {self.name(s)} re-rolls: {describe_order(seat.values)}; the market reopens"
        data = {"t": due, "seat": s, "old": old, "values": list(seat.values)}
        return [Event("reroll_all", text, reveal=True, data=data)]

    # -- the market (CW-3, CW-4, CW-5) ---------------------------------------------------------
    def _go_live(self, s: int, t: float) -> list[Event]:
        seat = self.seats[s]
        seat.forming_until = None
        if self.stall is not None:
            for i in seat.offered():
                if seat.stall_due[i] is None:
                    seat.stall_due[i] = t + self.stall
        if seat.gained:
            seat.offer_age = t
            seat.gained = False
        if not seat.offered():
            seat.offer_age = None
            return []
        return self._trade(s, t)

    def _trade(self, s: int, t: float) -> list[Event]:
        """A live offer that just went live or gained a die trades with the oldest waiting live offer
        of another seat sharing an ingredient (bundle: exactly the same set). Shared dice swap, values
        unchanged; received dice become fresh; the rest waits. No chain follows."""
        mine = self.seats[s].offered()
        best: tuple[float, int] | None = None
        for o, other in enumerate(self.seats):
            if o == s or not other.live or other.locked_until is not None:
                continue
            theirs = other.offered()
            if not theirs or other.offer_age is None:
                continue
            if (theirs != mine) if self.bundle else not (theirs & mine):
                continue
            key = (other.offer_age, o)
            if best is None or key < best:
                best = key
        if best is None:
            return []
        o = best[1]
        a, b = self.seats[s], self.seats[o]
        shared = sorted(mine & b.offered())
        for i in shared:
            a.values[i], b.values[i] = b.values[i], a.values[i]
            for seat in (a, b):
                seat.states[i] = FRESH
                seat.fresh_until[i] = t + FRESH_WINDOW
                seat.stall_due[i] = None
        for seat in (a, b):
            if not seat.offered():
                seat.offer_age = None
        names = join_names([INGREDIENTS[i] for i in shared])
        text = f"{self.name(s)} and {self.name(o)} trade {names}"
        return [Event("trade", text, data={"t": t, "seats": (s, o), "dice": tuple(shared)})]

    def _withdraw(self, seat: Seat) -> None:
        for i in range(4):
            if seat.states[i] == OFFERED:
                seat.states[i] = HELD
            seat.stall_due[i] = None
        seat.forming_until = None
        seat.gained = False
        seat.offer_age = None

    # -- actions -------------------------------------------------------------------------------
    def _act(self, s: int, action: Any, t: float) -> list[Event]:
        name = self.name(s)
        if isinstance(action, Pause):
            self.paused_at = t
            return [Event("pause", f"{name} pauses the game", data={"t": t, "seat": s})]
        if isinstance(action, Resume):
            assert self.paused_at is not None
            self._shift(t - self.paused_at)
            self.paused_at = None
            return [Event("resume", f"{name} resumes the game: Chai!", data={"t": t, "seat": s})]
        if isinstance(action, Claim):
            return self._claim(s, t)
        seat = self.seats[s]
        if isinstance(action, Reroll) or (
            isinstance(action, Toggle) and seat.states[INGREDIENTS.index(action.ingredient)] == FRESH
        ):
            i = INGREDIENTS.index(action.ingredient)
            old = seat.values[i]
            seat.values[i] = self.rng.randint(1, 6)
            seat.states[i] = HELD
            seat.fresh_until[i] = None
            text = f"{name} re-rolls the fresh {action.ingredient} die: {seat.values[i]}"
            data = {"t": t, "seat": s, "die": i, "old": old, "value": seat.values[i]}
            return [Event("reroll", text, reveal=True, data=data)]
        if isinstance(action, Toggle):
            i = INGREDIENTS.index(action.ingredient)
            if seat.states[i] == HELD:
                seat.states[i] = OFFERED
                seat.gained = True
            else:
                seat.states[i] = HELD
                seat.stall_due[i] = None
                if not seat.offered():
                    seat.offer_age = None
            seat.forming_until = t + FORMING_DELAY
            offer = [INGREDIENTS[k] for k in sorted(seat.offered())]
            text = f"{name} is forming an offer: {join_names(offer) if offer else 'nothing'}"
            return [Event("forming", text, data={"t": t, "seat": s, "dice": tuple(offer)})]
        assert isinstance(action, SetOffer)
        wanted = frozenset(INGREDIENTS.index(d) for d in action.dice)
        before = seat.offered()
        was_forming = not seat.live
        for i in before - wanted:
            seat.states[i] = HELD
            seat.stall_due[i] = None
        for i in wanted - before:
            seat.states[i] = OFFERED
        if wanted - before:
            seat.gained = True
        events = [
            Event(
                "offer",
                f"{name} offers {join_names(list(action.dice)) if wanted else 'nothing'}",
                data={"t": t, "seat": s, "dice": tuple(INGREDIENTS[i] for i in sorted(wanted))},
            )
        ]
        if (wanted - before) or was_forming:
            events.extend(self._go_live(s, t))
        else:
            seat.forming_until = None
            if not wanted:
                seat.offer_age = None
        return events

    def _claim(self, s: int, t: float) -> list[Event]:
        seat = self.seats[s]
        name = self.name(s)
        slot = next((k for k, order in enumerate(self.face_up) if matches(seat.values, order)), None)
        if slot is None:  # CW-7: false claim
            seat.locked_until = t + LOCK
            self._withdraw(seat)
            return [Event("false_claim", f"{name} calls Chai! but matches no order: locked for 3 s", data={"t": t})]
        order = self.face_up[slot]
        seat.score += 1
        self.claimed.append(order)
        self._withdraw(seat)
        events = [
            Event(
                "claim",
                f"Chai! {name} fulfils {describe_order(order)} with {describe_order(seat.values)}"
                f" ({seat.score} of {self.target})",
                data={"t": t, "seat": s, "order": order, "slot": slot},
            )
        ]
        if not self.deck:  # CW-10: the claimed cards are shuffled into a new deck
            self.deck = self.claimed
            self.claimed = []
            self.rng.shuffle(self.deck)
            events.append(Event("reshuffle", "The claimed orders are shuffled into a new deck", data={"t": t}))
        self.face_up[slot] = self.deck.pop()
        events.append(
            Event(
                "new_order",
                f"New order: {describe_order(self.face_up[slot])}",
                reveal=True,
                data={"t": t, "slot": slot, "order": self.face_up[slot]},
            )
        )
        if seat.score >= self.target:  # CW-10: the first seat to reach the target wins at once
            self.winner = s
            events.append(Event("win", f"{name} wins with {seat.score} orders", data={"t": t, "seat": s}))
            return events
        self._shift(FREEZE)
        self.frozen_until = t + FREEZE
        self.freeze_claimer = s
        self.freeze_taken = order
        return events

    # -- views ---------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` sees (None: the table): its own dice values; of others, held and fresh values,
        which dice are offered (their values absent), fresh/locked states and scores. Never the deck."""
        return self._view(seat, everything=False)

    def table_view(self) -> dict[str, Any]:
        """CW-12's shared screen with two or more humans: every die's value, offered ones too."""
        return self._view(None, everything=True)

    def _view(self, viewer: int | None, everything: bool) -> dict[str, Any]:
        now = self.now
        # A freeze pauses every timer (CW-6) and has already pushed their deadlines back by itself:
        # a fresh die or a lock counts down from the thaw, so it stands still while the market is frozen.
        runs_from = max(now, self.frozen_until) if self.frozen_until is not None else now
        seats = []
        for s, seat in enumerate(self.seats):
            dice = []
            for i, ing in enumerate(INGREDIENTS):
                die: dict[str, Any] = {"ingredient": ing, "state": seat.states[i]}
                if everything or s == viewer or seat.states[i] != OFFERED:
                    die["value"] = seat.values[i]
                fu = seat.fresh_until[i]
                if fu is not None:
                    die["fresh_for"] = round(fu - runs_from, 3)
                dice.append(die)
            seats.append(
                {
                    "name": self.name(s),
                    "score": seat.score,
                    "dice": dice,
                    "forming": not seat.live,
                    "locked_for": None if seat.locked_until is None else round(seat.locked_until - runs_from, 3),
                    "bot": self.config.seats[s].bot,
                }
            )
        return {
            "seat": viewer,
            "now": now,
            "target": self.target,
            "stall": self.stall,
            "bundle": self.bundle,
            "orders": [list(o) for o in self.face_up],
            "deck": len(self.deck),
            "paused": self.paused_at is not None,
            "frozen_for": None if self.frozen_until is None else round(self.frozen_until - now, 3),
            "claimer": self.freeze_claimer,
            "winner": self.winner,
            "seats": seats,
        }

    # -- result, copies, JSON ------------------------------------------------------------------
    def result(self) -> Result:
        if self.winner is None:
            raise IllegalAction("The game is not over yet")
        scores = tuple(seat.score for seat in self.seats)
        return Result(
            scores=scores,
            winners=(self.winner,),
            breakdown=(ScoreRow("orders", scores),),
            note=f"{self.name(self.winner)} fulfilled {self.target} orders first",
        )

    def clone(self) -> ChaiWallahState:
        other = object.__new__(ChaiWallahState)
        other.__dict__ = dict(self.__dict__)
        other.rng = self.rng.clone()
        other.deck = list(self.deck)
        other.face_up = list(self.face_up)
        other.claimed = list(self.claimed)
        other.seats = [seat.copy() for seat in self.seats]
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config.to_json(),
            "rng": self.rng.to_json(),
            "now": self.now,
            "deck": [list(o) for o in self.deck],
            "face_up": [list(o) for o in self.face_up],
            "claimed": [list(o) for o in self.claimed],
            "seats": [seat.to_json() for seat in self.seats],
            "paused_at": self.paused_at,
            "frozen_until": self.frozen_until,
            "freeze_claimer": self.freeze_claimer,
            "freeze_taken": None if self.freeze_taken is None else list(self.freeze_taken),
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: Any) -> ChaiWallahState:
        """The state `to_json` wrote (a puzzle, a test position): every field is checked, and a bad
        one raises RecordError naming it."""
        from . import SPEC

        f = Fields(data, "Chai Wallah position")
        config = f.config(SPEC.validate)
        n = len(config.seats)
        seat, when = integer(0, n - 1), NULL | NUMBER
        order = list_of(integer(2, 6), len(INGREDIENTS))
        st = cls.__new__(cls)
        st.config = config
        st.target = int(config.options.get("target", 3))
        stall = config.options.get("stall", 6)
        st.stall = None if stall is None else float(stall)
        st.bundle = bool(config.options.get("bundle", False))
        st.rng = f.rng()
        st.now = float(f.take("now", NUMBER))
        st.deck = [tuple(o) for o in f.take("deck", list_of(order))]
        st.face_up = [tuple(o) for o in f.take("face_up", list_of(order, FACE_UP))]
        st.claimed = [tuple(o) for o in f.take("claimed", list_of(order))]
        st.seats = [
            Seat.from_json(x, f"{f.where}: the field 'seats', seat {i + 1}")
            for i, x in enumerate(f.take("seats", list_of(OBJECT, n)))
        ]
        st.paused_at = _time(f.take("paused_at", when))
        st.frozen_until = _time(f.take("frozen_until", when))
        st.freeze_claimer = f.take("freeze_claimer", NULL | seat)
        taken = f.take("freeze_taken", NULL | order)
        st.freeze_taken = None if taken is None else tuple(taken)
        st.winner = f.take("winner", NULL | seat)
        f.done()
        return st


def _time(value: float | int | None) -> float | None:
    return None if value is None else float(value)
