"""The fallback moves list: every legal action numbered and in words, for anything a direct key
does not reach (and for players who prefer reading the moves)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..base import AppModalScreen


class MovesList(OptionList):
    """Textual's list of options, with its scrollbar in place from its first layout.

    Textual's list counts its lines as it is first drawn, just after its first layout: a list taller than its
    room then gained its scrollbar, and the dialog was laid out again and drawn again in part (the whole box, each
    option drawn again a scrollbar narrower). Here the list, sized for the first time, tells the layout what its
    first drawing would have found: its lines at the width the scrollbar leaves, and the scrollbar. Its height, and
    everything after, is Textual's own; a guess that did not hold is put right by Textual as before."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        height = super().get_content_height(container, viewport, width)
        styles = self.styles
        if self.size or styles.max_height is None or styles.overflow_y != "auto":
            return height  # drawn already (its own count holds), or a list whose scrollbar this does not decide
        gutter = styles.gutter
        room = styles.max_height.resolve(container + gutter.totals, viewport) - gutter.height  # border-box
        if height > room:
            narrower = width - styles.scrollbar_size_vertical
            self.set_reactive(OptionList.show_vertical_scrollbar, True)
            lines = super().get_content_height(container, viewport, narrower)
            self.set_reactive(OptionList.virtual_size, Size(narrower, lines))
        return height


class MovesScreen(AppModalScreen[None]):
    """Closes and calls `chosen` with the index of the chosen move; Esc closes it with none chosen.

    The move is played as the list closes, before the board behind it is laid out and drawn again
    (a result handed back through `dismiss` waited for that, about a third of a second at a loaded
    table before the move even left).

    A game screen makes one for the game and shows it again with each turn's moves (`show_moves`):
    made anew each time, the dialog was composed, mounted, styled and removed on every move of a player
    who plays through it."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="close"),
        *(Binding(str(n), f"pick({n})", "", show=False) for n in range(1, 10)),
    ]

    def __init__(self, labels: list[str], chosen: Callable[[int], None]) -> None:
        super().__init__()
        self.labels = labels
        self.chosen = chosen

    def compose(self) -> ComposeResult:
        with Vertical(id="moves-box", classes="dialog wide"):
            yield Static("Moves (Enter or 1-9 plays one, Esc closes)", classes="heading")
            yield MovesList(*self._options(), id="moves-list")

    def _options(self) -> list[Option]:
        return [Option(Text(f"{i}. {label}" if i < 10 else f"   {label}")) for i, label in enumerate(self.labels, 1)]

    def on_mount(self) -> None:
        options = self.query_one("#moves-list", OptionList)
        options.focus()
        if self.labels:
            options.highlighted = 0

    def show_moves(self, labels: list[str], chosen: Callable[[int], None]) -> None:
        """The list, made already, with these moves (the first highlighted) before it is shown again."""
        self.labels = labels
        self.chosen = chosen
        options = self.query_one("#moves-list", OptionList)
        options.set_options(self._options())
        options.highlighted = 0 if labels else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._choose(event.option_index)

    def action_pick(self, n: int) -> None:
        if 1 <= n <= len(self.labels):
            self._choose(n - 1)

    def _choose(self, index: int) -> None:
        if not self.is_current:  # a second Enter before the list has gone
            return
        self.dismiss()  # first: whatever the move opens (a question) opens over the board, not the list
        self.chosen(index)

    def action_close(self) -> None:
        self.dismiss(None)
