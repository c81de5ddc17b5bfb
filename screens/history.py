"""History: the finished games, newest first; open one to see its results or watch its replay."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from chaigames.engine import RecordError, Session
from chaigames.engine.match import match_of
from chaigames.engine.words import join_names
from chaigames.saves import Lookup, SaveInfo, when

from .base import AppScreen
from .widgets import Footer, TitleBar


def history_row(info: SaveInfo, lookup: Lookup) -> tuple[str, ...]:
    """Date, game, seats, scores, winner, match for one finished game."""
    record = info.record
    assert record is not None
    names = [s.name for s in record.config.seats]
    seats = ", ".join(s.name if s.bot is None else f"{s.name} ({s.bot})" for s in record.config.seats)
    scores, winner = "", ""
    result = record.meta.get("result")
    if not isinstance(result, dict):  # older history files: rebuild the game for its result
        try:
            session = Session.from_record(lookup(record.game), record)
        except (RecordError, LookupError):
            return (when(str(record.meta.get("finished", ""))), info.title, seats, "?", "cannot be rebuilt", "")
        result = session.result().to_json() if session.over else {}
    if result:
        scores = " ".join(str(v) for v in result.get("scores", []))
        won = [names[w] for w in result.get("winners", []) if 0 <= w < len(names)]
        winner = join_names(won) or "nobody"
    match = match_of(record.meta)
    match_text = ""
    if match is not None:
        match_text = f"game {len(match.played)} of {match.games}"
        if match.over:
            match_text += f"; {match.result_line(names)}"
    return (when(str(record.meta.get("finished", ""))), info.title, seats, scores, winner, match_text)


class HistoryScreen(AppScreen[None]):
    """The finished games (date, game, seats, scores, winner, match), newest first."""

    SUB_TITLE = "History"
    BINDINGS = [
        Binding("enter", "results", "Results", id="results", priority=True),
        Binding("w", "watch", "Watch replay", id="watch"),
        Binding("escape", "app.pop_screen", "Back", id="back"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, games: list[SaveInfo], lookup: Lookup) -> None:
        super().__init__()
        self.games = games
        self.lookup = lookup

    def compose(self) -> ComposeResult:
        yield TitleBar(self.sub_title)
        with Vertical(id="history"):
            yield Static("Finished games, newest first", classes="heading")
            yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
            hint = "Enter: results   w: watch the replay   Esc: back"
            yield Static(hint if self.games else "No finished game yet.", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#games", DataTable)
        for label in ("Date", "Game", "Seats", "Scores", "Winner", "Match"):
            table.add_column(label, key=label.lower())
        for info in self.games:
            table.add_row(*(Text(cell) for cell in history_row(info, self.lookup)), key=info.save_id)
        table.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("results", "watch"):
            return bool(self.games)
        return True

    def chosen(self) -> SaveInfo | None:
        table = self.query_one("#games", DataTable)
        if not self.games or table.cursor_row is None:
            return None
        return self.games[min(table.cursor_row, len(self.games) - 1)]

    def action_results(self) -> None:
        info = self.chosen()
        if info is not None:
            self.app.show_past_results(info)

    def action_watch(self) -> None:
        info = self.chosen()
        if info is not None and info.record is not None:  # a finished game is listed with its record
            self.app.watch_replay(info.record)
