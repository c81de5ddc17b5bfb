"""The Dabba Walla state machine: pick-up phase, final placements, simultaneous delivery rounds.

State is plain lists of small ints (pieces, cards and chai tiles are ids from `data`), so that
`clone()` is a handful of list copies and a search bot can afford many of them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from chaigames.engine import Event, GameConfig, IllegalAction, Result, Rng, ScoreRow, is_seat
from chaigames.engine.validate import (
    BOOLEAN,
    NULL,
    OBJECT,
    TEXT,
    Fields,
    Kind,
    integer,
    list_of,
    object_of,
    one_of,
    pair,
)

from ..engine.words import join_names
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
    RemoveChai,
    ReturnTile,
    Start,
    Swap,
    actions,
)
from .tracks import read_tracks

PICKUP, FINAL, DELIVERY, OVER = "pickup", "final", "delivery", "over"
# Steps of a pick-up / final turn, and of a delivery round.
MOVE, PLAY, PLACE, END = "move", "play", "place", "end"
CHOOSE, LATER = "choose", "later"

NONE = -1


class DabbaWallaState:
    """One game. Attributes are public to the package (view, bots, tests) but only `apply` changes them."""

    def __init__(self, config: GameConfig, seed: int) -> None:
        self.config = config
        n = len(config.seats)
        self.n = n
        self.names = tuple(s.name for s in config.seats)
        opts = config.options
        self.vehicle_key: str = opts.get("vehicle", "trailer")
        self.vehicle = G.VEHICLES[self.vehicle_key]
        self.no_minus: bool = bool(opts.get("no_minus", False))
        self.module1: bool = bool(opts.get("module1", False))
        self.orders: tuple[int, ...] = tuple(
            o for o in (opts.get("order_card_1"), opts.get("order_card_2"), opts.get("order_card_3")) if o
        )
        rng = Rng(seed)
        self.rng = rng
        self.start = config.start_player if config.start_player is not None else rng.randbelow(n)

        deck = list(range(D.N_DABBA))
        rng.shuffle(deck)
        size = D.DECK_SIZE[n]
        self.out_cards: list[int] = sorted(deck[size:])  # back in the box, unseen
        self.draw: list[int] = deck[:size]  # top of the pile = end of the list
        self.display: list[int] = [self.draw.pop() for _ in range(D.DISPLAY_SIZE)]
        self.slot_tickets: list[int] = [0] * D.DISPLAY_SIZE
        self.hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(D.HAND_START):
            for p in range(n):
                self.hands[p].append(self.draw.pop())
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.tickets: list[int] = [D.TICKETS_EACH] * n
        self.box_tickets: int = D.N_TICKETS - D.TICKETS_EACH * n
        self.pos: list[int] = [NONE] * n
        size_grid = self.vehicle.rows * self.vehicle.cols
        self.heights: list[list[int]] = [[0] * size_grid for _ in range(n)]
        # stacks[p][square] = [(piece, level, half_side or -1), ...] bottom to top
        self.stacks: list[list[list[tuple[int, int, int]]]] = [[[] for _ in range(size_grid)] for _ in range(n)]
        # chais[p] = [[square, level], ...]: the half-chais that met their other half when placed (a
        # completed chai, two entries); halves that face each other without one never met (DW-3)
        self.chais: list[list[list[int]]] = [[] for _ in range(n)]
        self.empties: list[int] = list(range(D.EMPTY_BASE + D.N_EMPTY - 1, D.EMPTY_BASE - 1, -1))
        self.bonus: list[list[int]] = [
            list(range(D.BONUS_BASE + c * 3 + 2, D.BONUS_BASE + c * 3 - 1, -1)) for c in range(4)
        ]
        self.returned: list[int] = []  # DW-5 tiles back in the box
        self.delivered: list[int] = []  # pieces unloaded in the delivery phase
        self.chai_box: list[int] = []
        self.chai_supply: list[int] = []
        for cid, kind in enumerate(D.CHAI_KINDS):
            (self.chai_box if self.no_minus and kind in D.NO_MINUS_KINDS else self.chai_supply).append(cid)
        self.chai_owned: list[list[int]] = [[] for _ in range(n)]
        self.chai_spent: list[int] = []
        self.double_zero: tuple[int, int] = (NONE, NONE)  # (extended colour, shortened colour)
        if self.module1:
            tiles = list(D.DOUBLE_ZERO)
            rng.shuffle(tiles)
            self.double_zero = (tiles[0], tiles[1])
        self.discard: list[int] = []

        self.phase = PICKUP
        self.turn = self.start
        self.step = MOVE
        self.turns_taken: list[int] = [0] * n
        self.pending: int = NONE  # card whose tile waits to be placed
        self.trigger = False  # a display slot could not be refilled (DW-7)
        self.final_done = 0  # players who finished their two final placements

        # delivery
        self.tips: list[int] = [0] * n
        self.rows: dict[str, list[int]] = {}
        self.rounds = 0
        self.round = 0
        self.level = 0
        self.choice_card: list[int] = [NONE] * n
        self.choice_chai: list[list[int]] = [[] for _ in range(n)]
        self.committed: list[bool] = [False] * n
        self.revealed: list[bool] = [False] * n
        self.later_queue: list[int] = []
        self.later: list[bool] = [False] * n
        self.last_round: dict[str, Any] | None = None
        self.dw5_returns = 0
        self._cache: dict[Any, Any] = {}
        self._stack_views: list[Any] = [None] * n  # per player, rebuilt by the view when None

    # -- protocol ------------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.phase == DELIVERY:
            if self.step == LATER:
                return (self.later_queue[0],)
            return tuple(p for p in range(self.n) if not self.committed[p])
        if self.phase == OVER:
            return ()
        return (self.turn,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def clone(self) -> DabbaWallaState:
        o = object.__new__(DabbaWallaState)
        d = self.__dict__.copy()
        d["rng"] = self.rng.clone()
        for k in (
            "out_cards",
            "draw",
            "display",
            "slot_tickets",
            "tickets",
            "pos",
            "empties",
            "returned",
            "delivered",
            "chai_box",
            "chai_supply",
            "chai_spent",
            "discard",
            "turns_taken",
            "tips",
            "choice_card",
            "committed",
            "revealed",
            "later_queue",
            "later",
        ):
            d[k] = d[k][:]
        for k in ("hands", "played", "heights", "bonus", "chai_owned", "choice_chai", "chais"):
            d[k] = [x[:] for x in d[k]]
        d["stacks"] = [[s[:] for s in st] for st in self.stacks]
        d["rows"] = {k: v[:] for k, v in self.rows.items()}
        d["_cache"] = {}
        d["_stack_views"] = self._stack_views[:]
        o.__dict__ = d
        return o

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"config": self.config.to_json()}
        for k, v in self.__dict__.items():
            if k in ("config", "vehicle", "_cache", "_stack_views"):
                continue
            if k == "rng":
                v = v.to_json()
            elif k == "stacks":
                v = [[[list(e) for e in s] for s in st] for st in v]
            elif isinstance(v, tuple):
                v = list(v)
            out[k] = v
        return copy.deepcopy(out)

    @classmethod
    def from_json(cls, data: Any) -> DabbaWallaState:
        """The state `to_json` wrote (a puzzle, a test position): every field is checked, and a bad
        one raises RecordError naming it. The views are built afresh from it (nothing cached is read).
        Piece counts are not checked (see `invariants`)."""
        from . import SPEC

        f = Fields(data, "Dabba Walla position")
        config = f.config(SPEC.validate)
        st = cls(config, 0)  # what follows from the config, and the empty view caches
        fresh = st.to_json()
        kinds = _position_kinds(st)
        for key in fresh:
            if key == "config":
                continue
            value = copy.deepcopy(f.take(key, kinds[key]))  # every field has a kind (a new one must add its own)
            if key in _DERIVED and value != fresh[key]:
                raise f.fail(key, f"must be {fresh[key]!r} for this setup")
            if key == "rng":
                value = Rng.from_json(value)
            elif key == "stacks":
                value = [[[tuple(e) for e in sq] for sq in stack] for stack in value]
            elif isinstance(getattr(st, key), tuple):
                value = tuple(value)
            setattr(st, key, value)
        f.done()
        return st

    # -- helpers -------------------------------------------------------------------------------
    def _name(self, p: int) -> str:
        return self.names[p]

    def top_level(self, p: int) -> int:
        return max(self.heights[p])

    def _owned_kind(self, p: int, kind: str) -> int:
        for cid in self.chai_owned[p]:
            if D.CHAI_KINDS[cid] == kind:
                return cid
        return NONE

    def _square(self, row: Any, col: Any) -> int:
        v = self.vehicle
        if not isinstance(row, int) or not isinstance(col, int) or not v.inside(row, col):
            raise IllegalAction(f"({row},{col}) is not a square of the {v.label}")
        return row * v.cols + col

    def _card(self, code: Any) -> int:
        card = D.CARD_IDS.get(code) if isinstance(code, str) else None
        if card is None:
            raise IllegalAction(f"{code!r} is not a dabba card")
        return card

    def _changed(self) -> None:
        if self._cache:
            self._cache = {}

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Any]:
        if not is_seat(seat, self.n) or seat not in self.actors():
            return []
        if self.phase == DELIVERY:
            return self._delivery_actions(seat)
        out: list[Any] = []
        step = self.step
        if step == MOVE:
            if self.pos[seat] == NONE:
                out.extend(Start(s) for s in range(6))
            else:
                t = self.tickets[seat]
                for steps in range(1, 7):
                    if steps - 1 > t:
                        break
                    out.append(Move(steps, 1))
                    if steps < 6:  # six spaces bring you round: one move, Move(6, -1) is Move(6, 1)
                        out.append(Move(steps, -1))
                if self._owned_kind(seat, "jump") != NONE:
                    out.extend(Jump(s) for s in range(6))
        elif step == PLAY:
            out.extend(PlayCard(D.CARD_CODES[c]) for c in dict.fromkeys(self.hands[seat]))
        elif step == PLACE:
            tile = self.pending % D.TILES_PER_COLOUR
            heights = self.heights[seat]
            out.extend(
                Place(fp.orientation, fp.row, fp.col, lv)
                for fp, lv in G.legal_placements(self.vehicle_key, tile, heights)
            )
            if not out and G.levelling_need(self.vehicle_key, tile, heights) > len(self.empties):
                out.append(ReturnTile())
        else:
            out.append(EndTurn())
        # optional extras of one's own turn (DW-4, DW-8)
        if self.empties:
            cols = self.vehicle.cols
            out.extend(AddEmpty(*divmod(s, cols)) for s in self.vehicle.squares)
        if self._owned_kind(seat, "bonus") != NONE:
            cols = self.vehicle.cols
            for c in range(4):
                if self.bonus[c]:
                    out.extend(BonusDabba(D.COLOURS[c], *divmod(s, cols)) for s in self.vehicle.squares)
        if self._owned_kind(seat, "swap") != NONE:  # pick-up turns and final placements (DW-7)
            for c in dict.fromkeys(self.hands[seat]):
                for sp in range(6):
                    if self.display[sp] != NONE:
                        out.append(Swap(D.CARD_CODES[c], sp))
        return out

    def _delivery_actions(self, seat: int) -> list[Any]:
        out: list[Any] = []
        kinds = dict.fromkeys(D.CHAI_KINDS[c] for c in self.chai_owned[seat])
        for kind in kinds:
            if kind in D.LIGHT_BLUE:
                continue
            if kind == "later" and (self.step == LATER or self._choice_has(seat, "later")):
                continue
            out.append(AddChai(kind))
        for kind in dict.fromkeys(D.CHAI_KINDS[c] for c in self.choice_chai[seat]):
            out.append(RemoveChai(kind))
        hand = self.hands[seat]
        if hand:
            out.extend(Commit(D.CARD_CODES[c]) for c in dict.fromkeys(hand))
        else:
            out.append(Commit(None))
        return out

    def _choice_has(self, seat: int, kind: str) -> bool:
        return any(D.CHAI_KINDS[c] == kind for c in self.choice_chai[seat])

    # -- apply ---------------------------------------------------------------------------------
    def apply(self, seat: int, action: Any, t: float | None = None) -> list[Event]:
        actions.check(seat, action, self.n)
        if self.phase == OVER:
            raise IllegalAction("The game is over")
        if seat not in self.actors():
            if self.phase == DELIVERY:
                if 0 <= seat < self.n and self.committed[seat] and self.step == CHOOSE:
                    raise IllegalAction("You have already made your choice for this round")
                raise IllegalAction(f"It is {self._name(self.actors()[0])}'s turn to choose")
            raise IllegalAction(f"It is {self._name(self.turn)}'s turn")
        kind = type(action)
        if self.phase == DELIVERY:
            if kind is AddChai:
                return self._add_chai(seat, action.kind)
            if kind is RemoveChai:
                return self._remove_chai(seat, action.kind)
            if kind is Commit:
                return self._commit(seat, action.card)
            raise IllegalAction("In the delivery phase you choose a card and orange chai tiles")
        handler = _PICKUP_HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction("That is not a move of the pick-up phase")
        events = handler(self, seat, action)
        self._changed()
        return events

    # pick-up: movement --------------------------------------------------------------------------
    def _start(self, seat: int, a: Start) -> list[Event]:
        if self.step != MOVE or self.phase != PICKUP:
            raise IllegalAction("You have already moved this turn")
        if self.pos[seat] != NONE:
            raise IllegalAction("Only your first turn starts anywhere; now you move 1-6 spaces")
        sp = a.space
        if not isinstance(sp, int) or not 0 <= sp < 6:
            raise IllegalAction("The board has spaces 0 to 5")
        self.pos[seat] = sp
        ev = [Event("start", f"{self._name(seat)} starts on space {sp + 1}", data={"seat": seat, "space": sp})]
        return ev + self._take(seat)

    def _move(self, seat: int, a: Move) -> list[Event]:
        if self.step != MOVE or self.phase != PICKUP:
            raise IllegalAction("You have already moved this turn")
        if self.pos[seat] == NONE:
            raise IllegalAction("On your first turn you place your Dabba Walla on any space")
        steps, d = a.steps, a.direction
        if not isinstance(steps, int) or not 1 <= steps <= 6:
            raise IllegalAction("You move 1 to 6 spaces")
        if d not in (1, -1):
            raise IllegalAction("Direction is 1 (clockwise) or -1 (counterclockwise)")
        cost = steps - 1
        if cost > self.tickets[seat]:
            raise IllegalAction(
                f"You need {cost} ticket{'s' if cost != 1 else ''} to move {steps} spaces "
                f"and you have {self.tickets[seat]}"
            )
        start = self.pos[seat]
        passed = [(start + d * i) % 6 for i in range(1, steps)]
        for sp in passed:
            self.slot_tickets[sp] += 1
        self.tickets[seat] -= cost
        self.pos[seat] = (start + d * steps) % 6
        way = "clockwise" if d == 1 else "counterclockwise"
        text = f"{self._name(seat)} moves {steps} space{'s' if steps > 1 else ''} {way}"
        if cost:
            text += f", leaving a ticket on {cost} card{'s' if cost > 1 else ''}"
        ev = [Event("move", text, data={"seat": seat, "steps": steps, "direction": d, "passed": passed})]
        return ev + self._take(seat)

    def _jump(self, seat: int, a: Jump) -> list[Event]:
        if self.step != MOVE or self.phase != PICKUP:
            raise IllegalAction("A jump replaces your movement; you have already moved")
        if self.pos[seat] == NONE:
            raise IllegalAction("On your first turn you may start on any space anyway")
        cid = self._owned_kind(seat, "jump")
        if cid == NONE:
            raise IllegalAction("You have no jump chai tile")
        sp = a.space
        if not isinstance(sp, int) or not 0 <= sp < 6:
            raise IllegalAction("The board has spaces 0 to 5")
        self.chai_owned[seat].remove(cid)
        self.chai_spent.append(cid)
        self.pos[seat] = sp
        ev = [Event("jump", f"{self._name(seat)} uses a jump chai tile to space {sp + 1}", data={"seat": seat})]
        return ev + self._take(seat)

    def _take(self, seat: int) -> list[Event]:
        """Rulebook 1b: take the card at your space with its tickets; refill the slot at once."""
        sp = self.pos[seat]
        card = self.display[sp]
        events: list[Event] = []
        if card == NONE:  # only possible after the end was triggered
            self.step = PLAY
            return events
        self.hands[seat].append(card)
        got = self.slot_tickets[sp]
        self.tickets[seat] += got
        self.slot_tickets[sp] = 0
        text = f"{self._name(seat)} takes {D.CARD_CODES[card]}"
        if got:
            text += f" and {got} ticket{'s' if got > 1 else ''}"
        events.append(Event("take", text, data={"seat": seat, "card": D.CARD_CODES[card], "tickets": got}))
        if self.draw:
            new = self.draw.pop()
            self.display[sp] = new
            events.append(
                Event(
                    "refill",
                    f"{D.CARD_CODES[new]} is dealt to space {sp + 1}",
                    reveal=True,
                    data={"space": sp, "card": D.CARD_CODES[new]},
                )
            )
        else:
            self.display[sp] = NONE
            self.trigger = True
            events.append(
                Event("trigger", "The display cannot be refilled: this is the last turn of the pick-up phase")
            )
        self.step = PLAY
        return events

    def _swap(self, seat: int, a: Swap) -> list[Event]:
        if self.phase not in (PICKUP, FINAL):
            raise IllegalAction("Swap chai tiles are used in the pick-up phase and the final placements")
        cid = self._owned_kind(seat, "swap")
        if cid == NONE:
            raise IllegalAction("You have no swap chai tile")
        card = self._card(a.card)
        if card not in self.hands[seat]:
            raise IllegalAction(f"{a.card} is not in your hand")
        sp = a.space
        if not isinstance(sp, int) or not 0 <= sp < 6:
            raise IllegalAction("The board has spaces 0 to 5")
        other = self.display[sp]
        if other == NONE:
            raise IllegalAction(f"There is no card on space {sp + 1}")
        self.chai_owned[seat].remove(cid)
        self.chai_spent.append(cid)
        hand = self.hands[seat]
        hand[hand.index(card)] = other
        self.display[sp] = card
        return [
            Event(
                "swap",
                f"{self._name(seat)} swaps {a.card} for {D.CARD_CODES[other]} on space {sp + 1}",
                data={"seat": seat, "card": a.card, "space": sp},
            )
        ]

    # pick-up: loading ------------------------------------------------------------------------
    def _play(self, seat: int, a: PlayCard) -> list[Event]:
        if self.step != PLAY:
            if self.step == MOVE:
                raise IllegalAction("Move your Dabba Walla and take a card first")
            raise IllegalAction("You have already played a card this turn")
        card = self._card(a.card)
        if card not in self.hands[seat]:
            raise IllegalAction(f"{a.card} is not in your hand")
        self.hands[seat].remove(card)
        self.played[seat].append(card)
        self.pending = card
        self.step = PLACE
        return [Event("play", f"{self._name(seat)} plays {a.card}", data={"seat": seat, "card": a.card})]

    def _place(self, seat: int, a: Place) -> list[Event]:
        if self.step != PLACE:
            raise IllegalAction("Play a card first; its tile is the one you place")
        tile = self.pending % D.TILES_PER_COLOUR
        heights = self.heights[seat]
        problem = G.placement_problem(self.vehicle_key, tile, heights, a.orientation, a.row, a.col, a.level)
        if problem:
            raise IllegalAction(problem[0].upper() + problem[1:])
        fp = G.footprint(self.vehicle_key, tile, a.orientation, a.row, a.col)
        assert fp is not None
        piece = self.pending
        level = a.level
        stacks = self.stacks[seat]
        for s in fp.squares:
            heights[s] = level
            stacks[s].append((piece, level, fp.half_side if s == fp.half_square else -1))
        self.pending = NONE
        self._stack_views[seat] = None
        events = [
            Event(
                "place",
                f"{self._name(seat)} loads {D.CARD_CODES[piece]} on level {level}",
                data={"seat": seat, "piece": D.CARD_CODES[piece], "level": level, "squares": list(fp.squares)},
            )
        ]
        nb = fp.nb_square
        if nb != NONE and heights[nb] == level:
            top = stacks[nb][-1]
            if top[2] == G.OPPOSITE[fp.half_side] and top[1] == level:
                self.chais[seat] += [[fp.half_square, level], [nb, level]]
                events.extend(self._draw_chai(seat))
        self._after_load(seat)
        return events

    def _return(self, seat: int, a: ReturnTile) -> list[Event]:
        if self.step != PLACE:
            raise IllegalAction("There is no tile waiting to be placed")
        tile = self.pending % D.TILES_PER_COLOUR
        heights = self.heights[seat]
        need = G.levelling_need(self.vehicle_key, tile, heights)
        if need <= len(self.empties):
            if need == 0:
                raise IllegalAction("The tile fits: you must place it")
            raise IllegalAction(f"The tile can still be placed after levelling with {need} empty dabbas")
        piece = self.pending
        self.returned.append(piece)
        self.pending = NONE
        self.dw5_returns += 1
        self._after_load(seat)
        return [
            Event(
                "return",
                f"{D.CARD_CODES[piece]} fits nowhere on {self._name(seat)}'s {self.vehicle.label}, even with empty "
                "dabbas: the tile goes back to the box",
                data={"seat": seat, "piece": D.CARD_CODES[piece]},
            )
        ]

    def _after_load(self, seat: int) -> None:
        if self.phase == FINAL and self.hands[seat]:
            self.step = PLAY
        else:
            self.step = END

    def _draw_chai(self, seat: int) -> list[Event]:
        name = self._name(seat)
        if not self.chai_supply:
            return [Event("chai", f"{name} completes a chai, but the chai tiles have run out")]
        cid = self.chai_supply.pop(self.rng.randbelow(len(self.chai_supply)))
        self.chai_owned[seat].append(cid)
        kind = D.CHAI_KINDS[cid]
        return [
            Event("chai", f"{name} completes a chai and draws a chai tile", reveal=True, data={"seat": seat}),
            Event(
                "chai_tile",
                f"You draw the chai tile: {D.CHAI_LABELS[kind]}",
                seats=(seat,),
                reveal=True,
                data={"seat": seat, "kind": kind},
            ),
        ]

    def _empty(self, seat: int, a: AddEmpty) -> list[Event]:
        s = self._square(a.row, a.col)
        if not self.empties:
            raise IllegalAction("There are no empty dabbas left in the supply")
        piece = self.empties.pop()
        level = self.heights[seat][s] + 1
        self.heights[seat][s] = level
        self.stacks[seat][s].append((piece, level, -1))
        self._stack_views[seat] = None
        return [
            Event(
                "empty",
                f"{self._name(seat)} adds an empty dabba at {G.square_name(self.vehicle, s)}, level {level}",
                data={"seat": seat, "square": s, "level": level},
            )
        ]

    def _bonus(self, seat: int, a: BonusDabba) -> list[Event]:
        cid = self._owned_kind(seat, "bonus")
        if cid == NONE:
            raise IllegalAction("You have no bonus dabba chai tile")
        if a.colour not in D.COLOURS:
            raise IllegalAction(f"{a.colour!r} is not a colour (Y, R, B, G)")
        c = D.COLOURS.index(a.colour)
        if not self.bonus[c]:
            raise IllegalAction(f"No {D.COLOUR_NAMES[c]} bonus dabba is left")
        s = self._square(a.row, a.col)
        self.chai_owned[seat].remove(cid)
        self.chai_spent.append(cid)
        piece = self.bonus[c].pop()
        level = self.heights[seat][s] + 1
        self.heights[seat][s] = level
        self.stacks[seat][s].append((piece, level, -1))
        self._stack_views[seat] = None
        return [
            Event(
                "bonus",
                f"{self._name(seat)} uses a bonus dabba chai tile: a {D.COLOUR_NAMES[c]} dabba at "
                f"{G.square_name(self.vehicle, s)}, level {level}",
                data={"seat": seat, "square": s, "level": level, "colour": a.colour},
            )
        ]

    def _end(self, seat: int, a: EndTurn) -> list[Event]:
        if self.step != END:
            if self.step == PLACE:
                raise IllegalAction("Place your tile first")
            raise IllegalAction("Your turn is not finished: move, take a card and load a tile")
        name = self._name(seat)
        if self.phase == PICKUP:
            self.turns_taken[seat] += 1
            if self.trigger:
                return self._begin_final()
            self.turn = (self.turn + 1) % self.n
            self.step = MOVE
            return [Event("turn", f"{name} ends the turn")]
        self.final_done += 1
        if self.final_done == self.n:
            return self._begin_delivery()
        self.turn = (self.turn + 1) % self.n
        self.step = PLAY
        return [Event("turn", f"{name} has loaded the last two cards")]

    def _begin_final(self) -> list[Event]:
        """DW-7: two final placements each; the display stays on the table (a swap tile may still take one
        of its cards) until the delivery phase is prepared."""
        self.phase = FINAL
        self.turn = self.start
        self.step = PLAY
        return [Event("final", "The pick-up phase is over: everyone loads the two cards left in hand")]

    # delivery --------------------------------------------------------------------------------
    def _begin_delivery(self) -> list[Event]:
        """DW-9: tickets become tips; order 4 pays; as many rounds as the highest level."""
        n = self.n
        self._clear_display()
        self.phase = DELIVERY
        self.turn = NONE
        self.step = CHOOSE
        for p in range(n):
            self.hands[p] = self.played[p]
            self.played[p] = []
        row = self.tickets[:]
        self._row("tickets", row)
        self.box_tickets += sum(self.tickets)
        self.tickets = [0] * n
        events = [Event("delivery", "The delivery phase begins: every ticket is worth 1 tip")]
        if 4 in self.orders:
            vals = []
            for p in range(n):
                levels = {lv for st in self.stacks[p] for piece, lv, _ in st if D.PIECE_COLOUR[piece] >= 0}
                vals.append(D.ORDER4_TIPS_PER_LEVEL * len(levels))
            self._row("order 4", vals)
        self.rounds = max(self.top_level(p) for p in range(n))
        self.round = 0
        if self.rounds == 0:
            return events + self._finish()
        return events + self._begin_round()

    def _clear_display(self) -> None:
        """Delivery preparation 3 (DW-7): the display goes to the discard, the tickets on it to the box."""
        for sp in range(6):
            if self.display[sp] != NONE:
                self.discard.append(self.display[sp])
                self.display[sp] = NONE
            self.box_tickets += self.slot_tickets[sp]
            self.slot_tickets[sp] = 0

    def _row(self, source: str, values: list[int]) -> None:
        row = self.rows.setdefault(source, [0] * self.n)
        for p, v in enumerate(values):
            row[p] += v
            self.tips[p] += v

    def level_pieces(self, p: int, level: int) -> list[int]:
        """The squares' pieces of player p on this level (one entry per dabba = square)."""
        out = []
        for st in self.stacks[p]:
            for piece, lv, _ in st:
                if lv == level:
                    out.append(piece)
        return out

    def _begin_round(self) -> list[Event]:
        self.round += 1
        self.level = self.rounds - self.round + 1
        L = self.level
        n = self.n
        self.choice_card = [NONE] * n
        self.choice_chai = [[] for _ in range(n)]
        self.committed = [False] * n
        self.revealed = [False] * n
        self.later = [False] * n
        self.later_queue = []
        self.step = CHOOSE
        events = [Event("round", f"Delivery round {self.round} of {self.rounds}: level {L}")]
        for order in (1, 2, 3):
            if order not in self.orders:
                continue
            vals = []
            for p in range(n):
                pieces = self.level_pieces(p, L)
                colours = {D.PIECE_COLOUR[x] for x in pieces if D.PIECE_COLOUR[x] >= 0}
                if order == 1:
                    full = len(pieces) == self.vehicle.size
                    vals.append(D.ORDER1_TIPS.get(len(colours), 0) if full and colours else 0)
                elif order == 2:
                    vals.append(D.ORDER2_TIPS.get(len(colours), 0))
                else:
                    tiles = len({x for x in pieces if D.PIECE_COLOUR[x] >= 0})
                    vals.append(next((tips for k, tips in D.ORDER3_TIPS if tiles >= k), 0))
            self._row(f"order {order}", vals)
            if any(vals):
                events.append(Event("order", f"Order {order} ({D.ORDER_NAMES[order]}) pays: {self._list(vals)}"))
        return events

    def _list(self, vals: list[int]) -> str:
        return ", ".join(f"{self.names[p]} {v}" for p, v in enumerate(vals))

    def _add_chai(self, seat: int, kind: Any) -> list[Event]:
        if kind not in D.ORANGE:
            raise IllegalAction("Only orange chai tiles are played in the delivery phase")
        cid = self._owned_kind(seat, kind)
        if cid == NONE:
            raise IllegalAction(f"You have no {D.CHAI_LABELS[kind]} chai tile")
        if kind == "later" and (self.step == LATER or self._choice_has(seat, "later")):
            raise IllegalAction("One play-later tile is enough")
        self.chai_owned[seat].remove(cid)
        self.choice_chai[seat].append(cid)
        self._changed()
        return [Event("choice", f"{self._name(seat)} adds a chai tile", seats=(seat,), data={"kind": kind})]

    def _remove_chai(self, seat: int, kind: Any) -> list[Event]:
        for cid in self.choice_chai[seat]:
            if D.CHAI_KINDS[cid] == kind:
                break
        else:
            raise IllegalAction(f"There is no {kind!r} chai tile on your choice")
        self.choice_chai[seat].remove(cid)
        self.chai_owned[seat].append(cid)
        self._changed()
        return [Event("choice", f"{self._name(seat)} takes back a chai tile", seats=(seat,), data={"kind": kind})]

    def _commit(self, seat: int, code: Any) -> list[Event]:
        hand = self.hands[seat]
        if code is None:
            if hand:
                raise IllegalAction("Choose one of your cards")
            card = NONE
        else:
            card = self._card(code)
            if card not in hand:
                raise IllegalAction(f"{code} is not in your hand")
        self.choice_card[seat] = card
        self._changed()
        if self.step == LATER:
            self.later_queue.pop(0)
            events = self._reveal(seat)
            if not self.later_queue:
                events += self._score_round()
            return events
        self.committed[seat] = True
        events = [Event("commit", f"{self._name(seat)} has chosen", data={"seat": seat})]
        if all(self.committed):
            events += self._reveal_all()
        return events

    def _reveal(self, p: int) -> list[Event]:
        self.revealed[p] = True
        card = self.choice_card[p]
        kinds = [D.CHAI_KINDS[c] for c in self.choice_chai[p]]
        what = D.CARD_CODES[card] if card != NONE else "no card"
        if kinds:
            what += " with " + ", ".join(D.CHAI_LABELS[k] for k in kinds)
        return [Event("reveal", f"{self._name(p)} reveals {what}", reveal=True, data={"seat": p})]

    def _reveal_all(self) -> list[Event]:
        """DW-11: play-later tiles are revealed alone and spent; the others show everything."""
        events: list[Event] = []
        order = [(self.start + i) % self.n for i in range(self.n)]
        for p in order:
            later = [c for c in self.choice_chai[p] if D.CHAI_KINDS[c] == "later"]
            if later:
                self.choice_chai[p].remove(later[0])
                self.chai_box.append(later[0])
                self.later[p] = True
                self.later_queue.append(p)
        for p in order:
            if not self.later[p]:
                events += self._reveal(p)
        for p in self.later_queue:
            events.append(Event("later", f"{self._name(p)} plays a play-later tile", reveal=True, data={"seat": p}))
        if self.later_queue:
            self.step = LATER
            return events
        return events + self._score_round()

    def track_values(self) -> tuple[list[int], list[int]]:
        """DW-12: (marker positions, tip values) per colour from the revealed choices."""
        reading = read_tracks(
            (card for card in self.choice_card if card != NONE),
            (D.CHAI_KINDS[cid] for chai in self.choice_chai for cid in chai),
            self.double_zero,
        )
        return list(reading.positions), list(reading.values)

    def _score_round(self) -> list[Event]:
        n, L = self.n, self.level
        positions, values = self.track_values()
        events = [
            Event(
                "tracks",
                "Scoring tracks: " + ", ".join(f"{D.COLOUR_NAMES[c]} {values[c]}" for c in range(4)),
                data={"positions": positions, "values": values},
            )
        ]
        level_vals, empty_vals = [0] * n, [0] * n
        for p in range(n):
            heights = self.heights[p]
            self._stack_views[p] = None
            gone: dict[int, None] = {}
            for s in self.vehicle.squares:
                if heights[s] == L:
                    piece = self.stacks[p][s].pop()[0]
                    heights[s] = L - 1
                    c = D.PIECE_COLOUR[piece]
                    if c < 0:
                        empty_vals[p] -= D.EMPTY_PENALTY
                    else:
                        level_vals[p] += values[c]
                    gone[piece] = None
            self.delivered.extend(gone)
        self._row(f"level {L}", level_vals)
        if any(empty_vals):
            self._row("empty dabbas", empty_vals)
        choices = []
        for p in range(n):
            card = self.choice_card[p]
            choices.append(
                (D.CARD_CODES[card] if card != NONE else None, tuple(D.CHAI_KINDS[c] for c in self.choice_chai[p]))
            )
            if card != NONE:
                self.hands[p].remove(card)
                self.discard.append(card)
            self.chai_box.extend(self.choice_chai[p])
            self.choice_chai[p] = []
        self.last_round = {
            "round": self.round,
            "level": L,
            "choices": choices,
            "later": list(self.later),
            "positions": positions,
            "values": values,
            "tips": [level_vals[p] + empty_vals[p] for p in range(n)],
        }
        events.append(
            Event(
                "deliver",
                f"Level {L} delivered: " + self._list([level_vals[p] + empty_vals[p] for p in range(n)]),
                data={"level": L},
            )
        )
        if self.round >= self.rounds:
            return events + self._finish()
        return events + self._begin_round()

    def _finish(self) -> list[Event]:
        """DW-14: unused chai tiles (orders 5/6 instead), then the game is over."""
        n = self.n
        counts = [len(self.chai_owned[p]) for p in range(n)]
        if 5 in self.orders:
            vals = [D.ORDER5_TIPS[min(k, 5)] for k in counts]
        elif 6 in self.orders:
            best = max(counts)
            vals = [k * (D.ORDER6_TIPS_EACH if k == best and k > 0 else D.CHAI_TIPS_EACH) for k in counts]
        else:
            vals = [k * D.CHAI_TIPS_EACH for k in counts]
        self._row("chai tiles", vals)
        self.phase = OVER
        self.step = OVER
        self.level = 0
        r = self.result()
        win = join_names([self.names[p] for p in r.winners])
        return [Event("over", f"The game is over: {win} win{'s' if len(r.winners) == 1 else ''}")]

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalAction("The game is not over yet")
        best = max(self.tips)
        winners = tuple(p for p in range(self.n) if self.tips[p] == best)
        order = ["tickets", "order 4"]
        order += [f"order {k}" for k in (1, 2, 3)]
        order += [f"level {lv}" for lv in range(self.rounds, 0, -1)]
        order += ["empty dabbas", "chai tiles"]
        rows = tuple(ScoreRow(src, tuple(self.rows[src])) for src in order if src in self.rows)
        return Result(scores=tuple(self.tips), winners=winners, breakdown=rows)

    def view(self, seat: int | None) -> Any:
        from .view import make_view

        key = ("view", seat)
        v = self._cache.get(key)
        if v is None:
            v = self._cache[key] = make_view(self, seat)
        return v


