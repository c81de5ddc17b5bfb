"""The contract every game's state and bots keep (ARCHITECTURE.md, "The contracts between layers")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self

from .config import GameConfig
from .events import Event
from .result import Result


class GameState(Protocol):
    """A game in progress: a state machine, actions in, events out."""

    config: GameConfig

    def actors(self) -> tuple[int, ...]:
        """Seats that may act now (one, several in a simultaneous step, all in real time)."""
        ...

    def legal_actions(self, seat: int) -> list[Any]:
        """Every legal action of `seat` now (empty when it may not act)."""
        ...

    def apply(self, seat: int, action: Any, t: float | None = None) -> list[Event]:
        """Validate, then change the state. Raises IllegalAction and changes nothing if illegal."""
        ...

    def view(self, seat: int | None) -> Any:
        """What `seat` may see; None = what everyone at the table sees."""
        ...

    def is_over(self) -> bool: ...

    def result(self) -> Result:
        """Only once over."""
        ...

    def clone(self) -> Self:
        """A fast deep copy, for search bots."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The whole state, config and RNG included, as JSON (tests compare it before and after)."""
        ...

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """The state `to_json` wrote, exactly; every field is checked and a bad one raises
        RecordError naming it (test positions, puzzles, "start from this position")."""
        ...


class Bot(Protocol):
    """A computer player. Sees only its own view; `budget` counts iterations, never seconds."""

    def choose(self, view: Any, legal_actions: Sequence[Any], budget: int) -> Any: ...


class RealtimeDriver(Protocol):
    """Runs a real-time game's bots and clock: the app calls it with a real clock, `simulate` and
    tests with a simulated one. `advance(now)` applies every bot decision and timed event due up to
    `now` (bot actions go through the session, with their timestamps, so they are recorded)."""

    def advance(self, now: float) -> list[Event]: ...

    def next_due(self) -> float | None:
        """When something will next happen by itself (a bot decision or a timed event), if anything."""
        ...
