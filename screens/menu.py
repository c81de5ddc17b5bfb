"""The main menu and the Continue list."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from chaigames.games import info as catalogue_info
from chaigames.saves import SaveInfo

from .base import AppScreen
from .keygate import Guarded
from .pictures import picture
from .widgets import Footer, TitleBar


def game_line(gid: str, title: str, seats: str, blurb: str, built: bool) -> Text:
    """A game on the menu: its picture beside its name and players, what it is, and how long it takes."""
    try:
        length = catalogue_info(gid).length
    except KeyError:  # a game from outside the catalogue
        length = ""
    words = [
        Text.assemble((title, "bold"), f" ({seats} players)", "" if built else " (not built yet)"),
        Text(blurb),
        Text(f"A game takes {length}." if length else "", style="dim"),
    ]
    return Text("\n").join(pic + Text("  ") + line for pic, line in zip(picture(gid), words, strict=True))


class MainMenu(Guarded, AppScreen[None]):
    """Continue (when a saved game exists), New game, Rules, Quit; then the games, one line each."""

    SUB_TITLE = "Menu"

    BINDINGS = [
        Binding("c", "continue", "Continue", id="continue"),
        Binding("n", "new", "New game", id="new"),
        Binding("r", "rules", "Rules", id="rules"),
        Binding("h", "history", "History", id="history"),
        Binding("o", "open_table", "Open a table", id="open-table"),
        Binding("j", "join_table", "Join a table", id="join-table"),
        Binding("b", "back_to_table", "Back to your table", id="back-to-table"),
        Binding("q", "quit", "Quit", id="quit"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def compose(self) -> ComposeResult:
        yield TitleBar(self.sub_title)
        with Vertical(id="menu"):
            player = self.app.player_name
            if player:  # the web page asked who plays here
                yield Static(Text(f"Playing as {player}"), id="playing-as", classes="hint")
            yield OptionList(id="menu-options")
        yield Footer()

    shown_ids: tuple[str | None, ...] = ()
    """The ids of the lines on the list now (None: the rule between the commands and the games)."""
    shown_before = False
    """Whether the menu has been shown before: the first time, the app has just heard about our tables."""

    def on_screen_resume(self) -> None:
        """Shown (the first time too): its lines as things are now (a save, our tables)."""
        self.reload()
        if self.app.tables is not None and self.shown_before:
            self.run_worker(self._refresh_tables(), exclusive=True, group="welcome")
        self.shown_before = True

    async def _refresh_tables(self) -> None:
        await self.app.refresh_welcome()
        self.reload()

    def reload(self) -> None:
        try:
            options = self.query_one("#menu-options", OptionList)
        except NoMatches:
            return  # not composed yet (the app's first screen, asked early): its on_mount fills it
        lines: list[Option | None] = []  # added at once: each add lays the whole list out again
        if self.app.has_saves():
            lines.append(Option("Continue a saved game   c", id="continue"))
        if self.app.tables is not None:
            if self.app.welcome.get("mine"):
                lines.append(Option("Back to your table      b", id="back-to-table"))
            lines.append(Option("Open a table            o", id="open-table"))
            lines.append(Option("Join a table            j", id="join-table"))
        lines.append(Option("New game                n", id="new"))
        lines.append(Option("Rules                   r", id="rules"))
        lines.append(Option("History                 h", id="history"))
        lines.append(Option("Quit                    q", id="quit"))
        lines.append(None)
        games = self.app.library.catalogue()
        ids = (*(line.id if line is not None else None for line in lines), *(f"game:{gid}" for gid, *_ in games))
        if ids != self.shown_ids:  # the same lines again (back from a game): nothing to lay out again
            for gid, title, seats, blurb, built in games:
                lines.append(Option(game_line(gid, title, seats, blurb, built), id=f"game:{gid}", disabled=not built))
            options.clear_options()
            options.add_options(lines)
            self.shown_ids = ids
        options.highlighted = 0
        options.focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue":
            return self.app.has_saves()
        if action in ("open_table", "join_table"):
            return self.app.tables is not None
        if action == "back_to_table":
            return self.app.tables is not None and bool(self.app.welcome.get("mine"))
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id or ""
        if choice == "continue":
            self.action_continue()
        elif choice == "new":
            self.action_new()
        elif choice == "rules":
            self.action_rules()
        elif choice == "history":
            self.action_history()
        elif choice == "quit":
            self.action_quit()
        elif choice == "open-table":
            self.action_open_table()
        elif choice == "join-table":
            self.action_join_table()
        elif choice == "back-to-table":
            self.action_back_to_table()
        elif choice.startswith("game:"):
            self.app.open_setup(choice.removeprefix("game:"))

    def action_quit(self) -> None:
        """Quitting asks first: `q` is also a Chai Wallah zone's Chai! key."""
        self.app.ask_quit()

    def action_continue(self) -> None:
        self.app.open_continue()

    def action_new(self) -> None:
        """`n`: a new game of the highlighted game, if a game is highlighted (else the first)."""
        option = self.query_one("#menu-options", OptionList).highlighted_option
        gid = option.id if option is not None and option.id else ""
        self.app.open_setup(gid.removeprefix("game:") if gid.startswith("game:") else None)

    def action_open_table(self) -> None:
        """`o`: a table for the highlighted game, if a game is highlighted (else the first), as `n` does."""
        option = self.query_one("#menu-options", OptionList).highlighted_option
        gid = option.id if option is not None and option.id else ""
        self.app.open_table_setup(gid.removeprefix("game:") if gid.startswith("game:") else None)

    def action_join_table(self) -> None:
        self.app.open_join()

    def action_back_to_table(self) -> None:
        self.app.back_to_table()

    def action_rules(self) -> None:
        self.app.open_rules(None)

    def action_history(self) -> None:
        self.app.open_history()


class ContinueScreen(AppScreen[None]):
    """Unfinished games, newest first; files that cannot be resumed are listed with the reason."""

    SUB_TITLE = "Continue"

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="back"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, saves: list[SaveInfo]) -> None:
        super().__init__()
        self.saves = saves

    def compose(self) -> ComposeResult:
        yield TitleBar(self.sub_title)
        with Vertical(id="continue"):
            yield Static("Continue a saved game", classes="heading")
            options = []
            for info in self.saves:
                if info.resumable:
                    options.append(Option(Text(info.label()), id=info.save_id))
                else:
                    options.append(Option(Text(f"! {info.label()}"), id=f"bad:{info.save_id}", disabled=True))
            if not options:
                options.append(Option("(no saved games)", disabled=True))
            yield OptionList(*options, id="saves")
            yield Static("Enter resumes the highlighted game. Esc goes back.", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#saves", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and not event.option.id.startswith("bad:"):
            self.app.resume_game(event.option.id)
