"""The end of a game: scores with their breakdown per source, the winners, rematch."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.widgets import DataTable, Static

from chaigames.engine import Record, Result
from chaigames.engine.match import Match
from chaigames.engine.words import join_names
from chaigames.play.protocol import Controller

from .base import AppScreen
from .keygate import Guarded
from .widgets import Footer, TitleBar

DETAIL_LABELS = {"fulfilled": "(customers served)", "teas": "(different teas served)"}
"""Words for a result's `details` (not points: the counts the awards and tie-breaks look at)."""

ROOMY_WIDTH = 110
ROOMY_HEIGHT = 34
"""From this size the results draw the totals as bars and explain each row beside the table."""

SOURCE_HELP = {
    "orders": "order cards fulfilled; the first to reach the target wins at once",
    "customers (VP)": "the points printed on the customers served",
    "money": "1 point per coin left",
    "most orders": "5 points to whoever served the most customers (ties: each)",
    "most diverse recipes": "5 points to whoever served the most different teas (ties: each)",
    "tickets": "1 tip per ticket kept at the end of the pick-up phase",
    "level": "tips of that level's delivery: each dabba earns its colour's track value",
    "order": "what that order card paid",
    "empty dabbas": "2 tips less for every empty dabba delivered",
    "chai tiles": "2 tips per chai tile left unused (or an order card's own rule)",
}
"""What each breakdown row counts, by its source (a numbered `level 7` or `order 2` by its first word)."""
BAR = 24


def winners_line(names: list[str], result: Result) -> str:
    won = [names[i] for i in result.winners]
    if not won:
        return "Nobody wins."
    return f"Winner: {won[0]}" if len(won) == 1 else f"Shared win: {join_names(won)}"


def scores_line(names: list[str], result: Result) -> str:
    """Every total at a glance, best first (the table below may need scrolling at 80x24)."""
    order = sorted(range(len(names)), key=lambda i: -result.scores[i])
    return "   ".join(f"{names[i]} {result.scores[i]}" for i in order)


