"""What one seat may see (DW-15), as frozen dataclasses a screen and the bots read.

Structure of `DabbaView` (the value of `state.view(seat)`; `seat=None` is the table's view):

- `seat`: the viewer (None = public); `phase`: "pickup" | "final" | "delivery" | "over";
  `step`: within a pick-up / final turn "move" | "play" | "place" | "end", in delivery "choose"
  (secret choices) or "later" (DW-11 play-later changes), "over" at the end;
  `turn`: the seat whose pick-up / final turn it is (None in delivery); `actors`: seats that may act now;
  `start_player`.
- `vehicle`: key ("trailer", "handcart", "crate", "wheelbarrow"), `vehicle_label`, `rows`, `cols`,
  `squares`: square numbers (row * cols + col) that belong to the vehicle. Squares outside it have
  height 0 and an empty stack.
- `spaces`: the ring of six board spaces, clockwise, each a `Space(card, tickets, figures)`:
  card code on that slot (None once the display is cleared), tickets lying on it, seats standing there.
- `draw_count` (the order of the draw pile is never shown), `discard` (common discard, card codes),
  `empties_left`, `bonus_left` (per colour Y, R, B, G), `chai_supply` (count).
- `orders` (Module 2 orders in play), `double_zero` (Module 1: (extended colour, shortened colour)
  as letters, or None), `no_minus`.
- Delivery: `round`, `rounds`, `level` (the level being delivered, 0 outside delivery),
  `tracks`: marker positions of the last scored round, `track_values`: their tip values,
  `track_scales`: the tips on each space of each colour's track (Module 1 changes two of them),
  `revealed_tracks`: while play-later tiles wait, the tracks the choices revealed so far make
  (a `TrackReading`), else None, `last_round`: the last scored round (a `LastRound`) or None.
- `players`: one `PlayerView` per seat (see its docstring), seat order.

Helpers for a screen: `placements(view, card)` lists the legal (orientation, row, col, level) of a
card's tile on the viewer's vehicle, `placement_problem(view, card, orientation, row, col, level)` says
why one is illegal, `orientations(card)` gives each orientation's cells and half-chai.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from chaigames.engine.validate import (
    BOOLEAN,
    NULL,
    OBJECT,
    TEXT,
    Fields,
    Kind,
    integer,
    list_of,
    one_of,
    pair,
    unchanged_items,
)

from . import data as D
from . import geometry as G
from .tracks import TrackReading, read_tracks, track_scales

if TYPE_CHECKING:
    from .state import DabbaWallaState


class Layer(NamedTuple):
    """One dabba in a square's stack: the piece it belongs to (same id on every square of a tile,
    so outlines are where neighbouring squares at the same level have different ids), its colour
    letter (None for an empty dabba), its level, the half-chai side on this square ('N', 'E',
    'S', 'W') or None, and whether that half-chai met its other half (a completed chai: halves
    that face each other can also have met none, when one was covered before the other came)."""

    piece: str
    colour: str | None
    level: int
    half: str | None
    chai: bool = False


class Space(NamedTuple):
    card: str | None
    tickets: int
    figures: tuple[int, ...]


@dataclass(frozen=True)
class PlayerView:
    """One player as the viewer may see them.

    `heights` per square of the bounding grid; `stacks` per square, bottom to top, of `Layer`s;
    `level`: the true highest level, `level_marker`: what the marker shows (1-10, DW-2: 1 on an empty vehicle);
    `position`: board space or None; `tickets`; `played`: the public played pile (card codes, in
    order; empty in delivery, where it became the hand); `pending`: the card whose tile waits to be
    placed; `hand`: card codes when the viewer may see them (own hand; everyone's in delivery,
    DW-15), else None, with `hand_count` always; `chai`: own chai tile kinds (None for others) and
    `chai_count` (another seat's count includes the tiles on its secret choice until the reveal, so
    putting one on or taking it off shows nowhere else); `tips`; delivery: `committed` (secret choice
    made; nothing more until reveal),
    `choice`: (card or None, chai kinds) once revealed, or the viewer's own current pick;
    `revealed`; `later` (played a play-later tile this round).
    """

    seat: int
    name: str
    position: int | None
    tickets: int
    heights: tuple[int, ...]
    stacks: tuple[tuple[Layer, ...], ...]
    level: int
    level_marker: int
    played: tuple[str, ...]
    pending: str | None
    hand: tuple[str, ...] | None
    hand_count: int
    chai: tuple[str, ...] | None
    chai_count: int
    tips: int
    committed: bool
    choice: tuple[str | None, tuple[str, ...]] | None
    revealed: bool
    later: bool


@dataclass(frozen=True)
class LastRound:
    """The last scored round of delivery: what each player revealed, the tracks that made, their tips."""

    round: int
    level: int
    choices: tuple[tuple[str | None, tuple[str, ...]], ...]  # per seat: (card or None, chai tile kinds)
    later: tuple[bool, ...]  # per seat: played a play-later tile
    tips: tuple[int, ...]  # per seat: the tips the level paid (its dabbas and empty dabbas)
    tracks: TrackReading

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "level": self.level,
            "choices": [[card, list(kinds)] for card, kinds in self.choices],
            "later": list(self.later),
            "tips": list(self.tips),
            "tracks": self.tracks.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any, n: int) -> LastRound:
        where = "Dabba Walla view: the field 'last_round'"
        f = Fields(data, where)
        last = cls(
            round=f.take("round", integer(0)),
            level=f.take("level", integer(0)),
            choices=tuple(_choices(f.take("choices", list_of(_CHOICE, n)))),
            later=tuple(f.take("later", list_of(BOOLEAN, n))),
            tips=tuple(f.take("tips", list_of(integer(), n))),
            tracks=TrackReading.from_json(f.take("tracks", OBJECT), f"{where}, its tracks"),
        )
        f.done()
        return last


@dataclass(frozen=True)
class DabbaView:
    seat: int | None
    phase: str
    step: str
    turn: int | None
    actors: tuple[int, ...]
    start_player: int
    vehicle: str
    vehicle_label: str
    rows: int
    cols: int
    squares: tuple[int, ...]
    spaces: tuple[Space, ...]
    draw_count: int
    discard: tuple[str, ...]
    empties_left: int
    bonus_left: tuple[int, int, int, int]
    chai_supply: int
    orders: tuple[int, ...]
    double_zero: tuple[str, str] | None
    no_minus: bool
    round: int
    rounds: int
    level: int
    tracks: tuple[int, ...]
    track_values: tuple[int, ...]
    track_scales: tuple[tuple[int, ...], ...]
    revealed_tracks: TrackReading | None
    last_round: LastRound | None
    players: tuple[PlayerView, ...]

    def me(self) -> PlayerView | None:
        return self.players[self.seat] if self.seat is not None else None

    def to_json(self) -> dict[str, Any]:
        """This view as JSON data, for a table client: `from_json` gives back an equal view."""
        return {
            "seat": self.seat,
            "phase": self.phase,
            "step": self.step,
            "turn": self.turn,
            "actors": list(self.actors),
            "start_player": self.start_player,
            "vehicle": self.vehicle,
            "vehicle_label": self.vehicle_label,
            "rows": self.rows,
            "cols": self.cols,
            "squares": list(self.squares),
            "spaces": [[sp.card, sp.tickets, list(sp.figures)] for sp in self.spaces],
            "draw_count": self.draw_count,
            "discard": list(self.discard),
            "empties_left": self.empties_left,
            "bonus_left": list(self.bonus_left),
            "chai_supply": self.chai_supply,
            "orders": list(self.orders),
            "double_zero": None if self.double_zero is None else list(self.double_zero),
            "no_minus": self.no_minus,
            "round": self.round,
            "rounds": self.rounds,
            "level": self.level,
            "tracks": list(self.tracks),
            "track_values": list(self.track_values),
            "track_scales": [list(scale) for scale in self.track_scales],
            "revealed_tracks": None if self.revealed_tracks is None else self.revealed_tracks.to_json(),
            "last_round": None if self.last_round is None else self.last_round.to_json(),
            "players": [_player_json(p) for p in self.players],
        }

    @classmethod
    def from_json(cls, data: Any) -> DabbaView:
        """The view `to_json` wrote, every field checked: a bad one raises RecordError naming it."""
        return cls.from_changes(data, None, None)

    @classmethod
    def from_changes(cls, data: Any, last_data: Any, last: DabbaView | None) -> DabbaView:
        """`from_json(data)`, where `data` is rebuilt from `last_data` (read as `last`) and shares with it
        the parts that did not change (the same objects, never changed since): a player whose JSON is
        the one `last` was read from is `last`'s player, not read again. Reading every player of every
        update was about an eighth of a Dabba Walla app's time at a table."""
        f = Fields(data, "Dabba Walla view")
        kept = {} if last is None else unchanged_items(data, last_data, "players", last.players)
        raw_players = f.take("players", list_of(OBJECT))
        n = len(raw_players)
        if not 1 <= n <= 8:
            raise f.fail("players", f"must list 1 to 8 players, not {n}")
        seat = integer(0, n - 1)
        count = integer(0)
        ints = list_of(integer())
        card = one_of(D.CARD_CODES)
        space = Kind(
            lambda v: (
                type(v) is list and len(v) == 3 and (NULL | card).ok(v[0]) and count.ok(v[1]) and list_of(seat).ok(v[2])
            ),
            "a [card or null, tickets, [seats]] triple",
        )
        colour = one_of(D.COLOURS)
        view = cls(
            seat=f.take("seat", NULL | seat),
            phase=f.take("phase", one_of(PHASES)),
            step=f.take("step", one_of(STEPS)),
            turn=f.take("turn", NULL | seat),
            actors=tuple(f.take("actors", list_of(seat, most=n))),
            start_player=f.take("start_player", seat),
            vehicle=f.take("vehicle", one_of(G.VEHICLES)),
            vehicle_label=f.take("vehicle_label", TEXT),
            rows=f.take("rows", integer(1)),
            cols=f.take("cols", integer(1)),
            squares=tuple(f.take("squares", list_of(count))),
            spaces=tuple(Space(c, t, tuple(fig)) for c, t, fig in f.take("spaces", list_of(space, 6))),
            draw_count=f.take("draw_count", count),
            discard=tuple(f.take("discard", list_of(card))),
            empties_left=f.take("empties_left", count),
            bonus_left=tuple(f.take("bonus_left", list_of(count, 4))),
            chai_supply=f.take("chai_supply", count),
            orders=tuple(f.take("orders", list_of(integer(1, 6)))),
            double_zero=_maybe_tuple(f.take("double_zero", NULL | pair(colour, colour))),
            no_minus=f.take("no_minus", BOOLEAN),
            round=f.take("round", count),
            rounds=f.take("rounds", count),
            level=f.take("level", count),
            tracks=tuple(f.take("tracks", ints)),
            track_values=tuple(f.take("track_values", ints)),
            track_scales=tuple(
                tuple(scale) for scale in f.take("track_scales", list_of(list_of(integer(0), most=6), 4))
            ),
            revealed_tracks=_reading(f.take("revealed_tracks", NULL | OBJECT)),
            last_round=None if (last := f.take("last_round", NULL | OBJECT)) is None else LastRound.from_json(last, n),
            players=tuple(kept.get(i) or _player_from_json(raw, i, n) for i, raw in enumerate(raw_players)),
        )
        f.done()
        return view


