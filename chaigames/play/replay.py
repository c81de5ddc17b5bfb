"""A finished (or saved) game stepped through by a spectator, as the game screens read it.

`ReplayController` is a controller that cannot act: it offers what the game screens read from
a game's controller (see screens/README.md and the controller protocol) for the state at the
current position of a `chaigames.engine.replay.Replay`. The replay screen (`screens.replay`)
draws it with the game's own screen class.

It opens at the deal (the result is not given away) and offers, at each position, exactly what was
on a screen then: the public view is a spectator's (Chai Wallah's offered dice hidden), a seat's
view that seat's own. After a game at home `next_view` may show any seat's view; a table game's
replay offers the public view and the seat its viewer held there only (`views`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from chaigames.engine import IllegalAction, LogLine, Record, Result, Session
from chaigames.engine.match import Match, match_of
from chaigames.engine.replay import Replay
from chaigames.engine.words import join_names

from .clock import time_shown
from .protocol import Controller, GameWords, NoHints

NO_MOVES = "This is a replay: nobody can move"


class ReplayClock:
    """A real-time game's clock standing still at the current position's game second. It counts
    as running: every recorded position was played with the clock going (no "get ready")."""

    running = True

    def __init__(self, controller: ReplayController) -> None:
        self._controller = controller

    def now(self) -> float:
        return self._controller.replay.time(self._controller.position) or 0.0


class ReplayController(NoHints, GameWords):
    """A recorded game at one position, as the game screens read a controller; it never acts."""

    def __init__(self, replay: Replay, position: int = 0) -> None:
        self.replay = replay
        self.spec = replay.spec
        self.config = replay.config
        self.session: Session = replay.final  # the whole game (its result; the record's meta)
        self.position = max(0, min(position, replay.length))
        self.game_id = self.spec.id
        self.title = self.spec.title
        self.names = tuple(s.name for s in self.config.seats)
        self.humans: tuple[int, ...] = ()  # a spectator: no seat plays from this keyboard
        self.hotseat = False
        self.realtime = self.spec.realtime
        self.confirm_moves = False
        self.whole_keyboard = False
        self.viewer: int | None = None
        self.message = ""
        self.paused = False
        self.thinking = False
        self.started = True
        self.save_problem = ""  # a replay saves nothing
        self.to_move: int | None = None
        self.listener: Any = None
        self.clock = ReplayClock(self) if self.realtime else None
        self.views = replay_views(replay.record.meta, len(self.names))

    def unsaved_moves(self) -> int:
        return 0

    @classmethod
    def of(cls, spec: Any, record: Record, position: int = 0) -> ReplayController:
        return cls(Replay(spec, record), position)

    # -- what a screen reads -------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.replay.state(self.position)

    @property
    def finished(self) -> bool:
        """At the end of a finished game (the screens then show their 'game over' state)."""
        return self.position == self.replay.length and self.session.over

    @property
    def view(self) -> Any:
        return self.state.view(self.viewer)

    def table_view(self) -> Any:
        """The view being shown: a replay has no shared screen that shows more (Chai Wallah's table
        view with every offered value was for the people at one keyboard, never a spectator)."""
        return self.view

    def actors(self) -> tuple[int, ...]:
        return tuple(self.state.actors())

    def name(self, seat: int) -> str:
        return self.names[seat]

    def is_bot(self, seat: int) -> bool:
        return self.config.seats[seat].bot is not None

    def bot_level(self, seat: int) -> str | None:
        return self.config.seats[seat].bot

    def movers(self) -> tuple[int, ...]:
        return ()

    def legal_actions(self, seat: int) -> list[Any]:
        return []

    def log(self, seat: int | Literal["viewer"] | None = "viewer") -> list[LogLine]:
        who = self.viewer if seat == "viewer" else seat
        return [line for line in self.replay.log_until(self.position) if line.event.visible_to(who)]

    def status(self) -> str:
        """The game's own status line as it stood at this position (where the replay stands is `where`)."""
        if self.finished:
            return "The game is over."
        if self.realtime:
            return time_shown(self.clock.now() if self.clock else 0.0)
        actors = self.actors()
        if len(actors) == 1:
            return f"{self.name(actors[0])} to move"
        return f"Waiting for {join_names([self.name(s) for s in actors]) or 'nobody'}"

    def where(self) -> str:
        """Where the replay stands: the action, who made it, and whose view is shown."""
        n, k = self.replay.length, self.position
        seat = self.replay.actor(k)
        who = f", by {self.name(seat)}" if seat is not None else ""
        t = self.replay.time(k)
        when = f" at {t:.1f} s" if t is not None else ""
        view = f"{self.name(self.viewer)}'s view" if self.viewer is not None else "public view"
        end = " (the end)" if k == n else ""
        return f"Replay: action {k} of {n}{who}{when}{end}; {view}"

    def result(self) -> Result | None:
        return self.session.result() if self.session.over else None

    def match(self) -> Match | None:
        return match_of(self.session.record.meta, len(self.session.record.config.seats))

    # -- nothing can be done -------------------------------------------------------------------
    def act(self, seat: int, action: Any) -> None:
        """Refused: through the listener's `move_refused` where it has one (the asynchronous
        controller protocol), else by raising as a local game's controller does."""
        self.message = NO_MOVES
        refused = getattr(self.listener, "move_refused", None)
        if refused is None:
            raise IllegalAction(NO_MOVES)
        refused(seat, NO_MOVES)

    def can_undo(self) -> bool:
        return False

    def could_take_back(self, seat: int, action: Any) -> bool:
        return False

    def undo(self) -> None:
        raise IllegalAction(NO_MOVES)

    def pause(self, seat: int | None = None) -> None:
        """Nothing runs in a replay."""

    def resume(self, seat: int | None = None) -> None:
        """Nothing runs in a replay."""

    def attach(self, listener: Any) -> None:
        self.listener = listener

    def start(self) -> None:
        """Nothing to start: the position is drawn as it is."""

    def stop(self) -> None:
        """Nothing to stop."""

    def save(self) -> bool:
        """A replay never writes, so nothing is ever lost."""
        return True

    # -- stepping ------------------------------------------------------------------------------
    def go(self, position: int) -> None:
        self.position = max(0, min(position, self.replay.length))
        self._notify()

    def step(self, n: int) -> None:
        self.go(self.position + n)

    def turn(self, direction: int) -> None:
        r = self.replay
        self.go(r.next_turn(self.position) if direction > 0 else r.previous_turn(self.position))

    def next_view(self) -> None:
        """The next of the views this replay offers (`views`): the public one, then each it may show."""
        at = self.views.index(self.viewer) if self.viewer in self.views else 0
        self.viewer = self.views[(at + 1) % len(self.views)]
        self._notify()

    def _notify(self) -> None:
        if self.listener is not None:
            self.listener.game_changed([])


def replay_views(meta: dict[str, Any], seats: int) -> tuple[int | None, ...]:
    """The views a replay offers (None: the public view): every seat's after a game at home; after a table
    game, the seat its viewer held there (the record's `meta.seat`) and no other seat's secrets."""
    if "table" not in meta:
        return (None, *range(seats))
    seat = meta.get("seat")
    return (None, seat) if type(seat) is int and 0 <= seat < seats else (None,)


if TYPE_CHECKING:  # the type checker proves that the replay viewer holds the controller protocol
    _holds_the_protocol: type[Controller] = ReplayController
