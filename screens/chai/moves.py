"""The fallback moves list: every legal action numbered and in words, for anything a direct key
does not reach (and for players who prefer reading the moves)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..base import AppModalScreen


class MovesScreen(AppModalScreen[int | None]):
    """Dismisses with the index of the chosen move, or None."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="close"),
        *(Binding(str(n), f"pick({n})", "", show=False) for n in range(1, 10)),
    ]

    def __init__(self, labels: list[str]) -> None:
        super().__init__()
        self.labels = labels

    def compose(self) -> ComposeResult:
        with Vertical(id="moves-box", classes="dialog wide"):
            yield Static("Moves (Enter or 1-9 plays one, Esc closes)", classes="heading")
            yield OptionList(
                *(Option(Text(f"{i}. {label}" if i < 10 else f"   {label}")) for i, label in enumerate(self.labels, 1)),
                id="moves-list",
            )

    def on_mount(self) -> None:
        options = self.query_one("#moves-list", OptionList)
        options.focus()
        if self.labels:
            options.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_pick(self, n: int) -> None:
        if 1 <= n <= len(self.labels):
            self.dismiss(n - 1)

    def action_close(self) -> None:
        self.dismiss(None)