PHASES = ("pickup", "final", "delivery", "over")
STEPS = ("move", "play", "place", "end", "choose", "later", "over")


def _maybe_tuple(value: list[Any] | None) -> tuple[Any, ...] | None:
    return None if value is None else tuple(value)


def _player_json(p: PlayerView) -> dict[str, Any]:
    return {
        "seat": p.seat,
        "name": p.name,
        "position": p.position,
        "tickets": p.tickets,
        "heights": list(p.heights),
        "stacks": [[list(layer) for layer in stack] for stack in p.stacks],
        "level": p.level,
        "level_marker": p.level_marker,
        "played": list(p.played),
        "pending": p.pending,
        "hand": None if p.hand is None else list(p.hand),
        "hand_count": p.hand_count,
        "chai": None if p.chai is None else list(p.chai),
        "chai_count": p.chai_count,
        "tips": p.tips,
        "committed": p.committed,
        "choice": None if p.choice is None else [p.choice[0], list(p.choice[1])],
        "revealed": p.revealed,
        "later": p.later,
    }


_CARD = one_of(D.CARD_CODES)
_CHAIS = list_of(one_of(set(D.CHAI_KINDS)))
_CHOICE = pair(NULL | _CARD, _CHAIS)
_LAYER = Kind(
    lambda v: (
        type(v) is list
        and len(v) == 5
        and one_of(D.PIECE_NAMES).ok(v[0])
        and (NULL | one_of(D.COLOURS)).ok(v[1])
        and integer(0).ok(v[2])
        and (NULL | one_of(D.SIDES)).ok(v[3])
        and BOOLEAN.ok(v[4])
    ),
    "a [piece, colour or null, level, half side or null, completed chai] layer",
)


