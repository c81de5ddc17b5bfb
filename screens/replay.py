"""The replay viewer: a finished (or saved) game stepped through by a spectator.

`ReplayController` is a controller that cannot act: it offers what the game screens read from
a game's controller (see screens/README.md and the controller protocol) for the state at the
current position of a `chaigames.engine.replay.Replay`. `replay_screen(controller)` is the
game's own screen class with the replay keys on top, so the board is drawn exactly as in play.
After the game is over nothing is secret, so `v` may show any seat's view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from chaigames.engine import IllegalAction, LogLine, Record, Result, Session
from chaigames.engine.match import Match, match_of
from chaigames.engine.replay import Replay

from .base import AppScreen
from .game_screens import screen_class_for
from .protocol import Controller, GameWords
from .widgets import Footer

if TYPE_CHECKING:
    from .game_base import GameScreen as _GameScreen  # what the replay keys are mixed in front of
else:
    _GameScreen = AppScreen[None]

NO_MOVES = "This is a replay: nobody can move"


class ReplayClock:
    """A real-time game's clock standing still at the current position's game second."""

    running = False

    def __init__(self, controller: ReplayController) -> None:
        self._controller = controller

    def now(self) -> float:
        return self._controller.replay.time(self._controller.position) or 0.0


class ReplayController(GameWords):
    """A recorded game at one position, as the game screens read a controller; it never acts."""

    def __init__(self, replay: Replay, position: int | None = None) -> None:
        self.replay = replay
        self.spec = replay.spec
        self.config = replay.config
        self.session: Session = replay.final  # the whole game (its result; the record's meta)
        self.position = replay.length if position is None else position
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

    def unsaved_moves(self) -> int:
        return 0

    @classmethod
    def of(cls, spec: Any, record: Record, position: int | None = None) -> ReplayController:
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
        table_view = getattr(self.state, "table_view", None)
        return table_view() if table_view is not None else self.view

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
        return match_of(self.session.record.meta)

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
        """Public view, then each seat's view in turn (after the end nothing is secret)."""
        n = len(self.names)
        self.viewer = 0 if self.viewer is None else (self.viewer + 1 if self.viewer + 1 < n else None)
        self._notify()

    def _notify(self) -> None:
        if self.listener is not None:
            self.listener.game_changed([])


class ReplayKeys(_GameScreen):
    """Mixed in front of a game's own screen class: the replay keys, and none of the game's."""

    REPLAY_ACTIONS = frozenset(
        {"replay_step", "replay_turn", "replay_start", "replay_end", "replay_view", "replay_leave", "replay_log"}
    )
    BINDINGS = [
        Binding("right", "replay_step(1)", "Next", priority=True, id="replay_next"),
        Binding("left", "replay_step(-1)", "Back", priority=True, id="replay_back"),
        Binding("pagedown,down", "replay_turn(1)", "Next turn", key_display="PgDn", priority=True),
        Binding("pageup,up", "replay_turn(-1)", "Turn back", key_display="PgUp", priority=True),
        Binding("home", "replay_start", "Start", priority=True),
        Binding("end", "replay_end", "End", priority=True),
        Binding("v", "replay_view", "Seat view", priority=True),
        Binding("l", "replay_log", "Log", priority=True),
        Binding("escape,q", "replay_leave", "Leave", key_display="Esc", priority=True),
    ]
    DEFAULT_CSS = """
    #replay-bar { height: 1; background: $accent-darken-2; color: $text; padding: 0 1; }
    """

    controller: ReplayController

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, Footer):
                yield Static(Text(self.controller.status()), id="replay-bar")
            yield widget

    def refresh_game(self) -> None:
        super().refresh_game()
        for bar in self.query("#replay-bar").results(Static):
            bar.update(Text(self.controller.status()))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the replay's own keys act; the game's keys would only be refused."""
        return action in self.REPLAY_ACTIONS or action.startswith("app.")

    def action_replay_step(self, n: int) -> None:
        self.controller.step(n)

    def action_replay_turn(self, direction: int) -> None:
        self.controller.turn(direction)

    def action_replay_start(self) -> None:
        self.controller.go(0)

    def action_replay_end(self) -> None:
        self.controller.go(self.controller.replay.length)

    def action_replay_view(self) -> None:
        self.controller.next_view()

    def action_replay_log(self) -> None:
        from .pause import LogScreen

        self.app.push_screen(LogScreen(self.controller))

    def action_replay_leave(self) -> None:
        self.dismiss()

    def action_pause(self) -> None:
        self.dismiss()


_CLASSES: dict[type, type] = {}


def replay_screen(controller: ReplayController) -> Screen:
    """The game's own screen, stepping through `controller`'s replay."""
    base = screen_class_for(controller.spec.id)
    cls = _CLASSES.get(base)
    if cls is None:
        # __module__ of the game's screen: its CSS_PATH is found next to it
        cls = type(f"Replay{base.__name__}", (ReplayKeys, base), {"__module__": base.__module__})
        _CLASSES[base] = cls
    screen = cls(controller)
    controller.attach(screen)
    return screen


if TYPE_CHECKING:  # the type checker proves that the replay viewer holds the controller protocol
    _holds_the_protocol: type[Controller] = ReplayController
