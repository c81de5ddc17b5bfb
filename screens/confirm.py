"""A yes/no question before something that cannot be undone (quit the app, save and quit, a move
in a hot-seat game without take-backs).

`y` says yes; `n` or Esc says no. Enter is deliberately not "yes": in Chai Wallah it is zone 4's
Chai! key, and elsewhere it is the key that was just pressed by mistake.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from .keygate import Guarded


class ConfirmScreen(Guarded, ModalScreen[bool]):
    """Dismisses with True (y) or False (n, Esc)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="yes"),
        Binding("n,escape", "answer(False)", "No", key_display="n/Esc", id="no"),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box", classes="dialog"):
            yield Static(self.question, classes="heading", markup=False)
            if self.detail:
                yield Static(self.detail, markup=False)
            yield Static("y: yes    n or Esc: no", classes="hint")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
