"""Questions before something that cannot be undone (quit the app, save and quit, a move in a
hot-seat game without take-backs, taking over a game open elsewhere) and the choice a failed save
leaves. Every text here may hold a file system's error message or a save's name: drawn as text.

`y` says yes; `n` or Esc says no. Enter is not "yes" for quitting: in Chai Wallah it is zone 4's
Chai! key. A hot-seat move is confirmed by pressing its key (Enter) again after the question's
first half second (the key gate drops a bounce), or `y`.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .base import AppModalScreen
from .compat import bind_key
from .keygate import Guarded
from .widgets import Footer


def moves(n: int) -> str:
    return f"{n} move{'' if n == 1 else 's'}"


class ConfirmScreen(Guarded, AppModalScreen[bool]):
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
            bind_key(self, "enter", "answer(True)", "Yes", show=False)

    def compose(self) -> ComposeResult:
        box = Vertical(id="confirm-box", classes="dialog")
        # as wide as the question and its detail (the border and padding take 4), never narrower than
        # a dialog; past 90% of the screen the heading wraps
        lines = [*self.question.splitlines(), *self.detail.splitlines()]
        box.styles.width = max(48, *(len(line) + 4 for line in lines))
        with box:
            yield Static(self.question, classes="heading", markup=False)
            if self.detail:
                yield Static(self.detail, markup=False)
            yes = "Enter or y" if self.enter_says_yes else "y"
            yield Static(f"{yes}: yes    n or Esc: no", classes="hint")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SaveFailedScreen(Guarded, AppModalScreen[str]):
    """Save and quit could not save: try again, quit anyway (after a confirmation naming the moves
    that will be lost), or go back to the game. Dismisses with "retry", "lose" or "back"."""

    BINDINGS = [
        Binding("r", "choose('retry')", "Try again", id="retry"),
        Binding("q", "choose('lose')", "Quit anyway", id="lose"),
        Binding("escape", "choose('back')", "Back to the game", id="back"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, problem: str, unsaved: int) -> None:
        super().__init__()
        self.problem = problem
        self.unsaved = unsaved

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="save-failed-box"):
            yield Static("The game could not be saved", classes="heading")
            yield Static(
                f"Could not save the game: {self.problem}.\n"
                f"The last {moves(self.unsaved)} would be lost if you quit now.\n"
                "Free some space (or fix the folder) and try again.",
                id="save-failed-text",
                markup=False,
            )
            yield OptionList(
                Option("Try again             r", id="retry"),
                Option(f"Quit and lose {moves(self.unsaved)}  q", id="lose"),
                Option("Back to the game    Esc", id="back"),
                id="save-failed-options",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#save-failed-options", OptionList).focus()

    def action_choose(self, choice: str) -> None:
        if choice == "lose":
            question = f"Quit without saving? The last {moves(self.unsaved)} of this game will be lost."

            def lose(yes: bool | None) -> None:
                if yes:
                    self.dismiss("lose")

            self.app.push_screen(ConfirmScreen("Lose moves?", question), lose)
            return
        self.dismiss(choice)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option.id or "back")
