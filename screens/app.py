"""The chaigames Textual application."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from chaigames import games


class MainMenu(Screen):
    """The three games, with their seat ranges and one line each."""

    BINDINGS = [Binding("q", "app.quit", "Quit", id="quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="menu"):
            yield Static("chaigames", id="title")
            options = []
            for g in games.CATALOGUE:
                try:
                    games.get(g.id)
                    note = ""
                except games.GameNotBuilt:
                    note = "  (rules not built yet)"
                options.append(Option(f"{g.title}  {g.seats} players\n  {g.blurb}{note}", id=g.id))
            yield OptionList(*options, id="games")
        yield Footer()


class ChaiGamesApp(App):
    TITLE = "chaigames"

    def __init__(self, new_game: Any = None) -> None:
        super().__init__()
        self.new_game_request = new_game

    def on_mount(self) -> None:
        self.push_screen(MainMenu())


def run_app(new_game: Any = None) -> None:
    ChaiGamesApp(new_game=new_game).run()