_DERIVED = ("n", "names", "vehicle_key", "no_minus", "module1", "orders")


def _position_kinds(st: DabbaWallaState) -> dict[str, Kind]:
    """What each field of a position may hold, for a game set up like `st`."""
    n = st.n
    squares = st.vehicle.rows * st.vehicle.cols
    seat, count = integer(0, n - 1), integer(0)
    card, piece, chai = integer(0, D.N_DABBA - 1), integer(0, D.N_PIECES - 1), integer(0, D.N_CHAI - 1)
    maybe_card = integer(NONE, D.N_DABBA - 1)
    cards, chais = list_of(card), list_of(chai)

    def per_seat(kind: Kind) -> Kind:
        return list_of(kind, n)

    entry = Kind(
        lambda v: type(v) is list and len(v) == 3 and piece.ok(v[0]) and count.ok(v[1]) and integer(-1, 3).ok(v[2]),
        "a [piece, level, half side] triple",
    )
    return {
        "rng": integer(0, (1 << 64) - 1),
        "n": integer(),
        "names": list_of(TEXT),
        "vehicle_key": TEXT,
        "no_minus": BOOLEAN,
        "module1": BOOLEAN,
        "orders": list_of(integer()),
        "start": seat,
        "out_cards": cards,
        "draw": cards,
        "display": list_of(maybe_card, D.DISPLAY_SIZE),
        "slot_tickets": list_of(count, D.DISPLAY_SIZE),
        "hands": per_seat(cards),
        "played": per_seat(cards),
        "tickets": per_seat(count),
        "box_tickets": count,
        "pos": per_seat(integer(NONE, 5)),
        "heights": per_seat(list_of(count, squares)),
        "stacks": per_seat(list_of(list_of(entry), squares)),
        "chais": per_seat(list_of(pair(integer(0, squares - 1), count))),
        "empties": list_of(integer(D.EMPTY_BASE, D.N_PIECES - 1)),
        "bonus": list_of(list_of(integer(D.BONUS_BASE, D.EMPTY_BASE - 1)), 4),
        "returned": cards,
        "delivered": list_of(piece),
        "chai_box": chais,
        "chai_supply": chais,
        "chai_owned": per_seat(chais),
        "chai_spent": chais,
        "double_zero": list_of(integer(NONE, 3), 2),
        "discard": cards,
        "phase": one_of((PICKUP, FINAL, DELIVERY, OVER)),
        "turn": integer(NONE, n - 1),
        "step": one_of((MOVE, PLAY, PLACE, END, CHOOSE, LATER, OVER)),
        "turns_taken": per_seat(count),
        "pending": maybe_card,
        "trigger": BOOLEAN,
        "final_done": integer(0, n),
        "tips": per_seat(integer()),
        "rows": object_of(per_seat(integer())),
        "rounds": count,
        "round": count,
        "level": count,
        "choice_card": per_seat(maybe_card),
        "choice_chai": per_seat(chais),
        "committed": per_seat(BOOLEAN),
        "revealed": per_seat(BOOLEAN),
        "later_queue": list_of(seat, most=n),
        "later": per_seat(BOOLEAN),
        "last_round": NULL | OBJECT,
        "dw5_returns": count,
    }


_PICKUP_HANDLERS: dict[type, Callable[[DabbaWallaState, int, Any], list[Event]]] = {
    Start: DabbaWallaState._start,
    Move: DabbaWallaState._move,
    Jump: DabbaWallaState._jump,
    Swap: DabbaWallaState._swap,
    PlayCard: DabbaWallaState._play,
    Place: DabbaWallaState._place,
    ReturnTile: DabbaWallaState._return,
    AddEmpty: DabbaWallaState._empty,
    BonusDabba: DabbaWallaState._bonus,
    EndTurn: DabbaWallaState._end,
}
