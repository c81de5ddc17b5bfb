"""The chaigames Textual application: the frame every game screen lives in.

Screens stack as: main menu -> (setup | continue | rules) -> game screen -> results, with the
curtain, countdown, pause menu, log and keys screens pushed on top of a game as needed. The
frame is game-agnostic: a game's screen comes from `game_screens.screen_class_for`.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable
from typing import Any

from textual.app import App, SystemCommand
from textual.screen import Screen

from chaigames.engine import ConfigError, GameConfig, GameSpec, IllegalAction, RecordError, Session
from chaigames.saves import SaveStore

from . import palette
from .controller import GameController
from .curtain import CountdownScreen, CurtainScreen
from .game_base import GameScreen
from .game_screens import screen_class_for
from .keys import KeysScreen, key_lines, reading_the_screen
from .library import Library, extra_from_env
from .menu import ContinueScreen, MainMenu
from .pause import LogScreen, PauseMenu
from .results import ResultsScreen
from .rules import RulesIndex, RulesScreen
from .setup import SetupScreen, new_seed

NewGame = tuple[str, GameConfig, int]


class ChaiGamesApp(App[None]):
    TITLE = "chaigames"
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = True

    def __init__(
        self,
        *,
        games: Iterable[GameSpec] = (),
        registry: bool = True,
        new_game: NewGame | None = None,
        store: SaveStore | None = None,
        bot_delay: float = 0.6,
        countdown: int = 3,
        clock_source: Callable[[], float] = time.monotonic,
    ) -> None:
        """`games` adds specs to the registry's (tests: the toy game); `new_game` skips the menu
        (`chaigames new`); `bot_delay` is the visible pause before each bot move; `countdown` the
        seconds of the real-time 3-2-1; `clock_source` the real-time clock's time source (tests fake it)."""
        super().__init__()
        self.library = Library([*extra_from_env(), *games], registry=registry)
        self.store = store if store is not None else SaveStore()
        self.new_game_request = new_game
        self.bot_delay = bot_delay
        self.countdown = countdown
        self.clock_source = clock_source
        self.controller: GameController | None = None
        # Under `chaigames serve` (issue #8) the app runs on someone else's machine: it offers no
        # command that writes files there and opens no browser.
        self.served = os.environ.get("CHAIGAMES_SERVED") == "1"

    async def on_mount(self) -> None:
        await self.push_screen(MainMenu())
        if self.new_game_request is not None:
            game_id, config, seed = self.new_game_request
            self.start_game(self.library.get(game_id), config, seed)

    def get_css_variables(self) -> dict[str, str]:
        """The theme's variables plus the game palette (`$dw-y`, `$zone-1`, `$focus-field`...)."""
        return {**super().get_css_variables(), **palette.css_variables()}

    # -- navigation ----------------------------------------------------------------------------------
    def has_saves(self) -> bool:
        return self.store.has_files()

    async def back_to_menu(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MainMenu):
            await self.pop_screen()
        if not isinstance(self.screen, MainMenu):
            await self.push_screen(MainMenu())
        else:
            self.screen.reload()

    def open_setup(self, game_id: str | None) -> None:
        specs = self.library.available()
        if not specs:
            self.notify("No game is built yet.", severity="warning")
            return
        self.push_screen(SetupScreen(specs, game_id))

    def open_continue(self) -> None:
        saves = self.store.list_saves(self.library.get)
        for info in saves:
            if info.moved_aside:
                self.notify(f"{info.path.name}: {info.problem}", severity="warning", timeout=8)
        self.push_screen(ContinueScreen(saves))

    def open_rules(self, game_id: str | None, callback: Any = None) -> None:
        self.push_screen(RulesIndex() if game_id is None else RulesScreen(game_id), callback)

    def action_keys(self) -> None:
        """`?`: the keys of the current screen."""
        screen = self.screen
        if isinstance(screen, KeysScreen):
            return
        reading = reading_the_screen(screen.controller.spec.rules_markdown) if isinstance(screen, GameScreen) else ""
        self.push_screen(KeysScreen(key_lines(screen), screen.sub_title or screen.title or "this screen", reading))

    # -- games ---------------------------------------------------------------------------------------
    def start_game(self, spec: GameSpec, config: GameConfig, seed: int) -> None:
        """A new game: validated, saved at once, then shown."""
        try:
            session = Session(spec, config, seed)
        except ConfigError as exc:
            self.notify(str(exc), severity="error")
            return
        save_id = self.store.new_id(spec.id)
        self.store.save(session, save_id)
        self.call_later(self._open_game, session, save_id)

    def resume_game(self, save_id: str) -> None:
        try:
            session = self.store.load(save_id, self.library.get)
        except (RecordError, LookupError) as exc:
            self.notify(f"Cannot resume: {exc}", severity="error")
            return
        self.call_later(self._open_game, session, save_id)

    async def _open_game(self, session: Session, save_id: str) -> None:
        await self.back_to_menu()
        controller = GameController(self, session, save_id)
        screen = screen_class_for(session.spec.id)(controller)
        controller.attach(screen)
        self.controller = controller
        await self.push_screen(screen)
        controller.start()

    def rematch(self, controller: GameController) -> None:
        """The same seats and options, a fresh seed."""
        self.start_game(controller.spec, controller.config, new_seed())

    def undo(self, controller: GameController) -> None:
        try:
            controller.undo()
        except IllegalAction as exc:
            self.notify(str(exc), severity="warning")

    def open_pause(self, controller: GameController) -> None:
        controller.pause()
        self.push_screen(PauseMenu(controller), lambda choice: self._paused(controller, choice))

    def _paused(self, controller: GameController, choice: str | None) -> None:
        if choice == "rules":
            self.push_screen(RulesScreen(controller.spec.id), lambda _: self.open_pause_again(controller))
        elif choice == "log":
            self.push_screen(LogScreen(controller), lambda _: self.open_pause_again(controller))
        elif choice == "undo":
            self.undo(controller)
            controller.resume()
        elif choice == "quit":
            controller.save()
            self.call_later(self.back_to_menu)
        else:
            controller.resume()

    def open_pause_again(self, controller: GameController) -> None:
        self.push_screen(PauseMenu(controller), lambda choice: self._paused(controller, choice))

    # -- what the controller asks of the frame -------------------------------------------------------
    def show_curtain(self, controller: GameController, seat: int) -> None:
        self.push_screen(CurtainScreen(seat, controller.name(seat)), lambda s: controller.curtain_lifted(seat))

    def show_countdown(self, controller: GameController) -> None:
        if self.countdown <= 0:
            controller.countdown_done()
            return
        self.push_screen(CountdownScreen(self.countdown), lambda _: controller.countdown_done())

    def think(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """A bot's choose() in a worker thread, so the screen stays live while it thinks."""

        def run() -> None:
            try:
                result = work()
            except Exception as exc:  # handed to the controller, which plays a legal move instead
                result = exc
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                self.call_from_thread(done, result)

        self.run_worker(run, thread=True, group="bots", exit_on_error=False)

    def show_results(self, controller: GameController) -> None:
        self.call_later(self._results, controller)

    async def _results(self, controller: GameController) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, GameScreen | MainMenu):
            await self.pop_screen()
        if isinstance(self.screen, GameScreen):
            await self.switch_screen(ResultsScreen(controller))
        else:
            await self.push_screen(ResultsScreen(controller))

    # -- command palette -----------------------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if not (self.served and command.title == "Screenshot"):
                yield command
        if isinstance(screen, GameScreen):
            c = screen.controller
            yield SystemCommand("Pause menu", "Pause the game (Esc)", lambda: self.open_pause(c))
            yield SystemCommand("Game log", "Every event of this game in words", lambda: self.push_screen(LogScreen(c)))
            yield SystemCommand("Rules of this game", c.spec.title, lambda: self.open_rules(c.spec.id))
            if c.can_undo():
                yield SystemCommand("Undo", "Take back your last move", lambda: self.undo(c))
            yield SystemCommand("Save and quit to the menu", "The game is saved", lambda: self._paused(c, "quit"))
            return
        if isinstance(screen, MainMenu | ResultsScreen | RulesIndex | RulesScreen | ContinueScreen):
            if self.has_saves():
                yield SystemCommand("Continue", "Resume a saved game", self.open_continue)
            yield SystemCommand("New game", "Set up a new game", lambda: self.open_setup(None))
            yield SystemCommand("Rules", "Read a game's rules", lambda: self.open_rules(None))
            yield SystemCommand("Main menu", "Back to the main menu", lambda: self.call_later(self.back_to_menu))

    # -- what a served app must not do ----------------------------------------------------------------
    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        if self.served:
            self.notify("Screenshots are not available over SSH")
            return
        super().action_screenshot(filename, path)

    def save_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str:
        if self.served:
            raise PermissionError("screenshots are not written on a game host")
        return super().save_screenshot(filename, path, time_format)

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        if self.served:
            self.notify("Screenshots are not available over SSH")
            return None
        return super().deliver_screenshot(filename, path, time_format)

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        if self.served:
            self.notify(url, title="Link (open it on your own computer)")
            return
        super().open_url(url, new_tab=new_tab)


def run_app(new_game: NewGame | None = None, games: Iterable[GameSpec] = ()) -> None:
    """Run the app in this terminal; `new_game` = (game id, config, seed) skips the menu."""
    ChaiGamesApp(new_game=new_game, games=games).run()
