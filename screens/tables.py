"""Tables over SSH, the app's side: open a table, join one, wait in its lobby.

Only under `chaigames serve`, when the host gave this session its private channel
(`chaigames.play.client.TableClient`, kept by the app as `app.tables`). The app never says
who it is: the host knows. These screens send the wire's messages and draw what comes back; the
game itself then runs on a `TableController` (the frame's `play_table`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from chaigames.engine import GameConfig
from chaigames.engine.words import join_names
from chaigames.play import wire

from .base import AppScreen
from .setup import SetupScreen
from .widgets import Footer, TitleBar

PAUSES_EACH = 3  # asked of the table; the host's --pause-limit is the most it allows


def table_line(table: dict[str, Any], mine: bool = False) -> Text:
    """One open table in a list: code, game, owner, who sits there and whether it has begun."""
    state = "finished" if table["finished"] else "playing" if table["started"] else "waiting to start"
    free = table["free"]
    seats = f"{free} seat{'s' if free != 1 else ''} free" if free else "full"
    line = Text()
    line.append(f"{table['code']}  ", style="bold")
    line.append(f"{table['title']}, {table['owner']}'s table: {seats}, {state}")
    if table["spectators"]:
        line.append(f", {table['spectators']} watching")
    if mine:
        line.append("  (your seat)", style="bold")
    if table["people"]:
        line.append(f"\n      {join_names(list(table['people']))}")
    return line


def join_as(table: dict[str, Any] | None, *, mine: bool, seat_code: str | None) -> str:
    """Sit down at a table that has a free seat (or your own seat); watch one that started or is full."""
    if mine or seat_code or table is None:
        return "person"
    return "spectator" if table["started"] or table["finished"] or table["free"] <= 0 else "person"


class OpenTableScreen(SetupScreen):
    """Open a table: the setup screen's game, seats and options; person or bot (and its level) per seat.

    No take-backs (no undo at a table), no match and no start player: a table plays single games,
    and a rematch starts the next at the same table."""

    HEADING = "Open a table"
    HUMAN_LABEL = "Person"
    START = "Open the table"  # its lobby opens; the owner starts the game from there
    BINDINGS = [Binding("ctrl+s", "start", "Open the table", id="start")]
    HIDDEN_FIELDS = frozenset({"takebacks", "match", "start-player"})
    OWN_SEAT_NAMED = True  # your seat takes your name; other people's theirs

    def player(self) -> str | None:
        """Seat 1 is yours, under the name the host knows you by (no bot takes it: `opening_seats`)."""
        return self.app.welcome.get("name") or None

    def check(self, config: GameConfig) -> list[str]:
        """The spec's problems without the one-keyboard limit (each person has their own terminal);
        a person's seat takes the name of whoever sits there, so only bots' names count."""
        named = replace(
            config,
            seats=tuple(s if s.bot else replace(s, name=f"Person {i + 1}") for i, s in enumerate(config.seats)),
        )
        problems = list(self.spec.problems(named))
        if config.seats and config.seats[0].bot is not None:
            problems.insert(0, "seat 1 is yours: it must be a person's seat")
        return problems

    def hints(self) -> bool:
        """Hints chosen: every game at the table offers them (a table plays single games, never a match)."""
        chosen = self.query("#hints")
        return bool(chosen) and chosen.first(Select).value is True

    def begin(self, config: GameConfig, match_games: int) -> None:
        message = wire.open_table(
            self.spec.id,
            dict(config.options),
            [
                {"kind": "person" if s.bot is None else "bot", "level": s.bot, "options": dict(s.options)}
                for s in config.seats
            ],
            PAUSES_EACH,
            names=[None if s.bot is None else s.name for s in config.seats],
            hints=self.hints(),
        )
        self.app.open_table(message)


class JoinTableScreen(AppScreen[None]):
    """Type a table's code, or pick one of the open tables; under --open, a seat code takes a seat back."""

    SUB_TITLE = "Join a table"
    AUTO_FOCUS = "#code"  # not looked up once mounted: a form left the moment it opens never looks for it

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="back"),
        Binding("f5", "reload", "Refresh", id="reload"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, code: str = "") -> None:
        super().__init__()
        self.code = code
        self.tables: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        keyed = self.app.welcome.get("keyed", True)
        yield TitleBar(self.sub_title)
        with Vertical(id="join"):
            with Horizontal(classes="field"):
                yield Label("Table code", classes="field-label")
                yield Input(self.code, id="code", max_length=4, placeholder="K7QD", compact=True)
            if not keyed:
                with Horizontal(classes="field"):
                    yield Label("Seat code", classes="field-label")
                    yield Input(id="seat-code", max_length=8, placeholder="only to take your seat back", compact=True)
            yield Static("Open tables on this host", classes="heading")
            yield OptionList(id="tables")
            yield Static(
                "Enter joins. A table that has started or is full is watched, not joined.", classes="hint", id="hint"
            )
        yield Footer()

    def on_mount(self) -> None:
        self.action_reload()

    def action_reload(self) -> None:
        self.run_worker(self._reload(), exclusive=True, group="list")

    async def _reload(self) -> None:
        client = self.app.tables
        if client is None:
            return
        try:
            self.tables = (await client.request(wire.list_tables(), {"tables"}, timeout=10))["tables"]
        except Exception as exc:  # the host went away: say so, stay here
            self.notify(f"Cannot list the tables: {exc}", severity="warning", markup=False)
            return
        mine = {t["code"] for t in self.app.welcome.get("mine", [])}
        found = self.query("#tables")
        if not found:
            return  # gone while the host was asked (the app quit, the form was left): nothing to fill
        options = found.first(OptionList)
        options.clear_options()
        for table in self.tables:
            options.add_option(Option(table_line(table, table["code"] in mine), id=table["code"]))
        if not self.tables:
            options.add_option(Option("(no open tables: open one from the menu)", disabled=True))

    def _seat_code(self) -> str | None:
        found = self.query("#seat-code")
        value = found.first(Input).value.strip().upper() if found else ""
        return value or None

    def join(self, code: str) -> None:
        code = code.strip().upper()
        if not code:
            self.notify("Type the table's code, or pick a table below.", severity="warning")
            return
        table = next((t for t in self.tables if t["code"] == code), None)
        mine = any(t["code"] == code for t in self.app.welcome.get("mine", []))
        seat_code = self._seat_code()
        self.app.join_table(code, join_as(table, mine=mine, seat_code=seat_code), seat_code)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.join(self.query_one("#code", Input).value)

    @on(OptionList.OptionSelected, "#tables")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.query_one("#code", Input).value = event.option.id
            self.join(event.option.id)


