"""The replay viewer: the game's own screen with the replay keys on top.

`replay_screen(controller)` is the game's own screen class stepping through a
`chaigames.play.replay.ReplayController`, so the board is drawn exactly as in play. After the
game is over nothing is secret, so `v` may show any seat's view.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from chaigames.play.replay import ReplayController

from .game_screens import screen_class_for
from .widgets import Footer


class ReplayKeys(Screen):
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
        super().refresh_game()  # type: ignore[misc]
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

        self.app.push_screen(LogScreen(self.controller))  # type: ignore[arg-type]

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
