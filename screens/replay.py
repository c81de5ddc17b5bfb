"""The replay viewer: a finished (or saved) game stepped through by a spectator.

`ReplayController` is a controller that cannot act: it offers what the game screens read from
a game's controller (see screens/README.md and the controller protocol) for the state at the
current position of a `chaigames.engine.replay.Replay`. `replay_screen(controller)` is the
game's own screen class with the replay keys on top, so the board is drawn exactly as in play.

The viewer opens at the deal (the result is not given away) and shows, at each position, exactly
what was on a screen then: the public view is a spectator's (Chai Wallah's offered dice hidden),
a seat's view is that seat's own. `v` steps through the views the controller was given: every
seat's by default, fewer where the record is someone else's (a table's game offers a person the
public view and their own seat).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from chaigames.engine import Event, IllegalAction, LogLine, Record, Result, Session
from chaigames.engine.match import Match, match_of
from chaigames.engine.replay import Replay
from chaigames.names import join_names

from .game_base import GameScreen
from .game_screens import screen_class_for
from .protocol import GameWords
from .widgets import TitleBar

NO_MOVES = "This is a replay: nobody can move"


class ReplayClock:
    """A real-time game's clock standing still at the current position's game second. It counts
    as running: every recorded position was played with the clock going (no "get ready")."""

    running = True

    def __init__(self, controller: ReplayController) -> None:
        self._controller = controller

    def now(self) -> float:
        return self._controller.replay.time(self._controller.position) or 0.0


class ReplayController(GameWords):
    """A recorded game at one position, as the game screens read a controller; it never acts."""

    def __init__(self, replay: Replay, position: int = 0, views: Sequence[int | None] | None = None) -> None:
        """`views`: the views `v` steps through, the first shown first (None is the public view);
        by default the public view and then every seat's."""
        self.replay = replay
        self.spec = replay.spec
        self.config = replay.config
        self.session: Session = replay.final  # the whole game (its result; the record's meta)
        self.position = max(0, min(position, replay.length))
        self.views: tuple[int | None, ...] = (None, *range(len(self.config.seats))) if views is None else tuple(views)
        self.game_id = self.spec.id
        self.title = self.spec.title
        self.names = tuple(s.name for s in self.config.seats)
        self.humans: tuple[int, ...] = ()  # a spectator: no seat plays from this keyboard
        self.hotseat = False
        self.realtime = self.spec.realtime
        self.confirm_moves = False
        self.whole_keyboard = False
        self.viewer: int | None = self.views[0]
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
    def of(
        cls, spec: Any, record: Record, position: int = 0, views: Sequence[int | None] | None = None
    ) -> ReplayController:
        return cls(Replay(spec, record), position, views)

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
        view with every offered value was for the people at the keyboard, never a spectator)."""
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

    def log(self, seat: int | str | None = "viewer") -> list[LogLine]:
        who = self.viewer if seat == "viewer" else seat
        return [line for line in self.replay.log_until(self.position) if line.event.visible_to(who)]  # type: ignore[arg-type]

    def status(self) -> str:
        """The game's own status line as it stood at this position (where the replay stands is `where`)."""
        if self.finished:
            return "The game is over."
        if self.realtime:
            return f"Time {self.clock.now() if self.clock else 0.0:5.1f} s"
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
        return match_of(self.session.record.meta)

    # -- nothing can be done -------------------------------------------------------------------
    def act(self, seat: int, action: Any) -> list[Event]:
        """Refused: through the listener's `move_refused` where it has one (the asynchronous
        controller protocol), else by raising as a local game's controller does."""
        self.message = NO_MOVES
        refused = getattr(self.listener, "move_refused", None)
        if refused is None:
            raise IllegalAction(NO_MOVES)
        refused(seat, NO_MOVES)
        return []

    def can_undo(self) -> bool:
        return False

    def undo(self) -> int:
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

    def save(self) -> None:
        """A replay never writes."""

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
        """The next of `views`, round again after the last."""
        at = self.views.index(self.viewer) if self.viewer in self.views else -1
        self.viewer = self.views[(at + 1) % len(self.views)]
        self._notify()

    def _notify(self) -> None:
        if self.listener is not None:
            self.listener.game_changed([])


