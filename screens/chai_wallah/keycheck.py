"""'Press your keys': each human finds their zone before the countdown (spec "Keys").

A small modal listing every human's zone as the key diamond; a key lights (shown as `(w)`
instead of ` w `, and in reverse video) once it has arrived, so several people at one keyboard
can see that each of their keys works. Esc or Space closes it; the game then counts down.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from chaigames.chai_wallah.keys import CHAI, ZONE_KEYS, normalize_key

from ..base import AppModalScreen
from ..widgets import Footer
from .render import key_glyph

LIT = Style(reverse=True, bold=True)
BLOCK_WIDTH = 27


def key_cell(key: str, lit: bool) -> Text:
    glyph = key_glyph(key)
    return Text(f"({glyph})", style=LIT) if lit else Text(f" {glyph} ")


def zone_diamond(zone: int, lit: set[str]) -> list[Text]:
    """Three lines: the zone's keys as the card diamond (spice up, tea left, sugar down, milk right)
    and its Chai! key, each lit once pressed."""
    keys = ZONE_KEYS[zone]

    def cell(role: str) -> Text:
        return key_cell(keys[role], keys[role] in lit)

    gap = Text(" " * 5)
    return [
        Text("  ") + gap + cell("spice"),
        Text("  ") + cell("tea") + Text("     ") + cell("milk") + Text("  ") + cell(CHAI) + Text(" Chai!"),
        Text("  ") + gap + cell("sugar"),
    ]


class KeyCheckScreen(AppModalScreen[None]):
    """Every human's zone; pressed keys light up. Dismissed with Esc or Space."""

    BINDINGS = [
        Binding("escape,space", "done", "Start the countdown", key_display="Esc/Space", id="done"),
    ]

    def __init__(self, seats: Sequence[tuple[int, str, tuple[int, ...]]]) -> None:
        """`seats`: (seat, name, zones) of each human."""
        super().__init__()
        self.seats = list(seats)
        self.lit: set[str] = set()
        self.zone_of: dict[str, int] = {
            key: z for _, _, zones in self.seats for z in zones for key in ZONE_KEYS[z].values()
        }

    def compose(self) -> ComposeResult:
        with Vertical(id="cw-check", classes="dialog"):
            yield Static("Press your keys", classes="heading")
            yield Static("Up spice, left tea, down sugar, right milk (like the order cards).", classes="hint")
            yield Static(self._text(), id="cw-check-zones")
            yield Static("Each key lights when it works. Esc or Space: start the countdown.", classes="hint")
        yield Footer()

    def _text(self) -> Text:
        if not self.seats:
            return Text("Nobody plays from the keyboard in this game.")
        blocks: list[list[Text]] = []
        for _, name, zones in self.seats:
            for zone in zones:
                head = Text(f"{name}: zone {zone}", style=Style(bold=True))
                head.truncate(BLOCK_WIDTH)
                blocks.append([head, *zone_diamond(zone, self.lit)])
        lines: list[Text] = []  # two zones side by side, so four people fit at 80x24
        for k in range(0, len(blocks), 2):
            pair = blocks[k : k + 2]
            for row in range(4):
                line = Text()
                for block in pair:
                    cell = block[row].copy()
                    cell.truncate(BLOCK_WIDTH, pad=True)
                    line.append_text(cell)
                lines.append(line)
        return Text("\n").join(lines)

    def on_key(self, event: events.Key) -> None:
        key = normalize_key(event.key.removeprefix("shift+"))
        if key not in self.zone_of:
            return
        event.stop()
        event.prevent_default()
        self.lit.add(key)
        self.query_one("#cw-check-zones", Static).update(self._text())

    def action_done(self) -> None:
        self.dismiss(None)
