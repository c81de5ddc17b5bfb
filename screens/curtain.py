"""Curtains between hot-seat players, and the 3-2-1 countdown of a real-time game.

A curtain is a full, opaque screen: nothing of the game is drawn while it is up, and the game
screen behind it has already been switched to the public view.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from .widgets import Footer


class CurtainScreen(Screen[int]):
    """'Pass the keyboard to NAME': waits for that player's Enter, then dismisses with the seat."""

    BINDINGS = [
        Binding("enter", "ready", "Show my screen", id="ready"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, seat: int, name: str) -> None:
        super().__init__(classes="curtain")
        self.seat = seat
        self.player = name

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"=== {self.player}'s turn ===\n\n"
                f"Pass the keyboard to {self.player}.\n"
                "Everyone else, look away.\n\n"
                f"{self.player}: press Enter when only you can see the screen.",
                id="curtain-text",
            )
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(self.seat)


class CountdownScreen(Screen[None]):
    """3, 2, 1, go: a real-time game starts or resumes only after this."""

    def __init__(self, seconds: int) -> None:
        super().__init__(classes="curtain")
        self.left = seconds

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self._text(), id="countdown-text")

    def _text(self) -> str:
        return f"Get ready...\n\n   {self.left}   " if self.left > 0 else "Go!"

    def on_mount(self) -> None:
        if self.left <= 0:
            self.dismiss(None)
            return
        self.set_interval(1.0, self._tick, repeat=self.left)

    def _tick(self) -> None:
        self.left -= 1
        if self.left <= 0:
            self.dismiss(None)
        else:
            self.query_one("#countdown-text", Static).update(self._text())
