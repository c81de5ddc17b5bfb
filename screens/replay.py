"""The replay viewer: the game's own screen with the replay keys on top.

`replay_screen(controller)` is the game's own screen class stepping through a
`chaigames.play.replay.ReplayController`, so the board is drawn exactly as in play, at every size
as it was live (the replay's place is written in the game's title bar, which keeps every row); `v`
steps through the views the replay offers (see `ReplayController.views`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from chaigames.play.replay import ReplayController

from .game_base import GameScreen
from .game_screens import screen_class_for
from .widgets import TitleBar, show

if TYPE_CHECKING:
    _Mixin = GameScreen  # what the replay keys are mixed in front of, for the type checker
else:
    _Mixin = object


class ReplayKeys(_Mixin):
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
        for widget in super().compose():
            yield TitleBar(id="replay-bar") if isinstance(widget, TitleBar) else widget

    def refresh_game(self) -> None:
        super().refresh_game()
        width = self.size.width - 2
        for bar in self.query("#replay-bar").results(TitleBar):
            status = Text(self.controller.where())
            if width > 0:
                status.truncate(width, overflow="ellipsis")
            show(bar, status)  # one line of fixed size: repainted, never a layout of the screen

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the replay's own keys act, and the game's keys that only look (its LOOK_ACTIONS); the
        game's moves would only be refused."""
        if action in self.REPLAY_ACTIONS or action.startswith("app."):
            return True
        if action in getattr(self, "LOOK_ACTIONS", ()):
            return super().check_action(action, parameters)
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

        self.app.push_screen(LogScreen(self.controller))

    def action_replay_leave(self) -> None:
        self.dismiss()

    def action_pause(self) -> None:
        self.dismiss()


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