class ReplayKeys:
    """Mixed in front of a game's own screen class: the replay keys, and none of the game's.

    A plain mixin, not a Screen: Textual gives a screen class the CSS type names of its first
    Screen base only, and the game's own CSS (`ChaiWallahScreen.big ...`) must keep matching.
    `replay_screen` copies BINDINGS and DEFAULT_CSS into the class it makes, where Textual reads them."""

    REPLAY_ACTIONS = frozenset(
        {"replay_step", "replay_turn", "replay_start", "replay_end", "replay_view", "replay_leave", "replay_log"}
    )
    BINDINGS = [  # a pair of keys shows as one in the footer, Home and End only in `?`: all fit in 80 columns
        Binding("right", "replay_step(1)", "Step", priority=True, id="replay_next", key_display="←→"),
        Binding("left", "replay_step(-1)", "Back", priority=True, id="replay_back", show=False),
        Binding("pagedown,down", "replay_turn(1)", "Turn", key_display="PgUp PgDn", priority=True),
        Binding("pageup,up", "replay_turn(-1)", "Turn back", key_display="PgUp", priority=True, show=False),
        Binding("home", "replay_start", "Start", priority=True, show=False),
        Binding("end", "replay_end", "End", priority=True, show=False),
        Binding("v", "replay_view", "View", priority=True),
        Binding("l", "replay_log", "Log", priority=True),
        Binding("escape,q", "replay_leave", "Leave", key_display="Esc", priority=True),
    ]
    DEFAULT_CSS = """
    TitleBar#replay-bar { background: $accent-darken-2; }
    """

    controller: ReplayController

    def compose(self) -> ComposeResult:
        """The game's own widgets, its title bar saying where the replay stands: the game keeps every
        row it has in play, so each size lays out as it did live."""
        for widget in super().compose():  # type: ignore[misc]
            yield TitleBar(id="replay-bar") if isinstance(widget, TitleBar) else widget

    def refresh_game(self) -> None:
        super().refresh_game()  # type: ignore[misc]
        width = self.size.width - 2  # type: ignore[attr-defined]
        for bar in self.query("#replay-bar").results(TitleBar):  # type: ignore[attr-defined]
            status = Text(self.controller.where())
            if width > 0:
                status.truncate(width, overflow="ellipsis")
            bar.update(status)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the replay's own keys act, and the game's keys that only look (its LOOK_ACTIONS); the
        game's moves would only be refused."""
        if action in self.REPLAY_ACTIONS or action.startswith("app."):
            return True
        if action in getattr(self, "LOOK_ACTIONS", ()):
            return super().check_action(action, parameters)  # type: ignore[misc]
        return False

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

        self.app.push_screen(LogScreen(self.controller))  # type: ignore[attr-defined,arg-type]

    def action_replay_leave(self) -> None:
        self.dismiss()  # type: ignore[attr-defined]

    def action_pause(self) -> None:
        self.dismiss()  # type: ignore[attr-defined]


_CLASSES: dict[type, type] = {}


def replay_screen(controller: ReplayController) -> GameScreen:
    """The game's own screen, stepping through `controller`'s replay."""
    base = screen_class_for(controller.spec.id)
    cls = _CLASSES.get(base)
    if cls is None:
        # __module__ of the game's screen: its CSS_PATH is found next to it
        own = {"__module__": base.__module__, "BINDINGS": ReplayKeys.BINDINGS, "DEFAULT_CSS": ReplayKeys.DEFAULT_CSS}
        cls = type(f"Replay{base.__name__}", (ReplayKeys, base), own)
        _CLASSES[base] = cls
    screen = cls(controller)
    controller.attach(screen)
    return screen
