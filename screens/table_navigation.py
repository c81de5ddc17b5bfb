"""The app's way around tables over SSH: the channel to the host's tables, opening and joining one,
its lobby, its game on a `TableController`, and leaving it.

Mixed into `ChaiGamesApp` (screens/app.py); the app sets up `tables`, `welcome` and `table` and
calls `_connect_tables` once mounted. Only a session under `chaigames serve` has a channel, so
elsewhere none of this ever runs.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeGuard

from textual.app import App, SystemCommand

from chaigames.play import wire
from chaigames.play.client import Refused, TableClient, host_fd

from .menu import MainMenu

if TYPE_CHECKING:
    from chaigames.play.library import Library
    from chaigames.play.table_controller import TableController


def at_table(controller: object) -> TypeGuard[TableController]:
    """Is this a table's controller? (`chaigames.play.table_controller` loads only when someone sits down at a
    table, so before that no controller can be one: the start stays light.)"""
    module = sys.modules.get("chaigames.play.table_controller")
    return module is not None and isinstance(controller, module.TableController)


class TableNavigation(App[None]):
    """Tables over SSH, as the app's screens reach them."""

    tables: TableClient | None  # the private channel the host gave this session, if any
    welcome: dict[str, Any]  # the host's `welcome`: our name, keyed or not, our tables
    table: dict[str, Any] | None  # the `joined` of the table we sit at
    served: bool
    library: Library
    controller: Any

    async def back_to_menu(self) -> None:
        """Close everything above the main menu (the app's own)."""
        raise NotImplementedError

    def show_results(self, controller: Any) -> None:
        """A game's results (the app's own: the frame every controller reports to)."""
        raise NotImplementedError

    def think(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Work off the UI thread, its answer back on it (the app's own: a table seat's hint)."""
        raise NotImplementedError

    async def _connect_tables(self) -> None:
        """Under `serve`, the channel to the host's tables: the menu then offers to open or join one."""
        fd = host_fd() if self.served else None
        if fd is None:
            return
        try:
            client = await TableClient.connect(fd)
            self.welcome = await client.request(wire.hello(), {"welcome"}, timeout=10)
        except (OSError, ConnectionError, TimeoutError, Refused):
            return  # no tables this session; everything else works as before
        self.tables = client
        self._listen_tables()

    def _listen_tables(self) -> None:
        """The frame's own handlers for table news (a game's TableController has its own while it plays)."""
        if self.tables is not None:
            self.tables.on("closed", self._table_closed)
            self.tables.on("taken_over", self._table_taken_over)
            self.tables.on("refused", self._table_refused)

    async def refresh_welcome(self) -> None:
        """Ask the host again which tables hold a seat of ours ("Back to your table")."""
        if self.tables is None or self.tables.closed:
            return
        with contextlib.suppress(OSError, ConnectionError, TimeoutError, Refused):
            self.welcome = await self.tables.request(wire.hello(), {"welcome"}, timeout=10)

    def open_table_setup(self, game_id: str | None = None) -> None:
        specs = self.library.available()
        if self.tables is not None and specs:
            from .tables import OpenTableScreen

            self.push_screen(OpenTableScreen(specs, game_id))

    def open_join(self, code: str = "") -> None:
        if self.tables is not None:
            from .tables import JoinTableScreen

            self.push_screen(JoinTableScreen(code))

    def back_to_table(self) -> None:
        """Our one table: straight back to our seat (with keys). Several, or a seat code to type: the list."""
        mine = self.welcome.get("mine", [])
        if len(mine) == 1 and self.welcome.get("keyed"):
            self.join_table(mine[0]["code"], "person", None)
        else:
            self.open_join(mine[0]["code"] if len(mine) == 1 else "")

    def open_table(self, message: dict[str, Any]) -> None:
        self.run_worker(self._sit_down(message), group="tables", exclusive=True)

    def join_table(self, code: str, as_: str, seat_code: str | None) -> None:
        self.run_worker(self._sit_down(wire.join(code, as_, seat_code)), group="tables", exclusive=True)

    async def _sit_down(self, message: dict[str, Any]) -> None:
        """Open or join: wait for `joined`, then the table's lobby (which turns into its game)."""
        client = self.tables
        if client is None:
            return
        for old in ("lobby", "update", "joined"):
            client.last.pop(old, None)  # what is drawn next must be this table's
        try:
            joined = await client.request(message, {"joined"}, timeout=30)
        except Refused as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        except (ConnectionError, TimeoutError) as exc:
            self.notify(f"The table did not answer: {exc or 'no answer'}", severity="error", markup=False)
            return
        self.table = joined
        from .tables import JoinTableScreen, LobbyScreen, OpenTableScreen

        if isinstance(self.screen, OpenTableScreen | JoinTableScreen):
            await self.switch_screen(LobbyScreen(joined))  # not through the menu, whose key guard would hold
        else:
            await self.back_to_menu()
            await self.push_screen(LobbyScreen(joined))

    def play_table(self, joined: dict[str, Any], update: dict[str, Any]) -> None:
        """The table's game began (or was under way when we sat down): its screen, on a TableController."""
        self.call_later(self._play_table, joined, update)

    async def _play_table(self, joined: dict[str, Any], update: dict[str, Any]) -> None:
        client = self.tables
        if client is None or self.table is not joined or at_table(self.controller):
            return  # left meanwhile, or already playing
        lobby = client.last.get("lobby") or {}
        try:
            spec = self.library.get(str(lobby.get("game", "")))
        except LookupError:
            self.notify("This table plays a game this app does not have.", severity="error")
            self.leave_table()
            return
        from chaigames.play.table_controller import TableController

        await self.open_table_game(TableController(self, client, spec, joined.get("seat")))

    def leave_table(self) -> None:
        """Leave the table for the menu (a seated person keeps their seat; in the lobby it is freed)."""
        if self.tables is not None and self.table is not None and not at_table(self.controller):
            with contextlib.suppress(ConnectionError):
                self.tables.send(wire.leave())  # a game's controller says so itself when it stops
        self.table = None
        self.call_later(self._menu_after_table)

    async def _menu_after_table(self, note: str | None = None) -> None:
        await self.back_to_menu()
        await self.refresh_welcome()
        if isinstance(self.screen, MainMenu):
            self.screen.reload()
        if note:
            self.notify(note, severity="warning", timeout=10, markup=False)

    def _table_closed(self, msg: dict[str, Any]) -> None:
        if self.table is not None:
            self.table = None
            self.call_later(self._menu_after_table, f"{msg.get('reason') or 'The table has closed.'}")
        if self.tables is not None and self.tables.closed:
            self.tables = None  # the host went away: no tables this session

    def _table_taken_over(self, msg: dict[str, Any]) -> None:
        if self.table is not None:
            self.table = None
            self.call_later(self._menu_after_table, "You sat down at this table from another login: you are there now.")

    def _table_commands(self, controller: TableController) -> Iterable[SystemCommand]:
        """The owner may hand an away person's seat to a bot during the game, too."""
        client = self.tables
        if not (self.table or {}).get("owner") or client is None:
            return
        for seat in client.last.get("update", {}).get("away", []):  # the table's word, not the game's
            name = controller.name(seat)
            yield SystemCommand(
                f"Hand {name}'s seat to a bot",
                f"{name} is away; a normal bot plays their seat from now on",
                lambda seat=seat: client.send(wire.to_bot(seat, "normal")),
            )

    def _table_refused(self, msg: dict[str, Any]) -> None:
        self.notify(msg.get("reason") or "Refused.", severity="warning", markup=False)

    # -- a table's game ---------------------------------------------------------------------------------
    async def open_table_game(self, controller: TableController) -> None:
        """Show a table's game: its screen on top of the lobby (a rematch replaces the results)."""
        from .game_base import GameScreen
        from .game_screens import screen_class_for
        from .pause import PauseMenu
        from .results import ResultsScreen

        while len(self.screen_stack) > 1 and isinstance(self.screen, GameScreen | ResultsScreen | PauseMenu):
            await self.pop_screen()
        screen = screen_class_for(controller.game_id)(controller)
        controller.attach(screen)
        self.controller = controller
        await self.push_screen(screen)
        controller.start()

    def table_left(self, controller: TableController, reason: str) -> None:
        """The table went away for this session (a second login took the seat, the table closed)."""
        if self.controller is controller:
            self.table = None
            self.call_later(self._menu_after_table, reason)
        else:
            self.notify(reason, severity="warning", markup=False)
