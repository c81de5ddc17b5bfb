"""Questions that guard against losing moves: a save that failed, a game open in another app.

Every text here may hold a file system's error message or a save's name, so it is drawn as text.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option


def moves(n: int) -> str:
    return f"{n} move{'' if n == 1 else 's'}"


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y (or the highlighted yes) answers True; n or Esc answers False."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="yes"),
        Binding("n", "answer(False)", "No", id="no"),
        Binding("escape", "answer(False)", "Back", id="back"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, heading: str, question: str, yes: str, no: str = "No, go back") -> None:
        super().__init__()
        self.heading = heading
        self.question = question
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="confirm-box"):
            yield Static(self.heading, classes="heading", markup=False)
            yield Static(self.question, id="confirm-question", markup=False)
            yield OptionList(Option(f"{self.no}  n", id="no"), Option(f"{self.yes}  y", id="yes"), id="confirm-options")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#confirm-options", OptionList).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id == "yes")


class SaveFailedScreen(ModalScreen[str]):
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
            self.app.push_screen(
                ConfirmScreen("Lose moves?", question, f"Quit and lose {moves(self.unsaved)}"),
                lambda yes: self.dismiss("lose") if yes else None,
            )
            return
        self.dismiss(choice)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option.id or "back")