class ResultsScreen(Guarded, AppScreen[None]):
    """Opens after a game: its keys are ones no Chai Wallah zone uses (n, b, m, o for the log: `l` is
    zone 3's milk key), so a key meant for the game cannot start a rematch, leave or cover the
    results; it also ignores keys for its first moments (keygate)."""

    SUB_TITLE = "Results"
    AUTO_FOCUS = "#scores"
    BINDINGS = [
        Binding("n", "next_game", "Next game", id="next_game"),
        Binding("n", "rematch", "Rematch", id="rematch"),
        Binding("b", "best_of_three", "Match of 3", id="best_of_three"),
        Binding("w", "watch", "Watch replay", id="watch"),
        Binding("m", "menu", "Menu", id="menu"),
        Binding("escape", "back", "Menu", show=False),
        Binding("o", "log", "Log", id="log"),
        Binding("t", "try_again", "Try again", id="try_again"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(
        self,
        controller: Controller,
        *,
        match: Match | None = None,
        next_game: str | None = None,
        replay: Record | None = None,
    ) -> None:
        """`match`: the match this game was part of, with this game counted; `next_game`: the save of
        the match's next game (already on disk, so Continue finds it too), None when the match is over."""
        super().__init__()
        self.controller = controller
        self.match = match
        self.next_game = next_game
        self.replay = replay  # shown again from History: `w` watches this record's replay, Esc goes back
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
            with Horizontal(id="results-body"):
                yield self.scores_table(names)
                with Vertical(id="results-side"):
                    yield Static(self.standings(names), id="standings")
                    yield Static(self.explained(), id="explained")
            if self.result.note:
                yield Static(self.result.note, id="note", markup=False)
            if self.controller.hints_on:
                used = self.controller.hints_used()
                yield Static(f"{used} hint{'s' if used != 1 else ''} used", id="hints-used", markup=False)
            if self.match is not None:
                yield Static(Text(self.match_text(names)), id="match")
            if self.controller.save_problem:
                yield Static(self.save_failed(), id="save-failed", classes="hint", markup=False)
            yield Static(self.hint(), classes="hint")
        yield Footer()

    def save_failed(self) -> str:
        """The game's end did not reach History (a full or read-only disk): say so, and how to try again."""
        problem = self.controller.save_problem
        return f"! The end of this game was not saved ({problem}).  t: try again" if problem else ""

    def action_try_again(self) -> None:
        self.controller.save()
        for line in self.query("#save-failed").results(Static):
            line.update(self.save_failed())
            line.display = bool(self.controller.save_problem)
        self.refresh_bindings()
        if not self.controller.save_problem:
            self.notify("The game is saved in History.", markup=False)

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width >= ROOMY_WIDTH and event.size.height >= ROOMY_HEIGHT, "roomy")

    def standings(self, names: list[str]) -> Text:
        """The totals as bars, best first, with places (a shared place for equal totals)."""
        scores, winners = self.result.scores, self.result.winners

        def rank(i: int) -> tuple[bool, int]:  # a tie-break winner stands above an equal total
            return (i in winners, scores[i])

        order = sorted(range(len(names)), key=rank, reverse=True)
        top = max(max(scores), 1)
        width = max(len(n) for n in names)
        text = Text("Standings\n", style="bold")
        for i in order:
            place = 1 + sum(rank(j) > rank(i) for j in order)
            mark = "*" if i in winners else " "
            text.append(f"{place:>2} {mark}{names[i]:<{width}} ", style="bold" if mark == "*" else "")
            text.append("█" * round(BAR * max(scores[i], 0) / top))
            text.append(f" {scores[i]}\n")
        text.rstrip()
        return text

    def explained(self) -> Text:
        """What each row of the table counts, so a newcomer reads the breakdown without the rules."""
        text = Text("How the scores were made\n", style="bold")
        seen: set[str] = set()
        for row in self.result.breakdown:
            key = row.source if row.source in SOURCE_HELP else row.source.split(" ")[0]
            if key in seen or key not in SOURCE_HELP:
                continue
            seen.add(key)
            label = {"level": "level N", "order": "order N"}.get(key, key)
            text.append(f"{label}: ", style="bold")
            text.append(SOURCE_HELP[key] + "\n")
        text.rstrip()
        return text

    def scores_table(self, names: list[str]) -> DataTable[Text]:
        """Each source of points per seat, the totals, then the counts behind awards and tie-breaks
        (filled before it is mounted, so a screen closed at once never looks for it)."""
        table: DataTable[Text] = DataTable(id="scores", cursor_type="row", zebra_stripes=True)
        table.add_column("", key="source")
        for i, name in enumerate(names):
            mark = "*" if i in self.result.winners else " "
            table.add_column(Text(f"{mark}{name}"), key=f"seat{i}")
        for row in self.result.breakdown:
            table.add_row(Text(row.source), *(Text(str(v)) for v in row.values))
        table.add_row(Text("Total", style="bold"), *(Text(str(v), style="bold") for v in self.result.scores))
        for key, values in self.result.details.items():  # the counts behind awards and tie-breaks
            if key in DETAIL_LABELS and isinstance(values, list | tuple) and len(values) == len(names):
                label = Text(DETAIL_LABELS.get(key, key), style="italic")
                table.add_row(label, *(Text(str(v), style="italic") for v in values))
        return table

    def match_text(self, names: list[str]) -> str:
        """The match standing after this game, and the match result after its last game."""
        m = self.match
        assert m is not None
        what = "game wins" if m.scoring == "wins" else "total score"
        lines = [m.heading(), f"Standing ({what}): {m.standing_line(names)}"]
        if m.over:
            lines.append(m.result_line(names))
        return "\n".join(lines)

    def hint(self) -> str:
        if self.replay:
            return "* marks a winner.  w: watch the replay   n: rematch with the same seats   m: menu"
        if self.next_game is not None:
            return "* marks a winner.  n: next game of the match   m: menu (the match is saved)"
        if self.match is not None:
            return "* marks a winner.  n: a new match with the same seats   m: menu"
        return "* marks a winner.  n: rematch with the same seats   b: a match of 3   m: menu"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Mid-match the only way on is the next game; `b` starts a match after a single game."""
        if action == "next_game":
            return self.next_game is not None
        if action == "rematch":
            return self.next_game is None
        if action == "best_of_three":
            return self.match is None
        if action in ("watch", "back"):  # Esc leaves only results shown again from History
            return self.replay is not None
        if action == "try_again":
            return bool(self.controller.save_problem)
        return True

    def action_next_game(self) -> None:
        if self.next_game is not None:
            self.app.resume_game(self.next_game)

    def action_rematch(self) -> None:
        """The same seats again: a single game, or after a match a new match of as many games."""
        self.app.rematch(self.controller, self.match.games if self.match is not None else 1)

    def action_best_of_three(self) -> None:
        self.app.rematch(self.controller, 3)

    def action_watch(self) -> None:
        if self.replay is not None:
            self.app.watch_replay(self.replay)

    def action_back(self) -> None:
        """Esc: back to History (after a game, Esc does nothing here: the menu is a deliberate `m`)."""
        self.app.pop_screen()

    def action_menu(self) -> None:
        """The menu; with the game's end unsaved, the save-failed choice first (try again, lose it, stay)."""
        if not self.controller.save_problem:
            self.app.call_later(self.app.back_to_menu)
            return
        from .confirm import SaveFailedScreen

        def chosen(choice: str | None) -> None:
            if choice == "retry":
                self.action_try_again()
                if not self.controller.save_problem:
                    self.app.call_later(self.app.back_to_menu)
            elif choice == "lose":
                self.app.call_later(self.app.back_to_menu)

        self.app.push_screen(SaveFailedScreen(self.controller.save_problem, self.controller.unsaved_moves()), chosen)

    def action_log(self) -> None:
        from .pause import LogScreen

        self.app.push_screen(LogScreen(self.controller))
