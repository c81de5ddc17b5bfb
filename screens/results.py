"""The end of a game: scores with their breakdown per source, the winners, rematch."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from chaigames.engine import Result

from .keygate import Guarded
from .protocol import Controller
from .widgets import TitleBar


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


class ResultsScreen(Guarded, Screen[None]):
    """Opens after a game: its keys are ones no Chai Wallah zone uses (n, m), so a key meant for the
    game cannot start a rematch or leave; it also ignores keys for its first moments (keygate)."""

    SUB_TITLE = "Results"
    BINDINGS = [
        Binding("n", "rematch", "Rematch", id="rematch"),
        Binding("m", "menu", "Menu", id="menu"),
        Binding("l", "log", "Log", id="log"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller
        result = controller.result()
        if result is None:
            raise ValueError("the results of a game that is not over")
        self.result = result

    def compose(self) -> ComposeResult:
        names = list(self.controller.names)
        yield TitleBar(self.sub_title)
        with Vertical(id="results"):
            yield Static(f"{self.controller.title}: final scores", classes="heading")
            yield Static(winners_line(names, self.result), id="winners", markup=False)
            yield Static(scores_line(names, self.result), id="totals", markup=False)
            yield DataTable(id="scores", cursor_type="row", zebra_stripes=True)
            if self.result.note:
                yield Static(self.result.note, id="note", markup=False)
            yield Static("* marks a winner.  n: rematch with the same seats   m: menu", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        names = list(self.controller.names)
        table = self.query_one("#scores", DataTable)
        table.add_column("", key="source")
        for i, name in enumerate(names):
            mark = "*" if i in self.result.winners else " "
            table.add_column(Text(f"{mark}{name}"), key=f"seat{i}")
        for row in self.result.breakdown:
            table.add_row(Text(row.source), *(Text(str(v)) for v in row.values))
        table.add_row(Text("Total", style="bold"), *(Text(str(v), style="bold") for v in self.result.scores))
        table.focus()

    def action_rematch(self) -> None:
        self.app.rematch(self.controller)  # type: ignore[attr-defined]

    def action_menu(self) -> None:
        self.app.call_later(self.app.back_to_menu)  # type: ignore[attr-defined]

    def action_log(self) -> None:
        from .pause import LogScreen

        self.app.push_screen(LogScreen(self.controller))
