"""The `?` screen: the keys of the screen below, in words."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from .base import AppModalScreen

READING = "## Reading the screen"


def reading_the_screen(rules_markdown: str) -> str:
    """The "Reading the screen" section of a game's rules (its heading to the next heading), or ''."""
    start = rules_markdown.find(READING)
    if start < 0:
        return ""
    end = rules_markdown.find("\n## ", start + len(READING))
    return rules_markdown[start : end if end >= 0 else None].strip()


def key_lines(screen: Screen) -> list[tuple[str, str]]:
    """(key, what it does) for every binding active on `screen` now: the screen's own keys (those
    the footer shows) first, then the focused widget's (moving in lists, scrolling)."""
    app = screen.app
    shown: list[tuple[str, str]] = []
    other: list[tuple[str, str]] = []
    seen: set[str] = set()
    for active in screen.active_bindings.values():
        binding = active.binding
        if not active.enabled or not binding.description or binding.description in seen:
            continue
        seen.add(binding.description)
        (shown if binding.show else other).append((app.get_key_display(binding), binding.description))
    return shown + other


class KeysScreen(AppModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", "Close", id="close"),
        Binding("question_mark", "close", "Close", show=False),
        Binding("enter", "close", "Close", show=False),
    ]

    def __init__(self, rows: list[tuple[str, str]], title: str, reading: str = "") -> None:
        """`reading`: the game's "Reading the screen" section (Markdown), shown under the keys."""
        super().__init__()
        self.rows = rows
        self.heading = title
        self.reading = reading

    def compose(self) -> ComposeResult:
        width = max((len(k) for k, _ in self.rows), default=3)
        # A binding's description is markup to Textual (its key panel parses it), so names in one
        # are escaped where the binding is made; a key's display ("[") is text.
        lines = [Text(f"{k:>{width}}  ") + Text.from_markup(d) for k, d in self.rows]
        text = Text("\n").join(lines) if lines else Text("(no keys here)")
        with Vertical(id="keys-box", classes="dialog wide" if self.reading else "dialog"):
            yield Static(f"Keys: {self.heading}", classes="heading", markup=False)
            with VerticalScroll(id="keys-scroll"):
                yield Static(text, id="keys-text")
                if self.reading:
                    from textual.widgets import Markdown  # loaded when first shown, not at start-up

                    yield Markdown(self.reading, id="keys-reading")
            hint = "Esc closes; arrows and PgUp/PgDn scroll." if self.reading else "Esc closes."
            yield Static(f"{hint} Ctrl+P opens the command palette.", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#keys-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