def _player_from_json(data: Any, i: int, n: int) -> PlayerView:
    f = Fields(data, f"Dabba Walla view: the field 'players', player {i + 1}")
    count, cards = integer(0), list_of(_CARD)
    player = PlayerView(
        seat=f.take("seat", one_of((i,))),
        name=f.take("name", TEXT),
        position=f.take("position", NULL | integer(0, 5)),
        tickets=f.take("tickets", count),
        heights=tuple(f.take("heights", list_of(count))),
        stacks=tuple(tuple(Layer(*x) for x in st) for st in f.take("stacks", list_of(list_of(_LAYER)))),
        level=f.take("level", count),
        level_marker=f.take("level_marker", integer(1, 10)),
        played=tuple(f.take("played", cards)),
        pending=f.take("pending", NULL | _CARD),
        hand=_maybe_tuple(f.take("hand", NULL | cards)),
        hand_count=f.take("hand_count", count),
        chai=_maybe_tuple(f.take("chai", NULL | _CHAIS)),
        chai_count=f.take("chai_count", count),
        tips=f.take("tips", integer()),
        committed=f.take("committed", BOOLEAN),
        choice=_choice(f.take("choice", NULL | _CHOICE)),
        revealed=f.take("revealed", BOOLEAN),
        later=f.take("later", BOOLEAN),
    )
    f.done()
    if len(player.stacks) != len(player.heights):
        raise f.fail("stacks", "must have one stack per square of 'heights'")
    return player


