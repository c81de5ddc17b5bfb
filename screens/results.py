"""The end of a game: scores with their breakdown per source, the winners, rematch."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from chaigames.engine import Result

from .controller import GameController
from .widgets import Footer, TitleBar


def winners_line(names: list[str], result: Result) -> str:
    won = [names[i] for i in result.winners]
    if not won:
        return "Nobody wins."
    if len(won) == 1:
        return f"Winner: {won[0]}"
    return "Shared win: " + ", ".join(won[:-1]) + f" and {won[-1]}"


def scores_line(names: list[str], result: Result) -> str:
    """Every total at a glance, best first (the table below may need scrolling at 80x24)."""
    order = sorted(range(len(names)), key=lambda i: -result.scores[i])
    return "   ".join(f"{names[i]} {result.scores[i]}" for i in order)


class ResultsScreen(Screen[None]):
    SUB_TITLE = "Results"
    BINDINGS = [
        Binding("r", "rematch", "Rematch", id="rematch"),
        Binding("m", "menu", "Menu", id="menu"),
        Binding("escape", "menu", "Menu", show=False),
        Binding("l", "log", "Log", id="log"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, controller: GameController) -> None:
        super().__init__()
        self.controller = controller
        self.result = controller.session.result()

    def compose(self) -> ComposeResult:
        names = [s.name for s in self.controller.config.seats]
        yield TitleBar(self.sub_title)
        with Vertical(id="results"):
            yield Static(f"{self.controller.spec.title}: final scores", classes="heading")
            yield Static(winners_line(names, self.result), id="winners")
            yield Static(scores_line(names, self.result), id="totals")
            yield DataTable(id="scores", cursor_type="row", zebra_stripes=True)
            if self.result.note:
                yield Static(self.result.note, id="note")
            yield Static("* marks a winner.  r: rematch with the same seats   m: menu", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        names = [s.name for s in self.controller.config.seats]
        table = self.query_one("#scores", DataTable)
        table.add_column("", key="source")
        for i, name in enumerate(names):
            mark = "*" if i in self.result.winners else " "
            table.add_column(f"{mark}{name}", key=f"seat{i}")
        for row in self.result.breakdown:
            table.add_row(row.source, *(str(v) for v in row.values))
        table.add_row(Text("Total", style="bold"), *(Text(str(v), style="bold") for v in self.result.scores))
        table.focus()

    def action_rematch(self) -> None:
        self.app.rematch(self.controller)  # type: ignore[attr-defined]

    def action_menu(self) -> None:
        self.app.call_later(self.app.back_to_menu)  # type: ignore[attr-defined]

    def action_log(self) -> None:
        from .pause import LogScreen

        self.app.push_screen(LogScreen(self.controller))
