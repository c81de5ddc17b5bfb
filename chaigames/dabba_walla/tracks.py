"""The four scoring tracks (DW-12) with Module 1's double zero: where a delivery's choices put each
colour's marker and what a dabba of that colour then pays.

The core scores a round with `read_tracks`, and the view carries its readings (the last round's,
and the one of the choices revealed so far while play-later tiles wait) with each track's scale,
so a screen draws the tracks without knowing the rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from chaigames.engine.validate import BOOLEAN, Fields, integer, list_of

from . import data as D

Four = tuple[int, int, int, int]


@dataclass(frozen=True)
class TrackReading:
    """Where a set of revealed choices puts the four markers, per colour (Y, R, B, G)."""

    sums: Four  # the cards' tips plus the +1 tiles minus the -1 tiles (no -1 tile counts under a veto)
    positions: Four  # where each marker stands: its sum held to the ends of its track
    values: Four  # the tips a dabba of that colour pays there
    veto: bool  # a veto tile was played: every -1 tile counts for nothing

    def to_json(self) -> dict[str, Any]:
        return {
            "sums": list(self.sums),
            "positions": list(self.positions),
            "values": list(self.values),
            "veto": self.veto,
        }

    @classmethod
    def from_json(cls, data: Any, where: str) -> TrackReading:
        f = Fields(data, where)
        four = list_of(integer(), 4)
        reading = cls(
            sums=_four(f.take("sums", four)),
            positions=_four(f.take("positions", list_of(integer(0, D.TRACK_MAX + 1), 4))),
            values=_four(f.take("values", list_of(integer(0, D.TRACK_MAX), 4))),
            veto=f.take("veto", BOOLEAN),
        )
        f.done()
        return reading


def _four(values: list[int]) -> Four:
    return (values[0], values[1], values[2], values[3])


def track_scales(double_zero: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    """The tips on each space of each colour's track, from its start: 0 to 4; under Module 1 the
    extended colour's track is 0 0 1 2 3 4 and the shortened colour's 0 2 3 4 (its last space stands
    for positions 3 and 4 alike, both pay 4). `double_zero`: (extended, shortened) colour, or (-1, -1)."""
    ext, short = double_zero
    return tuple((0, 0, 1, 2, 3, 4) if c == ext else (0, 2, 3, 4) if c == short else (0, 1, 2, 3, 4) for c in range(4))


def track_from_sums(sums: list[int], double_zero: tuple[int, int]) -> tuple[list[int], list[int]]:
    """DW-12 with Module 1: positions clamp to 0..4 (0..5 on the extended track); the tips paid there."""
    ext, short = double_zero
    positions, values = [], []
    for c in range(4):
        top = D.TRACK_MAX + 1 if c == ext else D.TRACK_MAX
        pos = min(max(sums[c], 0), top)
        if c == ext:
            val = max(pos - 1, 0)
        elif c == short:
            val = 0 if pos == 0 else min(pos + 1, D.TRACK_MAX)
        else:
            val = pos
        positions.append(pos)
        values.append(val)
    return positions, values


def read_tracks(cards: Iterable[int], kinds: Iterable[str], double_zero: tuple[int, int]) -> TrackReading:
    """The tracks after these cards (ids) and chai tiles (kinds) are revealed: each card moves every
    colour's marker by its tips, a +1 tile moves its colour up one and a -1 tile down one, unless
    a veto tile was played, which cancels every -1 tile."""
    sums = [0, 0, 0, 0]
    minus = [0, 0, 0, 0]
    veto = False
    for card in cards:
        tips = D.CARD_TIPS[card]
        for c in range(4):
            sums[c] += tips[c]
    for kind in kinds:
        if kind == "veto":
            veto = True
        elif kind[0] == "+":
            sums[D.COLOURS.index(kind[1])] += 1
        elif kind[0] == "-":
            minus[D.COLOURS.index(kind[1])] += 1
    if not veto:
        sums = [s - m for s, m in zip(sums, minus, strict=True)]
    positions, values = track_from_sums(sums, double_zero)
    return TrackReading(_four(sums), _four(positions), _four(values), veto)