def code_box(code: str) -> Text:
    """The table's code, spaced out and bold, to read out to friends."""
    return Text("  ".join(code), style="bold")


class LobbyScreen(AppScreen[None]):
    """A table before its game: the code big and clear, who has joined, Start for the owner."""

    SUB_TITLE = "Table"

    BINDINGS = [
        Binding("s", "start", "Start", id="start"),
        Binding("b", "to_bot", "Seat to a bot", id="to-bot"),
        Binding("escape", "leave", "Leave table", id="leave"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, joined: dict[str, Any]) -> None:
        super().__init__()
        self.joined = joined
        self.lobby: dict[str, Any] | None = None

    @property
    def owner(self) -> bool:
        return bool(self.joined.get("owner"))

    def compose(self) -> ComposeResult:
        yield TitleBar(f"Table {self.joined['code']}")
        with Vertical(id="lobby"):
            yield Static(Text("Table code", style="bold"), classes="heading")
            yield Static(code_box(self.joined["code"]), id="table-code")
            yield self._seat_code_line()
            yield Static(id="lobby-game", classes="heading")
            yield OptionList(id="lobby-seats")
            yield Static(id="lobby-hint", classes="hint")
        yield Footer()

    def _seat_code_line(self) -> Static:
        """The private seat code (under --open), shown only to whoever holds it."""
        seat_code = self.joined.get("seat_code")
        line = Static(
            Text(
                f"Your seat code: {seat_code}  (keep it to yourself: it takes your seat back if you drop)",
                style="bold",
            )
            if seat_code
            else "",
            id="seat-code",
            classes="hint",
        )
        line.display = bool(seat_code)
        return line

    def on_mount(self) -> None:
        if not self.query("#lobby-seats"):
            return  # gone before its widgets were mounted (the app quit, the table was left): nothing to fill
        client = self.app.tables
        assert client is not None  # the lobby opens once the app has sat down at a table through its client
        client.on("lobby", self.lobby_changed)
        client.on("update", self.game_began)
        if "lobby" in client.last:
            self.lobby_changed(client.last["lobby"])
        self.query_one("#lobby-seats", OptionList).focus()
        if "update" in client.last:
            self.game_began(client.last["update"])

    def on_unmount(self) -> None:
        client = self.app.tables
        if client is not None:
            client.off("lobby", self.lobby_changed)
            client.off("update", self.game_began)

    def lobby_changed(self, lobby: dict[str, Any]) -> None:
        if lobby.get("code") != self.joined["code"]:
            return
        self.lobby = lobby
        hints = " (hints on: ! shows the expert's move)" if lobby.get("hints") else ""
        self.query_one("#lobby-game", Static).update(Text(f"{lobby['title']}: who sits where{hints}"))
        seats = self.query_one("#lobby-seats", OptionList)
        keep = seats.highlighted
        seats.clear_options()
        for i, seat in enumerate(lobby["seats"]):
            seats.add_option(Option(self.seat_line(i, seat), id=str(i)))
        if seats.option_count:
            seats.highlighted = min(keep or 0, seats.option_count - 1)
        waiting = sum(1 for s in lobby["seats"] if s["kind"] == "person" and not s["present"])
        if self.owner:
            hint = "s starts the game" + (
                f" (with {waiting} empty seat{'s' if waiting != 1 else ''}: b hands one to a bot)" if waiting else ""
            )
        else:
            hint = "Waiting for the owner to start the game"
        self.query_one("#lobby-hint", Static).update(Text(f"{hint}. Esc leaves the table."))
        self.refresh_bindings()

    def seat_line(self, i: int, seat: dict[str, Any]) -> Text:
        line = Text(f"{i + 1}. ")
        you = self.joined.get("seat") == i
        if seat["kind"] == "bot":
            line.append(f"{seat['name']} (bot, {seat['level']})")
        elif seat["present"] or seat["name"]:
            line.append(seat["name"] or "?", style="bold" if you else "")
            if not seat["present"]:
                line.append(" (away)")
        else:
            line.append("(free: a person's seat)", style="dim")
        if seat.get("owner"):
            line.append("  owner")
        if you:
            line.append("  you", style="bold")
        return line

    def _highlighted_seat(self) -> int | None:
        index = self.query_one("#lobby-seats", OptionList).highlighted
        return index if self.lobby is not None and index is not None and index < len(self.lobby["seats"]) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.owner and self.lobby is not None
        if action == "to_bot":
            seat = self._highlighted_seat()
            if not self.owner or seat is None or self.lobby is None:
                return False
            s = self.lobby["seats"][seat]
            return s["kind"] == "person" and not s["present"]
        return True

    @on(OptionList.OptionHighlighted)
    def _moved(self) -> None:
        self.refresh_bindings()

    def action_start(self) -> None:
        self._send(wire.start())

    def action_to_bot(self) -> None:
        seat = self._highlighted_seat()
        if seat is not None:
            self._send(wire.to_bot(seat, "normal"))

    def action_leave(self) -> None:
        self.app.leave_table()

    def _send(self, msg: dict[str, Any]) -> None:
        client = self.app.tables
        if client is None:  # the table host went away: the app is on its way back to the menu
            return
        try:
            client.send(msg)
        except ConnectionError as exc:
            self.notify(str(exc), severity="error", markup=False)

    def game_began(self, update: dict[str, Any]) -> None:
        """The first snapshot of the game (or of a game already under way): play it (once: the game's
        controller takes the updates from here)."""
        client = self.app.tables
        if client is not None:
            client.off("update", self.game_began)
        self.app.play_table(self.joined, update)
