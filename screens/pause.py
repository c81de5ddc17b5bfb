"""The pause menu (Esc in a game) and the full game log."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from chaigames.play.protocol import Controller

from .base import AppModalScreen
from .confirm import ConfirmScreen
from .keygate import Guarded
from .widgets import Footer


class PauseMenu(Guarded, AppModalScreen[str]):
    """Resume, rules, game log, undo, save and quit. Dismisses with the chosen option's id.

    Save and quit asks first (y): `s` is also a Chai Wallah zone's sugar key."""

    BINDINGS = [
        Binding("escape", "choose('resume')", "Resume", id="resume"),
        Binding("r", "choose('rules')", "Rules", id="rules"),
        Binding("l", "choose('log')", "Log", id="log"),
        Binding("u", "choose('undo')", "Undo", id="undo"),
        Binding("s", "choose('quit')", "Save & quit", id="quit"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller

    def compose(self) -> ComposeResult:
        with Vertical(id="pause-box", classes="dialog"):
            yield Static(self.heading(), classes="heading", markup=False)
            yield OptionList(*self.options(), id="pause-options")
            for line in self.notes():
                yield Static(line, classes="hint", markup=False)
            yield Static(self.save_state(), classes="hint", id="save-state", markup=False)
        yield Footer()

    def heading(self) -> str:
        return f"Paused: {self.controller.title}"

    def options(self) -> list[Option]:
        can_undo = self.controller.can_undo()
        return [
            Option("Resume            Esc", id="resume"),
            Option("Rules of this game  r", id="rules"),
            Option("Game log            l", id="log"),
            Option(self._undo_label(can_undo), id="undo", disabled=not can_undo),
            Option("Save and quit to the menu  s", id="quit"),
        ]

    def notes(self) -> list[str]:
        """Lines between the options and the save state (none here)."""
        return []

    def save_state(self) -> str:
        problem = self.controller.save_problem
        if problem:
            n = self.controller.unsaved_moves()
            return f"! The last save failed ({problem}): {n} move{'' if n == 1 else 's'} not saved yet."
        return "The game is saved after every move."

    def quit_question(self) -> ConfirmScreen:
        return ConfirmScreen("Save and quit to the menu?", "The game is saved; Continue resumes it.")

    def _undo_label(self, can_undo: bool) -> str:
        if self.controller.realtime:
            return f"Undo ({self.controller.title} has no undo)"
        return "Undo my last move   u" if can_undo else "Undo (nothing to take back)"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("undo",):
            return self.controller.can_undo()
        return True

    def action_choose(self, choice: str) -> None:
        if choice == "quit" and self.controller.save_problem:
            self.dismiss("quit")  # the save failed: the frame's own dialog asks what to do
            return
        if choice == "quit":
            self.app.push_screen(self.quit_question(), lambda yes: self.dismiss("quit") if yes else None)
            return
        self.dismiss(choice)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option.id or "resume")


def log_lines(controller: Controller, words: Callable[[str], str] = str) -> list[str]:
    """The log in words (`words`: the game screen's way of writing them): turn-based games number
    the actions; a real-time game shows the game second of each event (an event without its own
    time shares the one before it)."""
    if not controller.realtime:
        return [f"{line.action_no:>4}  {words(line.event.text)}" for line in controller.log()]
    out, t = [], 0.0
    for line in controller.log():
        stamp = line.event.data.get("t")
        if isinstance(stamp, int | float):
            t = float(stamp)
        out.append(f"{t:6.1f} s  {words(line.event.text)}")
    return out


class LogScreen(AppModalScreen[None]):
    """Every event the viewer may see, in words, scrollable."""

    BINDINGS = [
        Binding("escape", "close", "Back", id="close"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller

    def compose(self) -> ComposeResult:
        from .game_screens import screen_class_for

        # the game's own way of writing its log, also over the results (where its screen is gone)
        words = screen_class_for(self.controller.game_id).log_words
        lines = log_lines(self.controller, words)
        with Vertical(id="log-dialog", classes="dialog wide"):
            yield Static(f"Game log: {self.controller.title}", classes="heading")
            with VerticalScroll(id="log-scroll"):
                yield Static("\n".join(lines) or "(nothing has happened yet)", id="full-log", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        scroll = self.query_one("#log-scroll", VerticalScroll)
        scroll.focus()
        scroll.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
