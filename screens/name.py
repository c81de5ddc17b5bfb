"""Who is playing, asked first when the app is served to a web page (`chaigames web`).

On a game host the name is all that keeps one player's saves apart from another's, and nothing
checks it: the screen says so plainly before anyone relies on it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from chaigames.names import MAX_CELLS, clean_name

from .base import AppScreen
from .widgets import Footer, NameInput, TitleBar

WARNING = (
    "Your games are saved on this server under your name. Names are not checked: "
    "anyone who types the same name here can continue those games."
)


class NameScreen(AppScreen[str]):
    """A name, cleaned as every player name is; Enter goes on to the menu with it."""

    SUB_TITLE = "Your name"

    DEFAULT_CSS = """
    NameScreen #name-box {
        padding: 1 2;
        max-width: 80;
        height: auto;
    }
    NameScreen #player-name {
        width: 40;
        margin: 1 0;
    }
    """

    def compose(self) -> ComposeResult:
        yield TitleBar(self.sub_title)
        with Vertical(id="name-box"):
            yield Static("What is your name?", classes="heading")
            yield NameInput(placeholder="your name", id="player-name", max_length=4 * MAX_CELLS)
            yield Static("", id="name-problem", classes="problem", markup=False)
            yield Static(WARNING, classes="hint", markup=False)
            yield Static("Enter goes on to the games.", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#player-name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = clean_name(event.value)
        if not name:
            self.query_one("#name-problem", Static).update("Type a name first.")
            return
        self.dismiss(name)
