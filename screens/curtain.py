"""Curtains between hot-seat players, and the 3-2-1 countdown of a real-time game.

A curtain is a full, opaque screen: nothing of the game is drawn while it is up, and the game
screen behind it has already been switched to the public view.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.timer import Timer
from textual.widgets import Static

from .base import AppModalScreen, AppScreen
from .keygate import Guarded
from .widgets import Footer

SINCE_LINES = 8
"""The newest lines of "since your last turn" on a curtain (the whole log: l in the game)."""


class CurtainScreen(Guarded, AppScreen[int]):
    """'Pass the keyboard to NAME': waits for that player's Enter, then dismisses with the seat.

    Under it, what the table did since that player's last turn (public lines only: anyone may read
    them), so nobody has to find it in the log."""

    BINDINGS = [
        Binding("enter", "ready", "Show my screen", id="ready"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, seat: int, name: str, since: Sequence[str] = ()) -> None:
        super().__init__(classes="curtain")
        self.seat = seat
        self.player = name
        self.since = list(since)

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"=== {self.player}'s turn ===\n\n"
                f"Pass the keyboard to {self.player}.\n"
                "Everyone else, look away.\n\n"
                f"{self.player}: press Enter when only you can see the screen.",
                id="curtain-text",
                markup=False,
            )
            if self.since:
                yield Static(self._since_text(), id="curtain-since", markup=False)
        yield Footer()

    def _since_text(self) -> str:
        shown = self.since[-SINCE_LINES:]
        earlier = len(self.since) - len(shown)
        head = "Since your last turn" + (f" ({earlier} earlier lines in the log):" if earlier else ":")
        return "\n".join([head, *shown])

    def action_ready(self) -> None:
        self.dismiss(self.seat)


class CountdownScreen(Guarded, AppModalScreen[None]):
    """3, 2, 1, go: a real-time game starts or resumes only after this. A small box over the board,
    which shows with its clock stopped: everyone sees their dice before the clock runs.

    The countdown runs only while this screen is on top: a modal opened over it (the command
    palette, the keys) holds it, and it goes on when that closes. Its timer dismisses this screen
    and never whatever else is on top at that moment.
    """

    BINDINGS = [Binding("question_mark", "app.keys", "Keys", id="keys")]

    def __init__(self, seconds: int) -> None:
        super().__init__()
        self.left = seconds
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="countdown-text")

    def _text(self) -> str:
        return f"Get ready...  {self.left}" if self.left > 0 else "Go!"

    def on_mount(self) -> None:
        if self.left <= 0:
            self.dismiss(None)
            return
        self._timer = self.set_interval(1.0, self._tick)

    def on_screen_suspend(self) -> None:
        """Something opened on top: hold the count (a second begun counts again in full)."""
        if self._timer is not None:
            self._timer.pause()

    def on_screen_resume(self) -> None:
        if self._timer is not None:
            self._timer.reset()
            self._timer.resume()

    def _tick(self) -> None:
        if not self.is_active or self.left <= 0:
            return  # covered by a modal (held), or already done
        self.left -= 1
        if self.left <= 0:
            if self._timer is not None:
                self._timer.stop()
            self.dismiss(None)
        else:
            self.query_one("#countdown-text", Static).update(self._text())