def _choice(value: list[Any] | None) -> tuple[str | None, tuple[str, ...]] | None:
    return None if value is None else (value[0], tuple(value[1]))


def _choices(raw: list[Any]) -> list[tuple[str | None, tuple[str, ...]]]:
    return [(card, tuple(kinds)) for card, kinds in raw]


def _reading(data: Any) -> TrackReading | None:
    return None if data is None else TrackReading.from_json(data, "Dabba Walla view: the field 'revealed_tracks'")


def _last_round(s: DabbaWallaState, last: dict[str, Any]) -> LastRound:
    """The state's last scored round as a value (however the state got it: played, or read from a
    position), with the tracks its choices made: the positions and tips as scored."""
    choices = _choices(last["choices"])
    reading = _reading_of(choices, s.double_zero)
    return LastRound(
        round=last["round"],
        level=last["level"],
        choices=tuple(choices),
        later=tuple(last["later"]),
        tips=tuple(last["tips"]),
        tracks=TrackReading(reading.sums, _four(last["positions"]), _four(last["values"]), reading.veto),
    )


def _reading_of(choices: Sequence[tuple[str | None, Sequence[str]]], double_zero: tuple[int, int]) -> TrackReading:
    return read_tracks(
        (D.CARD_IDS[card] for card, _ in choices if card is not None),
        (kind for _, kinds in choices for kind in kinds),
        double_zero,
    )


def _revealed_tracks(s: DabbaWallaState, players: Sequence[PlayerView]) -> TrackReading | None:
    """While play-later tiles wait (DW-11), the tracks the choices revealed so far make (public: every
    one of them is face up); None at any other time."""
    if s.phase != "delivery" or s.step != "later":
        return None
    revealed = [p.choice for p in players if p.revealed and p.choice is not None]
    return _reading_of(revealed, s.double_zero) if revealed else None


