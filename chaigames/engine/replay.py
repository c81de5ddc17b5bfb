"""Stepping through a recorded game: the state after any number of its standing actions.

A replay applies the record's standing actions (undos already taken out) to a fresh game once,
keeping a copy of the state after every action, so stepping back and forth is instant. The
replay viewer of the app and `chaigames replay --watch` read it; it never changes the record.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction, RecordError
from .record import Entry, Record
from .session import LogLine, Session

if TYPE_CHECKING:
    from .protocol import GameState
    from .registry import GameSpec

REALTIME_STEP = 5.0
"""A real-time game has no turns: its 'turn' steps are this many game seconds."""


class Replay:
    """A recorded game, every position from the setup (0) to the last standing action (`length`)."""

    def __init__(self, spec: GameSpec, record: Record) -> None:
        self.spec = spec
        self.record = record
        session = Session.from_record(spec, Record(record.game, record.rules_version, record.config, record.seed))
        self.config = session.config
        self.entries: tuple[Entry, ...] = tuple(record.effective())
        self._states: list[GameState] = [session.state.clone()]
        for i, entry in enumerate(self.entries, start=1):
            try:
                assert entry.seat is not None  # every standing entry is an action, made by a seat
                session.apply(entry.seat, entry.action, entry.t)
            except IllegalAction as exc:
                raise RecordError(f"action {i} (seat {entry.seat}): {exc}") from None
            self._states.append(session.state.clone())
        self.log: tuple[LogLine, ...] = tuple(session.log)
        self.final = session  # the whole game, as Session.from_record rebuilds it
        self.turns = self._turn_starts()

    @property
    def length(self) -> int:
        return len(self.entries)

    def state(self, position: int) -> GameState:
        """The state after `position` standing actions (0: as dealt). Do not change it."""
        return self._states[max(0, min(position, self.length))]

    def time(self, position: int) -> float | None:
        """Real time: the game second of the action that led to `position` (0.0 at the start)."""
        if not self.spec.realtime:
            return None
        return self.entries[position - 1].t or 0.0 if position > 0 else 0.0

    def log_until(self, position: int) -> list[LogLine]:
        """The log lines of the first `position` actions (and of setup)."""
        return [line for line in self.log if line.action_no <= position]

    def _turn_starts(self) -> list[int]:
        """Positions where a turn begins: turn-based, the seat acting changes; real time, every
        REALTIME_STEP game seconds. Always includes 0 and the end."""
        marks = {0, self.length}
        if self.spec.realtime:
            for k in range(1, self.length):
                before, now = self.time(k) or 0.0, self.time(k + 1) or 0.0
                if int(now // REALTIME_STEP) != int(before // REALTIME_STEP):
                    marks.add(k)
        else:
            for k in range(1, self.length):
                if self.entries[k].seat != self.entries[k - 1].seat:
                    marks.add(k)
        return sorted(marks)

    def next_turn(self, position: int) -> int:
        i = bisect_right(self.turns, position)
        return self.turns[i] if i < len(self.turns) else self.length

    def previous_turn(self, position: int) -> int:
        i = bisect_left(self.turns, position)
        return self.turns[i - 1] if i > 0 else 0

    def actor(self, position: int) -> Any:
        """Who made the action that led to `position`, or None at the start."""
        return self.entries[position - 1].seat if position > 0 else None
