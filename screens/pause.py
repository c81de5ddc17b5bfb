"""The pause menu (Esc in a game) and the full game log."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .controller import GameController
from .widgets import Footer


class PauseMenu(ModalScreen[str]):
    """Resume, rules, game log, undo, save and quit. Dismisses with the chosen option's id."""

    BINDINGS = [
        Binding("escape", "choose('resume')", "Resume", id="resume"),
        Binding("r", "choose('rules')", "Rules", id="rules"),
        Binding("l", "choose('log')", "Log", id="log"),
        Binding("u", "choose('undo')", "Undo", id="undo"),
        Binding("s", "choose('quit')", "Save & quit", id="quit"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, controller: GameController) -> None:
        super().__init__()
        self.controller = controller

    def compose(self) -> ComposeResult:
        can_undo = self.controller.can_undo()
        with Vertical(id="pause-box", classes="dialog"):
            yield Static(f"Paused: {self.controller.spec.title}", classes="heading")
            yield OptionList(
                Option("Resume            Esc", id="resume"),
                Option("Rules of this game  r", id="rules"),
                Option("Game log            l", id="log"),
                Option(
                    "Undo my last move   u" if can_undo else "Undo (nothing to take back)",
                    id="undo",
                    disabled=not can_undo,
                ),
                Option("Save and quit to the menu  s", id="quit"),
                id="pause-options",
            )
            yield Static("The game is saved after every move.", classes="hint")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("undo",):
            return self.controller.can_undo()
        return True

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id or "resume")


class LogScreen(ModalScreen[None]):
    """Every event the viewer may see, in words, scrollable."""

    BINDINGS = [
        Binding("escape", "close", "Back", id="close"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, controller: GameController) -> None:
        super().__init__()
        self.controller = controller

    def compose(self) -> ComposeResult:
        lines = [f"{line.action_no:>4}  {line.event.text}" for line in self.controller.log()]
        with Vertical(id="log-dialog", classes="dialog wide"):
            yield Static(f"Game log: {self.controller.spec.title}", classes="heading")
            with VerticalScroll(id="log-scroll"):
                yield Static("\n".join(lines) or "(nothing has happened yet)", id="full-log", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        scroll = self.query_one("#log-scroll", VerticalScroll)
        scroll.focus()
        scroll.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