def _four(values: Sequence[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


def level_marker(level: int) -> int:
    """DW-2: the marker stands at 1 before the first tile (the rulebook's setup); above 10 it starts again at 1."""
    return (max(level, 1) - 1) % 10 + 1


def _stack_view(stack: list[tuple[int, int, int]], square: int, chais: set[tuple[int, int]]) -> tuple[Layer, ...]:
    return tuple(
        Layer(
            D.PIECE_NAMES[p],
            D.COLOURS[D.PIECE_COLOUR[p]] if D.PIECE_COLOUR[p] >= 0 else None,
            lv,
            D.SIDES[h] if h >= 0 else None,
            (square, lv) in chais,
        )
        for p, lv, h in stack
    )


def make_view(s: DabbaWallaState, seat: int | None) -> DabbaView:
    n = s.n
    delivery = s.phase in ("delivery", "over")
    players = []
    for p in range(n):
        own = seat == p
        top = max(s.heights[p])
        stacks = s._stack_views[p]
        if stacks is None:
            chais = {(sq, lv) for sq, lv in s.chais[p]}
            stacks = s._stack_views[p] = tuple(_stack_view(st, sq, chais) for sq, st in enumerate(s.stacks[p]))
        choice = None
        if s.phase == "delivery" and (s.revealed[p] or own):
            card = s.choice_card[p]
            choice = (D.CARD_CODES[card] if card >= 0 else None, tuple(D.CHAI_KINDS[c] for c in s.choice_chai[p]))
        see_hand = own or delivery
        secret = s.phase == "delivery" and not s.revealed[p]  # tiles on a secret choice count as unused until it shows
        players.append(
            PlayerView(
                seat=p,
                name=s.names[p],
                position=s.pos[p] if s.pos[p] >= 0 and not delivery else None,
                tickets=s.tickets[p],
                heights=tuple(s.heights[p]),
                stacks=stacks,
                level=top,
                level_marker=level_marker(top),
                played=tuple(D.CARD_CODES[c] for c in s.played[p]),
                pending=D.CARD_CODES[s.pending] if s.pending >= 0 and s.turn == p and s.phase != "delivery" else None,
                hand=tuple(D.CARD_CODES[c] for c in s.hands[p]) if see_hand else None,
                hand_count=len(s.hands[p]),
                chai=tuple(D.CHAI_KINDS[c] for c in s.chai_owned[p]) if own else None,
                chai_count=len(s.chai_owned[p]) + (0 if own or not secret else len(s.choice_chai[p])),
                tips=s.tips[p],
                committed=s.phase == "delivery" and s.committed[p],
                choice=choice,
                revealed=s.phase == "delivery" and s.revealed[p],
                later=s.phase == "delivery" and s.later[p],
            )
        )
    spaces = tuple(
        Space(
            D.CARD_CODES[s.display[i]] if s.display[i] >= 0 else None,
            s.slot_tickets[i],
            tuple(p for p in range(n) if s.pos[p] == i) if not delivery else (),
        )
        for i in range(6)
    )
    last = s.last_round
    dz = s.double_zero
    return DabbaView(
        seat=seat,
        phase=s.phase,
        step=s.step,
        turn=s.turn if s.phase in ("pickup", "final") else None,
        actors=s.actors(),
        start_player=s.start,
        vehicle=s.vehicle_key,
        vehicle_label=s.vehicle.label,
        rows=s.vehicle.rows,
        cols=s.vehicle.cols,
        squares=s.vehicle.squares,
        spaces=spaces,
        draw_count=len(s.draw),
        discard=tuple(D.CARD_CODES[c] for c in s.discard),
        empties_left=len(s.empties),
        bonus_left=(len(s.bonus[0]), len(s.bonus[1]), len(s.bonus[2]), len(s.bonus[3])),
        chai_supply=len(s.chai_supply),
        orders=s.orders,
        double_zero=(D.COLOURS[dz[0]], D.COLOURS[dz[1]]) if dz[0] >= 0 else None,
        no_minus=s.no_minus,
        round=s.round,
        rounds=s.rounds,
        level=s.level if s.phase == "delivery" else 0,
        tracks=tuple(last["positions"]) if last else (0, 0, 0, 0),
        track_values=tuple(last["values"]) if last else (0, 0, 0, 0),
        track_scales=track_scales(dz),
        revealed_tracks=_revealed_tracks(s, players),
        last_round=None if last is None else _last_round(s, last),
        players=tuple(players),
    )


# -- helpers for a screen ----------------------------------------------------------------------
def tile_number(card: str) -> int:
    """0-18: the tile's row in the component table (same for every colour)."""
    return D.CARD_IDS[card] % D.TILES_PER_COLOUR


def orientations(card: str) -> tuple[G.Orientation, ...]:
    """Each orientation's cells (row, col from the top-left) and half-chai cell and side (0-3 = N E S W)."""
    return G.TILE_ORIENTATIONS[tile_number(card)]


def placements(view: DabbaView, card: str, seat: int | None = None) -> list[tuple[int, int, int, int]]:
    """Every legal (orientation, row, col, level) of this card's tile on the seat's vehicle (default: viewer)."""
    p = view.seat if seat is None else seat
    assert p is not None
    heights = list(view.players[p].heights)
    return [
        (fp.orientation, fp.row, fp.col, lv) for fp, lv in G.legal_placements(view.vehicle, tile_number(card), heights)
    ]


def placement_problem(
    view: DabbaView, card: str, orientation: int, row: int, col: int, level: int, seat: int | None = None
) -> str | None:
    """Why this placement of the card's tile is illegal (None when legal), e.g. "the tile would overhang
    the crate" or "square (2,1) is at level 3, the tile needs level 2 under it everywhere"."""
    p = view.seat if seat is None else seat
    assert p is not None
    heights = list(view.players[p].heights)
    return G.placement_problem(view.vehicle, tile_number(card), heights, orientation, row, col, level)
