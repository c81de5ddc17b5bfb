"""A game being played: the state, its record, its log, and take-backs.

The app, `simulate`, `replay` and the tests all go through a Session, so a game is always
exactly its record: replaying the record rebuilds the state, and undo is a record entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .config import GameConfig
from .errors import ConfigError, IllegalAction, RecordError
from .events import Event
from .record import Entry, Record
from .result import Result
from .validate import OBJECT, Fields, integer

if TYPE_CHECKING:
    from .protocol import GameState
    from .registry import GameSpec


@dataclass(frozen=True)
class LogLine:
    """An event with the number of the action that caused it (0 for time passing / setup)."""

    action_no: int
    event: Event

    def to_json(self) -> dict[str, Any]:
        return {"action_no": self.action_no, "event": self.event.to_json()}

    @classmethod
    def from_json(cls, data: Any, where: str = "log line") -> LogLine:
        """The log line `to_json` wrote; RecordError names a bad field."""
        f = Fields(data, where)
        action_no = f.take("action_no", integer(0))
        event = Event.from_json(f.take("event", OBJECT), f"{where}: the field 'event'")
        f.done()
        return cls(action_no, event)


def audience(events: list[Event]) -> frozenset[int] | None:
    """The seats an action's events reach: None when everyone sees one of them (or there is none to hide)."""
    if not events or any(e.seats is None for e in events):
        return None
    return frozenset(seat for e in events for seat in e.seats or ())


class Session:
    def __init__(self, spec: GameSpec, config: GameConfig, seed: int, *, meta: dict[str, Any] | None = None) -> None:
        config = spec.validate(config)
        self.spec = spec
        self.record = Record(
            game=spec.id, rules_version=spec.rules_version, config=config, seed=seed, meta=dict(meta or {})
        )
        self.state: GameState = spec.new_game(config, seed)
        self.log: list[LogLine] = []
        self._reveals: list[bool] = []  # per standing action: did it reveal chance or hidden information?
        self._standing: list[Entry] = []
        self._audiences: list[frozenset[int] | None] = []  # per standing action: who its events reach (None: all)
        self._kept: list[bool] = []  # per standing action: its seat still had the move after it (a turn went on)

    # -- playing -------------------------------------------------------------------------------
    @property
    def config(self) -> GameConfig:
        return self.record.config

    def apply(self, seat: int, action: Any, t: float | None = None) -> list[Event]:
        """Apply an action and write it to the record. IllegalAction leaves everything as it was."""
        if not 0 <= seat < len(self.config.seats):
            raise IllegalAction(f"there is no seat {seat + 1}")
        events = self.state.apply(seat, action, t)
        entry = Entry(seat=seat, action=action, t=t)
        self.record.entries.append(entry)
        self._note(entry, events)
        return events

    def tick(self, now: float) -> list[Event]:
        """Let time pass in a real-time game (nothing is recorded: ticks follow from timestamps)."""
        tick = getattr(self.state, "tick", None)
        if tick is None:
            return []
        events: list[Event] = tick(now)
        self.log.extend(LogLine(len(self._standing), e) for e in events)
        return events

    def _note(self, entry: Entry, events: list[Event]) -> None:
        self._standing.append(entry)
        self._reveals.append(any(e.reveal for e in events))
        self._audiences.append(audience(events))
        self._kept.append(entry.seat in self.state.actors())
        n = len(self._standing)
        self.log.extend(LogLine(n, e) for e in events)

    @property
    def over(self) -> bool:
        return self.state.is_over()

    def result(self) -> Result:
        return self.state.result()

    @property
    def action_count(self) -> int:
        return len(self._standing)

    @property
    def standing(self) -> tuple[Entry, ...]:
        return tuple(self._standing)

    def seen_numbers(self, seat: int | None) -> list[int]:
        """How many of the first n standing actions `seat` (None: a spectator) saw happen, for every n from 0 to
        `action_count`. A hidden step (an action whose every event is private to other seats, such as a chai tile
        put on or taken off a secret choice) is not one of them: what another seat is told never counts or
        numbers it, so it cannot be read from a gap."""
        out = [0]
        for reach in self._audiences:
            out.append(out[-1] + (reach is None or (seat is not None and seat in reach)))
        return out

    # -- take-backs ----------------------------------------------------------------------------
    def takeback_size(self, seat: int) -> int:
        """How many standing actions an undo by `seat` would take back (0 = none allowed).

        With take-backs on it takes back the seat's own last action and every bot action after it,
        but never past an action that revealed chance or hidden information, nor another human's
        action. With take-backs off a player may still change their mind inside their own turn:
        their last step goes back while they still have the move after it and it revealed nothing
        (a card played but not yet placed, a tile placed, a chai tile put on a secret choice).
        """
        if not self.spec.takebacks:
            return 0
        if not self.config.takebacks_on:
            if not self._standing:
                return 0
            own = self._standing[-1].seat == seat
            return int(own and self._kept[-1] and not self._reveals[-1])
        humans = set(self.config.humans)
        for k, (entry, revealed) in enumerate(zip(reversed(self._standing), reversed(self._reveals), strict=True), 1):
            if revealed:
                return 0
            if entry.seat == seat:
                return k
            if entry.seat in humans:
                return 0
        return 0

    def could_take_back(self, seat: int, action: Any) -> bool:
        """Whether `seat` could take `action` back after making it now (`takeback_size`), tried on a
        copy of the game: False when it would reveal something or, with take-backs off, end the
        seat's turn. An action the rules refuse counts as one that could be (nothing would stand)."""
        if not self.spec.takebacks:
            return False
        state = self.state.clone()
        try:
            events = state.apply(seat, action, None)
        except IllegalAction:
            return True
        if any(e.reveal for e in events):
            return False
        return self.config.takebacks_on or seat in state.actors()

    def undo(self, seat: int) -> int:
        """Take back `seat`'s last action (see takeback_size); returns how many actions went."""
        k = self.takeback_size(seat)
        if k == 0:
            raise IllegalAction("Nothing to take back: the last move revealed a card or a roll, or was not yours")
        self.record.entries.append(Entry(undo=k))
        self._rebuild()
        return k

    def _rebuild(self) -> None:
        fresh = Session.from_record(self.spec, self.record)
        self.state, self.log, self._reveals, self._standing = fresh.state, fresh.log, fresh._reveals, fresh._standing
        self._audiences, self._kept = fresh._audiences, fresh._kept

    # -- replay ---------------------------------------------------------------------------------
    @classmethod
    def from_record(cls, spec: GameSpec, record: Record) -> Session:
        """Rebuild a game from its record; any illegal or malformed entry raises RecordError."""
        try:
            session = cls(spec, record.config, record.seed, meta=record.meta)
        except ConfigError as exc:
            raise RecordError(f"the record's setup is not valid: {exc}") from None
        standing = record.effective()
        for i, entry in enumerate(standing, start=1):
            try:
                assert entry.seat is not None  # every standing entry is an action, made by a seat
                events = session.state.apply(entry.seat, entry.action, entry.t)
            except IllegalAction as exc:
                raise RecordError(f"action {i} (seat {entry.seat}): {exc}") from None
            except (TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
                raise RecordError(f"action {i} (seat {entry.seat}): malformed action ({exc})") from None
            session._note(entry, events)
        session.record.entries = list(record.entries)
        return session
