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

COLUMNS = ("Date", "Game", "Winner", "Scores", "Match")
"""Narrow columns first, so Winner and Match fit at 80 columns; who sat where is under the table."""


def history_row(info: SaveInfo, lookup: Lookup) -> tuple[tuple[str, ...], str]:
    """Date, game, winner, scores (in seat order) and the match's game for one finished game, and the
    line under the table: each seat with its score (bots with their level), and how a match ended."""
    record = info.record
    assert record is not None
    names = [s.name for s in record.config.seats]
    seats = [s.name if s.bot is None else f"{s.name} ({s.bot})" for s in record.config.seats]
    date = when(str(record.meta.get("finished", "")))
    result = record.meta.get("result")
    if not isinstance(result, dict):  # older history files: rebuild the game for its result
        try:
            session = Session.from_record(lookup(record.game), record)
        except (RecordError, LookupError):
            return (date, info.title, "cannot be rebuilt", "?", ""), ", ".join(seats)
        result = session.result().to_json() if session.over else {}
    scores: list[str] = [str(v) for v in result.get("scores", [])] if result else []
    winner = ""
    if result:
        won = [names[w] for w in result.get("winners", []) if 0 <= w < len(names)]
        winner = join_names(won) or "nobody"
    players = ", ".join(f"{seat} {score}" for seat, score in zip(seats, scores, strict=False)) or ", ".join(seats)
    match = match_of(record.meta)
    match_text = ""
    if match is not None:
        match_text = f"game {len(match.played)} of {match.games}"
        if match.over:
            players += f". {match.result_line(names)}"
    return (date, info.title, winner, " ".join(scores), match_text), players


class HistoryScreen(AppScreen[None]):
    """The finished games (date, game, winner, scores, match), newest first; under the table, who
    played the highlighted game and what each scored."""

    SUB_TITLE = "History"
    DEFAULT_CSS = """
    HistoryScreen #games { height: 1fr; }
    HistoryScreen #history-players { height: auto; padding: 0 1; }
    """
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
            yield Static("", id="history-players")
            hint = "Enter: results   w: watch the replay   Esc: back"
            yield Static(hint if self.games else "No finished game yet.", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#games", DataTable)
        for label in COLUMNS:
            table.add_column(label, key=label.lower())
        self.players: list[str] = []
        for info in self.games:
            cells, players = history_row(info, self.lookup)
            table.add_row(*(Text(cell) for cell in cells), key=info.save_id)
            self.players.append(players)
        table.focus()
        self._show_players(table.cursor_row)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_players(event.cursor_row)

    def _show_players(self, row: int | None) -> None:
        """Who played the highlighted game, with their scores: the whole line, wrapped."""
        text = self.players[row] if self.players and row is not None and 0 <= row < len(self.players) else ""
        self.query_one("#history-players", Static).update(Text(f"Players: {text}" if text else ""))

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
