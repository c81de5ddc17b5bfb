"""A yes/no question before something that cannot be undone (quit the app, save and quit, a move
in a hot-seat game without take-backs).

`y` says yes; `n` or Esc says no. Enter is not "yes" for quitting: in Chai Wallah it is zone 4's
Chai! key. A hot-seat move is confirmed by pressing its key (Enter) again after the question's
first half second (the key gate drops a bounce), or `y`.
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

    def __init__(self, question: str, detail: str = "", *, enter_says_yes: bool = False) -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.enter_says_yes = enter_says_yes
        if enter_says_yes:
            self._bindings.bind("enter", "answer(True)", "Yes", show=False)

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box", classes="dialog"):
            yield Static(self.question, classes="heading", markup=False)
            if self.detail:
                yield Static(self.detail, markup=False)
            yes = "Enter or y" if self.enter_says_yes else "y"
            yield Static(f"{yes}: yes    n or Esc: no", classes="hint")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
