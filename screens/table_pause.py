"""Esc at a table: the pause menu as it is for one person among several, or for a spectator.

Esc pauses the game for everyone only when this person may (seated, with a pause left); otherwise
the menu says the game goes on. Leaving says what really happens to the seat (it waits; in real
time a bot plays it after the host's limit until its person is back). The seat's code shows again
here, and the owner hands an away person's seat to a bot of any of the game's levels.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from chaigames.play.table_controller import TableController

from .confirm import ConfirmScreen
from .keygate import Guarded
from .pause import PauseMenu
from .widgets import Footer


class TablePauseMenu(PauseMenu):
    """The pause menu of a `TableController` (see the module docstring). Dismisses as `PauseMenu` does."""

    BINDINGS = [
        *PauseMenu.BINDINGS,
        Binding("b", "choose('to_bot')", "Seat to a bot", id="to-bot"),
    ]

    controller: TableController

    def heading(self) -> str:
        c = self.controller
        return f"Paused: {c.title}" if c.will_pause() else f"{c.title}: the game goes on"

    def options(self) -> list[Option]:
        c = self.controller
        out = [
            Option(f"{'Resume' if c.will_pause() else 'Back to the game'}  Esc", id="resume"),
            Option("Rules of this game  r", id="rules"),
            Option("Game log            l", id="log"),
        ]
        if c.owner:
            out.extend(Option(f"Hand {c.name(s)}'s seat to a bot  b", id=f"bot-{s}") for s in c.away_seats())
        out.append(Option("Leave the table  s" if c.seat is not None else "Stop watching  s", id="quit"))
        return out

    def notes(self) -> list[str]:
        c = self.controller
        lines = []
        if c.seat is None:
            lines.append("You are watching: the game goes on.")
        elif not c.finished and not c.will_pause():
            lines.append("Your pauses are used up: the game goes on.")
        if c.seat_code:
            lines.append(f"Your seat code: {c.seat_code}  (it takes your seat back if you drop)")
        return lines

    def save_state(self) -> str:
        return "The table saves every move."

    def quit_question(self) -> ConfirmScreen:
        c = self.controller
        if c.seat is None:
            return ConfirmScreen("Stop watching this table?", "You go back to the menu; the game goes on.")
        detail = "Your seat waits for you: Back to your table, at the menu, takes it back."
        if c.away_limit is not None:
            detail += f" After {c.away_limit:g} s away a bot plays it until you are back."
        elif not c.finished:
            detail += " The game waits for you, unless the owner hands your seat to a bot until you are back."
        return ConfirmScreen("Leave the table for the menu?", detail)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("to_bot",):
            return self.controller.owner and bool(self.controller.away_seats())
        return not (action == "choose" and parameters == ("undo",))  # a table has no take-backs

    def action_choose(self, choice: str) -> None:
        c = self.controller
        if choice == "to_bot" and c.away_seats():
            choice = f"bot-{c.away_seats()[0]}"
        if choice.startswith("bot-"):
            seat = int(choice[4:])
            levels = tuple(c.spec.bot_levels)

            def chosen(level: str | None) -> None:
                if level is not None:
                    c.hand_to_bot(seat, level)
                    self.dismiss("resume")

            self.app.push_screen(BotLevelScreen(c.name(seat), levels), chosen)
            return
        super().action_choose(choice)


class BotLevelScreen(Guarded, ModalScreen[str | None]):
    """Which bot plays an away person's seat until they are back: one of the game's levels (Esc: none)."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="cancel")]

    def __init__(self, name: str, levels: tuple[str, ...]) -> None:
        super().__init__()
        self.seat_name = name
        self.levels = levels

    def compose(self) -> ComposeResult:
        with Vertical(id="pause-box", classes="dialog"):
            yield Static(f"A bot plays {self.seat_name}'s seat until they are back", classes="heading", markup=False)
            yield OptionList(*(Option(level.capitalize(), id=level) for level in self.levels), id="bot-levels")
        yield Footer()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)
